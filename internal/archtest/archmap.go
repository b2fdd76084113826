package archtest

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Edge is one import: From imports To (both module-relative paths or
// patterns ending in "/...").
type Edge struct{ From, To string }

// Map is the package map of the architecture page.
type Map struct {
	// Layers[i] holds the packages (or "dir/..." patterns) of layer i, 0 at
	// the bottom.
	Layers [][]string
	// SameLayer lists the imports allowed between packages of one layer.
	SameLayer []Edge
	// Exceptions lists imports the map forbids but today's code has, each
	// named with the reason; the check fails once one no longer happens.
	Exceptions []Edge
	// Outside lists the tools and test helpers that no layered package imports.
	Outside []string
}

// mapLabel marks the section whose first literal block is the map.
const mapLabel = ".. _package-map:"

// ParseMap reads the map from the architecture page: the first
// ".. code-block:: text" after the package-map label, up to the first line
// that is not indented or blank.
func ParseMap(r io.Reader) (*Map, error) {
	sc := bufio.NewScanner(r)
	state := 0 // 0: before the label, 1: before the block, 2: in the block
	m := &Map{}
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		switch state {
		case 0:
			if strings.TrimSpace(text) == mapLabel {
				state = 1
			}
			continue
		case 1:
			if strings.TrimSpace(text) == ".. code-block:: text" {
				state = 2
			}
			continue
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		if !strings.HasPrefix(text, " ") {
			break
		}
		if err := m.parseLine(strings.Fields(text)); err != nil {
			return nil, fmt.Errorf("architecture page line %d: %v", line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if state != 2 || len(m.Layers) == 0 {
		return nil, fmt.Errorf("no package map found (a %q label followed by a text code block of layers)", mapLabel)
	}
	for i, l := range m.Layers {
		if len(l) == 0 {
			return nil, fmt.Errorf("layer %d is missing or empty", i)
		}
	}
	return m, nil
}

// parseLine reads one line of the map block.
func (m *Map) parseLine(f []string) error {
	switch f[0] {
	case "layer":
		if len(f) < 3 {
			return fmt.Errorf("a layer line is \"layer N pkg...\"")
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 0 {
			return fmt.Errorf("layer number %q is not a non-negative integer", f[1])
		}
		for len(m.Layers) <= n {
			m.Layers = append(m.Layers, nil)
		}
		if m.Layers[n] != nil {
			return fmt.Errorf("layer %d is drawn twice", n)
		}
		m.Layers[n] = f[2:]
	case "same-layer", "exception":
		// "kind FROM -> TO reason..."; the reason is required.
		if len(f) < 5 || f[2] != "->" {
			return fmt.Errorf("a %s line is \"%s FROM -> TO reason\"", f[0], f[0])
		}
		e := Edge{f[1], f[3]}
		if f[0] == "same-layer" {
			m.SameLayer = append(m.SameLayer, e)
		} else {
			m.Exceptions = append(m.Exceptions, e)
		}
	case "outside":
		m.Outside = append(m.Outside, f[1:]...)
	default:
		return fmt.Errorf("unknown line kind %q (layer, same-layer, exception, outside)", f[0])
	}
	return nil
}

// match reports whether pkg is pattern: the same path, or under dir for
// "dir/...".
func match(pattern, pkg string) bool {
	if dir, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == dir || strings.HasPrefix(pkg, dir+"/")
	}
	return pattern == pkg
}

// Place is where the map puts a package: its layer, or -1 outside; ok is
// false when the map does not place it.
func (m *Map) Place(pkg string) (layer int, ok bool) {
	// An exact name wins over a pattern ("kernels" is not "kernels/...").
	for pass := 0; pass < 2; pass++ {
		for i, l := range m.Layers {
			for _, p := range l {
				if (pass == 0 && p == pkg) || (pass == 1 && match(p, pkg)) {
					return i, true
				}
			}
		}
	}
	for _, p := range m.Outside {
		if match(p, pkg) {
			return -1, true
		}
	}
	return 0, false
}

// listed reports whether from -> to matches an edge of edges.
func listed(edges []Edge, from, to string) bool {
	for _, e := range edges {
		if match(e.From, from) && match(e.To, to) {
			return true
		}
	}
	return false
}

// Check returns every import of graph (module-relative package -> its
// module-relative imports) that breaks the map, every package the map does
// not place, every exact name of the map that is no package, and every
// exception that no longer happens. None means the graph matches the map.
func (m *Map) Check(graph map[string][]string) []string {
	var bad []string
	used := map[Edge]bool{}
	for pkg, imports := range graph {
		from, ok := m.Place(pkg)
		if !ok {
			bad = append(bad, fmt.Sprintf("package %s is not on the map: place it in a layer or outside", pkg))
			continue
		}
		if from < 0 {
			continue // tools and test helpers may import anything
		}
		for _, imp := range imports {
			to, ok := m.Place(imp)
			switch {
			case !ok:
				continue // reported as its own package above
			case to < 0:
				bad = append(bad, fmt.Sprintf("%s (layer %d) imports %s, which is outside the library", pkg, from, imp))
			case to < from:
			case to == from && listed(m.SameLayer, pkg, imp):
			case listed(m.Exceptions, pkg, imp):
				for _, e := range m.Exceptions {
					if match(e.From, pkg) && match(e.To, imp) {
						used[e] = true
					}
				}
			case to == from:
				bad = append(bad, fmt.Sprintf("%s imports %s in its own layer %d, which no same-layer line allows", pkg, imp, from))
			default:
				bad = append(bad, fmt.Sprintf("%s (layer %d) imports %s, drawn above it (layer %d)", pkg, from, imp, to))
			}
		}
	}
	for _, e := range m.Exceptions {
		if !used[e] {
			bad = append(bad, fmt.Sprintf("exception %s -> %s no longer happens: remove it from the map", e.From, e.To))
		}
	}
	names := append([]string(nil), m.Outside...)
	for _, l := range m.Layers {
		names = append(names, l...)
	}
	for _, p := range names {
		if _, ok := graph[p]; !ok && !strings.HasSuffix(p, "/...") {
			bad = append(bad, fmt.Sprintf("the map names %s, which is not a package of the module", p))
		}
	}
	return bad
}
