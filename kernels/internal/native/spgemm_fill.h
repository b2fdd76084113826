// Template of the numeric row loop, a static function FILL_NAME for the
// index type IDX of A and B, the index type OIDX of C (as wide as IDX or
// wider: the width a caller receives is not the one the loop reads) and
// the value type VAL (no include guard: spgemm.c includes it once per
// triple; it undefines VAL, OIDX and FILL_NAME). SHELL_NAME and SORT_NAME
// must be the sorts of OIDX. The same loop as
// spgemmFillDense: the first product that reaches column j in a row sets
// acc[j], later ones add to it, the columns are listed in the order found,
// then ordered by a scan of the tags (narrow rows), an insertion sort (up to
// 32 columns), a merge of the runs they came in (spgemm_sort.h, up to
// SORT_MERGE_MAX) or a Shell sort (up to SHELL_SORT_MAX columns). A row that is neither is handed back unsorted
// (SPGEMM_NATIVE_LONG_ROW, *listed columns) for the caller's sort. Every
// row pointer and column index is checked, and so is the row's entry
// count against row_ptr, so that every output entry is written.

static int64_t FILL_NAME(const IDX *a_ptr, const IDX *a_idx, const VAL *a_val, int64_t a_len,
                         const IDX *b_ptr, const IDX *b_idx, const VAL *b_val, int64_t b_rows,
                         int64_t b_len, int64_t cols, uint32_t *tags, VAL *acc, uint32_t *tag,
                         const int64_t *row_ptr, OIDX *c_idx, VAL *c_val, int64_t c_len, int64_t r0,
                         int64_t r1, int64_t *listed, int32_t *status) {
	uint32_t t = *tag;
	OIDX sort_tmp[SORT_MERGE_MAX];
	int64_t i = r0;
	for (; i < r1; i++) {
		if (++t == 0) { // the tags wrapped around: old tags could match
			memset(tags, 0, (size_t)cols * sizeof *tags);
			t = 1;
		}
		int64_t s = row_ptr[i], e = row_ptr[i + 1];
		int64_t p0 = a_ptr[i], p1 = a_ptr[i + 1];
		if (bad_range(s, e, c_len) || bad_range(p0, p1, a_len))
			goto bad;
		OIDX *out = c_idx + s;
		int64_t room = e - s, n = 0;
		for (int64_t p = p0; p < p1; p++) {
			PREFETCH_B(a_idx, a_len, b_ptr, b_rows, b_idx, b_val, p);
			uint64_t k = (uint64_t)a_idx[p];
			if (k >= (uint64_t)b_rows)
				goto bad;
			int64_t q0 = b_ptr[k], q1 = b_ptr[k + 1];
			if (bad_range(q0, q1, b_len))
				goto bad;
			VAL av = a_val[p];
			for (int64_t q = q0; q < q1; q++) {
				uint64_t j = (uint64_t)b_idx[q];
				if (j >= (uint64_t)cols)
					goto bad;
				VAL prod = av * b_val[q];
				if (tags[j] != t) {
					if (n == room)
						goto bad;
					tags[j] = t;
					acc[j] = prod;
					out[n++] = (OIDX)j;
				} else {
					acc[j] += prod;
				}
			}
		}
		if (n != room)
			goto bad;
		if (n == 0)
			continue;
		OIDX lo = out[0], hi = out[0];
		for (int64_t u = 1; u < n; u++) {
			lo = out[u] < lo ? out[u] : lo;
			hi = out[u] > hi ? out[u] : hi;
		}
		if ((int64_t)hi - lo + 1 <= 2 * n * bit_len(n)) {
			// Narrow row: a scan of the tags is cheaper than a sort.
			int64_t m = 0;
			for (int64_t j = lo; j <= hi; j++)
				if (tags[j] == t)
					out[m++] = (OIDX)j;
		} else if (n <= 32) {
			// Rows of up to 32 columns (found nearly in order): an
			// insertion sort. A cgo return per row would cost more.
			SHELL_NAME(out, n, shell_gap_one);
		} else if (n <= SORT_MERGE_MAX) {
			// Runs from the rows of B, merged (spgemm_sort.h).
			SORT_NAME(out, n, sort_tmp);
		} else if (n <= SHELL_SORT_MAX) {
			SHELL_NAME(out, n, shell_gaps);
		} else {
			*listed = n;
			*tag = t;
			*status = SPGEMM_NATIVE_LONG_ROW;
			return i;
		}
		VAL *vals = c_val + s;
		for (int64_t u = 0; u < n; u++)
			vals[u] = acc[out[u]];
	}
	*tag = t;
	*status = SPGEMM_NATIVE_DONE;
	return i;
bad:
	*tag = t;
	*status = SPGEMM_NATIVE_BAD;
	return i;
}

#undef VAL
#undef OIDX
#undef FILL_NAME
