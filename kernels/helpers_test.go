package kernels

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/kernels/parallel"
)

// kernelSuite runs every typed test for one (index, value) type pair.
type kernelSuite interface {
	testSpMV(t *testing.T)
	testSpMVT(t *testing.T)
	testSpMVCOO(t *testing.T)
	testSpMVBSR(t *testing.T)
	testSpMM(t *testing.T)
	testDenseSpMM(t *testing.T)
	testSpGEMM(t *testing.T)
	testSDDMM(t *testing.T)
	testSegmentSum(t *testing.T)
}

// suite implements kernelSuite for index type I and value type V.
type suite[I Index, V Number] struct{}

var suites = []struct {
	name string
	s    kernelSuite
}{
	{"float64/int32", suite[int32, float64]{}},
	{"float64/int64", suite[int64, float64]{}},
	{"float32/int32", suite[int32, float32]{}},
	{"float32/int64", suite[int64, float32]{}},
	{"complex128/int32", suite[int32, complex128]{}},
	{"complex128/int64", suite[int64, complex128]{}},
	{"complex64/int32", suite[int32, complex64]{}},
	{"complex64/int64", suite[int64, complex64]{}},
	{"int64/int32", suite[int32, int64]{}},
	{"int64/int64", suite[int64, int64]{}},
	{"int32/int32", suite[int32, int32]{}},
	{"int32/int64", suite[int64, int32]{}},
	{"int16/int32", suite[int32, int16]{}},
	{"int8/int64", suite[int64, int8]{}},
	{"uint8/int32", suite[int32, uint8]{}},
}

// eachSuite runs test(s) for every type pair as a subtest.
func eachSuite(t *testing.T, test func(s kernelSuite, t *testing.T)) {
	for _, c := range suites {
		t.Run(c.name, func(t *testing.T) { test(c.s, t) })
	}
}

// modes runs f with the serial path forced, and with the parallel path
// forced on tiny inputs (threshold 1, three workers: more parts than the
// test machine's cores, so uneven splits and empty parts happen).
func modes(t *testing.T, f func(t *testing.T)) {
	t.Run("serial", func(t *testing.T) {
		setKnobs(t, math.MaxInt, 0)
		f(t)
	})
	t.Run("parallel", func(t *testing.T) {
		setKnobs(t, 1, 3)
		f(t)
	})
}

// setKnobs sets the parallel thresholds and worker count for one test.
func setKnobs(t testing.TB, threshold, workers int) {
	old := parallel.SetKnobs(parallel.Knobs{Threshold: threshold, ChunkedThreshold: threshold, Workers: workers})
	t.Cleanup(func() { parallel.SetKnobs(old) })
}

// withWorkers sets the worker count, keeping the thresholds, and returns
// what puts the old knobs back.
func withWorkers(workers int) (restore func()) {
	k := parallel.CurrentKnobs()
	old := k
	k.Workers = workers
	parallel.SetKnobs(k)
	return func() { parallel.SetKnobs(old) }
}

// fromParts makes a V from a real and an imaginary part; integer types
// take the real part truncated.
func fromParts[V Number](re, im float64) V {
	var v V
	switch p := any(&v).(type) {
	case *float32:
		*p = float32(re)
	case *float64:
		*p = re
	case *complex64:
		*p = complex64(complex(re, im))
	case *complex128:
		*p = complex(re, im)
	case *int8:
		*p = int8(re)
	case *int16:
		*p = int16(re)
	case *int32:
		*p = int32(re)
	case *int64:
		*p = int64(re)
	case *uint8:
		*p = uint8(re)
	default:
		panic(fmt.Sprintf("fromParts: type %T", v))
	}
	return v
}

// toC128 widens a V to complex128.
func toC128[V Number](v V) complex128 {
	switch x := any(v).(type) {
	case float32:
		return complex(float64(x), 0)
	case float64:
		return complex(x, 0)
	case complex64:
		return complex128(x)
	case complex128:
		return x
	case int8:
		return complex(float64(x), 0)
	case int16:
		return complex(float64(x), 0)
	case int32:
		return complex(float64(x), 0)
	case int64:
		return complex(float64(x), 0)
	case uint8:
		return complex(float64(x), 0)
	}
	panic(fmt.Sprintf("toC128: type %T", v))
}

// isInt reports whether V is an integer type (compared exactly).
func isInt[V Number]() bool {
	switch any(*new(V)).(type) {
	case int8, int16, int32, int64, uint8:
		return true
	}
	return false
}

// tolOf is the relative tolerance for V's sums taken in another order.
func tolOf[V Number]() float64 {
	switch any(*new(V)).(type) {
	case float32, complex64:
		return 1e-4
	case float64, complex128:
		return 1e-11
	}
	return 0
}

// randVal returns a random value: small integers for integer types (so
// products stay exact), uniform in [-1, 1) for floats, both parts for
// complex.
func randVal[V Number](r *rand.Rand) V {
	if isInt[V]() {
		return fromParts[V](float64(r.IntN(7)-3), 0)
	}
	return fromParts[V](2*r.Float64()-1, 2*r.Float64()-1)
}

// randVec returns n random values.
func randVec[V Number](r *rand.Rand, n int) []V {
	v := make([]V, n)
	for i := range v {
		v[i] = randVal[V](r)
	}
	return v
}

// assertClose checks got against want element by element: exactly for
// integers, within a relative tolerance for floats.
func assertClose[V Number](t testing.TB, want, got []V, what string) {
	t.Helper()
	require.Equal(t, len(want), len(got), "%s: length", what)
	if isInt[V]() {
		if !slices.Equal(want, got) {
			require.Equal(t, want, got, what)
		}
		return
	}
	tol := tolOf[V]()
	for i := range want {
		w, g := toC128(want[i]), toC128(got[i])
		// require is slow per element: call it only on a failure.
		if !(cmplx.Abs(w-g) <= tol*(1+cmplx.Abs(w))) {
			require.Failf(t, "values differ", "%s[%d]: want %v, got %v (tolerance %g)", what, i, want[i], got[i], tol)
		}
	}
}

// csrCase describes a random CSR test matrix.
type csrCase struct {
	name       string
	rows, cols int
	maxPerRow  int  // entries per row drawn from [0, maxPerRow]
	dup        bool // repeated columns allowed
	unsorted   bool // columns left in random order
	offset     int  // Ptr[0]: view into a larger array
}

// csrCases covers empty and degenerate shapes, a single element, rows
// longer than the 4-way unroll, repeated and unsorted columns, and views.
var csrCases = []csrCase{
	{name: "0x0", rows: 0, cols: 0},
	{name: "0x5", rows: 0, cols: 5},
	{name: "5x0", rows: 5, cols: 0},
	{name: "1x1-empty", rows: 1, cols: 1, maxPerRow: 0},
	{name: "1x1", rows: 1, cols: 1, maxPerRow: 1},
	{name: "1x9", rows: 1, cols: 9, maxPerRow: 9},
	{name: "9x1", rows: 9, cols: 1, maxPerRow: 1},
	{name: "7x5", rows: 7, cols: 5, maxPerRow: 3},
	{name: "40x33", rows: 40, cols: 33, maxPerRow: 13},
	{name: "dense-17x11", rows: 17, cols: 11, maxPerRow: 11},
	{name: "dup-unsorted-30x20", rows: 30, cols: 20, maxPerRow: 10, dup: true, unsorted: true},
	{name: "view-25x19", rows: 25, cols: 19, maxPerRow: 7, offset: 5},
	{name: "tall-300x4", rows: 300, cols: 4, maxPerRow: 2},
	{name: "wide-3x200", rows: 3, cols: 200, maxPerRow: 60},
}

// genCSR draws a random CSR matrix for the case.
func genCSR[I Index, V Number](r *rand.Rand, c csrCase) CSR[I, V] {
	a := CSR[I, V]{Rows: c.rows, Cols: c.cols, Ptr: make([]I, c.rows+1)}
	a.Idx = make([]I, c.offset)
	a.Val = randVec[V](r, c.offset)
	for i := 0; i < c.rows; i++ {
		a.Ptr[i] = I(len(a.Idx))
		if c.cols == 0 || c.maxPerRow == 0 {
			continue
		}
		k := r.IntN(c.maxPerRow + 1)
		var cols []int
		if c.dup {
			for range k {
				cols = append(cols, r.IntN(c.cols))
			}
		} else {
			cols = r.Perm(c.cols)[:min(k, c.cols)]
		}
		if !c.unsorted {
			slices.Sort(cols)
		}
		for _, j := range cols {
			a.Idx = append(a.Idx, I(j))
			a.Val = append(a.Val, randVal[V](r))
		}
	}
	a.Ptr[c.rows] = I(len(a.Idx))
	// Trailing junk that a kernel must not read.
	a.Idx = append(a.Idx, 1<<20)
	a.Val = append(a.Val, randVal[V](r))
	return a
}

// denseOf returns the row-major dense form of a (repeated entries summed).
func denseOf[I Index, V Number](a CSR[I, V]) []V {
	d := make([]V, a.Rows*a.Cols)
	for i := 0; i < a.Rows; i++ {
		for t := a.Ptr[i]; t < a.Ptr[i+1]; t++ {
			d[i*a.Cols+int(a.Idx[t])] += a.Val[t]
		}
	}
	return d
}

// refGEMM returns alpha*A*B + beta*C for dense row-major A (m x p), B (p x
// n), C (m x n), with beta == 0 ignoring C.
func refGEMM[V Number](alpha V, a, b []V, m, p, n int, beta V, c []V) []V {
	out := make([]V, m*n)
	for i := range m {
		for j := range n {
			var s V
			for q := range p {
				s += a[i*p+q] * b[q*n+j]
			}
			out[i*n+j] = alpha * s
			if beta != 0 {
				out[i*n+j] += beta * c[i*n+j]
			}
		}
	}
	return out
}

// transpose returns the transpose of a dense row-major m x n matrix.
func transpose[V Number](a []V, m, n int) []V {
	t := make([]V, len(a))
	for i := range m {
		for j := range n {
			t[j*m+i] = a[i*n+j]
		}
	}
	return t
}

// scalars lists the (alpha, beta) pairs every product is tested with;
// beta = 0 must ignore the old output, which starts as NaN for floats.
func scalars[V Number]() [][2]V {
	return [][2]V{
		{fromParts[V](1, 0), fromParts[V](0, 0)},
		{fromParts[V](2, 0), fromParts[V](-1, 0)},
		{fromParts[V](-3, 1), fromParts[V](1, 0)},
	}
}

// staleOutput returns an output buffer to be overwritten: NaN for floats
// (so beta = 0 must not read it), random values otherwise.
func staleOutput[V Number](r *rand.Rand, n int, beta V) []V {
	if beta == 0 && !isInt[V]() {
		v := make([]V, n)
		for i := range v {
			v[i] = fromParts[V](math.NaN(), math.NaN())
		}
		return v
	}
	return randVec[V](r, n)
}

// fmtBits renders a float64's bits (so that NaN compares equal to NaN).
func fmtBits(f float64) string {
	return strconv.FormatUint(math.Float64bits(f), 16)
}
