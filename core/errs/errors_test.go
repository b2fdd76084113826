package errs

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Shapes and dim lists in messages read as the bindings' users write them.
func TestErrorfFormatsShapesWithCommas(t *testing.T) {
	e := Errorf(ErrInvalidArgument, "size %v, dims %v, empty %v, one %v, hex %x", []int64{5, 4}, []int{0, -1}, []int64{}, []int64{7}, []int64{10, 255})
	require.Equal(t, "size [5, 4], dims [0, -1], empty [], one [7], hex [a ff]", e.Error())
}
