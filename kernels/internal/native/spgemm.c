//go:build cgo

// The dense-accumulator row loops of SpGEMM, instantiated for each index
// and value type from the templates spgemm_count.h and
// spgemm_fill.h. Why C: see doc.go.

#include <string.h>

// Products are rounded before they are added, as in the Go loops (a fused
// multiply-add, where the target has one, would give other bits). cgo does
// not take -ffp-contract=off as a flag; clang reads the standard pragma.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#else
#pragma GCC optimize("fp-contract=off")
#endif

#include "spgemm.h"

// bad_range says whether [p0, p1) is not a range within [0, len).
static inline int bad_range(int64_t p0, int64_t p1, int64_t len) { return p0 < 0 || p1 < p0 || p1 > len; }

// The gaps of the rows' Shell sort, largest first, ending with 1 (an
// insertion sort, all that rows of up to 32 columns get), zero-terminated:
// Ciura's sequence, with 1750 its usual extension. Rows of more columns
// than SHELL_SORT_MAX go back to Go's pattern-defeating quicksort.
#define SHELL_SORT_MAX 4096
static const int64_t shell_gaps[] = {1750, 701, 301, 132, 57, 23, 10, 4, 1, 0};
static const int64_t *const shell_gap_one = shell_gaps + sizeof shell_gaps / sizeof *shell_gaps - 2;

// bit_len returns the bits needed to write n > 0 (Go's bits.Len).
static inline int64_t bit_len(int64_t n) { return 64 - __builtin_clzll((unsigned long long)n); }

#define IDX int32_t
#define COUNT_NAME count_i32
#include "spgemm_count.h"
#define VAL float
#define FILL_NAME fill_i32_f32
#include "spgemm_fill.h"
#define VAL double
#define FILL_NAME fill_i32_f64
#include "spgemm_fill.h"
#undef IDX

#define IDX int64_t
#define COUNT_NAME count_i64
#include "spgemm_count.h"
#define VAL float
#define FILL_NAME fill_i64_f32
#include "spgemm_fill.h"
#define VAL double
#define FILL_NAME fill_i64_f64
#include "spgemm_fill.h"
#undef IDX

int64_t gsk_spgemm_count(int wide_idx, const void *a_ptr, const void *a_idx, int64_t a_len,
                         const void *b_ptr, const void *b_idx, int64_t b_rows, int64_t b_len,
                         int64_t cols, uint32_t *marks, uint32_t *tag, int64_t *prefix, int64_t r0,
                         int64_t r1, int64_t *total, int32_t *status) {
	if (wide_idx)
		return count_i64(a_ptr, a_idx, a_len, b_ptr, b_idx, b_rows, b_len, cols, marks, tag,
		                 prefix, r0, r1, total, status);
	return count_i32(a_ptr, a_idx, a_len, b_ptr, b_idx, b_rows, b_len, cols, marks, tag, prefix,
	                 r0, r1, total, status);
}

int64_t gsk_spgemm_fill(int wide_idx, int double_val, const void *a_ptr, const void *a_idx,
                        const void *a_val, int64_t a_len, const void *b_ptr, const void *b_idx,
                        const void *b_val, int64_t b_rows, int64_t b_len, int64_t cols,
                        uint32_t *tags, void *acc, uint32_t *tag, const int64_t *row_ptr,
                        void *c_idx, void *c_val, int64_t c_len, int64_t r0, int64_t r1,
                        int64_t *listed, int32_t *status) {
#define GSK_FILL_ARGS                                                                          \
	a_ptr, a_idx, a_val, a_len, b_ptr, b_idx, b_val, b_rows, b_len, cols, tags, acc, tag, row_ptr, \
	    c_idx, c_val, c_len, r0, r1, listed, status
	if (wide_idx)
		return double_val ? fill_i64_f64(GSK_FILL_ARGS) : fill_i64_f32(GSK_FILL_ARGS);
	return double_val ? fill_i32_f64(GSK_FILL_ARGS) : fill_i32_f32(GSK_FILL_ARGS);
#undef GSK_FILL_ARGS
}
