package kernels

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTransposeBytesEverySize transposes a 3 x 5 matrix of each element
// size as bytes and checks every element landed at dst[j*r+i].
func TestTransposeBytesEverySize(t *testing.T) {
	const r, c = 3, 5
	for _, size := range []int{1, 2, 4, 8, 16} {
		src := make([]byte, r*c*size)
		for i := range src {
			src[i] = byte(i)
		}
		dst := make([]byte, len(src))
		require.NoError(t, TransposeBytes(dst, src, size, r, c))
		for i := 0; i < r; i++ {
			for j := 0; j < c; j++ {
				require.Equal(t, src[(i*c+j)*size:(i*c+j+1)*size], dst[(j*r+i)*size:(j*r+i+1)*size], "size %d (%d, %d)", size, i, j)
			}
		}
	}
	require.ErrorContains(t, TransposeBytes(nil, nil, 3, 0, 0), "size")
}
