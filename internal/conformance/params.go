package conformance

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Params are an op's keyword arguments as decoded from JSON with numbers kept
// as json.Number, so that integers stay exact.
type Params = map[string]any

// checkParams refuses keyword arguments the op does not understand, so that a
// vector the runner would silently misread fails instead.
func checkParams(op string, p Params, allowed ...string) error {
	var unknown []string
	for k := range p {
		if !slices.Contains(allowed, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	return fmt.Errorf("%s: unknown params %s (understood: %s)", op, strings.Join(unknown, ", "), strings.Join(allowed, ", "))
}

// intParam reads an integer param; ok is false when it is absent or null.
func intParam(op string, p Params, name string) (v int64, ok bool, err error) {
	raw, present := p[name]
	if !present || raw == nil {
		return 0, false, nil
	}
	v, err = toInt(raw)
	if err != nil {
		return 0, false, fmt.Errorf("%s: param %s: %v", op, name, err)
	}
	return v, true, nil
}

// intsParam reads a list of integers; ok is false when it is absent or null.
func intsParam(op string, p Params, name string) (v []int64, ok bool, err error) {
	raw, present := p[name]
	if !present || raw == nil {
		return nil, false, nil
	}
	list, isList := raw.([]any)
	if !isList {
		return nil, false, fmt.Errorf("%s: param %s: expected a list of integers, got %T", op, name, raw)
	}
	v = make([]int64, len(list))
	for i, x := range list {
		if v[i], err = toInt(x); err != nil {
			return nil, false, fmt.Errorf("%s: param %s[%d]: %v", op, name, i, err)
		}
	}
	return v, true, nil
}

// boolParam reads a boolean param, def when absent or null.
func boolParam(op string, p Params, name string, def bool) (bool, error) {
	raw, present := p[name]
	if !present || raw == nil {
		return def, nil
	}
	b, ok := raw.(bool)
	if !ok {
		return false, fmt.Errorf("%s: param %s: expected true or false, got %v", op, name, raw)
	}
	return b, nil
}

// stringParam reads a string param; ok is false when it is absent or null.
func stringParam(op string, p Params, name string) (s string, ok bool, err error) {
	raw, present := p[name]
	if !present || raw == nil {
		return "", false, nil
	}
	s, isString := raw.(string)
	if !isString {
		return "", false, fmt.Errorf("%s: param %s: expected a string, got %v", op, name, raw)
	}
	return s, true, nil
}

// toInt converts a decoded JSON integer; a number with a fraction is refused.
func toInt(x any) (int64, error) {
	n, ok := x.(json.Number)
	if !ok {
		return 0, fmt.Errorf("expected an integer, got %v (%T)", x, x)
	}
	v, err := strconv.ParseInt(string(n), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("expected an integer, got %s", n)
	}
	return v, nil
}

// blockSize turns a [bm, bn] param into the core's block size.
func blockSize(op string, p Params) ([2]int64, bool, error) {
	b, ok, err := intsParam(op, p, "blocksize")
	if err != nil || !ok {
		return [2]int64{}, ok, err
	}
	if len(b) != 2 {
		return [2]int64{}, false, fmt.Errorf("%s: param blocksize: expected [rows, cols], got %v", op, b)
	}
	return [2]int64{b[0], b[1]}, true, nil
}
