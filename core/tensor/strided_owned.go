package tensor

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
)

// maxBoxedFill is the largest element (complex128) whose fill a boxed strided
// tensor holds.
const maxBoxedFill = 16

// A strided tensor of at most two dims is one allocation: the Tensor, its
// levels and its fill side by side (three allocations and a level builder
// were a fifth of an 8 x 8 add's time below the C ABI, issue 32 item 7).
// The box lives as long as any of the three is referenced.
type (
	stridedBox0 struct {
		t    Tensor
		fill [maxBoxedFill]byte
	}
	stridedBox1 struct {
		t    Tensor
		lv   [1]Level
		fill [maxBoxedFill]byte
	}
	stridedBox2 struct {
		t    Tensor
		lv   [2]Level
		fill [maxBoxedFill]byte
	}
)

// NewStridedOwned builds a strided tensor over data, which holds numel(shape)
// elements of d; the tensor keeps shape (the caller gives it up). Its levels
// are FormatSpec.levels' for the strided layout, written directly.
func NewStridedOwned(d dtype.DType, shape []int64, data []byte) *Tensor {
	var (
		t      *Tensor
		levels []Level
		fill   []byte
	)
	n := d.Size()
	switch {
	case n > maxBoxedFill || len(shape) > 2:
		t, levels, fill = new(Tensor), make([]Level, len(shape)), make([]byte, n)
	case len(shape) == 0:
		b := new(stridedBox0)
		t, levels, fill = &b.t, []Level{}, b.fill[:n:n]
	case len(shape) == 1:
		b := new(stridedBox1)
		t, levels, fill = &b.t, b.lv[:], b.fill[:n:n]
	default:
		b := new(stridedBox2)
		t, levels, fill = &b.t, b.lv[:], b.fill[:n:n]
	}
	for k, size := range shape {
		levels[k] = Level{Level: format.Level{Expr: format.Expr{Op: format.OpDim, A: format.DimName(k)}, Kind: format.Dense},
			Dim: k, Size: size}
	}
	*t = Tensor{layout: Strided, dtype: d, shape: shape, block: [2]int64{1, 1}, levels: levels,
		values: dtype.Array{DType: d, Shape: shape, Data: data}, fill: fill}
	return t
}
