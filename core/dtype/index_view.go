package dtype

import "unsafe"

// IndexDType is the index dtype of I: Int32 for a 4-byte index, else Int64.
func IndexDType[I ~int32 | ~int64]() DType {
	var z I
	if unsafe.Sizeof(z) == 4 {
		return Int32
	}
	return Int64
}

// IndexView views an index slice the caller owns and no longer changes as
// a 1-D Array of its index dtype, without copying (the Array's bytes keep
// the slice's memory alive); an empty slice gives an empty, non-nil Data.
func IndexView[I ~int32 | ~int64](s []I) Array {
	d := IndexDType[I]()
	data := []byte{}
	if len(s) > 0 {
		data = unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*d.Size())
	}
	return Array{DType: d, Shape: []int64{int64(len(s))}, Data: data}
}
