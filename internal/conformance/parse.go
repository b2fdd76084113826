package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// arraySpec is an array of the vectors: dtype, shape and flat row-major data.
type arraySpec struct {
	DType string  `json:"dtype"`
	Shape []int64 `json:"shape"`
	Data  []any   `json:"data"`
}

// valueSpec is any value of the vectors: a tensor (Layout set), a scalar
// input, a tuple or an expected error. Fields unused by a layout stay empty.
type valueSpec struct {
	Layout      string     `json:"layout"`
	DType       string     `json:"dtype"`
	Shape       []int64    `json:"shape"`
	Data        []any      `json:"data"`
	SparseDim   *int       `json:"sparse_dim"`
	DenseDim    *int       `json:"dense_dim"`
	Coalesced   *bool      `json:"coalesced"`
	BlockSize   []int64    `json:"blocksize"`
	Indices     *arraySpec `json:"indices"`
	Values      *arraySpec `json:"values"`
	CrowIndices *arraySpec `json:"crow_indices"`
	ColIndices  *arraySpec `json:"col_indices"`
	CcolIndices *arraySpec `json:"ccol_indices"`
	RowIndices  *arraySpec `json:"row_indices"`

	Scalar json.RawMessage   `json:"scalar"`
	Tuple  []json.RawMessage `json:"tuple"`
	Error  *string           `json:"error"`
	// Message is the reference's error message, kept for reports.
	Message string `json:"message"`
}

// decodeStrict decodes JSON keeping numbers exact and refusing unknown
// fields, so that a format change shows up as a clear parse error.
func decodeStrict(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// parseSpec decodes one value description.
func parseSpec(raw json.RawMessage) (*valueSpec, error) {
	var s valueSpec
	if err := decodeStrict(raw, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// ParseValue turns a JSON value description (tensor, scalar or tuple) into a
// core value. Each call builds fresh arrays, so two parses share nothing.
func ParseValue(raw json.RawMessage) (Value, error) {
	s, err := parseSpec(raw)
	if err != nil {
		return Value{}, err
	}
	return s.value()
}

func (s *valueSpec) value() (Value, error) {
	switch {
	case s.Error != nil:
		return Value{}, fmt.Errorf("an error expectation is not a value")
	case s.Tuple != nil:
		vs := make([]Value, len(s.Tuple))
		for i, r := range s.Tuple {
			v, err := ParseValue(r)
			if err != nil {
				return Value{}, fmt.Errorf("tuple[%d]: %w", i, err)
			}
			vs[i] = v
		}
		return TupleValue(vs...), nil
	case s.Scalar != nil:
		return parseScalar(s.Scalar)
	case s.Layout != "":
		t, err := s.tensor()
		if err != nil {
			return Value{}, err
		}
		return TensorValue(t), nil
	}
	return Value{}, fmt.Errorf("value has none of layout, scalar, tuple, error")
}

// parseScalar reads {"scalar": v}: a bool, an integer, a real or [re, im].
func parseScalar(raw json.RawMessage) (Value, error) {
	var x any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&x); err != nil {
		return Value{}, fmt.Errorf("scalar: %v", err)
	}
	switch v := x.(type) {
	case bool:
		return ScalarValue(dtype.IntScalar(boolInt(v)), dtype.Bool), nil
	case json.Number:
		if i, err := strconv.ParseInt(string(v), 10, 64); err == nil {
			return ScalarValue(dtype.IntScalar(i), dtype.Int64), nil
		}
		f, err := toFloat(v)
		if err != nil {
			return Value{}, fmt.Errorf("scalar: %v", err)
		}
		return ScalarValue(dtype.Real(f), dtype.Float64), nil
	case string:
		f, err := toFloat(v)
		if err != nil {
			return Value{}, fmt.Errorf("scalar: %v", err)
		}
		return ScalarValue(dtype.Real(f), dtype.Float64), nil
	case []any:
		c, err := toComplex(v)
		if err != nil {
			return Value{}, fmt.Errorf("scalar: %v", err)
		}
		return ScalarValue(dtype.Complex128Scalar(c), dtype.Complex128), nil
	}
	return Value{}, fmt.Errorf("scalar: unsupported value %v", x)
}

// tensor builds the core tensor a tensor description names, with the core's
// invariant checks on, and checks the description's redundant fields
// (sparse_dim, dense_dim, blocksize, shape) against what the core derived.
func (s *valueSpec) tensor() (*tensor.Tensor, error) {
	layout, err := tensor.ParseLayout(s.Layout)
	if err != nil {
		return nil, err
	}
	dtype, err := dtype.ParseDType(s.DType)
	if err != nil {
		return nil, err
	}
	var t *tensor.Tensor
	switch layout {
	case tensor.Strided:
		a, err := parseArray("data", &arraySpec{DType: s.DType, Shape: s.Shape, Data: s.Data})
		if err != nil {
			return nil, err
		}
		t, err = tensor.NewStrided(a)
		if err != nil {
			return nil, err
		}
	case tensor.COO:
		if s.Coalesced == nil {
			return nil, fmt.Errorf("coo tensor: field coalesced is missing")
		}
		idx, err := parseArray("indices", s.Indices)
		if err != nil {
			return nil, err
		}
		vals, err := parseArray("values", s.Values)
		if err != nil {
			return nil, err
		}
		t, err = tensor.NewCOO(idx, vals, s.Shape, tensor.BuildOptions{Coalesced: *s.Coalesced})
		if err != nil {
			return nil, err
		}
	case tensor.CSR, tensor.CSC, tensor.BSR, tensor.BSC:
		cn, pn := compressedFields(layout)
		comp, plain := s.CrowIndices, s.ColIndices
		if cn == "ccol_indices" {
			comp, plain = s.CcolIndices, s.RowIndices
		}
		c, err := parseArray(cn, comp)
		if err != nil {
			return nil, err
		}
		p, err := parseArray(pn, plain)
		if err != nil {
			return nil, err
		}
		vals, err := parseArray("values", s.Values)
		if err != nil {
			return nil, err
		}
		t, err = tensor.NewCompressed(layout, c, p, vals, s.Shape, tensor.BuildOptions{})
		if err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("layout %q: not a layout of the vectors", s.Layout)
	}
	if err := s.checkDerived(t, dtype); err != nil {
		return nil, err
	}
	return t, nil
}

// checkDerived compares the description's redundant fields with the tensor built.
func (s *valueSpec) checkDerived(t *tensor.Tensor, dtype dtype.DType) error {
	if t.DType() != dtype {
		return fmt.Errorf("dtype %s disagrees with the values' dtype %s", dtype, t.DType())
	}
	if !slices.Equal(t.Dims(), s.Shape) {
		return fmt.Errorf("shape %v disagrees with the components (shape %v)", s.Shape, t.Dims())
	}
	if s.SparseDim != nil && *s.SparseDim != t.SparseDim() {
		return fmt.Errorf("sparse_dim %d disagrees with the components (sparse_dim %d)", *s.SparseDim, t.SparseDim())
	}
	if s.DenseDim != nil && *s.DenseDim != t.DenseDim() {
		return fmt.Errorf("dense_dim %d disagrees with the components (dense_dim %d)", *s.DenseDim, t.DenseDim())
	}
	if t.Layout() == tensor.BSR || t.Layout() == tensor.BSC {
		b := t.BlockSize()
		if len(s.BlockSize) != 2 || s.BlockSize[0] != b[0] || s.BlockSize[1] != b[1] {
			return fmt.Errorf("blocksize %v disagrees with the values' block %v", s.BlockSize, b)
		}
	}
	return nil
}

// compressedFields names the index arrays of a compressed layout.
func compressedFields(l tensor.Layout) (string, string) {
	if l == tensor.CSC || l == tensor.BSC {
		return "ccol_indices", "row_indices"
	}
	return "crow_indices", "col_indices"
}

// maxElements bounds the arrays the runner builds: the vectors are small, and
// a corrupt shape must not make it allocate without bound.
const maxElements = 1 << 26

// parseArray builds a core array from its description, element by element.
func parseArray(name string, a *arraySpec) (dtype.Array, error) {
	if a == nil {
		return dtype.Array{}, fmt.Errorf("%s: missing", name)
	}
	d, err := dtype.ParseDType(a.DType)
	if err != nil {
		return dtype.Array{}, fmt.Errorf("%s: %v", name, err)
	}
	n := int64(1)
	for _, s := range a.Shape {
		if s < 0 {
			return dtype.Array{}, fmt.Errorf("%s: shape %v has a negative size", name, a.Shape)
		}
		if s > 0 && n > maxElements/s {
			return dtype.Array{}, fmt.Errorf("%s: shape %v has more than %d elements", name, a.Shape, maxElements)
		}
		n *= s
	}
	if int64(len(a.Data)) != n {
		return dtype.Array{}, fmt.Errorf("%s: data has %d elements, shape %v needs %d", name, len(a.Data), a.Shape, n)
	}
	out := dtype.NewArray(d, a.Shape)
	for i, x := range a.Data {
		v, err := parseElement(d, x)
		if err != nil {
			return dtype.Array{}, fmt.Errorf("%s: data[%d]: %v", name, i, err)
		}
		out.SetComplex(int64(i), v)
	}
	return out, nil
}

// parseElement reads one element: bools as true/false, integers exactly and
// in the dtype's range, reals as numbers or "nan"/"inf"/"-inf", complex as [re, im].
func parseElement(d dtype.DType, x any) (dtype.Scalar, error) {
	switch {
	case d == dtype.Bool:
		b, ok := x.(bool)
		if !ok {
			return dtype.Scalar{}, fmt.Errorf("expected true or false for bool, got %v", x)
		}
		return dtype.IntScalar(boolInt(b)), nil
	case d.IsInteger():
		v, err := toInt(x)
		if err != nil {
			return dtype.Scalar{}, err
		}
		lo, hi := intRange(d)
		if v < lo || v > hi {
			return dtype.Scalar{}, fmt.Errorf("%d is out of the range [%d, %d] of %s", v, lo, hi, d)
		}
		return dtype.IntScalar(v), nil
	case d.IsComplex():
		pair, ok := x.([]any)
		if !ok {
			return dtype.Scalar{}, fmt.Errorf("expected [re, im] for %s, got %v", d, x)
		}
		c, err := toComplex(pair)
		if err != nil {
			return dtype.Scalar{}, err
		}
		return dtype.Complex128Scalar(c), nil
	default:
		f, err := toFloat(x)
		if err != nil {
			return dtype.Scalar{}, err
		}
		return dtype.Real(f), nil
	}
}

// intRange is the range of an integer dtype.
func intRange(d dtype.DType) (int64, int64) {
	switch d {
	case dtype.UInt8:
		return 0, math.MaxUint8
	case dtype.Int8:
		return math.MinInt8, math.MaxInt8
	case dtype.Int16:
		return math.MinInt16, math.MaxInt16
	case dtype.Int32:
		return math.MinInt32, math.MaxInt32
	}
	return math.MinInt64, math.MaxInt64
}

// toFloat reads a JSON real: a number or one of "nan", "inf", "-inf".
func toFloat(x any) (float64, error) {
	switch v := x.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(v), 64)
		if err != nil {
			return 0, fmt.Errorf("expected a number, got %s", v)
		}
		return f, nil
	case string:
		switch v {
		case "nan":
			return math.NaN(), nil
		case "inf":
			return math.Inf(1), nil
		case "-inf":
			return math.Inf(-1), nil
		}
		return 0, fmt.Errorf("expected a number, \"nan\", \"inf\" or \"-inf\", got %q", v)
	}
	return 0, fmt.Errorf("expected a number, got %v (%T)", x, x)
}

// toComplex reads [re, im].
func toComplex(pair []any) (complex128, error) {
	if len(pair) != 2 {
		return 0, fmt.Errorf("expected [re, im], got %d parts", len(pair))
	}
	re, err := toFloat(pair[0])
	if err != nil {
		return 0, fmt.Errorf("re: %v", err)
	}
	im, err := toFloat(pair[1])
	if err != nil {
		return 0, fmt.Errorf("im: %v", err)
	}
	return complex(re, im), nil
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
