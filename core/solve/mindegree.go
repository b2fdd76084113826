package solve

// quotientGraph is the elimination graph of minimum degree orderings held
// implicitly (George and Liu's quotient graph, with Amestoy, Davis and Duff's
// approximate degrees): an eliminated variable becomes an element standing
// for the clique of its neighbours, so the graph never grows.
//
// Node ids: variables 0..n-1; element p < n is the one variable p became,
// elements n..n+m-1 are initial cliques (the rows of A for a column ordering).
type quotientGraph struct {
	n       int
	vars    [][]int32 // variable i's variable neighbours (pruned lazily)
	elems   [][]int32 // variable i's adjacent elements (pruned lazily)
	members [][]int32 // element e's variables, all uneliminated
	live    []bool    // element e not yet absorbed
	dense   []bool    // variable kept out of the graph and ordered last
	deg     []int     // approximate external degree of variable i

	head, next, prev []int32 // degree lists
}

// newQuotientGraph allocates a graph of n variables and m initial elements.
func newQuotientGraph(n, m int) *quotientGraph {
	g := &quotientGraph{
		n: n, vars: make([][]int32, n), elems: make([][]int32, n),
		members: make([][]int32, n+m), live: make([]bool, n+m),
		dense: make([]bool, n), deg: make([]int, n),
		head: make([]int32, max(n, 1)), next: make([]int32, n), prev: make([]int32, n),
	}
	for i := range g.head {
		g.head[i] = -1
	}
	return g
}

func (g *quotientGraph) insert(i, d int) {
	g.prev[i], g.next[i] = -1, g.head[d]
	if h := g.head[d]; h >= 0 {
		g.prev[h] = int32(i)
	}
	g.head[d] = int32(i)
}

func (g *quotientGraph) remove(i int) {
	nx, pv := g.next[i], g.prev[i]
	if nx >= 0 {
		g.prev[nx] = pv
	}
	if pv >= 0 {
		g.next[pv] = nx
	} else {
		g.head[g.deg[i]] = nx
	}
}

// order eliminates the variables by least approximate degree and returns
// the elimination order, the dense variables last.
func (g *quotientGraph) order() []int {
	n := g.n
	perm := make([]int, 0, n)
	eliminated := make([]bool, n)
	mark := make([]int, n) // mark[v] == stamp: v is in the current pivot's element
	w := make([]int, len(g.members))
	wflg, stamp := 1, 0
	nleft := 0
	for i := 0; i < n; i++ {
		if !g.dense[i] {
			g.insert(i, g.deg[i])
			nleft++
		}
	}
	mindeg := 0
	for nleft > 0 {
		for g.head[mindeg] < 0 {
			mindeg++
		}
		p := int(g.head[mindeg])
		g.remove(p)
		eliminated[p] = true
		perm = append(perm, p)
		nleft--

		// The new element: p's variable neighbours and the members of the
		// elements p belonged to, which p absorbs.
		stamp++
		mark[p] = stamp
		lp := make([]int32, 0, min(len(g.vars[p])+g.deg[p], nleft))
		for _, v := range g.vars[p] {
			if !eliminated[v] && mark[v] != stamp {
				mark[v] = stamp
				lp = append(lp, v)
			}
		}
		for _, e := range g.elems[p] {
			if !g.live[e] {
				continue
			}
			for _, v := range g.members[e] {
				if !eliminated[v] && mark[v] != stamp {
					mark[v] = stamp
					lp = append(lp, v)
				}
			}
			g.live[e], g.members[e] = false, nil
		}
		g.vars[p], g.elems[p] = nil, nil
		g.members[p], g.live[p] = lp, true

		// w[e] - wflg = |members(e) \ lp| for every element next to lp.
		for _, i := range lp {
			g.remove(int(i))
			for _, e := range g.elems[i] {
				if g.live[e] {
					if w[e] < wflg {
						w[e] = len(g.members[e]) + wflg
					}
					w[e]--
				}
			}
		}
		for _, i := range lp {
			ext := 0
			es := g.elems[i][:0]
			for _, e := range g.elems[i] {
				if !g.live[e] {
					continue
				}
				we := w[e] - wflg
				if we == 0 { // e lies inside lp: absorb it into p
					g.live[e], g.members[e] = false, nil
					continue
				}
				ext += we
				es = append(es, e)
			}
			g.elems[i] = append(es, int32(p))
			vs := g.vars[i][:0]
			for _, v := range g.vars[i] {
				if !eliminated[v] && mark[v] != stamp {
					vs = append(vs, v)
				}
			}
			g.vars[i] = vs
			d := min(len(vs)+len(lp)-1+ext, g.deg[i]+len(lp)-1, nleft-1)
			g.deg[i] = d
			g.insert(int(i), d)
			mindeg = min(mindeg, d)
		}
		wflg += n + 1
	}
	for i := 0; i < n; i++ {
		if g.dense[i] {
			perm = append(perm, i)
		}
	}
	return perm
}
