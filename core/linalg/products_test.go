package linalg

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// Every product with one sparse operand, over every format, dtype, index
// width, shape (empty and degenerate included) and fill, against the dense
// reference.
func TestLinalgSparseDenseProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	// Strided first: dense @ dense is the reference path of every other format.
	for _, f := range append([]testFormat{{layout: tensor.Strided}}, formats2D...) {
		for _, d := range testDTypes {
			for _, w := range indexWidths {
				for _, sh := range productShapes {
					for _, fill := range []float64{0, fillFor(d)} {
						checkSparseDense(t, rng, f, d, w, sh, fill)
					}
				}
			}
		}
	}
}

func checkSparseDense(t *testing.T, rng *rand.Rand, f testFormat, d dtype.DType, w int, sh [3]int64, fill float64) {
	m, k, n := sh[0], sh[1], sh[2]
	a := makeOperand(t, rng, f, d, []int64{m, k}, w, fill)
	before := tensor.Clone(a)
	b := tensortest.RandomDense(t, rng, d, []int64{k, n}, 0.8)
	x := tensortest.RandomDense(t, rng, d, []int64{k}, 0.8)
	alpha, beta, ac, bc := testScalars(d)
	ra, rb, rx := denseRef(t, a), denseRef(t, b), denseRef(t, x)
	prod := refMM(ra, rb)
	msg := func(op string) string { return caseName(op, f, d, w, sh, fill) }

	for name, fn := range map[string]func(a, b *tensor.Tensor) (*tensor.Tensor, error){"mm": Mm, "sparse.mm": SparseMm, "matmul": Matmul} {
		got, err := fn(a, b)
		require.NoError(t, err, msg(name))
		require.Equal(t, tensor.Strided, got.Layout(), msg(name))
		requireNear(t, prod, got, d, msg(name))
	}

	mv := refMM(ra, dmat{shape: []int64{k, 1}, v: rx.v})
	mv.shape = []int64{m}
	for name, fn := range map[string]func(a, b *tensor.Tensor) (*tensor.Tensor, error){"mv": Mv, "matmul(2,1)": Matmul} {
		got, err := fn(a, x)
		require.NoError(t, err, msg(name))
		requireNear(t, mv, got, d, msg(name))
	}

	// addmm with an input broadcast along the rows, and a full one.
	row := tensortest.RandomDense(t, rng, d, []int64{n}, 0.9)
	rr := denseRef(t, row)
	want := axpby(ac, prod, bc, func(i int) complex128 { return rr.v[i%int(max(n, 1))] })
	for name, fn := range map[string]func(in, a, b *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error){"addmm": Addmm, "sparse.addmm": SparseAddmm} {
		got, err := fn(row, a, b, beta, alpha)
		require.NoError(t, err, msg(name))
		requireNear(t, want, got, d, msg(name))
	}
	full := tensortest.RandomDense(t, rng, d, []int64{m, n}, 0.9)
	rf := denseRef(t, full)
	got, err := Addmm(full, a, b, beta, alpha)
	require.NoError(t, err, msg("addmm full"))
	requireNear(t, axpby(ac, prod, bc, func(i int) complex128 { return rf.v[i] }), got, d, msg("addmm full"))

	vin := tensortest.RandomDense(t, rng, d, []int64{m}, 0.9)
	rv := denseRef(t, vin)
	got, err = Addmv(vin, a, x, beta, alpha)
	require.NoError(t, err, msg("addmv"))
	requireNear(t, axpby(ac, mv, bc, func(i int) complex128 { return rv.v[i] }), got, d, msg("addmv"))

	// dense @ sparse: (n x m) @ (m x k), and a row vector @ sparse.
	dl := tensortest.RandomDense(t, rng, d, []int64{n, m}, 0.8)
	got, err = Mm(dl, a)
	require.NoError(t, err, msg("dense@sparse"))
	requireNear(t, refMM(denseRef(t, dl), ra), got, d, msg("dense@sparse"))
	xl := tensortest.RandomDense(t, rng, d, []int64{m}, 0.8)
	vm := refMM(dmat{shape: []int64{1, m}, v: denseRef(t, xl).v}, ra)
	vm.shape = []int64{k}
	got, err = Matmul(xl, a)
	require.NoError(t, err, msg("matmul(1,2)"))
	requireNear(t, vm, got, d, msg("matmul(1,2)"))

	checkRowProducts(t, rng, a, b, prod, msg)
	checkSampled(t, rng, f, d, w, sh, fill, msg("sampled_addmm"))
	requireUntouched(t, before, a, msg("inputs"))
}

// checkRowProducts checks hspmm, smm and sspaddmm: their layout, the rows
// they keep, and their dense value.
func checkRowProducts(t *testing.T, rng *rand.Rand, a, b *tensor.Tensor, prod dmat, msg func(string) string) {
	d := a.DType()
	m, n := a.Dims()[0], b.Dims()[1]
	// The rows a stores anything in (all of them under a non-zero fill).
	dense, err := convert.ToLayout(a, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	require.NoError(t, err)
	var rows []int64
	seen := map[int64]bool{}
	for e := int64(0); e < dense.NNZ(); e++ {
		seen[dense.Levels()[0].Crd.Index(e)] = true
	}
	for i := int64(0); i < m; i++ {
		if seen[i] || !dtype.LoadScalar(a.DType(), a.FillElem()).IsZero() {
			rows = append(rows, i)
		}
	}

	h, err := Hspmm(a, b)
	require.NoError(t, err, msg("hspmm"))
	require.Equal(t, tensor.COO, h.Layout(), msg("hspmm"))
	require.Equal(t, 1, h.SparseDim(), msg("hspmm"))
	require.Equal(t, 1, h.DenseDim(), msg("hspmm"))
	require.Equal(t, len(rows) < 2, h.IsCoalesced(), msg("hspmm: torch marks fewer than two rows coalesced"))
	hi, err := tensor.Component(h, tensor.CompRawIndices)
	require.NoError(t, err)
	require.Equal(t, int64(len(rows)), hi.Numel(), msg("hspmm rows"))
	for i, r := range rows {
		require.Equal(t, r, hi.Index(int64(i)), msg("hspmm rows"))
	}
	requireNear(t, prod, h, d, msg("hspmm"))

	s, err := Smm(a, b)
	require.NoError(t, err, msg("smm"))
	require.Equal(t, tensor.COO, s.Layout(), msg("smm"))
	require.Equal(t, 2, s.SparseDim(), msg("smm"))
	require.Equal(t, int64(len(rows))*n, s.NNZ(), msg("smm nnz"))
	requireNear(t, prod, s, d, msg("smm"))

	alpha, beta, ac, bc := testScalars(d)
	in := makeOperand(t, rng, testFormat{layout: tensor.COO, uncoalesced: true}, d, []int64{m, n}, 64, 0)
	if !dtype.LoadScalar(a.DType(), a.FillElem()).IsZero() {
		in, err = tensor.WithFill(in, slices.Clone(a.FillElem())) // a non-zero input fill too
		require.NoError(t, err)
	}
	ri := denseRef(t, in)
	if a.Layout() != tensor.COO { // torch's sspaddmm takes a COO mat1 only
		_, err = Sspaddmm(in, a, b, beta, alpha)
		require.ErrorContains(t, err, "sspaddmm: Argument #2 (mat1): expected a sparse_coo tensor", msg("sspaddmm"))
		return
	}
	sp, err := Sspaddmm(in, a, b, beta, alpha)
	require.NoError(t, err, msg("sspaddmm"))
	require.Equal(t, tensor.COO, sp.Layout(), msg("sspaddmm"))
	if dtype.LoadScalar(in.DType(), in.FillElem()).IsZero() {
		require.Equal(t, in.NNZ()+int64(len(rows))*n, sp.NNZ(), msg("sspaddmm nnz: input entries, then full rows"))
	}
	requireNear(t, axpby(ac, prod, bc, func(i int) complex128 { return ri.v[i] }), sp, d, msg("sspaddmm"))
}

// checkSampled checks sampled_addmm with an input of the format.
func checkSampled(t *testing.T, rng *rand.Rand, f testFormat, d dtype.DType, w int, sh [3]int64, fill float64, msg string) {
	m, k, n := sh[0], sh[1], sh[2]
	in := makeOperand(t, rng, f, d, []int64{m, n}, w, fill)
	m1 := tensortest.RandomDense(t, rng, d, []int64{m, k}, 0.8)
	m2 := tensortest.RandomDense(t, rng, d, []int64{k, n}, 0.8)
	alpha, beta, ac, bc := testScalars(d)
	if in.Layout() != tensor.CSR { // torch's sampled_addmm takes a CSR input only
		_, err := SampledAddmm(in, m1, m2, beta, alpha)
		require.ErrorContains(t, err, "sparse.sampled_addmm: Argument #1 (input): expected a sparse_csr tensor", msg)
		return
	}
	got, err := SampledAddmm(in, m1, m2, beta, alpha)
	require.NoError(t, err, msg)
	require.Equal(t, tensor.CSR, got.Layout(), msg)
	pattern, err := convert.ToLayout(in, tensor.CSR, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	require.NoError(t, err)
	mask := make([]bool, m*n)
	crow, _ := tensor.Component(pattern, tensor.CompCrowIndices)
	col, _ := tensor.Component(pattern, tensor.CompColIndices)
	for i := int64(0); i < m; i++ {
		for p := crow.Index(i); p < crow.Index(i+1); p++ {
			mask[i*n+col.Index(p)] = true
		}
	}
	gc, _ := tensor.Component(got, tensor.CompCrowIndices)
	require.Equal(t, crow.Numel(), gc.Numel(), msg)
	for i := int64(0); i < crow.Numel(); i++ {
		require.Equal(t, crow.Index(i), gc.Index(i), "%s: crow_indices", msg)
	}
	prod := refMM(denseRef(t, m1), denseRef(t, m2))
	ri := denseRef(t, in)
	want := dmat{shape: []int64{m, n}, v: make([]complex128, m*n)}
	for i := range want.v {
		want.v[i] = bc * ri.v[i]
		if mask[i] {
			want.v[i] += ac * prod.v[i]
		}
	}
	requireNear(t, want, got, d, msg)
}

// Sparse @ sparse in every format (result in the operands' layout), and with
// mixed layouts (CSR result); addmm of three sparse operands stays sparse.
func TestLinalgSparseSparseProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, f := range formats2D {
		for _, d := range testDTypes {
			for _, w := range indexWidths {
				for _, sh := range productShapes {
					for _, fill := range []float64{0, fillFor(d)} {
						m, k, n := sh[0], sh[1], sh[2]
						msg := caseName("sparse@sparse", f, d, w, sh, fill)
						a := makeOperand(t, rng, f, d, []int64{m, k}, w, fill)
						b := makeOperand(t, rng, f, d, []int64{k, n}, w, 0)
						before := tensor.Clone(b)
						prod := refMM(denseRef(t, a), denseRef(t, b))
						for _, fn := range []func(a, b *tensor.Tensor) (*tensor.Tensor, error){SparseMm, Mm} {
							got, err := fn(a, b)
							require.NoError(t, err, msg)
							require.Equal(t, f.layout, got.Layout(), msg)
							if f.layout == tensor.COO {
								require.True(t, got.IsCoalesced(), msg)
							}
							if f.layout.IsBlocked() {
								require.Equal(t, [2]int64{a.BlockSize()[0], b.BlockSize()[1]}, got.BlockSize(), msg)
							}
							requireNear(t, prod, got, d, msg)
						}
						in := makeOperand(t, rng, f, d, []int64{m, n}, w, fill)
						alpha, beta, ac, bc := testScalars(d)
						ri := denseRef(t, in)
						got, err := Addmm(in, a, b, beta, alpha)
						require.NoError(t, err, msg+" addmm")
						require.Equal(t, f.layout, got.Layout(), msg+" addmm")
						requireNear(t, axpby(ac, prod, bc, func(i int) complex128 { return ri.v[i] }), got, d, msg+" addmm")
						requireUntouched(t, before, b, msg)
					}
				}
			}
		}
	}
	for _, pair := range [][2]testFormat{{{layout: tensor.CSR}, {layout: tensor.COO}}, {{layout: tensor.CSC}, {layout: tensor.CSR}},
		{{layout: tensor.COO, uncoalesced: true}, {layout: tensor.CSC}}, {{layout: tensor.BSR}, {layout: tensor.CSR}}, {{layout: tensor.CSF}, {layout: tensor.DCSR}}} {
		for _, w := range [][2]int{{32, 64}, {64, 32}, {32, 32}} {
			a := makeOperand(t, rng, pair[0], dtype.Float64, []int64{6, 4}, w[0], 0)
			b := makeOperand(t, rng, pair[1], dtype.Float64, []int64{4, 6}, w[1], 0)
			got, err := SparseMm(a, b)
			msg := pair[0].String() + "@" + pair[1].String()
			require.NoError(t, err, msg)
			require.Equal(t, tensor.CSR, got.Layout(), msg)
			require.Equal(t, max(w[0], w[1]), got.IndexWidth(), msg)
			requireNear(t, refMM(denseRef(t, a), denseRef(t, b)), got, dtype.Float64, msg)
		}
	}
}

// batchEven makes a (B, m, k) dense tensor whose batches share one
// sparsity pattern, as batched compressed tensors need.
func batchEven(t *testing.T, rng *rand.Rand, d dtype.DType, nb, m, k int64) *tensor.Tensor {
	one := tensortest.RandomDense(t, rng, d, []int64{m, k}, 0.4)
	a := dtype.NewArray(d, []int64{nb, m, k})
	for b := int64(0); b < nb; b++ {
		for i := int64(0); i < m*k; i++ {
			v := one.Values().Complex(i)
			if !v.IsZero() {
				v = v.Mul(dtype.IntScalar(b + 2))
			}
			a.SetComplex(b*m*k+i, v)
		}
	}
	x, err := tensor.NewStrided(a)
	require.NoError(t, err)
	return x
}

// Batched products: every 3-D format @ dense, and matmul's batch broadcasting.
func TestLinalgBatched(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	formats := []testFormat{{layout: tensor.Strided}, {layout: tensor.COO}, {layout: tensor.COO, uncoalesced: true}, {layout: tensor.CSR}, {layout: tensor.CSC},
		{layout: tensor.BSR}, {layout: tensor.BSC}, {layout: tensor.CSF}}
	for _, f := range formats {
		for _, d := range testDTypes {
			for _, w := range indexWidths {
				for _, sh := range [][4]int64{{2, 4, 6, 3}, {3, 1, 1, 1}, {0, 4, 6, 3}, {2, 0, 4, 3}, {2, 4, 0, 3}, {2, 4, 6, 0}} {
					for _, fill := range []float64{0, fillFor(d)} {
						nb, m, k, n := sh[0], sh[1], sh[2], sh[3]
						msg := caseName("bmm", f, d, w, [3]int64{m, k, n}, fill) + " B=" + tensor.Itoa(nb)
						dense := batchEven(t, rng, d, nb, m, k)
						a := dense
						if f.layout != tensor.Strided {
							var err error
							a, err = convert.ToLayout(dense, f.layout, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: w, BlockSize: blockFor(m, k)})
							require.NoError(t, err, msg)
							if f.uncoalesced {
								a = uncoalesce(t, rng, a)
							}
							if fill != 0 {
								a, err = tensor.WithFill(a, tensor.ScalarBytes(d, dtype.Real(fill)))
								require.NoError(t, err)
							}
						}
						b := tensortest.RandomDense(t, rng, d, []int64{nb, k, n}, 0.8)
						want := refMM(denseRef(t, a), denseRef(t, b))
						for name, fn := range map[string]func(a, b *tensor.Tensor) (*tensor.Tensor, error){"bmm": Bmm, "matmul": Matmul} {
							got, err := fn(a, b)
							require.NoError(t, err, name+" "+msg)
							requireNear(t, want, got, d, name+" "+msg)
						}
					}
				}
			}
		}
	}
}

// matmul's rules for 1-D, 2-D and 3-D operands, sparse and dense.
func TestLinalgMatmulBroadcast(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, sparse := range []bool{false, true} {
		mk := func(shape ...int64) *tensor.Tensor {
			x := tensortest.RandomDense(t, rng, dtype.Float64, shape, 0.5)
			if sparse && len(shape) > 1 {
				c, err := convert.ToLayout(x, tensor.COO, tensor.DefaultConvert())
				require.NoError(t, err)
				return c
			}
			return x
		}
		// (3,2): the matrix repeats over the batch.
		a3, b2 := mk(2, 3, 4), tensortest.RandomDense(t, rng, dtype.Float64, []int64{4, 5}, 0.5)
		ra3, rb2 := denseRef(t, a3), denseRef(t, b2)
		want := refMM(ra3, dmat{shape: []int64{2, 4, 5}, v: append(append([]complex128(nil), rb2.v...), rb2.v...)})
		got, err := Matmul(a3, b2)
		require.NoError(t, err)
		requireNear(t, want, got, dtype.Float64, "matmul(3,2)")

		// (2,3): a 2-D sparse or dense matrix times each batch.
		a2, b3 := mk(3, 4), tensortest.RandomDense(t, rng, dtype.Float64, []int64{2, 4, 5}, 0.5)
		ra2, rb3 := denseRef(t, a2), denseRef(t, b3)
		want = refMM(dmat{shape: []int64{2, 3, 4}, v: append(append([]complex128(nil), ra2.v...), ra2.v...)}, rb3)
		got, err = Matmul(a2, b3)
		require.NoError(t, err)
		requireNear(t, want, got, dtype.Float64, "matmul(2,3)")

		// (3,1) and (1,3).
		v := tensortest.RandomDense(t, rng, dtype.Float64, []int64{4}, 0.9)
		rv := denseRef(t, v)
		want = refMM(ra3, dmat{shape: []int64{2, 4, 1}, v: append(append([]complex128(nil), rv.v...), rv.v...)})
		want.shape = []int64{2, 3}
		got, err = Matmul(a3, v)
		require.NoError(t, err)
		requireNear(t, want, got, dtype.Float64, "matmul(3,1)")
		want = refMM(dmat{shape: []int64{2, 1, 4}, v: append(append([]complex128(nil), rv.v...), rv.v...)}, rb3)
		want.shape = []int64{2, 5}
		got, err = Matmul(v, b3)
		require.NoError(t, err)
		requireNear(t, want, got, dtype.Float64, "matmul(1,3)")
	}
	// (1,1): the dot product, a 0-d tensor; sparse vectors are densified.
	x := tensortest.RandomDense(t, rng, dtype.Complex128, []int64{6}, 0.9)
	y := tensortest.RandomDense(t, rng, dtype.Complex128, []int64{6}, 0.9)
	ys, err := convert.ToLayout(y, tensor.COO, tensor.DefaultConvert())
	require.NoError(t, err)
	var dot complex128
	rx, ry := denseRef(t, x), denseRef(t, y)
	for i := range rx.v {
		dot += rx.v[i] * ry.v[i]
	}
	got, err := Matmul(x, ys)
	require.NoError(t, err)
	requireNear(t, dmat{shape: []int64{}, v: []complex128{dot}}, got, dtype.Complex128, "dot")
}

// float16 and bfloat16 compute in float32 and keep their dtype.
func TestLinalgHalfDTypes(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, d := range []dtype.DType{dtype.Float16, dtype.BFloat16} {
		a32 := tensortest.RandomDense(t, rng, dtype.Float32, []int64{4, 5}, 0.5)
		b32 := tensortest.RandomDense(t, rng, dtype.Float32, []int64{5, 3}, 0.9)
		a, err := convert.ToDType(a32, d)
		require.NoError(t, err)
		b, err := convert.ToDType(b32, d)
		require.NoError(t, err)
		as, err := convert.ToLayout(a, tensor.CSR, tensor.DefaultConvert())
		require.NoError(t, err)
		want := refMM(denseRef(t, a), denseRef(t, b))
		got, err := Mm(as, b)
		require.NoError(t, err)
		requireNear(t, want, got, d, "mm "+d.String())
		_, err = SparseMm(as, as)
		require.Error(t, err, "4x5 @ 4x5")
		bs, err := convert.ToLayout(b, tensor.CSR, tensor.DefaultConvert())
		require.NoError(t, err)
		got, err = SparseMm(as, bs)
		require.NoError(t, err)
		require.Equal(t, tensor.CSR, got.Layout())
		requireNear(t, want, got, d, "sparse.mm "+d.String())
	}
}

// Operands large enough for the kernels' parallel paths (work above their
// threshold), in each fast-path format.
func TestLinalgLargerOperands(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	const m, k, n = 400, 300, 40
	for _, f := range []testFormat{{layout: tensor.CSR}, {layout: tensor.CSC}, {layout: tensor.COO}, {layout: tensor.COO, uncoalesced: true}, {layout: tensor.BSR}} {
		a := tensortest.RandomDense(t, rng, dtype.Float64, []int64{m, k}, 0.05)
		b := tensortest.RandomDense(t, rng, dtype.Float64, []int64{k, n}, 0.9)
		sa, err := convert.ToLayout(a, f.layout, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, BlockSize: [2]int64{4, 3}})
		require.NoError(t, err)
		if f.uncoalesced {
			sa = uncoalesce(t, rng, sa)
		}
		ra := denseRef(t, a)
		got, err := Mm(sa, b)
		require.NoError(t, err, f.String())
		requireNear(t, refMM(ra, denseRef(t, b)), got, dtype.Float64, "large mm "+f.String())
		dl := tensortest.RandomDense(t, rng, dtype.Float64, []int64{n, m}, 0.9)
		got, err = Mm(dl, sa)
		require.NoError(t, err, f.String())
		requireNear(t, refMM(denseRef(t, dl), ra), got, dtype.Float64, "large dense@sparse "+f.String())
		bs, err := convert.ToLayout(tensortest.RandomDense(t, rng, dtype.Float64, []int64{k, m}, 0.05), f.layout, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, BlockSize: [2]int64{3, 4}})
		require.NoError(t, err)
		got, err = SparseMm(sa, bs)
		require.NoError(t, err, f.String())
		requireNear(t, refMM(ra, denseRef(t, bs)), got, dtype.Float64, "large sparse@sparse "+f.String())
	}
}

// sampled_addmm over batches, with the dense operands batched or shared.
func TestLinalgSampledBatched(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	const nb, m, k, n = 3, 4, 2, 5
	in, err := convert.ToLayout(batchEven(t, rng, dtype.Float64, nb, m, n), tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	ri := denseRef(t, in)
	for _, batched := range []bool{true, false} {
		s1, s2 := []int64{m, k}, []int64{k, n}
		if batched {
			s1, s2 = []int64{nb, m, k}, []int64{nb, k, n}
		}
		m1, m2 := tensortest.RandomDense(t, rng, dtype.Float64, s1, 0.9), tensortest.RandomDense(t, rng, dtype.Float64, s2, 0.9)
		r1, r2 := denseRef(t, m1), denseRef(t, m2)
		got, err := SampledAddmm(in, m1, m2, dtype.Real(0.5), dtype.Real(2))
		require.NoError(t, err)
		require.Equal(t, tensor.CSR, got.Layout())
		want := dmat{shape: []int64{nb, m, n}, v: make([]complex128, nb*m*n)}
		for b := int64(0); b < nb; b++ {
			o1, o2 := b*m*k, b*k*n
			if !batched {
				o1, o2 = 0, 0
			}
			p := refMM(dmat{shape: []int64{m, k}, v: r1.v[o1 : o1+m*k]}, dmat{shape: []int64{k, n}, v: r2.v[o2 : o2+k*n]})
			for i := int64(0); i < m*n; i++ {
				if x := ri.v[b*m*n+i]; x != 0 {
					want.v[b*m*n+i] = 0.5*x + 2*p.v[i]
				}
			}
		}
		requireNear(t, want, got, dtype.Float64, "batched sampled_addmm")
	}
}
