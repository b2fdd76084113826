package ops

import (
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/core/ustorage"
)

// walkElements visits every stored element of custom-format t inside the
// tensor (u its storage), in ustorage.Walk's order: its coordinates (a
// buffer reused between calls) and its slot in u.Values. DIA-I and DIA-J
// storages of whole diagonals are read straight off their diagonals (each
// diagonal's in-matrix run, no per-element level arithmetic); every other
// format by ustorage.Walk.
func walkElements(t *tensor.Tensor, u *tensor.UST, visit func(dim []int64, p int64)) error {
	if walkDIA(t, u, visit) {
		return nil
	}
	return ustorage.Walk(tensor.LevelStructure(t.Dims(), u.Format, u.LevelSizes, u.Pos, u.Crd), u.Values.Numel(), visit)
}

// walkDIA is walkElements of a DIA-I or DIA-J matrix whose values hold one
// run of the level size per diagonal (slot k*size + x: diagonal k's range
// coordinate x, the row for DIA-I, the column for DIA-J); false for any
// other storage.
func walkDIA(t *tensor.Tensor, u *tensor.UST, visit func(dim []int64, p int64)) bool {
	dims := t.Dims()
	if len(dims) != 2 || len(u.LevelSizes) != 2 || len(u.Pos) != 2 {
		return false
	}
	g := tensor.PositionalNames(u.Format)
	byCol := g.Equal(format.DIAJ())
	if !byCol && !g.Equal(format.DIAI()) {
		return false
	}
	size := dims[0]
	if byCol {
		size = dims[1]
	}
	pos, offs := indexValues(u.Pos[0]), indexValues(u.Crd[0])
	if u.LevelSizes[1] != size || len(pos) != 2 || pos[0] != 0 || pos[1] != int64(len(offs)) || u.Values.Numel() != pos[1]*size {
		return false
	}
	var at [2]int64
	for k, off := range offs { // off = j - i
		lo, hi := max(0, -off), min(dims[0], dims[1]-off) // the rows i with 0 <= i + off < cols
		if byCol {
			lo, hi = max(0, off), min(dims[1], dims[0]+off) // the columns j with 0 <= j - off < rows
		}
		base := int64(k) * size
		for x := lo; x < hi; x++ {
			if byCol {
				at[0], at[1] = x-off, x
			} else {
				at[0], at[1] = x, x+off
			}
			visit(at[:], base+x)
		}
	}
	return true
}
