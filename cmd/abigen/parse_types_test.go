package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

const typesHeader = `#define GS_VERSION_STRING "1.2.3"

/* ---- codes ---- */
typedef int32_t gs_code;
#define GS_CODE(a, b) (((a) << 8) | (b))
#define GS_A GS_CODE(1, 2)
#define GS_B (-3) /* minus three */

/* ---- flags ---- */
#define GS_F1 1 /* one */
/* a note on F2 */
#define GS_F2 2 /* two */
#define GS_F0 0

#define GS_N 4

typedef struct gs_opaque gs_opaque;
/* A pair. */
typedef struct gs_pair {
    const double *p; /* a pointer */
    int32_t x, y;    /* two ints,
                      * documented together */
    int64_t v[GS_N];
} gs_pair;
typedef void (*gs_cb_fn)(const gs_pair *pair, void *user);
`

func TestParseTypesReadsConstantsStructsAndCallbacks(t *testing.T) {
	decls, err := parseTypes(typesHeader)
	require.NoError(t, err)
	byName := map[string]decl{}
	var names []string
	for _, d := range decls {
		byName[d.name] = d
		names = append(names, d.name)
	}
	require.Equal(t, []string{"GS_VERSION_STRING", "gs_code", "GS_CODE", "GS_A", "GS_B", "GS_F1", "GS_F2", "GS_F0",
		"GS_N", "gs_opaque", "gs_pair", "gs_cb_fn"}, names)
	require.Equal(t, "1.2.3", byName["GS_VERSION_STRING"].str)
	a := byName["GS_A"]
	require.Equal(t, int64(1<<8|2), a.value)
	require.Equal(t, "GS_CODE(1, 2)", a.expr)
	require.Equal(t, "gs_code", a.intype)
	require.Equal(t, "codes", a.doc)
	require.Equal(t, int64(-3), byName["GS_B"].value)
	require.Equal(t, "minus three", byName["GS_B"].doc)
	require.Equal(t, "(a << 8) | b", byName["GS_CODE"].body)
	require.Equal(t, "flags", byName["GS_F0"].doc, "the note on GS_F2 is not F0's group comment")
	require.Equal(t, "", byName["GS_F0"].intype)
	require.Equal(t, "size_t", byName["GS_N"].intype, "an array length")
	require.Equal(t, kindOpaque, byName["gs_opaque"].kind)
	pair := byName["gs_pair"]
	require.Equal(t, "A pair.", pair.doc)
	require.Equal(t, []field{
		{ctype: "const double *", name: "p", doc: "a pointer"},
		{ctype: "int32_t", name: "x", doc: "two ints,\ndocumented together"},
		{ctype: "int32_t", name: "y", doc: "two ints,\ndocumented together"},
		{ctype: "int64_t", name: "v", count: "GS_N"},
	}, pair.fields)
	cb := byName["gs_cb_fn"]
	require.Equal(t, "void", cb.base)
	require.Equal(t, []param{{"const gs_pair *", "pair"}, {"void *", "user"}}, cb.args)

	_, ls, err := layouts(decls)
	require.NoError(t, err)
	require.Equal(t, []structLayout{{size: 48, offsets: []int64{0, 8, 12, 16}}}, ls)
}

func TestGeneratedTypesInRustAndPython(t *testing.T) {
	decls, err := parseTypes(typesHeader)
	require.NoError(t, err)
	rust, err := generateRustTypes(decls)
	require.NoError(t, err)
	for _, want := range []string{
		"/// codes.\n///\n/// `GS_CODE(1, 2)`\npub const GS_A: gs_code = gs_code(1, 2);\n",
		"pub const fn gs_code(a: i32, b: i32) -> gs_code {\n    (a << 8) | b\n}\n",
		"pub const GS_N: usize = 4;\n",
		"/// A pair.\n#[repr(C)]\n#[derive(Debug, Clone, Copy)]\npub struct gs_pair {\n    /// a pointer.\n    pub p: *const f64,\n",
		"    pub v: [i64; GS_N],\n}\n",
		"            p: std::ptr::null(),\n",
		"pub type gs_cb_fn = Option<unsafe extern \"C\" fn(pair: *const gs_pair, user: *mut c_void)>;\n",
		"    assert!(size_of::<gs_pair>() == 48);\n    assert!(offset_of!(gs_pair, p) == 0);\n",
		"    assert!(GS_A == 258);\n",
	} {
		require.Contains(t, rust, want)
	}
	py, err := generatePythonTypes(decls)
	require.NoError(t, err)
	for _, want := range []string{
		"GS_A = 258  # GS_CODE(1, 2)\n",
		"class GsPair(ctypes.Structure):\n",
		"        (\"p\", ctypes.POINTER(ctypes.c_double)),\n",
		"        (\"v\", ctypes.c_int64 * GS_N),\n",
		"CB_FN = ctypes.CFUNCTYPE(None, ctypes.POINTER(GsPair), ctypes.c_void_p)\n",
		"    GsPair: (48, {\"p\": 0, \"x\": 8, \"y\": 12, \"v\": 16}),\n",
	} {
		require.Contains(t, py, want)
	}
}

// A declaration abigen cannot read stops it by name instead of leaving the
// bindings without it.
func TestParseTypesRefusesWhatItCannotRead(t *testing.T) {
	for src, msg := range map[string]string{
		"typedef float gs_f;\n":                                "cannot read \"typedef float gs_f;\"",
		"#define GS_X(a) ((float)(a))\n":                       "macro GS_X is not integer arithmetic",
		"#define GS_Y GS_NOPE(1, 2)\n":                         "GS_NOPE is not a macro defined above it",
		"#define GS_Z 1.5\n":                                   "GS_Z: cannot evaluate",
		"typedef struct gs_s {\n    float f[2;\n} gs_s;\n":     "gs_s: cannot read the field",
		"typedef struct gs_s {\n    int32_t a;\n} gs_other;\n": "struct gs_s closes as gs_other",
	} {
		_, err := parseTypes(src)
		require.ErrorContains(t, err, msg, src)
	}
	decls, err := parseTypes("typedef struct gs_s {\n    float f;\n} gs_s;\n")
	require.NoError(t, err)
	_, _, err = layouts(decls)
	require.ErrorContains(t, err, `no size for the C type "float"`)
}
