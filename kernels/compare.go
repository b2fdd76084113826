package kernels

// VecCmp names a comparison of VecCompare64 and VecCompare32.
type VecCmp int

// The comparisons x == y, x != y, x < y, x <= y, x > y, x >= y, as Go
// evaluates them on floats: a NaN compares false, except under VecNe.
const (
	VecEq VecCmp = iota
	VecNe
	VecLt
	VecLe
	VecGt
	VecGe
)

// VecCompare64 sets z[i] = 1 where x[i] op y[i] holds, else 0, for
// i < len(x): the Go comparison's result bit for bit, eight values a step
// with AVX2 (a mask of eight compares spread to eight bytes). Panics (a
// caller's bug) when y or z is shorter than x.
func VecCompare64(op VecCmp, z []byte, x, y []float64) {
	y, z = y[:len(x)], z[:len(x)]
	i := vecCompare64SIMD(op, z, x, y)
	compareTail(op, z[i:], x[i:], y[i:])
}

// VecCompare32 is VecCompare64 over float32 values.
func VecCompare32(op VecCmp, z []byte, x, y []float32) {
	y, z = y[:len(x)], z[:len(x)]
	i := vecCompare32SIMD(op, z, x, y)
	compareTail(op, z[i:], x[i:], y[i:])
}

// compareTail is the Go loop of VecCompare64 and VecCompare32: the values
// the assembly leaves, or all of them without it.
func compareTail[V float32 | float64](op VecCmp, z []byte, x, y []V) {
	y, z = y[:len(x)], z[:len(x)]
	for i, v := range x {
		var b bool
		switch op {
		case VecEq:
			b = v == y[i]
		case VecNe:
			b = v != y[i]
		case VecLt:
			b = v < y[i]
		case VecLe:
			b = v <= y[i]
		case VecGt:
			b = v > y[i]
		default:
			b = v >= y[i]
		}
		z[i] = 0
		if b {
			z[i] = 1
		}
	}
}
