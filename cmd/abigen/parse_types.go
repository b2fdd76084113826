package main

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The kinds of declaration besides functions that the header makes.
const (
	kindConst    = iota // #define GS_NAME value
	kindMacro           // #define GS_NAME(params) integer expression
	kindTypedef         // typedef int32_t gs_name;
	kindOpaque          // typedef struct gs_name gs_name;
	kindStruct          // typedef struct gs_name { fields } gs_name;
	kindCallback        // typedef ret (*gs_name)(params);
)

// decl is one type or constant of the header, in the order written.
type decl struct {
	kind int
	name string // GS_INT8, GS_DTYPE_CODE, gs_dtype, gs_array, gs_release_fn
	doc  string // the comment that says what it is ("" when the header has none)

	// kindConst
	value  int64  // the value of an integer constant
	str    string // the value of a string constant ("" for an integer one)
	isStr  bool   //
	expr   string // the value as written when it is a macro call, e.g. "GS_DTYPE_CODE(0, 8)"
	intype string // the integer typedef the constant belongs to ("" for a plain int32_t)

	// kindMacro
	params []string // parameter names
	body   string   // the expression, C macro parentheses around each parameter removed

	// kindTypedef: the C base type, e.g. "int32_t"; kindCallback: the return type
	base string

	// kindStruct
	fields []field

	// kindCallback
	args []param
}

// field is one member of a struct.
type field struct {
	ctype string // the element type, e.g. "const gs_number *", "int64_t"
	name  string
	count string // the array length as written ("GS_MAX_NDIM", "2"); "" for a scalar
	doc   string
}

// cOnlyMacros are the function-like macros the bindings have no use for, and why.
var cOnlyMacros = map[string]string{
	"GS_IN": "a C cast from gs_const_array * to const gs_array *; Rust and Python pass pointers",
}

var (
	defineRE   = regexp.MustCompile(`^#define (GS_[A-Z0-9_]+)(\(([a-z, ]*)\))?\s+(.*)$`)
	intLiteral = regexp.MustCompile(`^\(?(-?[0-9]+)\)?$`)
	macroCall  = regexp.MustCompile(`^(GS_[A-Z0-9_]+)\(([-0-9, ]*)\)$`)
	intTypedef = regexp.MustCompile(`^typedef (int32_t|int64_t) (gs_[a-z0-9_]+);$`)
	opaqueRE   = regexp.MustCompile(`^typedef struct (gs_[a-z0-9_]+) (gs_[a-z0-9_]+);$`)
	structOpen = regexp.MustCompile(`^typedef struct (gs_[a-z0-9_]+) \{$`)
	structEnd  = regexp.MustCompile(`^\} (gs_[a-z0-9_]+);$`)
	callbackRE = regexp.MustCompile(`^typedef (void|int32_t|int64_t|gs_status) \(\*(gs_[a-z0-9_]+)\)\((.*)\);$`)
	fieldRE    = regexp.MustCompile(`^([^,]*[ *])([A-Za-z_][A-Za-z0-9_]*(?:\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*)(?:\[([A-Z0-9_]+)\])?$`)
	macroParam = regexp.MustCompile(`\(([a-z_]+)\)`)
	dashes     = regexp.MustCompile(`^-+\s*(.*?)\s*-*$`)
	identifier = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)
)

// headerLines is the header split into lines twice: as written, and with
// every comment blanked out (so that text inside comments never reads as a
// declaration).
type headerLines struct {
	orig, code []string
}

func splitHeader(header string) headerLines {
	code := []byte(header)
	for _, loc := range blockComment.FindAllStringIndex(header, -1) {
		for i := loc[0]; i < loc[1]; i++ {
			if code[i] != '\n' {
				code[i] = ' '
			}
		}
	}
	return headerLines{orig: strings.Split(header, "\n"), code: strings.Split(string(code), "\n")}
}

// parseTypes returns the header's constants, macros and types in the order
// written. A typedef or GS_ #define it cannot read stops it by name, so that
// nothing of the contract is left out of the bindings silently.
func parseTypes(header string) ([]decl, error) {
	h := splitHeader(header)
	var out []decl
	macros := map[string]decl{}
	arrayLengths := map[string]bool{}
	for i := 0; i < len(h.code); i++ {
		line := strings.TrimSpace(space.ReplaceAllString(h.code[i], " "))
		switch {
		case strings.HasPrefix(line, "#define GOSPARSE_H"):
		case strings.HasPrefix(line, "#define "):
			for strings.HasSuffix(line, `\`) && i+1 < len(h.code) { // a macro continued on the next line
				i++
				line = strings.TrimSuffix(line, `\`) + strings.TrimSpace(h.code[i])
			}
			d, err := parseDefine(line, macros)
			if err != nil {
				return nil, err
			}
			if d == nil {
				continue
			}
			d.doc = h.defineDoc(i)
			d.intype = h.groupTypedef(i)
			if d.kind == kindMacro {
				macros[d.name] = *d
			}
			out = append(out, *d)
		case strings.HasPrefix(line, "typedef "):
			d, end, err := h.parseTypedef(i, line)
			if err != nil {
				return nil, err
			}
			d.doc = h.commentAbove(i)
			if d.kind == kindTypedef && d.doc == "" {
				d.doc = h.defineDoc(i)
			}
			for _, f := range d.fields {
				if f.count != "" {
					arrayLengths[f.count] = true
				}
			}
			out = append(out, d)
			i = end
		}
	}
	for i := range out { // a constant sizing an array is a length (usize in Rust)
		if out[i].kind == kindConst && arrayLengths[out[i].name] {
			out[i].intype = "size_t"
		}
	}
	return out, nil
}

// parseDefine reads one #define line; nil for a C-only macro.
func parseDefine(line string, macros map[string]decl) (*decl, error) {
	m := defineRE.FindStringSubmatch(line)
	if m == nil {
		return nil, fmt.Errorf("cannot read %q: a GS_ name and a value expected", line)
	}
	name, value := m[1], strings.TrimSpace(m[4])
	if m[2] != "" { // function-like
		if _, ok := cOnlyMacros[name]; ok {
			return nil, nil
		}
		params := strings.Split(strings.ReplaceAll(m[3], " ", ""), ",")
		body := macroParam.ReplaceAllString(value, "$1")
		if strings.HasPrefix(body, "(") && strings.HasSuffix(body, ")") {
			body = body[1 : len(body)-1]
		}
		if !integerArithmetic(body, params) {
			return nil, fmt.Errorf("macro %s is not integer arithmetic of its parameters: list it in cOnlyMacros or teach abigen", name)
		}
		return &decl{kind: kindMacro, name: name, params: params, body: body}, nil
	}
	d := &decl{kind: kindConst, name: name}
	switch {
	case strings.HasPrefix(value, `"`):
		s, err := strconv.Unquote(value)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		d.str, d.isStr = s, true
	case intLiteral.MatchString(value):
		d.value, _ = strconv.ParseInt(intLiteral.FindStringSubmatch(value)[1], 10, 64)
	case macroCall.MatchString(value):
		c := macroCall.FindStringSubmatch(value)
		mac, ok := macros[c[1]]
		if !ok {
			return nil, fmt.Errorf("%s: %s is not a macro defined above it", name, c[1])
		}
		v, err := evalMacro(mac, strings.Split(c[2], ","))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		d.value, d.expr = v, value
	default:
		return nil, fmt.Errorf("%s: cannot evaluate %q", name, value)
	}
	return d, nil
}

// integerArithmetic reports whether expr is made of params, integer literals
// and the operators C and Rust spell alike.
func integerArithmetic(expr string, params []string) bool {
	if strings.Trim(expr, "abcdefghijklmnopqrstuvwxyz_0123456789()<>|&+-* ") != "" {
		return false
	}
	for _, id := range identifier.FindAllString(expr, -1) {
		if !slices.Contains(params, id) {
			return false
		}
	}
	return true
}

// evalMacro evaluates an integer macro at integer arguments: the only
// expressions the header writes are shifts and ors of its parameters.
func evalMacro(m decl, args []string) (int64, error) {
	if len(args) != len(m.params) {
		return 0, fmt.Errorf("%s takes %d arguments", m.name, len(m.params))
	}
	vals := map[string]int64{}
	for i, a := range args {
		v, err := strconv.ParseInt(strings.TrimSpace(a), 10, 64)
		if err != nil {
			return 0, err
		}
		vals[m.params[i]] = v
	}
	// "(code << 8) | bits": or of terms, each a parameter or literal shifted.
	var total int64
	for _, term := range strings.Split(m.body, "|") {
		term = strings.Trim(strings.TrimSpace(term), "()")
		parts := strings.Split(term, "<<")
		if len(parts) > 2 {
			return 0, fmt.Errorf("%s: cannot evaluate %q", m.name, term)
		}
		var ops [2]int64
		for j, p := range parts {
			p = strings.TrimSpace(p)
			if v, ok := vals[p]; ok {
				ops[j] = v
			} else if v, err := strconv.ParseInt(p, 10, 64); err == nil {
				ops[j] = v
			} else {
				return 0, fmt.Errorf("%s: cannot evaluate %q", m.name, p)
			}
		}
		if len(parts) == 2 {
			ops[0] <<= ops[1]
		}
		total |= ops[0]
	}
	return total, nil
}

// parseTypedef reads the typedef starting at line i and returns it with the
// index of its last line.
func (h headerLines) parseTypedef(i int, line string) (decl, int, error) {
	if m := intTypedef.FindStringSubmatch(line); m != nil {
		return decl{kind: kindTypedef, name: m[2], base: m[1]}, i, nil
	}
	if m := opaqueRE.FindStringSubmatch(line); m != nil && m[1] == m[2] {
		return decl{kind: kindOpaque, name: m[1]}, i, nil
	}
	if m := callbackRE.FindStringSubmatch(line); m != nil {
		args, err := parseParams(m[2], m[3])
		return decl{kind: kindCallback, name: m[2], base: m[1], args: args}, i, err
	}
	m := structOpen.FindStringSubmatch(line)
	if m == nil {
		return decl{}, i, fmt.Errorf("cannot read %q: abigen reads integer, opaque, struct and function pointer typedefs", line)
	}
	d := decl{kind: kindStruct, name: m[1]}
	for j := i + 1; j < len(h.code); j++ {
		code := strings.TrimSpace(space.ReplaceAllString(h.code[j], " "))
		if e := structEnd.FindStringSubmatch(code); e != nil {
			if e[1] != d.name {
				return decl{}, j, fmt.Errorf("struct %s closes as %s", d.name, e[1])
			}
			if len(d.fields) == 0 {
				return decl{}, j, fmt.Errorf("struct %s has no fields", d.name)
			}
			return d, j, nil
		}
		if code == "" {
			continue
		}
		stmt, ok := strings.CutSuffix(code, ";")
		fm := fieldRE.FindStringSubmatch(stmt)
		if !ok || fm == nil {
			return decl{}, j, fmt.Errorf("struct %s: cannot read the field %q", d.name, code)
		}
		doc := h.trailingComment(j)
		for _, name := range strings.Split(fm[2], ",") {
			d.fields = append(d.fields, field{ctype: strings.TrimSpace(fm[1]), name: strings.TrimSpace(name), count: fm[3], doc: doc})
		}
	}
	return decl{}, i, fmt.Errorf("struct %s is not closed", d.name)
}

// parseParams reads a callback's parameter list.
func parseParams(name, list string) ([]param, error) {
	var out []param
	for _, raw := range strings.Split(list, ",") {
		raw = strings.TrimSpace(raw)
		n := paramName.FindStringSubmatchIndex(raw)
		if n == nil || n[4] >= 0 || strings.TrimSpace(raw[:n[2]]) == "" {
			return nil, fmt.Errorf("%s: cannot read the parameter %q", name, raw)
		}
		out = append(out, param{ctype: strings.TrimSpace(raw[:n[2]]), name: raw[n[2]:n[3]]})
	}
	return out, nil
}

// trailingComment is the comment that starts after the code on line i (it
// may continue on the lines below), or "".
func (h headerLines) trailingComment(i int) string {
	codeEnd := len(strings.TrimRight(h.code[i], " \t"))
	rest := h.orig[i][codeEnd:]
	open := strings.Index(rest, "/*")
	if codeEnd == 0 || open < 0 {
		return ""
	}
	text := strings.Join(h.orig[i:], "\n")
	start := codeEnd + open
	end := strings.Index(text[start:], "*/")
	return commentText(text[start+2 : start+end])
}

// commentAbove is the comment that ends on the line right above line i and
// starts its own line, or "". A section rule ("---- dtypes ----") reads as
// its words.
func (h headerLines) commentAbove(i int) string {
	text, _ := h.commentAboveAt(i)
	return text
}

// commentAboveAt is commentAbove and the line where that comment starts.
func (h headerLines) commentAboveAt(i int) (string, int) {
	if i == 0 || !strings.HasSuffix(strings.TrimSpace(h.orig[i-1]), "*/") || strings.TrimSpace(h.code[i-1]) != "" {
		return "", -1
	}
	j := i - 1
	for j > 0 && !strings.Contains(h.orig[j], "/*") {
		j--
	}
	if strings.TrimSpace(h.code[j]) != "" { // a trailing comment of a declaration
		return "", -1
	}
	block := strings.Join(h.orig[j:i], "\n")
	text := commentText(block[strings.Index(block, "/*")+2 : strings.LastIndex(block, "*/")])
	if m := dashes.FindStringSubmatch(text); m != nil {
		text = m[1]
	}
	return text, j
}

// defineDoc is a #define's (or integer typedef's) own trailing comment, else
// the comment heading its group: the nearest comment above it in its block of
// lines, passing over a comment between two #defines that is a note on the
// self-documented one below it.
func (h headerLines) defineDoc(i int) string {
	if doc := h.trailingComment(i); doc != "" {
		return doc
	}
	for j := i; j > 0 && strings.TrimSpace(h.orig[j-1]) != ""; j-- {
		doc, start := h.commentAboveAt(j)
		if doc == "" {
			continue
		}
		between := start > 0 && strings.HasPrefix(strings.TrimSpace(h.code[start-1]), "#define")
		if j != i && between && h.trailingComment(j) != "" {
			continue // a note on the constant at line j
		}
		return doc
	}
	return ""
}

// groupTypedef is the integer typedef heading the block of lines that holds
// line i ("" when none does): the constants listed under "typedef int32_t
// gs_dtype;" are gs_dtype values.
func (h headerLines) groupTypedef(i int) string {
	for j := i; j >= 0 && strings.TrimSpace(h.orig[j]) != ""; j-- {
		if m := intTypedef.FindStringSubmatch(strings.TrimSpace(h.code[j])); m != nil {
			return m[2]
		}
	}
	return ""
}
