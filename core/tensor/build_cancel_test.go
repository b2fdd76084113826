package tensor

import (
	"bytes"
	"slices"
	"testing"

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

// TestLevelWalksPoll: EntriesOf (the walk of a CSR's levels) and BuildFrom
// (the sort by level coordinates, the duplicate marks, the level walks, the
// pointer sums and the value scatter) poll the cancel token every 64K
// entries or positions of each pass, and a cancel seen at any of those polls
// ends the call with the cancellation error, its input untouched.
func TestLevelWalksPoll(t *testing.T) {
	const n, dim = 1 << 17, 1 << 17 // a pass over the entries or the rows: 2 polls
	coo := bigCOO(t, n, dim)
	csr, err := ToLayout(coo, CSR, DefaultConvert())
	require.NoError(t, err)
	e, err := EntriesOf(coo, 2)
	require.NoError(t, err)
	spec, err := TargetSpec(CSC, coo.Shape(), 0, -1, [2]int64{})
	require.NoError(t, err)
	calls := map[string]func() error{
		"EntriesOf": func() error { _, err := EntriesOf(csr, 2); return err },
		"BuildFrom": func() error { _, err := BuildFrom(spec, e, coo.dtype, make([]byte, 8), 0, false); return err },
	}
	for _, name := range []string{"EntriesOf", "BuildFrom"} {
		t.Run(name, func(t *testing.T) {
			polls := countPolls(t, cancel.New(), 0)
			require.NoError(t, calls[name]())
			// EntriesOf: 4 passes (the walk, and a coordinate pass per
			// level); BuildFrom: 10 or more.
			least := map[string]int{"EntriesOf": 4 * n >> 16, "BuildFrom": 10 * n >> 16}[name]
			require.GreaterOrEqual(t, *polls, least, "polls of %s", name)
			total := *polls
			coords := [][]int64{slices.Clone(e.Coords[0]), slices.Clone(e.Coords[1])}
			src, vals := slices.Clone(e.Src), bytes.Clone(e.Vals.Data)
			csrVals := bytes.Clone(csr.values.Data)
			for k := 1; k <= total; k++ {
				tok := cancel.New()
				countPolls(t, tok, k)
				err := func() (err error) {
					defer cancel.Catch(&err)
					return calls[name]()
				}()
				require.ErrorIs(t, err, cancel.ErrCancelled, "cancelled at poll %d of %d", k, total)
				require.Equal(t, coords, e.Coords)
				require.Equal(t, src, e.Src)
				require.Equal(t, vals, e.Vals.Data)
				require.Equal(t, csrVals, csr.values.Data)
			}
		})
	}
}
