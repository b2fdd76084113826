package format

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRules: one or more texts breaking each rule, refused with that rule at
// that level (-1: the dimension list or the format as a whole).
func TestRules(t *testing.T) {
	cases := []struct {
		text  string
		rule  Rule
		level int
	}{
		{"(i, j, i) -> (i : dense, j : dense)", RuleDimUnique, -1},
		{"(i, j) -> (i : dense)", RuleDimUsed, -1},
		{"(i, j, k) -> (j : compressed)", RuleDimUsed, -1},
		{"(i) -> (i : dense, x : compressed)", RuleDimDeclared, 1},
		{"(i) -> (i - x : compressed, i : range)", RuleDimDeclared, 0},
		{"(i, j) -> (i : dense, i : compressed, j : dense)", RuleDimOnce, 1},
		{"(i, j) -> (i / 2 : dense, i : dense, i % 2 : dense, j : dense)", RuleDimOnce, 1},
		{"(i, j) -> (i / 2 : dense, i / 2 : dense, i % 2 : dense, j : dense)", RuleDimOnce, 1},
		{"(i, j, k) -> (j - i : compressed, k - i : compressed, i : range, k : range)", RuleDimOnce, 1},
		{"(i, j) -> (i : dense, j - i : compressed, j : range)", RuleDimOnce, 1},
		{"(i, j) -> (i / 0 : dense, j : dense, i % 0 : dense)", RuleDivisor, 0},
		{"(i, j) -> (i / 2 : dense, j : compressed)", RuleDivMatched, 0},
		{"(i, j) -> (i : dense, j / 3 : dense)", RuleDivMatched, 1},
		{"(i, j) -> (i : dense, j % 2 : compressed)", RuleModMatched, 1},
		{"(i, j) -> (i / 2 : dense, j : compressed, i % 3 : dense)", RuleModMatched, 2},
		{"(i, j) -> (i % 2 : dense, i / 2 : dense, j : dense)", RuleModMatched, 0},
		{"(i, j) -> (i - i : compressed, j : dense)", RuleOperands, 0},
		{"(i, j) -> (j - i : compressed, i : dense)", RuleSumMatched, 0},
		{"(i, j) -> (i + j : compressed)", RuleSumMatched, 0},
		{"(i, j) -> (j : compressed, i : range)", RuleRangeMatched, 1},
		{"(i, j) -> (j - i : compressed, i : range, j : range)", RuleRangeMatched, 2},
		{"(i, j) -> (j - i : compressed, i / 1 : range)", RuleRangeBare, 1},
		{"(i, j) -> (i + j : range, i : range)", RuleRangeBare, 0},
		{"(i, j) -> (i : dense, j : batch)", RuleBatchFirst, 1},
		{"(b, i) -> (i : batch, b : dense)", RuleBatchFirst, 0},
		{"(b, i, j) -> (b : batch, i : compressed, j : compressed)", RuleBatchClosed, 1},
		{"(b) -> (b : batch)", RuleBatchClosed, 0},
		{"(i, j) -> (i : compressed(unique, nonunique), j : singleton)", RuleProperties, 0},
		{"(i, j) -> (i : dense, j : compressed(ordered, unordered))", RuleProperties, 1},
		{"(i, j) -> (i : dense, j : delta(0))", RuleDelta, 1},
		{"(i, j) -> (i : dense, j : delta(64))", RuleDelta, 1},
		{"(i, j) -> (i : dense, j : structured(2))", RuleStructured, 1},
		{"(i, j) -> (i : dense, j / 4 : dense, j % 4 : structured(5))", RuleStructured, 2},
		{"(i, j) -> (i : dense, j / 4 : dense, j % 4 : structured(0))", RuleStructured, 2},
		{"(i, j) -> (j - i : dense, i : range)", RuleSignedLevel, 0},
		{"(i, j) -> (j - i : delta(3), i : range)", RuleSignedLevel, 0},
		{"(i, j) -> (i : dense, j : sparse)", RuleKind, 1},
		{"(i, j) -> (i : dense, j)", RuleSyntax, 1},
		{"(i, j) (i : dense, j : compressed)", RuleSyntax, -1},
		{"(i, j -> (i : dense, j : compressed)", RuleSyntax, -1},
		{"(i, j) -> (i : compressed(sorted), j : singleton)", RuleSyntax, 0},
		{"(i, j) -> (i / -2 : dense, j : compressed, i % -2 : dense)", RuleSyntax, 0},
		{"(i, j) -> (i : dense, j : compressed())", RuleSyntax, 1},
		{"(i, j) -> (i : dense, j : compressed) x", RuleSyntax, -1},
		{"(i, j) -> (i : dense, j : delta)", RuleSyntax, 1},
		{"(i) -> (i / 99999999999999999999 : dense, i % 2 : dense)", RuleSyntax, 0},
		{"", RuleSyntax, -1},
		{"(1) -> ()", RuleSyntax, -1},
	}
	for _, c := range cases {
		_, err := Parse(c.text)
		var fe *Error
		if !assert.True(t, errors.As(err, &fe), "%q: accepted or not an *Error: %v", c.text, err) {
			continue
		}
		assert.Equal(t, c.rule, fe.Rule, "%q: %v", c.text, err)
		assert.Equal(t, c.level, fe.Level, "%q: %v", c.text, err)
		assert.Contains(t, err.Error(), string(c.rule), c.text)
	}
}

// TestRulesOnBuiltFormats: the rules that only a Format built by hand can
// break (Parse cannot produce it).
func TestRulesOnBuiltFormats(t *testing.T) {
	dimDense := func(d string) Level { return Level{Expr: Expr{Op: OpDim, A: d}, Kind: Dense} }
	cases := []struct {
		f     Format
		rule  Rule
		level int
	}{
		{Format{Dims: []string{"i j"}, Levels: []Level{dimDense("i j")}}, RuleDimName, -1},
		{Format{Dims: []string{""}, Levels: nil}, RuleDimName, -1},
		{Format{Dims: []string{"i"}, Levels: []Level{{Expr: Expr{Op: OpDim, A: "i"}, Kind: Dense, Nonunique: true}}}, RulePropertyKind, 0},
		{Format{Dims: []string{"i"}, Levels: []Level{{Expr: Expr{Op: OpDim, A: "i"}, Kind: Range, Unordered: true}}}, RulePropertyKind, 0},
		{Format{Dims: []string{"i"}, Levels: []Level{{Expr: Expr{Op: OpDim, A: "i"}, Kind: Compressed, Param: 3}}}, RuleParam, 0},
		{Format{Dims: []string{"i"}, Levels: []Level{{Expr: Expr{Op: OpDim, A: "i"}, Kind: Kind(42)}}}, RuleKind, 0},
		{Format{Dims: []string{"i"}, Levels: []Level{{Expr: Expr{Op: Op(9), A: "i"}, Kind: Dense}}}, RuleOp, 0},
	}
	for _, c := range cases {
		err := Validate(c.f)
		var fe *Error
		if !assert.True(t, errors.As(err, &fe), "%#v: accepted or not an *Error: %v", c.f, err) {
			continue
		}
		assert.Equal(t, c.rule, fe.Rule, "%v", err)
		assert.Equal(t, c.level, fe.Level, "%v", err)
	}
}

// TestValidFormats: texts every rule allows, with their canonical print.
func TestValidFormats(t *testing.T) {
	cases := []struct{ text, canonical string }{
		{"() -> ()", "() -> ()"},
		{"(i,j)->(i:dense,j:compressed)", "(i, j) -> (i : dense, j : compressed)"},
		{" ( i , j ) -> ( j - i : compressed , i : range ) ", "(i, j) -> (j - i : compressed, i : range)"},
		{"(i, j) -> (i // 2 : dense, j : dense, i % 2 : dense)", "(i, j) -> (i / 2 : dense, j : dense, i % 2 : dense)"},
		{"(i, j) -> (i : compressed(unique, ordered), j : compressed)", "(i, j) -> (i : compressed, j : compressed)"},
		{"(i, j) -> (i : compressed(unordered, nonunique), j : singleton(nonunique))",
			"(i, j) -> (i : compressed(nonunique, unordered), j : singleton(nonunique))"},
		{"(b, i, j) -> (b : batch, i : dense, j : compressed)", "(b, i, j) -> (b : batch, i : dense, j : compressed)"},
		{"(a, b, x) -> (a : batch, b : batch, x : dense)", "(a, b, x) -> (a : batch, b : batch, x : dense)"},
		{"(i, j) -> (i + j : dense, j : range)", "(i, j) -> (i + j : dense, j : range)"},
		{"(i, j) -> (j - i : singleton, i : range)", "(i, j) -> (j - i : singleton, i : range)"},
		{"(i, j) -> (i : dense, j / 4 : dense, j % 4 : structured(4))", "(i, j) -> (i : dense, j / 4 : dense, j % 4 : structured(4))"},
		{"(i, j) -> (i : dense, j : delta(63))", "(i, j) -> (i : dense, j : delta(63))"},
		// The UST blog post's spelling of CROW and CCOL: "row" is a dense level.
		{"(i, j) -> (i : compressed, j : row)", "(i, j) -> (i : compressed, j : dense)"},
		{"(i, j) -> (j : compressed, i : row)", "(i, j) -> (j : compressed, i : dense)"},
		{"(row_1, Col2) -> (Col2 : dense, row_1 : compressed)", "(row_1, Col2) -> (Col2 : dense, row_1 : compressed)"},
		{"(dense, range) -> (range - dense : compressed, dense : range)", "(dense, range) -> (range - dense : compressed, dense : range)"},
	}
	for _, c := range cases {
		f, err := Parse(c.text)
		require.NoError(t, err, c.text)
		assert.Equal(t, c.canonical, f.String(), c.text)
		g, err := Parse(f.String())
		require.NoError(t, err)
		assert.True(t, f.Equal(g))
	}
}

// TestEqual: Equal tells formats apart by every field.
func TestEqual(t *testing.T) {
	base := CSR()
	assert.True(t, base.Equal(CSR()))
	variants := []string{
		"(i, k) -> (i : dense, k : compressed)",
		"(i, j) -> (i : dense, j : compressed(nonunique))",
		"(i, j) -> (i : dense, j : compressed(unordered))",
		"(i, j) -> (i : dense, j : delta(2))",
		"(i, j) -> (j : dense, i : compressed)",
		"(i, j) -> (i : dense, j : singleton)",
	}
	for _, v := range variants {
		f, err := Parse(v)
		require.NoError(t, err, v)
		assert.False(t, base.Equal(f), v)
	}
	c := base.Clone()
	c.Levels[0].Kind = Compressed
	assert.Equal(t, Dense, base.Levels[0].Kind, "Clone shares memory")
}
