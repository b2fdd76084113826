package convert

import (
	"errors"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/core/ustorage"
)

// ToFormat converts t, of any layout or format, to format f: a named
// layout's tensor where f is one (up to the names of the dimensions, so
// ToFormat(t, format.CSR()) is an ordinary CSR tensor), else a Custom tensor
// stored exactly as the reference stores f, its padding holding the fill
// value, its pos and crd arrays of t's index width (int32 from an int32
// source or a strided one, int64 where an entry does not fit). The storage is sized before it is allocated and refused with
// ErrTooLarge over the memory limit (DIA of a random matrix).
func ToFormat(t *tensor.Tensor, f format.Format) (*tensor.Tensor, error) {
	if err := format.Validate(f); err != nil {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "format: %v", err)
	}
	if len(f.Dims) != len(t.Dims()) {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "format %s has %d dimensions, the tensor %d (size %v)", f, len(f.Dims), len(t.Dims()), t.Dims())
	}
	if layout, opt, ok := tensor.NamedLayoutOf(f); ok {
		if out, ok, err := convertToNamed(t, f, layout, opt); ok {
			return out, err
		}
		out, err := ToLayout(t, layout, opt)
		if err == nil && !out.IsCoalesced() && uniqueCompressed(f) {
			// A 1-d COO asked for as (i : compressed): a unique level
			// holds no repeated coordinate, so the duplicates sum.
			return Coalesce(out)
		}
		return out, err
	}
	if out, ok, err := ToDIAFast(t, f); ok {
		return out, err
	}
	if out, ok, err := convertLevels(t, f); ok {
		return out, err
	}
	src := t
	if t.Layout() == tensor.COO && !t.IsCoalesced() {
		var err error
		if src, err = Coalesce(t); err != nil {
			return nil, err
		}
	}
	e, err := tensor.EntriesOf(src, len(t.Dims()))
	if err != nil {
		return nil, err
	}
	a, err := ustorage.Arrange(f, t.Dims(), e.N, func(i int64, dim []int64) {
		for d := range dim {
			dim[d] = e.Coords[d][i]
		}
	}, int64(t.DType().Size()), tensor.MemoryLimit())
	if err != nil {
		return nil, ustorageError(f, err)
	}
	vals := dtype.NewArray(t.DType(), []int64{int64(len(a.Source))})
	tensor.FillArray(vals, t.FillElem())
	es := int64(t.DType().Size())
	for p, i := range a.Source {
		if i >= 0 {
			from := e.Src[i] * es
			copy(vals.Data[int64(p)*es:int64(p+1)*es], e.Vals.Data[from:from+es])
		}
	}
	return tensor.AssembleFormat(f, &a.Structure, vals, t.FillElem(), KeptWidth(t))
}

// uniqueCompressed reports whether f has a compressed level with unique coordinates.
func uniqueCompressed(f format.Format) bool {
	for _, l := range f.Levels {
		if l.Kind == format.Compressed && !l.Nonunique {
			return true
		}
	}
	return false
}

// ustorageError gives a storage error its code: too large, or a tensor the
// format cannot hold (more than n nonzeros in a structured(n) strip, a shape
// a d / c does not divide).
func ustorageError(f format.Format, err error) error {
	if errors.Is(err, ustorage.ErrTooLarge) {
		return errs.Errorf(errs.ErrTooLarge, "to format %s: %v (memory limit %d bytes)", f, err, tensor.MemoryLimit())
	}
	return errs.Errorf(errs.ErrInvalidArgument, "to format %s: %v", f, err)
}
