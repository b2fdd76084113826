/* fuzz_abi.c — a seeded random-call driver of the C ABI.
 *
 * It keeps a pool of tensors, each with a float64 reference of what it means
 * (its to_dense, element by element), and calls the ABI at random: constructors
 * with random shapes, dtypes, index widths and lengths, valid or broken on
 * purpose (out-of-range and negative indices, wrong lengths, bad dtypes, NaN,
 * infinities and huge values), then operations chained on whatever was
 * accepted. The rules it enforces on every call:
 *  - an input it knows to be valid is accepted, one it knows to be broken is refused;
 *  - an accepted tensor equals, through gs_to_dense, what its inputs meant;
 *  - a refusal comes with a nonempty gs_last_error, leaves the out-parameter
 *    untouched and the live handle count where it was;
 *  - at the end every tensor is freed and gs_live_handles is back at its start.
 *
 *   fuzz_abi [calls [seed]]     (or FUZZ_CALLS / FUZZ_SEED in the environment;
 *                                FUZZ_TRACE=1 logs each step)
 *
 * The defaults are CTest's short run; make fuzz-abi runs a long one. */
#include "check.h"
#include "fuzz_values.h"

#define POOL 24
#define REF_MAX 4096 /* elements a reference holds; bigger tensors have none */
#define MEMORY_LIMIT (32LL << 20)

typedef struct {
    gs_tensor *t;
    gs_dtype dtype;
    int32_t ndim;
    int64_t shape[GS_MAX_NDIM];
    int64_t numel; /* -1 when it overflows int64 */
    double *ref;   /* numel values, or NULL when unknown or too big */
    uint8_t *mask; /* specified positions, or NULL when unknown */
} slot;

static slot pool[POOL];
static int trace; /* FUZZ_TRACE=1: each step on stderr, to find the call that crashed */
static char sentinel_storage; /* never dereferenced: only its address marks an untouched out */
#define SENTINEL ((gs_tensor *)(void *)&sentinel_storage)
static long long calls, accepted, refused, not_implemented, values_checked;

static int64_t shape_numel(int32_t ndim, const int64_t *shape) {
    int64_t n = 1;
    for (int32_t i = 0; i < ndim; i++) {
        if (shape[i] < 0) return -1;
        if (shape[i] != 0 && n > INT64_MAX / shape[i]) return -1;
        n *= shape[i];
    }
    return n;
}

static void slot_clear(slot *s) {
    free(s->ref);
    free(s->mask);
    memset(s, 0, sizeof *s);
}

static slot *free_slot(void) {
    for (int i = 0; i < POOL; i++)
        if (pool[i].t == NULL) return &pool[i];
    slot *s = &pool[fz_below(POOL)];
    CHECK_OK(gs_tensor_free(&s->t));
    slot_clear(s);
    return s;
}

static slot *random_live(void) {
    int start = (int)fz_below(POOL);
    for (int k = 0; k < POOL; k++)
        if (pool[(start + k) % POOL].t) return &pool[(start + k) % POOL];
    return NULL;
}

/* The outcome a call's inputs call for. */
enum { MUST_ACCEPT, MUST_REFUSE, EITHER };

/* Checks one call's status against what was expected and the rules of a
 * refusal. live_before: gs_live_handles() before the call; outp: the
 * out-parameter, preset to SENTINEL. Returns 1 when a tensor was made. */
static int outcome(const char *what, gs_status st, int expect, int64_t live_before, gs_tensor *const *outp) {
    gs_tensor *out = *outp; /* read after the call: argument order is unspecified */
    calls++;
    const char *msg = gs_last_error();
    if (st == GS_OK) {
        accepted++;
        if (expect == MUST_REFUSE) CHECK_FAIL("%s: accepted an input that breaks a rule", what);
        if (msg[0] != '\0') CHECK_FAIL("%s: succeeded with gs_last_error \"%s\"", what, msg);
        if (out == SENTINEL || out == NULL) CHECK_FAIL("%s: succeeded without a tensor", what);
        if (gs_live_handles() != live_before + 1) CHECK_FAIL("%s: live handles did not grow by one", what);
        return out != SENTINEL && out != NULL;
    }
    refused++;
    if (st == GS_ERR_NOT_IMPLEMENTED) not_implemented++; /* a valid request, not supported yet */
    else if (expect == MUST_ACCEPT) CHECK_FAIL("%s: refused a valid input with %d", what, (int)st);
    if (st > 0 || st < GS_ERR_FORKED) CHECK_FAIL("%s: status %d is no gs_status", what, (int)st);
    if (st == GS_ERR_INTERNAL) CHECK_FAIL("%s: GS_ERR_INTERNAL (a bug): %s", what, msg);
    if (msg[0] == '\0') CHECK_FAIL("%s: refused with %d and an empty gs_last_error", what, (int)st);
    if (out != SENTINEL) CHECK_FAIL("%s: refused but wrote its out-parameter", what);
    if (gs_live_handles() != live_before) CHECK_FAIL("%s: refused but live handles changed", what);
    return 0;
}

static int same(double a, double b) { return (isnan(a) && isnan(b)) || a == b; }

/* Whether to_dense of s must be accepted: few elements and no big dim (the
 * library may refuse to walk a level of 2^23 positions, even of [2^23, 0]). */
static int dense_must_fit(const slot *s) {
    int small = s->numel >= 0 && s->numel <= REF_MAX;
    for (int32_t i = 0; i < s->ndim; i++) small = small && s->shape[i] <= REF_MAX;
    return small;
}

/* Compares s->t through to_dense (as float64) with s->ref. */
static void check_slot(const char *what, slot *s) {
    int64_t live = gs_live_handles();
    gs_tensor *d = SENTINEL, *f = SENTINEL;
    gs_status st = gs_to_dense(s->t, &d);
    int64_t bytes = s->numel < 0 || s->numel > INT64_MAX / 16 ? INT64_MAX : s->numel * fz_size(s->dtype);
    if (s->numel < 0 || bytes > MEMORY_LIMIT) {
        /* The dense form is bigger than the limit: it must be refused, not tried. */
        calls++;
        if (st == GS_OK) {
            CHECK_FAIL("%s: to_dense of %lld elements passed the memory limit", what, (long long)s->numel);
            gs_tensor_free(&d);
        } else if (st != GS_ERR_TOO_LARGE && st != GS_ERR_INVALID_ARGUMENT) {
            CHECK_FAIL("%s: to_dense over the memory limit gave %d", what, (int)st);
        }
        if (gs_live_handles() != live) CHECK_FAIL("%s: refused to_dense changed live handles", what);
        return;
    }
    if (!outcome("to_dense", st, dense_must_fit(s) ? MUST_ACCEPT : EITHER, live, &d)) return;
    int fits = s->numel <= MEMORY_LIMIT / 8; /* the float64 copy may pass the limit */
    if (!outcome("to_dtype(float64)", gs_to_dtype(d, GS_FLOAT64, &f), fits ? MUST_ACCEPT : EITHER, live + 1, &f)) {
        gs_tensor_free(&d);
        return;
    }
    gs_array a;
    int32_t nd = -1;
    int64_t shape[GS_MAX_NDIM];
    CHECK_OK(gs_tensor_ndim(d, &nd));
    CHECK_OK(gs_tensor_shape(d, shape, GS_MAX_NDIM));
    if (nd != s->ndim || memcmp(shape, s->shape, sizeof(int64_t) * (size_t)(nd > 0 ? nd : 0)) != 0)
        CHECK_FAIL("%s: shape differs from the reference's", what);
    else if (s->ref && gs_tensor_component(f, GS_COMP_VALUES, &a) == GS_OK) {
        values_checked++;
        const double *v = a.data;
        for (int64_t i = 0; i < s->numel; i++) {
            if (!same(v[i], s->ref[i])) {
                CHECK_FAIL("%s: element %lld is %g, expected %g", what, (long long)i, v[i], s->ref[i]);
                break;
            }
        }
    }
    gs_tensor_free(&f);
    gs_tensor_free(&d);
}

/* Fills in a slot's shape and dtype from its tensor; ref and mask stay as given. */
static void slot_describe(slot *s) {
    CHECK_OK(gs_tensor_dtype(s->t, &s->dtype));
    CHECK_OK(gs_tensor_ndim(s->t, &s->ndim));
    CHECK_OK(gs_tensor_shape(s->t, s->shape, GS_MAX_NDIM));
    s->numel = shape_numel(s->ndim, s->shape);
}

/* A reference taken from the library itself (generators, empty tensors):
 * what later operations on the tensor are checked against. */
static void ref_from_library(slot *s) {
    if (!dense_must_fit(s)) return;
    gs_tensor *d = NULL, *f = NULL;
    gs_array a;
    if (gs_to_dense(s->t, &d) == GS_OK && gs_to_dtype(d, GS_FLOAT64, &f) == GS_OK &&
        gs_tensor_component(f, GS_COMP_VALUES, &a) == GS_OK) {
        s->ref = malloc(sizeof(double) * (size_t)(s->numel ? s->numel : 1));
        memcpy(s->ref, a.data, sizeof(double) * (size_t)s->numel);
    } else {
        CHECK_FAIL("reference of a generated tensor could not be read");
    }
    gs_tensor_free(&f);
    gs_tensor_free(&d);
}

/* Keeps a made tensor in the pool and checks it. */
static void adopt(const char *what, slot *s, gs_tensor *t, double *ref, uint8_t *mask) {
    s->t = t;
    s->ref = ref;
    s->mask = mask;
    slot_describe(s);
    check_slot(what, s);
}

/* The large dims of sparse tensors: big enough that the dense form passes the
 * memory limit. 2^40 found gs_coalesce of such a COO dying of a Go
 * out-of-memory, and gs_empty of a CSC or BSC tensor of size [2^40, 2, 0]
 * walking all 2^40 batches of no columns; 2^23 is small enough that some
 * index structures of that size are still built. */
static int64_t random_dim(void) {
    switch (fz_below(13)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return (int64_t)1 << 23; /* sparse: fine until densified */
    case 3: return (int64_t)1 << 40;
    }
    return 1 + fz_below(6);
}

/* ---- constructors ----------------------------------------------------------- */

/* gs_sparse_coo_from with random, sometimes broken, inputs. */
static void make_coo(void) {
    int32_t sparse_dim = 1 + (int32_t)fz_below(3), dense_dim = (int32_t)fz_below(2);
    int32_t ndim = sparse_dim + dense_dim;
    int64_t size[GS_MAX_NDIM];
    for (int32_t i = 0; i < ndim; i++) size[i] = i < sparse_dim ? random_dim() : 1 + fz_below(3);
    int64_t nse = fz_below(9);
    int wide = fz_one_in(2);
    gs_dtype vd = fz_dtypes[fz_below(FZ_NDTYPES)];
    int64_t dense_numel = 1;
    for (int32_t i = sparse_dim; i < ndim; i++) dense_numel *= size[i];
    /* Room for the lies below (one more row of indices): the library must
     * read only what the arrays' shapes say, and this memory holds that much. */
    void *idx = calloc((size_t)((sparse_dim + 1) * nse + 1), 8);
    void *val = calloc((size_t)(nse * dense_numel + 1), 8);
    int expect = MUST_ACCEPT;
    for (int64_t k = 0; k < nse; k++)
        for (int32_t d = 0; d < sparse_dim; d++) {
            int64_t x = size[d] ? fz_below(size[d] < 8 ? size[d] : 8) : 0;
            if (size[d] == 0) expect = MUST_REFUSE; /* no index fits a zero dim */
            if (fz_one_in(40)) { x = fz_one_in(2) ? -1 - fz_below(3) : size[d] + fz_below(3); expect = MUST_REFUSE; }
            if (wide) ((int64_t *)idx)[d * nse + k] = x;
            else if (x > INT32_MAX) { expect = EITHER; ((int32_t *)idx)[d * nse + k] = 0; }
            else ((int32_t *)idx)[d * nse + k] = (int32_t)x;
        }
    double *vals = calloc((size_t)(nse * dense_numel + 1), sizeof(double));
    for (int64_t k = 0; k < nse * dense_numel; k++) {
        vals[k] = fz_value(vd);
        fz_store(vd, val, k, vals[k]);
    }
    gs_array ia = arr2(idx, wide ? GS_INT64 : GS_INT32, sparse_dim, nse);
    gs_array va = arr1(val, vd, nse);
    va.ndim = 1 + dense_dim;
    for (int32_t i = 0; i < dense_dim; i++) va.shape[1 + i] = size[sparse_dim + i];
    switch (fz_below(24)) { /* one broken rule, sometimes */
    case 0: ia.shape[0]++; expect = MUST_REFUSE; break;
    case 1: if (nse > 0) { va.shape[0]--; expect = MUST_REFUSE; } break;
    case 2: ia.dtype = GS_FLOAT64; expect = MUST_REFUSE; break;
    case 3: va.dtype = GS_DTYPE_CODE(3, 16); expect = MUST_REFUSE; break;
    case 4: size[0] = -1 - fz_below(3); expect = MUST_REFUSE; break;
    }
    if (expect == MUST_ACCEPT && shape_numel(ndim, size) < 0) expect = EITHER; /* numel past int64 */
    int inferred = expect != MUST_REFUSE && fz_one_in(6);
    slot *s = free_slot();
    gs_tensor *out = SENTINEL;
    int64_t live = gs_live_handles();
    gs_status st = gs_sparse_coo_from(&ia, &va, inferred ? 0 : ndim, inferred ? NULL : size, GS_FLAGS_DEFAULT, &out);
    if (inferred) { /* torch infers each sparse size as max index + 1, dense sizes from values */
        for (int32_t d = 0; d < sparse_dim; d++) {
            size[d] = 0;
            for (int64_t k = 0; k < nse; k++) {
                int64_t x = wide ? ((int64_t *)idx)[d * nse + k] : ((int32_t *)idx)[d * nse + k];
                if (x + 1 > size[d]) size[d] = x + 1;
            }
        }
    }
    if (outcome("gs_sparse_coo_from", st, expect, live, &out)) {
        int64_t n = shape_numel(ndim, size);
        double *ref = NULL;
        uint8_t *mask = NULL;
        if (n >= 0 && n <= REF_MAX) {
            int inexact = 0;
            ref = calloc((size_t)(n + 1), sizeof(double));
            mask = calloc((size_t)(n + 1), 1);
            for (int64_t k = 0; k < nse; k++) {
                int64_t flat = 0;
                for (int32_t d = 0; d < sparse_dim; d++)
                    flat = flat * size[d] + (wide ? ((int64_t *)idx)[d * nse + k] : ((int32_t *)idx)[d * nse + k]);
                for (int64_t e = 0; e < dense_numel; e++) {
                    int64_t at = flat * dense_numel + e;
                    double v = vals[k * dense_numel + e];
                    /* Duplicates add up (bool: or); NaN and infinities as IEEE adds them.
                     * The order of the additions is the library's: a partial
                     * sum the dtype cannot hold exactly makes the result unchecked. */
                    if (vd != GS_BOOL && !fz_exact(vd, ref[at] + v)) inexact = 1;
                    ref[at] = vd == GS_BOOL ? (double)(ref[at] != 0 || v != 0) : fz_round(vd, ref[at] + v);
                    mask[at] = 1;
                }
            }
            if (inexact) { free(ref); ref = NULL; }
            if (!ref) { free(mask); mask = NULL; }
        }
        adopt("gs_sparse_coo_from", s, out, ref, mask);
    }
    free(idx);
    free(val);
    free(vals);
}

/* gs_sparse_compressed_from, CSR or CSC, with random, sometimes broken, inputs. */
static void make_compressed(void) {
    gs_layout layout = fz_one_in(2) ? GS_SPARSE_CSR : GS_SPARSE_CSC;
    int64_t rows = fz_below(6), cols = fz_below(6);
    int64_t outer = layout == GS_SPARSE_CSR ? rows : cols, inner = layout == GS_SPARSE_CSR ? cols : rows;
    int wide = fz_one_in(2);
    gs_dtype vd = fz_dtypes[fz_below(FZ_NDTYPES)];
    int64_t *ptr = calloc((size_t)outer + 2, 8), *crd = calloc((size_t)(outer * inner + 1), 8);
    int64_t nnz = 0;
    for (int64_t o = 0; o < outer; o++) { /* sorted, distinct inner indices */
        for (int64_t i = 0; i < inner; i++)
            if (fz_one_in(3)) crd[nnz++] = i;
        ptr[o + 1] = nnz;
    }
    int expect = MUST_ACCEPT;
    switch (fz_below(16)) {
    case 0: if (nnz) { crd[fz_below(nnz)] = fz_one_in(2) ? -1 : inner + fz_below(3); expect = MUST_REFUSE; } break;
    case 1: if (outer) { ptr[outer] += 1 + fz_below(2); expect = MUST_REFUSE; } break;
    case 2: if (outer > 1 && ptr[1] > 0) { ptr[1] = ptr[outer] + 1; expect = MUST_REFUSE; } break;
    case 3: ptr[0] = 1; expect = MUST_REFUSE; break;
    case 4: if (nnz > 1 && ptr[1] > 1) { crd[1] = crd[0]; expect = EITHER; } break; /* duplicate in a row */
    }
    /* 8 bytes an element and one more: the lies below (a longer crow, int32
     * data called int64) stay inside this memory. */
    void *p = wide ? (void *)ptr : calloc((size_t)outer + 2, 8);
    void *c = wide ? (void *)crd : calloc((size_t)nnz + 2, 8);
    if (!wide) {
        for (int64_t k = 0; k <= outer; k++) ((int32_t *)p)[k] = (int32_t)ptr[k];
        for (int64_t k = 0; k < nnz; k++) ((int32_t *)c)[k] = (int32_t)crd[k];
    }
    double *vals = calloc((size_t)nnz + 1, sizeof(double));
    void *vb = calloc((size_t)nnz + 1, 8);
    for (int64_t k = 0; k < nnz; k++) {
        vals[k] = fz_value(vd);
        fz_store(vd, vb, k, vals[k]);
    }
    gs_array pa = arr1(p, wide ? GS_INT64 : GS_INT32, outer + 1), ca = arr1(c, pa.dtype, nnz), va = arr1(vb, vd, nnz);
    if (fz_one_in(20)) { ca.dtype = ca.dtype == GS_INT64 ? GS_INT32 : GS_INT64; expect = MUST_REFUSE; } /* mixed widths */
    if (fz_one_in(20)) { pa.shape[0]++; expect = MUST_REFUSE; }
    int64_t size[2] = {rows, cols};
    slot *s = free_slot();
    gs_tensor *out = SENTINEL;
    int64_t live = gs_live_handles();
    gs_status st = gs_sparse_compressed_from(layout, &pa, &ca, &va, 2, size, GS_FLAGS_DEFAULT, &out);
    if (outcome("gs_sparse_compressed_from", st, expect, live, &out)) {
        double *ref = calloc((size_t)(rows * cols + 1), sizeof(double));
        uint8_t *mask = calloc((size_t)(rows * cols + 1), 1);
        int inexact = 0;
        for (int64_t o = 0; o < outer; o++)
            for (int64_t k = ptr[o]; k < ptr[o + 1]; k++) {
                int64_t at = layout == GS_SPARSE_CSR ? o * cols + crd[k] : crd[k] * cols + o;
                if (vd != GS_BOOL && !fz_exact(vd, ref[at] + vals[k])) inexact = 1; /* as for COO */
                ref[at] = vd == GS_BOOL ? (double)(ref[at] != 0 || vals[k] != 0) : fz_round(vd, ref[at] + vals[k]);
                mask[at] = 1;
            }
        if (inexact) { free(ref); ref = NULL; free(mask); mask = NULL; }
        adopt("gs_sparse_compressed_from", s, out, ref, mask);
    }
    if (!wide) { free(p); free(c); }
    free(ptr);
    free(crd);
    free(vals);
    free(vb);
}

/* gs_strided_from with a random shape (0-d and zero sizes included). */
static void make_strided(void) {
    gs_dtype vd = fz_dtypes[fz_below(FZ_NDTYPES)];
    int32_t ndim = (int32_t)fz_below(4);
    int64_t shape[GS_MAX_NDIM];
    for (int32_t i = 0; i < ndim; i++) shape[i] = fz_below(5);
    int64_t n = shape_numel(ndim, shape);
    double *ref = calloc((size_t)n + 1, sizeof(double));
    void *buf = calloc((size_t)n + 1, 8);
    for (int64_t k = 0; k < n; k++) {
        ref[k] = fz_value(vd);
        fz_store(vd, buf, k, ref[k]);
    }
    gs_array a = arr1(buf, vd, 0);
    a.ndim = ndim;
    for (int32_t i = 0; i < ndim; i++) a.shape[i] = shape[i];
    int expect = MUST_ACCEPT;
    if (fz_one_in(20)) { a.ndim = GS_MAX_NDIM + 1; expect = MUST_REFUSE; }
    else if (fz_one_in(20) && ndim > 0) { a.shape[0] = -1; expect = MUST_REFUSE; }
    slot *s = free_slot();
    gs_tensor *out = SENTINEL;
    int64_t live = gs_live_handles();
    if (outcome("gs_strided_from", gs_strided_from(&a, &out), expect, live, &out)) {
        uint8_t *mask = malloc((size_t)n + 1);
        memset(mask, 1, (size_t)n + 1);
        adopt("gs_strided_from", s, out, ref, mask);
    } else {
        free(ref);
    }
    free(buf);
}

/* gs_empty and the generators: references read from the library. */
static void make_other(void) {
    slot *s = free_slot();
    gs_tensor *out = SENTINEL;
    int64_t live = gs_live_handles();
    const char *what;
    gs_status st;
    int expect = EITHER;
    if (fz_one_in(2)) {
        gs_layout layout = (gs_layout)fz_below(11) - 1; /* -1 and 9 are no layouts */
        int32_t ndim = 1 + (int32_t)fz_below(3);
        int64_t size[GS_MAX_NDIM], bs[2] = {1 + fz_below(2), 1 + fz_below(2)};
        for (int32_t i = 0; i < ndim; i++) size[i] = random_dim();
        if (layout < 0 || layout > GS_SPARSE_CSF) expect = MUST_REFUSE;
        if (trace) {
            fprintf(stderr, "  gs_empty layout %d blocksize %lld %lld size", (int)layout, (long long)bs[0], (long long)bs[1]);
            for (int32_t i = 0; i < ndim; i++) fprintf(stderr, " %lld", (long long)size[i]);
            fprintf(stderr, "\n");
        }
        what = "gs_empty";
        st = gs_empty(layout, fz_dtypes[fz_below(FZ_NDTYPES)], ndim, size, bs, 0, &out);
    } else {
        int64_t n = fz_below(12) - 2, a = fz_below(5) - 1, b = fz_below(5) - 1;
        if (n < 0 || a < 0 || b < 0) expect = MUST_REFUSE;
        what = "gs_gen_banded";
        st = gs_gen_banded(n, a, b, fz_next(), &out);
    }
    if (outcome(what, st, expect, live, &out)) {
        s->t = out;
        slot_describe(s);
        ref_from_library(s);
        check_slot(what, s);
    }
}

/* ---- operations on accepted tensors ------------------------------------------- */

/* A result whose reference is the source's (conversions). */
static void op_same_values(slot *src) {
    gs_tensor *out = SENTINEL;
    int64_t live = gs_live_handles();
    const char *what;
    gs_status st;
    int expect = EITHER, keeps_mask = 0;
    int32_t widths[] = {GS_INDEX_AUTO, GS_INDEX_32, GS_INDEX_64, 16};
    int32_t width = widths[fz_below(4)];
    switch (fz_below(5)) {
    case 0: {
        gs_layout layout = (gs_layout)fz_below(7) - 1;
        int64_t bs[2] = {1 + fz_below(2), 1 + fz_below(2)};
        if (layout < 0 || width == 16) expect = MUST_REFUSE;
        what = "gs_to_layout";
        st = gs_to_layout(src->t, layout, bs, -1, width, &out);
        break;
    }
    case 1:
        what = "gs_to_index_width";
        if (width == 16) expect = MUST_REFUSE;
        keeps_mask = 1;
        st = gs_to_index_width(src->t, width, &out);
        break;
    case 2:
        what = "gs_clone";
        expect = MUST_ACCEPT;
        keeps_mask = 1;
        st = gs_clone(src->t, &out);
        break;
    case 3:
        what = "gs_coalesce";
        keeps_mask = 1;
        st = gs_coalesce(src->t, &out);
        break;
    default:
        what = "gs_to_dense(op)";
        if (dense_must_fit(src)) expect = MUST_ACCEPT;
        st = gs_to_dense(src->t, &out);
        break;
    }
    if (!outcome(what, st, expect, live, &out)) return;
    slot *s = free_slot();
    if (s == src) { gs_tensor_free(&out); return; } /* the pool was full and dropped the source */
    double *ref = NULL;
    uint8_t *mask = NULL;
    if (src->ref) {
        ref = malloc(sizeof(double) * (size_t)(src->numel + 1));
        memcpy(ref, src->ref, sizeof(double) * (size_t)src->numel);
    }
    if (src->mask && keeps_mask) {
        mask = malloc((size_t)src->numel + 1);
        memcpy(mask, src->mask, (size_t)src->numel);
    }
    adopt(what, s, out, ref, mask);
}

/* gs_to_dtype: values cast, checked where the reference holds them exactly. */
static void op_to_dtype(slot *src) {
    gs_dtype d = fz_one_in(20) ? GS_DTYPE_CODE(9, 8) : fz_dtypes[fz_below(FZ_NDTYPES)];
    gs_tensor *out = SENTINEL;
    int64_t live = gs_live_handles();
    int expect = d == GS_DTYPE_CODE(9, 8) ? MUST_REFUSE : EITHER;
    if (!outcome("gs_to_dtype", gs_to_dtype(src->t, d, &out), expect, live, &out)) return;
    slot *s = free_slot();
    if (s == src) { gs_tensor_free(&out); return; }
    double *ref = NULL;
    uint8_t *mask = NULL;
    /* An uncoalesced COO's duplicates are summed before the cast (bool
     * [1, 1] at one position reads 1 as float64, not 2). */
    if (src->ref) {
        ref = malloc(sizeof(double) * (size_t)(src->numel + 1));
        for (int64_t k = 0; k < src->numel && ref; k++) {
            double x = src->ref[k];
            if (d == GS_BOOL) x = x != 0;
            if (!fz_exact(d, x) && !(d == GS_FLOAT32 && !isnan(x))) { free(ref); ref = NULL; break; }
            ref[k] = fz_round(d, x);
        }
    }
    if (ref && src->mask) {
        mask = malloc((size_t)src->numel + 1);
        memcpy(mask, src->mask, (size_t)src->numel);
    }
    adopt("gs_to_dtype", s, out, ref, mask);
    CHECK(s->dtype == d);
}

/* gs_transpose with dims in and out of range. */
static void op_transpose(slot *src) {
    int32_t nd = src->ndim;
    int32_t d0 = (int32_t)fz_below(2 * nd + 4) - nd - 2, d1 = (int32_t)fz_below(2 * nd + 4) - nd - 2;
    int in0 = d0 >= -nd && d0 < nd, in1 = d1 >= -nd && d1 < nd;
    int expect = in0 && in1 ? EITHER : MUST_REFUSE;
    if (nd == 0) expect = EITHER; /* torch wraps dims of a 0-d tensor as of a 1-d one */
    gs_tensor *out = SENTINEL;
    int64_t live = gs_live_handles();
    if (!outcome("gs_transpose", gs_transpose(src->t, d0, d1, &out), expect, live, &out)) return;
    slot *s = free_slot();
    if (s == src) { gs_tensor_free(&out); return; }
    double *ref = NULL;
    uint8_t *mask = NULL;
    if (src->ref && nd > 0) {
        int32_t a = d0 < 0 ? d0 + nd : d0, b = d1 < 0 ? d1 + nd : d1;
        int64_t shape[GS_MAX_NDIM], idx[GS_MAX_NDIM];
        memcpy(shape, src->shape, sizeof shape);
        shape[a] = src->shape[b];
        shape[b] = src->shape[a];
        ref = malloc(sizeof(double) * (size_t)(src->numel + 1));
        if (src->mask) mask = malloc((size_t)src->numel + 1);
        for (int64_t k = 0; k < src->numel; k++) {
            int64_t r = k;
            for (int32_t i = nd - 1; i >= 0; i--) { idx[i] = r % shape[i]; r /= shape[i]; }
            int64_t t = idx[a]; idx[a] = idx[b]; idx[b] = t;
            int64_t from = 0;
            for (int32_t i = 0; i < nd; i++) from = from * src->shape[i] + idx[i];
            ref[k] = src->ref[from];
            if (mask) mask[k] = src->mask[from];
        }
    } else if (src->ref) {
        ref = malloc(sizeof(double));
        ref[0] = src->ref[0];
    }
    adopt("gs_transpose", s, out, ref, mask);
}

/* gs_unary: neg, abs, square (stored values and fill), isnan. */
static void op_unary(slot *src) {
    static const char *ops[] = {"neg", "abs", "square", "isnan", "no_such_op"};
    int which = (int)fz_below(5);
    int expect = which == 4 ? MUST_REFUSE : EITHER;
    gs_tensor *out = SENTINEL;
    int64_t live = gs_live_handles();
    if (!outcome("gs_unary", gs_unary(src->t, ops[which], NULL, &out), expect, live, &out)) return;
    slot *s = free_slot();
    if (s == src) { gs_tensor_free(&out); return; }
    gs_dtype rd;
    CHECK_OK(gs_tensor_dtype(out, &rd));
    /* isnan gives bool; square of bool gives int64 as torch's pow(x, 2) */
    gs_dtype want = which == 3 ? GS_BOOL : which == 2 && src->dtype == GS_BOOL ? GS_INT64 : src->dtype;
    if (rd != want)
        CHECK_FAIL("gs_unary %s of dtype %d gave dtype %d", ops[which], (int)src->dtype, (int)rd);
    double *ref = NULL;
    uint8_t *mask = NULL;
    if (src->ref && src->dtype != GS_BOOL) {
        ref = malloc(sizeof(double) * (size_t)(src->numel + 1));
        for (int64_t k = 0; k < src->numel && ref; k++) {
            double x = src->ref[k];
            x = which == 0 ? -x : which == 1 ? fabs(x) : which == 2 ? x * x : (double)(isnan(x) != 0);
            x = fz_round(rd, x);
            if (!fz_exact(rd, x)) { free(ref); ref = NULL; }
            else ref[k] = x;
        }
    }
    if (ref && src->mask) {
        mask = malloc((size_t)src->numel + 1);
        memcpy(mask, src->mask, (size_t)src->numel);
    }
    adopt("gs_unary", s, out, ref, mask);
}

/* torch.promote_types for the driver's dtypes. */
static gs_dtype promote(gs_dtype a, gs_dtype b) {
    if (a == b) return a;
    if (a == GS_BOOL) return b;
    if (b == GS_BOOL) return a;
    int fa = fz_is_float(a), fb = fz_is_float(b);
    if (fa && fb) return fz_size(a) == 2 && fz_size(b) == 2 ? GS_FLOAT32 : fz_size(a) >= fz_size(b) ? a : b;
    if (fa) return a;
    if (fb) return b;
    if ((a == GS_UINT8 && b == GS_INT8) || (a == GS_INT8 && b == GS_UINT8)) return GS_INT16;
    if (a == GS_UINT8) return b;
    if (b == GS_UINT8) return a;
    return fz_size(a) >= fz_size(b) ? a : b;
}

/* torch.result_type of two tensors: a 0-d operand beside one with dims only
 * raises the category (bool < integer < float), never the width within it. */
static gs_dtype result_type(const slot *a, const slot *b) {
    if ((a->ndim == 0) == (b->ndim == 0)) return promote(a->dtype, b->dtype);
    gs_dtype dim = a->ndim ? a->dtype : b->dtype, zero = a->ndim ? b->dtype : a->dtype;
    if (fz_is_float(dim)) return dim;
    if (dim == GS_BOOL || fz_is_float(zero)) return promote(dim, zero);
    return dim;
}

/* Whether two shapes broadcast (torch's rule: aligned at the last dim, each
 * pair of sizes equal or one of them 1). */
static int broadcastable(const slot *a, const slot *b) {
    for (int32_t i = 1; i <= a->ndim && i <= b->ndim; i++) {
        int64_t x = a->shape[a->ndim - i], y = b->shape[b->ndim - i];
        if (x != y && x != 1 && y != 1) return 0;
    }
    return 1;
}

/* gs_binary add / mul / sub of two pool tensors (equal shapes or not). */
static void op_binary(slot *a, slot *b) {
    static const char *ops[] = {"add", "mul", "sub"};
    int which = (int)fz_below(3);
    int shapes_equal = a->ndim == b->ndim && memcmp(a->shape, b->shape, sizeof(int64_t) * (size_t)a->ndim) == 0;
    /* shapes that broadcast may be refused too: two sparse operands neither of
     * which has the result's shape */
    int expect = broadcastable(a, b) ? EITHER : MUST_REFUSE;
    gs_tensor *out = SENTINEL;
    int64_t live = gs_live_handles();
    if (!outcome("gs_binary", gs_binary(a->t, b->t, ops[which], NULL, &out), expect, live, &out)) return;
    slot *s = free_slot();
    if (s == a || s == b) { gs_tensor_free(&out); return; }
    gs_dtype rd;
    CHECK_OK(gs_tensor_dtype(out, &rd));
    if (!(which == 2 && a->dtype == GS_BOOL)) CHECK(rd == result_type(a, b));
    double *ref = NULL;
    if (a->ref && b->ref && shapes_equal && a->dtype != GS_BOOL && b->dtype != GS_BOOL) {
        ref = malloc(sizeof(double) * (size_t)(a->numel + 1));
        for (int64_t k = 0; k < a->numel && ref; k++) {
            double x = a->ref[k], y = b->ref[k];
            double r = fz_round(rd, which == 0 ? x + y : which == 1 ? x * y : x - y);
            if (!fz_exact(rd, r)) { free(ref); ref = NULL; }
            else ref[k] = r;
        }
    }
    adopt("gs_binary", s, out, ref, NULL);
}

/* gs_index_select with positions in range, negative and past the end. */
static void op_index_select(slot *src) {
    if (src->ndim == 0) return;
    int32_t dim = (int32_t)fz_below(src->ndim);
    int64_t len = src->shape[dim], n = fz_below(4);
    int64_t pos[4];
    int32_t pos32[4];
    int expect = MUST_ACCEPT, sparse = 0;
    gs_layout layout;
    CHECK_OK(gs_tensor_layout(src->t, &layout));
    sparse = layout != GS_STRIDED;
    for (int64_t k = 0; k < n; k++) {
        pos[k] = len > 0 ? fz_below(len < 1000 ? len : 1000) : 0;
        if (len == 0) expect = MUST_REFUSE;
        if (fz_one_in(8)) { pos[k] = -1 - fz_below(len + 2); if (!sparse || pos[k] < -len) expect = MUST_REFUSE; }
        if (fz_one_in(10)) { pos[k] = len + fz_below(3); expect = MUST_REFUSE; }
        pos32[k] = (int32_t)pos[k];
        if (pos[k] != pos32[k]) expect = EITHER;
    }
    int wide = fz_one_in(2);
    gs_array ia = arr1(wide ? (void *)pos : (void *)pos32, wide ? GS_INT64 : GS_INT32, n);
    if (fz_one_in(20)) { ia.dtype = GS_FLOAT32; expect = MUST_REFUSE; }
    int64_t dense = src->numel < 0 || src->numel / (len ? len : 1) > REF_MAX ? -1 : 0;
    if (dense < 0 && expect == MUST_ACCEPT) expect = EITHER; /* a strided result may pass the limit */
    gs_tensor *out = SENTINEL;
    int64_t live = gs_live_handles();
    if (!outcome("gs_index_select", gs_index_select(src->t, dim, &ia, &out), expect, live, &out)) return;
    slot *s = free_slot();
    if (s == src) { gs_tensor_free(&out); return; }
    double *ref = NULL;
    if (src->ref) {
        int64_t inner = 1, outer = 1;
        for (int32_t i = dim + 1; i < src->ndim; i++) inner *= src->shape[i];
        for (int32_t i = 0; i < dim; i++) outer *= src->shape[i];
        ref = malloc(sizeof(double) * (size_t)(outer * n * inner + 1));
        for (int64_t o = 0; o < outer; o++)
            for (int64_t k = 0; k < n; k++) {
                int64_t p = pos[k] < 0 ? pos[k] + len : pos[k];
                memcpy(ref + (o * n + k) * inner, src->ref + (o * len + p) * inner, sizeof(double) * (size_t)inner);
            }
    }
    adopt("gs_index_select", s, out, ref, NULL);
}

/* gs_narrow_copy with ranges in and out of bounds. */
static void op_narrow(slot *src) {
    if (src->ndim == 0) return;
    int32_t dim = (int32_t)fz_below(src->ndim);
    int64_t len = src->shape[dim];
    int64_t start = fz_below(len < 8 ? len + 2 : 8) - (fz_one_in(6) ? 3 : 0);
    int64_t length = fz_below(4) - (fz_one_in(8) ? 2 : 0);
    int expect = start >= 0 && length >= 0 && start + length <= len ? MUST_ACCEPT : MUST_REFUSE;
    if (start < 0 && start >= -len && length >= 0 && start + len + length <= len) expect = EITHER; /* torch wraps */
    if (expect == MUST_ACCEPT && (src->numel < 0 || src->numel > REF_MAX)) expect = EITHER;
    gs_tensor *out = SENTINEL;
    int64_t live = gs_live_handles();
    if (!outcome("gs_narrow_copy", gs_narrow_copy(src->t, dim, start, length, &out), expect, live, &out)) return;
    slot *s = free_slot();
    if (s == src) { gs_tensor_free(&out); return; }
    double *ref = NULL;
    if (src->ref) {
        int64_t st = start < 0 ? start + len : start;
        int64_t inner = 1, outer = 1;
        for (int32_t i = dim + 1; i < src->ndim; i++) inner *= src->shape[i];
        for (int32_t i = 0; i < dim; i++) outer *= src->shape[i];
        ref = malloc(sizeof(double) * (size_t)(outer * length * inner + 1));
        for (int64_t o = 0; o < outer; o++)
            memcpy(ref + o * length * inner, src->ref + (o * len + st) * inner, sizeof(double) * (size_t)(length * inner));
    }
    adopt("gs_narrow_copy", s, out, ref, NULL);
}

/* gs_with_fill_value where the specified positions are known. */
static void op_fill(slot *src) {
    gs_layout layout;
    CHECK_OK(gs_tensor_layout(src->t, &layout));
    if (layout == GS_STRIDED || !src->ref || !src->mask) return;
    double v = fz_value(src->dtype);
    unsigned char bytes[16];
    fz_store(src->dtype, bytes, 0, v);
    int64_t nbytes = fz_size(src->dtype);
    int expect = MUST_ACCEPT;
    if (fz_one_in(10)) { nbytes += 1; expect = MUST_REFUSE; }
    gs_tensor *out = SENTINEL;
    int64_t live = gs_live_handles();
    if (!outcome("gs_with_fill_value", gs_with_fill_value(src->t, bytes, nbytes, &out), expect, live, &out)) return;
    slot *s = free_slot();
    if (s == src) { gs_tensor_free(&out); return; }
    double *ref = malloc(sizeof(double) * (size_t)(src->numel + 1));
    uint8_t *mask = malloc((size_t)src->numel + 1);
    for (int64_t k = 0; k < src->numel; k++) ref[k] = src->mask[k] ? src->ref[k] : v;
    memcpy(mask, src->mask, (size_t)src->numel);
    adopt("gs_with_fill_value", s, out, ref, mask);
}

/* Frees a tensor; its stale handle must then be refused. */
static void op_free(slot *s) {
    gs_tensor *stale = s->t;
    int64_t live = gs_live_handles();
    CHECK_OK(gs_tensor_free(&s->t));
    CHECK(s->t == NULL);
    CHECK(gs_live_handles() == live - 1);
    int64_t nnz = -7;
    CHECK_ERR(gs_tensor_nnz(stale, &nnz), GS_ERR_INVALID_HANDLE, "");
    CHECK(nnz == -7);
    slot_clear(s);
}

static void step(void) {
    slot *a = random_live();
    int r = a ? (int)fz_below(20) : (int)fz_below(4);
    if (trace) {
        gs_layout l = -1;
        if (a) gs_tensor_layout(a->t, &l);
        fprintf(stderr, "step %d on layout %d dtype %d shape", r, (int)l, a ? (int)a->dtype : 0);
        for (int32_t i = 0; a && i < a->ndim; i++) fprintf(stderr, " %lld", (long long)a->shape[i]);
        fprintf(stderr, "\n");
    }
    switch (r) {
    case 0: make_coo(); break;
    case 1: make_compressed(); break;
    case 2: make_strided(); break;
    case 3: make_other(); break;
    case 4: case 5: case 6: op_same_values(a); break;
    case 7: op_to_dtype(a); break;
    case 8: op_transpose(a); break;
    case 9: case 10: op_unary(a); break;
    case 11: case 12: op_binary(a, random_live()); break;
    case 13: op_index_select(a); break;
    case 14: op_narrow(a); break;
    case 15: op_fill(a); break;
    case 16: op_free(a); break;
    case 17: check_slot("recheck", a); break; /* inputs stay as they were */
    default: make_coo(); break;
    }
}

int main(int argc, char **argv) {
    long long n = 3000;
    uint64_t seed = 20;
    const char *env_calls = getenv("FUZZ_CALLS"), *env_seed = getenv("FUZZ_SEED");
    if (env_calls) n = atoll(env_calls);
    if (env_seed) seed = strtoull(env_seed, NULL, 0);
    if (argc > 1) n = atoll(argv[1]);
    if (argc > 2) seed = strtoull(argv[2], NULL, 0);
    trace = getenv("FUZZ_TRACE") != NULL;
    fz_state = seed;
    check_start();
    int64_t old_limit = 0;
    CHECK_OK(gs_get_memory_limit(&old_limit));
    CHECK_OK(gs_set_memory_limit(MEMORY_LIMIT));
    while (calls < n && check_failures < 20) step();
    for (int i = 0; i < POOL; i++) {
        if (pool[i].t) check_slot("final", &pool[i]);
        gs_tensor_free(&pool[i].t);
        slot_clear(&pool[i]);
    }
    CHECK_OK(gs_set_memory_limit(old_limit));
    printf("fuzz_abi: seed %llu: %lld calls, %lld accepted, %lld refused (%lld not implemented), "
           "%lld results checked by value, "
           "%d failures, live handles %lld at the end (%lld at the start)\n",
           (unsigned long long)seed, calls, accepted, refused, not_implemented, values_checked, check_failures,
           (long long)gs_live_handles(), (long long)check_live_at_start);
    return check_finish("fuzz_abi");
}
