package ustorage

import (
	"slices"

	"github.com/gosparse/gosparse/core/format"
)

// Arrangement is the storage that Arrange lays out for a list of entries:
// the structure, and for every value slot the entry it holds (Source[p] = e)
// or -1 for padding. A caller fills the values of any element type from it.
type Arrangement struct {
	Structure
	Source []int64
}

// Arrange lays out n entries in format f over a tensor of the given shape,
// exactly as Build lays out the nonzeros of a dense array: coord(e, dim)
// writes entry e's dimension coordinates, each inside the shape (the caller
// guarantees it), and the entries must hold distinct coordinates unless f is
// nonunique (sum duplicates first). Entries already in level order (CSR rows
// into a CSR-like format) skip the sort: the build is then O(n + padding).
// The arrays, the working arrays and 8-byte values must fit in limit bytes,
// or the error wraps ErrTooLarge before they are allocated.
func Arrange(f format.Format, shape []int64, n int64, coord func(e int64, dim []int64), valueSize, limit int64) (*Arrangement, error) {
	x, sizes, err := format.IndexShape(f, shape)
	if err != nil {
		return nil, err
	}
	nl := len(f.Levels)
	work := mulCount(n, 2*int64(nl)+1)
	if bytesFor(work, n, 8) > limit {
		return nil, tooLarge("the entries' level coordinates", f, work, n, 8, limit)
	}
	// The composer carries entry e as the value e+1, so that its padding
	// (the value 0) reads as -1 below.
	c := &composer[int64]{
		f: x.Format(), sizes: sizes, nl: nl,
		coords: make([]int64, n*int64(nl)),
		vals:   make([]int64, n),
		posN:   make([]int64, nl), crdN: make([]int64, nl),
	}
	dim := make([]int64, len(shape))
	for e := int64(0); e < n; e++ {
		coord(e, dim)
		x.DimToLvl(dim, c.coords[e*int64(nl):(e+1)*int64(nl)])
		c.vals[e] = e + 1
	}
	c.sortEntries()
	idx, err := c.count()
	if err != nil {
		return nil, err
	}
	if bytesFor(addCount(idx, work), addCount(c.valN, n), max(valueSize, 8)) > limit {
		return nil, tooLarge("the storage", f, idx, c.valN, max(valueSize, 8), limit)
	}
	c.allocate()
	if err := c.run(); err != nil {
		return nil, err
	}
	s := &Storage[int64]{Format: c.f, Shape: slices.Clone(shape), LevelSizes: sizes, Levels: c.out, Values: c.values}
	if err := unlinearizeBatch(s); err != nil {
		return nil, err
	}
	for p := range s.Values {
		s.Values[p]--
	}
	return &Arrangement{Structure: *s.Structure(), Source: s.Values}, nil
}
