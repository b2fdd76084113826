package archtest

import (
	"slices"
	"strings"
)

// RustModuleGraph returns, for each module of a crate whose modules are one
// file each (files maps a module's name, the file name without ".rs", to
// its text), the sibling modules it names through a crate:: path: in a use
// declaration (`use crate::a::X;`, `use crate::{a, b::Y};`) or inline
// (`crate::a::f()`). Line comments are left out, so a doc link does not
// count; the crate root (lib) is not a module of the graph, since it declares
// them all.
func RustModuleGraph(files map[string]string) map[string][]string {
	graph := map[string][]string{}
	for mod := range files {
		if mod != "lib" {
			graph[mod] = nil
		}
	}
	for mod, text := range files {
		if mod == "lib" {
			continue
		}
		seen := map[string]bool{}
		for _, name := range crateRefs(stripLineComments(text)) {
			if _, ok := graph[name]; ok && name != mod && !seen[name] {
				seen[name] = true
				graph[mod] = append(graph[mod], name)
			}
		}
		slices.Sort(graph[mod])
	}
	return graph
}

// stripLineComments drops each line's text from "//" on.
func stripLineComments(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if k := strings.Index(l, "//"); k >= 0 {
			lines[i] = l[:k]
		}
	}
	return strings.Join(lines, "\n")
}

// crateRefs lists the first path segment after each "crate::" of text; for
// a group "crate::{a, b::c}" the first segment of each of its items.
func crateRefs(text string) []string {
	var names []string
	for rest := text; ; {
		k := strings.Index(rest, "crate::")
		if k < 0 {
			return names
		}
		rest = rest[k+len("crate::"):]
		if !strings.HasPrefix(rest, "{") {
			names = append(names, ident(rest))
			continue
		}
		// Items of the group: the identifier after "{" or after a comma
		// at depth 1.
		depth := 0
		for i, r := range rest {
			switch r {
			case '{':
				depth++
				if depth == 1 {
					names = append(names, ident(strings.TrimSpace(rest[i+1:])))
				}
			case '}':
				depth--
			case ',':
				if depth == 1 {
					names = append(names, ident(strings.TrimSpace(rest[i+1:])))
				}
			}
			if depth == 0 {
				rest = rest[i:]
				break
			}
		}
	}
}

// ident is the Rust identifier text starts with ("" if none).
func ident(text string) string {
	end := strings.IndexFunc(text, func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	})
	if end < 0 {
		return text
	}
	return text[:end]
}

// FindCycle returns one cycle of graph as the path "a -> b -> ... -> a", or
// "" when the graph has none.
func FindCycle(graph map[string][]string) string {
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	var path []string
	var visit func(n string) string
	visit = func(n string) string {
		state[n] = open
		path = append(path, n)
		for _, m := range graph[n] {
			switch state[m] {
			case open:
				at := slices.Index(path, m)
				return strings.Join(append(slices.Clone(path[at:]), m), " -> ")
			case unseen:
				if c := visit(m); c != "" {
					return c
				}
			}
		}
		path = path[:len(path)-1]
		state[n] = done
		return ""
	}
	names := make([]string, 0, len(graph))
	for n := range graph {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		if state[n] == unseen {
			if c := visit(n); c != "" {
				return c
			}
		}
	}
	return ""
}
