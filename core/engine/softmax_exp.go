package engine

import (
	"sync"

	"github.com/gosparse/gosparse/kernels"
)

// expBlock is the values whose exponentials the softmax kernels take in
// one kernels.Exp call: short rows are gathered up to it, long rows and
// scattered entries run a block at a time (the block stays in L1).
const expBlock = 512

// expScratch is one goroutine's buffers for a block: the shifted values
// (then their exponentials), a row's max and sum per row of a group of
// short rows, and the group keys of scattered entries.
type expScratch struct {
	t, m, s [expBlock]float64
	keys    [expBlock]int64
}

// expScratchPool keeps the buffers between chunks and calls, so that a
// chunk allocates nothing.
var expScratchPool = sync.Pool{New: func() any { return new(expScratch) }}

// expShifted sets t[k] = exp(x[k] - m) for k < len(x) <= len(t) and
// returns t[:len(x)]: the same bits as kernels.ExpFloat64(float64(x[k]) - m).
func expShifted[V float32 | float64](t []float64, x []V, m float64) []float64 {
	t = t[:len(x)]
	for k, e := range x {
		t[k] = float64(e) - m
	}
	kernels.Exp(t, t)
	return t
}
