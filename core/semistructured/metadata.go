package semistructured

import (
	"github.com/gosparse/gosparse/core/dtype"
)

// nibbleOf maps a strip's nonzero mask (bit i set when position i of the
// 4-wide quad is nonzero) to torch's metadata nibble idx0 | idx1<<2: the
// two positions the strip keeps. These are the Espresso-minimised functions
// of torch's CUTLASS conversion, so masks with fewer than two nonzeros get
// torch's choice of explicit-zero positions. Valid 2:4 input never has more
// than two nonzeros (FromDense refuses it), so no value is dropped.
var nibbleOf = func() (t [16]uint8) {
	for mask := range 16 {
		m0, m1, m3 := mask&1, mask>>1&1, mask>>3&1
		n0, n1 := 1-m0, 1-m1
		b0 := n0 & m1
		b1 := n0 & n1
		b2 := m0&m1 | n0&n1 | m3
		b3 := n0&m1 | n1
		t[mask] = uint8(b0 | b1<<1 | b2<<2 | b3<<3)
	}
	return t
}()

// validNibble reports whether a nibble is one the encoder can produce: two
// distinct positions in increasing order, and for 1:2 (float32) the two
// 16-bit halves of one float32 (positions 0,1 or 2,3).
func validNibble(nib uint8, l layout) bool {
	i0, i1 := nib&3, nib>>2
	if l.m == 2 {
		return i0%2 == 0 && i1 == i0+1
	}
	return i0 < i1
}

// scatterOffset is the flat position in indices() of logical metadata word
// (r, c) of a matrix with rows rows: CUTLASS's ColumnMajorInterleaved<2>
// order. Rows are interwoven in groups of 32 (16 for int32 words), then the
// two words of each 2x2 block on its anti-diagonal swap, and pairs of
// columns are stored column-major with the two columns of a pair adjacent.
func scatterOffset(r, c, rows int64, wideWords bool) int64 {
	group, weave := int64(32), int64(4)
	if wideWords {
		group, weave = 16, 2
	}
	dr := r/group*group + (r%8)*weave + (r%group)/8
	var swap int64
	switch {
	case dr%2 == 0 && c%2 == 1:
		swap = 1
	case dr%2 == 1 && c%2 == 0:
		swap = -1
	}
	dr += swap
	dc := c - swap
	return (dc/2)*rows*2 + dr*2 + dc%2
}

// metaWords views a metadata array's words as uint32 reads and writes,
// whichever of int16 or int32 it holds.
type metaWords struct {
	w16 []uint16
	w32 []uint32
}

func wordsOf(a dtype.Array) metaWords {
	if a.DType == dtype.Int32 {
		return metaWords{w32: dtype.AsSlice[uint32](a)}
	}
	return metaWords{w16: dtype.AsSlice[uint16](a)}
}

func (w metaWords) get(p int64) uint32 {
	if w.w32 != nil {
		return w.w32[p]
	}
	return uint32(w.w16[p])
}

func (w metaWords) set(p int64, v uint32) {
	if w.w32 != nil {
		w.w32[p] = v
		return
	}
	w.w16[p] = uint16(v)
}
