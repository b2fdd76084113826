package kernels

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

func TestSpMM(t *testing.T)      { eachSuite(t, kernelSuite.testSpMM) }
func TestDenseSpMM(t *testing.T) { eachSuite(t, kernelSuite.testDenseSpMM) }
func TestSDDMM(t *testing.T)     { eachSuite(t, kernelSuite.testSDDMM) }
func TestSpGEMM(t *testing.T)    { eachSuite(t, kernelSuite.testSpGEMM) }

func (suite[I, V]) testSpMM(t *testing.T) {
	modes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(11, 12))
		for _, c := range csrCases {
			a := genCSR[I, V](r, c)
			d := denseOf(a)
			ks := []int{0, 1, 2, 3, 5, 8, 17}
			if a.Rows*a.Cols < 100 && a.Rows*a.Cols > 0 {
				ks = append(ks, spmmTile+37) // more than one tile per row
			}
			for _, k := range ks {
				for _, ab := range scalars[V]() {
					b := randVec[V](r, a.Cols*k)
					out := staleOutput(r, a.Rows*k, ab[1])
					want := refGEMM(ab[0], d, b, a.Rows, a.Cols, k, ab[1], out)
					require.NoError(t, SpMM(ab[0], a, b, k, ab[1], out))
					assertClose(t, want, out, c.name)
				}
			}
		}
	})
}

func (suite[I, V]) testDenseSpMM(t *testing.T) {
	modes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(13, 14))
		for _, c := range csrCases {
			a := genCSR[I, V](r, c)
			d := denseOf(a)
			for _, m := range []int{0, 1, 3, 4, 5, 9, 14} {
				for _, ab := range scalars[V]() {
					x := randVec[V](r, m*a.Rows)
					out := staleOutput(r, m*a.Cols, ab[1])
					want := refGEMM(ab[0], x, d, m, a.Rows, a.Cols, ab[1], out)
					require.NoError(t, DenseSpMM(ab[0], x, m, a, ab[1], out))
					assertClose(t, want, out, c.name)
				}
			}
		}
	})
}

func (suite[I, V]) testSDDMM(t *testing.T) {
	modes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(15, 16))
		for _, c := range csrCases {
			s := genCSR[I, V](r, c)
			for _, k := range []int{0, 1, 3, 8, 13} {
				for _, ab := range scalars[V]() {
					alpha, beta := ab[0], ab[1]
					a := randVec[V](r, s.Rows*k)
					bt := randVec[V](r, s.Cols*k)
					out := staleOutput(r, len(s.Val), beta)
					want := slices.Clone(out)
					for i := 0; i < s.Rows; i++ {
						for p := s.Ptr[i]; p < s.Ptr[i+1]; p++ {
							j := int(s.Idx[p])
							var dot V
							for q := range k {
								dot += a[i*k+q] * bt[j*k+q]
							}
							want[p] = alpha * dot
							if beta != 0 {
								want[p] += beta * s.Val[p]
							}
						}
					}
					require.NoError(t, SDDMM(alpha, a, bt, k, beta, s, out))
					// Outside the stored range, out must be untouched
					// (NaN stays NaN): compare those positions bitwise.
					end := int(s.Ptr[s.Rows])
					lo := int(s.Ptr[0])
					require.Equal(t, toBits(want[:lo]), toBits(out[:lo]), c.name)
					require.Equal(t, toBits(want[end:]), toBits(out[end:]), c.name)
					assertClose(t, want[lo:end], out[lo:end], c.name)
					// In place: out may be s.Val itself.
					vals := slices.Clone(s.Val)
					inPlace := s
					inPlace.Val = vals
					require.NoError(t, SDDMM(alpha, a, bt, k, beta, inPlace, vals))
					assertClose(t, want[lo:end], vals[lo:end], c.name+"/in-place")
				}
			}
		}
	})
}

// toBits renders values for bitwise comparison (NaN equals NaN).
func toBits[V Number](v []V) []string {
	s := make([]string, len(v))
	for i, x := range v {
		c := toC128(x)
		s[i] = fmtBits(real(c)) + "," + fmtBits(imag(c))
	}
	return s
}

func (suite[I, V]) testSpGEMM(t *testing.T) {
	for _, path := range []string{"dense-acc", "dense-acc-tag-wrap", "sort-acc"} {
		t.Run(path, func(t *testing.T) {
			if path == "dense-acc-tag-wrap" {
				old := spgemmTagStart
				spgemmTagStart = math.MaxUint32 - 5
				t.Cleanup(func() { spgemmTagStart = old })
			}
			if path == "sort-acc" {
				old := spgemmDenseAccMax
				spgemmDenseAccMax = -1 << 62
				t.Cleanup(func() { spgemmDenseAccMax = old })
			}
			spgemmModes(t, func(t *testing.T) {
				r := rand.New(rand.NewPCG(17, 18))
				for _, c := range csrCases {
					a := genCSR[I, V](r, c)
					for _, n := range []int{0, 1, 6, 31} {
						b := genCSR[I, V](r, csrCase{rows: a.Cols, cols: n, maxPerRow: min(n, 6), dup: c.dup, unsorted: c.unsorted, offset: 2})
						checkSpGEMM(t, a, b, path != "sort-acc")
					}
				}
			})
		})
	}
	t.Run("long-rows", func(t *testing.T) {
		// Rows of A with many entries and wide, long rows of C: the
		// general sort, and the scan of narrow rows.
		spgemmModes(t, func(t *testing.T) {
			r := rand.New(rand.NewPCG(23, 24))
			for _, c := range []csrCase{
				{name: "wide", rows: 6, cols: 90, maxPerRow: 80, dup: true, unsorted: true},
				{name: "narrow", rows: 40, cols: 12, maxPerRow: 12},
			} {
				a := genCSR[I, V](r, c)
				for _, n := range []int{40, 5000} {
					b := genCSR[I, V](r, csrCase{rows: a.Cols, cols: n, maxPerRow: min(n, 30), unsorted: true})
					checkSpGEMM(t, a, b, true)
				}
			}
		})
	})
	t.Run("bounded-hook", func(t *testing.T) {
		modes(t, func(t *testing.T) {
			r := rand.New(rand.NewPCG(21, 22))
			a := genCSR[I, V](r, csrCase{rows: 30, cols: 20, maxPerRow: 8, dup: true})
			b := genCSR[I, V](r, csrCase{rows: 20, cols: 25, maxPerRow: 9, offset: 3})
			// The lower bound: each row of C holds at least the longest row
			// of B that it combines.
			var want int64
			for i := 0; i < a.Rows; i++ {
				var longest I
				for t := a.Ptr[i]; t < a.Ptr[i+1]; t++ {
					k := a.Idx[t]
					longest = max(longest, b.Ptr[k+1]-b.Ptr[k])
				}
				want += int64(longest)
			}
			plan, err := SpGEMMSymbolic(a, b)
			require.NoError(t, err)
			var upper int64
			for k := 0; k < b.Rows; k++ {
				upper = max(upper, int64(b.Ptr[k+1]-b.Ptr[k]))
			}
			upper = min(upper*int64(a.NNZ()), int64(a.Rows)*int64(b.Cols))
			type call struct {
				nnz  int64
				kind SpGEMMBound
			}
			var calls []call
			stop := errors.New("over the limit")
			// A check that refuses the upper bound gets the lower one, and
			// its refusal of that is returned.
			_, err = SpGEMMBounded(a, b, func(nnz int64, kind SpGEMMBound) error {
				if kind == BoundAccumulator {
					return nil // a byte count, tested on its own
				}
				calls = append(calls, call{nnz, kind})
				if kind != BoundExact {
					return stop
				}
				return nil
			})
			require.ErrorIs(t, err, stop)
			require.Equal(t, []call{{upper, BoundUpper}, {want, BoundLower}}, calls)
			// Accepted bounds: no lower bound is needed, the exact count follows.
			for _, refuseUpper := range []bool{false, true} {
				calls = nil
				c, err := SpGEMMBounded(a, b, func(nnz int64, kind SpGEMMBound) error {
					if kind == BoundAccumulator {
						return nil // a byte count, tested on its own
					}
					calls = append(calls, call{nnz, kind})
					if kind == BoundUpper && refuseUpper {
						return stop
					}
					return nil
				})
				require.NoError(t, err)
				if refuseUpper {
					require.Equal(t, []call{{upper, BoundUpper}, {want, BoundLower}, {plan.NNZ, BoundExact}}, calls)
				} else {
					require.Equal(t, []call{{upper, BoundUpper}, {plan.NNZ, BoundExact}}, calls)
				}
				require.Len(t, c.Idx, int(plan.NNZ))
				require.LessOrEqual(t, plan.NNZ, upper)
			}
			require.LessOrEqual(t, want, plan.NNZ)
		})
	})
	t.Run("accumulator-hook", func(t *testing.T) {
		// The dense accumulators' bytes go to the check; refused, the
		// product forms its rows by sorting, with the same result.
		r := rand.New(rand.NewPCG(21, 22))
		a := genCSR[I, V](r, csrCase{rows: 30, cols: 20, maxPerRow: 8, dup: true})
		b := genCSR[I, V](r, csrCase{rows: 20, cols: 25, maxPerRow: 9})
		var asked []int64
		dense, err := SpGEMMBounded(a, b, func(n int64, kind SpGEMMBound) error {
			if kind == BoundAccumulator {
				asked = append(asked, n)
			}
			return nil
		})
		require.NoError(t, err)
		var z V
		require.Len(t, asked, 1) // the quick plan's
		require.GreaterOrEqual(t, asked[0], int64(b.Cols)*(8+int64(unsafe.Sizeof(z))))
		refused := 0
		sorted, err := SpGEMMBounded(a, b, func(n int64, kind SpGEMMBound) error {
			if kind == BoundAccumulator {
				refused++
				return errors.New("no room")
			}
			return nil
		})
		require.NoError(t, err)
		require.Equal(t, 2, refused) // the quick plan's, then the analysed plan's
		require.Equal(t, dense, sorted)
	})
	t.Run("check-hook", func(t *testing.T) {
		r := rand.New(rand.NewPCG(19, 20))
		a := genCSR[I, V](r, csrCase{rows: 5, cols: 5, maxPerRow: 5})
		stop := errors.New("over the limit")
		var seen int64 = -1
		_, err := SpGEMM(a, a, func(nnz int64) error { seen = nnz; return stop })
		require.ErrorIs(t, err, stop)
		plan, err := SpGEMMSymbolic(a, a)
		require.NoError(t, err)
		require.Equal(t, plan.NNZ, seen)
		_, err = SpGEMM(a, CSR[I, V]{Rows: 4, Cols: 5, Ptr: make([]I, 5)}, nil)
		var ae *ArgError
		require.ErrorAs(t, err, &ae)
		require.Equal(t, "b", ae.Arg)
	})
}

// checkSpGEMM multiplies and checks C's structure (sorted unique columns,
// the structural pattern of A*B) and values (the dense product).
func checkSpGEMM[I Index, V Number](t *testing.T, a, b CSR[I, V], wantDense bool) {
	t.Helper()
	plan, err := SpGEMMSymbolic(a, b)
	require.NoError(t, err)
	require.Equal(t, wantDense, plan.dense)
	c, err := SpGEMM(a, b, nil)
	require.NoError(t, err)
	require.Equal(t, a.Rows, c.Rows)
	require.Equal(t, b.Cols, c.Cols)
	require.Equal(t, plan.NNZ, int64(len(c.Idx)))
	// Structural pattern and flop count from the patterns alone.
	var flops int64
	want := refGEMM(1, denseOf(a), denseOf(b), a.Rows, a.Cols, b.Cols, 0, nil)
	got := make([]V, a.Rows*b.Cols)
	for i := 0; i < a.Rows; i++ {
		pattern := map[int]bool{}
		for t := a.Ptr[i]; t < a.Ptr[i+1]; t++ {
			k := a.Idx[t]
			flops += int64(b.Ptr[k+1] - b.Ptr[k])
			for u := b.Ptr[k]; u < b.Ptr[k+1]; u++ {
				pattern[int(b.Idx[u])] = true
			}
		}
		row := c.Idx[c.Ptr[i]:c.Ptr[i+1]]
		require.Len(t, row, len(pattern), "row %d", i)
		for u, j := range row {
			require.True(t, pattern[int(j)], "row %d col %d not in the pattern", i, j)
			if u > 0 {
				require.Less(t, row[u-1], j, "row %d: columns must increase", i)
			}
			got[i*b.Cols+int(j)] = c.Val[int(c.Ptr[i])+u]
		}
	}
	require.Equal(t, flops, plan.Flops)
	assertClose(t, want, got, "spgemm")
}
