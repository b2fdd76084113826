package convert

import (
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestConvertPairsAllocations: a conversion through ustorage.ConvertValues
// (CSR -> CSC, DIA-I, DCSR, BSR with column-major blocks; DIA-I -> CSR,
// CSC and that BSR; DIA-J -> CSR; a 3-D COO -> CSF) allocates its output (the level arrays and
// the values) plus O(rows): no array of value indices, no list of the
// entries, no sort buffers (MemStats.TotalAlloc around the call).
func TestConvertPairsAllocations(t *testing.T) {
	side := int64(300)
	csr := laplacianCSR(t, side)
	rows := csr.Dims()[0]
	dia, err := ToFormat(csr, tensor.DiaIFormat)
	if err != nil {
		t.Fatal(err)
	}
	diaJ, err := ToFormat(csr, format.DIAJ())
	if err != nil {
		t.Fatal(err)
	}
	coo3 := laplacian3D(t, csr)
	bsrLeft, err := format.Parse("(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)")
	if err != nil {
		t.Fatal(err)
	}
	csf3, err := format.CSF(3)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		src  *tensor.Tensor
		to   format.Format
	}{
		{"csr-to-csc", csr, format.CSC()},
		{"csr-to-dia", csr, tensor.DiaIFormat},
		{"dia-to-csr", dia, format.CSR()},
		{"dia-to-csc", dia, format.CSC()},
		{"diaj-to-csr", diaJ, format.CSR()},
		{"csr-to-dcsr", csr, format.DCSR()},
		{"csr-to-bsr-colmajor", csr, bsrLeft},
		{"coo-to-csf3", coo3, csf3},
		{"dia-to-bsr-colmajor", dia, bsrLeft},
	} {
		src, vals, ok, err := levelSource(c.src)
		if !ok || err != nil {
			t.Fatalf("%s: levelSource: %v %v", c.name, ok, err)
		}
		s, out, err := convertValues(src, vals, c.src.FillElem(), c.to, false)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		result := int64(len(out.Data))
		for _, l := range s.Levels {
			result += 8 * int64(len(l.Pos)+len(l.Crd))
		}
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		if _, _, err := convertValues(src, vals, c.src.FillElem(), c.to, false); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&m1)
		got := int64(m1.TotalAlloc - m0.TotalAlloc)
		t.Logf("%s: output %d, extra %d (%.1f bytes a row)", c.name, result, got-result, float64(got-result)/float64(rows))
		if limit := result + 32*rows + 256<<10; got > limit {
			t.Errorf("%s: allocated %d bytes, want at most the output (%d) + O(rows) = %d", c.name, got, result, limit)
		}
	}
}
