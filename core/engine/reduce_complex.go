package engine

import (
	"math"

	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// The typed folds of the complex dtypes, accumulating in complex128. Amax
// and Amin are not defined for them (checkReduce refuses).

type complexVal interface{ ~complex64 | ~complex128 }

func initComplex(op ReduceOp) complex128 {
	if op == Prod {
		return 1
	}
	return 0
}

func foldComplex[V complexVal](op ReduceOp, v []V, acc complex128) complex128 {
	switch op {
	case Sum, Mean:
		for _, x := range v {
			acc += complex128(x)
		}
	case Prod:
		for _, x := range v {
			acc *= complex128(x)
		}
	case Norm: // |x|**2 in the real part
		s := real(acc)
		for _, x := range v {
			s += abs2(complex128(x))
		}
		return complex(s, 0)
	case Any, CountNonzero:
		return foldNonzero(op, v, acc)
	}
	return acc
}

// abs2 is |z|**2, infinite when a part of z is, even when the other is NaN
// (|z| is hypot's: torch's abs of Inf+NaNi is Inf).
func abs2(z complex128) float64 {
	re, im := real(z), imag(z)
	q := re*re + im*im
	if q != q && (math.IsInf(re, 0) || math.IsInf(im, 0)) {
		return math.Inf(1)
	}
	return q
}

func combineComplex(op ReduceOp, a, b complex128) complex128 {
	switch op {
	case Prod:
		return a * b
	case Any:
		if a != 0 || b != 0 {
			return 1
		}
		return 0
	}
	return a + b
}

// finishComplex is finishReal for complex accumulators: a fill scales by a
// count per component (as a real factor, so an infinite part stays finite
// in the other), a product takes fill**missing by repeated squaring.
func finishComplex(op ReduceOp, acc complex128, missing int64, fill complex128, group int64) complex128 {
	if missing > 0 {
		k := float64(missing)
		switch op {
		case Sum, Mean:
			acc += complex(real(fill)*k, imag(fill)*k)
		case Prod: // fill**missing by repeated squaring (cmplx.Pow's polar form rounds 2**3)
			r, b := complex(1, 0), fill
			for n := missing; n > 0; n >>= 1 {
				if n&1 == 1 {
					r *= b
				}
				b *= b
			}
			acc *= r
		case Any:
			if fill != 0 {
				acc = 1
			}
		case CountNonzero:
			if fill != 0 {
				acc += complex(k, 0)
			}
		case Norm:
			acc += complex(abs2(fill)*k, 0)
		}
	}
	switch op {
	case Mean:
		acc = complex(real(acc)/float64(group), imag(acc)/float64(group))
	case Norm:
		acc = complex(math.Sqrt(real(acc)), 0)
	}
	return acc
}

func allComplex[V complexVal](op ReduceOp, v []V, missing, numel int64, fill complex128) complex128 {
	parts := make([]complex128, (len(v)+allChunk-1)/allChunk)
	parallel.ForChunks(len(v), allChunk, func(c, lo, hi int) {
		parts[c] = foldComplex(op, v[lo:hi], initComplex(op))
	})
	acc := initComplex(op)
	for _, p := range parts {
		acc = combineComplex(op, acc, p)
	}
	return finishComplex(op, acc, missing, fill, numel)
}

func rowsComplex[I kernels.Index, V complexVal](op ReduceOp, pos []I, v []V, lo, hi int, accs []complex128) {
	base := pos[0]
	for r := lo; r < hi; r++ {
		accs[r] = foldComplex(op, v[pos[r]-base:pos[r+1]-base], initComplex(op))
	}
}

func scatterComplex[I kernels.Index, V complexVal, C counter](op ReduceOp, crd []I, v []V, accs []complex128, cnt []C) {
	v = v[:len(crd)]
	for k, g := range crd {
		accs[g] = foldComplex(op, v[k:k+1], accs[g])
		cnt[g]++
	}
}
