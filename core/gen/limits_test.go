package gen

import (
	"testing"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMemoryLimitRefusesLargeResults(t *testing.T) {
	old := tensor.MemoryLimit()
	require.NoError(t, tensor.SetMemoryLimit(1<<20))
	defer func() { require.NoError(t, tensor.SetMemoryLimit(old)) }()
	_, err := Uniform(1000, 1000, 100000, 0)
	assertArgError(t, err, errs.ErrTooLarge, "memory limit")
	_, err = Stencil2D(300)
	assertArgError(t, err, errs.ErrTooLarge, "memory limit")
	_, err = RMAT(14, 16, 0)
	assertArgError(t, err, errs.ErrTooLarge, "memory limit")
	_, err = Uniform(100, 100, 1000, 0)
	assert.NoError(t, err, "small results still fit")
}
