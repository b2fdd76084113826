package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// softmaxCustomSegments runs Softmax along dim of a custom-format tensor
// whose last level is a compressed or delta level over dim alone, no other
// level reading dim, no batch level (a CSR with delta-coded columns, DCSR,
// CSF over its last dim, a CSC-like format over its rows): each segment
// of the last level's pos is then one group (the coordinates above it fix
// every other dim, each once in a format without repeats), so the softmax
// is engine.SoftmaxSegments over pos and the values, with no walk of the
// levels. The result is softmaxCustom's: t's structure shared, its values
// mapped, fill zero. ok is false for the other formats, and where the
// segments do not tile the values from slot 0.
func softmaxCustomSegments(t *tensor.Tensor, dim int, log bool) (*tensor.Tensor, bool, error) {
	if !softmaxCustomApplies(t, dim) {
		return nil, false, nil
	}
	u, err := t.USTStorage()
	if err != nil {
		return nil, true, err
	}
	pos, ok := dimSegments(u, dim)
	if !ok {
		return nil, false, nil
	}
	r, err := tensor.CustomMapped(t, make([]byte, t.DType().Size()), func(v dtype.Array) (dtype.Array, error) {
		out, _, err := engine.SoftmaxSegments(pos, v, log) // float32 or float64: softmaxCustomApplies
		return out, err
	})
	return r, true, err
}

// dimSegments returns the last level's pos of u where its segments are
// the groups of a reduction along dim (see softmaxCustomSegments) and tile
// u's values from slot 0.
func dimSegments(u *tensor.UST, dim int) (dtype.Array, bool) {
	f := u.Format
	n := len(f.Levels)
	if n == 0 || n > len(u.Pos) {
		return dtype.Array{}, false
	}
	last := f.Levels[n-1]
	if (last.Kind != format.Compressed && last.Kind != format.Delta) || last.Expr.Op != format.OpDim || f.DimIndex(last.Expr.A) != dim {
		return dtype.Array{}, false
	}
	name := last.Expr.A
	for _, lv := range f.Levels[:n-1] {
		if lv.Kind == format.Batch || lv.Expr.A == name || lv.Expr.B == name {
			return dtype.Array{}, false
		}
	}
	pos := u.Pos[n-1]
	m := pos.Numel()
	if m == 0 || pos.Index(0) != 0 || pos.Index(m-1) != u.Values.Numel() {
		return dtype.Array{}, false
	}
	return pos, true
}
