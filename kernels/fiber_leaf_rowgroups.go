package kernels

// Leaf kernels of the level walk for a run of row-group fibers: a
// compressed column level over a dense level of s rows, (i / s : dense,
// j : compressed, i % s : dense), where each stored column of a group of
// s rows holds s values, one per row. The walk hands a whole run of
// consecutive groups to one call (not a call per group). Each row's sum
// is taken in a register from zero in storage order, one multiply then
// one add per stored column, and added to y once: the bits of the walk's
// per-group loop. Arguments are trusted, as the other leaf kernels'.

// RowPairsRun adds, for each group g of 2 rows (g = 0 .. len(ptr)-2),
// the sums over its stored columns k = ptr[g] .. ptr[g+1]-1 of
// x[crd[k]] * val[2k+t] to y[2g+t], t = 0, 1. Two groups go at a time,
// their four sums independent chains of adds (a group alone has two,
// each add waiting on the last); each row's order is its own, so the
// bits are those of one group at a time.
func RowPairsRun[I Index, V Number](ptr, crd []I, val, x, y []V) {
	ng := len(ptr) - 1
	if ng <= 0 {
		return
	}
	y = y[:2*ng]
	g := 0
	for ; g+2 <= ng; g += 2 {
		p0, p1, p2 := int(ptr[g]), int(ptr[g+1]), int(ptr[g+2])
		ca, cb := crd[p0:p1], crd[p1:p2]
		va, vb := val[2*p0:2*p1], val[2*p1:2*p2]
		va, vb = va[:2*len(ca)], vb[:2*len(cb)]
		var s0, s1, t0, t1 V
		m := min(len(ca), len(cb))
		k := 0
		for ; k < m; k++ {
			a, b := x[ca[k]], x[cb[k]]
			s0 += a * va[2*k]
			s1 += a * va[2*k+1]
			t0 += b * vb[2*k]
			t1 += b * vb[2*k+1]
		}
		for j := k; j < len(ca); j++ {
			a := x[ca[j]]
			s0 += a * va[2*j]
			s1 += a * va[2*j+1]
		}
		for j := k; j < len(cb); j++ {
			b := x[cb[j]]
			t0 += b * vb[2*j]
			t1 += b * vb[2*j+1]
		}
		yg := y[2*g : 2*g+4]
		yg[0] += s0
		yg[1] += s1
		yg[2] += t0
		yg[3] += t1
	}
	if g < ng {
		p0, p1 := int(ptr[g]), int(ptr[g+1])
		ca := crd[p0:p1]
		va := val[2*p0 : 2*p1]
		va = va[:2*len(ca)]
		var s0, s1 V
		for k, c := range ca {
			a := x[c]
			s0 += a * va[2*k]
			s1 += a * va[2*k+1]
		}
		y[2*g] += s0
		y[2*g+1] += s1
	}
}

// RowGroupMax is the largest group RowGroupsRun takes: its sums are a
// local array of that many.
const RowGroupMax = 8

// RowGroupsRun is RowPairsRun for groups of s rows, 1 <= s <= RowGroupMax
// (val holds s values a stored column): group g's sums go to
// y[s*g .. s*g+s-1], one chain of adds a row, which a group of more than
// two rows already runs side by side.
func RowGroupsRun[I Index, V Number](s int, ptr, crd []I, val, x, y []V) {
	if s == 2 {
		RowPairsRun(ptr, crd, val, x, y)
		return
	}
	ng := len(ptr) - 1
	if ng <= 0 {
		return
	}
	y = y[:s*ng]
	var acc [RowGroupMax]V
	sums := acc[:s]
	for g := range ng {
		p0, p1 := int(ptr[g]), int(ptr[g+1])
		cs, vs := crd[p0:p1], val[s*p0:s*p1]
		clear(sums)
		for k, c := range cs {
			a := x[c]
			for t, v := range vs[s*k : s*k+s] {
				sums[t] += a * v
			}
		}
		for t, v := range sums {
			y[s*g+t] += v
		}
	}
}
