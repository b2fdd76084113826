// Command housefigures prints the figures issue 37 asks for before and after
// a change to the house, as Markdown: each library package's files, lines
// and exported top-level names (archtest.StatPackage), the import graph's floors,
// edges and breaks of the architecture page's map, and the ABI declarations
// written by hand outside include/gosparse.h.
//
//	go run ./cmd/housefigures [-root .]
//
// Duplicate pairs come from the `duplicates` tool, not from here.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"

	"github.com/gosparse/gosparse/internal/archtest"
)

func main() {
	root := flag.String("root", ".", "the repository root")
	flag.Parse()
	if err := run(*root); err != nil {
		fmt.Fprintln(os.Stderr, "housefigures:", err)
		os.Exit(1)
	}
}

// headerFn matches a function prototype of the header.
var headerFn = regexp.MustCompile(`(?m)^[a-z][\w \*]*\bgs_\w+\(`)

func run(root string) error {
	graph, err := archtest.LoadGraph(root)
	if err != nil {
		return err
	}
	f, err := os.Open(filepath.Join(root, "docs", "api", "architecture.rst"))
	if err != nil {
		return err
	}
	m, err := archtest.ParseMap(f)
	f.Close()
	if err != nil {
		return err
	}
	lib := map[string][]string{} // the layered packages and their imports among them
	for p, imps := range graph {
		if l, ok := m.Place(p); ok && l >= 0 {
			lib[p] = imps
		}
	}
	edges := 0
	for _, imps := range lib {
		for _, i := range imps {
			if _, ok := lib[i]; ok {
				edges++
			}
		}
	}
	floors := archtest.Floors(lib)
	names := make([]string, 0, len(lib))
	for p := range lib {
		names = append(names, p)
	}
	slices.Sort(names)
	fmt.Println("| package | floor | files | lines | exported |")
	fmt.Println("| --- | --- | --- | --- | --- |")
	var total archtest.PackageStats
	top := 0
	for _, p := range names {
		s, err := archtest.StatPackage(filepath.Join(root, p))
		if err != nil {
			return err
		}
		total.Files += s.Files
		total.Lines += s.Lines
		total.Exported += s.Exported
		top = max(top, floors[p])
		fmt.Printf("| %s | %d | %d | %d | %d |\n", p, floors[p], s.Files, s.Lines, s.Exported)
	}
	fmt.Printf("| all %d packages | %d floors | %d | %d | %d |\n\n", len(names), top+1, total.Files, total.Lines, total.Exported)
	fmt.Printf("import graph: %d edges between library packages, %d breaks of the architecture map\n", edges, len(m.Check(graph)))
	header, err := os.ReadFile(filepath.Join(root, "include", "gosparse.h"))
	if err != nil {
		return err
	}
	rust, py, err := archtest.HandWrittenABI(filepath.Join(root, "bindings", "rust"), filepath.Join(root, "bindings", "python", "gosparse"))
	if err != nil {
		return err
	}
	fmt.Printf("ABI: the header declares %d functions; written by hand elsewhere: Rust %d functions, %d types, %d constants; Python %d functions, %d types, %d constants\n",
		len(headerFn.FindAll(header, -1)), rust.Functions, rust.Types, rust.Constants, py.Functions, py.Types, py.Constants)
	return nil
}
