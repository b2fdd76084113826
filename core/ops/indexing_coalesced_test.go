package ops

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// cooFixture is a COO input given by its stored entries, in stored order
// (repeated coordinates make it uncoalesced). Entry e's value block holds
// e*100 + j + 1 at element j, so every stored value is distinct.
type cooFixture struct {
	name   string
	sparse []int64   // the sparse sizes
	dense  []int64   // the dense sizes
	coords [][]int64 // coords[e]: entry e's sparse coordinates
}

// cooFixtures: duplicates that land on one output index of some select or
// index_select and apart for others, rows and columns with no entry (empty
// results) and with one (single-entry results), hybrid tensors of one and two
// dense dims, and one sparse dim with dense dims.
var cooFixtures = []cooFixture{
	{"2d", []int64{3, 4}, nil, [][]int64{{1, 2}, {0, 1}, {1, 2}, {1, 0}, {1, 2}}},
	{"3d", []int64{2, 3, 3}, nil, [][]int64{{0, 1, 2}, {1, 0, 2}, {0, 1, 2}, {1, 1, 0}, {0, 2, 2}}},
	{"hybrid", []int64{3, 4}, []int64{2}, [][]int64{{1, 2}, {0, 1}, {1, 2}, {1, 0}}},
	{"hybrid2", []int64{2, 3}, []int64{2, 3}, [][]int64{{1, 2}, {0, 0}, {1, 2}}},
	{"sparse1", []int64{3}, []int64{2}, [][]int64{{1}, {0}, {1}}},
}

// build makes the fixture's COO tensor with indices of the given width.
func (f cooFixture) build(t *testing.T, width int) *tensor.Tensor {
	nse, s := int64(len(f.coords)), int64(len(f.sparse))
	flat := make([]int64, s*nse)
	for e, c := range f.coords {
		for d, v := range c {
			flat[int64(d)*nse+int64(e)] = v
		}
	}
	idx := dtype.Int64Array(flat, s, nse)
	if width == 32 {
		idx = tensor.CastIndex(idx, dtype.Int32)
	}
	blk := dtype.NumelOf(f.dense)
	vals := make([]float64, nse*blk)
	for i := range vals {
		vals[i] = float64(int64(i)/blk*100 + int64(i)%blk + 1)
	}
	x, err := tensor.NewCOO(idx, dtype.Float64Array(vals, append([]int64{nse}, f.dense...)...), append(slices.Clone(f.sparse), f.dense...), tensor.BuildOptions{})
	require.NoError(t, err)
	require.Equal(t, nse < 2, x.IsCoalesced(), "%s: torch marks fewer than two entries coalesced, more not", f.name)
	return x
}

// cooEntry is one stored entry: its sparse coordinates and value block.
type cooEntry struct {
	coord []int64
	block []float64
}

// storedEntries lists a COO tensor's stored entries in stored order.
func storedEntries(t *testing.T, x *tensor.Tensor) []cooEntry {
	require.Equal(t, tensor.COO, x.Layout())
	idx, err := tensor.Component(x, tensor.CompRawIndices)
	require.NoError(t, err)
	vals, err := tensor.Component(x, tensor.CompRawValues)
	require.NoError(t, err)
	s, nse := idx.Shape[0], idx.Shape[1]
	blk := dtype.NumelOf(vals.Shape[1:])
	out := make([]cooEntry, nse)
	for e := range out {
		out[e].block = []float64{} // an empty block compares equal to the reference's
		for d := int64(0); d < s; d++ {
			out[e].coord = append(out[e].coord, idx.Index(d*nse+int64(e)))
		}
		for j := int64(0); j < blk; j++ {
			out[e].block = append(out[e].block, vals.Complex(int64(e)*blk+j).Re())
		}
	}
	return out
}

// pickBlock takes, from a block of shape dshape, positions pos of its dim dd
// (the dim dropped when drop): the dense reference of a dense-dim select or
// index_select on one entry.
func pickBlock(block []float64, dshape []int64, dd int, pos []int64, drop bool) []float64 {
	outShape := slices.Clone(dshape)
	outShape[dd] = int64(len(pos))
	if drop {
		outShape = slices.Delete(outShape, dd, dd+1)
	}
	return mapDense(block, dshape, outShape, func(o []int64) []int64 {
		in := slices.Clone(o)
		if drop {
			return slices.Insert(in, dd, pos[0])
		}
		in[dd] = pos[o[dd]]
		return in
	})
}

// requireTorchResult checks a COO result's stored entries, coalesced flag and
// index width against the rule-derived expectation.
func requireTorchResult(t *testing.T, want []cooEntry, width int, got *tensor.Tensor, msg string) {
	t.Helper()
	gotEntries := storedEntries(t, got)
	if len(want) == 0 {
		require.Empty(t, gotEntries, msg)
	} else {
		require.Equal(t, want, gotEntries, msg)
	}
	require.Equal(t, len(want) < 2, got.IsCoalesced(), "%s: torch marks the result coalesced iff it has fewer than two entries", msg)
	require.Equal(t, width, got.IndexWidth(), "%s: the input's index width", msg)
}

// inputsOf gives a fixture as stored (uncoalesced) and coalesced, at width w.
func inputsOf(t *testing.T, f cooFixture, w int) map[string]*tensor.Tensor {
	raw := f.build(t, w)
	c, err := convert.Coalesce(raw)
	require.NoError(t, err)
	return map[string]*tensor.Tensor{"uncoalesced": raw, "coalesced": c}
}

func TestSelectOnCOOFollowsTorch(t *testing.T) {
	for _, f := range cooFixtures {
		for _, w := range []int{32, 64} {
			for kind, x := range inputsOf(t, f, w) {
				in, shape := denseOf(t, x)
				s := len(f.sparse)
				entries := storedEntries(t, x)
				for dim := range shape {
					for i := int64(0); i < shape[dim]; i++ {
						msg := fmt.Sprintf("%s %s int%d: select(%d, %d)", f.name, kind, w, dim, i)
						index := i
						if i == shape[dim]-1 {
							index = -1 // the last, counted from the end
						}
						got, err := Select(x, dim, index)
						require.NoError(t, err, msg)
						outShape := slices.Delete(slices.Clone(shape), dim, dim+1)
						g, gs := denseOf(t, got)
						require.Equal(t, outShape, gs, msg)
						require.InDeltaSlice(t, mapDense(in, shape, outShape, func(o []int64) []int64 {
							return slices.Insert(slices.Clone(o), dim, i)
						}), g, 0, msg)
						if dim < s && s == 1 {
							require.Equal(t, tensor.Strided, got.Layout(), "%s: no sparse dim left: the dense slice, duplicates summed", msg)
							continue
						}
						var want []cooEntry
						for _, e := range entries {
							switch {
							case dim >= s:
								want = append(want, cooEntry{e.coord, pickBlock(e.block, f.dense, dim-s, []int64{i}, true)})
							case e.coord[dim] == i: // duplicates stay apart, in stored order
								want = append(want, cooEntry{slices.Delete(slices.Clone(e.coord), dim, dim+1), e.block})
							}
						}
						requireTorchResult(t, want, w, got, msg)
					}
				}
			}
		}
	}
}

func TestIndexSelectOnCOOFollowsTorch(t *testing.T) {
	for _, f := range cooFixtures {
		for _, w := range []int{32, 64} {
			for kind, x := range inputsOf(t, f, w) {
				in, shape := denseOf(t, x)
				s := len(f.sparse)
				entries := storedEntries(t, x)
				for dim := range shape {
					n := shape[dim]
					all := iotaFrom(0, n)
					rev := slices.Clone(all)
					slices.Reverse(rev)
					long := append(append(slices.Clone(rev), all...), 0) // longer than the entries: torch's other order
					for _, pos := range [][]int64{{}, {0}, {n - 1}, {n - 1, 0, n - 1}, all, rev, long} {
						msg := fmt.Sprintf("%s %s int%d: index_select(%d, %v)", f.name, kind, w, dim, pos)
						index := dtype.Int64Array(pos)
						if len(pos)%2 == 1 {
							p32 := make([]int32, len(pos))
							for i, v := range pos {
								p32[i] = int32(v)
							}
							index = dtype.Int32Array(p32)
						}
						got, err := IndexSelect(x, dim, index)
						require.NoError(t, err, msg)
						outShape := slices.Clone(shape)
						outShape[dim] = int64(len(pos))
						g, gs := denseOf(t, got)
						require.Equal(t, outShape, gs, msg)
						require.InDeltaSlice(t, mapDense(in, shape, outShape, func(o []int64) []int64 {
							src := slices.Clone(o)
							src[dim] = pos[o[dim]]
							return src
						}), g, 0, msg)
						var want []cooEntry
						if dim >= s {
							for _, e := range entries {
								want = append(want, cooEntry{e.coord, pickBlock(e.block, f.dense, dim-s, pos, false)})
							}
						} else {
							hit := func(e cooEntry, p int) {
								if e.coord[dim] == pos[p] { // duplicates kept apart
									c := slices.Clone(e.coord)
									c[dim] = int64(p)
									want = append(want, cooEntry{c, e.block})
								}
							}
							if len(entries) < len(pos) { // torch: per entry in stored order, its positions ascending
								for _, e := range entries {
									for p := range pos {
										hit(e, p)
									}
								}
							} else { // per position, its entries in stored order
								for p := range pos {
									for _, e := range entries {
										hit(e, p)
									}
								}
							}
						}
						requireTorchResult(t, want, w, got, msg)
					}
				}
			}
		}
	}
}

// TestCOOFlagsOfShapeOpsFollowTorch checks the coalesced flag of the other
// operators' COO results, on inputs coalesced, uncoalesced with duplicates,
// and uncoalesced with fewer than two entries (narrow_copy keeps the flag of
// its input, so such tensors exist), each rule as torch 2.15 applies it.
func TestCOOFlagsOfShapeOpsFollowTorch(t *testing.T) {
	for _, f := range cooFixtures[:4] { // at least two sparse dims
		for _, w := range []int{32, 64} {
			ins := inputsOf(t, f, w)
			raw := ins["uncoalesced"]
			for _, cut := range [][2]int64{{1, 1}, {3, 1}, {0, 1}} { // one entry, none, one or more
				if cut[0] < raw.Dims()[1] {
					nc, err := NarrowCopy(raw, 1, cut[0], cut[1])
					require.NoError(t, err)
					require.False(t, nc.IsCoalesced(), "narrow_copy keeps the input's flag, even with %d entries", nc.NNZ())
					ins[fmt.Sprintf("narrowed[%d]", cut[0])] = nc
				}
			}
			for kind, x := range ins {
				msg := fmt.Sprintf("%s %s int%d", f.name, kind, w)
				nse, flag := x.NNZ(), x.IsCoalesced()
				check := func(op string, got *tensor.Tensor, err error, want bool) {
					t.Helper()
					require.NoError(t, err, "%s: %s", msg, op)
					require.Equal(t, want, got.IsCoalesced(), "%s: %s on %d entries", msg, op, got.NNZ())
					requireSameDenseOp(t, got, msg+": "+op)
				}
				r, err := NarrowCopy(x, 0, 0, 1)
				check("narrow_copy", r, err, flag)
				for d := 0; d <= len(x.Dims()); d++ {
					r, err = Unsqueeze(x, d)
					check(fmt.Sprintf("unsqueeze(%d)", d), r, err, nse < 2)
				}
				r, err = Cat([]*tensor.Tensor{x}, 0)
				check("cat of one", r, err, nse < 2)
				r, err = Cat([]*tensor.Tensor{x, x}, 1)
				check("cat of two", r, err, 2*nse < 2)
				r, err = Stack([]*tensor.Tensor{x, x}, 0)
				check("stack", r, err, 2*nse < 2)
				r, err = Transpose(x, 0, 1)
				check("transpose(0, 1)", r, err, flag && nse == 0)
				r, err = Transpose(x, 1, 1)
				check("transpose(1, 1)", r, err, flag)
				perm := iotaFrom(0, int64(len(x.Dims())))
				dims := make([]int, len(perm))
				for i, p := range perm {
					dims[i] = int(p)
				}
				r, err = Permute(x, dims)
				check("permute (identity)", r, err, flag)
				dims[0], dims[1] = 1, 0
				r, err = Permute(x, dims)
				check("permute (dim 0 moved)", r, err, false)
			}
		}
	}
}

// requireSameDenseOp keeps the flag checks honest: a tensor flagged coalesced
// has sorted, unique coordinates.
func requireSameDenseOp(t *testing.T, x *tensor.Tensor, msg string) {
	t.Helper()
	if x.Layout() != tensor.COO || !x.IsCoalesced() {
		return
	}
	idx, err := tensor.Component(x, tensor.CompRawIndices)
	require.NoError(t, err)
	_, ok := tensor.FirstUnsortedColumn(idx)
	require.True(t, ok, "%s: flagged coalesced with unsorted or repeated coordinates", msg)
}

// TestCOOFlagsOfConstructionAndArithmetic: torch.sparse_coo_tensor marks
// fewer than two entries coalesced; a product with no common entries is
// coalesced; a sum of two uncoalesced tensors is not, even with no entries.
func TestCOOFlagsOfConstructionAndArithmetic(t *testing.T) {
	for nse := int64(0); nse <= 2; nse++ {
		idx := dtype.Int64Array(make([]int64, 2*nse), 2, nse)
		for e := int64(0); e < nse; e++ {
			tensor.SetIndex(idx, nse+e, e) // (0, 0), (0, 1): sorted and unique
		}
		x, err := tensor.NewCOO(idx, dtype.Float64Array(make([]float64, nse)), []int64{2, 3}, tensor.BuildOptions{})
		require.NoError(t, err)
		require.Equal(t, nse < 2, x.IsCoalesced(), "sparse_coo_tensor with %d entries", nse)
	}
	a := cooFixtures[0].build(t, 64) // rows 0 and 1
	b, err := tensor.NewCOO(dtype.Int64Array([]int64{2, 2, 3, 3}, 2, 2), dtype.Float64Array([]float64{1, 2}), []int64{3, 4}, tensor.BuildOptions{})
	require.NoError(t, err) // row 2 only, twice
	require.False(t, b.IsCoalesced())
	p, err := BinaryByName("mul", TensorOperand(a), TensorOperand(b), BinaryArgs{})
	require.NoError(t, err)
	require.Equal(t, int64(0), p.NNZ())
	require.True(t, p.IsCoalesced(), "mul with no common entries: an empty result")
	e, err := NarrowCopy(a, 0, 2, 1) // no entries, uncoalesced as its input
	require.NoError(t, err)
	s, err := BinaryByName("add", TensorOperand(e), TensorOperand(e), BinaryArgs{})
	require.NoError(t, err)
	require.Equal(t, int64(0), s.NNZ())
	require.False(t, s.IsCoalesced(), "torch's add of two uncoalesced tensors is uncoalesced, even empty")
	for _, op := range []string{"mul", "div"} {
		r, err := BinaryByName(op, TensorOperand(e), NumberOperand(dtype.Number{Value: dtype.Real(2), Kind: dtype.Float64}), BinaryArgs{})
		require.NoError(t, err)
		require.Equal(t, op == "mul", r.IsCoalesced(), "torch: %s of an empty uncoalesced tensor by a number", op)
		one, err := NarrowCopy(a, 1, 1, 1) // column 1: one entry, uncoalesced
		require.NoError(t, err)
		r, err = BinaryByName(op, TensorOperand(one), NumberOperand(dtype.Number{Value: dtype.Real(2), Kind: dtype.Float64}), BinaryArgs{})
		require.NoError(t, err)
		require.False(t, r.IsCoalesced(), "torch: %s of one uncoalesced entry by a number keeps the flag", op)
	}
}

// torch marks select's COO result from a compressed tensor coalesced, however
// many entries it keeps: the entries come sorted and unique.
func TestSelectOnCompressedIsCoalesced(t *testing.T) {
	d := tensortest.MustDense(t, []float64{0, 2, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 5, 6, 0}, 4, 4)
	in, shape := denseOf(t, d)
	for _, layout := range []tensor.Layout{tensor.CSR, tensor.CSC, tensor.BSR, tensor.BSC} {
		x, err := convert.ToLayout(d, layout, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, BlockSize: [2]int64{2, 2}, IndexWidth: 32})
		require.NoError(t, err)
		for dim := 0; dim < 2; dim++ {
			for i := int64(0); i < 4; i++ {
				msg := fmt.Sprintf("%s select(%d, %d)", layout, dim, i)
				got, err := Select(x, dim, i)
				require.NoError(t, err, msg)
				require.Equal(t, tensor.COO, got.Layout(), msg)
				require.True(t, got.IsCoalesced(), msg)
				g, _ := denseOf(t, got)
				require.InDeltaSlice(t, mapDense(in, shape, []int64{4}, func(o []int64) []int64 {
					return slices.Insert(slices.Clone(o), dim, i)
				}), g, 0, msg)
			}
		}
	}
}
