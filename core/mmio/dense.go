package mmio

import (
	"io"

	"github.com/gosparse/gosparse/core/errs"
)

// parseArray reads the values of an array file into m.Dense.
func parseArray(lr *lineReader, h *header, m *Matrix) error {
	switch h.field {
	case FieldInteger:
		return array(lr, h, m, integerCodec(h.symmetry))
	case FieldComplex:
		return array(lr, h, m, complexCodec(h.symmetry))
	}
	return array(lr, h, m, realCodec(h.symmetry))
}

// array reads one value per line, column by column (only the lower triangle
// for a symmetric file), and lays the result out row-major.
func array[T any](lr *lineReader, h *header, m *Matrix, c codec[T]) error {
	total := h.arrayValues()
	perValue := int64(c.dtype.Size())
	budget := entryBudget(perValue)
	stop := min(total, budget) // as in coordinate: the count promised or the memory limit
	vals := make([]T, 0, min(stop, preallocCap))
	skew := h.symmetry == SymmetrySkew
	var row, col int64 // where the next value of a hermitian file goes (row >= col)
	var tok [2]span
	for {
		line, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		k := splitFields(line, tok[:c.nv])
		if k == 0 || line[tok[0].lo] == '%' {
			continue
		}
		if n := int64(len(vals)); n == stop {
			if n == total {
				return errs.Errorf(errs.ErrIO, "line %d: too many values: the size line (line %d) promises %d", lr.line, h.sizeLine, total)
			}
			return tooLarge(lr.line, "values", n+1, perValue)
		}
		if k != c.nv {
			return errs.Errorf(errs.ErrIO, "line %d: an array entry must hold %d number(s) (%s), found %d", lr.line, c.nv, c.names, k)
		}
		var t1 []byte
		if k > 1 {
			t1 = line[tok[1].lo:tok[1].hi]
		}
		v, err := c.parse(line[tok[0].lo:tok[0].hi], t1, lr.line)
		if err != nil {
			return err
		}
		// Every stored value of a skew-symmetric array is off the diagonal.
		if _, ok := c.mirror(v); skew && !ok {
			return errs.Errorf(errs.ErrIO, "line %d: skew-symmetric value %v has no negation in int64", lr.line, v)
		}
		if c.diagonal != nil {
			if row == col && !c.diagonal(v) {
				return errs.Errorf(errs.ErrIO, "line %d: hermitian diagonal entry (%d, %d) = %v: the diagonal of a hermitian matrix is real (imaginary part 0)", lr.line, row+1, col+1, v)
			}
			if row++; row == h.shape[0] {
				col++
				row = col
			}
		}
		vals = append(vals, v)
	}
	if n := int64(len(vals)); n < total {
		return errs.Errorf(errs.ErrIO, "line %d: too few values: the input ends after %d of the %d that the size line (line %d) promises", lr.line, n, total, h.sizeLine)
	}
	if len(h.shape) == 1 {
		m.Dense = wrap(c.dtype, vals, h.shape[0])
		return nil
	}
	if n := h.shape[0] * h.shape[1]; n > budget {
		return tooLarge(lr.line, "elements of the expanded matrix", n, perValue)
	}
	m.Dense = wrap(c.dtype, denseRowMajor(vals, h.shape[0], h.shape[1], h.symmetry, c.mirror), h.shape[0], h.shape[1])
	return nil
}

// denseRowMajor turns the column-major values of the file into a row-major
// rows x cols matrix, filling the upper triangle of a symmetric file.
func denseRowMajor[T any](vals []T, rows, cols int64, symmetry string, mirror func(T) (T, bool)) []T {
	out := make([]T, rows*cols)
	if len(out) == 0 {
		return out // without looping over the columns of a 0 x 2^62 matrix
	}
	if symmetry == SymmetryGeneral {
		k := 0
		for j := range cols {
			for i := range rows {
				out[i*cols+j] = vals[k]
				k++
			}
		}
		return out
	}
	n := rows
	first := int64(0) // the first stored row of column j is j + first
	if symmetry == SymmetrySkew {
		first = 1
	}
	k := 0
	for j := range n {
		for i := j + first; i < n; i++ {
			v := vals[k]
			k++
			out[i*n+j] = v
			if i != j {
				out[j*n+i], _ = mirror(v)
			}
		}
	}
	return out
}
