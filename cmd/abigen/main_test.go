package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/cmd/internal/genfiles"
)

// The committed generated files are what the header generates today: a
// prototype changed in the header without `go generate ./capi` fails here.
func TestGeneratedFilesAreInSync(t *testing.T) {
	header, err := os.ReadFile("../../" + genfiles.HeaderPath)
	require.NoError(t, err)
	files, err := outputs(string(header))
	require.NoError(t, err)
	require.Len(t, files, 5)
	for path, want := range files {
		got, err := os.ReadFile("../../" + path)
		require.NoError(t, err)
		require.Equal(t, want, string(got), "%s is stale: run go generate ./capi", path)
	}
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

func TestParseReadsMultiLineArraysVoidAndDocs(t *testing.T) {
	protos, err := parse(`
#ifdef __cplusplus
extern "C" {
#endif
typedef struct gs_x { int a; /* gs_not_a_function( in a comment */ } gs_x;
const char *gs_name(void); /* static */
/* Two tensors,
 * and a block size. */
gs_status gs_two(const gs_tensor *const *tensors,
                 int64_t blocksize[2]);
int64_t gs_count(void);

int64_t gs_alone(void); /* alone */
int64_t gs_after(void);
#ifdef __cplusplus
}
#endif
`)
	require.NoError(t, err)
	require.Equal(t, []proto{
		{ret: "const char *", name: "gs_name", params: "void", doc: "static"},
		{ret: "gs_status", name: "gs_two", params: "const gs_tensor *const *tensors, int64_t blocksize[2]",
			args: []param{{"const gs_tensor *const *", "tensors"}, {"int64_t *", "blocksize"}},
			doc:  "Two tensors,\nand a block size."},
		{ret: "int64_t", name: "gs_count", params: "void", doc: "Two tensors,\nand a block size."},
		{ret: "int64_t", name: "gs_alone", params: "void", doc: "alone"},
		{ret: "int64_t", name: "gs_after", params: "void"},
	}, protos)
}

func TestParseRefusesWhatItCannotRead(t *testing.T) {
	_, err := parse("gs_status gs_ok(int32_t a);\nvoid gs_odd(int32_t a);\n")
	require.ErrorContains(t, err, "gs_odd")
	_, err = parse("gs_status gs_a(int32_t a);\ngs_status gs_a(int32_t b);\n")
	require.ErrorContains(t, err, "declared twice")
	_, err = outputs("const char *gs_other(void);\n")
	require.ErrorContains(t, err, "gs_other returns const char *")
	_, err = outputs("gs_status gs_f(float x);\n")
	require.ErrorContains(t, err, `no Rust spelling for "float"`)
}

func TestGenerateCWritesTheGuardAndTheCall(t *testing.T) {
	files, err := outputs("gs_status gs_mv(const gs_tensor *mat, gs_tensor **out);\nint64_t gs_live_handles(void);\n")
	require.NoError(t, err)
	text := files[cPath]
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

func TestRustTypesFollowConstness(t *testing.T) {
	for c, rust := range map[string]string{
		"const gs_tensor *":        "*const gs_tensor",
		"gs_tensor **":             "*mut *mut gs_tensor",
		"const gs_tensor *const *": "*const *const gs_tensor",
		"const char **":            "*mut *const c_char",
		"char *":                   "*mut c_char",
		"void *":                   "*mut c_void",
		"int64_t":                  "i64",
		"uint64_t":                 "u64",
		"double":                   "f64",
		"gs_release_fn":            "gs_release_fn",
		"const gs_cancel_token *":  "*const gs_cancel_token",
	} {
		got, err := rustType(c)
		require.NoError(t, err, c)
		require.Equal(t, rust, got, c)
	}
}

func TestRustAndPythonDeclareEachFunction(t *testing.T) {
	files, err := outputs("/* Solves A x = b. */\ngs_status gs_solve(const gs_tensor *A, gs_tensor **out);\n\nint64_t gs_live_handles(void);\n")
	require.NoError(t, err)
	require.Contains(t, files[rustPath], "    /// Solves A x = b.\n    pub fn gs_solve(a: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;\n")
	require.Contains(t, files[rustPath], "    /// `gs_live_handles` of `gosparse.h`.\n    pub fn gs_live_handles() -> i64;\n")
	require.Contains(t, files[pythonPath], `    "gs_solve": ("gs_status", ("const gs_tensor *", "gs_tensor **")),`)
	require.Contains(t, files[pythonPath], `    "gs_live_handles": ("int64_t", ()),`)
}
