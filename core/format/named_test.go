package format

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNamedFormats: every named format has the text the reference's
// NamedFormats gives it (dimension b for nvmath's batch) and parses to itself.
func TestNamedFormats(t *testing.T) {
	must := func(f Format, err error) Format {
		t.Helper()
		require.NoError(t, err)
		return f
	}
	cases := []struct {
		f    Format
		text string
	}{
		{Scalar(), "() -> ()"},
		{DenseVector(), "(i) -> (i : dense)"},
		{SparseVector(), "(i) -> (i : compressed)"},
		{must(DenseRowMajor(2)), "(i, j) -> (i : dense, j : dense)"},
		{must(DenseColMajor(3)), "(i, j, k) -> (k : dense, j : dense, i : dense)"},
		{COO(), "(i, j) -> (i : compressed(nonunique), j : singleton)"},
		{CSR(), "(i, j) -> (i : dense, j : compressed)"},
		{CSC(), "(i, j) -> (j : dense, i : compressed)"},
		{DCSR(), "(i, j) -> (i : compressed, j : compressed)"},
		{DCSC(), "(i, j) -> (j : compressed, i : compressed)"},
		{CROW(), "(i, j) -> (i : compressed, j : dense)"},
		{CCOL(), "(i, j) -> (j : compressed, i : dense)"},
		{DIAI(), "(i, j) -> (j - i : compressed, i : range)"},
		{DIAJ(), "(i, j) -> (j - i : compressed, j : range)"},
		{AntiDIAI(), "(i, j) -> (i + j : compressed, i : range)"},
		{AntiDIAJ(), "(i, j) -> (i + j : compressed, j : range)"},
		{BatchedCSR(), "(b, i, j) -> (b : dense, i : dense, j : compressed)"},
		{BatchedDIAINonUniform(), "(b, i, j) -> (b : dense, j - i : compressed, i : range)"},
		{BatchedDIAIUniform(), "(b, i, j) -> (j - i : compressed, b : dense, i : range)"},
		{must(BlockVector(4)), "(i) -> (i / 4 : compressed, i % 4 : dense)"},
		{must(BSR(2, 3)), "(i, j) -> (i / 2 : dense, j / 3 : compressed, i % 2 : dense, j % 3 : dense)"},
		{must(BSRColMajor(2, 3)), "(i, j) -> (i / 2 : dense, j / 3 : compressed, j % 3 : dense, i % 2 : dense)"},
		{must(BSC(2, 3)), "(i, j) -> (j / 3 : dense, i / 2 : compressed, i % 2 : dense, j % 3 : dense)"},
		{must(BSCColMajor(2, 3)), "(i, j) -> (j / 3 : dense, i / 2 : compressed, j % 3 : dense, i % 2 : dense)"},
		{must(DeltaCSR(8)), "(i, j) -> (i : dense, j : delta(8))"},
		{must(StructuredNM(2, 4)), "(i, j) -> (i : dense, j / 4 : dense, j % 4 : structured(2))"},
		{must(CSF(3)), "(i, j, k) -> (i : compressed, j : compressed, k : compressed)"},
		{must(TorchCOO(3, 0)), "(i, j, k) -> (i : compressed(nonunique), j : singleton, k : singleton)"},
		{must(TorchCOO(1, 1)), "(i, j) -> (i : compressed, j : dense)"},
		{must(TorchCOO(2, 1)), "(i, j, k) -> (i : compressed(nonunique), j : singleton, k : dense)"},
		{must(TorchCSR(0, 0)), "(i, j) -> (i : dense, j : compressed)"},
		{must(TorchCSR(1, 1)), "(i, j, k, l) -> (i : batch, j : dense, k : compressed, l : dense)"},
		{must(TorchCSC(2, 0)), "(i, j, k, l) -> (i : batch, j : batch, l : dense, k : compressed)"},
		{must(TorchBSR(2, 3, 1, 0)), "(i, j, k) -> (i : batch, j / 2 : dense, k / 3 : compressed, j % 2 : dense, k % 3 : dense)"},
		{must(TorchBSR(1, 1, 0, 0)), "(i, j) -> (i / 1 : dense, j / 1 : compressed, i % 1 : dense, j % 1 : dense)"},
		{must(TorchBSC(2, 3, 0, 1)), "(i, j, k) -> (j / 3 : dense, i / 2 : compressed, i % 2 : dense, j % 3 : dense, k : dense)"},
	}
	for _, c := range cases {
		assert.Equal(t, c.text, c.f.String())
		g, err := Parse(c.text)
		require.NoError(t, err, c.text)
		assert.True(t, c.f.Equal(g), c.text)
	}
	// The torch layouts without batch or dense dimensions are the plain names.
	b, _ := BSR(2, 3)
	assert.True(t, must(TorchBSR(2, 3, 0, 0)).Equal(b))
	c, _ := BSC(2, 3)
	assert.True(t, must(TorchBSC(2, 3, 0, 0)).Equal(c))
	assert.True(t, must(TorchCOO(2, 0)).Equal(COO()))
	assert.True(t, must(TorchCSC(0, 0)).Equal(CSC()))
	assert.True(t, must(CSF(2)).Equal(DCSR()))
	// Names past z.
	f := must(DenseRowMajor(20))
	assert.Equal(t, "d19", f.Dims[19])
	assert.Equal(t, "z", f.Dims[17])
}

// TestNamedFormatsRefuseBadParameters: parameters no valid format has.
func TestNamedFormatsRefuseBadParameters(t *testing.T) {
	for name, call := range map[string]func() (Format, error){
		"BlockVector(0)":        func() (Format, error) { return BlockVector(0) },
		"BSR(0, 2)":             func() (Format, error) { return BSR(0, 2) },
		"BSC(2, -1)":            func() (Format, error) { return BSC(2, -1) },
		"BSRColMajor(0, 0)":     func() (Format, error) { return BSRColMajor(0, 0) },
		"BSCColMajor(1, 0)":     func() (Format, error) { return BSCColMajor(1, 0) },
		"DeltaCSR(0)":           func() (Format, error) { return DeltaCSR(0) },
		"StructuredNM(5, 4)":    func() (Format, error) { return StructuredNM(5, 4) },
		"StructuredNM(1, 0)":    func() (Format, error) { return StructuredNM(1, 0) },
		"CSF(0)":                func() (Format, error) { return CSF(0) },
		"DenseRowMajor(-1)":     func() (Format, error) { return DenseRowMajor(-1) },
		"DenseColMajor(-1)":     func() (Format, error) { return DenseColMajor(-1) },
		"TorchCOO(0, 1)":        func() (Format, error) { return TorchCOO(0, 1) },
		"TorchCSR(-1, 0)":       func() (Format, error) { return TorchCSR(-1, 0) },
		"TorchCSC(0, -1)":       func() (Format, error) { return TorchCSC(0, -1) },
		"TorchBSR(0, 1, 0, 0)":  func() (Format, error) { return TorchBSR(0, 1, 0, 0) },
		"TorchBSC(1, 1, -1, 0)": func() (Format, error) { return TorchBSC(1, 1, -1, 0) },
	} {
		_, err := call()
		assert.Error(t, err, name)
	}
}
