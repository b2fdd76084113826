package conformance

import (
	"encoding/json"
	"fmt"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/ops"
)

// Element-wise ops: every unary op of ops.UnaryOps and every binary op of
// ops.BinaryOps under torch's names. On strided inputs the same functions
// apply to every element, which is their dense definition.
func init() {
	for _, name := range ops.UnaryOps() {
		if name == "pow" {
			continue // pow(tensor, exponent) is a binary op here, as in torch
		}
		register(name, unaryElementwise(name))
		registerDense(name, unaryElementwise(name))
	}
	for _, name := range ops.BinaryOps() {
		register(name, binaryElementwise(name))
		registerDense(name, binaryElementwise(name))
	}
}

// unaryParams are the keyword (or, after the tensor, positional) arguments
// of the unary ops that take any, in torch's positional order.
var unaryParams = map[string][]string{
	"clamp":      {"min", "max"},
	"nan_to_num": {"nan", "posinf", "neginf"},
}

// unaryElementwise is torch.<name>(input, *params).
func unaryElementwise(op string) Op {
	names := unaryParams[op]
	return func(inputs []Value, p Params) (Value, error) {
		if err := checkParams(op, p, names...); err != nil {
			return Value{}, err
		}
		if len(inputs) < 1 || len(inputs) > 1+len(names) {
			return Value{}, fmt.Errorf("%s: expected 1 to %d inputs, got %d", op, 1+len(names), len(inputs))
		}
		t, err := tensorArg(op, inputs, 0)
		if err != nil {
			return Value{}, err
		}
		vals := map[string]*dtype.Number{}
		for i, in := range inputs[1:] {
			if in.Kind != KindScalar {
				return Value{}, fmt.Errorf("%s: input %d (%s) must be a scalar, got a %s", op, i+1, names[i], in.Kind)
			}
			vals[names[i]] = &dtype.Number{Value: in.Scalar, Kind: in.ScalarDType}
		}
		for _, name := range names {
			n, ok, err := numberParam(op, p, name)
			if err != nil {
				return Value{}, err
			}
			if ok {
				if vals[name] != nil {
					return Value{}, fmt.Errorf("%s: %s given both as an input and as a param", op, name)
				}
				vals[name] = &n
			}
		}
		var args ops.UnaryArgs
		args.Min, args.Max = vals["min"], vals["max"]
		args.NaN, args.PosInf, args.NegInf = realOf(vals["nan"]), realOf(vals["posinf"]), realOf(vals["neginf"])
		r, err := ops.UnaryByName(op, t, args)
		if err != nil {
			return Value{}, err
		}
		return TensorValue(r), nil
	}
}

// binaryElementwise is torch.<name>(input, other, alpha=, rounding_mode=);
// either operand may be a scalar.
func binaryElementwise(op string) Op {
	var allowed []string
	switch op {
	case "add", "sub":
		allowed = []string{"alpha"}
	case "div":
		allowed = []string{"rounding_mode"}
	}
	return func(inputs []Value, p Params) (Value, error) {
		if err := checkParams(op, p, allowed...); err != nil {
			return Value{}, err
		}
		if err := checkArity(op, inputs, 2); err != nil {
			return Value{}, err
		}
		var operands [2]ops.Operand
		for i, in := range inputs {
			switch in.Kind {
			case KindTensor:
				operands[i] = ops.TensorOperand(in.Tensor)
			case KindScalar:
				operands[i] = ops.NumberOperand(dtype.Number{Value: in.Scalar, Kind: in.ScalarDType})
			default:
				return Value{}, fmt.Errorf("%s: input %d must be a tensor or a scalar, got a %s", op, i, in.Kind)
			}
		}
		var args ops.BinaryArgs
		if alpha, ok, err := numberParam(op, p, "alpha"); err != nil {
			return Value{}, err
		} else if ok {
			args.Alpha = &alpha
		}
		mode, _, err := stringParam(op, p, "rounding_mode")
		if err != nil {
			return Value{}, err
		}
		args.RoundingMode = mode
		r, err := ops.BinaryByName(op, operands[0], operands[1], args)
		if err != nil {
			return Value{}, err
		}
		return TensorValue(r), nil
	}
}

// numberParam reads a scalar param (an int, float, bool, "nan"/"inf" string
// or [re, im] pair) with the kind of its literal; ok is false when absent or null.
func numberParam(op string, p Params, name string) (dtype.Number, bool, error) {
	raw, present := p[name]
	if !present || raw == nil {
		return dtype.Number{}, false, nil
	}
	b, err := json.Marshal(raw)
	if err != nil {
		return dtype.Number{}, false, fmt.Errorf("%s: param %s: %v", op, name, err)
	}
	v, err := parseScalar(b)
	if err != nil {
		return dtype.Number{}, false, fmt.Errorf("%s: param %s: %v", op, name, err)
	}
	return dtype.Number{Value: v.Scalar, Kind: v.ScalarDType}, true, nil
}

// realOf is a number's real value, nil for nil.
func realOf(n *dtype.Number) *float64 {
	if n == nil {
		return nil
	}
	f := n.Value.Re()
	return &f
}
