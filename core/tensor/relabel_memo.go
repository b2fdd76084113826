package tensor

import (
	"github.com/gosparse/gosparse/core/format"
)

// relabelAnswer is NamedLayoutOf's answer for a store's format with its dims
// permuted by perm: the layout it names, the options that give it and
// whether it names one.
type relabelAnswer struct {
	perm   [relabelDims]int8
	n      int
	layout Layout
	opt    ConvertOptions
	named  bool
}

// matches reports whether the answer is for perm.
func (a *relabelAnswer) matches(perm []int) bool {
	if a.n != len(perm) {
		return false
	}
	for d, p := range perm {
		if int(a.perm[d]) != p {
			return false
		}
	}
	return true
}

// namedRelabelled is NamedLayoutOf(f) for f, u's format relabelled by perm
// (relabelled), kept on the store for the last perm asked: a store's
// format never changes, and a transpose of the same tensor asks on every
// call, where the lookup (the format's text made, a lock, a map read) was
// most of BSR column-major^T's time beyond CSR^T's. A format that is no
// named layout's candidate (DIA's j - i, ...) is answered without it, and
// keeps nothing.
func (u *ustStore) namedRelabelled(f format.Format, perm []int) (Layout, ConvertOptions, bool) {
	if !namedCandidate(f) || len(perm) > relabelDims {
		return NamedLayoutOf(f)
	}
	if a := u.relabel.Load(); a != nil && a.matches(perm) {
		return a.layout, a.opt, a.named
	}
	layout, opt, named := NamedLayoutOf(f)
	a := &relabelAnswer{n: len(perm), layout: layout, opt: opt, named: named}
	for d, p := range perm {
		a.perm[d] = int8(p)
	}
	u.relabel.Store(a)
	return layout, opt, named
}
