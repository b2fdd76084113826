package conformance

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseElement(t *testing.T) {
	num := func(s string) any { return json.Number(s) }
	cases := []struct {
		name  string
		dtype dtype.DType
		in    any
		re    float64
		im    float64
		isNaN bool
		err   string
	}{
		{"float", dtype.Float64, num("-1.5"), -1.5, 0, false, ""},
		{"nan", dtype.Float32, "nan", 0, 0, true, ""},
		{"inf", dtype.Float64, "inf", math.Inf(1), 0, false, ""},
		{"-inf", dtype.Float64, "-inf", math.Inf(-1), 0, false, ""},
		{"bad string", dtype.Float64, "NaN", 0, 0, false, `"nan", "inf" or "-inf"`},
		{"complex", dtype.Complex128, []any{num("1"), num("-2")}, 1, -2, false, ""},
		{"complex nan part", dtype.Complex64, []any{"nan", num("0")}, 0, 0, true, ""},
		{"complex wrong arity", dtype.Complex128, []any{num("1")}, 0, 0, false, "[re, im]"},
		{"complex from a number", dtype.Complex128, num("1"), 0, 0, false, "[re, im]"},
		{"bool", dtype.Bool, true, 1, 0, false, ""},
		{"bool from a number", dtype.Bool, num("1"), 0, 0, false, "true or false"},
		{"int", dtype.Int64, num("-7"), -7, 0, false, ""},
		{"int fraction", dtype.Int64, num("1.5"), 0, 0, false, "integer"},
		{"int32 overflow", dtype.Int32, num("2147483648"), 0, 0, false, "out of the range"},
		{"uint8 negative", dtype.UInt8, num("-1"), 0, 0, false, "out of the range"},
		{"float16 widened", dtype.Float16, num("0.5"), 0.5, 0, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := parseElement(c.dtype, c.in)
			if c.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), c.err)
				return
			}
			require.NoError(t, err)
			if c.isNaN {
				assert.True(t, math.IsNaN(s.Re()) || math.IsNaN(s.Im()))
				return
			}
			assert.Equal(t, c.re, s.Re())
			assert.Equal(t, c.im, s.Im())
		})
	}
}

func TestParseArrayKeepsInt64Exact(t *testing.T) {
	a, err := parseArray("x", &arraySpec{DType: "int64", Shape: []int64{2}, Data: []any{json.Number("9007199254740993"), json.Number("-1")}})
	require.NoError(t, err)
	assert.Equal(t, []int64{9007199254740993, -1}, dtype.AsSlice[int64](a))
}

func TestParseArrayErrors(t *testing.T) {
	_, err := parseArray("values", &arraySpec{DType: "float64", Shape: []int64{3}, Data: []any{json.Number("1")}})
	assert.ErrorContains(t, err, "values: data has 1 elements, shape [3] needs 3")
	_, err = parseArray("values", &arraySpec{DType: "float64", Shape: []int64{-1}})
	assert.ErrorContains(t, err, "negative size")
	_, err = parseArray("values", &arraySpec{DType: "float64", Shape: []int64{1 << 40, 1 << 40}})
	assert.ErrorContains(t, err, "more than")
	_, err = parseArray("values", &arraySpec{DType: "float128", Shape: []int64{0}})
	assert.ErrorContains(t, err, "float128")
	_, err = parseArray("indices", nil)
	assert.ErrorContains(t, err, "indices: missing")
}

func TestParseValueLayouts(t *testing.T) {
	cases := []struct {
		name string
		json string
		want tensor.Layout
		nnz  int64
	}{
		{"strided", `{"layout":"strided","dtype":"float32","shape":[2],"data":[1.0,"nan"]}`, tensor.Strided, 2},
		{"coo", `{"layout":"coo","dtype":"int64","shape":[2,3],"sparse_dim":2,"dense_dim":0,"coalesced":false,
			"indices":{"dtype":"int64","shape":[2,2],"data":[1,0,2,1]},"values":{"dtype":"int64","shape":[2],"data":[3,4]}}`, tensor.COO, 2},
		{"csc", `{"layout":"csc","dtype":"complex128","shape":[2,2],"dense_dim":0,
			"ccol_indices":{"dtype":"int64","shape":[3],"data":[0,1,1]},"row_indices":{"dtype":"int64","shape":[1],"data":[1]},
			"values":{"dtype":"complex128","shape":[1],"data":[[1.0,-1.0]]}}`, tensor.CSC, 1},
		{"bsr", `{"layout":"bsr","dtype":"bool","shape":[2,4],"dense_dim":0,"blocksize":[2,2],
			"crow_indices":{"dtype":"int64","shape":[2],"data":[0,1]},"col_indices":{"dtype":"int64","shape":[1],"data":[1]},
			"values":{"dtype":"bool","shape":[1,2,2],"data":[true,false,false,true]}}`, tensor.BSR, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := ParseValue(json.RawMessage(c.json))
			require.NoError(t, err)
			require.Equal(t, KindTensor, v.Kind)
			assert.Equal(t, c.want, v.Tensor.Layout())
			assert.Equal(t, c.nnz, v.Tensor.NNZ())
		})
	}
}

func TestParseValueRefusesInconsistentDescriptions(t *testing.T) {
	cases := map[string]string{
		"sparse_dim": `{"layout":"coo","dtype":"int64","shape":[2],"sparse_dim":2,"dense_dim":0,"coalesced":true,
			"indices":{"dtype":"int64","shape":[1,1],"data":[1]},"values":{"dtype":"int64","shape":[1],"data":[3]}}`,
		"dtype": `{"layout":"coo","dtype":"float64","shape":[2],"sparse_dim":1,"dense_dim":0,"coalesced":true,
			"indices":{"dtype":"int64","shape":[1,1],"data":[1]},"values":{"dtype":"int64","shape":[1],"data":[3]}}`,
		"blocksize": `{"layout":"bsr","dtype":"int64","shape":[2,2],"dense_dim":0,"blocksize":[1,2],
			"crow_indices":{"dtype":"int64","shape":[2],"data":[0,1]},"col_indices":{"dtype":"int64","shape":[1],"data":[0]},
			"values":{"dtype":"int64","shape":[1,2,2],"data":[1,2,3,4]}}`,
		"coalesced": `{"layout":"coo","dtype":"int64","shape":[2],"sparse_dim":1,"dense_dim":0,
			"indices":{"dtype":"int64","shape":[1,1],"data":[1]},"values":{"dtype":"int64","shape":[1],"data":[3]}}`,
		"unknown field": `{"layout":"strided","dtype":"int64","shape":[1],"data":[1],"fill":0}`,
		"bad layout":    `{"layout":"dia","dtype":"int64","shape":[1],"data":[1]}`,
		"nothing":       `{}`,
	}
	for name, js := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := ParseValue(json.RawMessage(js))
			require.Error(t, err)
			if name != "nothing" && name != "bad layout" && name != "unknown field" {
				assert.Contains(t, err.Error(), name)
			}
		})
	}
}

func TestParseScalarKeepsLiteralType(t *testing.T) {
	cases := []struct {
		json  string
		dtype dtype.DType
		re    float64
	}{
		{`{"scalar": 2}`, dtype.Int64, 2},
		{`{"scalar": 2.0}`, dtype.Float64, 2},
		{`{"scalar": true}`, dtype.Bool, 1},
		{`{"scalar": "-inf"}`, dtype.Float64, math.Inf(-1)},
		{`{"scalar": [0.5, 1]}`, dtype.Complex128, 0.5},
	}
	for _, c := range cases {
		v, err := ParseValue(json.RawMessage(c.json))
		require.NoError(t, err, c.json)
		assert.Equal(t, KindScalar, v.Kind)
		assert.Equal(t, c.dtype, v.ScalarDType, c.json)
		assert.Equal(t, c.re, v.Scalar.Re(), c.json)
	}
	_, err := ParseValue(json.RawMessage(`{"scalar": null}`))
	assert.Error(t, err)
}
