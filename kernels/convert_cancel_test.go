package kernels

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/kernels/cancel"
)

// TestCompressOneHugeBucketPolls: when every entry falls in one bucket (one
// row), a cancel made during that bucket's sort stops CompressRows within
// the bucket, on the packed and the direct (wide columns) sorts alike: the
// token is cancelled by the first sum of a repeat, in the bucket's merge,
// and the merge must stop within some 64K entries, long before it has
// summed all the repeats (the bucket loop polls only between buckets). The
// call returns the cancellation and the inputs are untouched.
func TestCompressOneHugeBucketPolls(t *testing.T) {
	for _, c := range []struct {
		name  string
		ncols int64
	}{{"packed", 1 << 20}, {"direct", 1 << 62}} {
		t.Run(c.name, func(t *testing.T) {
			const n = 1 << 20
			tok := cancel.New()
			withToken(t, tok)
			r := rand.New(rand.NewPCG(41, 42))
			rows, cols, vals := make([]int64, n), make([]int64, n), make([]float64, n)
			for k := range n {
				cols[k] = r.Int64N(1<<19) * (c.ncols >> 20) // repeats: about 1 entry in 3
				vals[k] = r.Float64()
			}
			rows0, cols0, vals0 := slices.Clone(rows), slices.Clone(cols), slices.Clone(vals)
			sums := 0
			add := func(dst *float64, src float64) {
				if sums++; sums == 1 {
					tok.Cancel()
				}
				*dst += src
			}
			err := func() (err error) {
				defer cancel.Catch(&err)
				_, err = CompressRows(rows, cols, vals, 1, c.ncols, add, false)
				return err
			}()
			require.ErrorIs(t, err, cancel.ErrCancelled)
			repeats := n - len(distinct(cols))
			require.Less(t, sums, repeats/4, "the merge stopped within the bucket (%d repeats)", repeats)
			require.Equal(t, rows0, rows)
			require.Equal(t, cols0, cols)
			require.Equal(t, vals0, vals)
			tok.Reset()
			got, err := CompressRows(rows, cols, vals, 1, c.ncols, addFloat, false)
			require.NoError(t, err, "the next call works")
			require.Equal(t, int(got.Ptr[1]), len(got.Idx))
		})
	}
}

// distinct is the set of values of s.
func distinct(s []int64) map[int64]bool {
	m := make(map[int64]bool, len(s))
	for _, v := range s {
		m[v] = true
	}
	return m
}

// TestCountingSortAndGatherPoll: CountingSortByKey and Gather (the hybrid
// conversions' grouping and value moves) poll the caller's token: a
// cancelled one stops them with the cancellation error, inputs untouched.
func TestCountingSortAndGatherPoll(t *testing.T) {
	tok := cancel.New()
	withToken(t, tok)
	keys := []int32{3, 1, 2, 1, 0}
	src := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	perm := []int32{4, 0, 2}
	keys0, src0, perm0 := slices.Clone(keys), slices.Clone(src), slices.Clone(perm)
	tok.Cancel()
	stopped := func(f func() error) (err error) {
		defer cancel.Catch(&err)
		return f()
	}
	require.ErrorIs(t, stopped(func() error { _, _, err := CountingSortByKey(keys, 4); return err }), cancel.ErrCancelled)
	dst := make([]float64, 6)
	tok.Cancel() // the first stop answered the first cancel
	require.ErrorIs(t, stopped(func() error { return Gather(dst, src, 2, perm) }), cancel.ErrCancelled)
	require.Equal(t, keys0, keys)
	require.Equal(t, src0, src)
	require.Equal(t, perm0, perm)
	tok.Reset()
	ptr, p, err := CountingSortByKey(keys, 4)
	require.NoError(t, err)
	require.Equal(t, []int32{0, 1, 3, 4, 5}, ptr)
	require.Equal(t, []int32{4, 1, 3, 2, 0}, p)
	require.NoError(t, Gather(dst, src, 2, perm))
	require.Equal(t, []float64{9, 10, 1, 2, 5, 6}, dst)
}
