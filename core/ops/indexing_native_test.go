package ops

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// The differential tests of the native shape and indexing paths: every
// case against the general path through the COO entries (selectEntries,
// indexSelectEntries, narrowEntries: the implementation before the engine)
// storage for storage, and against the operator on the dense tensor.

// requireSameTensor asserts that got is want stored the same way: layout,
// dtype, shape, batch and dense dims, index width, coalesced flag, fill,
// level properties and every storage array byte for byte.
func requireSameTensor(t *testing.T, want, got *tensor.Tensor, msg string) {
	t.Helper()
	require.Equal(t, want.Layout(), got.Layout(), "%s: layout", msg)
	require.Equal(t, want.DType(), got.DType(), "%s: dtype", msg)
	require.Equal(t, want.Dims(), got.Dims(), "%s: shape", msg)
	require.Equal(t, want.BatchDim(), got.BatchDim(), "%s: batch dims", msg)
	require.Equal(t, want.DenseDim(), got.DenseDim(), "%s: dense dims", msg)
	require.Equal(t, want.IndexWidth(), got.IndexWidth(), "%s: index width", msg)
	require.Equal(t, want.IsCoalesced(), got.IsCoalesced(), "%s: coalesced flag", msg)
	require.Equal(t, want.BlockSize(), got.BlockSize(), "%s: block", msg)
	require.True(t, bytes.Equal(want.FillElem(), got.FillElem()), "%s: fill", msg)
	wl, gl := want.Levels(), got.Levels()
	require.Len(t, gl, len(wl), "%s: levels", msg)
	for i := range wl {
		w, g := wl[i], gl[i]
		require.Equal(t, [3]any{w.Level, w.Dim, w.Size}, [3]any{g.Level, g.Dim, g.Size}, "%s: level %d", msg, i)
	}
	ws, gs := want.AppendStorage(nil), got.AppendStorage(nil)
	require.Len(t, gs, len(ws), "%s: storage arrays", msg)
	for i := range ws {
		require.Equal(t, ws[i].DType, gs[i].DType, "%s: storage array %d dtype", msg, i)
		require.Equal(t, ws[i].Numel(), gs[i].Numel(), "%s: storage array %d length", msg, i)
		require.True(t, bytes.Equal(ws[i].Data, gs[i].Data), "%s: storage array %d\nwant %v\ngot  %v", msg, i, want, got)
	}
	require.Equal(t, want.Values().Shape, got.Values().Shape, "%s: values shape", msg)
}

// nativeShapes adds a batched hybrid and a longer matrix to the
// element-wise shapes (empty, one element, hybrid, batched among them).
var nativeShapes = append(append([]ewShape(nil), ewShapes...), ewShape{"batched-hybrid", []int64{2, 2, 4, 6, 2}, 1}, ewShape{"6x4", []int64{6, 4}, 0})

// nativeFormats are the formats the native paths serve (and, for the
// general path's cases, a few they decline: uncoalesced COO, BSR, BSC).
var nativeFormats = []ewFormat{
	{"coo", tensor.COO, false}, {"coo-u", tensor.COO, true}, {"csr", tensor.CSR, false}, {"csc", tensor.CSC, false},
	{"bsr", tensor.BSR, false}, {"bsc", tensor.BSC, false},
}

// nativeCase is one input of the differential tests.
type nativeCase struct {
	name  string
	dense *tensor.Tensor // the strided reference, with the fill's unspecified elements
	x     *tensor.Tensor
	y     *tensor.Tensor // another tensor of x's format, shape, dtype, fill and width (cat's second operand)
	dy    *tensor.Tensor
}

// nativeCases enumerates formats x dtypes x fills (0, a scalar, NaN) x
// index widths x shapes.
func nativeCases(t *testing.T) []nativeCase {
	rng := rand.New(rand.NewPCG(7, 11))
	var out []nativeCase
	for _, sc := range nativeShapes {
		for _, d := range ewDTypes {
			fills := []*dtype.Scalar{nil}
			f := ewFill(d)
			fills = append(fills, &f)
			if d.IsFloat() {
				nan := dtype.Real(math.NaN())
				fills = append(fills, &nan)
			}
			dense, other := ewDense(rng, d, sc), ewDense(rng, d, sc)
			for _, f := range nativeFormats {
				if sc.name == "batched" || sc.name == "batched-hybrid" {
					if f.layout == tensor.COO && f.dups {
						continue
					}
				}
				for _, fill := range fills {
					for _, w := range []int{32, 64} {
						x, err := convert.ToIndexWidth(ewBuild(t, dense, f, sc, fill), w)
						require.NoError(t, err)
						if f.dups { // ToIndexWidth keeps the entries as stored
							require.False(t, x.IsCoalesced() && x.NNZ() > 1)
						}
						y, err := convert.ToIndexWidth(ewBuild(t, other, f, sc, fill), w)
						require.NoError(t, err)
						dx, err := convert.ToDense(x)
						require.NoError(t, err)
						dy, err := convert.ToDense(y)
						require.NoError(t, err)
						out = append(out, nativeCase{fmt.Sprint(sc.name, "/", d, "/", f.name, "/fill=", fillName(fill), "/w", w), dx, x, y, dy})
					}
				}
			}
		}
	}
	return out
}

func fillName(f *dtype.Scalar) string {
	if f == nil {
		return "0"
	}
	return fmt.Sprint(*f)
}

// nativeIndices are index_select's index lists for a dim of size n: empty,
// one, sorted, repeated and unsorted, longer than the dim.
func nativeIndices(n int64) [][]int64 {
	if n == 0 {
		return [][]int64{{}}
	}
	long := make([]int64, 4*n+8) // longer than the entries: torch's other order for COO
	for i := range long {
		long[i] = (n - 1 - int64(i)%n) % n
	}
	return [][]int64{{}, {n - 1}, {0, n - 1}, {n - 1, 0, n - 1, 0}, long}
}

// TestIndexSelectNativeMatchesReference: index_select on every dim of every
// case equals the general path's result stored the same way, and the
// dense tensor's index_select.
func TestIndexSelectNativeMatchesReference(t *testing.T) {
	for _, c := range nativeCases(t) {
		for dim := range c.x.NDim() {
			for _, idx := range nativeIndices(c.x.Dims()[dim]) {
				msg := fmt.Sprint(c.name, "/dim", dim, "/idx", len(idx))
				got, err := IndexSelect(c.x, dim, dtype.Int64Array(idx))
				require.NoError(t, err, msg)
				want, err := indexSelectEntries(c.x, dim, idx)
				require.NoError(t, err, msg)
				requireSameTensor(t, want, got, msg)
				dw, err := IndexSelect(c.dense, dim, dtype.Int64Array(idx))
				require.NoError(t, err, msg)
				ewRequireSameDense(t, dw, got, msg)
			}
		}
	}
}

// TestNarrowNativeMatchesReference: narrow_copy on every dim (empty, one,
// inner and whole ranges).
func TestNarrowNativeMatchesReference(t *testing.T) {
	for _, c := range nativeCases(t) {
		for dim := range c.x.NDim() {
			n := c.x.Dims()[dim]
			for _, r := range [][2]int64{{0, 0}, {0, n}, {n / 2, n - n/2}, {min(1, n), max(n-2, 0)}, {n - min(n, 1), min(n, 1)}} {
				msg := fmt.Sprint(c.name, "/dim", dim, "/", r)
				got, err := NarrowCopy(c.x, dim, r[0], r[1])
				require.NoError(t, err, msg)
				want, err := narrowEntries(c.x, dim, r[0], r[1])
				require.NoError(t, err, msg)
				requireSameTensor(t, want, got, msg)
				dw, err := NarrowCopy(c.dense, dim, r[0], r[1])
				require.NoError(t, err, msg)
				ewRequireSameDense(t, dw, got, msg)
			}
		}
	}
}

// TestSelectNativeMatchesReference: select at the first and last index of
// every dim, and t[i, j]'s chain (Index) against the dense element.
func TestSelectNativeMatchesReference(t *testing.T) {
	for _, c := range nativeCases(t) {
		for dim := range c.x.NDim() {
			n := c.x.Dims()[dim]
			if n == 0 {
				continue
			}
			for _, i := range []int64{0, n - 1} {
				msg := fmt.Sprint(c.name, "/dim", dim, "/i", i)
				got, err := Select(c.x, dim, i)
				require.NoError(t, err, msg)
				want, err := selectEntries(c.x, dim, i)
				require.NoError(t, err, msg)
				requireSameTensor(t, want, got, msg)
				dw, err := Select(c.dense, dim, i)
				require.NoError(t, err, msg)
				ewRequireSameDense(t, dw, got, msg)
			}
		}
		if c.x.NDim() >= 2 && c.x.Dims()[0] > 0 && c.x.Dims()[1] > 0 {
			at := []int64{c.x.Dims()[0] - 1, c.x.Dims()[1] - 1}
			got, err := Index(c.x, at)
			require.NoError(t, err, c.name)
			dw, err := Index(c.dense, at)
			require.NoError(t, err, c.name)
			ewRequireSameDense(t, dw, got, c.name+"/index")
		}
	}
}

// TestCatNativeMatchesReference: cat of two and of three tensors of one
// format along every dim (the dense dims take the general path).
func TestCatNativeMatchesReference(t *testing.T) {
	for _, c := range nativeCases(t) {
		for dim := range c.x.NDim() {
			for _, pair := range [][2][]*tensor.Tensor{{{c.x, c.y}, {c.dense, c.dy}}, {{c.y, c.x, c.y}, {c.dy, c.dense, c.dy}}} {
				msg := fmt.Sprint(c.name, "/dim", dim, "/", len(pair[0]))
				got, err := Cat(pair[0], dim)
				if err != nil { // Cat refuses a dense dim with a non-zero fill before either path
					require.GreaterOrEqual(t, dim, c.x.NDim()-c.x.DenseDim(), msg)
					require.False(t, tensor.AllZero(slices.Clone(c.x.FillElem())), msg)
					continue
				}
				want, err := catEntries(pair[0], dim)
				require.NoError(t, err, msg)
				requireSameTensor(t, want, got, msg)
				dw, err := Cat(pair[1], dim)
				require.NoError(t, err, msg)
				ewRequireSameDense(t, dw, got, msg)
			}
		}
	}
}

// TestTransposeNativeMatchesReference: transpose of every pair of dims and
// a permute reversing the sparse dims equal the general path (a CSR's
// transpose over its sparse dims, batched or not, is the CSC of the same
// arrays, shared: checked by address).
func TestTransposeNativeMatchesReference(t *testing.T) {
	sharedBatched := false
	for _, c := range nativeCases(t) {
		nd := c.x.NDim()
		for d0 := range nd {
			for d1 := range nd {
				msg := fmt.Sprint(c.name, "/", d0, ",", d1)
				got, err := Transpose(c.x, d0, d1)
				perm := make([]int, nd)
				for i := range perm {
					perm[i] = i
				}
				perm[d0], perm[d1] = d1, d0
				want, werr := permuteEntries(c.x, perm, perm)
				if werr != nil {
					require.Error(t, err, msg)
					continue
				}
				require.NoError(t, err, msg)
				if c.x.Layout() == tensor.COO && d0 != d1 && max(d0, d1) < c.x.SparseDim() {
					want = want.WithCoalesced(c.x.IsCoalesced() && want.NNZ() == 0)
				}
				requireSameTensor(t, want, got, msg)
				dw, err := Transpose(c.dense, d0, d1)
				require.NoError(t, err, msg)
				ewRequireSameDense(t, dw, got, msg)
				if bd := c.x.BatchDim(); (c.x.Layout() == tensor.CSR || c.x.Layout() == tensor.CSC) && d0 != d1 && min(d0, d1) == bd && max(d0, d1) == bd+1 && c.x.NNZ() > 0 {
					require.Same(t, &c.x.Values().Data[0], &got.Values().Data[0], "%s: the values are shared", msg)
					sharedBatched = sharedBatched || bd > 0
				}
			}
		}
		if s := c.x.SparseDim(); c.x.Layout() == tensor.COO && s > 1 {
			perm := make([]int, c.x.NDim())
			for i := range perm {
				perm[i] = i
				if i < s {
					perm[i] = s - 1 - i
				}
			}
			got, err := Permute(c.x, perm)
			require.NoError(t, err, c.name)
			want, err := permuteEntries(c.x, perm, perm)
			require.NoError(t, err, c.name)
			requireSameTensor(t, want, got, c.name+"/permute")
		}
	}
	require.True(t, sharedBatched, "a batched CSR's transpose over its sparse dims is the batched CSC of its arrays")
}

// TestSelectIndexWidth: SelectIndexWidth gives Select's elements, its COO
// result of a CSR, CSC or COO matrix with the width asked (64 from the
// native copy of an int32 row or column, 32 from int64 indices, 0 keeping
// Select's), a strided result whatever the width; other widths are refused.
func TestSelectIndexWidth(t *testing.T) {
	x := shapeInput(t, 5, tensor.CSR)
	for _, lay := range []tensor.Layout{tensor.CSR, tensor.CSC, tensor.COO, tensor.Strided} {
		for _, from := range []int{32, 64} {
			a, err := convert.ToLayout(x, lay, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: from})
			require.NoError(t, err)
			for _, dim := range []int{0, 1} {
				want, err := Select(a, dim, 7)
				require.NoError(t, err)
				for _, w := range []int{0, 32, 64} {
					r, err := SelectIndexWidth(a, dim, 7, w)
					require.NoError(t, err)
					msg := fmt.Sprint(lay, " int", from, " dim ", dim, " width ", w)
					require.Equal(t, want.Layout(), r.Layout(), msg)
					switch {
					case r.Layout() == tensor.Strided:
					case w == 0:
						require.Equal(t, want.IndexWidth(), r.IndexWidth(), msg)
					default:
						require.Equal(t, w, r.IndexWidth(), msg)
						require.Equal(t, w, r.Indices().DType.Size()*8, msg)
					}
					eq, err := convert.Equal(want, r)
					require.NoError(t, err)
					require.True(t, eq, msg)
				}
			}
		}
	}
	_, err := SelectIndexWidth(x, 0, 1, 16)
	require.ErrorContains(t, err, "select: index_width = 16 must be 0 (select's), 32 or 64")
}
