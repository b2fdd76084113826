package ops

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bcShapes are shapes that broadcast to shape: each dim in turn set to 1,
// every dim 1, the leading dim dropped, and the last dim alone.
func bcShapes(shape []int64) [][]int64 {
	var out [][]int64
	for d := range shape {
		s := slices.Clone(shape)
		s[d] = 1
		out = append(out, s)
	}
	ones := make([]int64, len(shape))
	for d := range ones {
		ones[d] = 1
	}
	return append(out, ones, slices.Clone(shape[1:]), []int64{shape[len(shape)-1]})
}

// bcExpandRef expands a strided tensor to shape element by element (the
// reference: independent of engine.Expand).
func bcExpandRef(t *testing.T, x *tensor.Tensor, shape []int64) *tensor.Tensor {
	t.Helper()
	src := x.Values()
	a := dtype.NewArray(x.DType(), shape)
	idx := make([]int64, len(shape))
	lead := len(shape) - len(src.Shape)
	for q := int64(0); q < a.Numel(); q++ {
		p := int64(0)
		for d, s := range src.Shape {
			i := idx[lead+d]
			if s == 1 {
				i = 0
			}
			p = p*s + i
		}
		a.SetComplex(q, src.Complex(p))
		for d := len(idx) - 1; d >= 0; d-- {
			if idx[d]++; idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	r, err := tensor.NewStrided(a)
	require.NoError(t, err)
	return r
}

// bcDense is a random strided tensor of the shape, with a few specials.
func bcDense(rng *rand.Rand, d dtype.DType, shape []int64, special float64) *tensor.Tensor {
	a := dtype.NewArray(d, shape)
	for q := int64(0); q < a.Numel(); q++ {
		v := float64(rng.IntN(9)-4) / 2
		if v == 0 && !d.IsInteger() && d != dtype.Bool {
			v = 0.75
		}
		if d.IsInteger() || d == dtype.Bool {
			v = float64(rng.IntN(5) + 1)
		}
		if q == 0 && special != 0 {
			v = special
		}
		a.SetComplex(q, dtype.Real(v))
		if d.IsInteger() || d == dtype.Bool {
			a.SetComplex(q, dtype.IntScalar(int64(v)))
		}
	}
	t, err := tensor.NewStrided(a)
	if err != nil {
		panic(err)
	}
	return t
}

// TestBinaryBroadcastMatchesDense checks to_dense(op(A, b)) and
// to_dense(op(b, A)) against the op on A's dense value and b expanded to
// A's shape, for a sparse A of every format (fills zero and not), a strided
// (or, every other shape, COO) b of every shape that broadcasts to A's,
// every op and some dtypes; mul and A / b keep A's layout, the rest are
// strided; with two sparse operands, A's layout.
func TestBinaryBroadcastMatchesDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	specials := []float64{0, math.Inf(1), math.NaN()}
	for _, dt := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Int64, dtype.Complex128} {
		for _, sc := range ewShapes {
			da := ewDense(rng, dt, sc)
			fill := ewFill(dt)
			for _, f := range ewFormats {
				for _, fl := range []*dtype.Scalar{nil, &fill} {
					a := ewBuild(t, da, f, sc, fl)
					ra, err := convert.ToDense(a)
					require.NoError(t, err)
					for si, bs := range bcShapes(sc.shape) {
						sp := 0.0
						if !dt.IsInteger() {
							sp = specials[si%len(specials)]
						}
						b := bcDense(rng, dt, bs, sp)
						rb := bcExpandRef(t, b, sc.shape)
						if si%2 == 1 && len(bs) > 0 { // a sparse operand that broadcasts
							b, err = convert.ToLayout(b, tensor.COO, tensor.DefaultConvert())
							require.NoError(t, err)
						}
						for _, op := range BinaryOps() {
							for _, first := range []bool{false, true} {
								x, y, rx, ry := a, b, ra, rb
								if first {
									x, y, rx, ry = b, a, rb, ra
								}
								msg := ewName(op, " ", dt, " ", sc.name, " ", f.name, " fill=", fl != nil, " b=", bs, " bFirst=", first)
								if f.layout != tensor.Strided && fl == nil && !slices.Equal(bs, sc.shape) && torchPatternFill(op, a, first) && !bcUniformAtZero(t, op, rb, first) {
									// torch's answer: b read at A's stored coordinates only
									rb1 := bcOnlyWhereStored(t, a, rb)
									rx, ry = ra, rb1
									if first {
										rx, ry = rb1, ra
									}
								}
								want, werr := BinaryByName(op, TensorOperand(rx), TensorOperand(ry), BinaryArgs{})
								got, gerr := BinaryByName(op, TensorOperand(x), TensorOperand(y), BinaryArgs{})
								if werr != nil {
									require.Error(t, gerr, msg)
									require.Equal(t, errs.CodeOf(werr), errs.CodeOf(gerr), "%s: %v / %v", msg, werr, gerr)
									continue
								}
								require.NoError(t, gerr, msg)
								wantLayout := tensor.Strided
								switch {
								case slices.Equal(bs, sc.shape):
									wantLayout = ewDefaultLayout(op, x.Layout(), y.Layout())
								case f.layout != tensor.Strided && b.Layout() != tensor.Strided:
									wantLayout = a.Layout()
								case f.layout != tensor.Strided && (op == "mul" || (!first && isDivision(op))):
									wantLayout = a.Layout()
								case b.Layout() != tensor.Strided && (op == "mul" || (first && isDivision(op))):
									wantLayout = b.Layout()
								}
								require.Equal(t, wantLayout, got.Layout(), msg)
								ewRequireSameDense(t, want, got, msg)
							}
						}
					}
				}
			}
		}
	}
}

// bcUniformAtZero reports whether op(0, x) (op(x, 0) when first) is one
// value over the elements x of the strided rb (NaN counting as one), and
// op refuses none of them.
func bcUniformAtZero(t *testing.T, op string, rb *tensor.Tensor, first bool) bool {
	t.Helper()
	zero, err := tensor.NewStrided(dtype.NewArray(rb.DType(), rb.Dims()))
	require.NoError(t, err)
	x, y := zero, rb
	if first {
		x, y = rb, zero
	}
	z, err := BinaryByName(op, TensorOperand(x), TensorOperand(y), BinaryArgs{})
	if err != nil {
		return false
	}
	v := z.Values()
	nan := func(c dtype.Scalar) bool { return math.IsNaN(c.Re()) || math.IsNaN(c.Im()) }
	for i := int64(1); i < v.Numel(); i++ {
		a, b := v.Complex(0), v.Complex(i)
		if (a.Re() != b.Re() || a.Im() != b.Im()) && !(nan(a) && nan(b)) {
			return false
		}
	}
	return true
}

// bcOnlyWhereStored is the strided rb (of a's shape) with 1 at the
// elements a does not store: op(A, b) then forms nothing at them but
// op(0, 1), torch's sparse-times-dense answer (b read at the stored
// coordinates only).
func bcOnlyWhereStored(t *testing.T, a, rb *tensor.Tensor) *tensor.Tensor {
	t.Helper()
	ones := dtype.NewArray(dtype.Float64, a.Values().Shape)
	for i := range ones.Numel() {
		ones.SetComplex(i, dtype.Real(1))
	}
	mask, err := convert.ToDense(tensor.WithValues(a, dtype.Float64, ones, tensor.ScalarBytes(dtype.Float64, dtype.Real(0))))
	require.NoError(t, err)
	out := dtype.NewArray(rb.DType(), rb.Dims())
	for i := range out.Numel() {
		v := rb.Values().Complex(i)
		if mask.Values().Complex(i).Re() == 0 {
			v = dtype.IntScalar(1)
		}
		out.SetComplex(i, v)
	}
	r, err := tensor.NewStrided(out)
	require.NoError(t, err)
	return r
}

// TestBinaryBroadcastKeepsPattern: A * row, A * col and A / A.sum(1,
// keepdim) on a CSR and a COO matrix share A's structure (no entry added or
// dropped) and hold the values op(v, d) at the stored coordinates.
func TestBinaryBroadcastKeepsPattern(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	sc := ewShape{"5x7", []int64{5, 7}, 0}
	da := ewDense(rng, dtype.Float64, sc)
	row := bcDense(rng, dtype.Float64, []int64{1, 7}, 0)
	col := bcDense(rng, dtype.Float64, []int64{5, 1}, 0)
	for _, f := range []ewFormat{ewFormats[1], ewFormats[3], ewFormats[4]} {
		a := ewBuild(t, da, f, sc, nil)
		for _, c := range []struct {
			op string
			d  *tensor.Tensor
		}{{"mul", row}, {"mul", col}, {"div", col}, {"div", row}} {
			r, err := BinaryByName(c.op, TensorOperand(a), TensorOperand(c.d), BinaryArgs{})
			require.NoError(t, err)
			assert.Equal(t, a.Layout(), r.Layout(), f.name)
			assert.Equal(t, a.NNZ(), r.NNZ(), "%s %s: the pattern is A's", f.name, c.op)
			assert.Equal(t, a.Indices(), r.Indices())
			ewRequireSameDense(t, mustDenseOp(t, c.op, da, bcExpandRef(t, c.d, sc.shape)), r, f.name+" "+c.op)
		}
	}
}

func mustDenseOp(t *testing.T, op string, a, b *tensor.Tensor) *tensor.Tensor {
	t.Helper()
	r, err := BinaryByName(op, TensorOperand(a), TensorOperand(b), BinaryArgs{})
	require.NoError(t, err)
	return r
}

// TestBinaryBroadcastRefusals: shapes that do not broadcast (torch's
// message), and two sparse tensors neither of which has the result's shape.
func TestBinaryBroadcastRefusals(t *testing.T) {
	a, err := tensor.Empty(tensor.COO, dtype.Float64, []int64{3, 4}, [2]int64{}, 0)
	require.NoError(t, err)
	r, err := tensor.Empty(tensor.CSR, dtype.Float64, []int64{1, 4}, [2]int64{}, 0)
	require.NoError(t, err)
	c, err := tensor.Empty(tensor.COO, dtype.Float64, []int64{3, 1}, [2]int64{}, 0)
	require.NoError(t, err)
	_, err = BinaryByName("mul", TensorOperand(c), TensorOperand(r), BinaryArgs{})
	assert.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	assert.ErrorContains(t, err, "mul: sparse operands of sizes [3, 1] and [1, 4] do not broadcast: of two sparse tensors, one must have the size of the result ([3, 4])")
	d := bcDense(rand.New(rand.NewPCG(1, 1)), dtype.Float64, []int64{2, 4}, 0)
	_, err = BinaryByName("add", TensorOperand(a), TensorOperand(d), BinaryArgs{})
	assert.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	assert.ErrorContains(t, err, "add: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0")
}

// TestBroadcastZeroFactorKeepsTorchPattern: A / A.sum(1, keepdim=True) with
// an empty row and a row whose values cancel (0 / 0 at their unspecified
// elements), and A * col with one infinite factor (0 * inf), on a 10^5 x
// 10^5 CSR, CSC and COO matrix: the result keeps A's pattern and its zero
// fill, the dense operand read at the stored coordinates only (torch's
// sparse * dense). Storing every element the op reaches expanded the
// divisor to 10^10 elements, refused as too large.
func TestBroadcastZeroFactorKeepsTorchPattern(t *testing.T) {
	const n = 100_000
	pos := make([]int32, n+1)
	var crd []int32
	var vals []float64
	for r := range int32(n) {
		switch r {
		case 1: // empty: its sum is 0
		case 2: // 1 - 1 = 0
			crd, vals = append(crd, 2, 5), append(vals, 1, -1)
		default:
			crd, vals = append(crd, r), append(vals, 2)
		}
		pos[r+1] = int32(len(crd))
	}
	csr, err := tensor.NewCompressed(tensor.CSR, dtype.Int32Array(pos), dtype.Int32Array(crd), dtype.Float64Array(vals), []int64{n, n}, tensor.BuildOptions{})
	require.NoError(t, err)
	col := dtype.NewArray(dtype.Float64, []int64{n, 1})
	for i := range int64(n) {
		col.SetComplex(i, dtype.Real(1))
	}
	col.SetComplex(3, dtype.Real(math.Inf(1)))
	colT, err := tensor.NewStrided(col)
	require.NoError(t, err)
	for _, lay := range []tensor.Layout{tensor.CSR, tensor.CSC, tensor.COO} {
		a, err := convert.ToLayout(csr, lay, tensor.DefaultConvert())
		require.NoError(t, err)
		sum, err := ReduceKeepDim(a, []int{1}, "sum", true)
		require.NoError(t, err)
		for _, c := range []struct {
			op   string
			d    *tensor.Tensor
			want func(v float64, k int64) float64
		}{
			{"div", sum, func(v float64, _ int64) float64 {
				if v == 2 { // a row of its own: v / v
					return 1
				}
				return math.Inf(int(v)) // row 2: 1 / 0 and -1 / 0
			}},
			{"mul", colT, func(v float64, k int64) float64 {
				if rowOf(t, a, k) == 3 {
					return math.Inf(1)
				}
				return v
			}},
		} {
			r, err := BinaryByName(c.op, TensorOperand(a), TensorOperand(c.d), BinaryArgs{})
			require.NoError(t, err, "%v %s", lay, c.op)
			require.Equal(t, lay, r.Layout())
			require.Equal(t, a.NNZ(), r.NNZ(), "%v %s: A's pattern", lay, c.op)
			require.True(t, dtype.LoadScalar(r.DType(), r.FillElem()).IsZero(), "%v %s: the zero fill stays", lay, c.op)
			av, rv := dtype.AsSlice[float64](a.Values()), dtype.AsSlice[float64](r.Values())
			for k, v := range av {
				if w := c.want(v, int64(k)); rv[k] != w { // require per entry would cost seconds
					require.Failf(t, "value differs", "%v %s entry %d: want %v, got %v", lay, c.op, k, w, rv[k])
				}
			}
		}
	}
}

// rowOf is the row of a 2-d CSR, CSC or COO matrix's k-th stored entry.
func rowOf(t *testing.T, a *tensor.Tensor, k int64) int64 {
	t.Helper()
	switch a.Layout() {
	case tensor.COO:
		return a.Indices().Index(k)
	case tensor.CSC:
		return a.Levels()[1].Crd.Index(k)
	}
	pos := a.Levels()[1].Pos
	lo, hi := int64(0), pos.Numel()-1
	for lo+1 < hi { // the last row whose start is <= k
		if mid := (lo + hi) / 2; pos.Index(mid) <= k {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}
