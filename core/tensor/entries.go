package tensor

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
)

// Entries is the format-independent intermediate of the generic conversion
// path: n stored entries, each with coordinates over the k leading dimensions
// and a block of values over the trailing ndim-k dimensions.
type Entries struct {
	K      int
	N      int64
	Coords [][]int64   // coords[d][e]: dimension d's coordinate of entry e
	Src    []int64     // src[e]: which value block of vals entry e owns
	Vals   dtype.Array // flat values, block elements per entry
	Block  int64       // elements per value block
	Dups   bool        // entries may repeat coordinates (uncoalesced COO)
}

// EntriesOf lists the stored entries of a sparse tensor with coordinates over
// the leading k dimensions (k >= ndim - denseDim: dense dims beyond k are split
// into separate entries), by walking its levels. A custom-format tensor of
// a unique format gives its elements straight from its own levels
// (transientCOO), another those of its Named COO tensor.
func EntriesOf(t *Tensor, k int) (*Entries, error) {
	if transientCOO(t) && k == len(t.shape) {
		return t.ust.entries(t)
	}
	t = t.named()
	if t.layout == Strided {
		return denseEntries(t, k)
	}
	kc := len(t.shape) - t.denseDim
	if kc == 0 && t.layout == COO {
		return sparselessEntries(t, k), nil
	}
	nl := coordLevels(t.levels, kc)
	pos := []int64{0}
	coords := make([][]int64, kc)
	for d := range coords {
		coords[d] = []int64{0}
	}
	for li := 0; li < nl; li++ {
		l := &t.levels[li]
		var parent, child, lcs []int64
		switch l.Kind {
		case format.Dense:
			n, ok := errs.MulChecked(int64(len(pos)), l.Size)
			if !ok || errs.CheckAlloc("level walk", n*int64(kc+2), 8) != nil {
				return nil, errs.Errorf(errs.ErrTooLarge, "walking level %d (dense, size %d) of a %s tensor would visit more positions than the memory limit allows", li, l.Size, t.layout)
			}
			parent, child, lcs = make([]int64, 0, n), make([]int64, 0, n), make([]int64, 0, n)
			for i, p := range pos {
				for c := int64(0); c < l.Size; c++ {
					pollAt(len(child))
					parent = append(parent, int64(i))
					child = append(child, p*l.Size+c)
					lcs = append(lcs, c)
				}
			}
		case format.Compressed:
			parent, child, lcs = make([]int64, 0, l.Crd.Numel()), make([]int64, 0, l.Crd.Numel()), make([]int64, 0, l.Crd.Numel())
			for i, p := range pos {
				pollAt(i) // rows without entries cost a turn each
				lo, hi := l.Pos.Index(p), l.Pos.Index(p+1)
				for c := lo; c < hi; c++ {
					pollAt(len(child))
					parent = append(parent, int64(i))
					child = append(child, c)
					lcs = append(lcs, l.Crd.Index(c))
				}
			}
		case format.Singleton:
			parent, child, lcs = make([]int64, len(pos)), make([]int64, len(pos)), make([]int64, len(pos))
			for i, p := range pos {
				pollAt(i)
				parent[i], child[i], lcs[i] = int64(i), p, l.Crd.Index(p)
			}
		}
		for d := range coords {
			nc := make([]int64, len(parent))
			old := coords[d]
			for j, pi := range parent {
				pollAt(j)
				nc[j] = old[pi]
			}
			if d == l.Dim {
				for j := range nc {
					pollAt(j)
					nc[j] += l.contribution(lcs[j])
				}
			}
			coords[d] = nc
		}
		pos = child
	}
	e := &Entries{K: kc, N: int64(len(pos)), Coords: coords, Src: pos, Vals: Flat(t.values),
		Block: dtype.NumelOf(t.shape[kc:]), Dups: t.layout == COO && !t.coalesced}
	if k > kc {
		e = e.split(t.shape, k)
	}
	return e, nil
}

// sparselessEntries lists the entries of a COO tensor with no sparse dim:
// each stored value block is an entry over the whole shape (repeats when
// uncoalesced), with no coordinates until split over the leading k dims.
func sparselessEntries(t *Tensor, k int) *Entries {
	n := t.values.Shape[0]
	src := make([]int64, n)
	for i := range src {
		src[i] = int64(i)
	}
	e := &Entries{K: 0, N: n, Coords: [][]int64{}, Src: src, Vals: Flat(t.values),
		Block: dtype.NumelOf(t.shape), Dups: !t.coalesced}
	if k > 0 {
		e = e.split(t.shape, k)
	}
	return e
}

// Flat views an array as 1-D.
func Flat(a dtype.Array) dtype.Array {
	return dtype.Array{DType: a.DType, Shape: []int64{a.Numel()}, Data: a.Data}
}

// split turns each entry's value block into one entry per coordinate of the
// dimensions k..newK-1, keeping every stored element.
func (e *Entries) split(shape []int64, newK int) *Entries {
	sub := dtype.NumelOf(shape[e.K:newK])
	n := e.N * sub
	out := &Entries{K: newK, N: n, Coords: make([][]int64, newK), Src: make([]int64, n), Vals: e.Vals,
		Block: e.Block / max(sub, 1), Dups: e.Dups}
	for d := range out.Coords {
		out.Coords[d] = make([]int64, n)
	}
	for i := int64(0); i < e.N; i++ {
		for s := int64(0); s < sub; s++ {
			j := i*sub + s
			for d := 0; d < e.K; d++ {
				out.Coords[d][j] = e.Coords[d][i]
			}
			r := s
			for d := newK - 1; d >= e.K; d-- {
				out.Coords[d][j] = r % shape[d]
				r /= shape[d]
			}
			out.Src[j] = e.Src[i]*sub + s
		}
	}
	return out
}

// denseEntries lists the blocks (over dims k..ndim-1) of a strided tensor that
// hold any element different from the fill value.
func denseEntries(t *Tensor, k int) (*Entries, error) {
	block := dtype.NumelOf(t.shape[k:])
	nb := dtype.NumelOf(t.shape[:k])
	if block == 0 {
		nb = 0
	}
	var keep []int64
	for b := int64(0); b < nb; b++ {
		for j := b * block; j < (b+1)*block; j++ {
			if !ElemEqualsFill(t.values, j, t.scalarFill()) {
				keep = append(keep, b)
				break
			}
		}
	}
	e := &Entries{K: k, N: int64(len(keep)), Coords: make([][]int64, k), Src: keep, Vals: Flat(t.values), Block: block}
	for d := range e.Coords {
		e.Coords[d] = make([]int64, len(keep))
	}
	for i, b := range keep {
		for d := k - 1; d >= 0; d-- {
			e.Coords[d][i] = b % t.shape[d]
			b /= t.shape[d]
		}
	}
	return e, nil
}

// ElemEqualsFill compares element j of a with the fill value by value
// (so -0.0 equals 0.0 and NaN never equals anything, as torch decides nonzeros).
func ElemEqualsFill(a dtype.Array, j int64, fill []byte) bool {
	switch a.DType {
	case dtype.Float64:
		return dtype.AsSlice[float64](a)[j] == dtype.AsSlice[float64](dtype.Array{Data: fill})[0]
	case dtype.Float32:
		return dtype.AsSlice[float32](a)[j] == dtype.AsSlice[float32](dtype.Array{Data: fill})[0]
	}
	return a.Complex(j).Equal(dtype.LoadScalar(a.DType, fill))
}
