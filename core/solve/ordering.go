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
	// formed implicitly from A's rows (LU only).
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
	deg := make([]int, n)
	for j := 0; j < n; j++ {
		for p := m.ptr[j]; p < m.ptr[j+1]; p++ {
			if i := m.idx[p]; i != j {
				deg[i]++
				deg[j]++
			}
		}
	}
	// The lists share one array (one allocation, not one a node); the
	// capacity caps keep a list from growing into the next.
	total := 0
	for _, d := range deg {
		total += d
	}
	flat := make([]int32, total)
	adj := make([][]int32, n)
	for i, at := 0, 0; i < n; i++ {
		adj[i] = flat[at : at : at+deg[i]]
		at += deg[i]
	}
	for j := 0; j < n; j++ {
		for p := m.ptr[j]; p < m.ptr[j+1]; p++ {
			if i := m.idx[p]; i != j {
				adj[i] = append(adj[i], int32(j))
				adj[j] = append(adj[j], int32(i))
			}
		}
	}
	g := newQuotientGraph(n, 0)
	dense := denseThreshold(n)
	mark := make([]int, n)
	for i := range mark {
		mark[i] = -1
	}
	for i := 0; i < n; i++ {
		if len(adj[i]) > dense {
			g.dense[i] = true
		}
	}
	for i := 0; i < n; i++ {
		if g.dense[i] {
			continue
		}
		mark[i] = i // drop self loops and duplicates
		vs := adj[i][:0]
		for _, v := range adj[i] {
			if !g.dense[v] && mark[v] != i {
				mark[v] = i
				vs = append(vs, v)
			}
		}
		g.vars[i] = vs
		g.deg[i] = len(vs)
	}
	return g.order()
}

// columnOrder orders the columns of the square matrix m by approximate
// minimum degree on the pattern of m^T m, without forming it: each row of m
// starts as an element of the quotient graph holding its columns.
func columnOrder[T elem](m *compressed[T]) []int {
	r := m
	if r.byCol {
		r = m.transposeStorage() // rows are the elements
	}
	n, nrows := r.cols, r.rows
	dense := denseThreshold(n)
	colCount := make([]int, n)
	for _, j := range r.idx {
		colCount[j]++
	}
	g := newQuotientGraph(n, nrows)
	for j := 0; j < n; j++ {
		g.dense[j] = colCount[j] > dense
	}
	mark := make([]int, n)
	for i := range mark {
		mark[i] = -1
	}
	elemsOf := make([]int, n)
	// The rows' member lists share one array, and so do the columns'
	// element lists (each with room for the element its elimination adds;
	// the capacity caps keep a list that outgrows it from writing into the
	// next one): two allocations instead of one a row and one a column.
	members := make([]int32, 0, len(r.idx))
	for i := 0; i < nrows; i++ {
		if r.ptr[i+1]-r.ptr[i] > dense {
			continue // a dense row would join every column into one clique
		}
		start := len(members)
		for p := r.ptr[i]; p < r.ptr[i+1]; p++ {
			if j := r.idx[p]; !g.dense[j] && mark[j] != i {
				mark[j] = i
				members = append(members, int32(j))
			}
		}
		vs := members[start:len(members):len(members)]
		if len(vs) == 0 {
			continue
		}
		e := n + i
		g.members[e] = vs
		g.live[e] = true
		for _, j := range vs {
			elemsOf[j]++
			g.deg[j] += len(vs) - 1
		}
	}
	total := n
	for _, c := range elemsOf {
		total += c
	}
	elems := make([]int32, total)
	for j, at := 0, 0; j < n; j++ {
		g.elems[j] = elems[at : at : at+elemsOf[j]+1]
		at += elemsOf[j] + 1
		g.deg[j] = min(g.deg[j], n-1)
	}
	for e := n; e < n+nrows; e++ {
		for _, j := range g.members[e] {
			g.elems[j] = append(g.elems[j], int32(e))
		}
	}
	return g.order()
}
