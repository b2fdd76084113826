package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// refCompress is CompressRows by the stable reference sort: ptr, columns,
// values summed in input order, and the row of every entry.
func refCompress[I Index](rows, cols []I, vals []float64, nrows int64) (ptr, idx []I, val []float64, rowOf []I) {
	ptr = make([]I, nrows+1)
	idx, val, rowOf = []I{}, []float64{}, []I{}
	for _, p := range refSortPerm([][]I{rows, cols}) {
		k := len(idx) - 1
		if k >= 0 && rowOf[k] == rows[p] && idx[k] == cols[p] {
			val[k] += vals[p]
			continue
		}
		idx, val, rowOf = append(idx, cols[p]), append(val, vals[p]), append(rowOf, rows[p])
		ptr[rows[p]+1]++
	}
	for r := range nrows {
		ptr[r+1] += ptr[r]
	}
	return ptr, idx, val, rowOf
}

func addFloat(dst *float64, src float64) { *dst += src }

func TestCompressRows(t *testing.T) {
	t.Run("int32", testCompressRows[int32])
	t.Run("int64", testCompressRows[int64])
}

func testCompressRows[I Index](t *testing.T) {
	// rowSpread, colSpread: coordinates drawn from that many values
	// (few: repeats and long rows).
	cases := []struct {
		name                 string
		nrows, ncols         int64
		n                    int
		rowSpread, colSpread int64
	}{
		{"empty", 0, 0, 0, 1, 1},
		{"empty rows", 5, 7, 0, 1, 1},
		{"one entry", 1, 1, 1, 1, 1},
		{"small", 6, 7, 40, 6, 7},
		{"one long row with repeats", 1, 50, 300, 1, 50},
		{"one long wide row", 1, 1 << 20, 200, 1, 1 << 20},
		{"all in one row of many", 1000, 1000, 500, 1, 1000},
		{"many buckets", 1<<16 + 3, 1 << 16, 3000, 1<<16 + 3, 1 << 16},
		{"many buckets, repeats", 1<<16 + 3, 1 << 16, 3000, 700, 5},
		{"wide columns (direct sort)", 10, 1 << 62, 400, 3, 1000},
		{"wide columns, short rows", 300, 1 << 62, 400, 300, 1000},
		{"wide int32 columns (packed)", 50, 1 << 40, 400, 50, 1 << 30},
	}
	modes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(31, 32))
		for _, c := range cases {
			rows, cols, vals := make([]I, c.n), make([]I, c.n), make([]float64, c.n)
			spread := min(c.colSpread, int64(maxOf[I]()))
			step := max(c.ncols/spread, 1)
			for k := range c.n {
				rows[k] = I(r.Int64N(min(c.rowSpread, c.nrows)) * max(c.nrows/c.rowSpread, 1))
				cols[k] = I(min(r.Int64N(spread)*step, maxOf[I]()))
				vals[k] = r.Float64()
			}
			ptr, idx, val, rowOf := refCompress(rows, cols, vals, c.nrows)
			for _, withRows := range []bool{false, true} {
				got, err := CompressRows(rows, cols, vals, c.nrows, c.ncols, addFloat, withRows)
				require.NoError(t, err, c.name)
				require.Equal(t, ptr, got.Ptr, "%s ptr", c.name)
				require.Equal(t, idx, got.Idx, "%s idx", c.name)
				require.Equal(t, val, got.Val, "%s val: the same sums in the same order", c.name)
				if !withRows {
					require.Nil(t, got.Rows)
					continue
				}
				require.Equal(t, rowOf, got.Rows, "%s rows", c.name)
				require.Equal(t, got.Idx, got.Rows[len(got.Rows):2*len(got.Rows)], "%s: Idx follows Rows", c.name)
			}
			if c.ncols > 1<<20 {
				continue // CompressCols's pointers grow with the columns
			}
			// CompressCols groups the same entries by column (CSC).
			cptr, cidx, cval, _ := refCompress(cols, rows, vals, c.ncols)
			got, err := CompressCols(rows, cols, vals, c.nrows, c.ncols, addFloat)
			require.NoError(t, err, c.name)
			require.Equal(t, cptr, got.Ptr, "%s column ptr", c.name)
			require.Equal(t, cidx, got.Idx, "%s rows of each column", c.name)
			require.Equal(t, cval, got.Val, "%s column val: the same sums in the same order", c.name)
			require.Nil(t, got.Rows)
		}
	})
}

func TestCompressRowsErrors(t *testing.T) {
	modes(t, func(t *testing.T) {
		v := []float64{1, 2, 3}
		for _, c := range []struct {
			rows, cols   []int32
			vals         []float64
			nrows, ncols int64
			want         string
		}{
			{[]int32{0, 5, 1}, []int32{0, 0, 0}, v, 3, 3, "rows[1] = 5"},
			{[]int32{0, -2, 1}, []int32{0, 0, 0}, v, 3, 3, "rows[1] = -2"},
			{[]int32{0, 1, 1}, []int32{0, 0, 3}, v, 3, 3, "cols[2] = 3"},
			{[]int32{0, 1, 1}, []int32{-1, 0, 0}, v, 3, 3, "cols[0] = -1"},
			{[]int32{0, 0, 0}, []int32{0, 0, 0}, v, 0, 3, "rows[0] = 0"},
			{[]int32{0, 0, 0}, []int32{0, 0, 0}, v, 3, 0, "cols[0] = 0"},
			{[]int32{0, 0, 0}, []int32{0, 0}, v, 3, 3, "cols"},
			{[]int32{0, 0, 0}, []int32{0, 0, 0}, v[:2], 3, 3, "vals"},
			{nil, nil, nil, -1, 3, "negative"},
		} {
			_, err := CompressRows(c.rows, c.cols, c.vals, c.nrows, c.ncols, addFloat, false)
			require.ErrorContains(t, err, c.want)
			// CompressCols names the same argument (it groups by cols).
			_, err = CompressCols(c.rows, c.cols, c.vals, c.nrows, c.ncols, addFloat)
			require.ErrorContains(t, err, c.want)
			require.ErrorContains(t, err, "CompressCols")
		}
	})
}
