package mmio

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gosparse/gosparse/core"
)

var fuzzSeeds = []string{
	"%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1 1.5\n3 2 -2\n",
	"%%MatrixMarket matrix coordinate integer symmetric\n3 3 2\n1 1 7\n3 2 -9223372036854775808\n",
	"%%MatrixMarket matrix coordinate complex hermitian\n2 2 2\n1 1 1 0\n2 1 1 1\n",
	"%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n2 1 3\n",
	"%%MatrixMarket matrix coordinate pattern symmetric\n3 3 1\n3 1\n",
	"%%MatrixMarket matrix array real symmetric\n2 2\n1\n2\n3\n",
	"%%MatrixMarket matrix array complex skew-symmetric\n3 3\n1 1\n2 2\n3 3\n",
	"%%MatrixMarket vector coordinate real general\n4 2\n4 1\n1 2\n",
	"%%MatrixMarket vector array integer general\n2\n1\n2\n",
	"%MatrixMarket matrix coordinate real general\r\n% c\r\n\r\n1 1 1\r\n1 1 1e308\r\n",
	"%%MatrixMarket matrix coordinate real general\n1000000000000000 1 1000000000000000\n1 1 1\n",
}

// FuzzParse checks that Parse never panics, that refusals are ErrIO errors
// naming a line, and that accepted input is consistent: indices within the
// shape, arrays of the announced sizes, and a write-parse round trip that
// reproduces the values bit for bit.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	dir := filepath.Join("..", "..", "..", "shared", "matrices", "mm-conformance")
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".mtx") {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
		return nil
	})
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse(bytes.NewReader(data))
		if err != nil {
			checkRefusal(t, err)
			return
		}
		checkAccepted(t, m)
	})
}

var lineMessage = regexp.MustCompile(`^line [1-9][0-9]*: `)

func checkRefusal(t *testing.T, err error) {
	ce, ok := err.(*core.Error)
	if !ok || ce.Code != core.ErrIO {
		t.Fatalf("refusal is not an ErrIO *core.Error: %T %v", err, err)
	}
	if !lineMessage.MatchString(ce.Msg) {
		t.Fatalf("refusal does not name its line: %q", ce.Msg)
	}
}

func checkAccepted(t *testing.T, m *Matrix) {
	ndim := int64(len(m.Shape))
	if ndim != 1 && ndim != 2 {
		t.Fatalf("shape %v", m.Shape)
	}
	for _, s := range m.Shape {
		if s < 0 {
			t.Fatalf("negative size in %v", m.Shape)
		}
	}
	var buf bytes.Buffer
	if m.Format == FormatArray {
		n := m.Shape[0]
		if ndim == 2 {
			n *= m.Shape[1]
		}
		if m.Dense.Numel() != n || int64(len(m.Dense.Data)) != n*int64(m.Dense.DType.Size()) {
			t.Fatalf("dense of %d elements for shape %v", m.Dense.Numel(), m.Shape)
		}
		if err := WriteArray(&buf, m.Dense); err != nil {
			t.Fatalf("writing accepted input: %v", err)
		}
		back, err := Parse(&buf)
		if err != nil {
			t.Fatalf("re-reading written output: %v\n%s", err, buf.String())
		}
		requireSameBits(t, m.Dense, back.Dense)
		return
	}
	nnz := m.Values.Numel()
	if len(m.Indices.Shape) != 2 || m.Indices.Shape[0] != ndim || m.Indices.Shape[1] != nnz {
		t.Fatalf("indices shape %v for %d values of a %d-D shape", m.Indices.Shape, nnz, ndim)
	}
	if m.Symmetry == SymmetryGeneral && nnz != m.Entries || nnz < m.Entries || nnz > 2*m.Entries {
		t.Fatalf("%d values from %d %s entries", nnz, m.Entries, m.Symmetry)
	}
	idx := core.AsSlice[int64](m.Indices)
	for d := range ndim {
		for k := range nnz {
			if v := idx[d*nnz+k]; v < 0 || v >= m.Shape[d] {
				t.Fatalf("index %d of dim %d out of range for shape %v", v, d, m.Shape)
			}
		}
	}
	if err := WriteCoordinate(&buf, m.Shape, m.Indices, m.Values); err != nil {
		t.Fatalf("writing accepted input: %v", err)
	}
	back, err := Parse(&buf)
	if err != nil {
		t.Fatalf("re-reading written output: %v\n%s", err, buf.String())
	}
	if !bytes.Equal(m.Indices.Data, back.Indices.Data) {
		t.Fatalf("indices changed in the round trip")
	}
	requireSameBits(t, m.Values, back.Values)
}

// requireSameBits compares two arrays element by element, NaN equal to NaN.
func requireSameBits(t *testing.T, a, b core.Array) {
	if a.DType != b.DType || a.Numel() != b.Numel() {
		t.Fatalf("round trip changed %v %v into %v %v", a.DType, a.Shape, b.DType, b.Shape)
	}
	for i := range a.Numel() {
		x, y := a.Complex(i), b.Complex(i)
		if a.DType == core.Int64 {
			if x.Int() != y.Int() {
				t.Fatalf("element %d: %d != %d", i, x.Int(), y.Int())
			}
			continue
		}
		for _, p := range [][2]float64{{x.Re(), y.Re()}, {x.Im(), y.Im()}} {
			if math.Float64bits(p[0]) != math.Float64bits(p[1]) && !(math.IsNaN(p[0]) && math.IsNaN(p[1])) {
				t.Fatalf("element %d: %v != %v", i, p[0], p[1])
			}
		}
	}
}
