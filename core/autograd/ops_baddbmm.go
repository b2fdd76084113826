package autograd

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/linalg"
)

// Baddbmm is linalg.Baddbmm recorded (torch.baddbmm): beta * input +
// alpha * (batch1 @ batch2). input's gradient is conj(beta) * G summed over
// its broadcast dims (masked when input is sparse); batch1's and batch2's
// are Bmm's, times conj(alpha), at their specified elements when sparse.
func Baddbmm(input, batch1, batch2 *Var, beta, alpha dtype.Scalar) (*Var, error) {
	return scaledProduct("BaddbmmBackward0", linalg.Baddbmm, bmmGrads, input, batch1, batch2, beta, alpha)
}
