package ustorage

import (
	"fmt"
	"slices"

	"github.com/gosparse/gosparse/core/format"
)

// Build lays out dense (row-major, of the given shape) in format f, storing
// every nonzero (zeros, -0 included, are dropped, as the reference drops
// them; NaN is stored) with the padding the format implies. It refuses an
// invalid format, a shape that does not fit it or dense, a tensor the format
// cannot hold (two entries under one singleton position, more than n
// nonzeros in a structured(n) strip, batches of different sizes) and a
// storage over DefaultByteLimit. dense is not changed.
func Build[T Value](f format.Format, shape []int64, dense []T) (*Storage[T], error) {
	return BuildLimit(f, shape, dense, DefaultByteLimit)
}

// BuildLimit is Build with the byte limit given: the pos, crd and values
// arrays plus the build's working arrays (level coordinates of the nonzeros)
// must fit in limit bytes, or the error wraps ErrTooLarge. The sizes are
// computed before anything of that size is allocated.
func BuildLimit[T Value](f format.Format, shape []int64, dense []T, limit int64) (*Storage[T], error) {
	x, err := format.NewIndexer(f)
	if err != nil {
		return nil, err
	}
	sizes, err := x.LevelSizes(shape)
	if err != nil {
		return nil, err
	}
	if n := numel(shape); n != int64(len(dense)) {
		return nil, fmt.Errorf("ustorage: dense has %d elements, shape %v needs %s", len(dense), shape, countText(n))
	}
	nl := len(f.Levels)
	nnz := int64(0)
	for _, v := range dense {
		if v != 0 {
			nnz++
		}
	}
	vs := sizeOf[T]()
	// The working arrays: the nonzeros' level coordinates and values, twice
	// while sorting, and a permutation.
	work := mulCount(nnz, 2*int64(nl)+1)
	if bytesFor(work, mulCount(nnz, 2), vs) > limit {
		return nil, tooLarge("the nonzeros' level coordinates", f, work, mulCount(nnz, 2), vs, limit)
	}
	c := &composer[T]{
		f: x.Format(), sizes: sizes, nl: nl,
		coords: make([]int64, nnz*int64(nl)),
		vals:   make([]T, 0, nnz),
		posN:   make([]int64, nl), crdN: make([]int64, nl),
	}
	gather(x, shape, dense, c)
	c.sortEntries()

	if err := c.run(); err != nil {
		return nil, err
	}
	idx := int64(0)
	for l := 0; l < nl; l++ {
		idx = addCount(idx, addCount(c.posN[l], c.crdN[l]))
	}
	batchExtra := batchPosExtra(c.f, sizes)
	idx = addCount(idx, batchExtra)
	if bytesFor(addCount(idx, work), addCount(c.valN, mulCount(nnz, 2)), vs) > limit {
		return nil, tooLarge("the storage", f, idx, c.valN, vs, limit)
	}
	c.allocate()
	if err := c.run(); err != nil {
		return nil, err
	}
	s := &Storage[T]{
		Format: c.f, Shape: slices.Clone(shape), LevelSizes: sizes,
		Levels: c.out, Values: c.values,
	}
	if err := unlinearizeBatch(s); err != nil {
		return nil, err
	}
	return s, nil
}

// gather appends the nonzeros of dense and their level coordinates to c,
// walking dense in row-major order with an odometer over the shape.
func gather[T Value](x *format.Indexer, shape []int64, dense []T, c *composer[T]) {
	dim := make([]int64, len(shape))
	e := 0
	for _, v := range dense {
		if v != 0 {
			x.DimToLvl(dim, c.coords[e*c.nl:(e+1)*c.nl])
			c.vals = append(c.vals, v)
			e++
		}
		for d := len(dim) - 1; d >= 0; d-- {
			dim[d]++
			if dim[d] < shape[d] {
				break
			}
			dim[d] = 0
		}
	}
}

// sortEntries orders the entries lexicographically by level coordinates
// (stable, so equal coordinates keep the dense order).
func (c *composer[T]) sortEntries() {
	n := len(c.vals)
	nl := c.nl
	sorted := true
	for i := 1; i < n && sorted; i++ {
		sorted = slices.Compare(c.coords[(i-1)*nl:i*nl], c.coords[i*nl:(i+1)*nl]) <= 0
	}
	if sorted {
		return
	}
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	slices.SortStableFunc(perm, func(a, b int) int {
		return slices.Compare(c.coords[a*nl:(a+1)*nl], c.coords[b*nl:(b+1)*nl])
	})
	coords := make([]int64, len(c.coords))
	vals := make([]T, n)
	for i, p := range perm {
		copy(coords[i*nl:(i+1)*nl], c.coords[p*nl:(p+1)*nl])
		vals[i] = c.vals[p]
	}
	c.coords, c.vals = coords, vals
}
