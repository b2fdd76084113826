package mmio

import (
	"errors"
	"github.com/gosparse/gosparse/core/dtype"
	"io"
	"io/fs"
	"os"
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Read reads the Matrix Market file at path into a tensor: a coordinate file
// gives a coalesced sparse COO tensor (duplicates summed), an array file a
// strided one; vectors are 1-D. The dtype is float64 for real, double and
// pattern fields, int64 for integer, complex128 for complex. A gzip or bzip2
// file (.mtx.gz, .mtx.bz2) is decompressed as it is read.
func Read(path string) (*tensor.Tensor, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fileError(err)
	}
	defer f.Close()
	t, err := ReadFrom(f)
	if err != nil {
		return nil, errs.Errorf(errs.CodeOf(err), "%s: %v", path, err)
	}
	return t, nil
}

// fileError classifies a failure to open a file: a missing file or folder
// is ErrNotFound, a refused one ErrPermission, the rest ErrIO. The message is
// the system's, which names the path.
func fileError(err error) error {
	code := errs.ErrIO
	switch {
	case errors.Is(err, fs.ErrNotExist):
		code = errs.ErrNotFound
	case errors.Is(err, fs.ErrPermission):
		code = errs.ErrPermission
	}
	return errs.Errorf(code, "%v", err)
}

// ReadFrom reads a Matrix Market stream into a tensor, as Read; gzip and
// bzip2 streams are decompressed as they are read.
func ReadFrom(r io.Reader) (*tensor.Tensor, error) {
	size := inputSize(r)
	d, plain, err := decompressed(r)
	if err != nil {
		return nil, err
	}
	if !plain {
		size = -1 // the text's size is not the stream's
	}
	m, err := parse(d, size, true)
	if err != nil {
		return nil, err
	}
	return m.Tensor()
}

// Tensor builds the tensor of a parsed file, as Read does, in memory that
// follows the entries, never the dimensions. A strided tensor takes over
// m.Dense (m must not be modified afterwards).
func (m *Matrix) Tensor() (*tensor.Tensor, error) {
	if m.Format == FormatArray {
		return tensor.NewStrided(m.Dense)
	}
	return m.coalescedCOO()
}

// Write writes a 1-D or 2-D tensor to the file at path (created or
// truncated); on failure the file is removed. See WriteTensor.
func Write(path string, t *tensor.Tensor) error {
	return createAndWrite(path, func(f io.Writer) error { return WriteTensor(f, t) })
}

// WriteTensor writes a 1-D or 2-D tensor: a strided tensor as an array file,
// a sparse one (any layout, converted to coalesced element-level COO) as a
// coordinate file, both with symmetry general and the field of the dtype
// (integer for bool and integer dtypes, complex for complex, real otherwise).
// Reading the output back gives a tensor equal to t, of dtype float64, int64
// or complex128. Sparse tensors must have a zero fill value, which is what
// Matrix Market assumes for the entries it does not list.
func WriteTensor(w io.Writer, t *tensor.Tensor) error {
	if t == nil {
		return errs.Errorf(errs.ErrInvalidArgument, "t: tensor is nil")
	}
	if nd := t.NDim(); nd != 1 && nd != 2 {
		return errs.Errorf(errs.ErrInvalidArgument, "t: Matrix Market holds 1-D and 2-D tensors, got %d-D of shape %v", nd, t.Dims())
	}
	if t.Layout() == tensor.Strided {
		data, err := tensor.Component(t, tensor.CompValues)
		if err != nil {
			return err
		}
		return WriteArray(w, data)
	}
	if f := dtype.LoadScalar(t.DType(), t.FillElem()); f.Re() != 0 || f.Im() != 0 || f.Int() != 0 {
		return errs.Errorf(errs.ErrInvalidArgument, "t: fill value (%g%+gi) is not zero, but a coordinate file leaves unlisted entries zero; convert to strided first", f.Re(), f.Im())
	}
	c, err := convert.CoalescedCOO(t, 0)
	if err != nil {
		return err
	}
	idx, err := tensor.Component(c, tensor.CompIndices)
	if err != nil {
		return err
	}
	vals, err := tensor.Component(c, tensor.CompValues)
	if err != nil {
		return err
	}
	return WriteCoordinate(w, slices.Clone(c.Dims()), idx, vals)
}
