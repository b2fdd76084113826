package conformance

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	dense2x2 = `{"layout":"strided","dtype":"float64","shape":[2,2],"data":[0.0,2.0,3.0,0.0]}`
	coo2x2   = `{"layout":"coo","dtype":"float64","shape":[2,2],"sparse_dim":2,"dense_dim":0,"coalesced":true,
		"indices":{"dtype":"int64","shape":[2,2],"data":[0,1,1,0]},"values":{"dtype":"float64","shape":[2],"data":[2.0,3.0]}}`
	refused = `{"error":"RuntimeError","message":"no"}`
)

func testCase(op, expect string, params string, inputs ...string) Case {
	c := Case{ID: "t", Op: op, Params: json.RawMessage(params), Expect: json.RawMessage(expect)}
	for _, in := range inputs {
		c.Inputs = append(c.Inputs, json.RawMessage(in))
	}
	return c
}

// withOp registers a test op (and its dense definition when dense != nil) for one test.
func withOp(t *testing.T, name string, op, dense Op) {
	t.Helper()
	Registry[name] = op
	if dense != nil {
		DenseRegistry[name] = dense
	}
	t.Cleanup(func() {
		delete(Registry, name)
		delete(DenseRegistry, name)
	})
}

func TestRunCasePassAndFail(t *testing.T) {
	r := RunCase("g", testCase("to_sparse", coo2x2, `{}`, dense2x2))
	assert.True(t, r.Passed, r.Reason)

	wrong := strings.Replace(coo2x2, `"data":[2.0,3.0]`, `"data":[2.0,4.0]`, 1)
	r = RunCase("g", testCase("to_sparse", wrong, `{}`, dense2x2))
	assert.False(t, r.Passed)
	assert.Contains(t, r.Reason, "to_sparse: values[1] = 3, want 4")

	r = RunCase("g", testCase("to_sparse", coo2x2, `{"sparse_dim":1,"dense_dim":0,"bogus":1}`, dense2x2))
	assert.False(t, r.Passed)
	assert.Contains(t, r.Reason, "unknown params bogus")

	r = RunCase("g", testCase("no_such_op", coo2x2, `{}`, dense2x2))
	assert.False(t, r.Passed)
	assert.Equal(t, "not implemented: no_such_op", r.Reason)

	r = RunCase("g", testCase("to_sparse", coo2x2, `{}`, `{"layout":"strided"}`))
	assert.False(t, r.Passed)
	assert.Contains(t, r.Reason, "input 0")
}

func TestRunCaseOpErrorWhereAResultIsExpected(t *testing.T) {
	r := RunCase("g", testCase("to_sparse_bsr", coo2x2, `{"blocksize":[3,3]}`, dense2x2))
	assert.False(t, r.Passed)
	assert.Contains(t, r.Reason, "to_sparse_bsr: error:")
}

func TestRunCaseInvalidGroupRequiresARefusal(t *testing.T) {
	r := RunCase(InvalidGroup, testCase("to_sparse_bsr", refused, `{"blocksize":[3,3]}`, dense2x2))
	assert.True(t, r.Passed, r.Reason)
	assert.NotEmpty(t, r.Note)

	r = RunCase(InvalidGroup, testCase("to_sparse", refused, `{}`, dense2x2))
	assert.False(t, r.Passed)
	assert.Contains(t, r.Reason, "expected an error (RuntimeError: no), got a result")
}

func TestRunCaseDetectsModifiedInputs(t *testing.T) {
	// The op scribbles on its input's storage, then refuses.
	withOp(t, "test_scribble", func(in []Value, _ Params) (Value, error) {
		v, err := tensor.Component(in[0].Tensor, tensor.CompRawValues)
		if err != nil {
			return Value{}, err
		}
		v.SetComplex(0, dtype.Real(42))
		return Value{}, errors.New("refused")
	}, nil)
	for _, group := range []string{InvalidGroup, "other"} {
		r := RunCase(group, testCase("test_scribble", refused, `{}`, coo2x2))
		assert.False(t, r.Passed, group)
		assert.Contains(t, r.Reason, "input 0 was modified", group)
	}
}

func TestRunCaseRefusedByReferenceUsesTheDenseDefinition(t *testing.T) {
	// Elsewhere than the invalid group, a refusal passes...
	r := RunCase("g", testCase("to_sparse_bsr", refused, `{"blocksize":[3,3]}`, dense2x2))
	assert.True(t, r.Passed, r.Reason)
	// ...and a result passes only if it equals the dense definition.
	r = RunCase("g", testCase("to_sparse", refused, `{}`, dense2x2))
	assert.True(t, r.Passed, r.Reason)

	negate := func(in []Value, _ Params) (Value, error) {
		d, err := convert.ToDense(in[0].Tensor)
		if err != nil {
			return Value{}, err
		}
		v, _ := tensor.Component(d, tensor.CompValues)
		for i := int64(0); i < v.Numel(); i++ {
			v.SetComplex(i, dtype.Real(-v.Complex(i).Re()))
		}
		return TensorValue(d), nil
	}
	identity := func(in []Value, _ Params) (Value, error) { return in[0], nil }
	withOp(t, "test_neg_ok", negate, negate)
	withOp(t, "test_neg_wrong", identity, negate)
	withOp(t, "test_no_dense", identity, nil)

	r = RunCase("g", testCase("test_neg_ok", refused, `{}`, coo2x2))
	assert.True(t, r.Passed, r.Reason)
	r = RunCase("g", testCase("test_neg_wrong", refused, `{}`, coo2x2))
	assert.False(t, r.Passed)
	assert.Contains(t, r.Reason, "against the dense reference")
	r = RunCase("g", testCase("test_no_dense", refused, `{}`, coo2x2))
	assert.False(t, r.Passed)
	assert.Contains(t, r.Reason, "no dense reference for op test_no_dense")
}

func TestRunCaseRecoversPanics(t *testing.T) {
	withOp(t, "test_panic", func([]Value, Params) (Value, error) { panic("boom") }, nil)
	r := RunCase("g", testCase("test_panic", coo2x2, `{}`, dense2x2))
	assert.False(t, r.Passed)
	assert.Contains(t, r.Reason, "test_panic: panic: boom")
}

func TestRunCaseConstructors(t *testing.T) {
	idx := `{"layout":"strided","dtype":"int64","shape":[2,2],"data":[0,1,1,0]}`
	vals := `{"layout":"strided","dtype":"float64","shape":[2],"data":[2.0,3.0]}`
	r := RunCase("g", testCase("sparse_coo_tensor", coo2x2, `{"size":[2,2],"is_coalesced":true}`, idx, vals))
	assert.True(t, r.Passed, r.Reason)
	// Without is_coalesced the result is uncoalesced, as torch's.
	r = RunCase("g", testCase("sparse_coo_tensor", coo2x2, `{"size":[2,2]}`, idx, vals))
	assert.False(t, r.Passed)
	assert.Contains(t, r.Reason, "coalesced false, want true")

	crow := `{"layout":"strided","dtype":"int64","shape":[3],"data":[0,1,2]}`
	col := `{"layout":"strided","dtype":"int64","shape":[2],"data":[1,0]}`
	csr := `{"layout":"csr","dtype":"float64","shape":[2,2],"dense_dim":0,
		"crow_indices":{"dtype":"int64","shape":[3],"data":[0,1,2]},"col_indices":{"dtype":"int64","shape":[2],"data":[1,0]},
		"values":{"dtype":"float64","shape":[2],"data":[2.0,3.0]}}`
	r = RunCase("g", testCase("sparse_compressed_tensor", csr, `{"size":[2,2],"layout":"torch.sparse_csr"}`, crow, col, vals))
	assert.True(t, r.Passed, r.Reason)
	r = RunCase("g", testCase("sparse_compressed_tensor", csr, `{"size":[2,2]}`, crow, col, vals))
	assert.Contains(t, r.Reason, "param layout is required")
	r = RunCase("g", testCase("sparse_csr_tensor", csr, `{}`, crow, col, vals))
	assert.True(t, r.Passed, r.Reason)
	// A column out of range is refused by default; check_invariants=false
	// (the trusted path) skips that check, so the refusal is gone.
	bad := `{"layout":"strided","dtype":"int64","shape":[2],"data":[1,7]}`
	r = RunCase(InvalidGroup, testCase("sparse_csr_tensor", refused, `{"size":[2,2]}`, crow, bad, vals))
	assert.True(t, r.Passed, r.Reason)
	assert.Contains(t, r.Note, "col_indices")
	r = RunCase(InvalidGroup, testCase("sparse_csr_tensor", refused, `{"size":[2,2],"check_invariants":false}`, crow, bad, vals))
	assert.False(t, r.Passed)
	assert.Contains(t, r.Reason, "got a result")
}

func TestFilesAndSummarize(t *testing.T) {
	dir := t.TempDir()
	file := func(name string, cases ...Case) string {
		raw, err := json.Marshal(File{Reference: "test", Cases: cases})
		require.NoError(t, err)
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, raw, 0o644))
		return p
	}
	b := file("b.json", testCase("to_sparse", coo2x2, `{}`, dense2x2), testCase("nope", coo2x2, `{}`, dense2x2))
	a := file("a.json", testCase("to_dense", dense2x2, `{}`, coo2x2))
	files, err := Files(dir)
	require.NoError(t, err)
	assert.Equal(t, []string{a, b}, files)
	one, err := Files(b)
	require.NoError(t, err)
	assert.Equal(t, []string{b}, one)
	_, err = Files(t.TempDir())
	assert.ErrorContains(t, err, "no .json vector files")

	var all []Result
	for _, f := range files {
		rs, err := RunFile(f)
		require.NoError(t, err)
		all = append(all, rs...)
	}
	groups, per, total := Summarize(all)
	assert.Equal(t, []string{"a", "b"}, groups)
	assert.Equal(t, Tally{Passed: 1}, per["a"])
	assert.Equal(t, Tally{Passed: 1, Failed: 1}, per["b"])
	assert.Equal(t, Tally{Passed: 2, Failed: 1}, total)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "c.json"), []byte(`{"cases":[],"extra":1}`), 0o644))
	_, err = RunFile(filepath.Join(dir, "c.json"))
	assert.ErrorContains(t, err, "extra")
}
