// Package genfiles is what the generators of cmd/ (abigen, statusgen) share:
// their command line (-root, the repository root), reading the header there,
// and writing the files they generate from it.
package genfiles

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

// HeaderPath is the contract every generator reads, relative to the root.
const HeaderPath = "include/gosparse.h"

// Generate returns the files generated from the header's text, by their path
// relative to the repository root.
type Generate func(header string) (map[string]string, error)

// Main is a generator's main: it reads the header under -root, generates from
// it and writes the files; on an error it prints it after the command's name
// and exits with status 1.
func Main(name string, generate Generate) {
	root := flag.String("root", ".", "the repository root")
	flag.Parse()
	if err := Run(*root, generate); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		os.Exit(1)
	}
}

// Run generates from the header under root and writes the files there.
func Run(root string, generate Generate) error {
	files, err := Files(root, generate)
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

// Files returns what generate makes of the header under root, without
// writing it (the generators' tests compare it with the committed files).
func Files(root string, generate Generate) (map[string]string, error) {
	src, err := os.ReadFile(filepath.Join(root, HeaderPath))
	if err != nil {
		return nil, err
	}
	files, err := generate(string(src))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", HeaderPath, err)
	}
	return files, nil
}
