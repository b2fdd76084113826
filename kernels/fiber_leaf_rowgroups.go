package kernels

// Leaf kernels of the level walk for a run of row-group fibers: a
// compressed column level over a dense level of s rows, (i / s : dense,
// j : compressed, i % s : dense), where each stored column of a group of
// s rows holds s values, one per row. The walk hands a whole run of
// consecutive groups to one call (not a call per group). Each row's sum
// is taken in a register from zero in storage order, one multiply then
// one add per stored column, and added to y once: the bits of the walk's
// per-group loop. Where add is false the sums are stored instead (y's old
// values are not read): a sum from zero is never -0, so storing it is
// adding it to a zeroed y, bit for bit. Float64 groups of 2 and 4 rows
// run on the assembly kernels where the CPU has them (rowGroupsSIMD: one
// multiply and one add a stored column, a group's rows in one register;
// the same bits).
// Arguments are trusted, as the other leaf kernels', but for the
// assembly's, which checks them (it reads without Go's bounds checks).

// RowPairsRun adds, for each group g of 2 rows (g = 0 .. len(ptr)-2),
// the sums over its stored columns k = ptr[g] .. ptr[g+1]-1 of
// x[crd[k]] * val[2k+t] to y[2g+t], t = 0, 1. Four groups of as many
// columns go at a time, else two: eight or four sums as independent
// chains of adds (a group alone has two, each add waiting on the last);
// each row's order is its own, so the bits are those of one group at a
// time. Where add is false, y's groups are set to the sums instead.
func RowPairsRun[I Index, V Number](ptr, crd []I, val, x, y []V, add bool) {
	if rowGroupsSIMD(2, ptr, crd, val, x, y, add) {
		return
	}
	ng := len(ptr) - 1
	if !add && ng > 0 {
		clear(y[:2*ng])
	}
	for g := 0; g < ng; {
		switch {
		case g+4 <= ng && rowPairsQuad(ptr[g:g+5], crd, val, x, y[2*g:2*g+8]):
			g += 4
		case g+2 <= ng:
			rowPairsTwo(ptr[g:g+3], crd, val, x, y[2*g:2*g+4])
			g += 2
		default:
			p0, p1 := int(ptr[g]), int(ptr[g+1])
			ca, va := crd[p0:p1], val[2*p0:2*p1]
			va = va[:2*len(ca)]
			var s0, s1 V
			for k, c := range ca {
				a := x[c]
				s0 += a * va[2*k]
				s1 += a * va[2*k+1]
			}
			y[2*g] += s0
			y[2*g+1] += s1
			g++
		}
	}
}

// rowPairsTwo runs the two groups of ptr (3 entries) as RowPairsRun does,
// four chains side by side while both have columns left.
func rowPairsTwo[I Index, V Number](ptr, crd []I, val, x, y []V) {
	p0, p1, p2 := int(ptr[0]), int(ptr[1]), int(ptr[2])
	ca, cb := crd[p0:p1], crd[p1:p2]
	va, vb := val[2*p0:2*p1], val[2*p1:2*p2]
	va, vb = va[:2*len(ca)], vb[:2*len(cb)]
	var s0, s1, t0, t1 V
	m := min(len(ca), len(cb))
	for k := range m {
		a, b := x[ca[k]], x[cb[k]]
		s0 += a * va[2*k]
		s1 += a * va[2*k+1]
		t0 += b * vb[2*k]
		t1 += b * vb[2*k+1]
	}
	for j := m; j < len(ca); j++ {
		a := x[ca[j]]
		s0 += a * va[2*j]
		s1 += a * va[2*j+1]
	}
	for j := m; j < len(cb); j++ {
		b := x[cb[j]]
		t0 += b * vb[2*j]
		t1 += b * vb[2*j+1]
	}
	y = y[:4]
	y[0] += s0
	y[1] += s1
	y[2] += t0
	y[3] += t1
}

// rowPairsQuad runs the four groups of ptr (5 entries) as RowPairsRun
// does, eight chains side by side, when they store as many columns each
// (a stencil's groups mostly do), and reports whether it did.
func rowPairsQuad[I Index, V Number](ptr, crd []I, val, x, y []V) bool {
	p0, p1, p2, p3, p4 := int(ptr[0]), int(ptr[1]), int(ptr[2]), int(ptr[3]), int(ptr[4])
	n := p1 - p0
	if p2-p1 != n || p3-p2 != n || p4-p3 != n {
		return false
	}
	ca, cb, cc, cd := crd[p0:p1], crd[p1:p2], crd[p2:p3], crd[p3:p4]
	cb, cc, cd = cb[:len(ca)], cc[:len(ca)], cd[:len(ca)]
	va, vb, vc, vd := val[2*p0:2*p1], val[2*p1:2*p2], val[2*p2:2*p3], val[2*p3:2*p4]
	va, vb, vc, vd = va[:2*len(ca)], vb[:2*len(ca)], vc[:2*len(ca)], vd[:2*len(ca)]
	var a0, a1, b0, b1, c0, c1, d0, d1 V
	for k, i := range ca {
		xa, xb, xc, xd := x[i], x[cb[k]], x[cc[k]], x[cd[k]]
		a0 += xa * va[2*k]
		a1 += xa * va[2*k+1]
		b0 += xb * vb[2*k]
		b1 += xb * vb[2*k+1]
		c0 += xc * vc[2*k]
		c1 += xc * vc[2*k+1]
		d0 += xd * vd[2*k]
		d1 += xd * vd[2*k+1]
	}
	y = y[:8]
	y[0] += a0
	y[1] += a1
	y[2] += b0
	y[3] += b1
	y[4] += c0
	y[5] += c1
	y[6] += d0
	y[7] += d1
	return true
}

// RowGroupMax is the largest group RowGroupsRun takes: its sums are a
// local array of that many.
const RowGroupMax = 8

// RowGroupsRun is RowPairsRun for groups of s rows, 1 <= s <= RowGroupMax
// (val holds s values a stored column): group g's sums go to
// y[s*g .. s*g+s-1], one chain of adds a row, which a group of more than
// two rows already runs side by side. Where add is false, y's groups are
// set to the sums instead.
func RowGroupsRun[I Index, V Number](s int, ptr, crd []I, val, x, y []V, add bool) {
	if s == 2 {
		RowPairsRun(ptr, crd, val, x, y, add)
		return
	}
	if rowGroupsSIMD(s, ptr, crd, val, x, y, add) {
		return
	}
	ng := len(ptr) - 1
	if ng <= 0 {
		return
	}
	y = y[:s*ng]
	if !add {
		clear(y)
	}
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
