package archtest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
)

// The house's figures (issue 37 asks for them before and after a change):
// each package's size and exported surface, the import graph's floors, and
// the ABI declarations written by hand outside the header.

// PackageStats is the size of one Go package: its non-test files, their
// lines, and its exported top-level names (each function, type, constant
// and variable; methods are not counted, and go doc -short, which lists a
// block of constants or a type's constructors on fewer lines, gives less).
type PackageStats struct {
	Files, Lines, Exported int
}

// StatPackage measures the Go package in dir (its own files only, not its
// subfolders'; _test.go files left out).
func StatPackage(dir string) (PackageStats, error) {
	var s PackageStats
	entries, err := os.ReadDir(dir)
	if err != nil {
		return s, err
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return s, err
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			return s, err
		}
		s.Files++
		s.Lines += bytes.Count(src, []byte("\n"))
		s.Exported += exportedNames(f)
	}
	return s, nil
}

// exportedNames counts f's exported top-level functions, types, constants
// and variables.
func exportedNames(f *ast.File) int {
	n := 0
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Name.IsExported() {
				n++
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					if sp.Name.IsExported() {
						n++
					}
				case *ast.ValueSpec:
					for _, id := range sp.Names {
						if id.IsExported() {
							n++
						}
					}
				}
			}
		}
	}
	return n
}

// Floors gives each package of graph (package -> its imports, as loadGraph
// returns) its floor: 0 for a package that imports none of graph's packages,
// else one more than the highest floor it imports. An import circle (which
// Go refuses) would not end: callers pass a graph go list built.
func Floors(graph map[string][]string) map[string]int {
	floor := map[string]int{}
	var visit func(p string) int
	visit = func(p string) int {
		if f, ok := floor[p]; ok {
			return f
		}
		f := 0
		for _, imp := range graph[p] {
			if _, in := graph[imp]; in {
				f = max(f, visit(imp)+1)
			}
		}
		floor[p] = f
		return f
	}
	for p := range graph {
		visit(p)
	}
	return floor
}

// ABICount is how many ABI declarations a language's binding writes by hand
// (outside files marked generated): function signatures, structs or
// callback types, and named constants.
type ABICount struct {
	Functions, Types, Constants int
}

// generatedMark starts the first line of a generated file (Go's convention).
const generatedMark = "Code generated"

var (
	rustFn       = regexp.MustCompile(`^\s*(pub\s+)?fn\s+gs_\w+\s*\(`)
	rustType     = regexp.MustCompile(`^\s*pub\s+(struct|type|union)\s+gs_\w+`)
	rustConst    = regexp.MustCompile(`^\s*pub\s+const\s+GS_\w+`)
	pyFn         = regexp.MustCompile(`\bgs_\w+\.(argtypes|restype)\s*=`)
	pyType       = regexp.MustCompile(`\(\s*(ctypes\.)?Structure\s*\)|CFUNCTYPE\(`)
	pyConst      = regexp.MustCompile(`^GS_\w+\s*=\s*-?\d`)
	rustExternFn = regexp.MustCompile(`extern\s+"C"`)
)

// HandWrittenABI counts the ABI declarations written by hand in the Rust
// files under rustDir (functions only inside files with an extern "C"
// block) and the Python files under pyDir, skipping generated files.
func HandWrittenABI(rustDir, pyDir string) (rust, python ABICount, err error) {
	err = eachSource(rustDir, ".rs", func(lines []string) {
		externs := slices.ContainsFunc(lines, rustExternFn.MatchString)
		for _, l := range lines {
			switch {
			case externs && rustFn.MatchString(l):
				rust.Functions++
			case rustType.MatchString(l):
				rust.Types++
			case rustConst.MatchString(l):
				rust.Constants++
			}
		}
	})
	if err != nil {
		return
	}
	err = eachSource(pyDir, ".py", func(lines []string) {
		for _, l := range lines {
			switch {
			case pyFn.MatchString(l):
				python.Functions++
			case pyType.MatchString(l):
				python.Types++
			case pyConst.MatchString(l):
				python.Constants++
			}
		}
	})
	return
}

// eachSource calls fn with the lines of every file under root whose name
// ends in ext and whose first line does not mark it generated; folders
// named target (Rust's build output) are skipped.
func eachSource(root, ext string, fn func(lines []string)) error {
	return filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "target" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ext) {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		var lines []string
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
		if err := sc.Err(); err != nil {
			return err
		}
		if len(lines) > 0 && strings.Contains(lines[0], generatedMark) {
			return nil
		}
		fn(lines)
		return nil
	})
}

// LoadGraph lists the module's packages with `go list -json ./...` run in
// root (the module root) and returns each package's imports inside the
// module, both as module-relative paths. Only the imports that build a
// package count, not its tests'.
func LoadGraph(root string) (map[string][]string, error) {
	goBin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goBin); err != nil {
		goBin = "go"
	}
	cmd := exec.Command(goBin, "list", "-json=ImportPath,Imports,Module", "./...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v\n%s", err, stderr.String())
	}
	graph := map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath string
			Imports    []string
			Module     *struct{ Path string }
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list output: %v", err)
		}
		if p.Module == nil {
			return nil, fmt.Errorf("go list: package %s has no module", p.ImportPath)
		}
		prefix := p.Module.Path + "/"
		var in []string
		for _, imp := range p.Imports {
			if rel, ok := strings.CutPrefix(imp, prefix); ok {
				in = append(in, rel)
			}
		}
		graph[strings.TrimPrefix(p.ImportPath, prefix)] = in
	}
	if len(graph) < 10 {
		return nil, fmt.Errorf("go list found %d packages; expected the whole module", len(graph))
	}
	return graph, nil
}
