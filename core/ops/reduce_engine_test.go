package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// engineCase is one input of the differential reduction test.
type engineCase struct {
	name string
	t    *tensor.Tensor
}

// engineInputs builds x (a dense tensor) in every layout the engine reads,
// at index width w: COO coalesced and uncoalesced (with duplicates), CSR,
// CSC, BSR, BSC, a hybrid COO and CSR (one dense dim), a batched CSR and
// a 3-d COO (coalesced and with duplicates).
func engineInputs(t *testing.T, rng *rand.Rand, d dtype.DType, w int, fill []byte) []engineCase {
	conv := func(x *tensor.Tensor, l tensor.Layout, dense int, block [2]int64) *tensor.Tensor {
		r, err := convert.ToLayout(x, l, tensor.ConvertOptions{DenseDim: dense, SparseDim: -1, BlockSize: block, IndexWidth: w})
		require.NoError(t, err)
		r, err = tensor.WithFill(r, fill)
		require.NoError(t, err)
		return r
	}
	m2 := tensortest.RandomDense(t, rng, d, []int64{6, 4}, 0.4)
	// Two batches of one pattern (torch's rule for batched CSR), m2's
	// values in the first and a fresh draw on its pattern in the second.
	m3a := dtype.NewArray(d, []int64{2, 6, 4})
	other := tensortest.RandomDense(t, rng, d, []int64{6, 4}, 1).Values()
	half := int64(len(m2.Values().Data))
	copy(m3a.Data, m2.Values().Data)
	es := int64(d.Size())
	for i := range int64(24) {
		if !isZeroBytes(m2.Values().Data[i*es : (i+1)*es]) {
			copy(m3a.Data[half+i*es:half+(i+1)*es], other.Data[i*es:(i+1)*es])
		}
	}
	m3, err := tensor.NewStrided(m3a)
	require.NoError(t, err)
	coo := conv(m2, tensor.COO, 0, [2]int64{})
	cases := []engineCase{
		{"coo", coo},
		{"coo-dup", duplicated(t, coo)},
		{"csr", conv(m2, tensor.CSR, 0, [2]int64{})},
		{"csc", conv(m2, tensor.CSC, 0, [2]int64{})},
		{"bsr", conv(m2, tensor.BSR, 0, [2]int64{2, 2})},
		{"bsc", conv(m2, tensor.BSC, 0, [2]int64{3, 2})},
		{"coo-hybrid", conv(m3, tensor.COO, 1, [2]int64{})},
		{"csr-hybrid", conv(m3, tensor.CSR, 1, [2]int64{})},
		{"csr-batched", conv(m3, tensor.CSR, 0, [2]int64{})},
		{"coo-3d", conv(m3, tensor.COO, 0, [2]int64{})},
		{"coo-3d-dup", duplicated(t, conv(m3, tensor.COO, 0, [2]int64{}))},
	}
	return cases
}

// duplicated is c (a coalesced COO) with every other entry repeated with
// the value zero and the coalesced flag false: the same dense value.
func duplicated(t *testing.T, c *tensor.Tensor) *tensor.Tensor {
	idx, vals := c.Indices(), c.Values()
	s, n := idx.Shape[0], idx.Shape[1]
	var extra []int64
	for e := int64(0); e < n; e += 2 {
		extra = append(extra, e)
	}
	k := n + int64(len(extra))
	ni := dtype.NewArray(idx.DType, []int64{s, k})
	for d := int64(0); d < s; d++ {
		for e := int64(0); e < n; e++ {
			tensor.SetIndex(ni, d*k+e, idx.Index(d*n+e))
		}
		for j, e := range extra {
			tensor.SetIndex(ni, d*k+n+int64(j), idx.Index(d*n+e))
		}
	}
	nv := dtype.NewArray(vals.DType, append([]int64{k}, vals.Shape[1:]...))
	copy(nv.Data, vals.Data)
	r, err := tensor.NewCOO(ni, nv, c.Dims(), tensor.BuildOptions{})
	require.NoError(t, err)
	r, err = tensor.WithFill(r.WithCoalesced(false), c.FillElem())
	require.NoError(t, err)
	require.False(t, r.IsCoalesced())
	return r
}

// engineFills are the fill values tried for dtype d: zero, a number, NaN.
func engineFills(d dtype.DType) [][]byte {
	fills := [][]byte{make([]byte, d.Size()), tensor.ScalarBytes(d, dtype.IntScalar(2))}
	if d.IsFloat() || d.IsComplex() {
		fills = append(fills, tensor.ScalarBytes(d, dtype.Real(math.NaN())))
	}
	return fills
}

// The engine's reductions (reduceNative) equal the COO path's (reduceViaCOO,
// the implementation before the engine) and the dense tensor's, over
// layouts x dtypes x fills x index widths x ops x dim sets; the result's
// layout, shape, dtype, coalesced flag and fill agree too.
func TestReduceEngineMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 1))
	dts := []dtype.DType{dtype.Float64, dtype.Float32, dtype.Float16, dtype.BFloat16, dtype.Int8, dtype.Int32, dtype.Int64, dtype.UInt8, dtype.Bool, dtype.Complex64, dtype.Complex128}
	covered := 0
	for _, d := range dts {
		for _, w := range []int{32, 64} {
			for fi, fill := range engineFills(d) {
				for _, c := range engineInputs(t, rng, d, w, fill) {
					nd := c.t.NDim()
					dimSets := [][]int{nil, {0}, {1}, {0, 1}, {-1}}
					if nd == 3 {
						dimSets = append(dimSets, []int{2}, []int{1, 2}, []int{0, 2})
					}
					for _, op := range ReductionNames() {
						for _, dims := range dimSets {
							msg := fmt.Sprintf("%s %s w%d fill#%d %s dims %v", c.name, d, w, fi, op, dims)
							got, gerr := Reduce(c.t, dims, op)
							want, werr := referenceReduce(c.t, dims, op)
							if werr != nil {
								require.Error(t, gerr, msg)
								require.Equal(t, errs.CodeOf(werr), errs.CodeOf(gerr), msg)
								continue
							}
							require.NoError(t, gerr, msg)
							requireSameReduction(t, want, got, msg)
							dense, err := convert.ToDense(c.t)
							require.NoError(t, err)
							dr, err := referenceReduce(dense, dims, op)
							require.NoError(t, err, msg)
							requireSameReduction(t, engineDense(t, dr), engineDense(t, got), msg+" (dense)")
							covered++
						}
					}
				}
			}
		}
	}
	require.Greater(t, covered, 5000)
}

// referenceReduce is Reduce through the COO path alone (the implementation
// before the engine), a strided input through its COO form.
func referenceReduce(t *tensor.Tensor, dims []int, op string) (*tensor.Tensor, error) {
	rd, ok := reducerFor(op, t.DType())
	if !ok {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "unknown reduction %q", op)
	}
	red, err := sumDims(op, dims, t.NDim())
	if err != nil {
		return nil, err
	}
	out, err := rd.dtype(t.DType())
	if err != nil {
		return nil, err
	}
	if t.Layout() != tensor.Strided {
		return reduceViaCOO(t, red, dims, op, rd, out, false)
	}
	c, err := convert.ToLayout(t, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	if err != nil {
		return nil, err
	}
	r, err := reduceViaCOO(c, red, dims, op, rd, out, false)
	if err != nil || r.Layout() == tensor.Strided {
		return r, err
	}
	return convert.ToDense(r)
}

func engineDense(t *testing.T, x *tensor.Tensor) *tensor.Tensor {
	d, err := convert.ToDense(x)
	require.NoError(t, err)
	return d
}

// requireSameReduction asserts that two reduction results agree: layout,
// shape, dtype, coalesced flag, fill and dense values (floating values to
// a tolerance of the dtype: the engine folds long runs in another order).
func requireSameReduction(t *testing.T, want, got *tensor.Tensor, msg string) {
	t.Helper()
	require.Equal(t, want.Layout(), got.Layout(), msg)
	require.Equal(t, want.Dims(), got.Dims(), msg)
	require.Equal(t, want.DType(), got.DType(), msg)
	require.Equal(t, want.IsCoalesced(), got.IsCoalesced(), msg)
	requireClose(t, want.DType(), dtype.LoadScalar(want.DType(), want.FillElem()), dtype.LoadScalar(got.DType(), got.FillElem()), msg+" fill")
	wd, gd := engineDense(t, want).Values(), engineDense(t, got).Values()
	for i := range wd.Numel() {
		requireClose(t, want.DType(), wd.Complex(i), gd.Complex(i), fmt.Sprintf("%s element %d", msg, i))
	}
}

func requireClose(t *testing.T, d dtype.DType, want, got dtype.Scalar, msg string) {
	t.Helper()
	tol := 1e-12
	switch d {
	case dtype.Float32, dtype.Complex64:
		tol = 1e-6
	case dtype.Float16, dtype.BFloat16:
		tol = 1e-2
	}
	for _, p := range [][2]float64{{want.Re(), got.Re()}, {want.Im(), got.Im()}} {
		w, g := p[0], p[1]
		if math.IsNaN(w) || math.IsNaN(g) {
			require.True(t, math.IsNaN(w) && math.IsNaN(g), "%s: want %v, got %v", msg, w, g)
			continue
		}
		if w == g {
			continue
		}
		require.InDelta(t, w, g, tol*math.Max(1, math.Max(math.Abs(w), math.Abs(g))), msg)
	}
	if want.IsExact() && got.IsExact() {
		require.Equal(t, want.ExactInt(), got.ExactInt(), msg)
	}
}

// Reductions over some dims of an N-d COO run on the engine (a scatter
// over the kept coordinates), not through reduceViaCOO: every op, dims
// {0}, {1}, {2}, {0, 2}, {1, 2}, coalesced and not.
func TestReduceCOOGroupsRunsNative(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 9))
	x := tensortest.RandomDense(t, rng, dtype.Float64, []int64{3, 5, 4}, 0.4)
	c, err := convert.ToLayout(x, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	require.NoError(t, err)
	for _, in := range []*tensor.Tensor{c, duplicated(t, c)} {
		for _, op := range ReductionNames() {
			rd, _ := reducerFor(op, in.DType())
			out, err := rd.dtype(in.DType())
			require.NoError(t, err)
			for _, dims := range [][]int{{0}, {1}, {2}, {0, 2}, {1, 2}} {
				red, err := sumDims(op, dims, 3)
				require.NoError(t, err)
				_, ok, err := reduceNative(in, red, dims, op, out)
				if _, known := engine.ReduceOpOf(op); !known {
					continue
				}
				require.NoError(t, err, "%s %v", op, dims)
				require.True(t, ok, "%s %v", op, dims)
			}
		}
	}
}

// Reducing a 3-d COO over some dims allocates its result plus the
// accumulators (16 bytes a group: value and count) and a key chunk: a
// 1M-entry tensor over dims {2} and {1, 2}.
func TestReduceCOOGroupsAllocatesResultPlusGroups(t *testing.T) {
	x := bench3D(t, 447)
	for _, dims := range [][]int{{2}, {1, 2}} {
		got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Reduce(x, dims, "sum") })
		groups := uint64(r.Dims()[0])
		if len(dims) == 1 {
			groups *= uint64(r.Dims()[1])
		}
		limit := resultBytes(r) + 16*groups + 256<<10
		require.LessOrEqual(t, got, limit, "dims %v: %d bytes allocated, limit %d", dims, got, limit)
	}
}

// Reductions over some dims of BSR, BSC, hybrid and batched tensors run
// on the engine (a walk of the levels scattering into the kept groups),
// not through reduceViaCOO, wherever a sparse dim is kept.
func TestReduceLevelGroupsRunsNative(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 10))
	native := 0
	for _, w := range []int{32, 64} {
		for _, c := range engineInputs(t, rng, dtype.Float64, w, make([]byte, 8)) {
			switch c.name {
			case "bsr", "bsc", "coo-hybrid", "csr-hybrid", "csr-batched":
			default:
				continue
			}
			nd := c.t.NDim()
			s := nd - c.t.DenseDim()
			for _, dims := range [][]int{{0}, {1}, {2}, {1, 2}, {0, 2}} {
				if dims[len(dims)-1] >= nd {
					continue
				}
				red, err := sumDims("sum", dims, nd)
				require.NoError(t, err)
				keptSparse := false
				for d := range s {
					keptSparse = keptSparse || !red[d]
				}
				_, ok, err := reduceNative(c.t, red, dims, "sum", dtype.Float64)
				require.NoError(t, err, "%s %v", c.name, dims)
				require.Equal(t, keptSparse, ok, "%s w%d %v", c.name, w, dims)
				if ok {
					native++
				}
			}
		}
	}
	require.Equal(t, 2*(2+2+5+5+5), native) // widths x (bsr, bsc: 2 dim sets; 3-d: 5)
}

// Reducing a BSR matrix over one dim allocates its result plus the
// accumulators (16 bytes a group) and a key chunk: the 200K-row Laplacian
// in 2 x 2 blocks.
func TestReduceLevelGroupsAllocatesResultPlusGroups(t *testing.T) {
	x := benchBSR(t, 448)
	for _, dim := range []int{0, 1} {
		got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Reduce(x, []int{dim}, "sum") })
		limit := resultBytes(r) + 16*uint64(x.Dims()[1-dim]) + 256<<10
		require.LessOrEqual(t, got, limit, "dim %d: %d bytes allocated, limit %d", dim, got, limit)
	}
}
