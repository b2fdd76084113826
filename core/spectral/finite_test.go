package spectral

import (
	"fmt"
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/require"
)

// lobpcg, svd_lowrank and pca_lowrank refuse a NaN or infinite entry of A by
// naming the value and its place, on every layout.
func TestNonFiniteEntryIsNamed(t *testing.T) {
	for _, bad := range []float64{math.NaN(), math.Inf(1)} {
		for _, layout := range layouts {
			m := laplacian1D(20)
			m.set(5, 4, bad)
			m.set(4, 5, bad)
			a := asTensor(t, m, layout, dtype.Float64)
			for name, f := range map[string]func() error{
				"lobpcg":      func() error { _, err := Lobpcg(a, LobpcgOptions{K: 2, Niter: 5, Seed: 1}); return err },
				"svd_lowrank": func() error { _, err := SvdLowrank(a, 2, 1, nil, 1); return err },
				"pca_lowrank": func() error { _, err := PcaLowrank(a, 2, true, 1, 1); return err },
			} {
				err := f()
				require.Error(t, err, "%s %v %s", name, bad, layout)
				require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err), "%s: %v", name, err)
				require.Contains(t, err.Error(), fmt.Sprintf("%v at row 4, column 5", bad), "%s %s", name, layout)
			}
		}
	}
}
