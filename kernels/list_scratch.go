package kernels

import (
	"sync"
	"unsafe"
)

// diaListEntries is the most entries one listed chunk of rows holds (BSR
// with column-major blocks lists its block rows as small CSRs): its column
// indices and values (24 KiB of float64) stay in L1 between being listed
// and being multiplied.
const diaListEntries = 2048

// diaListScratch holds one listed chunk: values of up to 16 bytes (any
// Number) viewed as the chunk's value type.
type diaListScratch struct {
	idx [diaListEntries]int32
	ptr [diaListEntries + 1]int32
	val [diaListEntries]complex128
}

var diaListPool = sync.Pool{New: func() any { return new(diaListScratch) }}

// asValues views the scratch's values as diaListEntries values of type V.
func asValues[V Number](sc *diaListScratch) []V {
	return unsafe.Slice((*V)(unsafe.Pointer(&sc.val[0])), diaListEntries)
}

// axpyRow adds v*src to dst, unrolled by four.
func axpyRow[V Number](dst []V, v V, src []V) {
	src = src[:len(dst)]
	j := 0
	for ; j+4 <= len(dst); j += 4 {
		ds := (*[4]V)(dst[j : j+4])
		ss := (*[4]V)(src[j : j+4])
		ds[0] += v * ss[0]
		ds[1] += v * ss[1]
		ds[2] += v * ss[2]
		ds[3] += v * ss[3]
	}
	for ; j < len(dst); j++ {
		dst[j] += v * src[j]
	}
}
