package kernels

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// refSortPerm is the reference: a stable comparison sort of positions.
func refSortPerm[I Index](coords [][]I) []I {
	n := len(coords[0])
	perm := make([]I, n)
	for i := range perm {
		perm[i] = I(i)
	}
	slices.SortStableFunc(perm, func(a, b I) int {
		for _, c := range coords {
			if r := cmp.Compare(c[a], c[b]); r != 0 {
				return r
			}
		}
		return 0
	})
	return perm
}

// sortCase is a random coordinate set: n entries in dims, drawn from
// few distinct values (many ties) or many.
type sortCase struct {
	name   string
	n      int
	dims   []int64
	spread int64 // coordinates drawn from [0, min(dim, spread))
	order  string
}

var sortCases = []sortCase{
	{name: "empty", n: 0, dims: []int64{3, 4}},
	{name: "empty-0x0", n: 0, dims: []int64{0, 0}},
	{name: "single", n: 1, dims: []int64{1, 1}},
	{name: "small-ties", n: 50, dims: []int64{4, 3}},
	{name: "radix-ties", n: 3000, dims: []int64{30, 20}},
	{name: "radix-wide", n: 5000, dims: []int64{1 << 30, 1 << 30}},
	{name: "radix-sorted", n: 4000, dims: []int64{100, 100}, order: "sorted"},
	{name: "radix-reversed", n: 4000, dims: []int64{100, 100}, order: "reversed"},
	{name: "one-row", n: 2000, dims: []int64{1, 1000}},
	{name: "one-col", n: 2000, dims: []int64{1000, 1}},
	{name: "3d", n: 3000, dims: []int64{7, 11, 13}},
	{name: "3d-two-keys", n: 3000, dims: []int64{1 << 30, 1 << 30, 1 << 30}, spread: 50},
	{name: "few-rows", n: 3000, dims: []int64{3, 1 << 20}},
	{name: "1d", n: 3000, dims: []int64{1000}},
	{name: "1d-wide", n: 3000, dims: []int64{1 << 40}, spread: 1 << 30},
	{name: "long-rows", n: 5000, dims: []int64{2, 1 << 30}},
	{name: "4d-three-keys", n: 2500, dims: []int64{1 << 31, 1 << 31, 1 << 31, 1 << 31}, spread: 3},
}

func genCoords[I Index](r *rand.Rand, c sortCase) [][]I {
	coords := make([][]I, len(c.dims))
	for d, dim := range c.dims {
		coords[d] = make([]I, c.n)
		hi := dim
		if c.spread > 0 {
			hi = min(hi, c.spread)
		}
		for t := range coords[d] {
			coords[d][t] = I(r.Int64N(hi))
		}
	}
	if c.order != "" {
		p := refSortPerm(coords)
		if c.order == "reversed" {
			slices.Reverse(p)
		}
		for d := range coords {
			old := slices.Clone(coords[d])
			for t := range p {
				coords[d][t] = old[p[t]]
			}
		}
	}
	return coords
}

func TestSortCoords(t *testing.T) {
	t.Run("int32", testSortCoords[int32])
	t.Run("int64", testSortCoords[int64])
}

func testSortCoords[I Index](t *testing.T) {
	modes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(21, 22))
		for _, c := range sortCases {
			coords := genCoords[I](r, c)
			want := refSortPerm(coords)
			got, err := SortCoords(coords, c.dims)
			require.NoError(t, err, c.name)
			require.Equal(t, want, got, c.name)
			if len(c.dims) == 2 {
				got, err = SortCOO(coords[0], coords[1], c.dims[0], c.dims[1])
				require.NoError(t, err, c.name)
				require.Equal(t, want, got, c.name)
			}
		}
	})
}

func TestSortCoordsErrors(t *testing.T) {
	rows, cols := []int32{0, 1, 2}, []int32{0, 5, 1}
	_, err := SortCOO(rows, cols, 3, 5)
	var ae *ArgError
	require.ErrorAs(t, err, &ae)
	require.Contains(t, err.Error(), "coords[1][1] = 5")
	// The same errors past the insertion sort's size, and in parallel.
	setKnobs(t, 1, 3)
	many := make([]int32, 2*radixSmall)
	bad := slices.Clone(many)
	bad[7] = 3
	_, err = SortCOO(bad, many, 3, 5)
	require.ErrorContains(t, err, "coords[0][7] = 3")
	_, err = SortCOO(many, bad, 3, 3)
	require.ErrorContains(t, err, "coords[1][7] = 3")
	_, err = SortCOO([]int32{0, -1}, []int32{0, 0}, 3, 5)
	require.ErrorContains(t, err, "coords[0][1] = -1")
	_, err = SortCOO(rows, cols[:2], 3, 5)
	require.ErrorContains(t, err, "len(coords[1])")
	_, err = SortCOO(rows, cols, -1, 5)
	require.ErrorContains(t, err, "dims[0] = -1")
	_, err = SortCoords[int32](nil, nil)
	require.ErrorContains(t, err, "at least one dimension")
	_, err = SortCoords([][]int32{rows}, []int64{3, 4})
	require.ErrorContains(t, err, "dims")
	// A coordinate of a later key group (the leading dimension) is checked
	// too, after the permutation is applied.
	big := int64(1) << 40
	_, err = SortCoords([][]int64{{0, big}, {1, 0}, {2, 0}}, []int64{big, big, big})
	require.ErrorContains(t, err, "coords[0][1]")
}

func TestSortKeys(t *testing.T) {
	modes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(23, 24))
		for _, n := range []int{0, 1, 2, 100, radixSmall + 1, 5000} {
			for _, spread := range []uint64{1, 3, 1 << 12, 1 << 40, math.MaxUint64} {
				keys := make([]uint64, n)
				for i := range keys {
					keys[i] = r.Uint64N(spread)
					if spread == math.MaxUint64 {
						keys[i] = r.Uint64()
					}
				}
				// Chain on a prior permutation: perm starts reversed.
				perm := make([]int64, n)
				for i := range perm {
					perm[i] = int64(n - 1 - i)
				}
				type kp struct {
					k uint64
					p int64
				}
				ref := make([]kp, n)
				for i := range ref {
					ref[i] = kp{keys[i], perm[i]}
				}
				slices.SortStableFunc(ref, func(a, b kp) int { return cmp.Compare(a.k, b.k) })
				require.NoError(t, SortKeys(keys, perm))
				for i := range ref {
					require.Equal(t, ref[i].k, keys[i])
					require.Equal(t, ref[i].p, perm[i])
				}
			}
		}
		require.Error(t, SortKeys(make([]uint64, 3), make([]int32, 2)))
	})
}

func TestCountingSortByKey(t *testing.T) {
	t.Run("int32", testCountingSort[int32])
	t.Run("int64", testCountingSort[int64])
}

func testCountingSort[I Index](t *testing.T) {
	modes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(25, 26))
		for _, c := range []struct{ n, nkeys int }{{0, 0}, {0, 5}, {1, 1}, {7, 3}, {500, 10}, {300, 1000}, {5000, 1}} {
			keys := make([]I, c.n)
			for i := range keys {
				keys[i] = I(r.IntN(c.nkeys))
			}
			ptr, perm, err := CountingSortByKey(keys, c.nkeys)
			require.NoError(t, err)
			require.Equal(t, refSortPerm([][]I{keys}), perm)
			require.Len(t, ptr, c.nkeys+1)
			wantPtr := make([]I, c.nkeys+1)
			for _, k := range keys {
				wantPtr[k+1]++
			}
			for k := range c.nkeys {
				wantPtr[k+1] += wantPtr[k]
			}
			require.Equal(t, wantPtr, ptr)
		}
		_, _, err := CountingSortByKey([]I{0, 3, 1}, 3)
		require.ErrorContains(t, err, "keys[1] = 3")
		_, _, err = CountingSortByKey([]I{0, -2, 1}, 3)
		require.ErrorContains(t, err, "keys[1] = -2")
		_, _, err = CountingSortByKey([]I{}, -1)
		require.ErrorContains(t, err, "nkeys")
	})
}

func TestDedupSorted(t *testing.T) {
	t.Run("int32", testDedupSorted[int32])
	t.Run("int64", testDedupSorted[int64])
}

func testDedupSorted[I Index](t *testing.T) {
	modes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(27, 28))
		for _, c := range sortCases {
			coords := genCoords[I](r, c)
			perm := refSortPerm(coords)
			var want []I
			for t := range perm {
				if t == 0 {
					want = append(want, 0)
					continue
				}
				for _, cd := range coords {
					if cd[perm[t]] != cd[perm[t-1]] {
						want = append(want, I(t))
						break
					}
				}
			}
			want = append(want, I(len(perm)))
			got, err := DedupSorted(coords, perm)
			require.NoError(t, err, c.name)
			require.Equal(t, want, got, c.name)
			// Without perm, on coordinates gathered into order.
			sorted := make([][]I, len(coords))
			for d := range coords {
				sorted[d] = make([]I, len(perm))
				require.NoError(t, Gather(sorted[d], coords[d], 1, perm))
			}
			got, err = DedupSorted(sorted, nil)
			require.NoError(t, err, c.name)
			require.Equal(t, want, got, c.name)
		}
		_, err := DedupSorted([][]I{{0, 0, 1, 1}, {0, 2, 1, 0}}, nil)
		require.ErrorContains(t, err, "entry 3 is less than entry 2")
		_, err = DedupSorted([][]I{{0, 1}, {0}}, nil)
		require.ErrorContains(t, err, "len(coords[1])")
		_, err = DedupSorted([][]I{{0, 1}}, []I{0})
		require.ErrorContains(t, err, "perm")
	})
}

func TestGather(t *testing.T) {
	modes(t, func(t *testing.T) {
		src := []uint16{10, 11, 20, 21, 30, 31}
		dst := make([]uint16, 8)
		require.NoError(t, Gather(dst, src, 2, []int32{2, 0, 0, 1}))
		require.Equal(t, []uint16{30, 31, 10, 11, 10, 11, 20, 21}, dst)
		require.ErrorContains(t, Gather(dst, src, 2, []int32{2, 0, 3, 1}), "perm[2] = 3")
		require.ErrorContains(t, Gather(dst[:3], src, 2, []int32{0, 1}), "dst")
		require.ErrorContains(t, Gather(dst, src, 0, []int32{}), "w")
		require.NoError(t, Gather([]bool{}, []bool{}, 1, []int64{}))
	})
}

func TestSegmentSum(t *testing.T) { eachSuite(t, kernelSuite.testSegmentSum) }

func (suite[I, V]) testSegmentSum(t *testing.T) {
	modes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(29, 30))
		for _, n := range []int{0, 1, 9, 300} {
			for _, w := range []int{1, 3} {
				src := randVec[V](r, n*w)
				perm := make([]I, n)
				for i, p := range r.Perm(n) {
					perm[i] = I(p)
				}
				starts := []I{0}
				for t := 1; t < n; t++ {
					if r.IntN(3) == 0 {
						starts = append(starts, I(t))
					}
				}
				if n > 0 {
					starts = append(starts, I(n))
				}
				nseg := len(starts) - 1
				for _, pm := range [][]I{perm, nil} {
					want := make([]V, nseg*w)
					for u := range nseg {
						for t := starts[u]; t < starts[u+1]; t++ {
							e := int(t)
							if pm != nil {
								e = int(pm[t])
							}
							for k := range w {
								want[u*w+k] += src[e*w+k]
							}
						}
					}
					got := randVec[V](r, nseg*w) // stale: must be overwritten
					require.NoError(t, SegmentSum(got, src, w, pm, starts))
					assertClose(t, want, got, "segsum")
				}
			}
		}
		require.ErrorContains(t, SegmentSum(make([]V, 2), make([]V, 4), 1, nil, []I{0, 3, 2}), "must not decrease")
		require.ErrorContains(t, SegmentSum(make([]V, 1), make([]V, 4), 1, nil, []I{1, 4}), "start with 0")
		require.ErrorContains(t, SegmentSum(make([]V, 2), make([]V, 4), 1, nil, []I{0, 4}), "dst")
	})
}
