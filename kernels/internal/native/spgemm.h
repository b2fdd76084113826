// The dense-accumulator row loops of SpGEMM in C (spgemm.c), for
// int32 and int64 indices and float and double values. See
// doc.go for why they are in C.

#ifndef GOSPARSE_KERNELS_NATIVE_SPGEMM_H
#define GOSPARSE_KERNELS_NATIVE_SPGEMM_H

#include <stdint.h>

// What a row loop stopped for. It returns the row it stopped at.
enum {
	SPGEMM_NATIVE_DONE = 0,     // every row of the range is done
	SPGEMM_NATIVE_LONG_ROW = 1, // the row's columns are listed, unsorted: the caller sorts them
	SPGEMM_NATIVE_BAD = 2,      // a row pointer or column index is out of range, or a row's
	                            // entry count differs from row_ptr's
};

// gsk_spgemm_count is the symbolic count of rows [r0, r1) of C = A*B:
// prefix[i+1] gets the running count of the distinct columns of the rows
// up to i, *total the range's count. Indices are int64_t when wide_idx,
// else int32_t; a_len and b_len are the lengths of a_idx and b_idx. marks
// (cols entries) and *tag are the dense accumulator of spgemmMarks.
int64_t gsk_spgemm_count(int wide_idx, const void *a_ptr, const void *a_idx, int64_t a_len,
                         const void *b_ptr, const void *b_idx, int64_t b_rows, int64_t b_len,
                         int64_t cols, uint32_t *marks, uint32_t *tag, int64_t *prefix, int64_t r0,
                         int64_t r1, int64_t *total, int32_t *status);

// gsk_spgemm_fill is the numeric phase of rows [r0, r1) of C = A*B into
// c_idx and c_val at the offsets row_ptr gives, each row's columns sorted
// ascending. A's and B's indices are int64_t when wide_idx, else int32_t;
// C's are int64_t when wide_idx or wide_out, else int32_t. Values are
// double when double_val, else float; a_len and b_len
// are the shorter of the index and value lengths, c_len that of C's. tags,
// acc (cols entries each) and *tag are the dense accumulator of spgemmSPA.
// At SPGEMM_NATIVE_LONG_ROW, *listed is the count of the columns the row
// listed, unsorted, at c_idx + row_ptr[row], with their sums in acc.
int64_t gsk_spgemm_fill(int wide_idx, int wide_out, int double_val, const void *a_ptr, const void *a_idx,
                        const void *a_val, int64_t a_len, const void *b_ptr, const void *b_idx,
                        const void *b_val, int64_t b_rows, int64_t b_len, int64_t cols,
                        uint32_t *tags, void *acc, uint32_t *tag, const int64_t *row_ptr,
                        void *c_idx, void *c_val, int64_t c_len, int64_t r0, int64_t r1,
                        int64_t *listed, int32_t *status);

#endif
