package archtest

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// pagePath is the architecture page, from this package's directory.
const pagePath = "../../docs/api/architecture.rst"

// loadGraph is LoadGraph of the module root, failing t on an error.
func loadGraph(t *testing.T) map[string][]string {
	t.Helper()
	g, err := LoadGraph("../..")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// readMap parses the package map of the architecture page.
func readMap(t *testing.T) *Map {
	t.Helper()
	f, err := os.Open(pagePath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := ParseMap(f)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestImportGraphMatchesMap: the module's import graph keeps the map of the
// architecture page: no package imports one drawn above it, every package is
// placed, and every exception still happens.
func TestImportGraphMatchesMap(t *testing.T) {
	m := readMap(t)
	bad := m.Check(loadGraph(t))
	slices.Sort(bad)
	for _, b := range bad {
		t.Error(b)
	}
}

// TestCheckCatchesBrokenGraphs: the check reports an upward import, an
// unlisted same-layer import, a package off the map, an import of a test
// helper, a stale name and a stale exception; and accepts what the map allows.
func TestCheckCatchesBrokenGraphs(t *testing.T) {
	page := `
.. _package-map:

.. code-block:: text

   layer 2  top
   layer 1  mid  side
   layer 0  base  kernels/...

   same-layer  kernels/... -> kernels/...   runtime pieces
   exception  side -> top   known, to be cut

   outside  internal/...

after the block
`
	m, err := ParseMap(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	good := map[string][]string{
		"top":               {"mid", "side", "base"},
		"mid":               {"base", "kernels/cancel"},
		"side":              {"top"},
		"base":              nil,
		"kernels/cancel":    nil,
		"kernels/memory":    {"kernels/cancel"},
		"internal/helper":   {"top"},
		"internal/x/deeper": nil,
	}
	if bad := m.Check(good); len(bad) != 0 {
		t.Fatalf("a graph the map allows was refused: %v", bad)
	}
	cases := []struct {
		name  string
		edit  func(g map[string][]string)
		wants string
	}{
		{"upward", func(g map[string][]string) { g["base"] = []string{"mid"} }, "base (layer 0) imports mid, drawn above it (layer 1)"},
		{"same layer", func(g map[string][]string) { g["mid"] = []string{"side"} }, "mid imports side in its own layer 1"},
		{"off the map", func(g map[string][]string) { g["core/new"] = nil }, "package core/new is not on the map"},
		{"test helper", func(g map[string][]string) { g["mid"] = []string{"internal/helper"} }, "mid (layer 1) imports internal/helper, which is outside"},
		{"stale name", func(g map[string][]string) { delete(g, "base"); g["mid"] = nil; g["top"] = nil }, "the map names base"},
		{"stale exception", func(g map[string][]string) { g["side"] = nil }, "exception side -> top no longer happens"},
	}
	for _, c := range cases {
		g := map[string][]string{}
		for k, v := range good {
			g[k] = slices.Clone(v)
		}
		c.edit(g)
		bad := m.Check(g)
		found := false
		for _, b := range bad {
			found = found || strings.Contains(b, c.wants)
		}
		if !found {
			t.Errorf("%s: want a report containing %q, got %v", c.name, c.wants, bad)
		}
	}
}

// TestParseMapRefusesBadBlocks: a page without the map, a skipped layer and an
// exception without its reason are errors, not an empty map that passes.
func TestParseMapRefusesBadBlocks(t *testing.T) {
	for name, page := range map[string]string{
		"no label":      ".. code-block:: text\n\n   layer 0  a\n",
		"skipped layer": ".. _package-map:\n\n.. code-block:: text\n\n   layer 0  a\n   layer 2  b\n",
		"no reason":     ".. _package-map:\n\n.. code-block:: text\n\n   layer 0  a b\n   exception  a -> b\n",
		"unknown kind":  ".. _package-map:\n\n.. code-block:: text\n\n   layer 0  a\n   level 1  b\n",
	} {
		if _, err := ParseMap(strings.NewReader(page)); err == nil {
			t.Errorf("%s: parsed without an error", name)
		}
	}
}
