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

import "github.com/gosparse/gosparse/cmd/internal/genfiles"

func main() {
	genfiles.Main("statusgen", generate)
}

// generate returns the generated files (path relative to the root -> text)
// of the header's text.
func generate(header string) (map[string]string, error) {
	codes, err := parseStatuses(header)
	if err != nil {
		return nil, err
	}
	rows, err := joinTable(codes)
	if err != nil {
		return nil, err
	}
	return map[string]string{
		"core/errs/codes_gen.go":                       goFile(rows),
		"bindings/python/gosparse/_status_gen.py":      pythonFile(rows),
		"bindings/rust/gosparse/src/error_kind_gen.rs": rustFile(rows),
	}, nil
}
