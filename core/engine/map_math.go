package engine

import (
	"math"

	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// MathOp is a unary function of Fast's typed loop (MathNone: none): the
// hot transcendental and rounding-free ops, each a direct call of the math
// package's function in the loop, with no element function called through
// a pointer and no widening into scratch.
type MathOp int8

// The math ops: exp, log, sqrt, sin, cos, tanh, abs and sigmoid (1 / (1 +
// kernels.ExpFloat64(-x))) of a real float.
const (
	MathNone MathOp = iota
	MathExp
	MathLog
	MathSqrt
	MathSin
	MathCos
	MathTanh
	MathAbs
	MathSigmoid
)

// mathLoop is dst[i] = T(f(float64(src[i]))) for the math op (f is the
// math package's function, kernels.ExpFloat64 for exp and in sigmoid), computed in
// float64 and narrowed (what the element function gives through Map's
// widening, bit for bit), over Map's fixed chunks in parallel. The op is
// chosen outside the loop over elements.
func mathLoop[T ~float32 | ~float64](src, dst []T, op MathOp) {
	parallel.ForChunks(len(src), mapChunk, func(_, lo, hi int) {
		mathSpan(src[lo:hi], dst[lo:hi], op)
	})
}

// mathSpan is mathLoop's loop over one chunk. It is a function of its own,
// not the chunk closure's body: inlined with mathLoop into Map, that closure
// called math.Sqrt and math.Abs per element (go1.26 dropped their
// intrinsics there: a CALL where SQRTSD and an AND belong).
func mathSpan[T ~float32 | ~float64](s, d []T, op MathOp) {
	d = d[:len(s)]
	switch op {
	case MathExp:
		// Eight or four lanes at a time, kernels.ExpFloat64's bits (the op
		// table's element function; Log alike with math.Log).
		switch s := any(s).(type) {
		case []float64:
			kernels.Exp(any(d).([]float64), s)
		case []float32:
			kernels.Exp(any(d).([]float32), s)
		default:
			for i, x := range s.([]T) {
				d[i] = T(kernels.ExpFloat64(float64(x)))
			}
		}
	case MathLog:
		switch s := any(s).(type) {
		case []float64:
			kernels.Log(any(d).([]float64), s)
		case []float32:
			kernels.Log(any(d).([]float32), s)
		default:
			for i, x := range s.([]T) {
				d[i] = T(math.Log(float64(x)))
			}
		}
	case MathSqrt:
		for i, x := range s {
			d[i] = T(math.Sqrt(float64(x)))
		}
	case MathSin:
		for i, x := range s {
			d[i] = T(math.Sin(float64(x)))
		}
	case MathCos:
		for i, x := range s {
			d[i] = T(math.Cos(float64(x)))
		}
	case MathTanh:
		for i, x := range s {
			d[i] = T(math.Tanh(float64(x)))
		}
	case MathAbs:
		for i, x := range s {
			d[i] = T(math.Abs(float64(x)))
		}
	case MathSigmoid:
		sigmoidSpan(s, d)
	}
}

// sigmoidSpan is d[i] = T(1 / (1 + kernels.ExpFloat64(-float64(s[i])))):
// the exponentials of a piece of mapPiece values by one kernels.Exp call
// (eight lanes at a time), in Map's pooled float64 scratch whatever T is,
// so float32 results are rounded once from the float64 sigmoid as the
// element function's are. (kernels.VecScalar64's four-lane add and
// division over the piece, in place of the loop, measured slower: 3.7
// against 3.1 ns an element.)
func sigmoidSpan[T ~float32 | ~float64](s, d []T) {
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	for lo := 0; lo < len(s); lo += mapPiece {
		hi := min(lo+mapPiece, len(s))
		t := sc.f[:hi-lo]
		for i, x := range s[lo:hi] {
			t[i] = -float64(x)
		}
		kernels.Exp(t, t)
		for i, e := range t {
			d[lo+i] = T(1 / (1 + e))
		}
	}
}
