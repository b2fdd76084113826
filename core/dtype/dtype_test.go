package dtype

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestValidMatchesNames checks that Valid's switch names the dtypes that
// dtypeNames and AllDTypes list, and no other code.
func TestValidMatchesNames(t *testing.T) {
	for d := DType(-1); d < 8<<8; d++ {
		_, named := dtypeNames[d]
		require.Equal(t, named, d.Valid(), "dtype code %d", int32(d))
	}
	require.Len(t, AllDTypes, len(dtypeNames))
	for _, d := range AllDTypes {
		require.True(t, d.Valid(), d.String())
	}
}
