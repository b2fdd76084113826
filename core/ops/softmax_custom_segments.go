package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// softmaxCustomSegments runs Softmax along dim of a custom-format tensor
// whose segments of one compressed (or delta) level over dim are its
// groups, no other level reading dim, no batch level (a CSR with
// delta-coded columns, DCSR, CSF over its last dim, a CSC-like format over
// its rows): the coordinates above the level fix every other dim, each
// once in a format without repeats, so the softmax is
// engine.SoftmaxSegments over its pos and the values, with no walk of the
// levels. Blocks are as good (dimSegments): BSR with column-major blocks
// over its columns, (i / R : dense, j / C : compressed, j % C : dense,
// i % R : dense), is a segment of C entries a block column, each of R
// dense elements with a softmax of its own (engine.SoftmaxSegmentsBlocked
// over pos x C). The result is softmaxCustom's: t's structure shared, its
// values mapped, fill zero. ok is false for the other formats, and where
// the segments do not tile the values from slot 0. Complex values run
// the engine's complex segments (softmaxCustom's walk is real only).
func softmaxCustomSegments(t *tensor.Tensor, dim int, log bool) (*tensor.Tensor, bool, error) {
	complexValues := t.DType().IsComplex()
	if !softmaxCustomApplies(t, dim) && !(complexValues && softmaxCustomStorage(t, dim)) {
		return nil, false, nil
	}
	u, err := t.USTStorage()
	if err != nil {
		return nil, true, err
	}
	pos, block, ok := dimSegments(u, dim)
	if !ok {
		return nil, false, nil
	}
	r, err := tensor.CustomMapped(t, make([]byte, t.DType().Size()), func(v dtype.Array) (dtype.Array, error) {
		if complexValues {
			out, _, err := engine.SoftmaxComplexSegments(pos, v, block, log, complexMath)
			return out, err
		}
		out, _, err := engine.SoftmaxSegmentsBlocked(pos, v, block, log) // float32 or float64: softmaxCustomApplies
		return out, err
	})
	return r, true, err
}

// dimSegments returns the segment bounds over u's values' entries and the
// dense elements an entry (block) where the groups of a reduction along
// dim are, per segment, each dense element of its entries (see
// softmaxCustomSegments): a compressed level over dim, or over dim / C
// followed by a dense dim % C (each of its positions then C entries, pos
// scaled by C), the levels below that dense, reading other dims; a delta
// level over dim must be the last. The segments must tile u's values
// from slot 0.
func dimSegments(u *tensor.UST, dim int) (dtype.Array, int64, bool) {
	f := u.Format
	n := len(f.Levels)
	if n > len(u.Pos) {
		return dtype.Array{}, 0, false
	}
	name, l := f.Dims[dim], -1
	for k, lv := range f.Levels {
		switch {
		case lv.Kind == format.Batch || lv.Expr.B == name: // a batch split, or a sum or difference over dim
			return dtype.Array{}, 0, false
		case lv.Expr.A == name && l < 0:
			l = k
		}
	}
	if l < 0 {
		return dtype.Array{}, 0, false
	}
	lv := f.Levels[l]
	c, next := int64(1), l+1
	switch {
	case lv.Kind == format.Delta && lv.Expr.Op == format.OpDim && l == n-1:
	case lv.Kind == format.Compressed && lv.Expr.Op == format.OpDim:
	case lv.Kind == format.Compressed && lv.Expr.Op == format.OpDiv && next < n &&
		f.Levels[next].Kind == format.Dense && f.Levels[next].Expr.Op == format.OpMod && f.Levels[next].Expr.A == name:
		c, next = lv.Expr.C, next+1
	default:
		return dtype.Array{}, 0, false
	}
	block := int64(1)
	for k := next; k < n; k++ {
		if f.Levels[k].Kind != format.Dense || f.Levels[k].Expr.A == name || f.Levels[k].Expr.Op == format.OpAdd || f.Levels[k].Expr.Op == format.OpSub {
			return dtype.Array{}, 0, false
		}
		block *= u.LevelSizes[k]
	}
	pos := u.Pos[l]
	m := pos.Numel()
	if m == 0 || pos.Index(0) != 0 || pos.Index(m-1)*c*block != u.Values.Numel() {
		return dtype.Array{}, 0, false
	}
	if c == 1 {
		return pos, block, true
	}
	scaled := dtype.NewArray(pos.DType, []int64{m}) // pos x C: entries, not block columns
	if pos.DType == dtype.Int32 {
		scaleIndex(dtype.AsSlice[int32](pos), dtype.AsSlice[int32](scaled), int32(c))
	} else {
		scaleIndex(dtype.AsSlice[int64](pos), dtype.AsSlice[int64](scaled), c)
	}
	return scaled, block, true
}

// scaleIndex writes src x c into dst.
func scaleIndex[I int32 | int64](src, dst []I, c I) {
	for k, v := range src {
		dst[k] = v * c
	}
}
