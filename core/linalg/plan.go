package linalg

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// The choice of path of the matrix products, made once, by the functions
// here: sparseDense, mvFast and the typed spmm/dspmm switch on their answers,
// and the plans (plan_products.go) that gs_explain reports are built from
// the same answers, so the explanation cannot drift from the dispatch.

// mmRoute is the path of sparse @ dense for a sparse operand.
type mmRoute uint8

const (
	routeView       mmRoute = iota // a kernel view (CSR, CSC, COO, BSR; a conversion first where none serves)
	routeDIA                       // kernels.SpMMDIA on DIA / anti-DIA storage
	routeDCSR                      // kernels.SpMMDCSR (SpMVDCSR for a vector) on DCSR's arrays
	routeBSRCol                    // kernels.SpMMBSRColMajor (SpMVBSRColMajor for a vector) on BSR with column-major blocks
	routeWalk                      // the level walk of the format (format_walk.go)
	routeBatchedDIA                // bmm: kernels.SpMMDIA per batch of a batched DIA-I (bmm_dia.go)
	routeDelta                     // kernels.SpMMDelta on delta(b) CSR's own arrays (dense rows, column gaps)
)

// sparseDenseRoute returns the path of a @ b for sparse a and a dense b of
// n columns (n = 1: a vector).
func sparseDenseRoute(a *tensor.Tensor, n int64) mmRoute {
	if isDIA(a) {
		return routeDIA
	}
	if !formatPath(a) {
		return routeView
	}
	if a.Layout() == tensor.DCSR && a.BatchDim() == 0 && a.DenseDim() == 0 && dcsrOneWidth(a) {
		return routeDCSR
	}
	if a.Layout() != tensor.Custom || len(a.Dims()) != 2 {
		return routeWalk
	}
	if u, err := a.USTStorage(); err == nil { // its own storage: no copy
		if _, _, ok := bsrColMajor(u.Format); ok {
			return routeBSRCol
		}
		if _, ok := deltaCSRBits(u.Format); ok && deltaOneWidth(u.Pos[1], u.Crd[1]) {
			return routeDelta
		}
	}
	return routeWalk
}

// dcsrOneWidth reports whether a 2-D DCSR tensor's level arrays share one
// index width (the kernels read them as one CSR).
func dcsrOneWidth(a *tensor.Tensor) bool {
	lv := a.Levels()
	if len(lv) != 2 {
		return false
	}
	w := lv[0].Crd.DType
	return (w == dtype.Int32 || w == dtype.Int64) && lv[0].Pos.DType == w && lv[1].Pos.DType == w && lv[1].Crd.DType == w
}

// mvFastRoute reports whether mat @ vec takes mvFast (an out tensor aside),
// and whether through the DIA kernel (else the CSR SpMV).
func mvFastRoute(mat, vec *tensor.Tensor) (dia, ok bool) {
	if mat == nil || vec == nil {
		return false, false
	}
	dia = isDIA(mat)
	if !dia && mat.Layout() != tensor.CSR || mat.BatchDim() != 0 || mat.DenseDim() != 0 ||
		mat.DType() != dtype.Float64 && mat.DType() != dtype.Float32 || !mvZeroFill(mat.FillElem()) ||
		vec.Layout() != tensor.Strided || vec.DType() != mat.DType() || len(vec.Dims()) != 1 || vec.Dims()[0] != mat.Dims()[1] {
		return false, false
	}
	return dia, true
}

// spKernel names a kernel (or kernel sequence) of the typed products.
type spKernel uint8

const (
	kerSpMV         spKernel = iota + 1 // kernels.SpMV on CSR arrays
	kerSpMM                             // kernels.SpMM on CSR arrays
	kerSpMVT                            // kernels.SpMVT: CSC read as the CSR of its transpose
	kerDenseSpMMT                       // kernels.DenseSpMM on the transposes (CSC @ dense matrix)
	kerSpMVCOO                          // kernels.SpMVCOO
	kerCOOSpMM                          // a CSR copy of the COO (cooCSR), then kernels.SpMM
	kerSpMVBSR                          // kernels.SpMVBSR
	kerBSRColumns                       // kernels.SpMVBSR one column of the dense operand at a time
	kerDenseSpMM                        // kernels.DenseSpMM (dense @ CSR)
	kerSpMMT                            // kernels.SpMM on the transposes (dense matrix @ CSC)
	kerCOODenseSpMM                     // a CSR copy of the COO, then kernels.DenseSpMM
)

// spmmKernel is the kernel of sparse (view kind) @ dense of n columns.
func spmmKernel(kind matKind, n int64) spKernel {
	one := n == 1
	switch kind {
	case kindCSR:
		return pick(one, kerSpMV, kerSpMM)
	case kindCSC:
		return pick(one, kerSpMVT, kerDenseSpMMT)
	case kindCOO:
		return pick(one, kerSpMVCOO, kerCOOSpMM)
	case kindBSR:
		return pick(one, kerSpMVBSR, kerBSRColumns)
	}
	return 0
}

// dspmmKernel is the kernel of dense (m rows) @ sparse (view kind).
func dspmmKernel(kind matKind, m int64) spKernel {
	one := m == 1
	switch kind {
	case kindCSR:
		return kerDenseSpMM
	case kindCSC:
		return pick(one, kerSpMV, kerSpMMT)
	case kindCOO:
		return pick(one, kerSpMVCOO, kerCOODenseSpMM)
	}
	return 0
}

func pick(one bool, a, b spKernel) spKernel {
	if one {
		return a
	}
	return b
}

// kernelNames are the names gs_explain gives the kernels.
var kernelNames = map[spKernel]string{
	kerSpMV:         "kernels.SpMV (CSR SpMV; AVX2 row kernel for float32/float64 on amd64)",
	kerSpMM:         "kernels.SpMM (CSR SpMM; AVX2 tiles for float32/float64 on amd64)",
	kerSpMVT:        "kernels.SpMVT (CSC read as the CSR of its transpose)",
	kerDenseSpMMT:   "kernels.DenseSpMM on the transposes (CSC @ dense matrix)",
	kerSpMVCOO:      "kernels.SpMVCOO",
	kerCOOSpMM:      "kernels.SpMM after a CSR copy of the COO entries",
	kerSpMVBSR:      "kernels.SpMVBSR (BSR, row-major blocks)",
	kerBSRColumns:   "kernels.SpMVBSR, one column of the dense operand at a time",
	kerDenseSpMM:    "kernels.DenseSpMM (dense @ CSR)",
	kerSpMMT:        "kernels.SpMM on the transposes (dense matrix @ CSC)",
	kerCOODenseSpMM: "kernels.DenseSpMM after a CSR copy of the COO entries",
}

// routeKernels are the names of the kernels of the routes other than routeView.
var routeKernels = map[mmRoute]string{
	routeDIA:        "kernels.SpMMDIA (DIA / anti-DIA storage, no column index: per row, a strip of the result's columns summed in registers over every diagonal, B's rows read where the diagonals point (AVX2 strips of 8 float64 / 16 float32 on amd64); SpMVDIA's AVX2 rows for a vector on amd64, anti-diagonals on reversed runs of x; ANTI-DIA-J's values, indexed by column, in the Go loop)",
	routeDCSR:       "kernels.SpMMDCSR (DCSR's stored rows through the CSR row kernels; SpMVDCSR for a vector)",
	routeBSRCol:     "kernels.SpMMBSRColMajor (BSR with column-major blocks: float32/float64 2x2 blocks straight over two rows of the dense operand in AVX2 strips on amd64, other blocks in runs of block rows listed in L1 for SpMM's AVX2 row kernels; SpMVBSRColMajor, AVX2 for 2x2 blocks, for a vector)",
	routeWalk:       "the level walk, fiber by fiber (core/linalg/format_walk.go)",
	routeBatchedDIA: "kernels.SpMMDIA per batch of a batched DIA-I (uniform or not), on views of that batch's diagonals and values",
	routeDelta:      "kernels.SpMMDelta (delta(b) CSR: per row, the columns decoded as a running sum of the stored gaps, padding included; rows split over goroutines)",
}

// onRoute, nil outside tests, sees the path each sparse @ dense product
// takes (and the typed kernel for routeView): the tests compare it with the
// plan.
var onRoute func(r mmRoute, ker spKernel)
