package mmio

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// symmetricFile writes a coordinate file of n entries of one triangle
// (upper or lower) of a dim x dim matrix, in row-major order, column-major
// order or shuffled with repeats (order 0, 1, 2): values with fractions
// for real, whole for integer, with imaginary parts for complex.
func symmetricFile(r *rand.Rand, field, sym string, n, dim int64, upper bool, order int) []byte {
	type e struct{ i, j int64 }
	seen := map[e]bool{}
	var es []e
	for int64(len(es)) < n {
		i, j := r.Int64N(dim), r.Int64N(dim)
		if sym == SymmetrySkew && i == j {
			continue
		}
		if (i < j) != upper && i != j {
			i, j = j, i
		}
		if seen[e{i, j}] && order != 2 {
			continue
		}
		seen[e{i, j}] = true
		es = append(es, e{i, j})
		if order == 2 && r.IntN(50) == 0 {
			es = append(es, e{i, j}) // a repeat, summed in file order
		}
	}
	switch order {
	case 0:
		sort.Slice(es, func(a, b int) bool { return es[a].i < es[b].i || es[a].i == es[b].i && es[a].j < es[b].j })
	case 1:
		sort.Slice(es, func(a, b int) bool { return es[a].j < es[b].j || es[a].j == es[b].j && es[a].i < es[b].i })
	default:
		r.Shuffle(len(es), func(a, b int) { es[a], es[b] = es[b], es[a] })
	}
	b := fmt.Appendf(nil, "%%%%MatrixMarket matrix coordinate %s %s\n%d %d %d\n", field, sym, dim, dim, len(es))
	for _, x := range es {
		b = strconv.AppendInt(b, x.i+1, 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, x.j+1, 10)
		switch field {
		case FieldInteger:
			b = fmt.Appendf(b, " %d\n", r.IntN(2001)-1000)
		case FieldComplex:
			im := r.Float64()
			if x.i == x.j && sym == SymmetryHermitian {
				im = 0
			}
			b = fmt.Appendf(b, " %v %v\n", r.Float64(), im)
		case FieldPattern:
			b = append(b, '\n')
		default:
			b = fmt.Appendf(b, " %v\n", r.Float64())
		}
	}
	return b
}

// Read lays out a symmetric, skew-symmetric or hermitian file's entries and
// mirrors by rows (expandByRows) and gives the tensor that the file-order
// entries of Parse give through the coalescing sort, bit for bit: on files
// large enough for several workers and buckets, in row-major, column-major
// and shuffled order with repeats, lower and upper triangle, every field.
func TestReadSymmetricByRows(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	cases := []struct{ field, sym string }{
		{FieldReal, SymmetrySymmetric}, {FieldInteger, SymmetrySymmetric}, {FieldReal, SymmetrySkew},
		{FieldComplex, SymmetryHermitian}, {FieldPattern, SymmetrySymmetric},
	}
	for _, c := range cases {
		for order := range 3 {
			for _, upper := range []bool{false, true} {
				n, dim := int64(150_000), int64(60_000)
				if c.field != FieldReal || order == 1 {
					n, dim = 20_000, 3_000 // smaller: still several buckets
				}
				data := symmetricFile(r, c.field, c.sym, n, dim, upper, order)
				got, err := ReadFrom(bytes.NewReader(data))
				require.NoError(t, err)
				m, err := Parse(bytes.NewReader(data))
				require.NoError(t, err)
				coo, err := tensor.NewCOO(m.Indices, m.Values, m.Shape, tensor.BuildOptions{})
				require.NoError(t, err)
				want, err := convert.Coalesce(coo)
				require.NoError(t, err)
				name := fmt.Sprintf("%s %s order %d upper %v", c.field, c.sym, order, upper)
				require.True(t, got.IsCoalesced(), name)
				require.Equal(t, want.Indices().Data, got.Indices().Data, name)
				require.Equal(t, want.Values().DType, got.Values().DType, name)
				require.Equal(t, want.Values().Data, got.Values().Data, name)
			}
		}
	}
}

// The row-order read of an ordered file knows its result coalesced; one
// whose stored entries are out of order (or repeat) is left to the
// coalescing sort, and the mirrors of a file without off-diagonal entries
// are none.
func TestExpandByRowsCoalescedFlag(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for order, want := range []bool{true, false} {
		m, err := parse(bytes.NewReader(symmetricFile(r, FieldReal, SymmetrySymmetric, 5000, 400, false, 2*order)), -1, true)
		require.NoError(t, err)
		require.Equal(t, want, m.coalesced, "order %d", 2*order)
	}
	m, err := parse(bytes.NewReader([]byte("%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n1 1 5\n2 2 7\n")), -1, true)
	require.NoError(t, err)
	require.True(t, m.coalesced)
	require.Equal(t, []int64{0, 1, 0, 1}, dtype.AsSlice[int64](m.Indices))
	require.Equal(t, []float64{5, 7}, dtype.AsSlice[float64](m.Values))
}
