// Package dtype owns the value types of gosparse: DType (DLPack's code<<8 |
// bits, the C ABI's gs_dtype), their names as torch spells them, the
// conversions of IEEE half floats and bfloat16 to and from float32, and the
// promotion rules (torch.promote_types, and the promotion of a tensor with a
// Python number by category).
//
// It sits at the bottom of the core beside core/format and imports only
// core/errs.
package dtype
