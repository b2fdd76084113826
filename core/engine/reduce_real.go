package engine

import (
	"math"

	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// The typed folds of the real dtypes: integers and bool accumulate in int64
// (exact, wrapping as torch's CPU kernels), floats in float64.

// realVal is a stored real element type; realAcc an accumulator type.
type realVal interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~float32 | ~float64
}

type realAcc interface{ ~int64 | ~float64 }

// allChunk is the fixed chunk of a fold over all values: partials per chunk,
// combined in chunk order, make the result independent of the thread count.
const allChunk = 1 << 16

// initReal is op's identity.
func initReal[A realAcc](op ReduceOp) A {
	var a A
	switch op {
	case Prod:
		a = 1
	case Amax, Amin:
		switch p := any(&a).(type) {
		case *float64:
			*p = math.Inf(1)
		case *int64:
			*p = math.MaxInt64
		}
		if op == Amax {
			switch p := any(&a).(type) {
			case *float64:
				*p = math.Inf(-1)
			case *int64:
				*p = math.MinInt64
			}
		}
	}
	return a
}

// foldReal folds v into acc by op, in order. Amax and Amin keep a NaN once
// seen (torch propagates it); Any is 1 once a non-zero is seen.
func foldReal[V realVal, A realAcc](op ReduceOp, v []V, acc A) A {
	switch op {
	case Sum, Mean:
		for _, x := range v {
			acc += A(x)
		}
	case Prod:
		for _, x := range v {
			acc *= A(x)
		}
	case Amax:
		for _, x := range v {
			if a := A(x); a > acc || a != a {
				acc = a
			}
		}
	case Amin:
		for _, x := range v {
			if a := A(x); a < acc || a != a {
				acc = a
			}
		}
	case Norm:
		for _, x := range v {
			acc += A(x) * A(x)
		}
	case Any, CountNonzero:
		return foldNonzero(op, v, acc)
	}
	return acc
}

// foldNonzero is the Any and CountNonzero fold of every dtype: they look
// at x != 0 only.
func foldNonzero[V kernels.Number, A computeVal](op ReduceOp, v []V, acc A) A {
	if op == Any {
		if acc != 0 {
			return acc
		}
		for _, x := range v {
			if x != 0 {
				return 1
			}
		}
		return acc
	}
	for _, x := range v {
		if x != 0 {
			acc++
		}
	}
	return acc
}

// sumReal is the Sum fold of a long run with eight accumulators (Go does
// not reassociate, nor vectorise: eight chains keep both add ports busy
// where four waited on the add latency); float64 values go through
// kernels.SumFloat64's sixty-four lanes (AVX-512 or AVX2), several times as
// fast on values the cache holds. The order depends on the run only.
func sumReal[V realVal, A realAcc](v []V, acc A) A {
	if f, ok := any(v).([]float64); ok {
		if a, ok := any(acc).(float64); ok {
			return A(a + kernels.SumFloat64(f))
		}
	}
	var s0, s1, s2, s3, s4, s5, s6, s7 A
	// Re-slicing v lets the compiler drop the bounds checks.
	for ; len(v) >= 8; v = v[8:] {
		s0 += A(v[0])
		s1 += A(v[1])
		s2 += A(v[2])
		s3 += A(v[3])
		s4 += A(v[4])
		s5 += A(v[5])
		s6 += A(v[6])
		s7 += A(v[7])
	}
	for _, x := range v {
		s0 += A(x)
	}
	return acc + (((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)))
}

// sumSquares is Norm's fold of a long run, sumReal's eight chains over
// the squares; float64 values go through kernels.SumSquaresFloat64's
// sixteen lanes (AVX2), as sumReal's do.
func sumSquares[V realVal, A realAcc](v []V, acc A) A {
	if f, ok := any(v).([]float64); ok {
		if a, ok := any(acc).(float64); ok {
			return A(a + kernels.SumSquaresFloat64(f))
		}
	}
	var s0, s1, s2, s3, s4, s5, s6, s7 A
	for ; len(v) >= 8; v = v[8:] {
		x0, x1, x2, x3 := A(v[0]), A(v[1]), A(v[2]), A(v[3])
		x4, x5, x6, x7 := A(v[4]), A(v[5]), A(v[6]), A(v[7])
		s0 += x0 * x0
		s1 += x1 * x1
		s2 += x2 * x2
		s3 += x3 * x3
		s4 += x4 * x4
		s5 += x5 * x5
		s6 += x6 * x6
		s7 += x7 * x7
	}
	for _, x := range v {
		s0 += A(x) * A(x)
	}
	return acc + (((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)))
}

// combineReal combines two partial results of op.
func combineReal[A realAcc](op ReduceOp, a, b A) A {
	switch op {
	case Sum, Mean, CountNonzero, Norm:
		return a + b
	case Prod:
		return a * b
	case Amax:
		if b > a || b != b || a != a {
			if a != a {
				return a
			}
			return b
		}
	case Amin:
		if b < a || b != b || a != a {
			if a != a {
				return a
			}
			return b
		}
	case Any:
		if a != 0 || b != 0 {
			return 1
		}
		return 0
	}
	return a
}

// finishReal counts missing unspecified elements equal to fill into acc
// (none when missing is 0, whatever fill is) and divides a mean by group.
func finishReal[A realAcc](op ReduceOp, acc A, missing int64, fill A, group int64) A {
	if missing > 0 {
		switch op {
		case Sum, Mean:
			acc += fill * A(missing)
		case Prod:
			acc *= powReal(fill, missing)
		case Amax, Amin:
			acc = combineReal(op, acc, fill)
		case Any:
			if fill != 0 {
				acc = 1
			}
		case CountNonzero:
			if fill != 0 {
				acc += A(missing)
			}
		case Norm:
			acc += fill * fill * A(missing)
		}
	}
	switch op {
	case Mean:
		acc /= A(group)
	case Norm:
		acc = sqrtAcc(acc)
	}
	return acc
}

// sqrtAcc is Norm's finish: the square root of a float64 accumulator
// (Norm never runs on an integer accumulator: checkReduce refuses it).
func sqrtAcc[A realAcc](acc A) A {
	if f, ok := any(acc).(float64); ok {
		return A(math.Sqrt(f))
	}
	return acc
}

// powReal is v**n for n > 0: exact (wrapping) by squaring for integers,
// math.Pow for floats.
func powReal[A realAcc](v A, n int64) A {
	if f, ok := any(v).(float64); ok {
		return A(math.Pow(f, float64(n)))
	}
	r, b := A(1), v
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			r *= b
		}
		b *= b
	}
	return r
}

// allReal folds every stored value (fixed chunks in parallel) and the
// missing unspecified ones.
func allReal[V realVal, A realAcc](op ReduceOp, v []V, missing, numel int64, fill A) A {
	if len(v) > 0 && len(v) <= allChunk { // one chunk: no partials or closure to allocate (a small call's cost)
		return finishReal(op, combineReal(op, initReal[A](op), chunkReal[V, A](op, v)), missing, fill, numel)
	}
	parts := make([]A, (len(v)+allChunk-1)/allChunk)
	parallel.ForChunks(len(v), allChunk, func(c, lo, hi int) { parts[c] = chunkReal[V, A](op, v[lo:hi]) })
	acc := initReal[A](op)
	for _, p := range parts {
		acc = combineReal(op, acc, p)
	}
	return finishReal(op, acc, missing, fill, numel)
}

// chunkReal is the partial of one chunk of allReal.
func chunkReal[V realVal, A realAcc](op ReduceOp, v []V) A {
	switch op {
	case Sum, Mean:
		return sumReal(v, A(0))
	case Norm:
		return sumSquares(v, A(0))
	}
	return foldReal(op, v, initReal[A](op))
}

// rowsReal folds the rows [lo, hi) of a compressed level into accs[r].
func rowsReal[I kernels.Index, V realVal, A realAcc](op ReduceOp, pos []I, v []V, lo, hi int, accs []A) {
	base := pos[0]
	init := initReal[A](op)
	switch op {
	case Sum, Mean:
		for r := lo; r < hi; r++ {
			s := init
			for _, x := range v[pos[r]-base : pos[r+1]-base] {
				s += A(x)
			}
			accs[r] = s
		}
	case Amax:
		for r := lo; r < hi; r++ {
			m := init
			for _, x := range v[pos[r]-base : pos[r+1]-base] {
				if a := A(x); a > m || a != a {
					m = a
				}
			}
			accs[r] = m
		}
	default:
		for r := lo; r < hi; r++ {
			accs[r] = foldReal(op, v[pos[r]-base:pos[r+1]-base], init)
		}
	}
}

// scatterReal folds v[k] into accs[crd[k]] in storage order and counts
// the stored elements per group.
func scatterReal[I kernels.Index, V realVal, A realAcc, C counter](op ReduceOp, crd []I, v []V, accs []A, cnt []C) {
	v = v[:len(crd)]
	switch op {
	case Sum, Mean:
		for k, g := range crd {
			accs[g] += A(v[k])
			cnt[g]++
		}
	case Amax:
		for k, g := range crd {
			if a := A(v[k]); a > accs[g] || a != a {
				accs[g] = a
			}
			cnt[g]++
		}
	default:
		for k, g := range crd {
			accs[g] = foldReal(op, v[k:k+1], accs[g])
			cnt[g]++
		}
	}
}
