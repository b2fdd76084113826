package main

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// proto is one function prototype of the header.
type proto struct {
	ret    string  // the return type, e.g. "gs_status", "const char *"
	name   string  // e.g. "gs_mv"
	params string  // the parameter list as written, whitespace collapsed
	args   []param // the parameters, in order
	doc    string  // the comment written above the prototype (or above its group), without the comment marks
}

// param is one parameter of a prototype.
type param struct {
	ctype string // the C type, e.g. "const gs_tensor *"; an array parameter "int64_t x[2]" reads "int64_t *"
	name  string
}

var (
	blockComment = regexp.MustCompile(`(?s)/\*.*?\*/`)
	lineComment  = regexp.MustCompile(`//[^\n]*`)
	directive    = regexp.MustCompile(`(?m)^\s*#.*$`)
	space        = regexp.MustCompile(`\s+`)
	// A prototype statement, after the text before it on the same statement
	// ("extern "C" {", "}") has been cut at the last brace.
	protoRE   = regexp.MustCompile(`^(gs_status|const char \*|int64_t) ?(gs_[a-z0-9_]+)\((.*)\)$`)
	paramName = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*)(\[[0-9]*\])?$`)
	// The rule of tests/c/exports_test.sh: every "gs_name(" in the header is a function.
	calledName = regexp.MustCompile(`gs_[a-z0-9_]*\(`)
)

// parse returns the header's function prototypes in the order written. Every
// name that the header shows as "gs_name(" must be one of them, so that a
// declaration this parser misreads fails loudly instead of losing its wrapper.
func parse(header string) ([]proto, error) {
	text := blockComment.ReplaceAllString(header, " ")
	text = lineComment.ReplaceAllString(text, " ")
	text = directive.ReplaceAllString(text, " ")
	var protos []proto
	seen := map[string]bool{}
	for _, stmt := range strings.Split(text, ";") {
		if i := strings.LastIndexAny(stmt, "{}"); i >= 0 {
			stmt = stmt[i+1:]
		}
		stmt = strings.TrimSpace(space.ReplaceAllString(stmt, " "))
		m := protoRE.FindStringSubmatch(stmt)
		if m == nil {
			continue
		}
		p := proto{ret: m[1], name: m[2], params: m[3]}
		if p.params != "void" {
			for _, raw := range strings.Split(p.params, ",") {
				raw = strings.TrimSpace(raw)
				n := paramName.FindStringSubmatchIndex(raw)
				if n == nil {
					return nil, fmt.Errorf("%s: no parameter name in %q", p.name, raw)
				}
				ctype := strings.TrimSpace(raw[:n[2]])
				if n[4] >= 0 { // an array parameter is a pointer
					ctype += " *"
				}
				if ctype == "" {
					return nil, fmt.Errorf("%s: no type in %q", p.name, raw)
				}
				p.args = append(p.args, param{ctype: ctype, name: raw[n[2]:n[3]]})
			}
		}
		if seen[p.name] {
			return nil, fmt.Errorf("%s is declared twice", p.name)
		}
		seen[p.name] = true
		protos = append(protos, p)
	}
	var missed []string
	for _, m := range calledName.FindAllString(blockComment.ReplaceAllString(header, " "), -1) {
		name := strings.TrimSuffix(m, "(")
		if !seen[name] {
			seen[name] = true
			missed = append(missed, name)
		}
	}
	if len(missed) > 0 {
		sort.Strings(missed)
		return nil, fmt.Errorf("declarations not understood (return type not gs_status, const char * or int64_t?): %s",
			strings.Join(missed, ", "))
	}
	attachDocs(header, protos)
	return protos, nil
}

// attachDocs gives each prototype the block comment written right above it
// and the one that ends its line, if any. A prototype with no comment above
// on the line after another's (softmax, then log_softmax) shares that one's
// comment above, as a reader of the header does.
func attachDocs(header string, protos []proto) {
	prevEnd, prevAbove := -1, ""
	for i := range protos {
		at := declarationStart(header, protos[i].name)
		above := strings.TrimRight(header[:at], " \t\n")
		doc := ""
		switch {
		case strings.HasSuffix(above, "*/") && ownsLine(above, strings.LastIndex(above, "/*")):
			doc = commentText(above[strings.LastIndex(above, "/*")+2 : len(above)-2])
		case prevEnd >= 0 && strings.TrimSpace(header[prevEnd:at]) == "" && strings.Count(header[prevEnd:at], "\n") == 1:
			doc = prevAbove
		}
		prevAbove = doc
		prevEnd = strings.Index(header[at:], ";") + at + 1
		line := header[prevEnd:]
		if nl := strings.IndexByte(line, '\n'); nl >= 0 {
			line = line[:nl]
		}
		if trailing := strings.TrimSpace(line); strings.HasPrefix(trailing, "/*") && strings.HasSuffix(trailing, "*/") {
			doc = strings.TrimSpace(doc + "\n" + commentText(trailing[2:len(trailing)-2]))
			prevEnd = -1 // the trailing comment ends the group
		}
		protos[i].doc = doc
	}
}

// ownsLine reports whether the comment opening at text[open] starts its line
// (a comment after a prototype on its line belongs to that prototype).
func ownsLine(text string, open int) bool {
	lineStart := strings.LastIndexByte(text[:open], '\n') + 1
	return strings.TrimSpace(text[lineStart:open]) == ""
}

// declarationStart is the offset of the line that declares name.
func declarationStart(header, name string) int {
	re := regexp.MustCompile(`(?m)^(gs_status|const char \*|int64_t) ?` + name + `\(`)
	loc := re.FindStringIndex(header)
	return loc[0]
}

// commentText is a block comment's text without its leading " * " marks.
func commentText(body string) string {
	var lines []string
	for _, line := range strings.Split(body, "\n") {
		line = strings.TrimSpace(line)
		line = strings.TrimPrefix(line, "*")
		lines = append(lines, strings.TrimSpace(line))
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
