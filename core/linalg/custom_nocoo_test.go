package linalg

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestCustomProductsHoldNoCOOForm: every 2-d custom format of formats.json
// (float64 and float32, int64 and int32 levels) through mv, mm, addmm,
// matmul and a sparse product with a COO matrix: each equals the product of
// the dense value, and the operand holds its storage and nothing more
// afterwards (no COO form kept on it).
func TestCustomProductsHoldNoCOOForm(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 2))
	ran := 0
	for _, c := range loadUSTCases(t) {
		if len(c.Dense.Shape) != 2 {
			continue
		}
		for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
			for _, width := range []int{64, 32} {
				m, k := c.Dense.Shape[0], c.Dense.Shape[1]
				x := tensortest.RandomDense(t, rng, d, []int64{k}, 1)
				b := tensortest.RandomDense(t, rng, d, []int64{k, 3}, 1)
				in := tensortest.RandomDense(t, rng, d, []int64{m, 3}, 1)
				bs, err := convert.ToLayout(b, tensor.COO, tensor.DefaultConvert())
				require.NoError(t, err)
				xr, br, inr := denseRef(t, x), denseRef(t, b), denseRef(t, in)
				alpha, beta, ac, bc := testScalars(d)
				for _, o := range []struct {
					name string
					run  func(a *tensor.Tensor) (*tensor.Tensor, error)
					want func(ref dmat) dmat
				}{
					{"mv", func(a *tensor.Tensor) (*tensor.Tensor, error) { return Mv(a, x) },
						func(ref dmat) dmat {
							return dmat{shape: []int64{m}, v: refMM(ref, dmat{shape: []int64{k, 1}, v: xr.v}).v}
						}},
					{"mm", func(a *tensor.Tensor) (*tensor.Tensor, error) { return Mm(a, b) }, func(ref dmat) dmat { return refMM(ref, br) }},
					{"matmul", func(a *tensor.Tensor) (*tensor.Tensor, error) { return Matmul(a, b) }, func(ref dmat) dmat { return refMM(ref, br) }},
					{"addmm", func(a *tensor.Tensor) (*tensor.Tensor, error) { return Addmm(in, a, b, beta, alpha) },
						func(ref dmat) dmat {
							return axpby(ac, refMM(ref, br), bc, func(i int) complex128 { return inr.v[i] })
						}},
					{"sparse mm", func(a *tensor.Tensor) (*tensor.Tensor, error) { return SparseMm(a, bs) }, func(ref dmat) dmat { return refMM(ref, br) }},
				} {
					a := caseTensor(t, c, d, width)
					if a.Layout() != tensor.Custom {
						continue
					}
					msg := fmt.Sprintf("%s %s w%d %s %s", c.ID, d, width, c.Format, o.name)
					got, err := o.run(a)
					require.NoError(t, err, msg)
					requireNear(t, o.want(denseRef(t, a)), got, d, msg)
					requireStorageOnly(t, a, msg)
					ran++
				}
			}
		}
	}
	require.Positive(t, ran)
}

// requireStorageOnly: custom x holds the bytes of its format storage and
// no more (no COO form of its elements beside it).
func requireStorageOnly(t *testing.T, x *tensor.Tensor, msg string) {
	t.Helper()
	u, err := x.USTStorage()
	require.NoError(t, err, msg)
	n := int64(len(u.Values.Data))
	for l := range u.Pos {
		n += int64(len(u.Pos[l].Data) + len(u.Crd[l].Data))
	}
	require.Equal(t, n, tensor.StorageBytes(x), "%s: the operand holds a COO form beside its storage", msg)
}
