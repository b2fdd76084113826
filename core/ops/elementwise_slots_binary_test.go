package ops

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// slotsOperands are hybrid 4x4x2 tensors with per-slot fills in COO
// (uncoalesced), CSR, BSR, CSC and BSC, plus a scalar-fill COO and a strided one of
// the same shape, for the binary-op tests.
func slotsOperands(t *testing.T, d dtype.DType, seed int64) []*tensor.Tensor {
	idx := dtype.Int64Array([]int64{1, 0, 3, 1, 2, 0, 3, 2}, 2, 4)
	if seed == 1 {
		idx = dtype.Int64Array([]int64{0, 1, 2, 3, 3, 1, 0, 0}, 2, 4)
	}
	f := []float64{0.25, -2, 3, 0.5, -0.75, 6, 0.125, 0}
	if seed == 1 {
		f = []float64{2, 1.5, -1, 4, 0, -3, 5, 0.5}
	}
	vals, err := convert.ToDType(mustStrided(t, dtype.Float64Array(f, 4, 2)), d)
	require.NoError(t, err)
	coo, err := tensor.NewCOO(idx, vals.Values(), []int64{4, 4, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	slots, err := convert.ToDType(mustStrided(t, dtype.Float64Array([]float64{0.5 + float64(seed), -1}, 2)), d)
	require.NoError(t, err)
	s, err := tensor.WithSlotFill(coo, slots.Values())
	require.NoError(t, err)
	require.True(t, s.PerSlotFill())
	opt := tensor.DefaultConvert()
	opt.BlockSize = [2]int64{2, 2}
	csr, err := convert.ToLayout(s, tensor.CSR, opt)
	require.NoError(t, err)
	bsr, err := convert.ToLayout(s, tensor.BSR, opt)
	require.NoError(t, err)
	csc, err := convert.ToLayout(s, tensor.CSC, opt)
	require.NoError(t, err)
	bsc, err := convert.ToLayout(s, tensor.BSC, opt)
	require.NoError(t, err)
	require.True(t, csc.PerSlotFill() && bsc.PerSlotFill())
	scalar, err := tensor.WithFill(coo, tensor.ScalarBytes(d, dtype.Real(1.5)))
	require.NoError(t, err)
	dense, err := convert.ToDense(s)
	require.NoError(t, err)
	return []*tensor.Tensor{s, csr, bsr, csc, bsc, scalar, dense}
}

func mustStrided(t *testing.T, a dtype.Array) *tensor.Tensor {
	s, err := tensor.NewStrided(a)
	require.NoError(t, err)
	return s
}

// TestBinaryPerSlotFillMatchesDense: every binary op of two tensors, at
// least one with a per-slot fill, in every layout pair, and with a number on
// either side, gives to_dense(op(A, B)) == op(to_dense(A), to_dense(B)); a
// sparse result's fill slot d is op(fill_a[d], fill_b[d]).
func TestBinaryPerSlotFillMatchesDense(t *testing.T) {
	tested := 0
	for _, d := range []dtype.DType{dtype.Float64, dtype.Int64, dtype.Complex128} {
		as, bs := slotsOperands(t, d, 0), slotsOperands(t, d, 1)
		for _, a := range as {
			ra, err := convert.ToDense(a)
			require.NoError(t, err)
			for _, b := range bs {
				if !a.PerSlotFill() && !b.PerSlotFill() {
					continue
				}
				rb, err := convert.ToDense(b)
				require.NoError(t, err)
				for _, op := range BinaryOps() {
					msg := ewName(op, " ", d, " ", a.Layout(), "+", b.Layout())
					want, werr := BinaryByName(op, TensorOperand(ra), TensorOperand(rb), BinaryArgs{})
					got, gerr := BinaryByName(op, TensorOperand(a), TensorOperand(b), BinaryArgs{})
					if werr != nil {
						require.Equal(t, errs.CodeOf(werr), errs.CodeOf(gerr), "%s: %v / %v", msg, werr, gerr)
						continue
					}
					require.NoError(t, gerr, msg)
					ewRequireSameDense(t, want, got, msg)
					if got.Layout() != tensor.Strided && a.PerSlotFill() && b.PerSlotFill() {
						fw, err := BinaryByName(op, TensorOperand(mustStrided(t, a.SlotFill())), TensorOperand(mustStrided(t, b.SlotFill())), BinaryArgs{})
						require.NoError(t, err, msg)
						ewRequireSameDense(t, fw, mustStrided(t, got.SlotFill()), msg+" fill")
					}
					tested++
				}
			}
			numbers := []dtype.Number{dtype.IntNumber(2), dtype.FloatNumber(-1.5)}
			for _, op := range BinaryOps() {
				if !a.PerSlotFill() {
					break
				}
				for _, n := range numbers {
					for _, first := range []bool{false, true} {
						x, y, rx, ry := TensorOperand(a), NumberOperand(n), TensorOperand(ra), NumberOperand(n)
						if first {
							x, y, rx, ry = y, x, ry, rx
						}
						msg := ewName(op, " ", d, " ", a.Layout(), " n=", n, " first=", first)
						want, werr := BinaryByName(op, rx, ry, BinaryArgs{})
						got, gerr := BinaryByName(op, x, y, BinaryArgs{})
						if werr != nil {
							require.Equal(t, errs.CodeOf(werr), errs.CodeOf(gerr), "%s: %v / %v", msg, werr, gerr)
							continue
						}
						require.NoError(t, gerr, msg)
						require.Equal(t, a.Layout(), got.Layout(), msg)
						ewRequireSameDense(t, want, got, msg)
						tested++
					}
				}
			}
		}
	}
	require.Greater(t, tested, 500)
}

// TestBinaryPerSlotEqualSlotsBecomeScalar: a result whose fill slots come out
// equal holds the scalar fill, as WithSlotFill stores it.
func TestBinaryPerSlotEqualSlotsBecomeScalar(t *testing.T) {
	a := slotsOperands(t, dtype.Float64, 0)[0]
	r, err := BinaryByName("sub", TensorOperand(a), TensorOperand(a), BinaryArgs{})
	require.NoError(t, err)
	require.False(t, r.PerSlotFill())
	require.Equal(t, 0.0, dtype.LoadScalar(r.DType(), r.FillElem()).Re())
}
