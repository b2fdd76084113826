package tensor_test

import (
	"bytes"
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/tensor"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/stretchr/testify/require"
)

// countPolls binds tok to the caller (as the C ABI does) through a binding
// that counts its look-ups, the polls of the core's loops (cancel.Poll looks
// the token up while some token is cancelled: another one is, for the test)
// and the kernels' fetches of the token, and cancels tok at look-up
// cancelAt (0: never). It returns the count.
func countPolls(t *testing.T, tok *cancel.Token, cancelAt int) *int {
	restore := cancel.BindAll(tok)
	other := cancel.New()
	other.Cancel()
	n := new(int)
	cancel.SetBinding(cancel.Binding{
		Current: func() *Token {
			if *n++; *n == cancelAt {
				tok.Cancel()
			}
			return tok
		},
		Answer: func() {},
	})
	t.Cleanup(func() {
		restore()
		other.Release()
		tok.Release()
	})
	return n
}

// Token is the cancel token, named for countPolls' binding.
type Token = cancel.Token

// TestLevelWalksPoll: EntriesOf (the walk of a CSR's levels), BuildFrom (the
// sort by level coordinates, the duplicate marks, the level walks, the
// pointer sums and the value scatter) and the direct hybrid COO -> CSC (the
// grouping by column, the sort and merge of each column) poll the cancel
// token every 64K entries of each pass over the entries: twice the entries
// make at least passes x entries / 64K more polls (the kernels' fixed polls
// per call do not grow). A cancel seen at any poll ends the call with the
// cancellation error, its input untouched.
func TestLevelWalksPoll(t *testing.T) {
	const n, dim = 1 << 16, 1 << 17 // a pass over n entries: 1 poll
	// passes: the passes over the entries that must poll.
	passes := map[string]int{"EntriesOf": 3, "BuildFrom": 8, "hybrid COO -> CSC": 2}
	for _, name := range []string{"EntriesOf", "BuildFrom", "hybrid COO -> CSC"} {
		t.Run(name, func(t *testing.T) {
			small, _ := levelWalkCall(t, name, n, dim)
			call, snapshot := levelWalkCall(t, name, 2*n, dim)
			polls := countPolls(t, cancel.New(), 0)
			require.NoError(t, small())
			fewer := *polls
			*polls = 0
			require.NoError(t, call())
			total := *polls
			require.GreaterOrEqual(t, total-fewer, passes[name]*n>>16, "polls of %s: %d for %d entries, %d for %d", name, fewer, n, total, 2*n)
			before := snapshot()
			for k := 1; k <= total; k++ {
				tok := cancel.New()
				countPolls(t, tok, k)
				err := func() (err error) {
					defer cancel.Catch(&err)
					return call()
				}()
				require.ErrorIs(t, err, cancel.ErrCancelled, "cancelled at poll %d of %d", k, total)
				require.Equal(t, before, snapshot(), "the inputs are untouched")
			}
		})
	}
}

// levelWalkCall is the call named for a random n-entry dim x dim COO, and a
// function that copies its inputs.
func levelWalkCall(t *testing.T, name string, n int, dim int64) (call func() error, snapshot func() any) {
	coo := bigCOO(t, n, dim)
	switch name {
	case "EntriesOf":
		csr, err := convert.ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
		require.NoError(t, err)
		l := csr.Levels()[1]
		return func() error { _, err := tensor.EntriesOf(csr, 2); return err },
			func() any { return cloneAll(l.Pos.Data, l.Crd.Data, csr.Values().Data) }
	case "BuildFrom":
		e, err := tensor.EntriesOf(coo, 2)
		require.NoError(t, err)
		spec, err := tensor.TargetSpec(tensor.CSC, slices.Clone(coo.Dims()), 0, -1, [2]int64{})
		require.NoError(t, err)
		return func() error { _, err := tensor.BuildFrom(spec, e, coo.DType(), make([]byte, 8), 0, false); return err },
			func() any {
				return []any{slices.Clone(e.Coords[0]), slices.Clone(e.Coords[1]), slices.Clone(e.Src), cloneAll(e.Vals.Data)}
			}
	}
	// A hybrid COO (value blocks of 2) takes the direct path's grouping by
	// column and the per-column sort and merge of its repeats.
	vals := dtype.NewArray(dtype.Float64, []int64{int64(n), 2})
	hybrid, err := tensor.NewCOO(coo.Indices(), vals, []int64{dim, dim, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	return func() error { _, err := convert.ToLayout(hybrid, tensor.CSC, tensor.DefaultConvert()); return err },
		func() any { return cloneAll(hybrid.Indices().Data, hybrid.Values().Data) }
}

// cloneAll copies each byte array.
func cloneAll(bs ...[]byte) [][]byte {
	out := make([][]byte, len(bs))
	for i, b := range bs {
		out[i] = bytes.Clone(b)
	}
	return out
}
