package ustorage

import (
	"cmp"
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
	x, sizes, err := format.IndexShape(f, shape)
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

	idx, err := c.count()
	if err != nil {
		return nil, err
	}
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
// (stable, so equal coordinates keep the input order). When the levels'
// coordinate ranges multiply to less than 2^63 each entry gets one linear
// key, sorted with the entry index as tie-break (an O(n log n) sort of
// integer pairs); otherwise the coordinate rows are compared.
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
	perm := c.linearOrder()
	if perm == nil {
		perm = make([]int, n)
		for i := range perm {
			perm[i] = i
		}
		slices.SortStableFunc(perm, func(a, b int) int {
			return slices.Compare(c.coords[a*nl:(a+1)*nl], c.coords[b*nl:(b+1)*nl])
		})
	}
	coords := make([]int64, len(c.coords))
	vals := make([]T, n)
	for i, p := range perm {
		copy(coords[i*nl:(i+1)*nl], c.coords[p*nl:(p+1)*nl])
		vals[i] = c.vals[p]
	}
	c.coords, c.vals = coords, vals
}

// linearOrder returns the sorted order of the entries: by counting sorts
// when every level's coordinate range is within a few times the entry count,
// else through one linear key per entry; nil when the ranges are too wide for
// an int64 key.
func (c *composer[T]) linearOrder() []int {
	n, nl := len(c.vals), c.nl
	lo, span := make([]int64, nl), make([]int64, nl)
	for l := 0; l < nl; l++ {
		mn, mx := c.coords[l], c.coords[l]
		for e := 1; e < n; e++ {
			v := c.coords[e*nl+l]
			mn, mx = min(mn, v), max(mx, v)
		}
		if mx-mn < 0 || mx-mn == maxCount { // the range overflows
			return nil
		}
		lo[l], span[l] = mn, mx-mn+1
	}
	if perm := c.countingOrder(lo, span); perm != nil {
		return perm
	}
	total := int64(1)
	for _, s := range span {
		if total = mulCount(total, s); total == maxCount {
			return nil
		}
	}
	type keyed struct {
		key int64
		idx int
	}
	keys := make([]keyed, n)
	for e := range keys {
		k := int64(0)
		for l := 0; l < nl; l++ {
			k = k*span[l] + c.coords[e*nl+l] - lo[l]
		}
		keys[e] = keyed{k, e}
	}
	slices.SortFunc(keys, func(a, b keyed) int {
		if a.key != b.key {
			return cmp.Compare(a.key, b.key)
		}
		return cmp.Compare(a.idx, b.idx)
	})
	perm := make([]int, n)
	for i, k := range keys {
		perm[i] = k.idx
	}
	return perm
}

// countingOrder sorts the entries with one stable counting sort per level,
// last level first (O(levels * (n + range))), when every level's coordinate
// range span is at most 4n + 1024; else it returns nil.
func (c *composer[T]) countingOrder(lo, span []int64) []int {
	n, nl := len(c.vals), c.nl
	for _, s := range span {
		if s > 4*int64(n)+1024 {
			return nil
		}
	}
	perm, tmp := make([]int, n), make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	for l := nl - 1; l >= 0; l-- {
		count := make([]int, span[l]+1)
		for _, e := range perm {
			count[c.coords[e*nl+l]-lo[l]+1]++
		}
		for k := 1; k < len(count); k++ {
			count[k] += count[k-1]
		}
		for _, e := range perm {
			k := c.coords[e*nl+l] - lo[l]
			tmp[count[k]] = e
			count[k]++
		}
		perm, tmp = tmp, perm
	}
	return perm
}
