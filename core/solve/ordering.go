package solve

import "math"

// Ordering selects the fill-reducing ordering a factorization applies first.
type Ordering int32

// The orderings. Their values are the C ABI's gs_ordering.
const (
	// OrderDefault is AMD for Cholesky; for LU, AMD when A's pattern is
	// nearly symmetric with a zero-free diagonal, ColAMD otherwise.
	OrderDefault Ordering = 0
	// OrderNatural keeps the matrix's own order.
	OrderNatural Ordering = 1
	// OrderAMD is approximate minimum degree on the pattern of A + A^T.
	OrderAMD Ordering = 2
	// OrderColAMD is approximate minimum degree on the pattern of A^T A,
	// formed implicitly from A's rows (LU only). On a large pattern that
	// is nearly symmetric with a zero-free diagonal, LU makes it with
	// equal degrees broken both ways and keeps the order whose Cholesky
	// factor of A + A^T is smaller.
	OrderColAMD Ordering = 3
)

// String names the ordering.
func (o Ordering) String() string {
	switch o {
	case OrderDefault:
		return "default"
	case OrderNatural:
		return "natural"
	case OrderAMD:
		return "amd"
	case OrderColAMD:
		return "colamd"
	}
	return "ordering(" + itoa(int(o)) + ")"
}

func itoa(v int) string {
	if v < 0 {
		return "-" + itoa(-v)
	}
	if v < 10 {
		return string(rune('0' + v))
	}
	return itoa(v/10) + string(rune('0'+v%10))
}

// denseThreshold is the degree beyond which a row or column is taken out of
// the minimum degree graph and ordered last, as AMD and COLAMD do: such a
// node's list would be rescanned at every elimination next to it.
func denseThreshold(n int) int {
	return max(16, int(10*math.Sqrt(float64(n))))
}

// identity returns 0, 1, ..., n-1.
func identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// invert returns the inverse of permutation p.
func invert(p []int) []int {
	q := make([]int, len(p))
	for k, i := range p {
		q[i] = k
	}
	return q
}

// symmetricOrder orders the n x n pattern of m + m^T (diagonal ignored) by
// approximate minimum degree.
func symmetricOrder[T elem](m *compressed[T]) []int {
	n := m.slices()
	sc := orderScratchPool.Get().(*orderScratch)
	sc.counts = zeroed(sc.counts, 2*n)
	deg, mark := sc.counts[:n:n], sc.counts[n:]
	// The slices are walked through locals, each slice's end read once
	// (through m, the stores below reloaded m's arrays at every slice:
	// arrow's build took ~40 instructions a column for ~3 entries).
	idx, ends := m.idx, m.ptr[1:n+1]
	lo := m.ptr[0]
	for j, hi := range ends {
		for _, i := range idx[lo:hi] {
			if i != j {
				deg[i]++
				deg[j]++
			}
		}
		lo = hi
	}
	total := 0
	for _, d := range deg {
		total += int(d)
	}
	g := newQuotientGraph(sc, n, 0, total)
	g.withVars = true
	for i := 0; i < n; i++ {
		g.reserve(g.varsOf(i), int(deg[i]))
	}
	// The lists are filled through locals: through g, each entry reloaded
	// the graph's slices (a store may, for the compiler, change g).
	pool, refs := g.pool, g.refs[:n] // the variable lists
	lo = m.ptr[0]
	for j, hi := range ends {
		rj := &refs[j]
		col := idx[lo:hi]
		lo = hi
		for _, i := range col {
			if i != j {
				ri := &refs[i]
				pool[ri.at+int(ri.n)] = int32(j)
				ri.n++
				pool[rj.at+int(rj.n)] = int32(i)
				rj.n++
			}
		}
	}
	dense, isDense, gdeg := denseThreshold(n), g.dense[:n], g.deg[:n]
	for i := 0; i < n; i++ {
		isDense[i] = int(deg[i]) > dense
	}
	// mark[v] == i+1: v is in i's list already (mark starts zeroed).
	for i := 0; i < n; i++ {
		if isDense[i] {
			refs[i] = listRef{}
			continue
		}
		stamp := int32(i + 1)
		mark[i] = stamp // drop self loops and duplicates
		r := &refs[i]
		list := pool[r.at : r.at+int(r.n)]
		kept := 0
		for _, v := range list {
			if !isDense[v] && mark[v] != stamp {
				mark[v] = stamp
				list[kept] = v
				kept++
			}
		}
		r.n = int32(kept)
		gdeg[i] = kept
	}
	return g.order()
}

// columnOrder orders the columns of the square matrix m by approximate
// minimum degree on the pattern of m^T m, without forming it: each row of m
// starts as an element of the quotient graph holding its columns. Ties go
// to the highest column.
func columnOrder[T elem](m *compressed[T]) []int { return columnOrderWith(m, false) }

// columnOrderWith is columnOrder with ties going to the lowest column
// first when lowFirst.
func columnOrderWith[T elem](m *compressed[T], lowFirst bool) []int {
	r := m
	if r.byCol {
		r = m.transposeStorage() // rows are the elements
	}
	n, nrows := r.cols, r.rows
	dense := denseThreshold(n)
	// The three counts come with the graph's pooled scratch (on small
	// matrices allocations are a good part of the ordering's time).
	sc := orderScratchPool.Get().(*orderScratch)
	sc.counts = zeroed(sc.counts, 3*n)
	colCount, mark, elemCount := sc.counts[:n:n], sc.counts[n:2*n:2*n], sc.counts[2*n:]
	for _, j := range r.idx {
		colCount[j]++
	}
	g := newQuotientGraph(sc, n, nrows, len(r.idx)+n)
	g.lowFirst = lowFirst
	// The graph's arrays are read and written through locals: through g,
	// each entry reloaded them (a store may, for the compiler, change g).
	isDense, deg, live := g.dense[:n], g.deg[:n], g.live
	for j := 0; j < n; j++ {
		isDense[j] = int(colCount[j]) > dense
	}
	// mark[j] == i+1: column j is in row i's element already (mark starts
	// zeroed).
	// The rows are walked through locals, as in symmetricOrder.
	idx, ends := r.idx, r.ptr[1:nrows+1]
	lo := r.ptr[0]
	for i, hi := range ends {
		row := idx[lo:hi]
		lo = hi
		if len(row) > dense {
			continue // a dense row would join every column into one clique
		}
		e := n + i
		k := g.membersOf(e)
		g.reserve(k, len(row)) // at the pool's end: the pool may move
		at := g.refs[k].at
		vs := g.pool[at : at+len(row)]
		kept, stamp := 0, int32(i+1)
		for _, j := range row {
			if !isDense[j] && mark[j] != stamp {
				mark[j] = stamp
				vs[kept] = int32(j)
				kept++
			}
		}
		g.setLen(k, kept)
		g.trim(k)
		if kept == 0 {
			continue
		}
		live[e] = true
		for _, j := range vs[:kept] {
			elemCount[j]++
			deg[j] += kept - 1
		}
	}
	// Each column's element list has room for the element its elimination
	// adds.
	for j := 0; j < n; j++ {
		g.reserve(g.elemsOf(j), int(elemCount[j])+1)
		deg[j] = min(deg[j], n-1)
	}
	pool, refs := g.pool, g.refs
	colRefs := refs[n : 2*n] // the element lists
	for e := n; e < n+nrows; e++ {
		if live[e] {
			m := refs[2*n+e]
			for _, j := range pool[m.at : m.at+int(m.n)] {
				c := &colRefs[j]
				pool[c.at+int(c.n)] = int32(e)
				c.n++
			}
		}
	}
	return g.order()
}
