package autograd

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/conformance"
)

// gradsPath is ../shared/conformance/autograd/grads.json beside the repository root.
var gradsPath = filepath.Join("..", "..", "..", "shared", "conformance", "autograd", "grads.json")

// gradCase is one case of grads.json (schema: the vectors' README, section autograd).
type gradCase struct {
	ID           string            `json:"id"`
	Op           string            `json:"op"`
	Params       map[string]any    `json:"params"`
	Inputs       []json.RawMessage `json:"inputs"`
	RequiresGrad []bool            `json:"requires_grad"`
	GradOutput   json.RawMessage   `json:"grad_output"`
	Expect       struct {
		Output json.RawMessage   `json:"output"`
		Grads  []json.RawMessage `json:"grads"`
	} `json:"expect"`
}

func loadGradCases(t *testing.T) []gradCase {
	t.Helper()
	raw, err := os.ReadFile(gradsPath)
	if err != nil {
		t.Skipf("autograd vectors not found at %s (../shared beside the repository): %v", gradsPath, err)
	}
	var f struct {
		Cases []gradCase `json:"cases"`
	}
	require.NoError(t, json.Unmarshal(raw, &f))
	require.NotEmpty(t, f.Cases)
	return f.Cases
}

func parseTensor(t *testing.T, raw json.RawMessage) *tensor.Tensor {
	t.Helper()
	v, err := conformance.ParseValue(raw)
	require.NoError(t, err)
	require.Equal(t, conformance.KindTensor, v.Kind)
	return v.Tensor
}

// TestGradsConformance replays every case of grads.json: the forward
// output and every asked gradient against torch's.
func TestGradsConformance(t *testing.T) {
	cases := loadGradCases(t)
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			ins := make([]*Var, len(c.Inputs))
			for i, raw := range c.Inputs {
				if string(raw[:min(len(raw), 10)]) == `{"scalar":` {
					t.Fatalf("scalar inputs are not in the schema")
				}
				v, err := Leaf(parseTensor(t, raw), c.RequiresGrad[i])
				require.NoError(t, err)
				ins[i] = v
			}
			out, err := runGradOp(c, ins)
			require.NoError(t, err)
			if out.Tensor().Layout() != tensor.Strided {
				out, err = ToDense(out)
				require.NoError(t, err)
			}
			tol := tolFor(out.Tensor().DType())
			requireClose(t, "output", parseTensor(t, c.Expect.Output), out.Tensor(), tol)
			require.NoError(t, Backward(out, parseTensor(t, c.GradOutput), false))
			for i, raw := range c.Expect.Grads {
				if string(raw) == "null" {
					require.Nil(t, ins[i].Grad(), "input %d asked no gradient", i)
					continue
				}
				got := ins[i].Grad()
				require.NotNil(t, got, "input %d: no gradient", i)
				want := parseTensor(t, raw)
				checkGradPattern(t, i, ins[i].Tensor(), got, want)
				requireCloseOn(t, fmt.Sprintf("grad %d", i), want, got, ins[i].Tensor(), tol)
			}
		})
	}
}

// runGradOp applies the case's op to its inputs through this package.
func runGradOp(c gradCase, in []*Var) (*Var, error) {
	p := c.Params
	switch c.Op {
	case "sparse.mm":
		return SparseMm(in[0], in[1])
	case "sparse.addmm":
		return SparseAddmm(in[0], in[1], in[2], dtype.Real(p["beta"].(float64)), dtype.Real(p["alpha"].(float64)))
	case "sparse.sampled_addmm":
		return SampledAddmm(in[0], in[1], in[2], dtype.Real(p["beta"].(float64)), dtype.Real(p["alpha"].(float64)))
	case "sparse.sum":
		var dims []int
		for _, d := range p["dim"].([]any) {
			dims = append(dims, int(d.(float64)))
		}
		return Sum(in[0], dims)
	case "sparse.softmax", "sparse.log_softmax":
		return Softmax(in[0], int(p["dim"].(float64)), c.Op == "sparse.log_softmax")
	case "to_dense":
		return ToDense(in[0])
	case "values":
		x := in[0]
		if !x.Tensor().IsCoalesced() {
			var err error
			if x, err = Coalesce(x); err != nil {
				return nil, err
			}
		}
		return Values(x)
	case "mul":
		if other, ok := p["other"]; ok {
			return MulScalar(in[0], dtype.FloatNumber(other.(float64)))
		}
		return Mul(in[0], in[1])
	case "add":
		return Add(in[0], in[1], nil)
	}
	return nil, fmt.Errorf("unknown op %q", c.Op)
}

func tolFor(d dtype.DType) float64 {
	if d == dtype.Float32 || d == dtype.Complex64 {
		return 1e-4
	}
	return 1e-10
}

// requireClose compares the dense forms of two tensors element by element.
func requireClose(t *testing.T, what string, want, got *tensor.Tensor, tol float64) {
	t.Helper()
	require.Equal(t, want.Dims(), got.Dims(), "%s: shape", what)
	require.Equal(t, want.DType(), got.DType(), "%s: dtype", what)
	w, g := denseValues(t, want), denseValues(t, got)
	for i := int64(0); i < w.Numel(); i++ {
		requireScalarClose(t, fmt.Sprintf("%s[%d]", what, i), w.Complex(i), g.Complex(i), tol)
	}
}

// requireCloseOn compares a gradient with torch's at the specified elements
// of the input x (everywhere for a strided x): for add, torch's gradient of a
// sparse input spans the output's pattern, the masked gradient the input's.
func requireCloseOn(t *testing.T, what string, want, got, x *tensor.Tensor, tol float64) {
	t.Helper()
	if x.Layout() == tensor.Strided {
		requireClose(t, what, want, got, tol)
		return
	}
	mw, err := ops.SparseMask(want, x)
	require.NoError(t, err)
	requireClose(t, what, mw, got, tol)
}

func requireScalarClose(t *testing.T, what string, w, g dtype.Scalar, tol float64) {
	t.Helper()
	for _, p := range [][2]float64{{w.Re(), g.Re()}, {w.Im(), g.Im()}} {
		ok := math.Abs(p[0]-p[1]) <= tol*(1+math.Abs(p[0])) || math.IsNaN(p[0]) && math.IsNaN(p[1])
		require.True(t, ok, "%s: got %v, want %v (tolerance %g)", what, g, w, tol)
	}
}

func denseValues(t *testing.T, x *tensor.Tensor) dtype.Array {
	t.Helper()
	d, err := convert.ToDense(x)
	require.NoError(t, err)
	v, err := tensor.Component(d, tensor.CompRawValues)
	require.NoError(t, err)
	return v
}

// checkGradPattern requires a sparse input's gradient to have the input's
// layout and coalesced pattern, and a strided input's torch's layout kind.
func checkGradPattern(t *testing.T, i int, x, got, want *tensor.Tensor) {
	t.Helper()
	if x.Layout() == tensor.Strided {
		require.Equal(t, want.Layout() == tensor.Strided, got.Layout() == tensor.Strided, "grad %d: layout %s, torch's %s", i, got.Layout(), want.Layout())
		return
	}
	require.Equal(t, x.Layout(), got.Layout(), "grad %d: layout", i)
	require.True(t, got.IsCoalesced(), "grad %d: not coalesced", i)
	xc, err := cooOf(x)
	require.NoError(t, err)
	gc, err := cooOf(got)
	require.NoError(t, err)
	xi, _ := tensor.Component(xc, tensor.CompRawIndices)
	gi, _ := tensor.Component(gc, tensor.CompRawIndices)
	require.Equal(t, dtype.AsSlice[int64](xi), dtype.AsSlice[int64](gi), "grad %d: pattern differs from the input's", i)
}
