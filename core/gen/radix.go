package gen

// radixBits is the digit width of the radix sort: 2048 counters fit in L1.
const radixBits = 11

// radix is an LSD radix sort of uint64 keys that carries a satellite slice
// along (V = struct{} for none: a zero-size slice costs nothing). It keeps its
// buffers for reuse across calls.
type radix[V any] struct {
	keys  []uint64
	vals  []V
	count [][1 << radixBits]int
}

// sort sorts keys ascending, stably, applying the same permutation to vals
// (len(vals) == len(keys)). Every key must be below 2^nbits.
func (r *radix[V]) sort(keys []uint64, vals []V, nbits int) {
	n := len(keys)
	if n <= 48 {
		insertionSort(keys, vals)
		return
	}
	passes := (nbits + radixBits - 1) / radixBits
	if cap(r.keys) < n {
		r.keys, r.vals = make([]uint64, n), make([]V, n)
	}
	if len(r.count) < passes {
		r.count = make([][1 << radixBits]int, passes)
	}
	tk, tv := r.keys[:n], r.vals[:n]
	count := r.count[:passes]
	for p := range count {
		clear(count[p][:])
	}
	// One scan counts the digits of every pass.
	for _, k := range keys {
		for p := range count {
			count[p][(k>>(p*radixBits))&(1<<radixBits-1)]++
		}
	}
	src, dst, srcV, dstV := keys, tk, vals, tv
	for p := range count {
		c := &count[p]
		shift := p * radixBits
		if c[(src[0]>>shift)&(1<<radixBits-1)] == n {
			continue // every key has the same digit: the pass would not move anything
		}
		sum := 0
		for d, v := range c {
			c[d] = sum
			sum += v
		}
		for i, k := range src {
			d := (k >> shift) & (1<<radixBits - 1)
			j := c[d]
			c[d]++
			dst[j], dstV[j] = k, srcV[i]
		}
		src, dst, srcV, dstV = dst, src, dstV, srcV
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
		copy(vals, srcV)
	}
}

// insertionSort sorts short inputs, stably, carrying vals along.
func insertionSort[V any](keys []uint64, vals []V) {
	for i := 1; i < len(keys); i++ {
		k, v := keys[i], vals[i]
		j := i
		for ; j > 0 && keys[j-1] > k; j-- {
			keys[j], vals[j] = keys[j-1], vals[j-1]
		}
		keys[j], vals[j] = k, v
	}
}
