package ops

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/memory"
)

// softmaxHalf is Softmax of a float16 or bfloat16 tensor as torch computes
// a reduced floating type (its dense softmax; its sparse one refuses
// them): in float32, the result rounded to the half dtype once. t's
// values are widened exactly into a float32 tensor of t's structure
// (shared), whose Softmax runs on the engine by the float32 routes, and
// that result's values are rounded (both float32 arrays handed back). The
// result has the float32 result's structure: a coalesced COO, a ragged
// batch or t's custom format, fill zero.
func softmaxHalf(t *tensor.Tensor, dim int, log bool) (*tensor.Tensor, error) {
	d := t.DType()
	if t.Layout() == tensor.COO && !t.IsCoalesced() { // duplicates summed in the half dtype, as the COO route sums them
		c, err := convert.CoalescedCOO(t, -1)
		if err != nil {
			return nil, err
		}
		t = c
	}
	var wide []byte
	w, err := retyped(t, dtype.Float32, func(a dtype.Array) (dtype.Array, error) {
		v, err := engine.WidenHalf(a)
		wide = v.Data
		return v, err
	})
	if err != nil {
		return nil, err
	}
	r, err := Softmax(w, dim, log)
	memory.RecycleBytes(wide) // the result's values are its own
	if err != nil {
		return nil, err
	}
	return retyped(r, d, func(a dtype.Array) (dtype.Array, error) {
		h, err := engine.NarrowHalf(a, d)
		memory.RecycleBytes(a.Data)
		return h, err
	})
}

// retyped is t's structure (shared) with the values cast(t's values) of
// dtype d and a zero fill, which Softmax never reads (it skips the
// unspecified elements) and gives its results: a custom format of unique
// coordinates and a ragged batch keep their storage, any other tensor is
// its named form's.
func retyped(t *tensor.Tensor, d dtype.DType, cast func(dtype.Array) (dtype.Array, error)) (*tensor.Tensor, error) {
	fill := make([]byte, d.Size())
	if r, ok := tensor.RaggedOf(t); ok {
		v, err := cast(r.Values)
		if err != nil {
			return nil, err
		}
		return tensor.RaggedWithValues(t, d, v, fill), nil
	}
	if t.Layout() == tensor.Custom && !t.PerSlotFill() {
		if u, err := t.USTStorage(); err == nil && u.Format.IsUnique() {
			return tensor.CustomMapped(t, fill, cast)
		}
	}
	n, err := tensor.Named(t)
	if err != nil {
		return nil, err
	}
	v, err := cast(n.Values())
	if err != nil {
		return nil, err
	}
	return tensor.Revalue(n, v, fill), nil
}
