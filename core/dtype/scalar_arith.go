package dtype

// The arithmetic of scalar operands (alpha, beta, fill values, reduction
// accumulators): exact int64 arithmetic (wrapping) when both operands are
// exact integers, complex128 otherwise, as the operators compute them.

// Add returns c + o.
func (c Scalar) Add(o Scalar) Scalar {
	if c.exact && o.exact {
		return IntScalar(c.i + o.i)
	}
	return Complex128Scalar(complex(c.re+o.re, c.im+o.im))
}

// Mul returns c * o.
func (c Scalar) Mul(o Scalar) Scalar {
	if c.exact && o.exact {
		return IntScalar(c.i * o.i)
	}
	return Complex128Scalar(complex(c.re, c.im) * complex(o.re, o.im))
}

// Neg returns -c.
func (c Scalar) Neg() Scalar {
	if c.exact {
		return IntScalar(-c.i)
	}
	return Complex128Scalar(complex(-c.re, -c.im))
}
