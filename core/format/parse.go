package format

import (
	"strconv"
	"strings"
)

// Parse reads a format text and validates it (see Validate). The language:
//
//	format := '(' [dim {',' dim}] ')' '->' '(' [level {',' level}] ')'
//	level  := expr ':' type
//	expr   := dim | dim '+' dim | dim '-' dim | dim '/' int | dim '%' int
//	type   := 'dense' | 'batch' | 'range'
//	        | 'compressed' [props] | 'singleton' [props]
//	        | 'delta' '(' int ')' | 'structured' '(' int ')'
//	props  := '(' prop {',' prop} ')'
//	prop   := 'unique' | 'nonunique' | 'ordered' | 'unordered'
//
// Dimension names are identifiers ([A-Za-z_][A-Za-z0-9_]*); integers are
// unsigned decimals; '//' is read as '/' (nvmath prints it); keywords are
// lower case; whitespace is free. A refused text yields an *Error naming the
// level (index and text) and the rule.
func Parse(text string) (Format, error) {
	p := parser{src: text, level: -1}
	f, err := p.format()
	if err != nil {
		return Format{}, err
	}
	if err := Validate(f); err != nil {
		return Format{}, err
	}
	return f, nil
}

// parser reads the text left to right; level and levelStart locate the level
// being read, for error messages.
type parser struct {
	src        string
	pos        int
	level      int
	levelStart int
}

func (p *parser) format() (Format, error) {
	var f Format
	if err := p.expect("(", "a '(' opening the dimension list"); err != nil {
		return f, err
	}
	if !p.accept(")") {
		for {
			name, err := p.ident("a dimension name")
			if err != nil {
				return f, err
			}
			f.Dims = append(f.Dims, name)
			if p.accept(")") {
				break
			}
			if err := p.expect(",", "',' or ')' after a dimension name"); err != nil {
				return f, err
			}
		}
	}
	if err := p.expect("->", "'->' after the dimension list"); err != nil {
		return f, err
	}
	if err := p.expect("(", "a '(' opening the level list"); err != nil {
		return f, err
	}
	if !p.accept(")") {
		for {
			p.skipSpace()
			p.level, p.levelStart = len(f.Levels), p.pos
			l, err := p.levelSpec()
			if err != nil {
				return f, err
			}
			f.Levels = append(f.Levels, l)
			p.level = -1
			if p.accept(")") {
				break
			}
			if err := p.expect(",", "',' or ')' after a level"); err != nil {
				return f, err
			}
		}
	}
	p.skipSpace()
	if p.pos < len(p.src) {
		return f, p.fail("nothing may follow the level list")
	}
	return f, nil
}

func (p *parser) levelSpec() (Level, error) {
	var l Level
	a, err := p.ident("a dimension name starting the level's expression")
	if err != nil {
		return l, err
	}
	l.Expr = Expr{Op: OpDim, A: a}
	switch {
	case p.accept("+"), p.accept("-"):
		l.Expr.Op = OpAdd
		if p.src[p.pos-1] == '-' {
			l.Expr.Op = OpSub
		}
		if l.Expr.B, err = p.ident("a dimension name after '+' or '-'"); err != nil {
			return l, err
		}
	case p.accept("/"), p.accept("%"):
		l.Expr.Op = OpMod
		if p.src[p.pos-1] == '/' {
			l.Expr.Op = OpDiv
			p.accept("/") // nvmath's '//'
		}
		if l.Expr.C, err = p.integer("a non-negative integer after '/' or '%'"); err != nil {
			return l, err
		}
	}
	if err := p.expect(":", "':' and a level type after the expression"); err != nil {
		return l, err
	}
	kw, err := p.ident("a level type")
	if err != nil {
		return l, err
	}
	switch kw {
	case "dense", "row":
		// "row" is the spelling of NVIDIA's UST blog post for CROW/CCOL's
		// inner level ((i, j) -> (i : compressed, j : row)): a dense level,
		// printed as dense.
		l.Kind = Dense
	case "batch":
		l.Kind = Batch
	case "range":
		l.Kind = Range
	case "compressed", "singleton":
		l.Kind = Compressed
		if kw == "singleton" {
			l.Kind = Singleton
		}
		if p.accept("(") {
			if err := p.properties(&l); err != nil {
				return l, err
			}
		}
	case "delta", "structured":
		l.Kind = Delta
		if kw == "structured" {
			l.Kind = Structured
		}
		if err := p.expect("(", "'(' and an integer after "+kw); err != nil {
			return l, err
		}
		if l.Param, err = p.integer("an integer parameter of " + kw); err != nil {
			return l, err
		}
		if err := p.expect(")", "')' closing the parameter of "+kw); err != nil {
			return l, err
		}
	default:
		return l, p.failRule(RuleKind, "unknown level type '"+kw+"'")
	}
	return l, nil
}

// properties reads the list after its '(' up to its ')'.
func (p *parser) properties(l *Level) error {
	var unique, nonunique, ordered, unordered bool
	for {
		name, err := p.ident("a property (unique, nonunique, ordered, unordered)")
		if err != nil {
			return err
		}
		switch name {
		case "unique":
			unique = true
		case "nonunique":
			nonunique = true
		case "ordered":
			ordered = true
		case "unordered":
			unordered = true
		default:
			return p.failRule(RuleSyntax, "unknown property '"+name+"' (properties are unique, nonunique, ordered, unordered)")
		}
		if p.accept(")") {
			break
		}
		if err := p.expect(",", "',' or ')' after a property"); err != nil {
			return err
		}
	}
	if (unique && nonunique) || (ordered && unordered) {
		return p.failRule(RuleProperties, "the property list names both a property and its inverse")
	}
	l.Nonunique, l.Unordered = nonunique, unordered
	return nil
}

func (p *parser) skipSpace() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			p.pos++
		default:
			return
		}
	}
}

// accept consumes tok (after blanks) when it comes next.
func (p *parser) accept(tok string) bool {
	p.skipSpace()
	if strings.HasPrefix(p.src[p.pos:], tok) {
		p.pos += len(tok)
		return true
	}
	return false
}

func (p *parser) expect(tok, what string) error {
	if !p.accept(tok) {
		return p.fail("expected " + what)
	}
	return nil
}

func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isIdentPart(c byte) bool  { return isIdentStart(c) || c >= '0' && c <= '9' }

func (p *parser) ident(what string) (string, error) {
	p.skipSpace()
	start := p.pos
	if p.pos < len(p.src) && isIdentStart(p.src[p.pos]) {
		p.pos++
		for p.pos < len(p.src) && isIdentPart(p.src[p.pos]) {
			p.pos++
		}
		return p.src[start:p.pos], nil
	}
	return "", p.fail("expected " + what)
}

func (p *parser) integer(what string) (int64, error) {
	p.skipSpace()
	start := p.pos
	for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		p.pos++
	}
	if start == p.pos {
		return 0, p.fail("expected " + what)
	}
	v, err := strconv.ParseInt(p.src[start:p.pos], 10, 64)
	if err != nil {
		p.pos = start
		return 0, p.fail("integer " + p.src[start:start+min(len(p.src)-start, 24)] + " is out of range")
	}
	return v, nil
}

func (p *parser) fail(detail string) *Error { return p.failRule(RuleSyntax, detail) }

// failRule is an error at the current offset, naming the level being read.
func (p *parser) failRule(rule Rule, detail string) *Error {
	e := &Error{Level: p.level, Rule: rule}
	e.Detail = "at offset " + strconv.Itoa(p.pos) + ": " + detail
	if p.pos >= len(p.src) {
		e.Detail = "at the end of the text: " + detail
	}
	if p.level >= 0 {
		e.LevelText = strings.TrimSpace(p.src[p.levelStart:min(p.pos, len(p.src))])
	}
	return e
}
