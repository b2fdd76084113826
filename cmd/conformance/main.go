// Command conformance replays the PyTorch reference vectors against the core.
//
//	go run ./cmd/conformance [-v] [-strict GROUPS] [DIR | FILE.json]
//
// DIR defaults to ../shared/conformance/torch beside the repository root. It
// prints "FAIL group/id: reason" for each failing case ("PASS ..." too with
// -v), a "group: N passed, N failed" line per group and, last, the totals
// "N passed, N failed". The exit status is 0 whatever fails, unless -strict
// names groups (comma-separated): then 1 when a case of those groups fails.
// Unreadable vectors or a -strict group that was not replayed exit with 2.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gosparse/gosparse/internal/conformance"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command without the process: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("conformance", flag.ContinueOnError)
	fs.SetOutput(stderr)
	verbose := fs.Bool("v", false, "print passing cases too")
	strict := fs.String("strict", "", "comma-separated groups whose failures make the exit status 1")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: conformance [-v] [-strict GROUPS] [DIR | FILE.json]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 1 {
		fs.Usage()
		return 2
	}
	path := fs.Arg(0)
	if path == "" {
		var err error
		if path, err = defaultDir(); err != nil {
			fmt.Fprintln(stderr, "conformance:", err)
			return 2
		}
		// A clone without the shared data beside it skips (make conformance stays
		// green there), unless -strict asks for groups that then cannot be replayed.
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) && *strict == "" {
			fmt.Fprintf(stdout, "conformance: SKIP: %s is absent (the shared test data beside the "+
				"repository); pass a vector directory or file to replay\n", path)
			return 0
		}
	}
	files, err := conformance.Files(path)
	if err != nil {
		fmt.Fprintln(stderr, "conformance:", err)
		return 2
	}
	var all []conformance.Result
	for _, f := range files {
		rs, err := conformance.RunFile(f)
		if err != nil {
			fmt.Fprintln(stderr, "conformance:", err)
			return 2
		}
		report(stdout, rs, *verbose)
		all = append(all, rs...)
	}
	groups, per, total := conformance.Summarize(all)
	fmt.Fprintf(stdout, "%d passed, %d failed\n", total.Passed, total.Failed)
	return strictStatus(*strict, groups, per, stderr)
}

// report prints one file's failures (and passes with -v), then its group line.
func report(w io.Writer, rs []conformance.Result, verbose bool) {
	for _, r := range rs {
		switch {
		case !r.Passed:
			fmt.Fprintf(w, "FAIL %s/%s: %s\n", r.Group, r.ID, r.Reason)
		case verbose && r.Note != "":
			fmt.Fprintf(w, "PASS %s/%s (refused: %s)\n", r.Group, r.ID, r.Note)
		case verbose:
			fmt.Fprintf(w, "PASS %s/%s\n", r.Group, r.ID)
		}
	}
	groups, per, _ := conformance.Summarize(rs)
	for _, g := range groups {
		fmt.Fprintf(w, "%s: %d passed, %d failed\n", g, per[g].Passed, per[g].Failed)
	}
}

// strictStatus is 1 when a group named by -strict has a failure, 2 when it
// names a group that was not replayed (a typo must not pass silently).
func strictStatus(strict string, groups []string, per map[string]conformance.Tally, stderr io.Writer) int {
	if strict == "" {
		return 0
	}
	status := 0
	for _, g := range strings.Split(strict, ",") {
		g = strings.TrimSpace(g)
		if g == "" {
			continue
		}
		t, ok := per[g]
		if !ok {
			fmt.Fprintf(stderr, "conformance: -strict: group %q was not replayed (groups: %s)\n", g, strings.Join(groups, ", "))
			return 2
		}
		if t.Failed > 0 {
			status = 1
		}
	}
	return status
}

// defaultDir finds ../shared/conformance/torch beside the repository root,
// the first directory upward from the working directory that holds go.mod.
func defaultDir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared", "conformance", "torch"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory; pass the vector directory as an argument")
		}
		dir = parent
	}
}
