package semistructured

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// element is the raw word of a value dtype: the encoder moves values
// without arithmetic, so float16 and bfloat16 are their uint16 patterns.
type element interface{ ~uint8 | ~uint16 | ~uint32 }

// FromDense compresses a 2-d dense matrix to torch's CUTLASS layout, as
// torch.sparse.to_sparse_semi_structured does: every strip of m consecutive
// elements of a row may hold at most n nonzeros (2 of 4 for float16,
// bfloat16 and int8, 1 of 2 for float32). It never prunes: a strip with too
// many nonzeros is refused with an error naming it, as are other dtypes and
// shapes that are not positive multiples of torch's CUTLASS minimum.
// A zero is +0 or -0 (x != 0 as torch tests it); NaN counts as nonzero.
func FromDense(dense dtype.Array) (*Tensor, error) {
	l, err := layoutOf("dense", dense.DType)
	if err != nil {
		return nil, err
	}
	if err := l.checkShape("dense", dense.Shape); err != nil {
		return nil, err
	}
	if err := checkData("dense", dense); err != nil {
		return nil, err
	}
	rows, cols := dense.Shape[0], dense.Shape[1]
	t := &Tensor{l: l, rows: rows, cols: cols,
		values: dtype.NewArray(l.dtype, []int64{rows, cols / 2}),
		meta:   dtype.NewArray(l.metaDType, []int64{rows, l.metaCols(cols)})}
	words := wordsOf(t.meta)
	switch l.dtype {
	case dtype.Int8:
		err = encode(dtype.AsSlice[uint8](dense), dtype.AsSlice[uint8](t.values), words, l, rows, cols,
			func(x uint8) bool { return x != 0 })
	case dtype.Float32:
		err = encode(dtype.AsSlice[uint32](dense), dtype.AsSlice[uint32](t.values), words, l, rows, cols,
			func(x uint32) bool { return x&0x7fffffff != 0 })
	default:
		err = encode(dtype.AsSlice[uint16](dense), dtype.AsSlice[uint16](t.values), words, l, rows, cols,
			func(x uint16) bool { return x&0x7fff != 0 })
	}
	if err != nil {
		return nil, err
	}
	return t, nil
}

// checkData refuses an array whose buffer does not hold its shape's elements.
func checkData(arg string, a dtype.Array) error {
	if want := a.Numel() * int64(a.DType.Size()); int64(len(a.Data)) != want {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: buffer holds %d bytes; shape %v of %s needs %d",
			arg, len(a.Data), a.Shape, a.DType, want)
	}
	return nil
}

// encode fills vals and the metadata words from x, strip by strip. For 1:2
// each element is two 16-bit halves of the quad, so its mask bit counts twice.
func encode[E element](x, vals []E, words metaWords, l layout, rows, cols int64, nonzero func(E) bool) error {
	strips := cols / int64(l.m)
	perWord := int64(l.nibblesPerWord)
	wide := l.metaDType == dtype.Int32
	for r := range rows {
		row := x[r*cols : (r+1)*cols]
		out := vals[r*cols/2 : (r+1)*cols/2]
		var word uint32
		for s := range strips {
			strip := row[s*int64(l.m) : (s+1)*int64(l.m)]
			mask, count := 0, 0
			for i, v := range strip {
				if nonzero(v) {
					count++
					if l.m == 2 {
						mask |= 3 << (2 * i)
					} else {
						mask |= 1 << i
					}
				}
			}
			if count > l.n {
				c0 := s * int64(l.m)
				return errs.Errorf(errs.ErrInvalidArgument,
					"dense: strip row %d, columns %d..%d has %d nonzeros; %s keeps at most %d of every %d (%d:%d semi-structured sparsity)",
					r, c0, c0+int64(l.m)-1, count, l.dtype, l.n, l.m, l.n, l.m)
			}
			nib := nibbleOf[mask]
			if l.m == 2 {
				out[s] = strip[(nib&3)/2]
			} else {
				out[2*s], out[2*s+1] = strip[nib&3], strip[nib>>2]
			}
			word |= uint32(nib) << (4 * (s % perWord))
			if s%perWord == perWord-1 {
				words.set(scatterOffset(r, s/perWord, rows, wide), word)
				word = 0
			}
		}
	}
	return nil
}
