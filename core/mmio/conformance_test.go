package mmio

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/stretchr/testify/require"
)

// conformanceFiles lists the .mtx files under mm-conformance/sub (recursively).
func conformanceFiles(t *testing.T, sub string) []string {
	root := filepath.Join(sharedMatrices(t), "mm-conformance", sub)
	var files []string
	require.NoError(t, filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".mtx") {
			files = append(files, p)
		}
		return nil
	}))
	require.NotEmpty(t, files)
	return files
}

// refusedByChoice lists the files of the suite's valid part that this reader
// refuses, as the format's reference reader (NIST's mm_is_valid) does: the
// rule each breaks. TestConformanceRefusedByChoice checks them.
var refusedByChoice = map[string]string{
	"symmetry/coordinate_hermitian_real_row.mtx": "line 1: symmetry hermitian needs field complex, found real",
}

func TestConformanceValidFilesParse(t *testing.T) {
	n := 0
	for _, p := range conformanceFiles(t, "") {
		rel := filepath.ToSlash(p[strings.Index(p, "mm-conformance"):])
		if strings.Contains(rel, "/invalid/") || strings.Contains(rel, "/overflow/") {
			continue
		}
		if _, ok := refusedByChoice[strings.TrimPrefix(rel, "mm-conformance/")]; ok {
			continue
		}
		m := parseFile(t, p)
		if m.Format == FormatCoordinate {
			require.Equal(t, []int64{int64(len(m.Shape)), m.NNZ()}, m.Indices.Shape, rel)
			if m.Symmetry == SymmetryGeneral {
				require.Equal(t, m.Entries, m.NNZ(), rel)
			} else {
				require.GreaterOrEqual(t, m.NNZ(), m.Entries, rel)
			}
		} else {
			require.Equal(t, m.Shape, m.Dense.Shape, rel)
		}
		n++
	}
	require.Greater(t, n, 50, "the valid part of the conformance suite")
}

func TestConformanceKnownContents(t *testing.T) {
	dir := filepath.Join(sharedMatrices(t), "mm-conformance")
	eye := realDense(1, 0, 0, 0, 1, 0, 0, 0, 1)
	for _, f := range []string{"eye3.mtx", "eye3_array.mtx", "eye3_complex.mtx", "eye3_pattern.mtx", "eye3_str.mtx",
		"permissive/permissive_banner_leading_spaces_eye3.mtx", "permissive/permissive_banner_one_percent_eye3.mtx"} {
		m := parseFile(t, filepath.Join(dir, f))
		require.Equal(t, []int64{3, 3}, m.Shape, f)
		requireDense(t, m, eye, f)
	}
	require.Equal(t, dtype.Complex128, parseFile(t, filepath.Join(dir, "eye3_complex.mtx")).Values.DType)
	require.Equal(t, FieldPattern, parseFile(t, filepath.Join(dir, "eye3_pattern.mtx")).Field)

	nist := realDense(
		1, 0, 0, 6, 0,
		0, 10.5, 0, 0, 0,
		0, 0, 0.015, 0, 0,
		0, 250.5, 0, -280, 33.32,
		0, 0, 0, 0, 12)
	for _, f := range []string{"nist_ex1.mtx", "nist_ex1_freeformat.mtx", "nist_ex1_more_freeformat.mtx",
		"permissive/windows_lineendings_nist_ex1_more_freeformat.mtx"} {
		m := parseFile(t, filepath.Join(dir, f))
		require.Equal(t, int64(8), m.Entries, f)
		requireDense(t, m, nist, f)
	}

	for f, want := range map[string][]complex128{
		"vector_array.mtx":                         realDense(101, 202, 0, 404),
		"vector_coordinate.mtx":                    realDense(101, 202, 0, 404),
		"vector_coordinate_dupes.mtx":              realDense(101, 202, 0, 404),
		"vector_coordinate_complex.mtx":            {101, 202 + 1i, 0, 404},
		"vector_coordinate_complex_dupes.mtx":      {101, 202 + 1i, 0, 404},
		"2col_array.mtx":                           realDense(10, 20, 11, 21, 12, 22),
		"row_3by4.mtx":                             realDense(1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0),
		"permissive/permissive_lines_indented.mtx": realDense(1),
	} {
		requireDense(t, parseFile(t, filepath.Join(dir, f)), want, f)
	}
	for _, f := range []string{"vector_array.mtx", "vector_coordinate.mtx"} {
		m := parseFile(t, filepath.Join(dir, f))
		require.Equal(t, ObjectVector, m.Object, f)
		require.Equal(t, []int64{4}, m.Shape, f)
	}
	require.Equal(t, []int64{1, 4}, parseFile(t, filepath.Join(dir, "vector_coordinate_dupes.mtx")).Indices.Shape)
	require.Equal(t, dtype.Int64, parseFile(t, filepath.Join(dir, "row_3by4.mtx")).Values.DType)

	kg := parseFile(t, filepath.Join(dir, "kepner_gilbert_graph.mtx"))
	require.Equal(t, []int64{1, 3, 4, 6, 5, 0, 2, 5, 2, 2, 3, 4}, dtype.AsSlice[int64](kg.Indices)[:12], "rows")
	require.Equal(t, []int64{0, 0, 1, 1, 2, 3, 3, 4, 5, 6, 6, 6}, dtype.AsSlice[int64](kg.Indices)[12:], "columns")

	for _, p := range conformanceFiles(t, "graphblas") {
		requireDense(t, parseFile(t, p), realDense(1, 1, 2), p)
	}
}

// Each symmetric file equals its general expansion in the same folder.
func TestConformanceSymmetryFolder(t *testing.T) {
	dir := filepath.Join(sharedMatrices(t), "mm-conformance", "symmetry")
	bases := []string{"coordinate_symmetric_row", "coordinate_skew_symmetric_row", "coordinate_hermitian_row",
		"coordinate_pattern_symmetric_row"}
	for _, base := range bases {
		sym := parseFile(t, filepath.Join(dir, base+".mtx"))
		require.NotEqual(t, SymmetryGeneral, sym.Symmetry, base)
		general := parseFile(t, filepath.Join(dir, base+"_general.mtx"))
		require.Equal(t, SymmetryGeneral, general.Symmetry)
		require.Equal(t, entries(general), entries(sym), "%s: the same entries as the general file", base)

		_, _, d := denseOf(sym)
		requireDense(t, parseFile(t, filepath.Join(dir, base+"_general_zero.mtx")), d, base+"_general_zero")
		// The _dup files spell the other reading, with the diagonal counted twice.
		doubled := append([]complex128(nil), d...)
		for i := range 3 {
			doubled[i*3+i] *= 2
		}
		requireDense(t, parseFile(t, filepath.Join(dir, base+"_general_dup.mtx")), doubled, base+"_general_dup")
	}
	// And by hand: the expansion of the hermitian file.
	requireDense(t, parseFile(t, filepath.Join(dir, "coordinate_hermitian_row.mtx")),
		[]complex128{0, 0, 10 - 1i, 0, 0, 20 - 2i, 10 + 1i, 20 + 2i, 30}, "hermitian by hand")
	requireDense(t, parseFile(t, filepath.Join(dir, "coordinate_skew_symmetric_row.mtx")),
		realDense(0, 0, -10, 0, 0, -20, 10, 20, 0), "skew by hand")

	adir := filepath.Join(sharedMatrices(t), "mm-conformance", "symmetry_array")
	for _, base := range []string{"array_symmetric", "array_skew-symmetric", "array_hermitian"} {
		sym := parseFile(t, filepath.Join(adir, base+".mtx"))
		general := parseFile(t, filepath.Join(adir, base+"_general.mtx"))
		require.Equal(t, general.Dense, sym.Dense, base)
	}
	requireDense(t, parseFile(t, filepath.Join(adir, "array_skew-symmetric.mtx")),
		realDense(0, -22, -33, 22, 0, -44, 33, 44, 0), "array skew by hand")
}

// The files refused by choice are refused with their rule; the real
// hermitian file, relabelled symmetric as the message advises, reads as its
// general expansion.
func TestConformanceRefusedByChoice(t *testing.T) {
	dir := filepath.Join(sharedMatrices(t), "mm-conformance")
	for rel, want := range refusedByChoice {
		f, err := os.Open(filepath.Join(dir, rel))
		require.NoError(t, err)
		_, err = Parse(f)
		f.Close()
		requireIOError(t, err, want)
	}
	b, err := os.ReadFile(filepath.Join(dir, "symmetry", "coordinate_hermitian_real_row.mtx"))
	require.NoError(t, err)
	sym := parseString(t, strings.Replace(string(b), "hermitian", "symmetric", 1))
	general := parseFile(t, filepath.Join(dir, "symmetry", "coordinate_hermitian_real_row_general.mtx"))
	require.Equal(t, entries(general), entries(sym))
}

var lineOrRule = regexp.MustCompile(`^line \d+: `)

func TestConformanceInvalidRefused(t *testing.T) {
	for _, p := range conformanceFiles(t, "invalid") {
		f, err := os.Open(p)
		require.NoError(t, err)
		_, err = Parse(f)
		f.Close()
		requireIOError(t, err)
		require.Regexp(t, lineOrRule, err.Error(), p)
	}
}

// The overflow folder holds files whose numbers exceed some type. Those beyond
// int64 (indices, sizes, integers) or float64 (reals) are refused; those that
// only exceed int8 or int32 are valid here, where indices and integers are
// int64, and read exactly.
func TestConformanceOverflow(t *testing.T) {
	dir := filepath.Join(sharedMatrices(t), "mm-conformance", "overflow")
	for f, want := range map[string]string{
		"overflow_dim_gt_int64.mtx":        `line 2: rows "19223372036854775808" overflows int64`,
		"overflow_index_gt_int64.mtx":      `line 6: row index "19223372036854775808" overflows int64`,
		"overflow_value_gt_complex128.mtx": `line 4: imaginary part "1E9999" overflows float64`,
		"overflow_value_gt_float128.mtx":   `line 4: value "1E9999" overflows float64`,
		"overflow_value_gt_float64.mtx":    `line 4: value "1E310" overflows float64`,
		"overflow_value_gt_int64.mtx":      `line 6: value "19223372036854775808" overflows int64`,
	} {
		file, err := os.Open(filepath.Join(dir, f))
		require.NoError(t, err)
		_, err = Parse(file)
		file.Close()
		requireIOError(t, err, want)
	}
	m := parseFile(t, filepath.Join(dir, "overflow_index_gt_int8.mtx"))
	require.Equal(t, []int64{299, 0}, dtype.AsSlice[int64](m.Indices))
	m = parseFile(t, filepath.Join(dir, "overflow_value_gt_int32.mtx"))
	require.Equal(t, []int64{8589934592}, dtype.AsSlice[int64](m.Values))
	require.Len(t, conformanceFiles(t, "overflow"), 8, "every file of the folder is checked above")
}

// headerFacts reads a file's banner and size line and counts its diagonal
// entries with the standard library, independently of Parse.
func headerFacts(t *testing.T, path string) (symmetry string, shape []int64, stated, diagonal int64) {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	require.True(t, sc.Scan())
	symmetry = strings.ToLower(strings.Fields(sc.Text())[4])
	sized := false
	for sc.Scan() {
		w := strings.Fields(sc.Text())
		if len(w) == 0 || strings.HasPrefix(w[0], "%") {
			continue
		}
		if !sized {
			for _, s := range w[:2] {
				v, err := strconv.ParseInt(s, 10, 64)
				require.NoError(t, err)
				shape = append(shape, v)
			}
			stated, err = strconv.ParseInt(w[2], 10, 64)
			require.NoError(t, err)
			sized = true
			continue
		}
		if w[0] == w[1] {
			diagonal++
		}
	}
	require.NoError(t, sc.Err())
	return
}

func TestRealMatricesParse(t *testing.T) {
	root := sharedMatrices(t)
	var files []string
	for _, sub := range []string{"suitesparse", "dnn"} {
		got, err := filepath.Glob(filepath.Join(root, sub, "*.mtx"))
		require.NoError(t, err)
		require.NotEmpty(t, got, sub)
		files = append(files, got...)
	}
	for _, p := range files {
		symmetry, shape, stated, diagonal := headerFacts(t, p)
		m := parseFile(t, p)
		require.Equal(t, shape, m.Shape, p)
		require.Equal(t, stated, m.Entries, p)
		want := stated
		if symmetry != SymmetryGeneral {
			want = 2*stated - diagonal
		}
		require.Equal(t, want, m.NNZ(), p)
	}
}

func TestRealMatricesByHand(t *testing.T) {
	root := sharedMatrices(t)
	// bcsstk13 stores its lower triangle; the first lines are
	// "1 1 277281165.183", "2 1 3101923.80092".
	m := parseFile(t, filepath.Join(root, "suitesparse", "bcsstk13.mtx"))
	require.Equal(t, SymmetrySymmetric, m.Symmetry)
	nnz := m.NNZ()
	require.Equal(t, int64(2*42943-2003), nnz, "every diagonal entry is stored once")
	idx := dtype.AsSlice[int64](m.Indices)
	vals := dtype.AsSlice[float64](m.Values)
	require.Equal(t, []int64{0, 1, 0}, idx[:3], "rows: (1,1), (2,1) and its mirror (1,2)")
	require.Equal(t, []int64{0, 0, 1}, idx[nnz:nnz+3], "columns")
	require.Equal(t, []float64{277281165.183, 3101923.80092, 3101923.80092}, vals[:3])
	// The expansion is symmetric: every (i, j, v) has its (j, i, v).
	seen := map[[2]int64]float64{}
	for k := range nnz {
		seen[[2]int64{idx[k], idx[nnz+k]}] += vals[k]
	}
	for ij, v := range seen {
		require.Equal(t, v, seen[[2]int64{ij[1], ij[0]}])
	}

	g := parseFile(t, filepath.Join(root, "suitesparse", "Groebner_id2003_aug.mtx"))
	require.Equal(t, dtype.Int64, g.Values.DType)
	require.Equal(t, []int64{1, 35242}, dtype.AsSlice[int64](g.Values)[:2])

	k := parseFile(t, filepath.Join(root, "suitesparse", "karate.mtx"))
	require.Equal(t, FieldPattern, k.Field)
	require.Equal(t, int64(156), k.NNZ(), "78 undirected edges, both directions")
}
