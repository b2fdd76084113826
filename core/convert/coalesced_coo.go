package convert

import "github.com/gosparse/gosparse/core/tensor"

// CoalescedCOO lists t's stored entries as a coalesced COO tensor with
// denseDim dense dims (-1: t's own): t itself when it is one already (a
// custom-format tensor reads as its per-call COO tensor, tensor.Named),
// otherwise a conversion where the layout or dense dims differ, coalesced
// where duplicates remain. The index width stays int64 when t's is
// (KeptWidth), so that no index narrows. Callers only read the
// result: it may be t.
func CoalescedCOO(t *tensor.Tensor, denseDim int) (*tensor.Tensor, error) {
	n, err := tensor.Named(t)
	if err != nil {
		return nil, err
	}
	return CoalescedCOOWidth(n, denseDim, KeptWidth(n))
}

// CoalescedCOOWidth is CoalescedCOO with int32 (width 32) or int64 (64)
// indices, as a kernel that reads one width needs; width 0 keeps any width
// and converts to the narrowest that fits.
func CoalescedCOOWidth(t *tensor.Tensor, denseDim, width int) (*tensor.Tensor, error) {
	t, err := tensor.Named(t)
	if err != nil {
		return nil, err
	}
	if denseDim < 0 {
		denseDim = t.DenseDim()
	}
	c := t
	if t.Layout() != tensor.COO || t.DenseDim() != denseDim || width != 0 && t.IndexWidth() != width {
		opt := tensor.ConvertOptions{DenseDim: denseDim, SparseDim: -1, IndexWidth: width}
		if c, err = ToLayout(t, tensor.COO, opt); err != nil {
			return nil, err
		}
	}
	if c.IsCoalesced() {
		return c, nil
	}
	return Coalesce(c)
}
