package format

import (
	"strconv"
	"strings"
)

// String returns the canonical text of the format: the text Parse reads back
// to an equal Format. Dimensions and levels are separated by ", ", a level's
// expression and type by " : ", operators are surrounded by one space, and
// properties appear only where they differ from the defaults (unique,
// ordered), nonunique before unordered:
//
//	(i, j) -> (j - i : compressed, i : range)
//	(i, j) -> (i : compressed(nonunique), j : singleton)
func (f Format) String() string {
	var b strings.Builder
	b.WriteByte('(')
	b.WriteString(strings.Join(f.Dims, ", "))
	b.WriteString(") -> (")
	for i, l := range f.Levels {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(l.String())
	}
	b.WriteByte(')')
	return b.String()
}

// String returns the canonical text of the level, as in Format.String.
func (l Level) String() string {
	s := l.Expr.String() + " : " + l.Kind.String()
	switch l.Kind {
	case Delta, Structured:
		s += "(" + itoa(l.Param) + ")"
	}
	var props []string
	if l.Nonunique {
		props = append(props, "nonunique")
	}
	if l.Unordered {
		props = append(props, "unordered")
	}
	if len(props) > 0 {
		s += "(" + strings.Join(props, ", ") + ")"
	}
	return s
}

// String returns the canonical text of the expression.
func (e Expr) String() string {
	switch e.Op {
	case OpDim:
		return e.A
	case OpAdd:
		return e.A + " + " + e.B
	case OpSub:
		return e.A + " - " + e.B
	case OpDiv:
		return e.A + " / " + itoa(e.C)
	case OpMod:
		return e.A + " % " + itoa(e.C)
	}
	return "op(" + itoa(int64(e.Op)) + ")"
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
