package convert

import (
	"github.com/gosparse/gosparse/core/tensor"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
)

// denseCompressed is toDense of an unbatched 2-D CSR or CSC matrix without
// dense dims: the fill, then each stored value written at its coordinates
// straight from pos and crd, typed by index width and value size, where
// the generic path lists every entry's coordinates first (A.sum(1,
// keepdim=True) as a divisor is read dense this way). ok is false where it
// does not apply, or where a compressed slice's indices do not strictly
// increase (unchecked input with repeats: the generic path decides).
func denseCompressed(t *tensor.Tensor, out dtype.Array) bool {
	if (tensor.NamedLayout(t) != tensor.CSR && tensor.NamedLayout(t) != tensor.CSC) || t.BatchDim() != 0 || t.DenseDim() != 0 || len(t.Dims()) != 2 || t.Layout() == tensor.Custom {
		return false
	}
	// Element strides of the outer (compressed) and inner dims in out.
	so, si := t.Dims()[1], int64(1)
	if tensor.NamedLayout(t) == tensor.CSC {
		so, si = 1, t.Dims()[1]
	}
	l := &t.Levels()[1]
	if l.Pos.DType == dtype.Int32 {
		return denseCompressedAs(dtype.AsSlice[int32](l.Pos), dtype.AsSlice[int32](l.Crd), t.Values().Data, out.Data, t.DType().Size(), so, si)
	}
	return denseCompressedAs(dtype.AsSlice[int64](l.Pos), dtype.AsSlice[int64](l.Crd), t.Values().Data, out.Data, t.DType().Size(), so, si)
}

// denseCompressedAs dispatches on the value size to a word type.
func denseCompressedAs[I kernels.Index](pos, crd []I, vals, out []byte, size int, so, si int64) bool {
	switch size {
	case 1:
		return scatterCompressed(pos, crd, vals, out, so, si, uint8(0))
	case 2:
		return scatterCompressed(pos, crd, vals, out, so, si, uint16(0))
	case 4:
		return scatterCompressed(pos, crd, vals, out, so, si, uint32(0))
	case 8:
		return scatterCompressed(pos, crd, vals, out, so, si, uint64(0))
	case 16:
		return scatterCompressed(pos, crd, vals, out, so, si, [2]uint64{})
	}
	return false
}

// scatterCompressed writes vals (words of V) into out at o*so + crd[k]*si
// for the entries k of outer slice o; false at the first slice whose
// indices do not strictly increase (out is then partly written).
func scatterCompressed[I kernels.Index, V kernels.Word](pos, crd []I, vals, out []byte, so, si int64, _ V) bool {
	var v, d []V
	if n := len(vals) / int(unsafe.Sizeof(*new(V))); n > 0 {
		v = unsafe.Slice((*V)(unsafe.Pointer(&vals[0])), n)
	}
	if n := len(out) / int(unsafe.Sizeof(*new(V))); n > 0 {
		d = unsafe.Slice((*V)(unsafe.Pointer(&out[0])), n)
	}
	for o := 0; o+1 < len(pos); o++ {
		pollAt(o)
		base := int64(o) * so
		prev := I(-1)
		for k := pos[o]; k < pos[o+1]; k++ {
			j := crd[k]
			if j <= prev {
				return false
			}
			prev = j
			d[base+int64(j)*si] = v[k]
		}
	}
	return true
}
