package convert

import (
	"syscall"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/core/ustorage"
)

// coordinateToFormat is ToFormat's route to a custom format before the
// direct conversion (the baseline of BenchmarkConvertLevels): the source's
// coordinate list, Arrange, the values copied, AssembleFormat.
func coordinateToFormat(t *tensor.Tensor, f format.Format) (*tensor.Tensor, error) {
	e, err := tensor.EntriesOf(t, len(t.Dims()))
	if err != nil {
		return nil, err
	}
	a, err := ustorage.Arrange(f, t.Dims(), e.N, func(i int64, dim []int64) {
		for d := range dim {
			dim[d] = e.Coords[d][i]
		}
	}, int64(t.DType().Size()), tensor.MemoryLimit())
	if err != nil {
		return nil, err
	}
	vals := dtype.NewArray(t.DType(), []int64{int64(len(a.Source))})
	from := make([]int64, len(a.Source))
	for p, i := range a.Source {
		from[p] = -1
		if i >= 0 {
			from[p] = e.Src[i]
		}
	}
	gatherSlots(vals, e.Vals, from)
	return tensor.AssembleFormat(f, &a.Structure, vals, t.FillElem(), KeptWidth(t))
}

// storageConvert is the direct route without building the tensor (its COO
// form, while custom tensors keep one): the source's levels converted by
// ustorage.ConvertValues, the values moved to their slots, the index
// arrays of the width ToFormat gives the result (int32 for a named
// layout's format where it fits, as convertToNamed; the source's for a
// custom one, as convertLevels).
func storageConvert(t *tensor.Tensor, f format.Format) error {
	src, vals, ok, err := levelSource(t)
	if !ok || err != nil {
		panic("storageConvert: a source levelSource does not take")
	}
	narrow := KeptWidth(t) != 64
	if _, _, named := tensor.NamedLayoutOf(f); named {
		narrow = tensor.FitsInt32(t.Dims(), vals.Numel())
	}
	_, _, err = convertValues(src, vals, t.FillElem(), f, narrow)
	return err
}

// laplacian3D is the 1M-row Laplacian's entries (r, c) as a 3-D COO tensor
// (r / 1000, r % 1000, c) of size (1000, 1000, 1M), coalesced.
func laplacian3D(tb testing.TB, csr *tensor.Tensor) *tensor.Tensor {
	return laplacian3DOf(tb, csr, 1000)
}

// laplacian3DOf is the side x side grid's Laplacian's entries (r, c) as a
// 3-D COO tensor (r / side, r % side, c), coalesced.
func laplacian3DOf(tb testing.TB, csr *tensor.Tensor, side int64) *tensor.Tensor {
	coo, err := ToLayout(csr, tensor.COO, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: 64})
	if err != nil {
		tb.Fatal(err)
	}
	idx := dtype.AsSlice[int64](coo.Indices())
	nse := coo.Values().Numel()
	out := dtype.NewArray(dtype.Int64, []int64{3, nse})
	o := dtype.AsSlice[int64](out)
	for k := int64(0); k < nse; k++ {
		r := idx[k]
		o[k], o[nse+k], o[2*nse+k] = r/side, r%side, idx[nse+k]
	}
	x, err := tensor.NewCOO(out, coo.Values(), []int64{side, side, csr.Dims()[0]}, tensor.BuildOptions{Coalesced: true})
	if err != nil {
		tb.Fatal(err)
	}
	return x
}

// BenchmarkConvertLevels: the 1M-row 5-point Laplacian (int32 CSR, 5M
// entries) between formats: the hand-written conversions (hand/), the
// direct route of ToFormat (direct/), the same without building the
// result's COO form (storage/), and the coordinate route it replaces
// (coord/). cpu-ns/op is the process's CPU time per call.
func BenchmarkConvertLevels(b *testing.B) {
	csr := laplacianCSR(b, 1000)
	coo, err := ToLayout(csr, tensor.COO, tensor.DefaultConvert())
	if err != nil {
		b.Fatal(err)
	}
	dia, err := ToFormat(csr, tensor.DiaIFormat)
	if err != nil {
		b.Fatal(err)
	}
	coo3 := laplacian3D(b, csr)
	bsrLeft, err := format.Parse("(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)")
	if err != nil {
		b.Fatal(err)
	}
	csf3, err := format.CSF(3)
	if err != nil {
		b.Fatal(err)
	}
	run := func(name string, f func() error) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			before := cpuTime()
			for b.Loop() {
				if err := f(); err != nil {
					b.Fatal(err)
				}
			}
			// The process's CPU time (GC included) per call: the wall time
			// of a loaded machine moves with the other processes' load.
			b.ReportMetric(float64(cpuTime()-before)/float64(b.N), "cpu-ns/op")
		})
	}
	layout := func(t *tensor.Tensor, l tensor.Layout) func() error {
		return func() error { _, err := ToLayout(t, l, tensor.DefaultConvert()); return err }
	}
	toFormat := func(t *tensor.Tensor, f format.Format) func() error {
		return func() error { _, err := ToFormat(t, f); return err }
	}
	coord := func(t *tensor.Tensor, f format.Format) func() error {
		return func() error { _, err := coordinateToFormat(t, f); return err }
	}
	storage := func(t *tensor.Tensor, f format.Format) func() error {
		return func() error { return storageConvert(t, f) }
	}
	run("hand/csr-to-csc", layout(csr, tensor.CSC))
	run("hand/coo-to-csr", layout(coo, tensor.CSR))
	run("hand/csr-to-dia", func() error { _, _, err := ToDIAFast(csr, tensor.DiaIFormat); return err })
	run("direct/csr-to-dia", func() error { _, _, err := convertLevels(csr, tensor.DiaIFormat); return err })
	run("storage/csr-to-dia", storage(csr, tensor.DiaIFormat))
	run("coord/csr-to-dia", coord(csr, tensor.DiaIFormat))
	run("direct/dia-to-csr", toFormat(dia, format.CSR()))
	run("storage/dia-to-csr", storage(dia, format.CSR()))
	run("coord/dia-to-csr", layout(dia, tensor.CSR))
	run("hand/csr-to-dcsr", layout(csr, tensor.DCSR))
	run("storage/csr-to-dcsr", storage(csr, format.DCSR()))
	run("direct/csr-to-bsr-colmajor", toFormat(csr, bsrLeft))
	run("storage/csr-to-bsr-colmajor", storage(csr, bsrLeft))
	run("coord/csr-to-bsr-colmajor", coord(csr, bsrLeft))
	run("hand/coo-to-csf3", layout(coo3, tensor.CSF))
	run("storage/coo-to-csf3", storage(coo3, csf3))
	run("direct/dia-to-bsr-colmajor", toFormat(dia, bsrLeft))
	run("storage/dia-to-bsr-colmajor", storage(dia, bsrLeft))
	run("coord/dia-to-bsr-colmajor", coord(dia, bsrLeft))
}

// cpuTime is the process's user and system CPU time in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// gatherSlots sets dst[p] = src[from[p]] for every slot p with from[p] >= 0.
func gatherSlots(dst, src dtype.Array, from []int64) {
	switch src.DType.Size() {
	case 1:
		gatherWords(dtype.AsSlice[uint8](dst), dtype.AsSlice[uint8](src), from)
	case 2:
		gatherWords(dtype.AsSlice[uint16](dst), dtype.AsSlice[uint16](src), from)
	case 4:
		gatherWords(dtype.AsSlice[uint32](dst), dtype.AsSlice[uint32](src), from)
	case 8:
		gatherWords(dtype.AsSlice[uint64](dst), dtype.AsSlice[uint64](src), from)
	default:
		gatherWords(dtype.AsSlice[[2]uint64](dst), dtype.AsSlice[[2]uint64](src), from)
	}
}

// gatherWords is gatherSlots over one machine word type.
func gatherWords[W uint8 | uint16 | uint32 | uint64 | [2]uint64](dst, src []W, from []int64) {
	for p, k := range from {
		if k >= 0 {
			dst[p] = src[k]
		}
	}
}
