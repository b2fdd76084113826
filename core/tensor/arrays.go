package tensor

import (
	"cmp"

	"github.com/gosparse/gosparse/core/dtype"
)

// AllZero reports whether every byte of b is zero.
func AllZero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

// CloneArray returns a deep copy of a (its shape and data).
func CloneArray(a dtype.Array) dtype.Array {
	if a.Data == nil {
		return a
	}
	out := dtype.NewArray(a.DType, a.Shape)
	copy(out.Data, a.Data)
	return out
}

// CastArray converts every element of a to dtype d.
func CastArray(a dtype.Array, d dtype.DType) dtype.Array {
	out := dtype.NewArray(d, a.Shape)
	if a.DType == dtype.Float64 && d == dtype.Float32 {
		src, dst := dtype.AsSlice[float64](a), dtype.AsSlice[float32](out)
		for i := range dst {
			dst[i] = float32(src[i])
		}
		return out
	}
	for i := int64(0); i < a.Numel(); i++ {
		out.SetComplex(i, a.Complex(i))
	}
	return out
}

// CmpColumns compares column i of a's indices with column j of b's.
func CmpColumns(a *Tensor, i int64, b *Tensor, j int64, nd int) int {
	na, nb := a.indices.Shape[1], b.indices.Shape[1]
	for d := int64(0); d < int64(nd); d++ {
		if c := cmp.Compare(a.indices.Index(d*na+i), b.indices.Index(d*nb+j)); c != 0 {
			return c
		}
	}
	return 0
}
