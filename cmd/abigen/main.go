// Command abigen writes, from one parse of include/gosparse.h (the contract),
// everything that restates its functions:
//
//   - capi/exports_gen.c: the exported gs_* functions, each a small C wrapper
//     that refuses at once in a process forked after the library started
//     (the Go runtime cannot run there) and otherwise calls its Go
//     implementation, the //export gsgo_* function of package capi; the
//     functions that answer from C alone (gs_version, gs_last_error) are
//     written by hand in capi/fork.c;
//   - bindings/rust/gosparse-sys/src/functions_gen.rs: the Rust extern
//     declarations, documented by the header's comments;
//   - bindings/python/gosparse/_signatures_gen.py: each function's C types,
//     which the Python package turns into ctypes argtypes and restype.
//
// Run it from the repository root as `go run ./cmd/abigen` (capi's
// go:generate line does); a test fails when a committed file is stale.
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
		fmt.Fprintln(os.Stderr, "abigen:", err)
		os.Exit(1)
	}
}

// The files abigen writes, relative to the repository root.
const (
	headerPath = "include/gosparse.h"
	cPath      = "capi/exports_gen.c"
	rustPath   = "bindings/rust/gosparse-sys/src/functions_gen.rs"
	pythonPath = "bindings/python/gosparse/_signatures_gen.py"
)

// outputs returns each generated file's text by its path.
func outputs(header string) (map[string]string, error) {
	protos, err := parse(header)
	if err != nil {
		return nil, err
	}
	c, err := generateC(protos)
	if err != nil {
		return nil, err
	}
	rust, err := generateRust(protos)
	if err != nil {
		return nil, err
	}
	return map[string]string{cPath: c, rustPath: rust, pythonPath: generatePython(protos)}, nil
}

// run reads the header and writes the generated files.
func run(root string) error {
	src, err := os.ReadFile(filepath.Join(root, headerPath))
	if err != nil {
		return err
	}
	files, err := outputs(string(src))
	if err != nil {
		return fmt.Errorf("%s: %w", headerPath, err)
	}
	for path, text := range files {
		if err := os.WriteFile(filepath.Join(root, path), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}
