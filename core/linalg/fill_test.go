package linalg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// Issue 38, items 1 and 2: a product with a sparse operand whose fill is not
// zero equals the product of the dense equivalents in IEEE arithmetic, NaN
// and infinite fills and infinities in either operand included.

// fillSpecials are the non-finite values the operands hold: NaN alone for
// complex dtypes (whose infinities turn to NaN in any complex product that
// multiplies by 1 + 0i, as BLAS does, so no single reference exists).
func fillSpecials(d dtype.DType) []float64 {
	if d.IsComplex() {
		return []float64{math.NaN()}
	}
	return []float64{math.Inf(1), math.Inf(-1), math.NaN()}
}

// fillOperand makes an (r x c) operand of format f (strided: dense) whose
// row 0 and column 0 are full, about half of the other elements stored,
// fill as given, and, when special, a non-finite value stored in row 1.
func fillOperand(t *testing.T, rng *rand.Rand, f testFormat, d dtype.DType, r, c int64, fill float64, special float64) *tensor.Tensor {
	t.Helper()
	dense := tensortest.RandomDense(t, rng, d, []int64{r, c}, 1)
	v := dense.Values()
	for i := int64(0); i < r; i++ {
		for j := int64(0); j < c; j++ {
			if i > 0 && j > 0 && rng.IntN(2) == 0 {
				v.SetComplex(i*c+j, dtype.IntScalar(0))
			}
		}
	}
	if r > 1 && c > 0 && (math.IsNaN(special) || math.IsInf(special, 0)) {
		v.SetComplex(c+rng.Int64N(c), dtype.Real(special))
	}
	if f.layout == tensor.Strided {
		return dense
	}
	x, err := convert.ToLayout(dense, f.layout, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: 32, BlockSize: blockFor(r, c)})
	require.NoError(t, err)
	if f.uncoalesced {
		x = uncoalesce(t, rng, x)
	}
	if fill != 0 {
		x, err = tensor.WithFill(x, tensor.ScalarBytes(d, dtype.Real(fill)))
		require.NoError(t, err)
	}
	return x
}

// ieeeMM is the product of dense (m x k) and (k x n) references as a dense
// product computes it: every term a*b added, in real arithmetic for a real
// dtype (a complex product would make inf * 2 NaN through its 0 * inf).
func ieeeMM(a, b dmat, cplx bool) dmat {
	m, k, n := a.shape[0], a.shape[1], b.shape[1]
	out := make([]complex128, m*n)
	for i := int64(0); i < m; i++ {
		for j := int64(0); j < n; j++ {
			if cplx {
				var s complex128
				for q := int64(0); q < k; q++ {
					s += a.v[i*k+q] * b.v[q*n+j]
				}
				out[i*n+j] = s
				continue
			}
			s := 0.0
			for q := int64(0); q < k; q++ {
				s += real(a.v[i*k+q]) * real(b.v[q*n+j])
			}
			out[i*n+j] = complex(s, 0)
		}
	}
	return dmat{shape: []int64{m, n}, v: out}
}

// requireIEEE asserts that got's dense value is want: NaN where want is NaN,
// the same infinity where want has one, finite values within the tolerance.
func requireIEEE(t *testing.T, want dmat, got *tensor.Tensor, d dtype.DType, msg string) {
	t.Helper()
	require.NotNil(t, got, msg)
	g := denseRef(t, got)
	require.True(t, slices.Equal(want.shape, g.shape), "%s: shape %v, want %v", msg, g.shape, want.shape)
	tol := max(tolerance(d), 1e-12)
	same := func(w, x float64) bool {
		switch {
		case math.IsNaN(w):
			return math.IsNaN(x)
		case math.IsInf(w, 0):
			return w == x
		}
		return math.Abs(w-x) <= tol*(1+math.Abs(w))
	}
	for i := range want.v {
		w, x := want.v[i], g.v[i]
		if !same(real(w), real(x)) || !same(imag(w), imag(x)) {
			require.Failf(t, "values differ", "%s: element %d = %v, want %v\nwant %v\ngot  %v", msg, i, x, w, want.v, g.v)
		}
	}
}

// TestFillProductsIEEE checks the matmul family with a sparse operand of
// every format whose fill is zero, finite, NaN or infinite, against the
// dense product, with infinities and NaN in the operands.
func TestFillProductsIEEE(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 1))
	const m, k, n = 4, 6, 3
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Complex128, dtype.Int64} {
		fills := []float64{0, 1.5}
		if d.IsFloat() || d.IsComplex() {
			fills = append(fills, fillSpecials(d)...)
		}
		specials := []float64{0}
		if d.IsFloat() || d.IsComplex() {
			specials = append(specials, fillSpecials(d)...)
		}
		cplx := d.IsComplex()
		for _, f := range formats2D {
			for _, fill := range fills {
				for _, sp := range specials {
					msg := fmt.Sprintf("%s %s fill=%g special=%g", f, d, fill, sp)
					if fill == 0 && sp != 0 {
						continue // a zero fill multiplies the stored entries only, as torch's sparse kernels
					}
					a := fillOperand(t, rng, f, d, m, k, fill, sp)
					b := fillOperand(t, rng, testFormat{layout: tensor.Strided}, d, k, n, 0, sp)
					ra, rb := denseRef(t, a), denseRef(t, b)

					got, err := Mm(a, b)
					require.NoError(t, err, msg)
					requireIEEE(t, ieeeMM(ra, rb, cplx), got, d, "mm sparse @ dense "+msg)

					at := fillOperand(t, rng, f, d, k, m, fill, sp)
					bt := fillOperand(t, rng, testFormat{layout: tensor.Strided}, d, n, k, 0, sp)
					got, err = Mm(bt, at)
					require.NoError(t, err, msg)
					requireIEEE(t, ieeeMM(denseRef(t, bt), denseRef(t, at), cplx), got, d, "mm dense @ sparse "+msg)

					x := fillOperand(t, rng, testFormat{layout: tensor.Strided}, d, k, 1, 0, sp)
					xv, err := tensor.NewStrided(dtype.Array{DType: d, Shape: []int64{k}, Data: x.Values().Data})
					require.NoError(t, err)
					got, err = Mv(a, xv)
					require.NoError(t, err, msg)
					want := ieeeMM(ra, denseRef(t, x), cplx)
					want.shape = []int64{m}
					requireIEEE(t, want, got, d, "mv "+msg)

					h, err := Hspmm(a, b)
					require.NoError(t, err, msg)
					if fill != 0 {
						requireIEEE(t, ieeeMM(ra, rb, cplx), h, d, "hspmm "+msg)
					}
					sm, err := Smm(a, b)
					require.NoError(t, err, msg)
					if fill != 0 {
						requireIEEE(t, ieeeMM(ra, rb, cplx), sm, d, "smm "+msg)
					}

					for _, g := range []testFormat{{layout: tensor.Strided}, f} {
						b2 := fillOperand(t, rng, g, d, k, n, fill, sp)
						got, err = SparseMm(a, b2)
						require.NoError(t, err, msg)
						requireIEEE(t, ieeeMM(ra, denseRef(t, b2), cplx), got, d, "sparse.mm with "+g.String()+" "+msg)
					}
				}
			}
		}
	}
}

// TestFillAddmmIEEE checks addmm's alpha and beta around a product whose
// sparse operand has a non-finite fill.
func TestFillAddmmIEEE(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 2))
	for _, f := range formats2D {
		for _, fill := range []float64{1.5, math.NaN(), math.Inf(1)} {
			for _, sp := range []float64{0, math.Inf(-1), math.NaN()} {
				msg := fmt.Sprintf("%s fill=%g special=%g", f, fill, sp)
				d := dtype.Float64
				a := fillOperand(t, rng, f, d, 3, 4, fill, sp)
				b := fillOperand(t, rng, testFormat{layout: tensor.Strided}, d, 4, 2, 0, sp)
				in := fillOperand(t, rng, testFormat{layout: tensor.Strided}, d, 3, 2, 0, 0)
				got, err := Addmm(in, a, b, dtype.Real(-0.5), dtype.Real(2))
				require.NoError(t, err, msg)
				p, ri := ieeeMM(denseRef(t, a), denseRef(t, b), false), denseRef(t, in)
				for i := range p.v {
					p.v[i] = complex(2*real(p.v[i])-0.5*real(ri.v[i]), 0)
				}
				requireIEEE(t, p, got, d, "addmm "+msg)
			}
		}
	}
}

// TestFillBmmIEEE checks the batched product of a 3-D sparse operand with a
// non-finite fill, in each batched layout.
func TestFillBmmIEEE(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 3))
	const nb, m, k, n = 3, 2, 4, 3
	for _, l := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSC, tensor.BSR} {
		for _, fill := range []float64{1.5, math.NaN(), math.Inf(-1)} {
			for _, sp := range []float64{0, math.Inf(1), math.NaN()} {
				msg := fmt.Sprintf("%s fill=%g special=%g", l, fill, sp)
				d := dtype.Float64
				parts := make([]*tensor.Tensor, nb)
				bs := make([]*tensor.Tensor, nb)
				av := dtype.NewArray(d, []int64{nb, m, k})
				bv := dtype.NewArray(d, []int64{nb, k, n})
				for i := range parts {
					// One pattern for every batch (a batched CSR needs as many
					// elements in each); row 0 of each is full.
					parts[i] = fillOperand(t, rng, testFormat{layout: tensor.Strided}, d, m, k, 0, 0)
					pv := dtype.AsSlice[float64](parts[i].Values())
					for e := range pv {
						if e >= k && e%3 == 1 {
							pv[e] = 0
						} else if pv[e] == 0 {
							pv[e] = 1
						}
					}
					if i == 1 && sp != 0 {
						pv[k+1] = sp // (1, 1): stored in every batch
					}
					bs[i] = fillOperand(t, rng, testFormat{layout: tensor.Strided}, d, k, n, 0, sp)
					copy(av.Data[int64(i)*m*k*8:], parts[i].Values().Data)
					copy(bv.Data[int64(i)*k*n*8:], bs[i].Values().Data)
				}
				ad, err := tensor.NewStrided(av)
				require.NoError(t, err)
				a, err := convert.ToLayout(ad, l, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, BlockSize: [2]int64{1, 2}})
				require.NoError(t, err, msg)
				a, err = tensor.WithFill(a, tensor.ScalarBytes(d, dtype.Real(fill)))
				require.NoError(t, err, msg)
				b, err := tensor.NewStrided(bv)
				require.NoError(t, err)
				got, err := Bmm(a, b)
				require.NoError(t, err, msg)
				ra, rb := denseRef(t, a), denseRef(t, b)
				want := dmat{shape: []int64{nb, m, n}}
				for i := int64(0); i < nb; i++ {
					ai := dmat{shape: []int64{m, k}, v: ra.v[i*m*k : (i+1)*m*k]}
					bi := dmat{shape: []int64{k, n}, v: rb.v[i*k*n : (i+1)*k*n]}
					want.v = append(want.v, ieeeMM(ai, bi, false).v...)
				}
				requireIEEE(t, want, got, d, "bmm "+msg)
			}
		}
	}
}

// TestFillProductIssueExamples are the two reports of issue 38 as written.
func TestFillProductIssueExamples(t *testing.T) {
	a, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 0, 0, 1}, 2, 2), dtype.Float64Array([]float64{1, 2}, 2), []int64{1, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	a, err = tensor.WithFill(a, tensor.ScalarBytes(dtype.Float64, dtype.Real(math.NaN())))
	require.NoError(t, err)
	got, err := Mm(a, tensortest.MustDense(t, []float64{1, 1}, 2, 1))
	require.NoError(t, err)
	require.Equal(t, []float64{3}, dtype.AsSlice[float64](got.Values()), "a row without unspecified elements reads no NaN fill")

	b, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 0}, 2, 1), dtype.Float64Array([]float64{-2}, 1), []int64{1, 1}, tensor.BuildOptions{})
	require.NoError(t, err)
	b, err = tensor.WithFill(b, tensor.ScalarBytes(dtype.Float64, dtype.Real(1.5)))
	require.NoError(t, err)
	got, err = Mm(tensortest.MustDense(t, []float64{math.Inf(1)}, 1, 1), b)
	require.NoError(t, err)
	require.Equal(t, []float64{math.Inf(-1)}, dtype.AsSlice[float64](got.Values()), "inf * -2 with a fill that no element reads")
}

// TestSampledAddmmBetaZeroIgnoresFill: with beta zero, input (fill
// included) is ignored, so a NaN fill gives a zero fill, not 0 * NaN.
func TestSampledAddmmBetaZeroIgnoresFill(t *testing.T) {
	in, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 0, 0, 1}, 2, 2), dtype.Float64Array([]float64{1, 2}, 2), []int64{2, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	in, err = convert.ToLayout(in, tensor.CSR, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	require.NoError(t, err)
	in, err = tensor.WithFill(in, tensor.ScalarBytes(dtype.Float64, dtype.Real(math.NaN())))
	require.NoError(t, err)
	ones := tensortest.MustDense(t, []float64{1, 1, 1, 1}, 2, 2)
	got, err := SampledAddmm(in, ones, ones, dtype.IntScalar(0), dtype.IntScalar(1))
	require.NoError(t, err)
	requireIEEE(t, dmat{shape: []int64{2, 2}, v: []complex128{2, 2, 0, 0}}, got, dtype.Float64, "beta = 0")
	got, err = SampledAddmm(in, ones, ones, dtype.IntScalar(1), dtype.IntScalar(1))
	require.NoError(t, err)
	requireIEEE(t, dmat{shape: []int64{2, 2}, v: []complex128{3, 4, complex(math.NaN(), 0), complex(math.NaN(), 0)}}, got, dtype.Float64, "beta = 1")
}
