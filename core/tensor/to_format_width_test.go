package tensor_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/gen"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestToFormatKeepsTheSourcesWidth: ToFormat of an int32 source (CSR, CSC,
// COO, a custom format's int32 storage) into each route's format (DIA-I/J
// by ToDIAFast, anti-DIA, BSR with column-major blocks, delta(b), row pairs
// and the others by convertLevels, batched DIA and blocked vectors by the
// general route, DCSR and CSF by convertToNamed) stores int32 level arrays;
// from an int64 source a custom format stores int64 (ToFormat's rule: the
// source's width) and a named layout takes ToLayout's default width. The
// elements are the source's either way (to_dense equal).
func TestToFormatKeepsTheSourcesWidth(t *testing.T) {
	parse := func(text string) format.Format {
		f, err := format.Parse(text)
		require.NoError(t, err, text)
		return f
	}
	must := func(f format.Format, err error) format.Format {
		require.NoError(t, err)
		return f
	}
	matrix := []format.Format{
		parse("(i, j) -> (i / 2 : dense, j : compressed, i % 2 : dense)"),
		format.DIAI(), format.DIAJ(), format.AntiDIAI(), format.AntiDIAJ(),
		must(format.BSRColMajor(2, 2)), must(format.DeltaCSR(8)), must(format.DeltaCSR(20)),
		format.DCSR(),
	}
	cube := []format.Format{
		format.BatchedDIAINonUniform(), format.BatchedDIAIUniform(), must(format.CSF(3)),
		parse("(i, j, k) -> (k : compressed, i : compressed, j : compressed)"),
	}
	vector := []format.Format{must(format.BlockVector(2)), must(format.BlockVector(4))}

	for _, g := range []int64{6, 40} {
		c, err := gen.Stencil2D(g)
		require.NoError(t, err)
		lap, err := c.Tensor()
		require.NoError(t, err)
		for _, w := range []int{32, 64} {
			for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC, tensor.COO} {
				src := atWidth(t, lap, l, w)
				checkWidths(t, fmt.Sprintf("%d^2 Laplacian %s int%d", g, l, w), src, w, matrix)
			}
			dia, err := convert.ToFormat(atWidth(t, lap, tensor.CSR, w), format.DIAI())
			require.NoError(t, err)
			checkWidths(t, fmt.Sprintf("%d^2 Laplacian DIA-I int%d", g, w), dia, w, matrix)
		}
	}
	banded3 := dtype.NewArray(dtype.Float64, []int64{3, 7, 7})
	vec := dtype.NewArray(dtype.Float64, []int64{32})
	for i := range int64(3 * 7 * 7) {
		if b, r, q := i/49, i/7%7, i%7; r-q <= 1 && q-r <= b {
			banded3.SetComplex(i, dtype.Complex128Scalar(complex(float64(1+i), 0)))
		}
	}
	for i := int64(0); i < 32; i += 3 {
		vec.SetComplex(i, dtype.Complex128Scalar(complex(float64(i+1), 0)))
	}
	for _, w := range []int{32, 64} {
		for _, d := range []struct {
			a  dtype.Array
			fs []format.Format
		}{{banded3, cube}, {vec, vector}} {
			s, err := tensor.NewStrided(d.a)
			require.NoError(t, err)
			src := atWidth(t, s, tensor.COO, w)
			checkWidths(t, fmt.Sprintf("%v COO int%d", d.a.Shape, w), src, w, d.fs)
		}
	}
}

// atWidth is t in layout l with index arrays of width w.
func atWidth(t *testing.T, x *tensor.Tensor, l tensor.Layout, w int) *tensor.Tensor {
	t.Helper()
	opt := tensor.DefaultConvert()
	opt.IndexWidth = w
	out, err := convert.ToLayout(x, l, opt)
	require.NoError(t, err)
	out, err = convert.ToIndexWidth(out, w)
	require.NoError(t, err)
	require.Equal(t, w, out.IndexWidth())
	return out
}

// checkWidths converts src (index width w) to each format and checks the
// result's level arrays' widths and its elements.
func checkWidths(t *testing.T, name string, src *tensor.Tensor, w int, fs []format.Format) {
	t.Helper()
	want, err := convert.ToDense(src)
	require.NoError(t, err)
	for _, f := range fs {
		x, err := convert.ToFormat(src, f)
		require.NoError(t, err, "%s to %s", name, f)
		kept := dtype.Int32
		if x.Layout() == tensor.Custom && w == 64 {
			kept = dtype.Int64
		} else if x.Layout() != tensor.Custom {
			named, err := convert.ToLayout(src, x.Layout(), tensor.DefaultConvert())
			require.NoError(t, err)
			if named.IndexWidth() == 64 {
				kept = dtype.Int64
			}
		}
		u, err := x.USTStorage()
		require.NoError(t, err)
		arrays := 0
		for l := range u.Pos {
			for _, a := range []dtype.Array{u.Pos[l], u.Crd[l]} {
				if a.Data != nil {
					arrays++
					require.Equal(t, kept, a.DType, "%s to %s: level %d", name, f, l)
				}
			}
		}
		require.NotZero(t, arrays, "%s to %s stores no level array", name, f)
		got, err := convert.ToDense(x)
		require.NoError(t, err)
		require.Equal(t, want.Values().Data, got.Values().Data, "%s to %s: its elements", name, f)
	}
}
