package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/cmd/internal/genfiles"
)

// What the C compiler says of the header: each struct's size and field
// offsets, and each constant's value, must be what abigen computed, which the
// generated Rust asserts at compile time and the Python tests check against
// ctypes. A struct whose layout abigen misreads, or a constant it misevaluates,
// fails here.
func TestLayoutsAndValuesAreTheCompilers(t *testing.T) {
	header, err := os.ReadFile("../../" + genfiles.HeaderPath)
	require.NoError(t, err)
	decls, err := parseTypes(string(header))
	require.NoError(t, err)
	structs, ls, err := layouts(decls)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(structs), 8)

	var prog, want strings.Builder
	prog.WriteString("#include <stddef.h>\n#include <stdio.h>\n#include \"gosparse.h\"\nint main(void) {\n")
	for i, d := range structs {
		fmt.Fprintf(&prog, "    printf(\"size %s %%zu\\n\", sizeof(%s));\n", d.name, d.name)
		fmt.Fprintf(&want, "size %s %d\n", d.name, ls[i].size)
		for j, f := range d.fields {
			fmt.Fprintf(&prog, "    printf(\"offset %s.%s %%zu\\n\", offsetof(%s, %s));\n", d.name, f.name, d.name, f.name)
			fmt.Fprintf(&want, "offset %s.%s %d\n", d.name, f.name, ls[i].offsets[j])
		}
	}
	consts := 0
	for _, d := range decls {
		switch {
		case d.kind == kindConst && d.isStr:
			fmt.Fprintf(&prog, "    printf(\"const %s %%s\\n\", %s);\n", d.name, d.name)
			fmt.Fprintf(&want, "const %s %s\n", d.name, d.str)
		case d.kind == kindConst:
			fmt.Fprintf(&prog, "    printf(\"const %s %%lld\\n\", (long long)(%s));\n", d.name, d.name)
			fmt.Fprintf(&want, "const %s %d\n", d.name, d.value)
		default:
			continue
		}
		consts++
	}
	require.GreaterOrEqual(t, consts, 70)
	prog.WriteString("    return 0;\n}\n")

	dir := t.TempDir()
	src, bin := filepath.Join(dir, "layout.c"), filepath.Join(dir, "layout")
	require.NoError(t, os.WriteFile(src, []byte(prog.String()), 0o644))
	include, err := filepath.Abs("../../include")
	require.NoError(t, err)
	cc := os.Getenv("CC")
	if cc == "" {
		cc = "cc"
	}
	out, err := exec.Command(cc, "-std=c11", "-Wall", "-Werror", "-I"+include, "-o", bin, src).CombinedOutput()
	require.NoError(t, err, "compiling the layout probe (a C compiler is needed, as for cgo): %s", out)
	got, err := exec.Command(bin).Output()
	require.NoError(t, err)
	require.Equal(t, want.String(), string(got))
}
