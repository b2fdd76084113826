package ops

import (
	"fmt"
	"math"
	"slices"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// customCase is one formats.json case stored in a custom format with a
// fill: the custom tensor and its dense value.
type customCase struct {
	id    string
	f     format.Format
	a     *tensor.Tensor // custom-format, padding holding the fill
	dense *tensor.Tensor // strided: to_dense(a)
}

// customCases lists every formats.json case whose format is not a named
// layout, of dtype d, with fill 0 and with a fill that is not zero (2.5;
// an integer dtype stores 2), so the padding's value matters.
func customCases(t *testing.T, d dtype.DType) []customCase {
	t.Helper()
	var out []customCase
	for _, c := range tensortest.LoadUSTCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err, c.ID)
		if _, _, named := tensor.NamedLayoutOf(f); named {
			continue
		}
		da, err := tensor.NewStridedCopy(dtype.Float64Array(c.Dense.Data, c.Dense.Shape...))
		require.NoError(t, err, c.ID)
		if da, err = convert.ToDType(da, d); err != nil {
			require.NoError(t, err, c.ID)
		}
		coo, err := convert.ToLayout(da, tensor.COO, tensor.DefaultConvert())
		require.NoError(t, err, c.ID)
		for _, fill := range []float64{0, 2.5} {
			src, err := tensor.WithFill(coo, tensor.ScalarBytes(d, dtype.Real(fill)))
			require.NoError(t, err, c.ID)
			a, err := convert.ToFormat(src, f)
			require.NoError(t, err, c.ID)
			require.Equal(t, tensor.Custom, a.Layout(), c.ID)
			dense, err := convert.ToDense(src)
			require.NoError(t, err, c.ID)
			out = append(out, customCase{id: fmt.Sprintf("%s fill %g", c.ID, fill), f: f, a: a, dense: dense})
		}
	}
	require.NotEmpty(t, out)
	return out
}

// firstByte is the address of an array's data (nil for none): two arrays
// with one address share their storage.
func firstByte(a dtype.Array) unsafe.Pointer {
	if len(a.Data) == 0 {
		return nil
	}
	return unsafe.Pointer(&a.Data[0])
}

// requireSharesStructure: got is a custom tensor of want's format whose pos
// and crd arrays are want's own (the same memory, not copies).
func requireSharesStructure(t *testing.T, want, got *tensor.Tensor, msg string) {
	t.Helper()
	require.Equal(t, tensor.Custom, got.Layout(), msg)
	require.True(t, got.Format().Equal(want.Format()), "%s: format %s, want %s", msg, got.Format(), want.Format())
	uw, err := want.USTStorage()
	require.NoError(t, err, msg)
	ug, err := got.USTStorage()
	require.NoError(t, err, msg)
	for l := range uw.Pos {
		assert.Equal(t, firstByte(uw.Pos[l]), firstByte(ug.Pos[l]), "%s: level %d pos is a copy", msg, l)
		assert.Equal(t, firstByte(uw.Crd[l]), firstByte(ug.Crd[l]), "%s: level %d crd is a copy", msg, l)
	}
}

var (
	clampLo = dtype.FloatNumber(1)
	clampHi = dtype.FloatNumber(5)
)

// customMapOps are the unary ops and ops with a number the map runs:
// zero-keeping, fill-changing (cos, add), dtype-changing (isnan), clamp.
var customMapOps = []struct {
	name string
	op   func(a *tensor.Tensor) (*tensor.Tensor, error)
}{
	{"abs", func(a *tensor.Tensor) (*tensor.Tensor, error) { return UnaryByName("abs", a, UnaryArgs{}) }},
	{"neg", func(a *tensor.Tensor) (*tensor.Tensor, error) { return UnaryByName("neg", a, UnaryArgs{}) }},
	{"cos", func(a *tensor.Tensor) (*tensor.Tensor, error) { return UnaryByName("cos", a, UnaryArgs{}) }},
	{"isnan", func(a *tensor.Tensor) (*tensor.Tensor, error) { return UnaryByName("isnan", a, UnaryArgs{}) }},
	{"clamp", func(a *tensor.Tensor) (*tensor.Tensor, error) {
		return UnaryByName("clamp", a, UnaryArgs{Min: &clampLo, Max: &clampHi})
	}},
	{"mul 2.5", func(a *tensor.Tensor) (*tensor.Tensor, error) {
		return BinaryByName("mul", TensorOperand(a), NumberOperand(dtype.FloatNumber(2.5)), BinaryArgs{})
	}},
	{"3 - a", func(a *tensor.Tensor) (*tensor.Tensor, error) {
		return BinaryByName("sub", NumberOperand(dtype.FloatNumber(3)), TensorOperand(a), BinaryArgs{})
	}},
	{"add 1", func(a *tensor.Tensor) (*tensor.Tensor, error) {
		return BinaryByName("add", TensorOperand(a), NumberOperand(dtype.FloatNumber(1)), BinaryArgs{})
	}},
}

// TestCustomMapSharesStructure: over every custom format of formats.json,
// fill 0 and 2.5, each unary op and op with a number gives a tensor of the
// input's format sharing its pos and crd arrays, whose dense value is the
// op of the dense input.
func TestCustomMapSharesStructure(t *testing.T) {
	for _, c := range customCases(t, dtype.Float64) {
		for _, o := range customMapOps {
			msg := c.id + " " + o.name
			got, err := o.op(c.a)
			require.NoError(t, err, msg)
			if c.f.IsUnique() { // repeated coordinates sum first: the COO form's route
				requireSharesStructure(t, c.a, got, msg)
				requireNoCOOForm(t, got, msg)
				requireNoCOOForm(t, c.a, msg+": the input")
			}
			want, err := o.op(c.dense)
			require.NoError(t, err, msg)
			ewRequireSameDense(t, want, got, msg)
			got.NNZ() // its COO form, built from its storage, gives the same
			ewRequireSameDense(t, want, got, msg+" (COO form)")
		}
	}
}

// TestCustomZipSharesStructure: add, sub and mul of two tensors of one
// custom format and structure (b is a map of a) zip their values: the
// result shares a's pos and crd arrays and equals the dense op.
func TestCustomZipSharesStructure(t *testing.T) {
	for _, c := range customCases(t, dtype.Float64) {
		b, err := BinaryByName("mul", TensorOperand(c.a), NumberOperand(dtype.FloatNumber(-1.5)), BinaryArgs{})
		require.NoError(t, err, c.id)
		db, err := convert.ToDense(b)
		require.NoError(t, err, c.id)
		for _, op := range []string{"add", "sub", "mul"} {
			msg := c.id + " " + op
			got, err := BinaryByName(op, TensorOperand(c.a), TensorOperand(b), BinaryArgs{})
			require.NoError(t, err, msg)
			if c.f.IsUnique() {
				requireSharesStructure(t, c.a, got, msg)
				requireNoCOOForm(t, got, msg)
				requireNoCOOForm(t, b, msg+": the input")
			}
			want, err := BinaryByName(op, TensorOperand(c.dense), TensorOperand(db), BinaryArgs{})
			require.NoError(t, err, msg)
			ewRequireSameDense(t, want, got, msg)
			got.NNZ() // its COO form, built from its storage, gives the same
			ewRequireSameDense(t, want, got, msg+" (COO form)")
		}
	}
}

// TestCustomReduceNative: every reduction the engine runs, over all dims
// and over every proper subset of the dims (one kept, or several: a 3-d
// CSF summed over dims {0, 1}), on every custom format of formats.json (fill
// 0 and 2.5, float64 and int64), runs on the storage (reduceCustom takes
// it) and equals the reduction of the dense tensor.
func TestCustomReduceNative(t *testing.T) {
	for _, d := range []dtype.DType{dtype.Float64, dtype.Int64} {
		for _, c := range customCases(t, d) {
			if !c.f.IsUnique() {
				continue // repeated coordinates sum first: the COO form's route
			}
			nd := len(c.a.Dims())
			dimSets := [][]int{nil}
			for mask := 1; mask < 1<<nd-1; mask++ { // every proper subset of the dims reduced: some kept
				var ds []int
				for j := range nd {
					if mask&(1<<j) != 0 {
						ds = append(ds, j)
					}
				}
				dimSets = append(dimSets, ds)
			}
			for _, op := range []string{"sum", "mean", "prod", "amax", "amin", "any", "count_nonzero", "norm"} {
				for _, dims := range dimSets {
					msg := c.id + " " + d.String() + " " + op
					want, werr := Reduce(c.dense, dims, op)
					red, err := sumDims(op, dims, nd)
					require.NoError(t, err, msg)
					rd, _ := reducerFor(op, d)
					out, derr := rd.dtype(d)
					if derr != nil {
						continue // mean of an integer tensor: refused either way
					}
					got, ok, err := reduceCustom(c.a, red, dims, op, out)
					if werr != nil {
						require.Error(t, err, "%s dims %v: the dense reduction fails with %v", msg, dims, werr)
						continue
					}
					require.NoError(t, err, "%s dims %v", msg, dims)
					require.True(t, ok, "%s dims %v: not run on the storage", msg, dims)
					wd, err := convert.ToDense(want)
					require.NoError(t, err, msg)
					ewRequireSameDense(t, wd, got, msg)
				}
			}
		}
	}
}

// TestCustomReduceNaNPadding: DIA padding outside the matrix is never read:
// a NaN written there by hand does not reach sum, amax or count_nonzero.
func TestCustomReduceNaNPadding(t *testing.T) {
	da := tensortest.MustDense(t, []float64{1, 2, 0, 3, 4, 5, 0, 6, 7}, 3, 3)
	a, err := convert.ToFormat(da, format.DIAI())
	require.NoError(t, err)
	u, err := a.USTStorage()
	require.NoError(t, err)
	vals := dtype.CopyArray(u.Values)
	v := dtype.AsSlice[float64](vals)
	// DIA-I over rows: diagonal -1 has no row 0, diagonal +1 no row 2.
	require.Equal(t, []float64{0, 3, 6, 1, 4, 7, 2, 5, 0}, v)
	v[0], v[8] = math.NaN(), math.NaN()
	p, err := tensor.CustomWithValues(a, vals, slices.Clone(a.FillElem()))
	require.NoError(t, err)
	for op, want := range map[string]float64{"sum": 28, "amax": 7, "count_nonzero": 7} {
		r, err := Reduce(p, nil, op)
		require.NoError(t, err, op)
		assert.Equal(t, want, r.Values().Complex(0).Re(), op)
	}
}

// TestCustomTransposeRelabels: DIA-I transposed is the diagonals indexed
// by column, (i, j) -> (i - j : compressed, j : range), over the same
// arrays; every custom format of formats.json permuted (dims reversed)
// keeps a format sharing the storage where the permuted format is not a
// named layout, and equals the dense permute.
func TestCustomTransposeRelabels(t *testing.T) {
	da := tensortest.MustDense(t, []float64{1, 2, 0, 0, 3, 4, 5, 0, 0, 6, 7, 8}, 3, 4)
	a, err := convert.ToFormat(da, format.DIAI())
	require.NoError(t, err)
	got, err := Transpose(a, 0, 1)
	require.NoError(t, err)
	require.Equal(t, tensor.Custom, got.Layout())
	wantFormat, err := format.Parse("(i, j) -> (i - j : compressed, j : range)")
	require.NoError(t, err)
	assert.True(t, tensor.PositionalNames(got.Format()).Equal(wantFormat), "%s", got.Format())
	ua, err := a.USTStorage()
	require.NoError(t, err)
	ug, err := got.USTStorage()
	require.NoError(t, err)
	assert.Equal(t, firstByte(ua.Values), firstByte(ug.Values), "values moved")
	assert.Equal(t, firstByte(ua.Crd[0]), firstByte(ug.Crd[0]), "offsets moved")
	want, err := Transpose(da, 0, 1)
	require.NoError(t, err)
	ewRequireSameDense(t, want, got, "DIA-I^T")

	relabelled := 0
	for _, c := range customCases(t, dtype.Float64) {
		nd := len(c.a.Dims())
		perm := make([]int, nd)
		for d := range perm {
			perm[d] = nd - 1 - d
		}
		got, err := Permute(c.a, perm)
		require.NoError(t, err, c.id)
		relabel := got.Layout() == tensor.Custom && nd > 1
		if relabel {
			requireNoCOOForm(t, got, c.id)
		}
		want, err := Permute(c.dense, perm)
		require.NoError(t, err, c.id)
		ewRequireSameDense(t, want, got, c.id)
		got.NNZ() // its COO form, built from its relabelled storage, gives the same
		ewRequireSameDense(t, want, got, c.id+" (COO form)")
		if relabel {
			relabelled++
			ug, err := got.USTStorage()
			require.NoError(t, err, c.id)
			ua, err := c.a.USTStorage()
			require.NoError(t, err, c.id)
			assert.Equal(t, firstByte(ua.Values), firstByte(ug.Values), "%s: values moved", c.id)
		}
	}
	assert.Positive(t, relabelled)
}

// TestCustomReduceSortedKeys: a (2, 300, 300) tensor of few entries in
// batched DIA and (i : compressed, b : dense, j : compressed), reduced over the batch (90k
// kept groups for a few hundred stored values: the sort of the keys, not
// the scatter), and over each other dim, equals the dense reduction.
func TestCustomReduceSortedKeys(t *testing.T) {
	const n = 300
	data := make([]float64, 2*n*n)
	for i := range int64(n) {
		data[i*n+i] = float64(i%7) - 3 // batch 0: the diagonal
		if i+2 < n {
			data[n*n+i*n+i+2] = float64(i%5) + 1 // batch 1: diagonal +2
		}
		data[n*n+i*n+i] = 2
	}
	dense := tensortest.MustDense(t, data, 2, n, n)
	for _, text := range []string{"(b, i, j) -> (b : dense, j - i : compressed, i : range)", "(b, i, j) -> (i : compressed, b : dense, j : compressed)"} {
		f, err := format.Parse(text)
		require.NoError(t, err)
		a, err := convert.ToFormat(dense, f)
		require.NoError(t, err, text)
		u, err := a.USTStorage()
		require.NoError(t, err)
		require.False(t, scatterFits(n*n, u.Values.Numel()), "%s: the scatter would serve it", text)
		for _, dims := range [][]int{{0}, {1}, {2}, {0, 1}} {
			for _, op := range []string{"sum", "amax", "prod", "count_nonzero"} {
				msg := fmt.Sprintf("%s %s dims %v", text, op, dims)
				red, err := sumDims(op, dims, 3)
				require.NoError(t, err, msg)
				got, ok, err := reduceCustom(a, red, dims, op, mustReduceDType(t, op))
				require.NoError(t, err, msg)
				require.True(t, ok, msg)
				want, err := Reduce(dense, dims, op)
				require.NoError(t, err, msg)
				ewRequireSameDense(t, want, got, msg)
			}
		}
	}
}

// mustReduceDType is op's result dtype for a float64 input.
func mustReduceDType(t *testing.T, op string) dtype.DType {
	rd, ok := reducerFor(op, dtype.Float64)
	require.True(t, ok, op)
	out, err := rd.dtype(dtype.Float64)
	require.NoError(t, err, op)
	return out
}
