// Command statusgen writes the status tables of the Go core and the bindings
// from the status codes of include/gosparse.h, so that each code has one C
// name, one Go constant, one Python exception class and one Rust error kind:
//
//	go run ./cmd/statusgen [-root .]
//
// (core/errs's go:generate line runs it). It writes core/errs/codes_gen.go,
// bindings/python/gosparse/_status_gen.py and
// bindings/rust/gosparse/src/error_kind_gen.rs; TestGeneratedFilesAreCurrent
// fails when they differ from what it would write.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	root := flag.String("root", ".", "the repository root")
	flag.Parse()
	if err := run(*root); err != nil {
		fmt.Fprintln(os.Stderr, "statusgen:", err)
		os.Exit(1)
	}
}

// run reads the header under root and writes the generated files there.
func run(root string) error {
	files, err := generateAll(root)
	if err != nil {
		return err
	}
	for rel, text := range files {
		if err := os.WriteFile(filepath.Join(root, rel), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// generateAll returns the generated files (path relative to root -> text).
func generateAll(root string) (map[string]string, error) {
	const header = "include/gosparse.h"
	src, err := os.ReadFile(filepath.Join(root, header))
	if err != nil {
		return nil, err
	}
	codes, err := parseStatuses(string(src))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", header, err)
	}
	rows, err := joinTable(codes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", header, err)
	}
	return map[string]string{
		"core/errs/codes_gen.go":                       goFile(rows),
		"bindings/python/gosparse/_status_gen.py":      pythonFile(rows),
		"bindings/rust/gosparse/src/error_kind_gen.rs": rustFile(rows),
	}, nil
}
