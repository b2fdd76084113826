// Package dtype owns values and their types: DType (DLPack's code<<8 |
// bits, the C ABI's gs_dtype) with its names as torch spells them; Array, an
// n-d buffer of one dtype in C order (what every tensor's values, pos and crd
// are), Scalar, one element widened (integers kept exact), and Number, a
// scalar operand with the kind of the literal it stands for; the
// conversions of IEEE half floats and bfloat16 to and from float32; the
// addition of duplicate elements; the parallel 2-D transpose of an array
// of any dtype; and the promotion rules
// (torch.promote_types, and the promotion of a tensor with a Python number
// by category).
//
// It sits near the bottom of the core, beside the kernels: it imports
// core/errs and kernels/memory (the allocator of uninitialised buffers, no
// compute), nothing else of the project; the transpose of a value array is
// kernels.TransposeBytes, called by the packages above.
package dtype
