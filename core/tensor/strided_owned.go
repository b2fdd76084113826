package tensor

import (
	"sync/atomic"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
)

// maxBoxedFill is the largest element (complex128) whose fill a boxed strided
// tensor holds.
const maxBoxedFill = 16

// A strided tensor is one allocation: the Tensor and its fill side by side
// (three allocations and a level builder were a fifth of an 8 x 8 add's time
// below the C ABI, issue 32 item 7). Its levels are shared (stridedLevels).
// The box lives as long as either of the two is referenced.
type stridedBox struct {
	t    Tensor
	fill [maxBoxedFill]byte
}

// lastLevels holds, for 1 and 2 dims, the levels of the last strided shape
// stridedLevels built. A tensor never changes its levels once built (Levels'
// contract: a caller that changes them copies them), so the results of
// repeated calls of one shape share one slice: the levels were 400 of an
// 8 x 8 result's 720 bytes, zeroed, written and scanned by the collector on
// every call.
var lastLevels [3]atomic.Pointer[[]Level]

// stridedLevels returns the levels of a strided tensor of shape, shared with
// the last tensor of the same shape when it has 1 or 2 dims (a slice of
// capacity len(shape): an append never writes into a shared array).
func stridedLevels(shape []int64) []Level {
	nd := len(shape)
	if nd == 0 {
		return []Level{}
	}
	if nd < len(lastLevels) {
		if p := lastLevels[nd].Load(); p != nil && sameLevelSizes(*p, shape) {
			return *p
		}
	}
	levels := make([]Level, nd)
	for k, size := range shape {
		levels[k] = Level{Level: format.Level{Expr: format.Expr{Op: format.OpDim, A: format.DimName(k)}, Kind: format.Dense},
			Dim: k, Size: size}
	}
	if nd < len(lastLevels) {
		shared := levels // on the heap only here: a 3-d shape allocates no header
		lastLevels[nd].Store(&shared)
	}
	return levels
}

// sameLevelSizes reports whether levels are those of a strided tensor of
// shape (one level a dim, in order, of the dim's size).
func sameLevelSizes(levels []Level, shape []int64) bool {
	if len(levels) != len(shape) {
		return false
	}
	for k, l := range levels {
		if l.Size != shape[k] {
			return false
		}
	}
	return true
}

// NewStridedOwned builds a strided tensor over data, which holds numel(shape)
// elements of d; the tensor keeps shape (the caller gives it up). Its levels
// are FormatSpec.levels' for the strided layout (stridedLevels).
func NewStridedOwned(d dtype.DType, shape []int64, data []byte) *Tensor {
	var (
		t    *Tensor
		fill []byte
	)
	if n := d.Size(); n > maxBoxedFill {
		t, fill = new(Tensor), make([]byte, n)
	} else {
		b := new(stridedBox)
		t, fill = &b.t, b.fill[:n:n]
	}
	*t = Tensor{layout: Strided, dtype: d, shape: shape, block: [2]int64{1, 1}, levels: stridedLevels(shape),
		values: dtype.Array{DType: d, Shape: shape, Data: data}, fill: fill}
	return t
}
