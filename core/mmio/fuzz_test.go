package mmio

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// fuzzSeeds start the fuzz targets' corpora: small files of every kind the
// reader takes, and of each rule it refuses (generated here, so that the
// targets need no data beside the repository).
var fuzzSeeds = []string{
	"%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1 1.5\n3 2 -2\n",
	"%%MatrixMarket matrix coordinate real general\n3 3 4\n3 2 1\n1 1 1.5\n3 2 -2\n1 1 -0\n",
	"%%MatrixMarket matrix coordinate integer symmetric\n3 3 2\n1 1 7\n3 2 -9223372036854775808\n",
	"%%MatrixMarket matrix coordinate complex hermitian\n2 2 2\n1 1 1 0\n2 1 1 1\n",
	"%%MatrixMarket matrix coordinate complex hermitian\n3 3 2\n1 2 1 1\n1 3 nan 1\n",
	"%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n2 1 3\n",
	"%%MatrixMarket matrix coordinate real symmetric\n3 3 2\n1 2 3\n2 3 inf\n",
	"%%MatrixMarket matrix coordinate pattern symmetric\n3 3 1\n3 1\n",
	"%%MatrixMarket matrix array real symmetric\n2 2\n1\n2\n3\n",
	"%%MatrixMarket matrix array complex skew-symmetric\n3 3\n1 1\n2 2\n3 3\n",
	"%%MatrixMarket matrix array complex hermitian\n2 2\n1 0\n2 3\n4 0\n",
	"%%MatrixMarket matrix array integer general\n2 3\n1\n2\n3\n4\n5\n6\n",
	"%%MatrixMarket vector coordinate real general\n4 2\n4 1\n1 2\n",
	"%%MatrixMarket vector coordinate complex general\n4 3\n4 1 2\n4 -1 D3\n2 0 0\n",
	"%%MatrixMarket vector array integer general\n2\n1\n2\n",
	"%MatrixMarket matrix coordinate real general\r\n% c\r\n\r\n1 1 1\r\n1 1 1e308\r\n",
	"%%MatrixMarket matrix coordinate real general\n0 0 0\n",
	// Dimensions that must cost nothing.
	"%%MatrixMarket matrix coordinate real general\n1099511627776 1 1\n1099511627776 1 2\n",
	"%%MatrixMarket matrix coordinate real general\n2147483647 0 0\n",
	"%%MatrixMarket matrix coordinate pattern symmetric\n2147483648 2147483648 2\n2147483648 1\n2 2\n",
	"%%MatrixMarket vector coordinate integer general\n4611686018427387904 1\n4611686018427387904 5\n",
	"%%MatrixMarket matrix array real general\n0 4611686018427387904\n",
	// Refusals.
	"%%MatrixMarket matrix coordinate real general\n1000000000000000 1 1000000000000000\n1 1 1\n",
	"%%MatrixMarket matrix coordinate real general\n4294967296 4294967296 1\n1 1 1\n",
	"%%MatrixMarket matrix coordinate real general\n9223372036854775808 1 1\n1 1 1\n",
	"%%MatrixMarket matrix coordinate real general\n+3 3 1\n+1 1 1\n",
	"%%MatrixMarket matrix coordinate real general\n3 3 1\n1 -0 1\n",
	"%%MatrixMarket matrix coordinate real hermitian\n2 2 1\n2 1 3\n",
	"%%MatrixMarket matrix coordinate pattern skew-symmetric\n2 2 1\n2 1\n",
	"%%MatrixMarket matrix array pattern general\n1 1\n1\n",
	"%%MatrixMarket vector array real symmetric\n1\n1\n",
	"%%MatrixMarket matrix coordinate real symmetric\n3 3 2\n3 1 1\n1 2 5\n",
	"%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 1\n2 2 1\n",
	"%%MatrixMarket matrix coordinate complex hermitian\n2 2 1\n2 2 1 1\n",
	"%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 1 -9223372036854775808\n",
	"%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 1\n2 2 2\n",
	"%%MatrixMarket matrix array real general\n2 2\n1\n2 3\n",
	"%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1e999 0\n",
	"%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 0x10\n",
	"%%MatrixMarket matrix coordinate quaternion general\n1 1 0\n",
	"%%MatrixMarket matrix coordinate real\n1 1 0\n",
	"",
}

// addSeeds adds the seeds, and one file of more entries than fuzzMemoryLimit holds.
func addSeeds(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	n := fuzzMemoryLimit/24 + 1
	f.Add([]byte(fmt.Sprintf("%%%%MatrixMarket matrix coordinate real general\n2 2 %d\n", n) + strings.Repeat("2 1 1\n", n)))
}

// FuzzParse checks that Parse never panics, that refusals are ErrIO errors
// naming a line, and that accepted input is consistent: indices within the
// shape, arrays of the announced sizes, and a write-parse round trip that
// reproduces the values bit for bit.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse(bytes.NewReader(data))
		if err != nil {
			checkRefusal(t, err)
			return
		}
		checkAccepted(t, m)
	})
}

// fuzzMemoryLimit is the memory limit FuzzRead reads under: low, so that
// the reader's refusals under the limit are fuzzed too.
const fuzzMemoryLimit = 4096

// FuzzRead is gs_mm_read's path: ReadFrom under a low memory limit must
// refuse with ErrIO or ErrTooLarge naming a line, or give the tensor of the
// parsed entries (coalesced, duplicates summed in file order), and allocate
// in proportion to the input, whatever dimensions its header names.
func FuzzRead(f *testing.F) {
	addSeeds(f)
	old := tensor.MemoryLimit()
	if err := tensor.SetMemoryLimit(fuzzMemoryLimit); err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { _ = tensor.SetMemoryLimit(old) })
	f.Fuzz(func(t *testing.T, data []byte) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		x, err := ReadFrom(bytes.NewReader(data))
		runtime.ReadMemStats(&after)
		// The read buffer, what the memory limit holds (preallocated from a
		// header's count, at most), and a bounded cost per input byte.
		bound := uint64(128<<10 + 2*fuzzMemoryLimit + 512*len(data))
		if got := after.TotalAlloc - before.TotalAlloc; got > bound {
			t.Fatalf("reading %d bytes allocated %d bytes (bound %d)", len(data), got, bound)
		}
		if err != nil {
			checkRefusal(t, err)
			return
		}
		m, err := Parse(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("ReadFrom accepted what Parse refuses: %v", err)
		}
		checkTensor(t, m, x)
	})
}

// checkTensor compares the tensor that ReadFrom built with the parsed file.
func checkTensor(t *testing.T, m *Matrix, x *tensor.Tensor) {
	if !slices.Equal(x.Dims(), m.Shape) {
		t.Fatalf("tensor of shape %v from a file of shape %v", x.Dims(), m.Shape)
	}
	if m.Format == FormatArray {
		vals, err := tensor.Component(x, tensor.CompValues)
		if err != nil || x.Layout() != tensor.Strided || !bytes.Equal(vals.Data, m.Dense.Data) {
			t.Fatalf("strided tensor %v differs from the array file (%v)", x, err)
		}
		return
	}
	if x.Layout() != tensor.COO || !x.IsCoalesced() || x.DType() != m.Values.DType {
		t.Fatalf("tensor %v: want a coalesced COO of %v", x, m.Values.DType)
	}
	// The reference: sums in file order, the first value of a coordinate
	// taken as it is (so that a lone -0 stays -0).
	ndim := int64(len(m.Shape))
	nnz := m.Values.Numel()
	type sum struct {
		v complex128
		i int64 // the sum of an integer file, which wraps as int64
	}
	sums := map[[2]int64]*sum{}
	for k := range nnz {
		var key [2]int64
		for d := range ndim {
			key[d] = m.Indices.Index(d*nnz + k)
		}
		v := m.Values.Complex(k)
		c, i := complex(v.Re(), v.Im()), m.Values.Index(k)
		if s, ok := sums[key]; ok {
			s.v += c
			s.i += i
		} else {
			sums[key] = &sum{c, i}
		}
	}
	idx, err := tensor.Component(x, tensor.CompIndices)
	if err != nil {
		t.Fatal(err)
	}
	vals, err := tensor.Component(x, tensor.CompValues)
	if err != nil {
		t.Fatal(err)
	}
	n := vals.Numel()
	if n != int64(len(sums)) {
		t.Fatalf("%d coalesced entries, %d distinct coordinates in the file", n, len(sums))
	}
	var prev [2]int64
	for u := range n {
		var key [2]int64
		for d := range ndim {
			key[d] = idx.Index(d*n + u)
		}
		if u > 0 && slices.Compare(prev[:ndim], key[:ndim]) >= 0 {
			t.Fatalf("entry %d at %v does not follow %v", u, key[:ndim], prev[:ndim])
		}
		prev = key
		s, ok := sums[key]
		if !ok {
			t.Fatalf("entry %d at %v is not in the file", u, key[:ndim])
		}
		if m.Values.DType == dtype.Int64 {
			if got := vals.Index(u); got != s.i {
				t.Fatalf("entry %d at %v: %d, want %d", u, key[:ndim], got, s.i)
			}
			continue
		}
		g := vals.Complex(u)
		for _, p := range [][2]float64{{g.Re(), real(s.v)}, {g.Im(), imag(s.v)}} {
			if math.Float64bits(p[0]) != math.Float64bits(p[1]) && !(math.IsNaN(p[0]) && math.IsNaN(p[1])) {
				t.Fatalf("entry %d at %v: %v, want %v", u, key[:ndim], complex(g.Re(), g.Im()), s.v)
			}
		}
	}
}

var lineMessage = regexp.MustCompile(`^line [1-9][0-9]*: `)

// checkRefusal: a refusal is an ErrIO (a bad file) or ErrTooLarge (a file
// beyond the memory limit) *errs.Error that names its line.
func checkRefusal(t *testing.T, err error) {
	ce, ok := err.(*errs.Error)
	if !ok || (ce.Code != errs.ErrIO && ce.Code != errs.ErrTooLarge) {
		t.Fatalf("refusal is not an ErrIO or ErrTooLarge *errs.Error: %T %v", err, err)
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
	idx := dtype.AsSlice[int64](m.Indices)
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
func requireSameBits(t *testing.T, a, b dtype.Array) {
	if a.DType != b.DType || a.Numel() != b.Numel() {
		t.Fatalf("round trip changed %v %v into %v %v", a.DType, a.Shape, b.DType, b.Shape)
	}
	for i := range a.Numel() {
		x, y := a.Complex(i), b.Complex(i)
		if a.DType == dtype.Int64 {
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
