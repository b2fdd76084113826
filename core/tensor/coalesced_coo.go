package tensor

// CoalescedCOO lists t's stored entries as a coalesced COO tensor with
// denseDim dense dims (-1: t's own): t itself when it is one already (a
// custom-format tensor reads as its per-call COO tensor, Named), otherwise a conversion where the
// layout or dense dims differ, coalesced where duplicates remain. The index
// width stays int64 when t's is (KeptWidth), so that no index narrows.
// Callers only read the result: it may be t.
func CoalescedCOO(t *Tensor, denseDim int) (*Tensor, error) {
	t = t.named()
	if denseDim < 0 {
		denseDim = t.denseDim
	}
	c := t
	if t.layout != COO || t.denseDim != denseDim {
		var err error
		opt := ConvertOptions{DenseDim: denseDim, SparseDim: -1, IndexWidth: KeptWidth(t)}
		if c, err = ToLayout(t, COO, opt); err != nil {
			return nil, err
		}
	}
	if c.coalesced {
		return c, nil
	}
	return Coalesce(c)
}
