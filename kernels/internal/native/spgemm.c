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

// PREFETCH_AHEAD is how many entries of A ahead the row loops prefetch the
// row of B that an entry selects (its first indices and values), and twice
// that far ahead that row's pointer: where B's rows are scattered over more
// memory than the caches hold (a uniform random matrix), the loops
// otherwise wait on a miss for each, one after the other. On a uniform
// random 100K x 100K matrix with 8 entries a row, squared, the numeric
// phase took 80 ms of CPU against 175 ms, the symbolic 10 against 17-28 ms
// (medians of seven, two goroutines, a loaded machine); on the Laplacian
// square, whose rows of B are next to each other, it costs a few
// instructions an entry.
#define PREFETCH_AHEAD 8

// PREFETCH_B starts loading what the entries PREFETCH_AHEAD and twice that
// after entry p of A will need of B (b_val NULL: the indices only). An
// index out of range prefetches nothing: the loops report it when they
// get there. a_len is the length of a_idx.
#define PREFETCH_B(a_idx, a_len, b_ptr, b_rows, b_idx, b_val, p)                             \
	do {                                                                                 \
		if ((p) + 2 * PREFETCH_AHEAD < (a_len)) {                                        \
			uint64_t kf_ = (uint64_t)(a_idx)[(p) + 2 * PREFETCH_AHEAD];                  \
			if (kf_ < (uint64_t)(b_rows))                                                \
				__builtin_prefetch((b_ptr) + kf_);                                       \
		}                                                                                \
		if ((p) + PREFETCH_AHEAD < (a_len)) {                                            \
			uint64_t k_ = (uint64_t)(a_idx)[(p) + PREFETCH_AHEAD];                       \
			if (k_ < (uint64_t)(b_rows)) {                                               \
				int64_t q_ = (int64_t)(b_ptr)[k_];                                       \
				__builtin_prefetch((const char *)(b_idx) + q_ * (int64_t)sizeof *(b_idx)); \
				if ((b_val) != NULL)                                                     \
					__builtin_prefetch((const char *)(b_val) + q_ * (int64_t)sizeof *(b_val)); \
			}                                                                            \
		}                                                                                \
	} while (0)

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

// Rows of up to SORT_MERGE_MAX columns in at most SORT_RUNS_MAX runs are
// sorted by merging the runs (spgemm_sort.h); the scratch lives on the
// stack of the numeric loop (8 KiB of int64 columns).
#define SORT_MERGE_MAX 1024
#define SORT_RUNS_MAX 64

// The sorts of each index type (for C's columns), then the loops of each
// combination: inputs and output of one width, and int32 inputs with an
// int64 output (a caller that receives int64 indices from int32 operands).
#define IDX int32_t
#define SHELL_NAME shell_sort_i32
#define SORT_NAME merge_sort_i32
#include "spgemm_sort.h"
#undef SHELL_NAME
#undef SORT_NAME
#define COUNT_NAME count_i32
#include "spgemm_count.h"
#undef IDX

#define IDX int64_t
#define SHELL_NAME shell_sort_i64
#define SORT_NAME merge_sort_i64
#include "spgemm_sort.h"
#undef SHELL_NAME
#undef SORT_NAME
#define COUNT_NAME count_i64
#include "spgemm_count.h"
#undef IDX

#define IDX int32_t
#define SHELL_NAME shell_sort_i32
#define SORT_NAME merge_sort_i32
#define OIDX int32_t
#define VAL float
#define FILL_NAME fill_i32_f32
#include "spgemm_fill.h"
#define OIDX int32_t
#define VAL double
#define FILL_NAME fill_i32_f64
#include "spgemm_fill.h"
#undef SHELL_NAME
#undef SORT_NAME
#define SHELL_NAME shell_sort_i64
#define SORT_NAME merge_sort_i64
#define OIDX int64_t
#define VAL float
#define FILL_NAME fill_i32_o64_f32
#include "spgemm_fill.h"
#define OIDX int64_t
#define VAL double
#define FILL_NAME fill_i32_o64_f64
#include "spgemm_fill.h"
#undef IDX

#define IDX int64_t
#define OIDX int64_t
#define VAL float
#define FILL_NAME fill_i64_f32
#include "spgemm_fill.h"
#define OIDX int64_t
#define VAL double
#define FILL_NAME fill_i64_f64
#include "spgemm_fill.h"
#undef IDX
#undef SHELL_NAME
#undef SORT_NAME

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

int64_t gsk_spgemm_fill(int wide_idx, int wide_out, int double_val, const void *a_ptr, const void *a_idx,
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
	if (wide_out)
		return double_val ? fill_i32_o64_f64(GSK_FILL_ARGS) : fill_i32_o64_f32(GSK_FILL_ARGS);
	return double_val ? fill_i32_f64(GSK_FILL_ARGS) : fill_i32_f32(GSK_FILL_ARGS);
#undef GSK_FILL_ARGS
}
