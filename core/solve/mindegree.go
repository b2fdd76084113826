package solve

import (
	"math"
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
	n int
	// The lists, in one pool: varsOf(i) variable i's variable neighbours
	// and elemsOf(i) its adjacent elements (both pruned lazily),
	// membersOf(e) element e's variables, all uneliminated.
	listPool
	live  []bool // element e not yet absorbed (set while building)
	dense []bool // variable kept out of the graph and ordered last
	deg   []int  // approximate external degree of variable i
	// withVars: variables have variable neighbours (AMD on A + A^T). A
	// column ordering's variables meet only through elements, so their
	// variable lists stay empty and order skips them (a cache miss a
	// variable of every pivot's element).
	withVars bool
	// lowFirst: among variables of equal initial degree the lowest is
	// eliminated first (COLAMD's order), else the highest. Minimum degree
	// breaks ties by position, and which way moves the fill by several
	// percent either way (columnOrderForLU).
	lowFirst bool

	head, next, prev []int32 // degree lists

	scratch *orderScratch // where the arrays above came from; order gives it back
}

func (g *quotientGraph) varsOf(i int) int    { return i }
func (g *quotientGraph) elemsOf(i int) int   { return g.n + i }
func (g *quotientGraph) membersOf(e int) int { return 2*g.n + e }

// varsList returns variable i's variable neighbours: none without withVars.
func (g *quotientGraph) varsList(i int) []int32 {
	if !g.withVars {
		return nil
	}
	return g.list(g.varsOf(i))
}

// newQuotientGraph sets up a graph of n variables and m initial elements
// whose lists hold about entries ids in all, in the arrays of sc (taken
// from orderScratchPool; order gives it back).
func newQuotientGraph(sc *orderScratch, n, m, entries int) *quotientGraph {
	// Arrays of one type share an allocation (small matrices spend much of
	// their ordering's time allocating).
	sc.graphFlags = zeroed(sc.graphFlags, 2*n+m)
	sc.graphLinks = zeroed(sc.graphLinks, max(n, 1)+2*n)
	sc.deg = zeroed(sc.deg, n)
	sc.refs = zeroed(sc.refs, 3*n+m)
	pool := sc.pool[:0]
	if cap(pool) < 2*entries+n {
		pool = make([]int32, 0, 2*entries+n)
	}
	flags, links := sc.graphFlags, sc.graphLinks
	// The graph itself lives in sc too: one allocation fewer a call.
	sc.graph = quotientGraph{
		n:        n,
		listPool: listPool{pool: pool, refs: sc.refs},
		live:     flags[: n+m : n+m], dense: flags[n+m:], deg: sc.deg,
		head: links[:max(n, 1):max(n, 1)], next: links[max(n, 1) : max(n, 1)+n : max(n, 1)+n], prev: links[max(n, 1)+n:],
		scratch: sc,
	}
	g := &sc.graph
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
	sc := g.scratch
	// The graph's arrays and those below are the scratch's until then.
	defer func() { sc.release(g.pool) }()
	sc.gone = zeroed(sc.gone, n)
	gone := sc.gone // eliminated, or merged into a supervariable
	// The integer arrays share one array and so do the int32 ones.
	ne := len(g.live)
	sc.orderInts = zeroed(sc.orderInts, 2*n+ne)
	ints := sc.orderInts
	nv := ints[:n]
	mark := ints[n : 2*n] // mark[v] == stamp: v is in the current pivot's element
	seen := ints[2*n:]
	// What the degree updates read of an element, side by side and small:
	// the elements of a variable are scattered, and one cache line holds
	// eight elements' states.
	sc.elems = zeroed(sc.elems, ne)
	es := sc.elems
	// The variables merged into i, in the order they are ordered after
	// it: a list from chainHead[i] through chainNext to chainTail[i].
	// Hash buckets, a power of two of them (a shift picks the bucket, not
	// a division): bhead the first variable, -1 if empty; bnext the next
	// variable of i's bucket.
	shift := 64 - bits.Len(uint(min(max(n, 2), maxHashBuckets)-1))
	nb := 1 << (64 - shift)
	sc.orderIx = zeroed(sc.orderIx, 4*n+nb)
	int32s := sc.orderIx
	chainHead, chainTail, chainNext := int32s[:n], int32s[n:2*n], int32s[2*n:3*n]
	bnext, bhead := int32s[3*n:4*n], int32s[4*n:]
	for i := range int32s {
		int32s[i] = -1
	}
	for e, live := range g.live {
		es[e] = elemState{weight: -1}
		if live {
			es[e].weight = g.refs[g.membersOf(e)].n
		}
	}
	// w - wflg counts down from an element's weight within a pivot; wflg
	// moves past every w of the last pivot (n+1 on), and starts again at 1
	// before it could overflow.
	wflg, stamp, seenStamp := int32(1), 0, 0
	nleft := 0
	for t := 0; t < n; t++ {
		i := t // each list's last inserted variable comes out first
		if g.lowFirst {
			i = n - 1 - t
		}
		if !g.dense[i] {
			nv[i] = 1
			g.insert(i, g.deg[i])
			nleft++
		}
	}
	sc.hashes = zeroed(sc.hashes, n)
	hv := sc.hashes // the hash of variable i's lists
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
		if int64(wflg)+2*int64(n+1) > wflgLimit {
			for e := range es {
				es[e].w = 0
			}
			wflg = 1
		}

		// The new element: p's variable neighbours and the members of the
		// elements p belonged to, which p absorbs. It is built at the
		// pool's end with room for the most it could hold, then trimmed.
		stamp++
		mark[p] = stamp
		lpk := g.membersOf(p)
		g.reserve(lpk, min(int(g.refs[g.varsOf(p)].n)+g.deg[p], nleft))
		if g.withVars {
			for _, v := range g.list(g.varsOf(p)) {
				if !gone[v] && mark[v] != stamp {
					mark[v] = stamp
					g.push(lpk, v)
				}
			}
			g.drop(g.varsOf(p))
		}
		for _, e := range g.list(g.elemsOf(p)) {
			if es[e].weight < 0 {
				continue
			}
			for _, v := range g.list(g.membersOf(int(e))) {
				if !gone[v] && mark[v] != stamp {
					mark[v] = stamp
					g.push(lpk, v)
				}
			}
			es[e].weight = -1
			g.drop(g.membersOf(int(e)))
		}
		g.trim(lpk)
		lp := g.list(lpk)
		lpWeight := 0
		for _, v := range lp {
			lpWeight += nv[v]
		}
		g.drop(g.elemsOf(p))
		es[p] = elemState{weight: int32(lpWeight)}

		// es[e].w - wflg = the weight of members(e) outside lp, for every
		// element next to lp. The pass also drops the absorbed elements
		// from the lists (every variable of lp lists at least one, absorbed
		// just above), which the pass below would otherwise read again: a
		// sixth of its reads on bayer10, a third on cryg2500.
		for _, i := range lp {
			g.remove(int(i))
			nvi := int32(nv[i])
			ek := g.elemsOf(int(i))
			list := g.list(ek)
			kept := 0
			for _, e := range list {
				st := &es[e]
				if st.weight < 0 {
					continue
				}
				if st.w < wflg {
					st.w = st.weight + wflg
				}
				st.w -= nvi
				list[kept] = e
				kept++
			}
			g.setLen(ek, kept)
		}
		// Then each variable of lp drops the absorbed elements and the
		// variables of lp from its lists, gains p, and gets its degree
		// and the hash of its lists, in the same pass over them.
		// Supervariables are variables of lp with equal lists, found by
		// that hash and confirmed by comparing them. Buckets are lists
		// threaded through bnext (heads in bhead, picked by the hash), emptied
		// as they are scanned, so no pivot allocates for them.
		for _, i := range lp {
			ek := g.elemsOf(int(i))
			list := g.list(ek)
			kept, ext, sum := keepExternal(list, es, wflg)
			if kept < cap(list) { // room for p: appendTo's push, without the call
				list[:kept+1][kept] = int32(p)
				g.setLen(ek, kept+1)
			} else {
				g.setLen(ek, kept)
				g.appendTo(ek, int32(p)) // moves the list, and may move the pool: lists are fetched anew
			}
			h := sum * 0x9e3779b97f4a7c15
			vw, nvs := 0, 0
			if g.withVars {
				vk := g.varsOf(int(i))
				vlist := g.list(vk)
				vs := vlist[:0]
				for _, v := range vlist {
					if !gone[v] && mark[v] != stamp {
						vs = append(vs, v)
						vw += nv[v]
						h += uint64(v)*0xc2b2ae3d27d4eb4f + 1
					}
				}
				g.setLen(vk, len(vs))
				nvs = len(vs)
			}
			g.deg[i] = min(vw+lpWeight-nv[i]+ext, g.deg[i]+lpWeight-nv[i], nleft-nv[i])
			h += uint64(kept+1)<<32 ^ uint64(nvs)
			hv[i] = h
			b := (h * 0x9e3779b97f4a7c15) >> shift
			bnext[i], bhead[b] = bhead[b], i
		}
		lp = g.list(lpk) // the range above kept reading the old pool, if it moved

		for _, i0 := range lp {
			b := (hv[i0] * 0x9e3779b97f4a7c15) >> shift
			first := bhead[b]
			if first < 0 {
				continue
			}
			bhead[b] = -1
			for i := first; i >= 0; i = bnext[i] {
				if gone[i] || !hashFollows(hv, bnext, gone, i) {
					continue // nothing after i in the bucket can equal it
				}
				elemsI, varsI := g.list(g.elemsOf(int(i))), g.varsList(int(i))
				seenStamp++
				for _, e := range elemsI {
					seen[e] = seenStamp
				}
				for _, v := range varsI {
					seen[v] = seenStamp
				}
				for j := bnext[i]; j >= 0; j = bnext[j] {
					elemsJ, varsJ := g.list(g.elemsOf(int(j))), g.varsList(int(j))
					if gone[j] || hv[j] != hv[i] || len(elemsJ) != len(elemsI) || len(varsJ) != len(varsI) ||
						!allSeen(seen, elemsJ, seenStamp) || !allSeen(seen, varsJ, seenStamp) {
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
					if g.withVars {
						g.drop(g.varsOf(int(j)))
					}
					g.drop(g.elemsOf(int(j)))
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
		wflg += int32(n + 1)
	}
	for i := 0; i < n; i++ {
		if g.dense[i] {
			perm = append(perm, i)
		}
	}
	return perm
}

// keepExternal drops from the element list of a variable of the pivot's
// element lp the elements that lie inside lp, absorbing them, and returns
// how many it keeps, the weight of their members outside lp (their w -
// wflg) and the sum of their ids (the hash of the list: equal lists, equal
// sums). Every element of list was live in the pass before, so its w is
// this pivot's; one absorbed by an earlier variable of lp keeps its w, so
// it is found inside lp again. An absorbed element's members are not read
// again (every reader skips an absorbed element first), so they stay in
// the pool. Not inlined: inside order the loop's sums were spilled to the
// stack (a load and a store an element on bayer10).
//
//go:noinline
func keepExternal(list []int32, es []elemState, wflg int32) (kept, ext int, sum uint64) {
	for _, e := range list {
		st := &es[e]
		we := st.w - wflg
		if we == 0 {
			st.weight = -1
			continue
		}
		ext += int(we)
		list[kept] = e
		kept++
		sum += uint64(e)
	}
	return kept, ext, sum
}

// maxHashBuckets bounds the supervariable hash buckets: a pivot's element
// holds a few dozen variables, and a table that stays in the first-level
// cache costs fewer misses than the longer bucket chains it brings (those
// are filtered by the full hash, so the merges are the same).
const maxHashBuckets = 1 << 12

// wflgLimit is the most the degree updates' flag may reach before it starts
// again (int32 states); a variable so tests can reach the restart on small
// graphs.
var wflgLimit int64 = math.MaxInt32

// elemState is an element's part of the degree updates: w - wflg is the
// weight of its variables outside the current pivot's element (once set for
// this pivot), weight its total variable weight (fixed while it lives), -1
// once it is absorbed.
type elemState struct {
	w, weight int32
}

// hashFollows reports whether a variable after i in its bucket, not yet
// merged, has i's hash: only then are i's lists worth stamping.
func hashFollows(hv []uint64, bnext []int32, gone []bool, i int32) bool {
	for j := bnext[i]; j >= 0; j = bnext[j] {
		if !gone[j] && hv[j] == hv[i] {
			return true
		}
	}
	return false
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
