package main

import (
	"runtime"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/memory"
)

// A Python loop over large strided element-wise calls (issue 32 item 5's
// 1000 x 1000 rows: a + b, exp, mean(0, keepdim=True)) frees each result
// before the next call. Each result's buffer then serves the next result
// of its size (memory.RecycleBytes through the handle's free), so the loop
// allocates no fresh result memory, which the runtime would fault in page
// by page, and the pool holds no more than a result or two however long
// the loop runs. Counted in bytes (runtime.MemStats), not time.

// loopRows and loopCols are the shape of the loop's operands: 4 MB of
// float64, whose mean over dim 0 (32 KB) is well above the per-call bytes
// of tensor, handle and shape.
const loopRows, loopCols = 128, 4096

// loopCalls is how many calls the loop makes.
const loopCalls = 1000

// asValue reinterprets v as the same-sized scalar type T (a C integer of
// an export's signature, which a test file cannot name).
func asValue[T any](v int32) T { return *(*T)(unsafe.Pointer(&v)) }

// callReduceKeep calls a gs_reduce_keepdim-shaped export
// f(t, op, dims, ndims, keepdim, out).
func callReduceKeep[T, C, D, N, O any, S comparable](f func(T, C, D, N, N, O) S, t, op unsafe.Pointer, dims []int32, keep int32, out *unsafe.Pointer) bool {
	return ok(f(as[T](t), as[C](op), as[D](unsafe.Pointer(&dims[0])), asValue[N](int32(len(dims))), asValue[N](keep), as[O](unsafe.Pointer(out))))
}

// callUnary calls a gs_unary-shaped export f(t, op, NULL, out).
func callUnary[T, C, A, O any, S comparable](f func(T, C, A, O) S, t, op unsafe.Pointer, out *unsafe.Pointer) bool {
	var args A
	return ok(f(as[T](t), as[C](op), args, as[O](unsafe.Pointer(out))))
}

// loopOperand registers a loopRows x loopCols float64 strided tensor and
// returns its handle word.
func loopOperand(t *testing.T, seed float64) unsafe.Pointer {
	vals := make([]float64, loopRows*loopCols)
	for i := range vals {
		vals[i] = seed + float64(i%977)/977
	}
	x, err := tensor.NewStrided(dtype.Float64Array(vals, loopRows, loopCols))
	require.NoError(t, err)
	h, err := newTensorHandle(x, nil)
	require.NoError(t, err)
	t.Cleanup(func() { gsgo_tensor_free(&h) })
	return unsafe.Pointer(h)
}

// TestStridedLoopReusesResults runs each call loopCalls times, freeing each
// result, and checks the bytes the loop allocated and the pool's holding.
func TestStridedLoopReusesResults(t *testing.T) {
	a, b := loopOperand(t, 0.5), loopOperand(t, -3)
	add, exp, mean := []byte("add\x00"), []byte("exp\x00"), []byte("mean\x00")
	dim0 := []int32{0}
	out := new(unsafe.Pointer)
	calls := []struct {
		name   string
		result int64 // the result's bytes
		run    func() bool
	}{
		{"add", 8 * loopRows * loopCols, func() bool { return callBinary(gsgo_binary, a, b, unsafe.Pointer(&add[0]), out) }},
		{"exp", 8 * loopRows * loopCols, func() bool { return callUnary(gsgo_unary, a, unsafe.Pointer(&exp[0]), out) }},
		{"mean(0, keepdim)", 8 * loopCols, func() bool {
			return callReduceKeep(gsgo_reduce_keepdim, a, unsafe.Pointer(&mean[0]), dim0, 1, out)
		}},
	}
	for _, c := range calls {
		require.GreaterOrEqual(t, c.result, int64(memory.RecycleMinBytes), c.name)
		step := func() {
			if !c.run() || *out == nil || !free(*out) {
				t.Fatalf("%s failed", c.name)
			}
		}
		step() // the first result's buffer is the loop's one allocation of its size
		var before, after runtime.MemStats
		heldBefore := memory.HeldBytes()
		runtime.ReadMemStats(&before)
		for range loopCalls {
			step()
		}
		runtime.ReadMemStats(&after)
		perCall := float64(after.TotalAlloc-before.TotalAlloc) / loopCalls
		held := memory.HeldBytes() - heldBefore
		t.Logf("%s: %.0f bytes allocated a call (result %d bytes); the pool's holding grew by %d bytes", c.name, perCall, c.result, held)
		// About a kilobyte of tensor, handle and shape a call; a result
		// allocated afresh even one call in eight would pass 1/8 of its size.
		// The pool may keep the loop's last result (other sizes' buffers
		// wait there from earlier calls until they expire).
		require.Less(t, perCall, float64(c.result)/8, "%s: results are allocated afresh", c.name)
		require.LessOrEqual(t, held, c.result, "%s: the pool grows with the loop", c.name)
	}
}
