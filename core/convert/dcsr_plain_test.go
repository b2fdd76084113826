package convert_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// TestDCSRToPlainDirect: DCSR -> CSR and DCSC -> CSC of matrices with empty
// rows and columns (none stored, a few, most; int32 and int64 indices; fill
// 0 and 2.5) keep the dense value and the fill, pass the layout's full
// checks, and share the source's indices and values (only the pointer over
// all rows is new).
func TestDCSRToPlainDirect(t *testing.T) {
	rng := rand.New(rand.NewPCG(54, 1))
	for _, pair := range [][2]tensor.Layout{{tensor.DCSR, tensor.CSR}, {tensor.DCSC, tensor.CSC}} {
		for _, w := range []int{32, 64} {
			for _, density := range []float64{0, 0.05, 0.6} {
				for _, fill := range []float64{0, 2.5} {
					msg := fmt.Sprintf("%s -> %s w%d density %v fill %v", pair[0], pair[1], w, density, fill)
					dense := tensortest.RandomDense(t, rng, dtype.Float64, []int64{40, 30}, density)
					opt := tensor.DefaultConvert()
					opt.IndexWidth = w
					src, err := convert.ToLayout(dense, pair[0], opt)
					require.NoError(t, err, msg)
					if fill != 0 {
						f := make([]byte, 8)
						dtype.StoreScalar(dtype.Float64, f, dtype.Real(fill))
						src = tensor.Refill(src, f)
					}
					got, err := convert.ToLayout(src, pair[1], tensor.DefaultConvert())
					require.NoError(t, err, msg)
					require.Equal(t, pair[1], got.Layout(), msg)
					require.Equal(t, w, got.IndexWidth(), msg)
					require.Equal(t, src.FillElem(), got.FillElem(), msg)
					require.NoError(t, tensor.Validate(got), msg)
					want, err := convert.ToDense(src)
					require.NoError(t, err, msg)
					tensortest.RequireSameDense(t, want, got, msg)
					if n := src.Values().Numel(); n > 0 {
						require.Same(t, &src.Values().Data[0], &got.Values().Data[0], "%s: values shared", msg)
						require.Same(t, &src.Levels()[1].Crd.Data[0], &got.Levels()[1].Crd.Data[0], "%s: indices shared", msg)
					}
				}
			}
		}
	}
}
