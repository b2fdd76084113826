// Command abigen writes, from one parse of include/gosparse.h (the contract),
// everything that restates it. From its function prototypes:
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
//     which the Python package turns into ctypes argtypes and restype;
//
// and, from its #define constants and typedefs (integer, opaque, struct and
// function pointer types):
//
//   - bindings/rust/gosparse-sys/src/types_gen.rs: the Rust constants and
//     #[repr(C)] types, with compile-time assertions of each struct's layout;
//   - bindings/python/gosparse/_abi_gen.py: the Python constants, ctypes
//     Structures and CFUNCTYPE prototypes, with each struct's layout.
//
// The layouts are computed by C's rules; a test compiles the header to check
// them and the constants' values against the C compiler.
//
// Run it from the repository root as `go run ./cmd/abigen` (capi's
// go:generate line does); a test fails when a committed file is stale.
package main

import "github.com/gosparse/gosparse/cmd/internal/genfiles"

func main() {
	genfiles.Main("abigen", outputs)
}

// The files abigen writes, relative to the repository root.
const (
	cPath      = "capi/exports_gen.c"
	rustPath   = "bindings/rust/gosparse-sys/src/functions_gen.rs"
	pythonPath = "bindings/python/gosparse/_signatures_gen.py"
	rustTypes  = "bindings/rust/gosparse-sys/src/types_gen.rs"
	pyTypes    = "bindings/python/gosparse/_abi_gen.py"
)

// outputs returns each generated file's text by its path.
func outputs(header string) (map[string]string, error) {
	protos, err := parse(header)
	if err != nil {
		return nil, err
	}
	decls, err := parseTypes(header)
	if err != nil {
		return nil, err
	}
	generators := map[string]func() (string, error){
		cPath:      func() (string, error) { return generateC(protos) },
		rustPath:   func() (string, error) { return generateRust(protos) },
		pythonPath: func() (string, error) { return generatePython(protos), nil },
		rustTypes:  func() (string, error) { return generateRustTypes(decls) },
		pyTypes:    func() (string, error) { return generatePythonTypes(decls) },
	}
	files := map[string]string{}
	for path, generate := range generators {
		text, err := generate()
		if err != nil {
			return nil, err
		}
		files[path] = text
	}
	return files, nil
}
