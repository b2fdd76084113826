package format

import (
	"sort"
	"strconv"
	"strings"
)

// Validate checks every rule of the language on f and returns nil or the
// *Error of the first rule broken, in level order. The rules are those of the
// reference (nvmath-python 1.0.0's TensorFormat), plus the ones its storage
// relies on without checking (each dimension mapped once, properties and
// parameters only where a level type has them, no negative coordinates in
// implicitly stored levels):
//
//   - dimension names are unique identifiers, every level uses declared
//     dimensions only and every dimension is used;
//   - each dimension is mapped once: by a bare level, by a d / c level
//     matched by a later d % c with the same c > 0, or by an a + b / a - b
//     level (two different dimensions) matched by a later range level on a
//     or b; range only on a bare dimension;
//   - batch levels come first (level k on dimension k) and are closed by a
//     dense level;
//   - properties only on compressed and singleton levels (a Level cannot
//     hold contradictory ones; Parse refuses them in the text);
//   - delta(b) with 1 <= b <= 63; structured(n) on a d % m level with
//     0 < n <= m;
//   - a - b (which can be negative) only on compressed and singleton levels.
func Validate(f Format) error {
	v := validator{f: f, state: make(map[string]*dimState, len(f.Dims))}
	if err := v.dims(); err != nil {
		return err
	}
	for k := range f.Levels {
		if err := v.level(k); err != nil {
			return err
		}
	}
	return v.finish()
}

// dimState records how a dimension is mapped so far.
type dimState struct {
	used     bool
	mappedBy int   // the level that maps it completely, or -1
	divLevel int   // the level of a d / c awaiting its d % c, or -1
	divisor  int64 // that c
	pairWith string
	sumLevel int // the level of an a ± b awaiting its range, or -1
}

type validator struct {
	f       Format
	state   map[string]*dimState
	batches int  // leading batch levels seen
	inner   bool // a non-batch level has been seen
}

func (v *validator) dims() error {
	for i, d := range v.f.Dims {
		if !isIdent(d) {
			return formatError(RuleDimName, "dimension "+strconv.Itoa(i)+" is "+strconv.Quote(d))
		}
		if _, dup := v.state[d]; dup {
			return formatError(RuleDimUnique, "("+strings.Join(v.f.Dims, ", ")+") repeats "+d)
		}
		v.state[d] = &dimState{mappedBy: -1, divLevel: -1, sumLevel: -1}
	}
	return nil
}

func isIdent(s string) bool {
	if s == "" || !isIdentStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isIdentPart(s[i]) {
			return false
		}
	}
	return true
}

func (v *validator) level(k int) error {
	l := v.f.Levels[k]
	fail := func(rule Rule, detail string) error { return levelError(v.f, k, rule, detail) }
	if l.Kind > Structured {
		return fail(RuleKind, "unknown level type "+strconv.Itoa(int(l.Kind)))
	}
	if l.Expr.Op > OpMod {
		return fail(RuleOp, "unknown operator "+strconv.Itoa(int(l.Expr.Op)))
	}
	if err := v.declared(k); err != nil {
		return err
	}
	if err := v.kindRules(k); err != nil {
		return err
	}
	a := v.state[l.Expr.A]
	a.used = true
	switch l.Expr.Op {
	case OpDim:
		if l.Kind == Range {
			if a.pairWith == "" || a.sumLevel < 0 {
				return fail(RuleRangeMatched, "no earlier a + b or a - b awaits a range on "+l.Expr.A)
			}
			b := v.state[a.pairWith]
			a.mappedBy, b.mappedBy = k, k
			a.sumLevel, b.sumLevel = -1, -1
			return nil
		}
		if a.sumLevel >= 0 {
			return levelError(v.f, a.sumLevel, RuleSumMatched,
				"level "+strconv.Itoa(k)+" ("+l.String()+") maps "+l.Expr.A+" before a range level closes it")
		}
		if err := v.unmapped(k, l.Expr.A); err != nil {
			return err
		}
		a.mappedBy = k
	case OpAdd, OpSub:
		if l.Expr.A == l.Expr.B {
			return fail(RuleOperands, l.Expr.A+" appears on both sides")
		}
		b := v.state[l.Expr.B]
		b.used = true
		if err := v.unmapped(k, l.Expr.A); err != nil {
			return err
		}
		if err := v.unmapped(k, l.Expr.B); err != nil {
			return err
		}
		if l.Expr.Op == OpSub && l.Kind != Compressed && l.Kind != Singleton {
			return fail(RuleSignedLevel, "a "+l.Kind.String()+" level stores its coordinates as positions or gaps, which cannot be negative")
		}
		a.pairWith, a.sumLevel = l.Expr.B, k
		b.pairWith, b.sumLevel = l.Expr.A, k
	case OpDiv:
		if l.Expr.C <= 0 {
			return fail(RuleDivisor, "c = "+itoa(l.Expr.C))
		}
		if err := v.unmapped(k, l.Expr.A); err != nil {
			return err
		}
		a.divLevel, a.divisor = k, l.Expr.C
	case OpMod:
		if l.Expr.C <= 0 {
			return fail(RuleDivisor, "c = "+itoa(l.Expr.C))
		}
		if a.divLevel < 0 || a.divisor != l.Expr.C {
			return fail(RuleModMatched, "no earlier "+l.Expr.A+" / "+itoa(l.Expr.C)+" awaits it")
		}
		a.mappedBy, a.divLevel = k, -1
	}
	return nil
}

// declared checks that the level's dimensions are declared.
func (v *validator) declared(k int) error {
	e := v.f.Levels[k].Expr
	names := []string{e.A}
	if e.Op == OpAdd || e.Op == OpSub {
		names = append(names, e.B)
	}
	for _, n := range names {
		if _, ok := v.state[n]; !ok {
			return levelError(v.f, k, RuleDimDeclared, n+" is not in ("+strings.Join(v.f.Dims, ", ")+")")
		}
	}
	return nil
}

// unmapped refuses a dimension that an earlier level maps or has begun to map.
func (v *validator) unmapped(k int, d string) error {
	s := v.state[d]
	by := s.mappedBy
	switch {
	case by < 0 && s.divLevel >= 0:
		by = s.divLevel
	case by < 0 && s.sumLevel >= 0:
		by = s.sumLevel
	}
	if by >= 0 {
		return levelError(v.f, k, RuleDimOnce, d+" is already mapped by level "+strconv.Itoa(by)+" ("+v.f.Levels[by].String()+")")
	}
	return nil
}

// kindRules checks the rules of the level's type: batch placement,
// properties, parameters.
func (v *validator) kindRules(k int) error {
	l := v.f.Levels[k]
	fail := func(rule Rule, detail string) error { return levelError(v.f, k, rule, detail) }
	switch {
	case l.Kind == Batch:
		if v.inner {
			return fail(RuleBatchFirst, "an earlier level is not batch")
		}
		if l.Expr.Op != OpDim || k >= len(v.f.Dims) || l.Expr.A != v.f.Dims[k] {
			want := "a level past the last dimension"
			if k < len(v.f.Dims) {
				want = "dimension " + v.f.Dims[k]
			}
			return fail(RuleBatchFirst, "level "+strconv.Itoa(k)+" must be "+want)
		}
		v.batches++
		if k == len(v.f.Levels)-1 {
			return fail(RuleBatchClosed, "no level follows it")
		}
	case v.batches > 0 && !v.inner && l.Kind != Dense:
		return fail(RuleBatchClosed, "the level after the batch levels is "+l.Kind.String())
	}
	if l.Kind != Batch {
		v.inner = true
	}
	if l.Kind == Range && l.Expr.Op != OpDim {
		return fail(RuleRangeBare, "the expression is "+l.Expr.String())
	}
	if (l.Nonunique || l.Unordered) && l.Kind != Compressed && l.Kind != Singleton {
		return fail(RulePropertyKind, "a "+l.Kind.String()+" level is unique and ordered")
	}
	switch l.Kind {
	case Delta:
		if l.Param < 1 || l.Param > 63 {
			return fail(RuleDelta, "b = "+itoa(l.Param))
		}
	case Structured:
		if l.Expr.Op != OpMod {
			return fail(RuleStructured, "the expression is not d % m")
		}
		if l.Param <= 0 || l.Param > l.Expr.C {
			return fail(RuleStructured, "n = "+itoa(l.Param)+", m = "+itoa(l.Expr.C))
		}
	default:
		if l.Param != 0 {
			return fail(RuleParam, "a "+l.Kind.String()+" level has parameter "+itoa(l.Param))
		}
	}
	return nil
}

// finish checks what only the whole format shows: unused dimensions and
// unmatched divisions and sums.
func (v *validator) finish() error {
	var unused []string
	for _, d := range v.f.Dims {
		if !v.state[d].used {
			unused = append(unused, d)
		}
	}
	if len(unused) > 0 {
		return formatError(RuleDimUsed, "no level uses "+strings.Join(unused, ", "))
	}
	var divs, sums []int
	for _, d := range v.f.Dims {
		s := v.state[d]
		if s.divLevel >= 0 {
			divs = append(divs, s.divLevel)
		}
		if s.sumLevel >= 0 {
			sums = append(sums, s.sumLevel)
		}
	}
	if len(divs) > 0 {
		sort.Ints(divs)
		l := v.f.Levels[divs[0]].Expr
		return levelError(v.f, divs[0], RuleDivMatched, "no later "+l.A+" % "+itoa(l.C))
	}
	if len(sums) > 0 {
		sort.Ints(sums)
		l := v.f.Levels[sums[0]].Expr
		return levelError(v.f, sums[0], RuleSumMatched, "no later range level on "+l.A+" or "+l.B)
	}
	return nil
}
