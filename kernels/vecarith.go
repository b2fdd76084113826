package kernels

// VecOp names an element-wise arithmetic op of VecBinary64 and VecScalar64.
type VecOp int

// The ops: x + y, x - y, x * y, x / y, and with the operands swapped
// (y - x, y / x; VecScalar64's number first).
const (
	VecAdd VecOp = iota
	VecSub
	VecMul
	VecDiv
	VecRSub
	VecRDiv
)

// VecBinary64 sets z[i] = x[i] op y[i] for i < len(x), each one IEEE
// operation (bit for bit the Go loop), four lanes at a time with AVX2.
// Panics (a caller's bug) when y or z is shorter than x.
func VecBinary64(op VecOp, z, x, y []float64) {
	y, z = y[:len(x)], z[:len(x)]
	i := vecBinary64SIMD(op, z, x, y)
	for ; i < len(x); i++ {
		z[i] = vecOp64(op, x[i], y[i])
	}
}

// VecScalar64 sets z[i] = x[i] op c for i < len(x) (c op x[i] for VecRSub
// and VecRDiv), as VecBinary64 does with every y[i] = c.
func VecScalar64(op VecOp, z, x []float64, c float64) {
	z = z[:len(x)]
	i := vecScalar64SIMD(op, z, x, c)
	for ; i < len(x); i++ {
		z[i] = vecOp64(op, x[i], c)
	}
}

// VecNeg64 sets z[i] = -x[i] for i < len(x): the sign bit flipped, a NaN's
// and a zero's too (bit for bit Go's -x, which x * -1 is not for a NaN),
// four lanes at a time with AVX2. Panics (a caller's bug) when z is
// shorter than x.
func VecNeg64(z, x []float64) {
	z = z[:len(x)]
	i := vecNeg64SIMD(z, x)
	for ; i < len(x); i++ {
		z[i] = -x[i]
	}
}

// vecOp64 is one element of the op.
func vecOp64(op VecOp, x, y float64) float64 {
	switch op {
	case VecAdd:
		return x + y
	case VecSub:
		return x - y
	case VecMul:
		return x * y
	case VecDiv:
		return x / y
	case VecRSub:
		return y - x
	default:
		return y / x
	}
}
