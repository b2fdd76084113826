package format

import (
	"fmt"
	"strings"
)

// The named formats: torch's layouts and the UST's (nvmath-python's
// NamedFormats), as functions returning a fresh Format. Parameterised ones
// return an error for parameters no valid format has (a block size < 1, a
// structured n outside 1..m, ...). Matrices use dimensions (i, j); n-d
// formats use i, j, k, l, ... (d18, d19, ... past z).

// mustParse reads the text of a fixed named format; a failure is a bug in
// this file, caught by the tests that parse every name.
func mustParse(text string) Format {
	f, err := Parse(text)
	if err != nil {
		panic("format: named format " + text + ": " + err.Error())
	}
	return f
}

// DimName returns the name the named formats give dimension k: i, j, k, ...
// up to z, then d18, d19, ... The letters come from a table, without an
// allocation: every named layout's tensor names its levels' dimensions.
func DimName(k int) string {
	if k >= 0 && k < len(letterNames) {
		return letterNames[k]
	}
	return fmt.Sprintf("d%d", k)
}

// letterNames are the dimension names i .. z.
var letterNames = [18]string{"i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z"}

func dimList(n int) string {
	names := make([]string, n)
	for k := range names {
		names[k] = DimName(k)
	}
	return strings.Join(names, ", ")
}

// build assembles "(dims) -> (levels)" and parses it.
func build(ndims int, levels []string) (Format, error) {
	return Parse("(" + dimList(ndims) + ") -> (" + strings.Join(levels, ", ") + ")")
}

// Scalar is the format of a 0-d tensor: () -> ().
func Scalar() Format { return mustParse("() -> ()") }

// DenseVector is (i) -> (i : dense).
func DenseVector() Format { return mustParse("(i) -> (i : dense)") }

// SparseVector is (i) -> (i : compressed).
func SparseVector() Format { return mustParse("(i) -> (i : compressed)") }

// DenseRowMajor is an n-d dense tensor with its levels in dimension order
// (torch's strided layout, contiguous).
func DenseRowMajor(ndims int) (Format, error) {
	if ndims < 0 {
		return Format{}, fmt.Errorf("format: DenseRowMajor: ndims = %d must be >= 0", ndims)
	}
	levels := make([]string, ndims)
	for k := range levels {
		levels[k] = DimName(k) + " : dense"
	}
	return build(ndims, levels)
}

// DenseColMajor is an n-d dense tensor with its levels in reverse dimension order.
func DenseColMajor(ndims int) (Format, error) {
	if ndims < 0 {
		return Format{}, fmt.Errorf("format: DenseColMajor: ndims = %d must be >= 0", ndims)
	}
	levels := make([]string, ndims)
	for k := range levels {
		levels[k] = DimName(ndims-1-k) + " : dense"
	}
	return build(ndims, levels)
}

// COO is torch's sparse_coo matrix: (i, j) -> (i : compressed(nonunique), j : singleton).
func COO() Format { return mustParse("(i, j) -> (i : compressed(nonunique), j : singleton)") }

// CSR is torch's sparse_csr matrix: (i, j) -> (i : dense, j : compressed).
func CSR() Format { return mustParse("(i, j) -> (i : dense, j : compressed)") }

// CSC is torch's sparse_csc matrix: (i, j) -> (j : dense, i : compressed).
func CSC() Format { return mustParse("(i, j) -> (j : dense, i : compressed)") }

// DCSR is the doubly compressed row format: (i, j) -> (i : compressed, j : compressed).
func DCSR() Format { return mustParse("(i, j) -> (i : compressed, j : compressed)") }

// DCSC is the doubly compressed column format: (i, j) -> (j : compressed, i : compressed).
func DCSC() Format { return mustParse("(i, j) -> (j : compressed, i : compressed)") }

// CROW stores the nonzero rows whole: (i, j) -> (i : compressed, j : dense).
func CROW() Format { return mustParse("(i, j) -> (i : compressed, j : dense)") }

// CCOL stores the nonzero columns whole: (i, j) -> (j : compressed, i : dense).
func CCOL() Format { return mustParse("(i, j) -> (j : compressed, i : dense)") }

// DIAI stores the nonzero diagonals, indexed by row:
// (i, j) -> (j - i : compressed, i : range).
func DIAI() Format { return mustParse("(i, j) -> (j - i : compressed, i : range)") }

// DIAJ stores the nonzero diagonals, indexed by column (SciPy's dia_array):
// (i, j) -> (j - i : compressed, j : range).
func DIAJ() Format { return mustParse("(i, j) -> (j - i : compressed, j : range)") }

// AntiDIAI stores the nonzero anti-diagonals, indexed by row (nvmath's
// SkewDIAI): (i, j) -> (i + j : compressed, i : range).
func AntiDIAI() Format { return mustParse("(i, j) -> (i + j : compressed, i : range)") }

// AntiDIAJ stores the nonzero anti-diagonals, indexed by column (nvmath's
// SkewDIAJ): (i, j) -> (i + j : compressed, j : range).
func AntiDIAJ() Format { return mustParse("(i, j) -> (i + j : compressed, j : range)") }

// BatchedCSR is a stack of CSR matrices linearised into one CSR (nse may
// differ per batch): (b, i, j) -> (b : dense, i : dense, j : compressed).
func BatchedCSR() Format { return mustParse("(b, i, j) -> (b : dense, i : dense, j : compressed)") }

// BatchedDIAINonUniform is a stack of DIA-I matrices, each with its own
// diagonals: (b, i, j) -> (b : dense, j - i : compressed, i : range).
func BatchedDIAINonUniform() Format {
	return mustParse("(b, i, j) -> (b : dense, j - i : compressed, i : range)")
}

// BatchedDIAIUniform is a stack of DIA-I matrices sharing one set of
// diagonals: (b, i, j) -> (j - i : compressed, b : dense, i : range).
func BatchedDIAIUniform() Format {
	return mustParse("(b, i, j) -> (j - i : compressed, b : dense, i : range)")
}

// BlockVector is a sparse vector of dense blocks of b elements:
// (i) -> (i / b : compressed, i % b : dense).
func BlockVector(b int64) (Format, error) {
	if b < 1 {
		return Format{}, fmt.Errorf("format: BlockVector: block size %d must be >= 1", b)
	}
	return Parse(fmt.Sprintf("(i) -> (i / %d : compressed, i %% %d : dense)", b, b))
}

// blocked is the BSR/BSC family: outer (dense) and inner (compressed) block
// levels, then the in-block levels in row-major or column-major order.
func blocked(name string, m, n int64, byCol, colMajor bool) (Format, error) {
	if m < 1 || n < 1 {
		return Format{}, fmt.Errorf("format: %s: block size (%d, %d) must be >= 1 in both dimensions", name, m, n)
	}
	outer := []string{fmt.Sprintf("i / %d : dense", m), fmt.Sprintf("j / %d : compressed", n)}
	if byCol {
		outer = []string{fmt.Sprintf("j / %d : dense", n), fmt.Sprintf("i / %d : compressed", m)}
	}
	inner := []string{fmt.Sprintf("i %% %d : dense", m), fmt.Sprintf("j %% %d : dense", n)}
	if colMajor {
		inner[0], inner[1] = inner[1], inner[0]
	}
	return build(2, append(outer, inner...))
}

// BSR is torch's sparse_bsr with m x n blocks stored row-major (nvmath's
// BSRRight): (i, j) -> (i / m : dense, j / n : compressed, i % m : dense, j % n : dense).
func BSR(m, n int64) (Format, error) { return blocked("BSR", m, n, false, false) }

// BSRColMajor is BSR with column-major blocks (nvmath's BSRLeft):
// (i, j) -> (i / m : dense, j / n : compressed, j % n : dense, i % m : dense).
func BSRColMajor(m, n int64) (Format, error) { return blocked("BSRColMajor", m, n, false, true) }

// BSC is torch's sparse_bsc with m x n blocks stored row-major (nvmath's
// BSCRight): (i, j) -> (j / n : dense, i / m : compressed, i % m : dense, j % n : dense).
func BSC(m, n int64) (Format, error) { return blocked("BSC", m, n, true, false) }

// BSCColMajor is BSC with column-major blocks (nvmath's BSCLeft):
// (i, j) -> (j / n : dense, i / m : compressed, j % n : dense, i % m : dense).
func BSCColMajor(m, n int64) (Format, error) { return blocked("BSCColMajor", m, n, true, true) }

// DeltaCSR is CSR whose column coordinates are gaps of at most b bits
// (nvmath's DELTA(b)): (i, j) -> (i : dense, j : delta(b)).
func DeltaCSR(b int64) (Format, error) {
	return Parse(fmt.Sprintf("(i, j) -> (i : dense, j : delta(%d))", b))
}

// StructuredNM is N:M structured sparsity along rows (2:4 is
// StructuredNM(2, 4)): (i, j) -> (i : dense, j / m : dense, j % m : structured(n)).
func StructuredNM(n, m int64) (Format, error) {
	if m < 1 {
		return Format{}, fmt.Errorf("format: StructuredNM: m = %d must be >= 1", m)
	}
	return Parse(fmt.Sprintf("(i, j) -> (i : dense, j / %d : dense, j %% %d : structured(%d))", m, m, n))
}

// CSF is the n-d compressed sparse fiber format: every level compressed.
func CSF(ndims int) (Format, error) {
	if ndims < 1 {
		return Format{}, fmt.Errorf("format: CSF: ndims = %d must be >= 1", ndims)
	}
	levels := make([]string, ndims)
	for k := range levels {
		levels[k] = DimName(k) + " : compressed"
	}
	return build(ndims, levels)
}

// TorchCOO is torch's sparse_coo layout with sparseDims sparse and denseDims
// dense (hybrid) dimensions: the first level compressed (nonunique when
// more than one sparse dimension follows it), then singletons, then dense
// levels. sparseDims >= 1.
func TorchCOO(sparseDims, denseDims int) (Format, error) {
	if sparseDims < 1 || denseDims < 0 {
		return Format{}, fmt.Errorf("format: TorchCOO: sparseDims = %d must be >= 1 and denseDims = %d >= 0", sparseDims, denseDims)
	}
	var levels []string
	for k := 0; k < sparseDims+denseDims; k++ {
		switch {
		case k == 0 && sparseDims == 1:
			levels = append(levels, DimName(k)+" : compressed")
		case k == 0:
			levels = append(levels, DimName(k)+" : compressed(nonunique)")
		case k < sparseDims:
			levels = append(levels, DimName(k)+" : singleton")
		default:
			levels = append(levels, DimName(k)+" : dense")
		}
	}
	return build(sparseDims+denseDims, levels)
}

// torchCompressed builds torch's batched and hybrid CSR (byCol false) and
// CSC (byCol true) layouts; with blocked, BSR and BSC with m x n row-major
// blocks (1 x 1 blocks keep their block levels, as torch keeps its layout).
func torchCompressed(name string, batchDims, denseDims int, byCol, blocked bool, m, n int64) (Format, error) {
	if batchDims < 0 || denseDims < 0 {
		return Format{}, fmt.Errorf("format: %s: batchDims = %d and denseDims = %d must be >= 0", name, batchDims, denseDims)
	}
	if m < 1 || n < 1 {
		return Format{}, fmt.Errorf("format: %s: block size (%d, %d) must be >= 1 in both dimensions", name, m, n)
	}
	var levels []string
	for k := 0; k < batchDims; k++ {
		levels = append(levels, DimName(k)+" : batch")
	}
	r, c := DimName(batchDims), DimName(batchDims+1)
	outer, inner, mo, mi := r, c, m, n
	if byCol {
		outer, inner, mo, mi = c, r, n, m
	}
	if blocked {
		levels = append(levels,
			fmt.Sprintf("%s / %d : dense", outer, mo), fmt.Sprintf("%s / %d : compressed", inner, mi),
			fmt.Sprintf("%s %% %d : dense", r, m), fmt.Sprintf("%s %% %d : dense", c, n))
	} else {
		levels = append(levels, outer+" : dense", inner+" : compressed")
	}
	for k := batchDims + 2; k < batchDims+2+denseDims; k++ {
		levels = append(levels, DimName(k)+" : dense")
	}
	return build(batchDims+2+denseDims, levels)
}

// TorchCSR is torch's sparse_csr layout with batchDims leading batch
// dimensions and denseDims trailing dense dimensions.
func TorchCSR(batchDims, denseDims int) (Format, error) {
	return torchCompressed("TorchCSR", batchDims, denseDims, false, false, 1, 1)
}

// TorchCSC is torch's sparse_csc layout with batch and dense dimensions.
func TorchCSC(batchDims, denseDims int) (Format, error) {
	return torchCompressed("TorchCSC", batchDims, denseDims, true, false, 1, 1)
}

// TorchBSR is torch's sparse_bsr layout (row-major m x n blocks) with batch
// and dense dimensions.
func TorchBSR(m, n int64, batchDims, denseDims int) (Format, error) {
	return torchCompressed("TorchBSR", batchDims, denseDims, false, true, m, n)
}

// TorchBSC is torch's sparse_bsc layout (row-major m x n blocks) with batch
// and dense dimensions.
func TorchBSC(m, n int64, batchDims, denseDims int) (Format, error) {
	return torchCompressed("TorchBSC", batchDims, denseDims, true, true, m, n)
}
