// Command capiwrap writes capi/exports_gen.c, the exported gs_* functions of
// libgosparse, from the prototypes of include/gosparse.h:
//
//	go run ./cmd/capiwrap [-header include/gosparse.h] [-out capi/exports_gen.c]
//
// (capi's go:generate line runs it). Each gs_* function is a small C wrapper
// that refuses at once in a process forked after the library started, where
// the Go runtime cannot run, and otherwise calls its Go implementation, the
// //export gsgo_* function of package capi. The functions that answer from C
// alone (gs_version, gs_last_error) are written by hand in capi/fork.c.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	header := flag.String("header", "include/gosparse.h", "the public header to read")
	out := flag.String("out", "capi/exports_gen.c", "the C file to write")
	flag.Parse()
	if err := run(*header, *out); err != nil {
		fmt.Fprintln(os.Stderr, "capiwrap:", err)
		os.Exit(1)
	}
}

// run reads the header and writes the wrappers.
func run(header, out string) error {
	src, err := os.ReadFile(header)
	if err != nil {
		return err
	}
	text, err := generate(string(src))
	if err != nil {
		return fmt.Errorf("%s: %w", header, err)
	}
	return os.WriteFile(out, []byte(text), 0o644)
}
