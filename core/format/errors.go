package format

import "strconv"

// Rule names a rule of the format language; an *Error carries the rule its
// input broke. The text of each rule is the sentence its error messages use.
type Rule string

// The rules that Parse and Validate enforce.
const (
	RuleSyntax       Rule = "syntax: the text must read (dims) -> (expr : type, ...)"
	RuleDimName      Rule = "dimension names must be identifiers"
	RuleDimUnique    Rule = "dimension names must be unique"
	RuleDimDeclared  Rule = "every dimension a level uses must be declared"
	RuleDimUsed      Rule = "every dimension must be used by a level"
	RuleDimOnce      Rule = "each dimension is mapped once: by one level, one d / c and d % c pair, or one a ± b and range pair"
	RuleOp           Rule = "level expressions are d, a + b, a - b, d / c or d % c"
	RuleDivisor      Rule = "the constant c of d / c and d % c must be > 0"
	RuleDivMatched   Rule = "every d / c must be matched by a later d % c with the same c"
	RuleModMatched   Rule = "every d % c must follow a d / c with the same c"
	RuleOperands     Rule = "a + b and a - b need two different dimensions"
	RuleSumMatched   Rule = "every a + b and a - b must be matched by a later range level on a or b"
	RuleRangeBare    Rule = "range levels must be on a bare dimension"
	RuleRangeMatched Rule = "a range level's dimension must appear in an earlier, unmatched a + b or a - b"
	RuleBatchFirst   Rule = "batch levels must come first, level k on dimension k"
	RuleBatchClosed  Rule = "batch levels must be closed by a dense level"
	RuleKind         Rule = "level types are dense (or row), batch, range, compressed, singleton, delta(b) and structured(n)"
	RuleProperties   Rule = "a level cannot be both unique and nonunique, or both ordered and unordered"
	RulePropertyKind Rule = "only compressed and singleton levels have properties"
	RuleParam        Rule = "only delta(b) and structured(n) levels have a parameter"
	RuleDelta        Rule = "delta(b) needs 1 <= b <= 63"
	RuleStructured   Rule = "structured(n) must be on a d % m level with 0 < n <= m"
	RuleSignedLevel  Rule = "a - b can be negative: its level must be compressed or singleton"
)

// Error is a refused format text or Format: the level at fault (Level = -1
// when the fault lies in the dimension list or the text as a whole), that
// level's text, the rule broken and what broke it.
type Error struct {
	Level     int
	LevelText string
	Rule      Rule
	Detail    string
}

// Error returns "format level 1 (j : batch): <rule>: <detail>".
func (e *Error) Error() string {
	s := "format"
	if e.Level >= 0 {
		s += " level " + strconv.Itoa(e.Level)
		if e.LevelText != "" {
			s += " (" + e.LevelText + ")"
		}
	}
	s += ": " + string(e.Rule)
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// levelError is an *Error about level k of f.
func levelError(f Format, k int, rule Rule, detail string) *Error {
	return &Error{Level: k, LevelText: f.Levels[k].String(), Rule: rule, Detail: detail}
}

// formatError is an *Error about the dimension list or the format as a whole.
func formatError(rule Rule, detail string) *Error {
	return &Error{Level: -1, Rule: rule, Detail: detail}
}
