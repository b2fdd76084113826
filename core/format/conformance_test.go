package format

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ustFile is ../shared/conformance/ust/formats.json beside the repository root.
var ustFile = filepath.Join("..", "..", "..", "shared", "conformance", "ust", "formats.json")

// ustVectors is the part of formats.json this package judges: the texts.
type ustVectors struct {
	Cases []struct {
		ID     string `json:"id"`
		Name   string `json:"name"`
		Format string `json:"format"`
	} `json:"cases"`
	InvalidFormats []struct {
		Why            string `json:"why"`
		Format         string `json:"format"`
		ReferenceError string `json:"reference_error"`
	} `json:"invalid_formats"`
	InvalidText []struct {
		Why    string `json:"why"`
		Format string `json:"format"`
	} `json:"invalid_text"`
}

func loadUST(t *testing.T) ustVectors {
	t.Helper()
	data, err := os.ReadFile(ustFile)
	if err != nil {
		t.Skipf("UST conformance vectors not found at %s (../shared beside the repository): %v", ustFile, err)
	}
	var v ustVectors
	require.NoError(t, json.Unmarshal(data, &v))
	require.NotEmpty(t, v.Cases)
	return v
}

// TestUSTCasesRoundTrip: every case's format parses, prints as the case's
// text (the reference's texts are canonical) and re-parses to an equal Format.
func TestUSTCasesRoundTrip(t *testing.T) {
	v := loadUST(t)
	for _, c := range v.Cases {
		f, err := Parse(c.Format)
		if !assert.NoError(t, err, c.ID) {
			continue
		}
		assert.Equal(t, c.Format, f.String(), c.ID)
		g, err := Parse(f.String())
		require.NoError(t, err, c.ID)
		assert.True(t, f.Equal(g), "%s: %s re-parses to %s", c.ID, f, g)
	}
}

// TestUSTInvalidFormats: every invalid format of the reference is refused
// with the rule the reference gives and naming the level or dimensions.
func TestUSTInvalidFormats(t *testing.T) {
	v := loadUST(t)
	want := map[string]struct {
		rule  Rule
		level int
		names string // text the message must contain
	}{
		"repeated dimension":             {RuleDimUnique, -1, "repeats i"},
		"unused dimension":               {RuleDimUsed, -1, "no level uses j"},
		"division without modulo":        {RuleDivMatched, 0, "(i / 2 : dense)"},
		"modulo without division":        {RuleModMatched, 1, "(j % 2 : compressed)"},
		"modulo does not match division": {RuleModMatched, 2, "(i % 3 : dense)"},
		"zero divisor":                   {RuleDivisor, 0, "(i / 0 : dense)"},
		"range without add/sub":          {RuleRangeMatched, 1, "(i : range)"},
		"sub without range":              {RuleSumMatched, 0, "(j - i : compressed)"},
		"range on a compound expression": {RuleRangeBare, 1, "(i / 1 : range)"},
		"batch level inside":             {RuleBatchFirst, 1, "(j : batch)"},
		"batch not closed by dense":      {RuleBatchClosed, 1, "(i : compressed)"},
		"unique and nonunique together":  {RuleProperties, 0, "(i : compressed(unique, nonunique)"},
		"dimension not declared":         {RuleDimDeclared, 1, "(j : dense)"},
	}
	require.Len(t, v.InvalidFormats, len(want), "a new invalid case needs its expectation here")
	for _, c := range v.InvalidFormats {
		w, ok := want[c.Why]
		require.True(t, ok, "no expectation for %q", c.Why)
		_, err := Parse(c.Format)
		var fe *Error
		if !assert.True(t, errors.As(err, &fe), "%s: %q accepted or not an *Error: %v", c.Why, c.Format, err) {
			continue
		}
		assert.Equal(t, w.rule, fe.Rule, "%s: %v (reference: %s)", c.Why, err, c.ReferenceError)
		assert.Equal(t, w.level, fe.Level, "%s: %v", c.Why, err)
		assert.Contains(t, err.Error(), w.names, c.Why)
		assert.Contains(t, err.Error(), string(w.rule), c.Why)
		if w.level >= 0 {
			assert.Contains(t, err.Error(), "level "+itoa(int64(w.level)), c.Why)
		}
	}
}

// TestUSTInvalidText: every malformed text is refused with an *Error that
// says where.
func TestUSTInvalidText(t *testing.T) {
	v := loadUST(t)
	require.NotEmpty(t, v.InvalidText)
	for _, c := range v.InvalidText {
		_, err := Parse(c.Format)
		var fe *Error
		if assert.True(t, errors.As(err, &fe), "%s: %q accepted or not an *Error: %v", c.Why, c.Format, err) {
			assert.True(t, strings.Contains(fe.Detail, "offset") || strings.Contains(fe.Detail, "end of the text") || fe.Rule != RuleSyntax,
				"%s: %v does not say where", c.Why, err)
		}
	}
}

// TestUSTNamedFormats: every case named after one of the reference's
// NamedFormats has the text of the matching named constructor here.
func TestUSTNamedFormats(t *testing.T) {
	v := loadUST(t)
	fixed := map[string]Format{
		"DenseVector": DenseVector(), "SparseVector": SparseVector(),
		"COO": COO(), "CSR": CSR(), "CSC": CSC(), "DCSR": DCSR(), "DCSC": DCSC(),
		"CROW": CROW(), "CCOL": CCOL(), "DIAI": DIAI(), "DIAJ": DIAJ(),
		"SkewDIAI": AntiDIAI(), "SkewDIAJ": AntiDIAJ(), "BatchedCSR": BatchedCSR(),
		"BatchedDIAINonUniform": BatchedDIAINonUniform(), "BatchedDIAIUniform": BatchedDIAIUniform(),
	}
	must := func(f Format, err error) Format {
		require.NoError(t, err)
		return f
	}
	fixed["DenseMatrixRight"] = must(DenseRowMajor(2))
	fixed["DenseMatrixLeft"] = must(DenseColMajor(2))
	fixed["CSF3"] = must(CSF(3))
	fixed["COO3"] = must(TorchCOO(3, 0))
	blocks := map[string]func(m, n int64) (Format, error){
		"BSRRight": BSR, "BSRLeft": BSRColMajor, "BSCRow": BSC, "BSCCol": BSCColMajor,
	}
	matched := 0
	for _, c := range v.Cases {
		var want Format
		var m, n int64
		var prefix string
		f, named := fixed[c.Name]
		switch {
		case named:
			want = f
		case scan(c.Name, "Delta%d", &m):
			want = must(DeltaCSR(m))
		case scan(c.Name, "BlockVector%d", &m):
			want = must(BlockVector(m))
		case scan(c.Name, "Structured%d:%d", &n, &m):
			want = must(StructuredNM(n, m))
		default:
			for p := range blocks {
				if strings.HasPrefix(c.Name, p) && scan(strings.TrimPrefix(c.Name, p), "%dx%d", &m, &n) {
					prefix = p
				}
			}
			if prefix == "" {
				continue // a hand-written format, not a named one
			}
			want = must(blocks[prefix](m, n))
		}
		matched++
		assert.Equal(t, c.Format, want.String(), c.ID)
	}
	assert.Equal(t, 263, matched, "named cases matched (the other 12 are hand-written)")
}

// scan reports whether s reads exactly as pattern.
func scan(s, pattern string, args ...any) bool {
	n, err := fmt.Sscanf(s, pattern, args...)
	return err == nil && n == len(args) && fmt.Sprintf(pattern, deref(args)...) == s
}

func deref(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		out[i] = *(a.(*int64))
	}
	return out
}
