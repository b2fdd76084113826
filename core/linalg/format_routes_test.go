package linalg

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/gen"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// bandedWithGaps is a 300 x 200 banded matrix (|i - j| <= 3, most slots
// filled) of dtype d whose rows 100..139 and every row i % 7 == 2 are empty:
// DCSR stores runs of rows with gaps between them, DIA pads its diagonals.
func bandedWithGaps(t *testing.T, d dtype.DType) *tensor.Tensor {
	const m, k = 300, 200
	a := dtype.NewArray(d, []int64{m, k})
	for i := range int64(m) {
		if i >= 100 && i < 140 || i%7 == 2 {
			continue
		}
		for j := max(i-3, 0); j <= min(i+3, k-1); j++ {
			if (i*31+j*17)%5 == 0 {
				continue
			}
			a.SetComplex(i*k+j, dtype.Complex128Scalar(complex(float64((i+2*j)%9-4), float64((i-j)%3))))
		}
	}
	x, err := tensor.NewStrided(a)
	require.NoError(t, err)
	return x
}

// fastRouteMats is bandedWithGaps in each format with a kernel of its own
// for sparse @ dense, both index widths where the format lets one ask.
func fastRouteMats(t *testing.T, d dtype.DType) map[string]*tensor.Tensor {
	dense := bandedWithGaps(t, d)
	mats := map[string]*tensor.Tensor{}
	for _, w := range []int{32, 64} {
		var err error
		mats[fmt.Sprintf("dcsr-i%d", w)], err = convert.ToLayout(dense, tensor.DCSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: w})
		require.NoError(t, err)
	}
	for name, text := range map[string]string{
		"dia-i":        format.DIAI().String(),
		"dia-j":        format.DIAJ().String(),
		"anti-dia-i":   format.AntiDIAI().String(),
		"bsr-colmajor": "(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)",
	} {
		f, err := format.Parse(text)
		require.NoError(t, err)
		mats[name], err = convert.ToFormat(dense, f)
		require.NoError(t, err)
	}
	// delta(8) stores every gap as it is; delta(3) pads the longer ones
	// (a row's first column reaches 196), both at either index width.
	for _, b := range []int64{8, 3} {
		f, err := format.DeltaCSR(b)
		require.NoError(t, err)
		a, err := convert.ToFormat(dense, f)
		require.NoError(t, err)
		mats[fmt.Sprintf("delta%d-i64", b)] = a
		mats[fmt.Sprintf("delta%d-i32", b)] = narrowFormat(t, a)
	}
	return mats
}

// narrowFormat is custom-format a over int32 copies of its level arrays
// (WrapFormat keeps their width).
func narrowFormat(t *testing.T, a *tensor.Tensor) *tensor.Tensor {
	u, err := a.USTStorage()
	require.NoError(t, err)
	narrow := func(xs []dtype.Array) []dtype.Array {
		r := make([]dtype.Array, len(xs))
		for l, x := range xs {
			if x.Data == nil {
				continue
			}
			r[l] = dtype.NewArray(dtype.Int32, []int64{x.Numel()})
			for i := range x.Numel() {
				r[l].SetComplex(i, dtype.IntScalar(x.Index(i)))
			}
		}
		return r
	}
	w, err := convert.WrapFormat(u.Format, a.Dims(), narrow(u.Pos), narrow(u.Crd), u.Values)
	require.NoError(t, err)
	uw, err := w.USTStorage()
	require.NoError(t, err)
	require.Equal(t, dtype.Int32, uw.Crd[1].DType)
	return w
}

// TestFormatMmFastRoutes: mv and mm (1 to 17 columns) of a banded matrix
// with empty rows in DCSR (int32 and int64), DIA-I, DIA-J, anti-DIA, BSR
// with column-major blocks and delta(8) and delta(3) CSR (int32 and int64) equal the product of its dense value in
// float64, float32, complex128 and int64, and the result is bit-identical
// run serially and split over four workers at the smallest threshold.
func TestFormatMmFastRoutes(t *testing.T) {
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Complex128, dtype.Int64} {
		ref := denseRef(t, bandedWithGaps(t, d))
		for name, a := range fastRouteMats(t, d) {
			for _, n := range []int64{1, 2, 3, 8, 9, 17} {
				bv := dtype.NewArray(d, []int64{a.Dims()[1], n})
				for i := range bv.Numel() {
					bv.SetComplex(i, dtype.Complex128Scalar(complex(float64(i%11)-5, math.Mod(float64(i), 3)-1)))
				}
				b, err := tensor.NewStrided(bv)
				require.NoError(t, err)
				msg := fmt.Sprintf("%s %s n=%d", name, d, n)
				for prefix, r := range map[string]mmRoute{"dcsr": routeDCSR, "delta": routeDelta} {
					if !strings.HasPrefix(name, prefix) {
						continue
					}
					seen := traceRoute(t)
					_, err := Mm(a, b)
					require.NoError(t, err)
					require.Equal(t, []string{routeKernels[r]}, *seen, msg)
					onRoute = nil
				}
				run := func(k parallel.Knobs) *tensor.Tensor {
					old := parallel.SetKnobs(k)
					defer parallel.SetKnobs(old)
					got, err := Mm(a, b)
					require.NoError(t, err, msg)
					return got
				}
				serial := run(parallel.Knobs{Threshold: math.MaxInt, ChunkedThreshold: math.MaxInt, Workers: 1})
				split := run(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: 4})
				requireNear(t, refMM(ref, denseRef(t, b)), serial, d, msg)
				require.Equal(t, serial.Values().Data, split.Values().Data, "%s: the split changed bits", msg)
			}
		}
	}
}

// TestFormatMmAllocatesOutput: mv and mm (8 columns) of an n^2-row
// Laplacian in DCSR (int32 and int64), DIA-I, DIA-J, BSR with
// column-major blocks and delta(8) CSR allocate their output and at most 4 KiB besides (64
// KiB for mm: the pooled scratch of a listed chunk), nothing that grows
// with the rows or the entries.
func TestFormatMmAllocatesOutput(t *testing.T) {
	c, err := gen.Stencil2D(64)
	require.NoError(t, err)
	coo, err := c.Tensor()
	require.NoError(t, err)
	m := coo.Dims()[0]
	mats := map[string]*tensor.Tensor{}
	for _, w := range []int{32, 64} {
		mats[fmt.Sprintf("dcsr-i%d", w)], err = convert.ToLayout(coo, tensor.DCSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: w})
		require.NoError(t, err)
	}
	for name, text := range map[string]string{
		"dia-i":        format.DIAI().String(),
		"dia-j":        format.DIAJ().String(),
		"bsr-colmajor": "(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)",
		"delta8":       "(i, j) -> (i : dense, j : delta(8))",
	} {
		f, err := format.Parse(text)
		require.NoError(t, err)
		mats[name], err = convert.ToFormat(coo, f)
		require.NoError(t, err)
	}
	for _, n := range []int64{1, 8} {
		b, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{m, n}))
		require.NoError(t, err)
		for name, a := range mats {
			_, err := Mm(a, b) // warm up
			require.NoError(t, err)
			const runs = 20
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for range runs {
				if _, err := Mm(a, b); err != nil {
					t.Fatal(err)
				}
			}
			runtime.ReadMemStats(&after)
			per := int64(after.TotalAlloc-before.TotalAlloc) / runs
			fixed := int64(4096)
			if n > 1 {
				fixed = 64 << 10 // a listed chunk's scratch (48 KiB), pooled: new only after a collection empties the pool
			}
			require.LessOrEqual(t, per, 8*m*n+fixed, "%s, %d columns: %d bytes a call for an output of %d bytes", name, n, per, 8*m*n)
		}
	}
}
