package tensor

import (
	"sync"

	"github.com/gosparse/gosparse/core/format"
)

// Format returns the tensor's format in the UST language. A custom-format
// tensor gives its own; the named layouts give their named formats, with
// dimensions named i, j, k, ...: strided is format.DenseRowMajor, COO
// format.TorchCOO (its first level unique when it is the only sparse one and
// the tensor is coalesced), CSR/CSC/BSR/BSC format.TorchCSR/... with their
// batch and dense dims and block size, DCSR/DCSC their two compressed levels
// (batch dims as leading dense levels, their pos arrays global) and CSF a
// compressed level per sparse dim; trailing dense dims are dense levels.
func (t *Tensor) Format() format.Format {
	if u := t.formatStore(); u != nil {
		return u.Format.Clone()
	}
	return specFormat(FormatSpec{Layout: t.layout, Shape: t.shape, BatchDim: t.batchDim, DenseDim: t.denseDim, Block: t.block}, t.coalesced)
}

// specFormat maps a named layout's level list to its format.
func specFormat(spec FormatSpec, coalesced bool) format.Format {
	nd := len(spec.Shape)
	f := format.Format{Dims: make([]string, nd)}
	for d := range f.Dims {
		f.Dims[d] = format.DimName(d)
	}
	for li, l := range spec.Levels() {
		lv := l.Level
		switch lv.Kind {
		case format.Dense:
			if spec.Layout.IsCompressed() && li < spec.BatchDim {
				lv.Kind = format.Batch
			}
		case format.Singleton:
			lv.Nonunique = false // the format's singletons are unique; torch's COO says it on its top level
		}
		if spec.Layout == COO && li == 0 && spec.sparseDim() > 0 {
			// torch's COO: one sparse dim is a plain compressed level once coalesced.
			lv.Nonunique = spec.sparseDim() > 1 || !coalesced
		}
		f.Levels = append(f.Levels, lv)
	}
	return f
}

// NamedLayoutOf finds the named layout whose format for a tensor of ndim
// dims equals f up to the names of the dimensions, with the conversion
// options that give it.
func NamedLayoutOf(f format.Format) (Layout, ConvertOptions, bool) {
	if !namedCandidate(f) {
		return 0, ConvertOptions{}, false
	}
	// The search builds and validates every layout's candidate formats
	// (~100 us for a 3-d format, a fifth of a 112K-entry conversion), and
	// convert.ToFormat asks on every call: answers are kept by format text, built
	// in a buffer on the stack (a custom transpose asks twice: making the
	// text took most of its time and allocations).
	var buf [160]byte
	key := f.AppendText(buf[:0])
	namedLayouts.RLock()
	n, ok := namedLayouts.m[string(key)]
	namedLayouts.RUnlock()
	if ok {
		return n.layout, n.opt, n.ok
	}
	layout, opt, found := searchNamedLayout(f)
	namedLayouts.Lock()
	if len(namedLayouts.m) < namedLayoutsMax {
		if namedLayouts.m == nil {
			namedLayouts.m = make(map[string]namedAnswer)
		}
		namedLayouts.m[string(key)] = namedAnswer{layout, opt, found}
	}
	namedLayouts.Unlock()
	return layout, opt, found
}

// namedAnswer is a kept answer of NamedLayoutOf.
type namedAnswer struct {
	layout Layout
	opt    ConvertOptions
	ok     bool
}

// namedLayouts keeps NamedLayoutOf's answers by format text, at most
// namedLayoutsMax of them (a program making formats without end keeps the
// first ones).
var namedLayouts struct {
	sync.RWMutex
	m map[string]namedAnswer
}

const namedLayoutsMax = 4096

// searchNamedLayout is NamedLayoutOf's search over the named layouts.
func searchNamedLayout(f format.Format) (Layout, ConvertOptions, bool) {
	g := PositionalNames(f)
	nd := len(f.Dims)
	for _, layout := range AllLayouts {
		for b := 0; b <= nd; b++ {
			for d := 0; b+d <= nd; d++ {
				if b > 0 && (layout == COO || layout == CSF || layout == Strided) {
					continue
				}
				if layout == Strided && d > 0 {
					continue
				}
				spec := FormatSpec{Layout: layout, Shape: make([]int64, nd), BatchDim: b, DenseDim: d, Block: [2]int64{1, 1}}
				if layout.IsBlocked() {
					var ok bool
					if spec.Block, ok = blockOf(g, b); !ok {
						continue
					}
				}
				if spec.validate() != nil {
					continue
				}
				for _, coalesced := range []bool{true, false} {
					if specFormat(spec, coalesced).Equal(g) {
						opt := ConvertOptions{DenseDim: d, SparseDim: -1, BlockSize: spec.Block}
						if layout == COO || layout == CSF {
							opt.SparseDim = nd - d
						}
						return layout, opt, true
					}
				}
			}
		}
	}
	return 0, ConvertOptions{}, false
}

// namedCandidate reports whether f uses only what specFormat writes: dense,
// batch, compressed (ordered) and singleton levels over a dim, d / c or
// d % c. Any other format (DIA's j - i and range, delta, structured) is no
// named layout's, which NamedLayoutOf then answers without building the
// candidates (a transpose of a DIA asks it on every call).
func namedCandidate(f format.Format) bool {
	for _, l := range f.Levels {
		switch {
		case l.Kind != format.Dense && l.Kind != format.Batch && l.Kind != format.Compressed && l.Kind != format.Singleton,
			l.Expr.Op == format.OpAdd || l.Expr.Op == format.OpSub, l.Unordered:
			return false
		}
	}
	return true
}

// blockOf reads the block size of a blocked format from its d % c levels
// on dims b and b+1.
func blockOf(f format.Format, b int) ([2]int64, bool) {
	var block [2]int64
	for _, l := range f.Levels {
		if l.Expr.Op != format.OpMod {
			continue
		}
		switch l.Expr.A {
		case format.DimName(b):
			block[0] = l.Expr.C
		case format.DimName(b + 1):
			block[1] = l.Expr.C
		}
	}
	return block, block[0] > 0 && block[1] > 0
}

// PositionalNames renames f's dimensions i, j, k, ... by position.
func PositionalNames(f format.Format) format.Format {
	return positionalInto(f, nil, nil)
}
