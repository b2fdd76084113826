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
	// Arrays of one type share an allocation (small matrices spend much of
	// their ordering's time allocating).
	lists := make([][]int32, 3*n+m)
	flags := make([]bool, 2*n+m)
	links := make([]int32, max(n, 1)+2*n)
	g := &quotientGraph{
		n: n, vars: lists[:n:n], elems: lists[n : 2*n : 2*n], members: lists[2*n:],
		live: flags[: n+m : n+m], dense: flags[n+m:], deg: make([]int, n),
		head: links[:max(n, 1):max(n, 1)], next: links[max(n, 1) : max(n, 1)+n : max(n, 1)+n], prev: links[max(n, 1)+n:],
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
	// The integer arrays share one allocation and so do the int32 ones:
	// on small matrices the allocations are a good part of the time.
	ne := len(g.members)
	ints := make([]int, 2*n+ne)
	nv := ints[:n]
	mark := ints[n : 2*n] // mark[v] == stamp: v is in the current pivot's element
	seen := ints[2*n:]
	// What the degree updates read of an element, side by side: the
	// elements of a variable are scattered, and one cache line an
	// element beats three.
	es := make([]elemState, ne)
	// The variables merged into i, in the order they are ordered after
	// it: a list from chainHead[i] through chainNext to chainTail[i].
	// Hash buckets, a power of two of them (a shift picks the bucket, not
	// a division): bhead the first variable, -1 if empty; bnext the next
	// variable of i's bucket.
	shift := 64 - bits.Len(uint(max(n, 2)-1))
	nb := 1 << (64 - shift)
	int32s := make([]int32, 4*n+nb)
	chainHead, chainTail, chainNext := int32s[:n], int32s[n:2*n], int32s[2*n:3*n]
	bnext, bhead := int32s[3*n:4*n], int32s[4*n:]
	for i := range int32s {
		int32s[i] = -1
	}
	// The new elements' lists come from one slab while their total is
	// small (a small matrix then allocates none per pivot); past it each
	// list is its own allocation, which the absorption of the element lets
	// go (a slab would be held by any of its lists still alive).
	slab := make([]int32, 0, min(n*(n+1)/2, 1<<13))
	for e, m := range g.members {
		es[e] = elemState{weight: len(m), live: g.live[e]}
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
		for v := chainHead[p]; v >= 0; v = chainNext[v] {
			perm = append(perm, int(v))
		}
		nleft -= nv[p]

		// The new element: p's variable neighbours and the members of the
		// elements p belonged to, which p absorbs.
		stamp++
		mark[p] = stamp
		var lp []int32
		if size := min(len(g.vars[p])+g.deg[p], nleft); size <= cap(slab)-len(slab) {
			lp = slab[len(slab) : len(slab) : len(slab)+size]
			slab = slab[:len(slab)+size]
		} else {
			lp = make([]int32, 0, size)
		}
		for _, v := range g.vars[p] {
			if !gone[v] && mark[v] != stamp {
				mark[v] = stamp
				lp = append(lp, v)
			}
		}
		for _, e := range g.elems[p] {
			if !es[e].live {
				continue
			}
			for _, v := range g.members[e] {
				if !gone[v] && mark[v] != stamp {
					mark[v] = stamp
					lp = append(lp, v)
				}
			}
			es[e].live, g.members[e] = false, nil
		}
		lpWeight := 0
		for _, v := range lp {
			lpWeight += nv[v]
		}
		g.vars[p], g.elems[p] = nil, nil
		g.members[p], es[p] = lp, elemState{weight: lpWeight, live: true}

		// es[e].w - wflg = the weight of members(e) outside lp, for every
		// element next to lp.
		for _, i := range lp {
			g.remove(int(i))
			for _, e := range g.elems[i] {
				if st := &es[e]; st.live {
					if st.w < wflg {
						st.w = st.weight + wflg
					}
					st.w -= nv[i]
				}
			}
		}
		for _, i := range lp {
			ext := 0
			kept := g.elems[i][:0]
			for _, e := range g.elems[i] {
				st := &es[e]
				if !st.live {
					continue
				}
				we := st.w - wflg
				if we == 0 { // e lies inside lp: absorb it into p
					st.live, g.members[e] = false, nil
					continue
				}
				ext += we
				kept = append(kept, e)
			}
			g.elems[i] = append(kept, int32(p))
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
					// j and the variables merged into it follow i's.
					tail := j
					if chainHead[j] >= 0 {
						chainNext[j], tail = chainHead[j], chainTail[j]
					}
					if chainHead[i] < 0 {
						chainHead[i] = j
					} else {
						chainNext[chainTail[i]] = j
					}
					chainTail[i] = tail
					g.vars[j], g.elems[j] = nil, nil
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

// elemState is an element's part of the degree updates: w - wflg is the
// weight of its variables outside the current pivot's element (once set for
// this pivot), weight its total variable weight (fixed while it lives).
type elemState struct {
	w, weight int
	live      bool
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
