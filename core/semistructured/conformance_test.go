package semistructured

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cutlassPath is ../shared/conformance/semi_structured/cutlass.json beside the repository root.
var cutlassPath = filepath.Join("..", "..", "..", "shared", "conformance", "semi_structured", "cutlass.json")

// jsonArray is the conformance schema's dense tensor.
type jsonArray struct {
	DType string    `json:"dtype"`
	Shape []int64   `json:"shape"`
	Data  []float64 `json:"data"`
}

type cutlassCase struct {
	ID      string    `json:"id"`
	DType   string    `json:"dtype"`
	N       int       `json:"n"`
	M       int       `json:"m"`
	Dense   jsonArray `json:"dense"`
	Cutlass struct {
		Values jsonArray `json:"values"`
		Meta   jsonArray `json:"meta"`
	} `json:"cutlass"`
	MM struct {
		Dense  jsonArray `json:"dense"`
		Expect jsonArray `json:"expect"`
	} `json:"mm"`
	Linear struct {
		Input  jsonArray `json:"input"`
		Bias   jsonArray `json:"bias"`
		Expect jsonArray `json:"expect"`
	} `json:"linear"`
}

type cutlassFile struct {
	Cases   []cutlassCase `json:"cases"`
	Invalid []struct {
		Why   string    `json:"why"`
		Dense jsonArray `json:"dense"`
	} `json:"invalid"`
}

// loadCutlass reads the vectors, skipping when ../shared is absent.
func loadCutlass(t *testing.T) cutlassFile {
	t.Helper()
	b, err := os.ReadFile(cutlassPath)
	if err != nil {
		t.Skipf("conformance vectors not found at %s (../shared beside the repository): %v", cutlassPath, err)
	}
	var f cutlassFile
	require.NoError(t, json.Unmarshal(b, &f))
	require.NotEmpty(t, f.Cases)
	return f
}

// toArray converts a JSON tensor to the dtype named name, requiring every
// element to be exactly representable (the vectors are written so).
func toArray(t *testing.T, j jsonArray, name string) dtype.Array {
	t.Helper()
	d, err := dtype.ParseDType(name)
	require.NoError(t, err)
	a := dtype.NewArray(d, j.Shape)
	require.Len(t, j.Data, int(a.Numel()))
	for i, v := range j.Data {
		switch d {
		case dtype.Float16:
			dtype.AsSlice[uint16](a)[i] = dtype.Float32ToFloat16(float32(v))
		case dtype.BFloat16:
			dtype.AsSlice[uint16](a)[i] = dtype.Float32ToBFloat16(float32(v))
		case dtype.Float32:
			dtype.AsSlice[float32](a)[i] = float32(v)
		case dtype.Int8:
			dtype.AsSlice[int8](a)[i] = int8(v)
		case dtype.Int16:
			dtype.AsSlice[int16](a)[i] = int16(v)
		case dtype.Int32:
			dtype.AsSlice[int32](a)[i] = int32(v)
		default:
			t.Fatalf("toArray: dtype %s not used by the vectors", d)
		}
		require.Equal(t, v, a.Complex(int64(i)).Re(), "element %d of a %s array is not exact in %s", i, j.DType, d)
	}
	return a
}

// assertClose compares got with expect (float64) within half a unit in the
// last place of got's dtype: the products are exact in the accumulation type
// and rounded once.
func assertClose(t *testing.T, expect jsonArray, got dtype.Array, what string) {
	t.Helper()
	require.Equal(t, expect.Shape, got.Shape, what)
	rtol := map[dtype.DType]float64{dtype.Float16: 0x1p-11, dtype.BFloat16: 0x1p-8, dtype.Float32: 0x1p-24, dtype.Int32: 0}[got.DType]
	for i, e := range expect.Data {
		g := got.Complex(int64(i)).Re()
		if math.Abs(g-e) > rtol*math.Abs(e) {
			assert.Failf(t, what, "element %d: got %v, expect %v (rtol %g)", i, g, e, rtol)
			return
		}
	}
}

func TestCutlassValuesAndMeta(t *testing.T) {
	f := loadCutlass(t)
	for _, c := range f.Cases {
		t.Run(c.ID, func(t *testing.T) {
			dense := toArray(t, c.Dense, c.DType)
			before := append([]byte(nil), dense.Data...)
			s, err := FromDense(dense)
			require.NoError(t, err)
			assert.Equal(t, before, dense.Data, "FromDense changed its input")
			n, m := s.Sparsity()
			assert.Equal(t, []int{c.N, c.M}, []int{n, m})
			want := toArray(t, c.Cutlass.Values, c.Cutlass.Values.DType)
			assert.Equal(t, want.Shape, s.Values().Shape)
			assert.Equal(t, want.Data, s.Values().Data, "values")
			meta := toArray(t, c.Cutlass.Meta, c.Cutlass.Meta.DType)
			assert.Equal(t, meta.DType, s.Indices().DType)
			assert.Equal(t, meta.Shape, s.Indices().Shape)
			assert.Equal(t, meta.Data, s.Indices().Data, "meta, element for element")
			assert.Equal(t, dense.Data, s.ToDense().Data, "to_dense round trip")

			// torch's pair as input gives the same tensor back.
			p, err := FromParts(want, meta)
			require.NoError(t, err)
			assert.Equal(t, dense.Data, p.ToDense().Data, "FromParts(values, meta).to_dense")
		})
	}
}

func TestCutlassProducts(t *testing.T) {
	f := loadCutlass(t)
	for _, c := range f.Cases {
		t.Run(c.ID, func(t *testing.T) {
			s, err := FromDense(toArray(t, c.Dense, c.DType))
			require.NoError(t, err)
			got, err := MM(s, toArray(t, c.MM.Dense, c.DType))
			require.NoError(t, err)
			assertClose(t, c.MM.Expect, got, "mm")

			x := toArray(t, c.Linear.Input, c.DType)
			bias := toArray(t, c.Linear.Bias, c.DType)
			got, err = Linear(x, s, &bias)
			require.NoError(t, err)
			assertClose(t, c.Linear.Expect, got, "linear")

			// linear is addmm(bias, x, W.t()).
			got, err = AddMM(bias, x, s.T(), 1, 1)
			require.NoError(t, err)
			assertClose(t, c.Linear.Expect, got, "addmm")
		})
	}
}

func TestCutlassInvalid(t *testing.T) {
	f := loadCutlass(t)
	require.NotEmpty(t, f.Invalid)
	wants := []string{
		"strip row 0, columns 0..3 has 4 nonzeros", // the case's why says three; its data holds 1, 2, 3, 1.25
		"columns must be a positive multiple of 64 for float16",
		"rows must be a positive multiple of 32 for float16",
		"has 3 dimensions",
	}
	require.Len(t, f.Invalid, len(wants))
	for i, c := range f.Invalid {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			dense := toArray(t, c.Dense, c.Dense.DType)
			before := append([]byte(nil), dense.Data...)
			_, err := FromDense(dense)
			require.Error(t, err, c.Why)
			assert.Contains(t, err.Error(), wants[i], c.Why)
			assert.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
			assert.Equal(t, before, dense.Data)
		})
	}
}
