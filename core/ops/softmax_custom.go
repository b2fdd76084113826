package ops

import (
	"math"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// softmaxCustom runs Softmax along dim on a custom-format tensor's own
// storage, never its COO form: the stored elements that share every
// coordinate but dim's form a group, whose key (the linear index over the
// other dims) the walk of the storage's fibers gives a chunk at a time
// (chunkedKeyRuns, as reduceCustomKept's). Three passes: each group's max
// into a dense accumulator, the exponentials and each group's sum of them
// (in storage order), then the results, each a walk, or one walk whose keys
// are kept where the fibers are short (softmaxKeyPasses); the formulas are
// engine.SoftmaxSegments'. A DIA walks its diagonals, each row's entries
// meeting in the row's accumulator. The result keeps t's format and
// structure (tensor.CustomMapped: the pos and crd arrays shared), its
// values the softmax of each stored element and zero in the padding, its
// fill zero, as the COO route's result keeps the pattern. ok is false for
// the cases the COO route serves: see softmaxCustomApplies.
func softmaxCustom(t *tensor.Tensor, dim int, log bool) (*tensor.Tensor, bool, error) {
	if !softmaxCustomApplies(t, dim) {
		return nil, false, nil
	}
	u, err := t.USTStorage()
	if err != nil {
		return nil, true, err
	}
	red := make([]bool, t.NDim())
	red[dim] = true
	strides, groups, _ := keptGroups(t.Dims(), red)
	nse := u.Values.Numel()
	if !scatterFits(groups, nse) { // the accumulators would dwarf the values
		return nil, false, nil
	}
	held := budget.Add(budget.Mul(groups, 16), budget.Mul(nse, int64(t.DType().Size())))
	if err := budget.CheckBytes("softmax of a custom-format tensor", held); err != nil {
		return nil, true, err
	}
	passes, err := softmaxKeyPasses(tensor.CustomStructure(t), nse, strides, held)
	if err != nil {
		return nil, true, err
	}
	fill := make([]byte, t.DType().Size())
	r, err := tensor.CustomMapped(t, fill, func(v dtype.Array) (dtype.Array, error) {
		out := dtype.NewArray(v.DType, v.Shape) // zero: the padding holds the result's fill
		var err error
		if v.DType == dtype.Float64 {
			err = softmaxKeyed(passes, groups, dtype.AsSlice[float64](v), dtype.AsSlice[float64](out), log)
		} else {
			err = softmaxKeyed(passes, groups, dtype.AsSlice[float32](v), dtype.AsSlice[float32](out), log)
		}
		return out, err
	})
	return r, true, err
}

// softmaxCustomApplies reports whether softmaxCustom runs Softmax along
// dim on t's storage (short of the accumulators' size): a custom-format
// float32 or float64 tensor of a format without repeated coordinates (its
// duplicates sum first), without dense dims or a per-slot fill.
func softmaxCustomApplies(t *tensor.Tensor, dim int) bool {
	return (t.DType() == dtype.Float64 || t.DType() == dtype.Float32) && softmaxCustomStorage(t, dim)
}

// softmaxCustomStorage reports whether softmax along dim can run on t's
// own storage whatever its dtype: a custom format of unique coordinates,
// a scalar fill, no dense dims.
func softmaxCustomStorage(t *tensor.Tensor, dim int) bool {
	if t.Layout() != tensor.Custom || t.PerSlotFill() || t.DenseDim() != 0 || dim < 0 || dim >= t.NDim() {
		return false
	}
	u, err := t.USTStorage()
	return err == nil && u.Format.IsUnique()
}

// softmaxKeyed writes the softmax (log: log_softmax) of each stored
// element that passes gives, grouped by its key, into out at its value
// slot; the slots the walk never visits (padding) keep out's zero. The
// exponentials are kept in out for float64 and computed again for float32
// (as engine.SoftmaxSegments' long segments are), each the same bits.
func softmaxKeyed[V float32 | float64](passes keyPasses, groups int64, v, out []V, log bool) error {
	mx := make([]float64, groups)
	for g := range mx {
		mx[g] = math.Inf(-1)
	}
	err := passes(func(keys []int64, lo, _ int) {
		for k, g := range keys {
			mx[g] = max(mx[g], float64(v[lo+k])) // math.Max's rules, inline
		}
	})
	if err != nil {
		return err
	}
	for g, m := range mx {
		if math.IsInf(m, -1) { // exp(-Inf - 0) is 0, not NaN
			mx[g] = 0
		}
	}
	keep, isF64 := any(out).([]float64)
	// float32's exponentials, a chunk at a time (float64's are kept in out)
	var t []float64
	exps := func(keys []int64, lo int) []float64 { // the chunk's exponentials
		var e []float64
		if isF64 {
			e = keep[lo : lo+len(keys)]
		} else {
			if cap(t) < len(keys) { // a chunk is one fiber at least
				t = make([]float64, max(len(keys), keyRunChunk))
			}
			e = t[:len(keys)]
		}
		for k, g := range keys {
			e[k] = float64(v[lo+k]) - mx[g]
		}
		kernels.Exp(e, e)
		return e
	}
	sum := make([]float64, groups)
	err = passes(func(keys []int64, lo, _ int) {
		for k, e := range exps(keys, lo) {
			sum[keys[k]] += e
		}
	})
	if err != nil {
		return err
	}
	if log {
		kernels.Log(sum, sum) // math.Log's bits
	}
	err = passes(func(keys []int64, lo, _ int) {
		switch {
		case log:
			for k, g := range keys {
				out[lo+k] = V(float64(v[lo+k]) - mx[g] - sum[g])
			}
		case isF64:
			for k, g := range keys {
				keep[lo+k] /= sum[g]
			}
		default:
			for k, e := range exps(keys, lo) {
				out[lo+k] = V(e / sum[keys[k]])
			}
		}
	})
	return err
}
