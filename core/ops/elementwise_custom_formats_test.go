package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestBinaryTwoCustomFormats: every binary op of two 2-D matrices of
// different custom formats (each unique formats.json case with the next
// three of its shape in another format, fills 0 and 2.5, both orders)
// gives the COO forms' route's dense value and fill, or its error, without
// those COO forms: DIA-like operands of one diagonal expression and the
// same diagonals stored along different dims zip into the first one's
// format (diagonalZip), every other pair gives CSR; the plan says which.
func TestBinaryTwoCustomFormats(t *testing.T) {
	var mats []customCase
	for _, c := range customCases(t, dtype.Float64) {
		if c.a.NDim() == 2 && c.f.IsUnique() {
			mats = append(mats, c)
		}
	}
	served, zipped := 0, 0
	for i, c := range mats {
		paired := 0
		for k := 1; k < len(mats) && paired < 3; k++ {
			o := mats[(i+k)%len(mats)]
			if !sameDims(o.a, c.a) || tensor.PositionalNames(o.f).Equal(tensor.PositionalNames(c.f)) {
				continue
			}
			paired++
			for _, op := range BinaryOps() {
				for _, p := range [][2]customCase{{c, o}, {o, c}} {
					a, b := p[0].a, p[1].a
					msg := fmt.Sprintf("%s %s %s", p[0].id, op, p[1].id)
					require.True(t, twoFormats(a, b, &BinaryArgs{}), msg)
					served++
					got, gerr := BinaryByName(op, TensorOperand(a), TensorOperand(b), BinaryArgs{})
					na, err := tensor.Named(a)
					require.NoError(t, err, msg)
					nb, err := tensor.Named(b)
					require.NoError(t, err, msg)
					want, werr := BinaryByName(op, TensorOperand(na), TensorOperand(nb), BinaryArgs{})
					if werr != nil {
						require.Error(t, gerr, msg)
						require.Equal(t, errs.CodeOf(werr), errs.CodeOf(gerr), "%s: %v / %v", msg, werr, gerr)
						continue
					}
					require.NoError(t, gerr, msg)
					require.Equal(t, want.FillElem(), got.FillElem(), "%s: fill", msg)
					wd, err := convert.ToDense(want)
					require.NoError(t, err, msg)
					ewRequireSameDense(t, wd, got, msg)
					plan, err := PlanBinary(op, TensorOperand(a), TensorOperand(b), BinaryArgs{})
					require.NoError(t, err, msg)
					if _, _, ok := diagonalZipApplies(op, a, b, got.DType(), &BinaryArgs{}); ok {
						zipped++
						require.True(t, got.Format().Equal(a.Format()), "%s: %s", msg, got.Format())
						require.Contains(t, plan.Kernel, "diagonalZip", msg)
						continue
					}
					require.Equal(t, tensor.CSR, got.Layout(), msg)
					require.Len(t, plan.Converts, 1, msg)
				}
			}
		}
	}
	t.Logf("%d cases, %d zipped over diagonals", served, zipped)
	require.Positive(t, served)
	require.Positive(t, zipped)
}

// TestDIAIPlusDIAJ: DIA-I + DIA-J and DIA-J * DIA-I of the 90k-row
// Laplacian (the same diagonals) and anti-DIA-I - anti-DIA-J of its
// column-reversed form zip over the first operand's diagonals: the result
// is its format sharing its level arrays, and the call allocates the
// result's values and 64 KiB (float64: the other operand's values move as
// they are computed, fusedDiagonals); the COO forms' route's values, bit
// for bit. DIA-I + anti-DIA-I
// gives CSR.
func TestDIAIPlusDIAJ(t *testing.T) {
	lap := benchLaplacian(t, 300, tensor.CSR)
	n := lap.Dims()[0]
	idx := make([]int64, n)
	for i := range idx {
		idx[i] = n - 1 - int64(i)
	}
	anti, err := IndexSelect(lap, 1, dtype.Int64Array(idx, n))
	require.NoError(t, err)
	if anti, err = convert.ToLayout(anti, tensor.CSR, tensor.DefaultConvert()); err != nil {
		require.NoError(t, err)
	}
	for _, c := range []struct {
		name   string
		src    *tensor.Tensor
		fa, fb format.Format
		op     string
		layout tensor.Layout
	}{{"DIA-I + DIA-J", lap, format.DIAI(), format.DIAJ(), "add", tensor.Custom}, {"DIA-J * DIA-I", lap, format.DIAJ(), format.DIAI(), "mul", tensor.Custom},
		{"anti-DIA-I - anti-DIA-J", anti, format.AntiDIAI(), format.AntiDIAJ(), "sub", tensor.Custom}, {"DIA-I + anti-DIA-I", lap, format.DIAI(), format.AntiDIAI(), "add", tensor.CSR}} {
		a, err := convert.ToFormat(c.src, c.fa)
		require.NoError(t, err, c.name)
		b, err := convert.ToFormat(c.src, c.fb)
		if c.layout == tensor.CSR { // anti-DIA of the Laplacian itself is huge: its column-reversed form's
			b, err = convert.ToFormat(anti, c.fb)
		}
		require.NoError(t, err, c.name)
		got, r := allocatedBy(t, func() (*tensor.Tensor, error) {
			return BinaryByName(c.op, TensorOperand(a), TensorOperand(b), BinaryArgs{})
		})
		require.Equal(t, c.layout, r.Layout(), c.name)
		na, err := tensor.Named(a)
		require.NoError(t, err, c.name)
		nb, err := tensor.Named(b)
		require.NoError(t, err, c.name)
		want, err := BinaryByName(c.op, TensorOperand(na), TensorOperand(nb), BinaryArgs{})
		require.NoError(t, err, c.name)
		require.Equal(t, want.FillElem(), r.FillElem(), c.name)
		diff, err := BinaryByName("sub", TensorOperand(want), TensorOperand(r), BinaryArgs{})
		require.NoError(t, err, c.name)
		for k, v := range dtype.AsSlice[float64](diff.Values())[:diff.Values().Numel()] {
			require.Zero(t, v, "%s: entry %d of the COO route's result less this one", c.name, k)
		}
		if c.layout != tensor.Custom {
			continue
		}
		ua, err := a.USTStorage()
		require.NoError(t, err)
		ur, err := r.USTStorage()
		require.NoError(t, err)
		require.True(t, r.Format().Equal(c.fa), c.name)
		require.Equal(t, unsafe.SliceData(ua.Crd[0].Data), unsafe.SliceData(ur.Crd[0].Data), "%s: levels shared", c.name)
		limit := uint64(len(ur.Values.Data)) + 64<<10
		t.Logf("%s: %d bytes allocated, result values %d, limit %d", c.name, got, len(ur.Values.Data), limit)
		require.LessOrEqual(t, got, limit, c.name)
	}
}

// TestBinaryCustomWithBlockedNamed: every binary op of a 2-D custom-format
// matrix (each unique formats.json case, fills 0 and 2.5) and its own
// elements in BSR (2x2 blocks where they divide it, else 1x1), BSC, DCSR
// and DCSC, both orders, converts the named operand to CSR and gives CSR,
// with the COO forms' route's dense value and fill, or its error.
func TestBinaryCustomWithBlockedNamed(t *testing.T) {
	served := 0
	for _, c := range customCases(t, dtype.Float64) {
		if c.a.NDim() != 2 || !c.f.IsUnique() {
			continue
		}
		block := [2]int64{1, 1}
		if c.a.Dims()[0]%2 == 0 && c.a.Dims()[1]%2 == 0 {
			block = [2]int64{2, 2}
		}
		named, err := tensor.Named(c.a)
		require.NoError(t, err, c.id)
		for _, l := range []tensor.Layout{tensor.BSR, tensor.BSC, tensor.DCSR, tensor.DCSC} {
			opt := tensor.DefaultConvert()
			if l.IsBlocked() {
				opt.BlockSize = block
			}
			o, err := convert.ToLayout(c.a, l, opt)
			require.NoError(t, err, c.id)
			for _, op := range BinaryOps() {
				for _, swap := range []bool{false, true} {
					a, b, wa, wb := c.a, o, named, o
					if swap {
						a, b, wa, wb = o, c.a, o, named
					}
					msg := fmt.Sprintf("%s %s %s (swapped %v)", c.id, op, l, swap)
					_, ok := otherNamed(a, b, &BinaryArgs{})
					require.True(t, ok, msg)
					served++
					got, gerr := BinaryByName(op, TensorOperand(a), TensorOperand(b), BinaryArgs{})
					want, werr := BinaryByName(op, TensorOperand(wa), TensorOperand(wb), BinaryArgs{})
					if werr != nil {
						require.Error(t, gerr, msg)
						require.Equal(t, errs.CodeOf(werr), errs.CodeOf(gerr), "%s: %v / %v", msg, werr, gerr)
						continue
					}
					require.NoError(t, gerr, msg)
					require.Equal(t, tensor.CSR, got.Layout(), msg)
					require.Equal(t, want.FillElem(), got.FillElem(), "%s: fill", msg)
					wd, err := convert.ToDense(want)
					require.NoError(t, err, msg)
					ewRequireSameDense(t, wd, got, msg)
					p, err := PlanBinary(op, TensorOperand(a), TensorOperand(b), BinaryArgs{})
					require.NoError(t, err, msg)
					require.Contains(t, p.Kernel, "operand converted to CSR", msg)
				}
			}
		}
	}
	require.Positive(t, served)
}

// TestFusedDiagonalsMatchesZip: diagonalZip's float64 values (fusedDiagonals)
// are relaidDiagonals' array zipped by engine.MergeValues, bit for bit, for
// DIA-I with DIA-J and anti-DIA-I with anti-DIA-J of random 7x11, 11x7 and
// 9x9 matrices whose values include NaN, ±Inf and ±0, fills 0 and 2.5, add,
// sub, add with alpha -1 and mul, both orders; newF64Op declines add with
// alpha -0.5 (one rounding: MergeValues computes it).
func TestFusedDiagonalsMatchesZip(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 7))
	pick := []float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 1.5, -2.25}
	alpha, minusOne := dtype.FloatNumber(-0.5), dtype.FloatNumber(-1)
	served := 0
	for _, shape := range [][]int64{{7, 11}, {11, 7}, {9, 9}} {
		d := tensortest.RandomDense(t, rng, dtype.Float64, shape, 0.4)
		v := dtype.AsSlice[float64](d.Values())
		for i := range v {
			if v[i] != 0 && rng.IntN(3) == 0 {
				v[i] = pick[rng.IntN(len(pick))]
			}
		}
		for _, fill := range []float64{0, 2.5} {
			src := tensor.Refill(d, tensor.ScalarBytes(dtype.Float64, dtype.Complex128Scalar(complex(fill, 0))))
			for _, pair := range [][2]format.Format{{format.DIAI(), format.DIAJ()}, {format.AntiDIAI(), format.AntiDIAJ()}} {
				for _, order := range [][2]format.Format{pair, {pair[1], pair[0]}} {
					a, err := convert.ToFormat(src, order[0])
					require.NoError(t, err)
					b, err := convert.ToFormat(src, order[1])
					require.NoError(t, err)
					for _, op := range []struct {
						name  string
						alpha *dtype.Number
					}{{"add", nil}, {"sub", nil}, {"add", &minusOne}, {"add", &alpha}, {"mul", nil}} {
						msg := fmt.Sprintf("%v fill %v %s %s alpha %v", shape, fill, order, op.name, op.alpha)
						args := &BinaryArgs{Alpha: op.alpha}
						sa, sb, ok := diagonalZipApplies(op.name, a, b, dtype.Float64, args)
						require.True(t, ok, msg)
						served++
						ua, err := a.USTStorage()
						require.NoError(t, err)
						ub, err := b.USTStorage()
						require.NoError(t, err)
						mop, margs, _ := mergeEngineOp(op.name, args)
						want, _, ok, err := engine.MergeValues(mop, margs, ua.Values, relaidDiagonals(sa, sb, ua, ub, b.FillElem()), a.FillElem(), b.FillElem())
						require.NoError(t, err, msg)
						require.True(t, ok, msg)
						f, fused := newF64Op(mop, margs, true)
						if op.alpha == &alpha {
							require.False(t, fused, msg)
							continue
						}
						require.True(t, fused, msg)
						got := fusedDiagonals(sa, sb, ua, ub, b.FillElem(), f)
						require.Equal(t, want.Data, got.Data, "%s: bits", msg)
					}
				}
			}
		}
	}
	require.Equal(t, 3*2*2*2*5, served)
}
