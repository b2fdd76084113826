package ustorage

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/kernels/memory"
)

// Convert lays out the entries of the storage src (any format, its values
// array nvals long) in format f, without listing them as a coordinate tensor
// first: the source's levels are walked (every stored position inside the
// tensor, padding included, as Walk visits them) and each entry goes
// straight to its slot in f. The Arrangement's Source[p] is the index in
// src's values of the value slot p holds, or -1 for padding. A caller
// moving values calls ConvertValues, which places them directly.
//
// The source's entries must hold distinct coordinates (a unique format, or
// a coalesced one); the storage is then exactly the one Arrange (and Build)
// lays out for them, and two entries at one slot are refused.
//
// The source is walked a chunk of entries at a time, by flat loops over
// CSR/CSC-like, DIA-like and COO-like levels (int32 arrays read in place,
// from Narrow) and by Walk elsewhere. Targets whose levels are dense
// levels, at most one unique compressed level, then dense and range levels
// (CSR- and CSC-like, BSR in either block order, DIA and anti-DIA, CROW,
// blocked vectors) take the count, prefix-sum, fill route of Chou, Kjolstad
// and Amarasinghe (PLDI 2020): count each fiber's distinct coordinates,
// prefix-sum them into pos, and fill each fiber as the source meets it (a
// DIA source is walked row by row for a row-major target), sorting a fiber
// whose coordinates came out of order; a source out of the target's order
// is scattered by fiber (a transposition); a block source (BSR in either
// block order) goes to CSR or to its blocks in the other order block by
// block, no count pass (fromBlocks). Targets of compressed and
// singleton levels (DCSR, DCSC, CSF, COO) from a source already in their
// order are built by compressing the sorted stream in two walks. Every
// other target (delta, structured and batch levels, or an unordered
// source) sorts the walked entries in level order with counting sorts and
// builds the levels with Arrange's two passes.
//
// The working arrays and the storage must fit in limit bytes (values of
// valueSize bytes), or the error wraps ErrTooLarge before they are
// allocated. poll, when not nil, is called every 64K entries of each pass
// (the caller's cancellation point).
func Convert(src *Structure, nvals int64, f format.Format, valueSize, limit int64, poll func()) (*Arrangement, error) {
	// The entries' own indices are the values moved: Source.
	if bytesFor(nvals, 0, 8) > limit {
		return nil, tooLarge("the source's value indices", f, nvals, 0, 8, limit)
	}
	index := make([]int64, max(nvals, 0))
	for i := range index {
		index[i] = int64(i)
	}
	s, out, err := convertValues(src, index, -1, f, false, max(valueSize, 8), limit-8*nvals, poll)
	if err != nil {
		return nil, err
	}
	return &Arrangement{Structure: *s, Source: out}, nil
}

// ConvertValues is Convert moving the values themselves: vals (the
// source's values array) go to their slots of the result's values, every
// other slot (padding) holds pad. No array of value indices is made, so a
// conversion allocates its result and O(fibers + span) besides: W is a
// value type, or a machine word of the values' size (a caller moving any
// element type); the result's arrays may come from the kernels' allocator
// (memory.UninitBytes), so that a freed result's buffers serve the next,
// or be the source's own where the target stores them unchanged (the
// inner crd and values of DCSR from CSR): the caller keeps both
// read-only, as tensors are.
func ConvertValues[W memory.Elem](src *Structure, vals []W, pad W, f format.Format, limit int64, poll func()) (*Structure, []W, error) {
	return convertValues(src, vals, pad, f, false, int64(unsafe.Sizeof(pad)), limit, poll)
}

// ConvertValues32 is ConvertValues writing the result's pos and crd arrays
// as int32, in Narrow (its Levels left empty), where every entry fits and
// the route taken writes them directly (the row routes: CSR to CSC, DCSR
// or BSR, DIA to CSR or BSR, a sorted COO to CSF); the others write int64
// Levels as ConvertValues does. A caller wanting 32-bit indices (a named
// layout's default) reads whichever it gets.
func ConvertValues32[W memory.Elem](src *Structure, vals []W, pad W, f format.Format, limit int64, poll func()) (*Structure, []W, error) {
	return convertValues(src, vals, pad, f, true, int64(unsafe.Sizeof(pad)), limit, poll)
}

func convertValues[W any](src *Structure, vals []W, pad W, f format.Format, narrow bool, valueSize, limit int64, poll func()) (*Structure, []W, error) {
	x, err := format.NewIndexer(f)
	if err != nil {
		return nil, nil, err
	}
	sizes, err := x.LevelSizes(src.Shape)
	if err != nil {
		return nil, nil, err
	}
	narrow = narrow && fits32(int64(len(vals)), sizes)
	if p, ok := newFiberPlan(x, sizes, src.Shape); ok {
		if s, out, ok, err := transposeRows(p, src, vals, narrow, valueSize, limit, poll); ok || err != nil {
			return s, out, err
		}
		if s, out, ok, err := diagonalRows(p, src, vals, narrow, valueSize, limit, poll); ok || err != nil {
			return s, out, err
		}
		if s, out, ok, err := fromBlocks(p, src, vals, narrow, valueSize, limit, poll); ok || err != nil {
			return s, out, err
		}
		if s, out, ok, err := blockRows(p, src, vals, pad, narrow, valueSize, limit, poll); ok || err != nil {
			return s, out, err
		}
		if s, out, ok, err := toDiagonals(p, src, vals, pad, narrow, valueSize, limit, poll); ok || err != nil {
			return s, out, err
		}
		return fiberConvert(p, src, vals, pad, valueSize, limit, poll)
	}
	if s, out, ok, err := filterRows(src, vals, x.Format(), sizes, narrow, valueSize, limit, poll); ok || err != nil {
		return s, out, err
	}
	if s, out, ok, err := lexicalLevels(src, vals, x.Format(), sizes, narrow, valueSize, limit, poll); ok || err != nil {
		return s, out, err
	}
	if p, ok := newStreamPlan(x.Format(), sizes); ok {
		s, out, ok, err := streamConvert(p, src, vals, valueSize, limit, poll)
		if ok || err != nil {
			return s, out, err
		}
	}
	a, err := convertSorted(src, int64(len(vals)), f, max(valueSize, 8), limit, poll)
	if err != nil {
		return nil, nil, err
	}
	out := make([]W, len(a.Source))
	for p, e := range a.Source {
		out[p] = pad
		if e >= 0 {
			out[p] = vals[e]
		}
	}
	return &a.Structure, out, nil
}

// convertSorted is Convert's general route: the source's entries' dimension
// coordinates, walked into one array, arranged by Arrange.
func convertSorted(src *Structure, nvals int64, f format.Format, valueSize, limit int64, poll func()) (*Arrangement, error) {
	nd := int64(len(src.Shape))
	work := mulCount(nvals, nd+1)
	if bytesFor(work, 0, 8) > limit {
		return nil, tooLarge("the source's entries", f, work, 0, 8, limit)
	}
	dims := make([]int64, 0, nvals*nd)
	from := make([]int64, 0, nvals)
	err := walkChunks(src, nvals, -1, poll, func(ch *chunk) {
		for k := range ch.n {
			for d := range nd {
				dims = append(dims, ch.dim[d][k])
			}
		}
		from = append(from, ch.at[:ch.n]...)
	})
	if err != nil {
		return nil, err
	}
	n := int64(len(from))
	a, err := Arrange(f, src.Shape, n, func(e int64, dim []int64) {
		copy(dim, dims[e*nd:(e+1)*nd])
	}, valueSize, limit-mulCount(work, 8))
	if err != nil {
		return nil, err
	}
	for p, e := range a.Source {
		if e >= 0 {
			a.Source[p] = from[e]
		}
	}
	return a, nil
}

// pollMask spaces Convert's calls of poll: one per 64K entries.
const pollMask = 1<<16 - 1
