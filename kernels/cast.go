package kernels

import (
	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// CastIndices sets dst[t] = To(src[t]) for index arrays of either width,
// split across goroutines above the size threshold. Narrowing truncates: the
// caller checks first that every value fits. len(dst) must be len(src).
func CastIndices[From, To Index](dst []To, src []From) error {
	if err := checkLen("CastIndices", "dst", dst, len(src), "len(src)"); err != nil {
		return err
	}
	tok := cancel.Current()
	parts := parallel.Parts(int64(len(src)))
	bounds := parallel.SplitEven(len(src), parts)
	parallel.For(parts, func(p int) {
		// Polled every castPoll elements: the row pointers of a billion
		// rows take seconds.
		for lo := bounds[p]; lo < bounds[p+1]; lo += castPoll {
			tok.Check()
			s := src[lo:min(lo+castPoll, bounds[p+1])]
			d := dst[lo : lo+len(s)]
			for t, v := range s {
				d[t] = To(v)
			}
		}
	})
	return nil
}

// castPoll is how many elements CastIndices casts between two polls.
const castPoll = 1 << 16
