package semistructured

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// FromParts builds a tensor from torch's CUTLASS pair, as
// SparseSemiStructuredTensorCUTLASS(shape, packed, meta) does (errors name
// them values and indices, torch's accessors): values is
// rows x cols/2 of a semi-structured dtype, meta is indices() of the same
// rows (int16, int32 for int8) with cols/(m*nibbles per word) columns.
// Every metadata nibble is checked to be one the layout can hold (two
// distinct kept positions in increasing order; for float32 the two halves
// of one element); the first bad one is named by its place in meta and the
// strip it describes. The tensor keeps both arrays (no copy).
func FromParts(values, meta dtype.Array) (*Tensor, error) {
	l, err := layoutOf("values", values.DType)
	if err != nil {
		return nil, err
	}
	if len(values.Shape) != 2 {
		return nil, errs.Errorf(errs.ErrInvalidArgument,
			"values: shape %v has %d dimensions; it must be 2-d (rows, cols/2)", values.Shape, len(values.Shape))
	}
	rows, cols := values.Shape[0], 2*values.Shape[1]
	if err := l.checkShape("values (as the matrix it compresses)", []int64{rows, cols}); err != nil {
		return nil, err
	}
	if err := checkData("values", values); err != nil {
		return nil, err
	}
	if meta.DType != l.metaDType {
		return nil, errs.Errorf(errs.ErrDType, "indices: dtype %s; %s values take %s metadata", meta.DType, l.dtype, l.metaDType)
	}
	want := []int64{rows, l.metaCols(cols)}
	if len(meta.Shape) != 2 || meta.Shape[0] != want[0] || meta.Shape[1] != want[1] {
		return nil, errs.Errorf(errs.ErrInvalidArgument,
			"indices: shape %v; values of shape (%d, %d) need metadata of shape (%d, %d)",
			meta.Shape, rows, cols/2, want[0], want[1])
	}
	if err := checkData("indices", meta); err != nil {
		return nil, err
	}
	t := &Tensor{l: l, rows: rows, cols: cols, values: values, meta: meta}
	if err := t.checkNibbles(); err != nil {
		return nil, err
	}
	return t, nil
}

// checkNibbles finds the first metadata nibble (in the original's row-major
// strip order) that the layout cannot hold.
func (t *Tensor) checkNibbles() error {
	words := wordsOf(t.meta)
	perWord := int64(t.l.nibblesPerWord)
	metaCols := t.l.metaCols(t.cols)
	wide := t.l.metaDType == dtype.Int32
	for r := range t.rows {
		for c := range metaCols {
			p := scatterOffset(r, c, t.rows, wide)
			w := words.get(p)
			for j := range perWord {
				nib := uint8(w >> (4 * j) & 0xf)
				if validNibble(nib, t.l) {
					continue
				}
				c0 := (c*perWord + j) * int64(t.l.m)
				rule := "two distinct positions of the quad in increasing order"
				if t.l.m == 2 {
					rule = "positions 0,1 or 2,3 (one float32 of the pair)"
				}
				return errs.Errorf(errs.ErrInvalidArgument,
					"indices[%d, %d]: nibble %d = 0b%04b (strip row %d, columns %d..%d) must name %s",
					p/metaCols, p%metaCols, j, nib, r, c0, c0+int64(t.l.m)-1, rule)
			}
		}
	}
	return nil
}

// keptColumns decodes the metadata into the column of every kept value of
// the original: row r's cols/2 columns at [r*cols/2, (r+1)*cols/2), in the
// order of values.
func (t *Tensor) keptColumns() []int32 {
	out := make([]int32, t.rows*(t.cols/2))
	t.decodeRows(0, int(t.rows), out)
	return out
}

// decodeRows writes the kept columns of rows [r0, r1) into col
// ((r1-r0)*cols/2 long), as keptColumns lays them out.
func (t *Tensor) decodeRows(r0, r1 int, col []int32) {
	t.decodeBlock(r0, r1, 0, int(t.cols), col)
}

// decodeBlock writes the kept columns, less c0, of rows [r0, r1) in the
// columns [c0, c1) into col ((r1-r0)*(c1-c0)/2 long). c0 and c1 are
// multiples of the columns one metadata word covers.
func (t *Tensor) decodeBlock(r0, r1, c0, c1 int, col []int32) {
	words := wordsOf(t.meta)
	perWord := int64(t.l.nibblesPerWord)
	span := int64(t.l.m) * perWord
	wide := t.l.metaDType == dtype.Int32
	half := int64(c1-c0) / 2
	w0, w1 := int64(c0)/span, int64(c1)/span
	for r := int64(r0); r < int64(r1); r++ {
		row := col[(r-int64(r0))*half : (r-int64(r0)+1)*half]
		for c := w0; c < w1; c++ {
			w := words.get(scatterOffset(r, c, t.rows, wide))
			for j := range perWord {
				nib := w >> (4 * j) & 0xf
				s := (c-w0)*perWord + j
				base := int32(s) * int32(t.l.m)
				if t.l.m == 2 {
					row[s] = base + int32(nib&3)/2
				} else {
					row[2*s], row[2*s+1] = base+int32(nib&3), base+int32(nib>>2)
				}
			}
		}
	}
}

// ToDense expands t to its dense matrix, of t's shape (the transpose when
// t is transposed) and dtype: the exact inverse of FromDense.
func (t *Tensor) ToDense() dtype.Array {
	cols := t.keptColumns()
	dense := dtype.NewArray(t.l.dtype, []int64{t.rows, t.cols})
	switch t.l.dtype {
	case dtype.Int8:
		scatterKept(dtype.AsSlice[uint8](t.values), cols, dtype.AsSlice[uint8](dense), t.cols)
	case dtype.Float32:
		scatterKept(dtype.AsSlice[uint32](t.values), cols, dtype.AsSlice[uint32](dense), t.cols)
	default:
		scatterKept(dtype.AsSlice[uint16](t.values), cols, dtype.AsSlice[uint16](dense), t.cols)
	}
	if t.transposed {
		return transposeArray(dense)
	}
	return dense
}

// scatterKept writes each kept value at its column of its row.
func scatterKept[E element](vals []E, cols []int32, dense []E, ncols int64) {
	half := ncols / 2
	for i, v := range vals {
		r := int64(i) / half
		dense[r*ncols+int64(cols[i])] = v
	}
}
