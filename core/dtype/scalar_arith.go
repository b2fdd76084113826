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

// IsZero reports whether c is zero (-0.0 included).
func (c Scalar) IsZero() bool {
	if c.exact {
		return c.i == 0
	}
	return c.re == 0 && c.im == 0
}

// Equal reports whether c and o are equal by value: exact integers exactly,
// others by their parts (-0.0 equals 0.0, NaN equals nothing).
func (c Scalar) Equal(o Scalar) bool {
	if c.exact && o.exact {
		return c.i == o.i
	}
	return c.re == o.re && c.im == o.im
}

// IsOne reports whether c is one.
func (c Scalar) IsOne() bool {
	if c.exact {
		return c.i == 1
	}
	return c.re == 1 && c.im == 0
}

// Neg returns -c.
func (c Scalar) Neg() Scalar {
	if c.exact {
		return IntScalar(-c.i)
	}
	return Complex128Scalar(complex(-c.re, -c.im))
}
