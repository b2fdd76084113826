package engine

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels"
)

// ReduceOp is a reduction the engine runs.
type ReduceOp int8

// The reductions, by torch's names: sum, mean, prod, amax, amin, any and
// count_nonzero; norm is the 2-norm (torch.norm's default p), the square
// root of the sum of |x|**2, real for a complex input, accumulated in
// float64 (float32 and the halves included, as torch's acc_type).
const (
	Sum ReduceOp = iota
	Mean
	Prod
	Amax
	Amin
	Any
	CountNonzero
	Norm
)

var reduceNames = map[string]ReduceOp{"sum": Sum, "mean": Mean, "prod": Prod, "amax": Amax, "amin": Amin, "any": Any, "count_nonzero": CountNonzero, "norm": Norm}

// ReduceOpOf returns the reduction of torch's name, or false.
func ReduceOpOf(name string) (ReduceOp, bool) {
	op, ok := reduceNames[name]
	return op, ok
}

// Reduced is the result of reducing groups of elements, one group per key
// (a row or a column): Keys lists the groups that hold at least one stored
// element, ascending, as an index array (int32 or int64, the input's index
// dtype); Values holds their results (the result dtype); Fill is the result
// of a group of unspecified elements only (one element of the result dtype).
type Reduced struct {
	Keys   dtype.Array
	Values dtype.Array
	Fill   []byte
}

// ReduceAll reduces every element of a tensor: its stored elements vals
// (at distinct positions) and numel - vals.Numel() unspecified elements
// equal to fill (one element of vals.DType). It returns one element of the
// result dtype out. Unspecified elements count only when there are some: a
// NaN fill changes nothing when every element is stored.
func ReduceAll(op ReduceOp, vals dtype.Array, numel int64, fill []byte, out dtype.DType) ([]byte, error) {
	res := make([]byte, out.Size())
	if err := ReduceAllInto(op, vals, numel, fill, out, res); err != nil {
		return nil, err
	}
	return res, nil
}

// ReduceAllInto is ReduceAll writing its element into res (out.Size()
// bytes): a 0-d result's own data (tensor.NewStridedUninit), which makes a
// small sum one allocation.
func ReduceAllInto(op ReduceOp, vals dtype.Array, numel int64, fill []byte, out dtype.DType, res []byte) error {
	if err := checkReduce(op, vals.DType, out); err != nil {
		return err
	}
	missing := numel - vals.Numel()
	switch vals.DType {
	case dtype.Complex64:
		storeComplex(out, res, []complex128{allComplex(op, dtype.AsSlice[complex64](vals), missing, numel, complexFill(vals.DType, fill))})
	case dtype.Complex128:
		storeComplex(out, res, []complex128{allComplex(op, dtype.AsSlice[complex128](vals), missing, numel, complexFill(vals.DType, fill))})
	default:
		if isIntegral(vals.DType) {
			storeReal(out, res, []int64{allIntegral(op, vals, missing, numel, intFill(vals.DType, fill))})
		} else {
			storeReal(out, res, []float64{allFloat(op, vals, missing, numel, floatFill(vals.DType, fill))})
		}
	}
	return nil
}

// ReduceSegments reduces the segments of a compressed level: group r holds
// the stored elements vals[pos[r]-pos[0] : pos[r+1]-pos[0]] and group minus
// their count unspecified elements equal to fill. pos is an int32 or int64
// array of groups+1 entries (a CSR row pointer); vals holds one element per
// entry. The rows run in parallel; each row's fold is sequential in storage
// order, so the result does not depend on the thread count.
func ReduceSegments(op ReduceOp, pos, vals dtype.Array, group int64, fill []byte, out dtype.DType) (Reduced, error) {
	if err := checkReduce(op, vals.DType, out); err != nil {
		return Reduced{}, err
	}
	if pos.DType == dtype.Int32 {
		return segments(op, dtype.AsSlice[int32](pos), vals, group, fill, out)
	}
	return segments(op, dtype.AsSlice[int64](pos), vals, group, fill, out)
}

// ReduceScatter reduces groups keyed by coordinate: stored element k (of
// vals, one element per entry) belongs to group crd[k] in [0, n), and
// group g holds group minus its count unspecified elements equal to fill.
// Elements fold into a group in storage order. The accumulator has n
// entries and is checked against the memory limit first.
func ReduceScatter(op ReduceOp, crd dtype.Array, n int64, vals dtype.Array, group int64, fill []byte, out dtype.DType) (Reduced, error) {
	if err := checkReduce(op, vals.DType, out); err != nil {
		return Reduced{}, err
	}
	if err := budget.Check("reduction accumulator", n, 16); err != nil {
		return Reduced{}, err
	}
	if crd.DType == dtype.Int32 {
		return scatter(op, dtype.AsSlice[int32](crd), n, vals, group, fill, out)
	}
	return scatter(op, dtype.AsSlice[int64](crd), n, vals, group, fill, out)
}

// ReduceGroups reduces the stored elements of a COO tensor without dense
// dims (indices: sparse dims x entries, int32 or int64; vals one element
// per entry, at distinct positions) grouped by their coordinates in the
// kept dims: element k's group is sum over d of indices[d][k]*strides[d]
// (strides 0 for the reduced dims: a linear index over the kept ones), in
// [0, n); group g holds group minus its count unspecified elements equal
// to fill. Elements fold into a group in storage order; the keys are
// computed a chunk at a time (no per-entry array). Keys of the result are
// int64 group indices. The accumulator has n entries and is checked
// against the memory limit first.
func ReduceGroups(op ReduceOp, indices dtype.Array, strides []int64, n int64, vals dtype.Array, group int64, fill []byte, out dtype.DType) (Reduced, error) {
	if err := checkReduce(op, vals.DType, out); err != nil {
		return Reduced{}, err
	}
	if err := budget.Check("reduction accumulator", n, 16); err != nil {
		return Reduced{}, err
	}
	if indices.DType == dtype.Int32 {
		return groupsTyped(op, dtype.AsSlice[int32](indices), strides, n, vals, group, fill, out)
	}
	return groupsTyped(op, dtype.AsSlice[int64](indices), strides, n, vals, group, fill, out)
}

func groupsTyped[I kernels.Index](op ReduceOp, idx []I, strides []int64, n int64, vals dtype.Array, group int64, fill []byte, out dtype.DType) (Reduced, error) {
	nse := int(vals.Numel())
	chunks := func(yield func(keys []int64, lo, hi int)) {
		keys := make([]int64, min(keyChunk, nse))
		for lo := 0; lo < nse; lo += keyChunk {
			ks := keys[:min(keyChunk, nse-lo)]
			groupKeys(idx, strides, nse, lo, ks)
			yield(ks, lo, lo+len(ks))
		}
	}
	if nse < 1<<32 {
		return scatterCounted[int64, int64, uint32](op, chunks, n, vals, group, fill, out)
	}
	return scatterCounted[int64, int64, int64](op, chunks, n, vals, group, fill, out)
}

// checkReduce refuses the pairs of op, input and result dtypes the kernels
// do not produce (the facade has applied torch's dtype rules before).
func checkReduce(op ReduceOp, in, out dtype.DType) error {
	if op < Sum || op > Norm {
		return errs.Errorf(errs.ErrInvalidArgument, "engine: unknown reduction %d", op)
	}
	if in.IsComplex() && (op == Amax || op == Amin) {
		return errs.Errorf(errs.ErrDType, "engine: %v is not defined for complex dtypes (got %s)", op, in)
	}
	if op == Norm && isIntegral(in) {
		return errs.Errorf(errs.ErrDType, "engine: norm of %s is not supported (a floating or complex dtype)", in)
	}
	if out.IsComplex() != (in.IsComplex() && op != Any && op != CountNonzero && op != Norm) {
		return errs.Errorf(errs.ErrDType, "engine: reduction of %s to %s is not supported", in, out)
	}
	return nil
}

// isIntegral reports whether d's elements accumulate exactly in int64.
func isIntegral(d dtype.DType) bool { return d.IsInteger() || d == dtype.Bool }

func intFill(d dtype.DType, fill []byte) int64 { return dtype.LoadScalar(d, fill).Int() }

func floatFill(d dtype.DType, fill []byte) float64 { return dtype.LoadScalar(d, fill).Re() }

func complexFill(d dtype.DType, fill []byte) complex128 {
	s := dtype.LoadScalar(d, fill)
	return complex(s.Re(), s.Im())
}
