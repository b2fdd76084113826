package linalg

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// ustCase is one case of ../shared/conformance/ust/formats.json: a format
// and a dense tensor.
type ustCase struct {
	ID     string `json:"id"`
	Format string `json:"format"`
	Dense  struct {
		Shape []int64   `json:"shape"`
		Data  []float64 `json:"data"`
	} `json:"dense"`
}

func loadUSTCases(t *testing.T) []ustCase {
	t.Helper()
	path := filepath.Join("..", "..", "..", "shared", "conformance", "ust", "formats.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("UST conformance vectors not found at %s: %v", path, err)
	}
	var v struct {
		Cases []ustCase `json:"cases"`
	}
	require.NoError(t, json.Unmarshal(data, &v))
	require.Len(t, v.Cases, 275)
	return v.Cases
}

// caseTensor returns the case's tensor in its format and dtype d, with
// int64 level arrays (ToFormat) or int32 ones (WrapFormat over narrowed
// copies of the same storage).
func caseTensor(t *testing.T, c ustCase, d dtype.DType, width int) *tensor.Tensor {
	t.Helper()
	f, err := format.Parse(c.Format)
	require.NoError(t, err, c.ID)
	a := dtype.NewArray(d, c.Dense.Shape)
	for i, x := range c.Dense.Data {
		a.SetComplex(int64(i), dtype.Complex128Scalar(complex(x, 0)))
	}
	dense, err := tensor.NewStrided(a)
	require.NoError(t, err)
	out, err := convert.ToFormat(dense, f)
	require.NoError(t, err, c.ID)
	if width == 64 {
		return out
	}
	u, err := out.USTStorage()
	require.NoError(t, err, c.ID)
	narrow := func(xs []dtype.Array) []dtype.Array {
		r := make([]dtype.Array, len(xs))
		for l, x := range xs {
			if x.Data == nil {
				continue
			}
			r[l] = dtype.NewArray(dtype.Int32, []int64{x.Numel()})
			for i := range x.Numel() {
				r[l].SetComplex(i, dtype.IntScalar(x.Index(i)))
			}
		}
		return r
	}
	w, err := convert.WrapFormat(f, c.Dense.Shape, narrow(u.Pos), narrow(u.Crd), u.Values)
	require.NoError(t, err, c.ID)
	return w
}

// TestFormatProductsConformance: for every 2-D case of formats.json, mv, mm
// and addmv of the tensor in its format equal the products of its dense
// value, in four dtypes and both index widths; every 3-D case's matmul with
// a vector and with a matrix (a batched product over its first dim) too.
// Custom formats (other than DIA's float path), DCSR, DCSC and CSF are
// checked to take the format path.
func TestFormatProductsConformance(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 1))
	walked := 0
	for _, c := range loadUSTCases(t) {
		nd := len(c.Dense.Shape)
		if nd < 2 {
			continue
		}
		for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Int64, dtype.Complex128} {
			for _, width := range []int{64, 32} {
				a := caseTensor(t, c, d, width)
				msg := fmt.Sprintf("%s %s w%d %s", c.ID, d, width, c.Format)
				switch a.Layout() {
				case tensor.Custom, tensor.DCSR, tensor.DCSC, tensor.CSF:
					require.True(t, formatPath(a) || isDIA(a), "%s %s batch %d dense %d fill %v", msg, a.Layout(), a.BatchDim(), a.DenseDim(), a.FillElem())
					walked++
				}
				ref := denseRef(t, a)
				k := c.Dense.Shape[nd-1]
				x := tensortest.RandomDense(t, rng, d, []int64{k}, 1)
				b := tensortest.RandomDense(t, rng, d, []int64{k, 3}, 1)
				xr, br := denseRef(t, x), denseRef(t, b)
				col := dmat{shape: []int64{k, 1}, v: xr.v}
				if nd == 3 {
					got, err := Matmul(a, x)
					require.NoError(t, err, msg)
					want := refMM(ref, dmat{shape: []int64{k, 1}, v: repeatBatches(xr.v, c.Dense.Shape[0])})
					want.shape = c.Dense.Shape[:2]
					requireNear(t, want, got, d, msg+" matmul vector")
					got, err = Matmul(a, b)
					require.NoError(t, err, msg)
					requireNear(t, refMM(ref, dmat{shape: br.shape, v: repeatBatches(br.v, c.Dense.Shape[0])}), got, d, msg+" matmul matrix")
					continue
				}
				m := c.Dense.Shape[0]
				got, err := Mv(a, x)
				require.NoError(t, err, msg)
				want := refMM(ref, col)
				want.shape = []int64{m}
				requireNear(t, want, got, d, msg+" mv")
				got, err = Mm(a, b)
				require.NoError(t, err, msg)
				requireNear(t, refMM(ref, br), got, d, msg+" mm")
				in := tensortest.RandomDense(t, rng, d, []int64{m}, 1)
				alpha, beta, ac, bc := testScalars(d)
				got, err = Addmv(in, a, x, beta, alpha)
				require.NoError(t, err, msg)
				inr := denseRef(t, in)
				requireNear(t, axpby(ac, want, bc, func(i int) complex128 { return inr.v[i] }), got, d, msg+" addmv")
			}
		}
	}
	require.Greater(t, walked, 1000, "the cases that take the format path")
}

// repeatBatches stacks a 2-D operand's values once per batch (refMM's
// batched operands).
func repeatBatches(v []complex128, nb int64) []complex128 {
	out := make([]complex128, 0, int64(len(v))*nb)
	for range nb {
		out = append(out, v...)
	}
	return out
}
