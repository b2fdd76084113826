package ops

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// TestUnaryPerSlotFillMatchesDense: every unary op maps each fill slot of a
// per-slot hybrid tensor (uncoalesced COO, CSR, BSR) as it maps the stored
// values, so to_dense(op(A)) == op(to_dense(A)); pow included.
func TestUnaryPerSlotFillMatchesDense(t *testing.T) {
	idx := dtype.Int64Array([]int64{1, 0, 3, 1, 2, 0, 3, 2}, 2, 4)
	vals := dtype.Float64Array([]float64{0.25, -2, 3, 0.5, -0.75, 6, 0.125, 0}, 4, 2)
	coo, err := tensor.NewCOO(idx, vals, []int64{4, 4, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	s, err := tensor.WithSlotFill(coo, dtype.Float64Array([]float64{0.5, -1}, 2))
	require.NoError(t, err)
	opt := tensor.DefaultConvert()
	opt.BlockSize = [2]int64{2, 2}
	csr, err := convert.ToLayout(s, tensor.CSR, opt)
	require.NoError(t, err)
	bsr, err := convert.ToLayout(s, tensor.BSR, opt)
	require.NoError(t, err)
	cases := ewUnaryCases()
	tested := 0
	for _, a := range []*tensor.Tensor{s, csr, bsr} {
		ref, err := convert.ToDense(a)
		require.NoError(t, err)
		for _, name := range UnaryOps() {
			for _, args := range cases[name] {
				msg := ewName(name, " ", a.Layout())
				want, werr := UnaryByName(name, ref, args)
				got, gerr := UnaryByName(name, a, args)
				if werr != nil {
					require.Equal(t, errs.CodeOf(werr), errs.CodeOf(gerr), msg)
					continue
				}
				require.NoError(t, gerr, msg)
				require.Equal(t, a.Layout(), got.Layout(), msg)
				ewRequireSameDense(t, want, got, msg)
				tested++
			}
		}
	}
	require.Greater(t, tested, 60)
}
