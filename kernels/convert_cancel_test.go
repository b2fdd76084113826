package kernels

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/stretchr/testify/require"
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
