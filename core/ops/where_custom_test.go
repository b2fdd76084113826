package ops

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestWhereCustomSelects: where(A > 0.5, A, n) and where(A > 0.5, n, A)
// for every unique custom format of formats.json (fill 0 and 2.5, n a
// float and an int number) keep A's format over A's level arrays (a
// select of the values arrays, no COO form of an operand), and equal the
// dense where and the COO forms' route (the same fill and dense value).
func TestWhereCustomSelects(t *testing.T) {
	served := 0
	for _, c := range customCases(t, dtype.Float64) {
		if !c.f.IsUnique() || c.a.NDim() == 0 {
			continue
		}
		cond, err := BinaryByName("gt", TensorOperand(c.a), NumberOperand(dtype.FloatNumber(0.5)), BinaryArgs{})
		require.NoError(t, err, c.id)
		require.Equal(t, tensor.Custom, cond.Layout(), c.id)
		dcond, err := convert.ToDense(cond)
		require.NoError(t, err, c.id)
		for _, n := range []dtype.Number{dtype.FloatNumber(-1.5), dtype.IntNumber(7)} {
			for _, swap := range []bool{false, true} {
				msg := fmt.Sprintf("%s number %v swapped %v", c.id, n.Value, swap)
				x, y, dx, dy := TensorOperand(c.a), NumberOperand(n), TensorOperand(c.dense), NumberOperand(n)
				if swap {
					x, y, dx, dy = y, x, dy, dx
				}
				fresh, err := tensor.WithFill(c.a, c.a.FillElem()) // c.a's storage, no COO form yet
				require.NoError(t, err, msg)
				fx, fy := x, y
				if swap {
					fy = TensorOperand(fresh)
				} else {
					fx = TensorOperand(fresh)
				}
				got, ok, err := whereCustom(cond, fx, fy)
				require.NoError(t, err, msg)
				require.True(t, ok, msg)
				served++
				requireNoCOOForm(t, fresh, msg+": the input")
				requireNoCOOForm(t, got, msg+": the result")
				require.True(t, got.Format().Equal(c.f), "%s: format %s", msg, got.Format())
				want, err := Where(dcond, dx, dy)
				require.NoError(t, err, msg)
				ewRequireSameDense(t, want, got, msg)
				nc, err := tensor.Named(cond)
				require.NoError(t, err, msg)
				old, err := Where(nc, x, y) // the COO forms' route
				require.NoError(t, err, msg)
				require.Equal(t, old.FillElem(), got.FillElem(), "%s: fill", msg)
				dold, err := convert.ToDense(old)
				require.NoError(t, err, msg)
				ewRequireSameDense(t, dold, got, msg+" (COO route)")
				pub, err := Where(cond, x, y)
				require.NoError(t, err, msg)
				require.Equal(t, tensor.Custom, pub.Layout(), msg)
			}
		}
	}
	require.Positive(t, served)
}

// TestWhereCustomAllocations: where(A > 0, A, 0) of the 90k-row
// Laplacian in DIA-I allocates the result's values (8 bytes a slot) and
// 64 KiB besides, its levels shared with A's.
func TestWhereCustomAllocations(t *testing.T) {
	a, err := convert.ToFormat(benchLaplacian(t, 300, tensor.CSR), format.DIAI())
	require.NoError(t, err)
	cond, err := BinaryByName("gt", TensorOperand(a), NumberOperand(dtype.FloatNumber(0)), BinaryArgs{})
	require.NoError(t, err)
	u, err := a.USTStorage()
	require.NoError(t, err)
	got, r := allocatedBy(t, func() (*tensor.Tensor, error) {
		return Where(cond, TensorOperand(a), NumberOperand(dtype.FloatNumber(0)))
	})
	require.Equal(t, tensor.Custom, r.Layout())
	require.LessOrEqual(t, got, uint64(len(u.Values.Data))+64<<10, "%d bytes allocated", got)
}

// BenchmarkWhereCustom is where(A > 0, A, 0) of the 250k-row Laplacian in
// DIA-I: the select of the values arrays against the COO forms' route (the
// condition's COO form, then where), in one process.
func BenchmarkWhereCustom(b *testing.B) {
	a, err := convert.ToFormat(benchLaplacian(b, 500, tensor.CSR), format.DIAI())
	if err != nil {
		b.Fatal(err)
	}
	cond, err := BinaryByName("gt", TensorOperand(a), NumberOperand(dtype.FloatNumber(0)), BinaryArgs{})
	if err != nil {
		b.Fatal(err)
	}
	zero := NumberOperand(dtype.FloatNumber(0))
	b.Run("select", func(b *testing.B) {
		for range b.N {
			if _, err := Where(cond, TensorOperand(a), zero); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("named", func(b *testing.B) {
		for range b.N {
			c, err := tensor.Named(cond)
			if err == nil {
				_, err = Where(c, TensorOperand(a), zero)
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}
