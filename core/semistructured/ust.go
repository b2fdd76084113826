package semistructured

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/ustorage"
)

// Format is the storage model's format of t's sparsity:
// (i, j) -> (i : dense, j / m : dense, j % m : structured(n)).
func (t *Tensor) Format() (format.Format, error) {
	return format.StructuredNM(int64(t.l.n), int64(t.l.m))
}

// UST lays the compressed original out in the storage model (package
// ustorage) under Format, as ustorage.Build lays out the dense matrix: per
// strip its nonzeros' in-strip coordinates, padded with the lowest free
// coordinates (value zero) up to n, in ascending order. CUTLASS metadata
// places a short strip's explicit zeros by its own table instead, so the
// two differ in padding, never in values. T is the dtype's storage word:
// uint16 (float16 and bfloat16 bit patterns), int8 or float32. A transpose
// is refused: the format stores rows of the original.
func UST[T ustorage.Value](t *Tensor) (*ustorage.Storage[T], error) {
	if t.transposed {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "t: a transpose; the %d:%d format stores the rows of the original (take t() of it)", t.l.n, t.l.m)
	}
	var z T
	var ok bool
	switch any(z).(type) {
	case uint16:
		ok = t.l.dtype == dtype.Float16 || t.l.dtype == dtype.BFloat16
	case int8:
		ok = t.l.dtype == dtype.Int8
	case float32:
		ok = t.l.dtype == dtype.Float32
	}
	if !ok {
		return nil, errs.Errorf(errs.ErrDType, "T: %T is not the storage word of %s (uint16 for float16/bfloat16, int8, float32)", z, t.l.dtype)
	}
	f, err := t.Format()
	if err != nil {
		return nil, err
	}
	shape := []int64{t.rows, t.cols}
	_, sizes, err := format.IndexShape(f, shape)
	if err != nil {
		return nil, err
	}
	vals := dtype.AsSlice[T](t.values)
	cols := t.keptColumns()
	n, m := int64(t.l.n), int64(t.l.m)
	strips := t.rows * (t.cols / m)
	crd := make([]int64, 0, strips*n)
	out := make([]T, 0, strips*n)
	var present [4]bool
	var value [4]T
	for s := range strips {
		present, value = [4]bool{}, [4]T{}
		for k := s * n; k < (s+1)*n; k++ {
			if v := vals[k]; nonzeroWord(v) {
				p := int64(cols[k]) % m
				present[p], value[p] = true, v
			}
		}
		count := int64(0)
		for p := range m {
			if present[p] {
				count++
			}
		}
		pad := n - count
		for p := range m {
			switch {
			case present[p]:
				crd, out = append(crd, p), append(out, value[p])
			case pad > 0:
				crd, out = append(crd, p), append(out, 0)
				pad--
			}
		}
	}
	levels := make([]ustorage.LevelArrays[int64], len(f.Levels))
	for i := range levels {
		levels[i] = ustorage.LevelArrays[int64]{Pos: []int64{}, Crd: []int64{}} // as Build leaves them
	}
	levels[len(levels)-1].Crd = crd
	return &ustorage.Storage[T]{Format: f, Shape: shape, LevelSizes: sizes, Levels: levels, Values: out}, nil
}

// nonzeroWord is x != 0 on a storage word: -0 is zero, NaN is not.
func nonzeroWord[T ustorage.Value](v T) bool {
	switch w := any(v).(type) {
	case uint16:
		return w&0x7fff != 0
	case float32:
		return w != 0
	}
	return v != 0
}
