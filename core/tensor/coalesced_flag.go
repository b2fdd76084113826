package tensor

import "slices"

// WithCoalesced returns t marked coalesced or not (a COO tensor's flag and
// its last level's uniqueness), sharing t's arrays; t is unchanged. Only for
// a flag the entries bear out: true needs sorted, unique coordinates.
func (t *Tensor) WithCoalesced(v bool) *Tensor {
	t = t.named()
	c := *t
	c.levels = slices.Clone(t.levels)
	c.setCoalesced(v)
	return &c
}

// setCoalesced sets a COO tensor's coalesced flag (and its last level's
// uniqueness with it), on a tensor this package is still making.
func (t *Tensor) setCoalesced(v bool) {
	t.coalesced = v
	if t.SparseDim() == 0 { // no coordinate level to mark
		return
	}
	t.levels[t.SparseDim()-1].Nonunique = !v
}
