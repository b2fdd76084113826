package ops

import (
	"fmt"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// zeroDCases are 0-d tensors of dtype d with the dense value v: strided, a COO
// storing nothing (v its fill), one entry, and two duplicates summing to v.
func zeroDCases(t *testing.T, d dtype.DType, v float64) map[string]*tensor.Tensor {
	t.Helper()
	coo := func(vals ...float64) *tensor.Tensor {
		a := dtype.NewArray(d, []int64{int64(len(vals))})
		for i, x := range vals {
			a.SetComplex(int64(i), dtype.Real(x))
		}
		c, err := tensor.NewCOO(dtype.NewArray(dtype.Int64, []int64{0, int64(len(vals))}), a, []int64{}, tensor.BuildOptions{})
		require.NoError(t, err)
		return c
	}
	s := dtype.NewArray(d, []int64{})
	s.SetComplex(0, dtype.Real(v))
	st, err := tensor.NewStrided(s)
	require.NoError(t, err)
	empty, err := tensor.WithFill(coo(), tensor.ScalarBytes(d, dtype.Real(v)))
	require.NoError(t, err)
	cases := map[string]*tensor.Tensor{"strided": st, "coo-fill": empty, "coo-1": coo(v)}
	if d != dtype.Bool {
		cases["coo-dups"] = coo(v+4, -4) // uncoalesced: the value is the sum
	}
	return cases
}

// TestWhereOnZeroDimSparse: where reads the one element of a 0-d COO as its
// dense value (issue 38 item 7: the first of two duplicates was read, and a
// 0-d COO storing nothing failed with an index out of range).
func TestWhereOnZeroDimSparse(t *testing.T) {
	for _, cv := range []float64{0, 1} {
		for cn, c := range zeroDCases(t, dtype.Bool, cv) {
			for xn, x := range zeroDCases(t, dtype.Float64, 2.5) {
				for yn, y := range zeroDCases(t, dtype.Float64, -1.5) {
					name := fmt.Sprintf("cond %s=%v x %s y %s", cn, cv, xn, yn)
					r, err := Where(c, TensorOperand(x), TensorOperand(y))
					require.NoError(t, err, name)
					got, shape := denseOf(t, r)
					require.Empty(t, shape, name)
					want := -1.5
					if cv != 0 {
						want = 2.5
					}
					require.Equal(t, []float64{want}, got, name)
					// masked_fill's form: a number operand
					r, err = Where(c, NumberOperand(dtype.FloatNumber(7)), TensorOperand(y))
					require.NoError(t, err, name)
					got, _ = denseOf(t, r)
					if cv != 0 {
						want = 7
					}
					require.Equal(t, []float64{want}, got, name)
				}
			}
		}
	}
}
