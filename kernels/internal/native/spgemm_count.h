// Template of the symbolic count, a static function COUNT_NAME for the
// index type IDX (no include guard: spgemm.c includes it once per
// index type; it undefines COUNT_NAME). The same loop as spgemmCountDense,
// with every row pointer and column index checked.

static int64_t COUNT_NAME(const IDX *a_ptr, const IDX *a_idx, int64_t a_len, const IDX *b_ptr,
                          const IDX *b_idx, int64_t b_rows, int64_t b_len, int64_t cols,
                          uint32_t *marks, uint32_t *tag, int64_t *prefix, int64_t r0, int64_t r1,
                          int64_t *total, int32_t *status) {
	uint32_t t = *tag;
	int64_t sum = 0, i = r0;
	for (; i < r1; i++) {
		if (++t == 0) { // the tags wrapped around: old marks could match
			memset(marks, 0, (size_t)cols * sizeof *marks);
			t = 1;
		}
		int64_t p0 = a_ptr[i], p1 = a_ptr[i + 1], cnt = 0;
		if (bad_range(p0, p1, a_len))
			goto bad;
		for (int64_t p = p0; p < p1; p++) {
			PREFETCH_B(a_idx, a_len, b_ptr, b_rows, b_idx, (const IDX *)NULL, p);
			uint64_t k = (uint64_t)a_idx[p];
			if (k >= (uint64_t)b_rows)
				goto bad;
			int64_t q0 = b_ptr[k], q1 = b_ptr[k + 1];
			if (bad_range(q0, q1, b_len))
				goto bad;
			for (int64_t q = q0; q < q1; q++) {
				uint64_t j = (uint64_t)b_idx[q];
				if (j >= (uint64_t)cols)
					goto bad;
				if (marks[j] != t) {
					marks[j] = t;
					cnt++;
				}
			}
		}
		sum += cnt;
		prefix[i + 1] = sum;
	}
	*tag = t;
	*total = sum;
	*status = SPGEMM_NATIVE_DONE;
	return i;
bad:
	*tag = t;
	*status = SPGEMM_NATIVE_BAD;
	return i;
}

#undef COUNT_NAME
