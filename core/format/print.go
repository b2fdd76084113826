package format

import "strconv"

// String returns the canonical text of the format: the text Parse reads back
// to an equal Format. Dimensions and levels are separated by ", ", a level's
// expression and type by " : ", operators are surrounded by one space, and
// properties appear only where they differ from the defaults (unique,
// ordered), nonunique before unordered:
//
//	(i, j) -> (j - i : compressed, i : range)
//	(i, j) -> (i : compressed(nonunique), j : singleton)
func (f Format) String() string {
	return string(f.AppendText(nil))
}

// AppendText appends the format's canonical text (String's) to b and
// returns the extended slice: a caller that only compares or looks the text
// up builds it in its own buffer, with no allocation per level.
func (f Format) AppendText(b []byte) []byte {
	b = append(b, '(')
	for i, d := range f.Dims {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, d...)
	}
	b = append(b, ") -> ("...)
	for i, l := range f.Levels {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = l.AppendText(b)
	}
	return append(b, ')')
}

// String returns the canonical text of the level, as in Format.String.
func (l Level) String() string {
	return string(l.AppendText(nil))
}

// AppendText appends the level's canonical text to b, as Format.AppendText.
func (l Level) AppendText(b []byte) []byte {
	b = l.Expr.AppendText(b)
	b = append(b, " : "...)
	b = append(b, l.Kind.String()...)
	switch l.Kind {
	case Delta, Structured:
		b = append(b, '(')
		b = strconv.AppendInt(b, l.Param, 10)
		b = append(b, ')')
	}
	switch {
	case l.Nonunique && l.Unordered:
		b = append(b, "(nonunique, unordered)"...)
	case l.Nonunique:
		b = append(b, "(nonunique)"...)
	case l.Unordered:
		b = append(b, "(unordered)"...)
	}
	return b
}

// String returns the canonical text of the expression.
func (e Expr) String() string {
	return string(e.AppendText(nil))
}

// AppendText appends the expression's canonical text to b.
func (e Expr) AppendText(b []byte) []byte {
	switch e.Op {
	case OpDim:
		return append(b, e.A...)
	case OpAdd:
		return append(append(append(b, e.A...), " + "...), e.B...)
	case OpSub:
		return append(append(append(b, e.A...), " - "...), e.B...)
	case OpDiv:
		return strconv.AppendInt(append(append(b, e.A...), " / "...), e.C, 10)
	case OpMod:
		return strconv.AppendInt(append(append(b, e.A...), " % "...), e.C, 10)
	}
	return append(strconv.AppendInt(append(b, "op("...), int64(e.Op), 10), ')')
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
