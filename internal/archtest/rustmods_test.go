package archtest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// rustSrc is the Rust crate's module folder, from this package's directory.
const rustSrc = "../../bindings/rust/gosparse/src"

// TestRustModulesHaveNoCycle: no module of the Rust crate reaches itself
// through crate:: paths (the cycle lobpcg_ext <-> spectral of issue 37 must
// not come back): the modules build on each other one way.
func TestRustModulesHaveNoCycle(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(rustSrc, "*.rs"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[strings.TrimSuffix(filepath.Base(p), ".rs")] = string(b)
	}
	g := RustModuleGraph(files)
	if len(g) < 20 || !slices.Contains(g["lobpcg_ext"], "spectral") {
		t.Fatalf("read %d modules, lobpcg_ext -> %v: expected the whole crate, lobpcg_ext building on spectral", len(g), g["lobpcg_ext"])
	}
	if c := FindCycle(g); c != "" {
		t.Errorf("the Rust modules import each other in a cycle: %s; move what both need into the lower one", c)
	}
}

// TestFindCycleCatchesRustCycles: the old lobpcg_ext <-> spectral cycle,
// written as a use, a use group, an inline path, a whole module or through a third module, is
// found; a doc comment naming a module and the crate root are not edges.
func TestFindCycleCatchesRustCycles(t *testing.T) {
	base := map[string]string{
		"lib":        "mod spectral;\nmod lobpcg_ext;\npub use lobpcg_ext::State;\n",
		"lobpcg_ext": "use crate::error::Result;\nuse crate::spectral::{Lobpcg, adopt};\n",
		"spectral":   "//! See [`crate::lobpcg_ext`] for the tracker.\nuse crate::error::Result;\n",
		"error":      "pub type Result<T> = std::result::Result<T, ()>;\nfn f() { crate::lib_fn(); }\n",
	}
	if c := FindCycle(RustModuleGraph(base)); c != "" {
		t.Fatalf("the acyclic crate was reported cyclic: %s", c)
	}
	for name, spectral := range map[string]string{
		"use":         "use crate::lobpcg_ext::OrthoParams;\n",
		"use group":   "use crate::{\n    error::Result,\n    lobpcg_ext::{OrthoParams, State},\n};\n",
		"inline":      "fn f() -> crate::lobpcg_ext::OrthoParams { todo!() }\n",
		"via a third": "use crate::tracker::Hook;\n",
		"whole path":  "use crate::lobpcg_ext;\n",
	} {
		files := map[string]string{}
		for k, v := range base {
			files[k] = v
		}
		files["spectral"] = spectral
		if name == "via a third" {
			files["tracker"] = "use crate::lobpcg_ext::State;\n"
		}
		c := FindCycle(RustModuleGraph(files))
		if !strings.Contains(c, "spectral") || !strings.Contains(c, "lobpcg_ext") {
			t.Errorf("%s: want a cycle through spectral and lobpcg_ext, got %q", name, c)
		}
	}
}
