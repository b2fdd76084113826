// Package engine owns how an operator runs on native storage: one dtype and
// index-width dispatch per call, then typed kernels generic over
// [I kernels.Index, V kernels.Number] with the operator chosen outside the
// loop, no whole array widened and no dtype.Scalar per element. It owns:
//
//   - dispatch: the dtype switch that picks a typed kernel (dispatch.go);
//   - reduce: reductions over all elements (a fold of the values plus the
//     unspecified elements counted through the fill), over the rows of a
//     compressed layout (a segment fold over pos, parallel over rows), over
//     its columns (a scatter into a budget-checked accumulator), and over
//     any dim set of an N-d COO (ReduceGroups) or of any level structure,
//     BSR/BSC, batched and hybrid included (ReduceLevels: a walk of the
//     levels), scattering into one accumulator per kept group with the keys
//     computed a chunk at a time;
//   - map: element-wise functions of the values with the structure shared,
//     hand-written loops for neg, arithmetic and comparisons with a number;
//   - merge: add, sub and mul of two compressed matrices as row merges
//     (count, then fill, in the operands' layout; or, for real values
//     where a row sample says the result fills most of a bound, one pass
//     into bound-sized arrays: merge_onepass.go), of two coalesced COO
//     tensors through a row pointer over their leading dims (MergeCOO), and
//     of two operands of one pattern as a zip of their values
//     (MergeValues); bool, integer, real and complex values, computed in
//     the op table's domain (values.go's loads and stores serve core/ops
//     too);
//   - softmax: a segment softmax over rows, and a scatter softmax over any
//     dim of a COO (SoftmaxScatter);
//   - select: where(condition, tensor, number) over one pattern, and
//     where of strided operands or numbers (Choose);
//   - strided: element-wise ops of two strided operands read through
//     per-dim strides, a stride 0 for a broadcast dim (StridedBinary), and
//     reductions of a strided tensor over one run of dims (ReduceStrided),
//     typed loops over the native buffers;
//   - relabel: COO index rows inserted, dropped or re-linearised for
//     unsqueeze, squeeze and reshape (the entries keep their order).
//
// Half floats stay uint16 in storage and are widened a chunk at a time into
// float32 scratch; float32 reductions accumulate in float64 (torch's CPU
// acc_type). Every output is sized first and checked against the memory
// limit (core/budget); the parallel loops run on kernels/parallel with
// fixed chunk boundaries, so results are bit-identical at any thread count,
// and the caller's cancel token is checked before each chunk.
//
// core/ops (the torch facade: names, argument checks, dtype, layout, flag
// and fill rules) and core/linalg call it; it imports core/tensor,
// core/dtype, core/errs, core/budget, kernels and kernels/parallel. Other
// files of the package (gather, permute, concat, convert) own the shape
// operators.
package engine
