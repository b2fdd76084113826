package main

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// proto is one function prototype of the header.
type proto struct {
	ret    string   // the return type, e.g. "gs_status", "const char *"
	name   string   // e.g. "gs_mv"
	params string   // the parameter list as written, whitespace collapsed
	args   []string // the parameter names, in order
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
			for _, param := range strings.Split(p.params, ",") {
				n := paramName.FindStringSubmatch(strings.TrimSpace(param))
				if n == nil {
					return nil, fmt.Errorf("%s: no parameter name in %q", p.name, param)
				}
				p.args = append(p.args, n[1])
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
	return protos, nil
}
