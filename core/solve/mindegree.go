package solve

import (
	"math/bits"

	"github.com/gosparse/gosparse/kernels/cancel"
)

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
// the elimination order, the dense variables last. Indistinguishable
// variables (same elements, same variable neighbours) are merged into one
// supervariable of weight nv, eliminated together: degrees count weights.
func (g *quotientGraph) order() []int {
	n := g.n
	perm := make([]int, 0, n)
	gone := make([]bool, n) // eliminated, or merged into a supervariable
	nv := make([]int, n)
	chain := make([][]int32, n) // the variables merged into i
	mark := make([]int, n)      // mark[v] == stamp: v is in the current pivot's element
	seen := make([]int, len(g.members))
	w := make([]int, len(g.members))
	weight := make([]int, len(g.members)) // an element's total variable weight: fixed while it lives
	for e, m := range g.members {
		weight[e] = len(m)
	}
	wflg, stamp, seenStamp := 1, 0, 0
	nleft := 0
	for i := 0; i < n; i++ {
		if !g.dense[i] {
			nv[i] = 1
			g.insert(i, g.deg[i])
			nleft++
		}
	}
	hv := make([]uint64, n) // the hash of variable i's lists
	// Hash buckets, a power of two of them (a shift picks the bucket, not
	// a division): bhead the first variable, -1 if empty; bnext the next
	// variable of i's bucket.
	shift := 64 - bits.Len(uint(max(n, 2)-1))
	bhead := make([]int32, 1<<(64-shift))
	bnext := make([]int32, n)
	for i := range bhead {
		bhead[i] = -1
	}
	mindeg := 0
	for nleft > 0 {
		cancel.Poll() // one atomic load a pivot
		for g.head[mindeg] < 0 {
			mindeg++
		}
		p := int(g.head[mindeg])
		g.remove(p)
		gone[p] = true
		perm = append(perm, p)
		for _, v := range chain[p] {
			perm = append(perm, int(v))
		}
		nleft -= nv[p]

		// The new element: p's variable neighbours and the members of the
		// elements p belonged to, which p absorbs.
		stamp++
		mark[p] = stamp
		lp := make([]int32, 0, min(len(g.vars[p])+g.deg[p], nleft))
		for _, v := range g.vars[p] {
			if !gone[v] && mark[v] != stamp {
				mark[v] = stamp
				lp = append(lp, v)
			}
		}
		for _, e := range g.elems[p] {
			if !g.live[e] {
				continue
			}
			for _, v := range g.members[e] {
				if !gone[v] && mark[v] != stamp {
					mark[v] = stamp
					lp = append(lp, v)
				}
			}
			g.live[e], g.members[e] = false, nil
		}
		lpWeight := 0
		for _, v := range lp {
			lpWeight += nv[v]
		}
		g.vars[p], g.elems[p], chain[p] = nil, nil, nil
		g.members[p], g.live[p], weight[p] = lp, true, lpWeight

		// w[e] - wflg = the weight of members(e) outside lp, for every
		// element next to lp.
		for _, i := range lp {
			g.remove(int(i))
			for _, e := range g.elems[i] {
				if g.live[e] {
					if w[e] < wflg {
						w[e] = weight[e] + wflg
					}
					w[e] -= nv[i]
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
			vw := 0
			for _, v := range g.vars[i] {
				if !gone[v] && mark[v] != stamp {
					vs = append(vs, v)
					vw += nv[v]
				}
			}
			g.vars[i] = vs
			g.deg[i] = min(vw+lpWeight-nv[i]+ext, g.deg[i]+lpWeight-nv[i], nleft-nv[i])
		}

		// Supervariables: variables of lp with equal lists, found by a hash
		// of their lists and confirmed by comparing them. Buckets are lists
		// threaded through bnext (heads in bhead, by hash modulo n), emptied
		// as they are scanned, so no pivot allocates for them.
		for _, i := range lp {
			h := uint64(len(g.elems[i]))<<32 ^ uint64(len(g.vars[i]))
			for _, e := range g.elems[i] {
				h += uint64(e) * 0x9e3779b97f4a7c15
			}
			for _, v := range g.vars[i] {
				h += uint64(v)*0xc2b2ae3d27d4eb4f + 1
			}
			hv[i] = h
			b := (h * 0x9e3779b97f4a7c15) >> shift
			bnext[i], bhead[b] = bhead[b], i
		}
		for _, i0 := range lp {
			b := (hv[i0] * 0x9e3779b97f4a7c15) >> shift
			first := bhead[b]
			if first < 0 {
				continue
			}
			bhead[b] = -1
			for i := first; i >= 0; i = bnext[i] {
				if gone[i] {
					continue
				}
				seenStamp++
				for _, e := range g.elems[i] {
					seen[e] = seenStamp
				}
				for _, v := range g.vars[i] {
					seen[v] = seenStamp
				}
				for j := bnext[i]; j >= 0; j = bnext[j] {
					if gone[j] || hv[j] != hv[i] || len(g.elems[j]) != len(g.elems[i]) || len(g.vars[j]) != len(g.vars[i]) ||
						!allSeen(seen, g.elems[j], seenStamp) || !allSeen(seen, g.vars[j], seenStamp) {
						continue
					}
					// j is indistinguishable from i: i stands for both.
					gone[j] = true
					nv[i] += nv[j]
					g.deg[i] -= nv[j]
					chain[i] = append(append(chain[i], j), chain[j]...)
					g.vars[j], g.elems[j], chain[j] = nil, nil, nil
				}
			}
		}
		for _, i := range lp {
			if !gone[i] {
				d := max(g.deg[i], 0)
				g.deg[i] = d
				g.insert(int(i), d)
				mindeg = min(mindeg, d)
			}
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

// allSeen reports whether every id of list is stamped.
func allSeen(seen []int, list []int32, stamp int) bool {
	for _, v := range list {
		if seen[v] != stamp {
			return false
		}
	}
	return true
}
