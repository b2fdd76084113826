package tensor

// MarkedRun finds the dims a mask marks (a reduction's reduced dims, a
// gradient's summed ones) when they are one contiguous run [lo, hi), so that
// a row-major shape splits as (outer, run, inner) blocks; ok is false when
// none or more than one run is marked.
func MarkedRun(marked []bool) (lo, hi int, ok bool) {
	lo, hi = -1, -1
	for d, on := range marked {
		switch {
		case on && lo < 0:
			lo, hi = d, d+1
		case on && hi == d:
			hi = d + 1
		case on:
			return 0, 0, false
		}
	}
	return lo, hi, lo >= 0
}
