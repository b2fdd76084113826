// Template of the sorts of a row's listed columns, static functions
// SHELL_NAME and SORT_NAME for the index type IDX (no include guard:
// spgemm.c includes it once per index type, and the numeric loop of that
// type calls both by these names). The columns are distinct.
//
// SHELL_NAME is a Shell sort with the gaps from gaps on (gaps larger than
// n are skipped; the last is 1): an insertion sort when gaps is
// shell_gap_one, what rows of up to 32 columns (found nearly in order) get.
//
// They come as runs: the columns of each row of B that the row of C
// combines, in B's order, which is ascending in a sorted CSR. A natural
// merge sort finds the runs and merges them pairwise with branch-free
// merges, each pass halving the runs: on a uniform random 100K x 100K
// matrix with 8 entries a row, squared (64 columns a row in 8 runs), the
// numeric phase took 175 ms of CPU against 260 ms with the Shell sort,
// whose comparisons of random columns mispredict half the time (medians
// of seven, two goroutines, a loaded machine). Rows of
// more than SORT_RUNS_MAX runs (B's rows unsorted, or many short rows)
// go to the Shell sort. tmp has room for n columns (n <= SORT_MERGE_MAX).

static void SHELL_NAME(IDX *out, int64_t n, const int64_t *g) {
	while (*g >= n && *g)
		g++;
	for (; *g; g++) {
		int64_t gap = *g;
		for (int64_t u = gap; u < n; u++) {
			IDX v = out[u];
			int64_t w = u;
			for (; w >= gap && out[w - gap] > v; w -= gap)
				out[w] = out[w - gap];
			out[w] = v;
		}
	}
}

static void SORT_NAME(IDX *out, int64_t n, IDX *tmp) {
	int64_t bounds[SORT_RUNS_MAX + 1];
	int64_t runs = 0;
	bounds[0] = 0;
	for (int64_t u = 1; u < n; u++) {
		if (out[u] < out[u - 1]) {
			if (++runs == SORT_RUNS_MAX) {
				SHELL_NAME(out, n, shell_gaps);
				return;
			}
			bounds[runs] = u;
		}
	}
	bounds[++runs] = n;
	IDX *src = out, *dst = tmp;
	while (runs > 1) {
		int64_t merged = 0;
		for (int64_t r = 0; r < runs; r += 2) {
			int64_t s0 = bounds[r], s1 = bounds[r + 1];
			if (r + 1 == runs) { // an odd run out: copied as it is
				memcpy(dst + s0, src + s0, (size_t)(s1 - s0) * sizeof *src);
				bounds[merged++] = s0;
				continue;
			}
			int64_t s2 = bounds[r + 2], i = s0, j = s1, k = s0;
			while (i < s1 && j < s2) {
				IDX x = src[i], y = src[j];
				int64_t c = y < x;
				dst[k++] = c ? y : x;
				i += 1 - c;
				j += c;
			}
			memcpy(dst + k, src + i, (size_t)(s1 - i) * sizeof *src);
			k += s1 - i;
			memcpy(dst + k, src + j, (size_t)(s2 - j) * sizeof *src);
			bounds[merged++] = s0;
		}
		bounds[merged] = n;
		runs = merged;
		IDX *t = src;
		src = dst;
		dst = t;
	}
	if (src != out)
		memcpy(out, src, (size_t)n * sizeof *out);
}
