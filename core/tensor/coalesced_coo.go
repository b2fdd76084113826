package tensor

// CoalescedCOO lists t's stored entries as a coalesced COO tensor with
// denseDim dense dims (-1: t's own): t itself when it is one already (a
// custom-format tensor reads as its per-call COO tensor, Named), otherwise a conversion where the
// layout or dense dims differ, coalesced where duplicates remain. The index
// width stays int64 when t's is (KeptWidth), so that no index narrows.
// Callers only read the result: it may be t.
func CoalescedCOO(t *Tensor, denseDim int) (*Tensor, error) {
	t = t.named()
	return CoalescedCOOWidth(t, denseDim, KeptWidth(t))
}

// CoalescedCOOWidth is CoalescedCOO with int32 (width 32) or int64 (64)
// indices, as a kernel that reads one width needs; width 0 keeps any width
// and converts to the narrowest that fits.
func CoalescedCOOWidth(t *Tensor, denseDim, width int) (*Tensor, error) {
	t = t.named()
	if denseDim < 0 {
		denseDim = t.denseDim
	}
	c := t
	if t.layout != COO || t.denseDim != denseDim || width != 0 && t.width != width {
		var err error
		opt := ConvertOptions{DenseDim: denseDim, SparseDim: -1, IndexWidth: width}
		if c, err = ToLayout(t, COO, opt); err != nil {
			return nil, err
		}
	}
	if c.coalesced {
		return c, nil
	}
	return Coalesce(c)
}
