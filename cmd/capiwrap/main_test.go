package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The committed capi/exports_gen.c is what the header generates today: a
// prototype changed in the header without `go generate ./capi` fails here.
func TestGeneratedFileIsInSync(t *testing.T) {
	header, err := os.ReadFile("../../include/gosparse.h")
	require.NoError(t, err)
	want, err := generate(string(header))
	require.NoError(t, err)
	got, err := os.ReadFile("../../capi/exports_gen.c")
	require.NoError(t, err)
	require.Equal(t, want, string(got), "capi/exports_gen.c is stale: run go generate ./capi")
}

// Every wrapped function has its Go implementation in capi, every hand-written
// one is defined in capi/fork.c, and capi exports nothing else.
func TestEveryFunctionHasOneImplementation(t *testing.T) {
	header, err := os.ReadFile("../../include/gosparse.h")
	require.NoError(t, err)
	protos, err := parse(string(header))
	require.NoError(t, err)

	goExports := map[string]bool{}
	files, err := filepath.Glob("../../capi/*.go")
	require.NoError(t, err)
	exportRE := regexp.MustCompile(`(?m)^//export (\w+)$`)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range exportRE.FindAllStringSubmatch(string(src), -1) {
			goExports[m[1]] = true
		}
	}
	fork, err := os.ReadFile("../../capi/fork.c")
	require.NoError(t, err)

	wrapped := map[string]bool{}
	for _, p := range protos {
		impl := goPrefix + strings.TrimPrefix(p.name, "gs_")
		if handWritten[p.name] {
			require.False(t, goExports[impl], "%s is answered in C: no Go export %s", p.name, impl)
			require.Regexp(t, `(?m)^const char \*`+p.name+`\(void\) \{`, string(fork), "capi/fork.c defines %s", p.name)
			continue
		}
		require.True(t, goExports[impl], "capi has no //export %s for %s", impl, p.name)
		wrapped[impl] = true
	}
	for name := range goExports {
		require.True(t, wrapped[name], "//export %s implements no function of the header", name)
	}
}

func TestParseReadsMultiLineArraysAndVoid(t *testing.T) {
	protos, err := parse(`
#ifdef __cplusplus
extern "C" {
#endif
typedef struct gs_x { int a; /* gs_not_a_function( in a comment */ } gs_x;
const char *gs_name(void); /* static */
gs_status gs_two(const gs_tensor *const *tensors,
                 int64_t blocksize[2]);
int64_t gs_count(void);
#ifdef __cplusplus
}
#endif
`)
	require.NoError(t, err)
	require.Equal(t, []proto{
		{ret: "const char *", name: "gs_name", params: "void"},
		{ret: "gs_status", name: "gs_two", params: "const gs_tensor *const *tensors, int64_t blocksize[2]", args: []string{"tensors", "blocksize"}},
		{ret: "int64_t", name: "gs_count", params: "void"},
	}, protos)
}

func TestParseRefusesWhatItCannotRead(t *testing.T) {
	_, err := parse("gs_status gs_ok(int32_t a);\nvoid gs_odd(int32_t a);\n")
	require.ErrorContains(t, err, "gs_odd")
	_, err = parse("gs_status gs_a(int32_t a);\ngs_status gs_a(int32_t b);\n")
	require.ErrorContains(t, err, "declared twice")
	_, err = generate("const char *gs_other(void);\n")
	require.ErrorContains(t, err, "gs_other returns const char *")
}

func TestGenerateWritesTheGuardAndTheCall(t *testing.T) {
	text, err := generate("gs_status gs_mv(const gs_tensor *mat, gs_tensor **out);\nint64_t gs_live_handles(void);\n")
	require.NoError(t, err)
	require.Contains(t, text, `gs_status gs_mv(const gs_tensor *mat, gs_tensor **out) {
    if (GSI_FORKED()) {
        return gsi_forked_status("gs_mv");
    }
    return gsgo_mv(mat, out);
}`)
	require.Contains(t, text, `int64_t gs_live_handles(void) {
    if (GSI_FORKED()) {
        return gsi_forked_count("gs_live_handles");
    }
    return gsgo_live_handles();
}`)
}
