package mmio

import (
	"bufio"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels/cancel"
)

// WriteCoordinate writes a coordinate file with symmetry general: a vector
// when shape has one dimension, a matrix when it has two. indices is an
// integer array of shape (ndim, nnz) (or (nnz) for a vector) of 0-based
// coordinates; values holds the nnz values, and its dtype picks the field:
// integer for bool and integer dtypes, complex for complex dtypes, real for
// the float dtypes. Entries are written in the order given, duplicates
// included; floats are written with the fewest digits that read back to the
// same float64. Invalid arguments give errs.ErrInvalidArgument, write
// failures errs.ErrIO.
func WriteCoordinate(w io.Writer, shape []int64, indices, values dtype.Array) error {
	nnz, err := checkCoordinate(shape, indices)
	if err != nil {
		return err
	}
	if !values.DType.Valid() {
		return errs.Errorf(errs.ErrInvalidArgument, "values: invalid dtype %d", int32(values.DType))
	}
	if err := checkArray("values", values); err != nil {
		return err
	}
	if len(values.Shape) != 1 || values.Shape[0] != nnz {
		return errs.Errorf(errs.ErrInvalidArgument, "values: shape %v must be (%d), one value per entry of indices", values.Shape, nnz)
	}
	return writeCoordinate(w, fieldOf(values.DType), shape, indices, values, nnz)
}

// WritePattern writes a pattern coordinate file (coordinates without values)
// with the rules of WriteCoordinate; it reads back with every value 1.
func WritePattern(w io.Writer, shape []int64, indices dtype.Array) error {
	nnz, err := checkCoordinate(shape, indices)
	if err != nil {
		return err
	}
	return writeCoordinate(w, FieldPattern, shape, indices, dtype.Array{}, nnz)
}

// WriteArray writes a dense row-major array (1-D: a vector, 2-D: a matrix)
// as an array file with symmetry general, column by column as the format
// requires. The field follows the dtype as in WriteCoordinate.
func WriteArray(w io.Writer, dense dtype.Array) error {
	if !dense.DType.Valid() {
		return errs.Errorf(errs.ErrInvalidArgument, "dense: invalid dtype %d", int32(dense.DType))
	}
	if len(dense.Shape) != 1 && len(dense.Shape) != 2 {
		return errs.Errorf(errs.ErrInvalidArgument, "dense: Matrix Market holds 1-D and 2-D arrays, got %d dimensions", len(dense.Shape))
	}
	if err := checkArray("dense", dense); err != nil {
		return err
	}
	field := fieldOf(dense.DType)
	bw := bufio.NewWriterSize(w, 64<<10)
	object, rows, cols := ObjectMatrix, dense.Shape[0], int64(1)
	if len(dense.Shape) == 1 {
		object = ObjectVector
	} else {
		cols = dense.Shape[1]
	}
	b := make([]byte, 0, 128)
	b = append(b, "%%MatrixMarket "+object+" array "+field+" general\n"...)
	b = strconv.AppendInt(b, rows, 10)
	if object == ObjectMatrix {
		b = append(b, ' ')
		b = strconv.AppendInt(b, cols, 10)
	}
	b = append(b, '\n')
	if rows == 0 {
		cols = 0 // no values: skip the columns of a 0 x 2^62 matrix at once
	}
	for j := range cols {
		for i := range rows {
			b = appendValue(b, field, dense, i*cols+j)
			b = append(b, '\n')
			if len(b) > 4096 {
				cancel.Poll() // some 100 lines a poll: one atomic load
				if _, err := bw.Write(b); err != nil {
					return writeError(err)
				}
				b = b[:0]
			}
		}
	}
	return flush(bw, b)
}

// writeCoordinate writes the banner, size line and entries of a checked input.
func writeCoordinate(w io.Writer, field string, shape []int64, indices, values dtype.Array, nnz int64) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	object := ObjectMatrix
	if len(shape) == 1 {
		object = ObjectVector
	}
	b := make([]byte, 0, 128)
	b = append(b, "%%MatrixMarket "+object+" coordinate "+field+" general\n"...)
	for _, s := range shape {
		b = strconv.AppendInt(b, s, 10)
		b = append(b, ' ')
	}
	b = strconv.AppendInt(b, nnz, 10)
	b = append(b, '\n')
	if _, err := bw.Write(b); err != nil {
		return writeError(err)
	}
	return writeBlocks(bw, (nnz+writeBlock-1)/writeBlock, func(t []byte, blk int64) []byte {
		k0 := blk * writeBlock
		return appendEntries(t, field, len(shape), indices, values, nnz, k0, min(k0+writeBlock, nnz))
	})
}

// createAndWrite creates (or truncates) the file at path and runs write on
// it; on failure, or a panic (a cancelled poll or a bug), the file is
// removed, so that no partial file is left.
func createAndWrite(path string, write func(io.Writer) error) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return fileError(err)
	}
	defer func() {
		if r := recover(); r != nil {
			f.Close()
			os.Remove(path)
			panic(r)
		}
		if cerr := f.Close(); err == nil && cerr != nil {
			err = errs.Errorf(errs.ErrIO, "%v", cerr)
		}
		if err != nil {
			os.Remove(path)
		}
	}()
	return write(f)
}

// writeBlocks writes the text of blocks 0 ... blocks-1, which format appends
// to the buffer it is given, and flushes bw. Blocks are formatted in
// parallel, a batch at a time, and written in order: the text of a batch is
// all the memory it takes. The cancel token is polled once a block (a block
// is some milliseconds of formatting).
func writeBlocks(bw *bufio.Writer, blocks int64, format func(t []byte, blk int64) []byte) error {
	batch := int64(runtime.GOMAXPROCS(0) * batchChunks)
	bufs := make([][]byte, min(batch, blocks))
	tok := cancel.Current()
	for b0 := int64(0); b0 < blocks; b0 += batch {
		n := min(batch, blocks-b0)
		parallelParts(int(n), func(p int) {
			tok.Check()
			bufs[p] = format(bufs[p][:0], b0+int64(p))
		})
		for _, t := range bufs[:n] {
			if _, err := bw.Write(t); err != nil {
				return writeError(err)
			}
		}
	}
	return flush(bw, nil)
}

// writeBlock is how many entries one goroutine formats at a time.
const writeBlock = 32 << 10

// appendEntries formats the entries [k0, k1) of a coordinate file, one a line.
func appendEntries(b []byte, field string, ndim int, indices, values dtype.Array, nnz, k0, k1 int64) []byte {
	var idx []int64
	if indices.DType == dtype.Int64 {
		idx = dtype.AsSlice[int64](indices)
	}
	for k := k0; k < k1; k++ {
		for d := range int64(ndim) {
			if d > 0 {
				b = append(b, ' ')
			}
			if idx != nil {
				b = strconv.AppendInt(b, idx[d*nnz+k]+1, 10)
			} else {
				b = strconv.AppendInt(b, indices.Index(d*nnz+k)+1, 10)
			}
		}
		if field != FieldPattern {
			b = append(b, ' ')
			b = appendValue(b, field, values, k)
		}
		b = append(b, '\n')
	}
	return b
}

// checkCoordinate validates shape and indices and returns nnz.
func checkCoordinate(shape []int64, indices dtype.Array) (int64, error) {
	if len(shape) != 1 && len(shape) != 2 {
		return 0, errs.Errorf(errs.ErrInvalidArgument, "shape: Matrix Market holds vectors and matrices, got %d dimensions", len(shape))
	}
	for d, s := range shape {
		if s < 0 {
			return 0, errs.Errorf(errs.ErrInvalidArgument, "shape[%d] = %d must not be negative", d, s)
		}
	}
	if !indices.DType.IsInteger() && indices.DType != dtype.Bool {
		return 0, errs.Errorf(errs.ErrInvalidArgument, "indices: dtype %v must be an integer dtype", indices.DType)
	}
	if err := checkArray("indices", indices); err != nil {
		return 0, err
	}
	ndim := int64(len(shape))
	var nnz int64
	switch {
	case len(indices.Shape) == 2 && indices.Shape[0] == ndim:
		nnz = indices.Shape[1]
	case len(indices.Shape) == 1 && ndim == 1:
		nnz = indices.Shape[0]
	default:
		return 0, errs.Errorf(errs.ErrInvalidArgument, "indices: shape %v must be (%d, nnz)", indices.Shape, ndim)
	}
	for d := range ndim {
		for k := range nnz {
			if k&pollLines == 0 {
				cancel.Poll()
			}
			if v := indices.Index(d*nnz + k); v < 0 || v >= shape[d] {
				return 0, errs.Errorf(errs.ErrInvalidArgument, "indices[%d][%d] = %d out of range 0..%d", d, k, v, shape[d]-1)
			}
		}
	}
	return nnz, nil
}

// checkArray checks that a's buffer holds exactly its elements.
func checkArray(name string, a dtype.Array) error {
	n := int64(1)
	for d, s := range a.Shape {
		if s < 0 {
			return errs.Errorf(errs.ErrInvalidArgument, "%s: shape[%d] = %d must not be negative", name, d, s)
		}
		if s != 0 && n > math.MaxInt64/s {
			return errs.Errorf(errs.ErrInvalidArgument, "%s: shape %v overflows int64", name, a.Shape)
		}
		n *= s
	}
	if size := int64(a.DType.Size()); n > math.MaxInt64/size || int64(len(a.Data)) != n*size {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: %d bytes of data for shape %v of %v", name, len(a.Data), a.Shape, a.DType)
	}
	return nil
}

// fieldOf is the field that holds a dtype exactly.
func fieldOf(d dtype.DType) string {
	switch {
	case d.IsComplex():
		return FieldComplex
	case d.IsFloat():
		return FieldReal
	}
	return FieldInteger
}

// appendValue formats element k of a for the field.
func appendValue(b []byte, field string, a dtype.Array, k int64) []byte {
	switch field {
	case FieldInteger:
		return strconv.AppendInt(b, a.Index(k), 10)
	case FieldComplex:
		c := a.Complex(k)
		b = appendReal(b, c.Re(), 'g', -1)
		b = append(b, ' ')
		return appendReal(b, c.Im(), 'g', -1)
	}
	if a.DType == dtype.Float64 {
		return appendReal(b, dtype.AsSlice[float64](a)[k], 'g', -1)
	}
	return appendReal(b, a.Complex(k).Re(), 'g', -1)
}

// appendReal formats v as strconv.AppendFloat does, except the infinities:
// "Infinity" and "-Infinity", as SciPy writes them, since SciPy's reader
// (fast_matrix_market) refuses strconv's "+Inf".
func appendReal(b []byte, v float64, format byte, prec int) []byte {
	switch {
	case math.IsInf(v, 1):
		return append(b, "Infinity"...)
	case math.IsInf(v, -1):
		return append(b, "-Infinity"...)
	}
	return strconv.AppendFloat(b, v, format, prec, 64)
}

func flush(bw *bufio.Writer, b []byte) error {
	if _, err := bw.Write(b); err != nil {
		return writeError(err)
	}
	if err := bw.Flush(); err != nil {
		return writeError(err)
	}
	return nil
}

func writeError(err error) error {
	return errs.Errorf(errs.ErrIO, "write failed: %v", err)
}
