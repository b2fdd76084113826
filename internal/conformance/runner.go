package conformance

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/tensor"
)

// InvalidGroup is the group whose expected errors the implementation must
// reproduce; elsewhere an expected error marks a limit of the reference.
const InvalidGroup = "invalid"

// File is one vector file: {"reference", "seed", "cases"}.
type File struct {
	Reference string `json:"reference"`
	Seed      int64  `json:"seed"`
	Cases     []Case `json:"cases"`
}

// Case is one vector: an op, its positional inputs, its keyword params and
// the expected result, tuple or error. Values stay raw JSON until replayed.
type Case struct {
	ID     string            `json:"id"`
	Op     string            `json:"op"`
	Inputs []json.RawMessage `json:"inputs"`
	Params json.RawMessage   `json:"params"`
	Expect json.RawMessage   `json:"expect"`
}

// Result is the verdict on one case.
type Result struct {
	Group, ID, Op string
	Passed        bool
	// Reason says why a case failed.
	Reason string
	// Note records, for a pass where an error was expected, the error returned.
	Note string
}

// Tally counts passes and failures.
type Tally struct{ Passed, Failed int }

// LoadFile reads and decodes one vector file.
func LoadFile(path string) (*File, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f File
	if err := decodeStrict(raw, &f); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &f, nil
}

// GroupOf names a file's group: its base name without .json.
func GroupOf(path string) string { return strings.TrimSuffix(filepath.Base(path), ".json") }

// Files lists the vector files of path: the .json files of a directory in
// name order, or path itself when it is a file.
func Files(path string) ([]string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []string{path}, nil
	}
	files, err := filepath.Glob(filepath.Join(path, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no .json vector files", path)
	}
	sort.Strings(files)
	return files, nil
}

// RunFile replays every case of one vector file.
func RunFile(path string) ([]Result, error) {
	f, err := LoadFile(path)
	if err != nil {
		return nil, err
	}
	group := GroupOf(path)
	out := make([]Result, len(f.Cases))
	for i, c := range f.Cases {
		out[i] = RunCase(group, c)
	}
	return out, nil
}

// Summarize tallies results per group (groups in first-seen order) and in total.
func Summarize(rs []Result) (groups []string, per map[string]Tally, total Tally) {
	per = map[string]Tally{}
	for _, r := range rs {
		t, seen := per[r.Group]
		if !seen {
			groups = append(groups, r.Group)
		}
		if r.Passed {
			t.Passed++
			total.Passed++
		} else {
			t.Failed++
			total.Failed++
		}
		per[r.Group] = t
	}
	return groups, per, total
}

// RunCase replays one case of a group and judges it. A panic in the core
// becomes a failure naming it, so one bad case cannot stop the replay.
func RunCase(group string, c Case) (r Result) {
	r = Result{Group: group, ID: c.ID, Op: c.Op}
	defer func() {
		if p := recover(); p != nil {
			r.Passed, r.Note = false, ""
			r.Reason = fmt.Sprintf("%s: panic: %v\n%s", c.Op, p, debug.Stack())
		}
	}()
	reason, note := judgeCase(group, c)
	r.Passed, r.Reason, r.Note = reason == "", reason, note
	return r
}

// judgeCase returns the reason the case fails ("" when it passes) and, for a
// pass by refusal, the error the op returned.
func judgeCase(group string, c Case) (reason, note string) {
	op, ok := Registry[c.Op]
	if !ok {
		return "not implemented: " + c.Op, ""
	}
	fail := func(format string, args ...any) (string, string) {
		return c.Op + ": " + fmt.Sprintf(format, args...), ""
	}
	want, err := parseSpec(c.Expect)
	if err != nil {
		return fail("expect: %v", err)
	}
	params, err := parseParams(c.Params)
	if err != nil {
		return fail("params: %v", err)
	}
	inputs, err := parseInputs(c.Inputs)
	if err != nil {
		return fail("%v", err)
	}
	got, opErr := op(inputs, params)
	if err := checkUntouched(group, c.Inputs, inputs); err != nil {
		return fail("%v", err)
	}
	switch {
	case want.Error != nil && group == InvalidGroup:
		if opErr == nil {
			return fail("expected an error (%s: %s), got a result", *want.Error, want.Message)
		}
		return "", opErr.Error()
	case want.Error != nil:
		if opErr != nil {
			return "", opErr.Error()
		}
		// The reference refused; a result must agree with the dense definition.
		if err := judgeDense(c.Op, inputs, params, got); err != nil {
			return fail("%v", err)
		}
		return "", ""
	case opErr != nil:
		return fail("error: %v", opErr)
	}
	if err := judgeValue(got, want, nil); err != nil {
		return fail("%v", err)
	}
	return "", ""
}

// parseParams decodes the keyword arguments; absent or null is no params.
func parseParams(raw json.RawMessage) (Params, error) {
	p := Params{}
	if len(raw) == 0 || string(raw) == "null" {
		return p, nil
	}
	if err := decodeStrict(raw, &p); err != nil {
		return nil, err
	}
	return p, nil
}

// parseInputs builds fresh core values for a case's inputs.
func parseInputs(raws []json.RawMessage) ([]Value, error) {
	inputs := make([]Value, len(raws))
	for i, raw := range raws {
		v, err := ParseValue(raw)
		if err != nil {
			return nil, fmt.Errorf("input %d: %v", i, err)
		}
		inputs[i] = v
	}
	return inputs, nil
}

// checkUntouched requires that the op left its inputs as described: every
// component array equal, element for element, to its description. In the invalid group, whose refusals
// must change nothing, each tensor must also be convert.Equal to a fresh parse.
func checkUntouched(group string, raws []json.RawMessage, inputs []Value) error {
	for i, raw := range raws {
		spec, err := parseSpec(raw)
		if err != nil {
			return fmt.Errorf("input %d: %v", i, err)
		}
		if spec.Layout == "" {
			continue // scalars and tuples are passed by value
		}
		if inputs[i].Kind != KindTensor {
			return fmt.Errorf("input %d: replaced by a %s", i, inputs[i].Kind)
		}
		if err := judgeTensor(inputs[i].Tensor, spec, &exact); err != nil {
			return fmt.Errorf("input %d was modified: %v", i, err)
		}
		if group != InvalidGroup {
			continue
		}
		fresh, err := spec.tensor()
		if err != nil {
			return fmt.Errorf("input %d: %v", i, err)
		}
		same, err := convert.Equal(inputs[i].Tensor, fresh)
		if err != nil {
			return fmt.Errorf("input %d: convert.Equal: %v", i, err)
		}
		if !same && !hasNaN(fresh) {
			return fmt.Errorf("input %d was modified: convert.Equal reports it differs from a fresh parse", i)
		}
	}
	return nil
}

// hasNaN reports NaN among a tensor's stored values; convert.Equal, like
// torch.equal, never matches NaN, so such inputs rely on the bitwise check.
func hasNaN(t *tensor.Tensor) bool {
	v, err := tensor.Component(t, tensor.CompRawValues)
	if err != nil || !(v.DType.IsFloat() || v.DType.IsComplex()) {
		return false
	}
	for i := int64(0); i < v.Numel(); i++ {
		s := v.Complex(i)
		if s.Re() != s.Re() || s.Im() != s.Im() {
			return true
		}
	}
	return false
}
