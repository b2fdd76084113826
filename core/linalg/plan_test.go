package linalg

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/gen"
	"github.com/gosparse/gosparse/core/plan"
	"github.com/gosparse/gosparse/core/tensor"
)

// planMats are a 16^2-point Laplacian in every layout with a distinct route
// of sparse @ dense.
func planMats(t *testing.T, d dtype.DType) map[string]*tensor.Tensor {
	c, err := gen.Stencil2D(16)
	require.NoError(t, err)
	coo, err := c.Tensor()
	require.NoError(t, err)
	coo, err = convert.ToDType(coo, d)
	require.NoError(t, err)
	mats := map[string]*tensor.Tensor{"coo": coo}
	for name, l := range map[string]tensor.Layout{"csr": tensor.CSR, "csc": tensor.CSC, "dcsr": tensor.DCSR} {
		mats[name], err = convert.ToLayout(coo, l, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1})
		require.NoError(t, err)
	}
	mats["bsr"], err = convert.ToLayout(coo, tensor.BSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, BlockSize: [2]int64{2, 2}})
	require.NoError(t, err)
	for name, text := range map[string]string{
		"dia-i":        format.DIAI().String(),
		"bsr-colmajor": "(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)",
		"delta":        "(i, j) -> (i : dense, j : delta(13))",
	} {
		f, err := format.Parse(text)
		require.NoError(t, err)
		mats[name], err = convert.ToFormat(coo, f)
		require.NoError(t, err)
	}
	return mats
}

// traceRoute records the route (and view kind) of the next products.
func traceRoute(t *testing.T) *[]string {
	var seen []string
	onRoute = func(r mmRoute, ker spKernel) {
		if r == routeView {
			seen = append(seen, kernelNames[ker])
			return
		}
		seen = append(seen, routeKernels[r])
	}
	t.Cleanup(func() { onRoute = nil })
	return &seen
}

// TestPlanMvNamesTheRouteTaken: for every layout and both a vector and a
// matrix operand, the kernel the plan names is the one sparseDense runs (the
// dispatch's hook), and mvFast's operands are planned as its kernels.
func TestPlanMvNamesTheRouteTaken(t *testing.T) {
	for _, d := range []dtype.DType{dtype.Float64, dtype.Int64} {
		for name, a := range planMats(t, d) {
			k := a.Dims()[1]
			for _, n := range []int64{1, 3} {
				b, err := tensor.NewStrided(dtype.NewArray(d, []int64{k, n}))
				require.NoError(t, err)
				p, err := PlanMm(a, b)
				require.NoError(t, err)
				seen := traceRoute(t)
				_, err = Mm(a, b)
				require.NoError(t, err)
				require.Len(t, *seen, 1, name)
				require.Equal(t, (*seen)[0], p.Kernel, "%s %s n=%d: plan %+v", name, d, n, p)
				require.Equal(t, int64(a.Dims()[0]*n*int64(d.Size())), p.OutputBytes, name)
			}
		}
	}
}

// TestPlanRoutes pins the route of each layout for mv, so that a change of
// a predicate (isDIA, formatPath, the DCSR or BSR column-major test, the
// kernel views) shows here and in the plan alike.
func TestPlanRoutes(t *testing.T) {
	want := map[string]string{
		"csr":          "kernels.SpMV ",
		"csc":          "kernels.SpMVT ",
		"coo":          "kernels.SpMVCOO",
		"bsr":          "kernels.SpMVBSR ",
		"dcsr":         "kernels.SpMMDCSR",
		"dia-i":        "kernels.SpMMDIA",
		"bsr-colmajor": "kernels.SpMMBSRColMajor",
		"delta":        "kernels.SpMMDelta",
	}
	for name, a := range planMats(t, dtype.Float64) {
		x, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{a.Dims()[1]}))
		require.NoError(t, err)
		p, err := PlanMv(a, x)
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(p.Kernel, want[name]), "%s: %q", name, p.Kernel)
		if name == "delta" {
			require.Equal(t, plan.Kernel, p.Path)
		}
		require.Empty(t, p.Converts, name)
	}
}

// TestPlanConversionIsMade: a delta CSR with a fill of 2 does not take
// the format path: the plan says the product reads a CSR of its elements
// made for the call, and the product makes it and keeps nothing (the
// tensor's storage does not grow; the next plan converts again).
func TestPlanConversionIsMade(t *testing.T) {
	a := planMats(t, dtype.Float64)["coo"]
	a, err := tensor.WithFill(a, tensor.ScalarBytes(dtype.Float64, dtype.Real(2)))
	require.NoError(t, err)
	f, err := format.Parse("(i, j) -> (i : dense, j : delta(13))")
	require.NoError(t, err)
	a, err = convert.ToFormat(a, f)
	require.NoError(t, err)
	x, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{a.Dims()[1]}))
	require.NoError(t, err)
	p, err := PlanMv(a, x)
	require.NoError(t, err)
	require.Equal(t, plan.Convert, p.Path, "%s: %+v", a.Format(), p)
	require.Len(t, p.Converts, 1)
	require.Contains(t, p.Converts[0].To, "made for this call")
	before := tensor.StorageBytes(a)
	_, err = Mv(a, x)
	require.NoError(t, err)
	require.Equal(t, before, tensor.StorageBytes(a), "the product kept a copy of its operand")
	p2, err := PlanMv(a, x)
	require.NoError(t, err)
	require.Equal(t, p.Converts, p2.Converts, "nothing kept: the next plan converts again")
}

// TestPlanBadInput: nil operands and shapes that do not multiply are
// refused naming the argument.
func TestPlanBadInput(t *testing.T) {
	a := planMats(t, dtype.Float64)["csr"]
	_, err := PlanMv(a, nil)
	require.ErrorContains(t, err, "Argument #2 (vec)")
	x, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{3}))
	require.NoError(t, err)
	_, err = PlanMv(a, x)
	require.ErrorContains(t, err, "(vec): expected dim 0 size 256")
	_, err = PlanMm(nil, a)
	require.ErrorContains(t, err, "Argument #1 (mat1)")
}
