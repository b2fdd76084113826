package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A passing case, a failing one and an expected refusal, in two groups.
const (
	goodFile = `{"reference":"test","seed":0,"cases":[
 {"id":"ok","op":"to_dense","params":{},
  "inputs":[{"layout":"coo","dtype":"int64","shape":[2],"sparse_dim":1,"dense_dim":0,"coalesced":true,
   "indices":{"dtype":"int64","shape":[1,1],"data":[1]},"values":{"dtype":"int64","shape":[1],"data":[5]}}],
  "expect":{"layout":"strided","dtype":"int64","shape":[2],"data":[0,5]}},
 {"id":"wrong","op":"to_dense","params":{},
  "inputs":[{"layout":"strided","dtype":"int64","shape":[1],"data":[1]}],
  "expect":{"layout":"strided","dtype":"int64","shape":[1],"data":[2]}}]}`
	invalidFile = `{"reference":"test","seed":0,"cases":[
 {"id":"refuse","op":"to_sparse_bsr","params":{"blocksize":[2,2]},
  "inputs":[{"layout":"strided","dtype":"int64","shape":[1,1],"data":[1]}],
  "expect":{"error":"RuntimeError","message":"not divisible"}}]}`
)

func vectors(t *testing.T) string {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "basic.json"), []byte(goodFile), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "invalid.json"), []byte(invalidFile), 0o644))
	return dir
}

func runCmd(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestOutputAndTotals(t *testing.T) {
	code, out, _ := runCmd(vectors(t))
	assert.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.Equal(t, []string{
		"FAIL basic/wrong: to_dense: data[0] = 1, want 2 (exact)",
		"basic: 1 passed, 1 failed",
		"invalid: 1 passed, 0 failed",
		"2 passed, 1 failed",
	}, lines)
}

func TestVerbosePrintsPasses(t *testing.T) {
	_, out, _ := runCmd("-v", vectors(t))
	assert.Contains(t, out, "PASS basic/ok\n")
	assert.Contains(t, out, "PASS invalid/refuse (refused: ")
}

func TestSingleFile(t *testing.T) {
	code, out, _ := runCmd(filepath.Join(vectors(t), "invalid.json"))
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasSuffix(out, "invalid: 1 passed, 0 failed\n1 passed, 0 failed\n"), out)
}

func TestStrict(t *testing.T) {
	dir := vectors(t)
	code, _, _ := runCmd("-strict", "invalid", dir)
	assert.Equal(t, 0, code)
	code, _, _ = runCmd("-strict", "invalid,basic", dir)
	assert.Equal(t, 1, code)
	code, _, errOut := runCmd("-strict", "nosuch", dir)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `group "nosuch" was not replayed`)
}

func TestBadArguments(t *testing.T) {
	code, _, errOut := runCmd(filepath.Join(t.TempDir(), "missing"))
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "missing")
	code, _, _ = runCmd("a", "b")
	assert.Equal(t, 2, code)
	code, _, _ = runCmd("-nosuchflag")
	assert.Equal(t, 2, code)
}

func TestDefaultDirIsBesideTheRepository(t *testing.T) {
	dir, err := defaultDir()
	require.NoError(t, err)
	abs, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "conformance", "torch"))
	require.NoError(t, err)
	assert.Equal(t, abs, dir)
}

// Without ../shared beside the repository, the default run skips with a message
// and succeeds; -strict still fails, as its groups cannot be replayed.
func TestDefaultDirAbsentSkips(t *testing.T) {
	repo := filepath.Join(t.TempDir(), "repo")
	require.NoError(t, os.MkdirAll(repo, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module x\n"), 0o644))
	t.Chdir(repo)
	code, out, _ := runCmd()
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "conformance: SKIP: ")
	assert.Contains(t, out, filepath.Join("shared", "conformance", "torch")+" is absent")
	code, _, errOut := runCmd("-strict", "basic")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "torch")
}
