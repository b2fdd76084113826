package ops

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// softmaxNative runs Softmax of a float32, float64, complex64 or
// complex128 CSR, CSC, DCSR, DCSC, BSR, BSC or COO tensor on the engine
// (complex values on its complex kernels over the same groups; DCSR, DCSC,
// BSR and BSC as their CSR and CSC forms, a block's every element an
// entry): over the last sparse dim a segment softmax over its row pointer
// (softmaxCompressed, batched or not) or, for COO, its runs of equal
// leading coordinates (softmaxCOO); over a batch dim of a compressed
// tensor its cells across the batches (engine.SoftmaxBatchDim); over any
// other sparse dim a scatter into one accumulator pair per group of
// entries that share the other coordinates (engine.SoftmaxScatter), or a
// sort of the entries where the groups would outnumber them
// (softmaxSorted); over a dense dim a dense softmax of each entry's block
// along it (engine.SoftmaxAxis). The result is Softmax's: a coalesced COO
// of the same pattern (a coalesced COO input's indices shared), fill
// zero; t's fill, scalar or per slot, is never read. ok is false for the
// other cases (other dtypes and layouts, and a compressed tensor
// softmaxCompressed declines).
func softmaxNative(t *tensor.Tensor, dim int, log bool) (*tensor.Tensor, bool, error) {
	if t.Layout() == tensor.Custom ||
		(t.DType() != dtype.Float64 && t.DType() != dtype.Float32 && !t.DType().IsComplex()) {
		return nil, false, nil
	}
	switch t.Layout() {
	case tensor.CSR, tensor.CSC:
		return softmaxCompressed(t, dim, log)
	case tensor.DCSR, tensor.DCSC, tensor.BSR, tensor.BSC:
		c, err := plainCompressed(t)
		if err != nil {
			return nil, true, err
		}
		return softmaxCompressed(c, dim, log)
	case tensor.COO:
		return softmaxCOO(t, dim, log)
	}
	return nil, false, nil
}

// plainCompressed is a DCSR or BSR (DCSC or BSC) tensor's CSR (CSC) form,
// of its index width: a DCSR's row pointer expanded over the empty rows, a
// BSR's blocks split into their rows; the same elements stored.
func plainCompressed(t *tensor.Tensor) (*tensor.Tensor, error) {
	layout := tensor.CSR
	if !t.Layout().RowMajor() {
		layout = tensor.CSC
	}
	opt := tensor.DefaultConvert()
	opt.IndexWidth = t.IndexWidth()
	return convert.ToLayout(t, layout, opt)
}
