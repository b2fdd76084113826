package engine

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// Half floats (float16, bfloat16) stay uint16 in storage: the folds widen
// pieces of halfPiece elements into float32 scratch on the stack and fold
// those into float64 accumulators.

const halfPiece = 2048

// widenHalf decodes src into dst[:len(src)] (len(src) <= len(dst)).
func widenHalf(dst []float32, src []uint16, bf bool) []float32 {
	dst = dst[:len(src)]
	if bf {
		for i, h := range src {
			dst[i] = dtype.BFloat16ToFloat32(h)
		}
	} else {
		for i, h := range src {
			dst[i] = dtype.Float16ToFloat32(h)
		}
	}
	return dst
}

// foldHalf folds v into acc a piece at a time.
func foldHalf(op ReduceOp, v []uint16, bf bool, acc float64) float64 {
	var buf [halfPiece]float32
	for lo := 0; lo < len(v); lo += halfPiece {
		acc = foldReal(op, widenHalf(buf[:], v[lo:min(lo+halfPiece, len(v))], bf), acc)
	}
	return acc
}

func allHalf(op ReduceOp, v []uint16, bf bool, missing, numel int64, fill float64) float64 {
	parts := make([]float64, (len(v)+allChunk-1)/allChunk)
	parallel.ForChunks(len(v), allChunk, func(c, lo, hi int) {
		parts[c] = foldHalf(op, v[lo:hi], bf, initReal[float64](op))
	})
	acc := initReal[float64](op)
	for _, p := range parts {
		acc = combineReal(op, acc, p)
	}
	return finishReal(op, acc, missing, fill, numel)
}

func rowsHalf[I kernels.Index](op ReduceOp, pos []I, v []uint16, bf bool, lo, hi int, accs []float64) {
	base := pos[0]
	for r := lo; r < hi; r++ {
		accs[r] = foldHalf(op, v[pos[r]-base:pos[r+1]-base], bf, initReal[float64](op))
	}
}

func scatterHalf[I kernels.Index, C counter](op ReduceOp, crd []I, v []uint16, bf bool, accs []float64, cnt []C) {
	var buf [halfPiece]float32
	for lo := 0; lo < len(crd); lo += halfPiece {
		hi := min(lo+halfPiece, len(crd))
		scatterReal(op, crd[lo:hi], widenHalf(buf[:], v[lo:hi], bf), accs, cnt)
	}
}
