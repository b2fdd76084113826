package convert

import "github.com/gosparse/gosparse/kernels/cancel"

// pollMask spaces the cancel polls of the conversions' own element loops
// (one per 64K elements, cancel.Poll), as core/tensor spaces its own: an
// atomic load in microseconds of work. The kernels poll between their
// chunks and passes.
const pollMask = 1<<16 - 1

// pollAt polls the caller's cancel token (cancel.Poll) when i is a multiple
// of pollMask+1: once per 64K turns of a loop counting i.
func pollAt[T ~int | ~int32 | ~int64](i T) {
	if int64(i)&pollMask == 0 {
		cancel.Poll()
	}
}
