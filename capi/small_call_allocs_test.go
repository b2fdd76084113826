package main

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// The Go side of a small call (issue 32 item 7): what one export on 8 x 8
// strided operands allocates, result and handle included, and what freeing
// its result allocates. The exports run as Go functions here (the cgo
// crossing allocates nothing); the C types of their parameters are inferred
// from the export's own signature, since a test file cannot name them.

// as reinterprets the pointer-shaped value p as the type P.
func as[P any](p unsafe.Pointer) P { return *(*P)(unsafe.Pointer(&p)) }

// ok reports whether st is GS_OK (the zero status).
func ok[S comparable](st S) bool {
	var zero S
	return st == zero
}

// callBinary calls a gs_binary-shaped export f(a, b, op, NULL, out).
func callBinary[T, C, A, O any, S comparable](f func(T, T, C, A, O) S, a, b, op unsafe.Pointer, out *unsafe.Pointer) bool {
	var args A
	return ok(f(as[T](a), as[T](b), as[C](op), args, as[O](unsafe.Pointer(out))))
}

// number mirrors gosparse.h's gs_number (a test file cannot name C types).
type number struct {
	kind, reserved int32
	i              int64
	re, im         float64
}

// callBinaryNumber calls a gs_binary_number-shaped export f(a, n, 0, op, NULL, out).
func callBinaryNumber[T, N, I, C, A, O any, S comparable](f func(T, N, I, C, A, O) S, a unsafe.Pointer, n *number, op unsafe.Pointer, out *unsafe.Pointer) bool {
	var first I
	var args A
	return ok(f(as[T](a), as[N](unsafe.Pointer(n)), first, as[C](op), args, as[O](unsafe.Pointer(out))))
}

// callProduct calls a gs_matmul-shaped export f(a, b, out).
func callProduct[T, O any, S comparable](f func(T, T, O) S, a, b unsafe.Pointer, out *unsafe.Pointer) bool {
	return ok(f(as[T](a), as[T](b), as[O](unsafe.Pointer(out))))
}

// callReduce calls a gs_reduce-shaped export f(t, op, NULL, 0, out) (every dim).
func callReduce[T, C, D, N, O any, S comparable](f func(T, C, D, N, O) S, t, op unsafe.Pointer, out *unsafe.Pointer) bool {
	var dims D
	var n N
	return ok(f(as[T](t), as[C](op), dims, n, as[O](unsafe.Pointer(out))))
}

// free frees the handle word h through gsgo_tensor_free.
func free(h unsafe.Pointer) bool {
	return ok(gsgo_tensor_free(as[**_Ctype_gs_tensor](unsafe.Pointer(&h))))
}

// smallOperand registers an 8 x 8 float64 strided tensor and returns its handle word.
func smallOperand(t testing.TB, seed float64) unsafe.Pointer {
	vals := make([]float64, 64)
	for i := range vals {
		vals[i] = seed + float64(i)
	}
	x, err := tensor.NewStrided(dtype.Float64Array(vals, 8, 8))
	require.NoError(t, err)
	h, err := newTensorHandle(x, nil)
	require.NoError(t, err)
	t.Cleanup(func() { gsgo_tensor_free(&h) })
	return unsafe.Pointer(h)
}

// smallCall is one export of the 8 x 8 rows; it returns its result's handle
// word and whether the status was GS_OK.
type smallCall struct {
	name string
	run  func() (unsafe.Pointer, bool)
}

// smallCalls are the exports of the 8 x 8 rows: a + b, a * 2.0, a.sum(), a @ b.
func smallCalls(t testing.TB) []smallCall {
	a, b := smallOperand(t, 0.5), smallOperand(t, -3)
	add, mul, sum := []byte("add\x00"), []byte("mul\x00"), []byte("sum\x00")
	two := &number{kind: int32(dtype.Float64), re: 2} // a * 2.0
	out := new(unsafe.Pointer)                        // made once: the calls' own allocations are what is counted
	return []smallCall{
		{"add", func() (unsafe.Pointer, bool) {
			good := callBinary(gsgo_binary, a, b, unsafe.Pointer(&add[0]), out)
			return *out, good
		}},
		{"mul_number", func() (unsafe.Pointer, bool) {
			good := callBinaryNumber(gsgo_binary_number, a, two, unsafe.Pointer(&mul[0]), out)
			return *out, good
		}},
		{"sum", func() (unsafe.Pointer, bool) {
			good := callReduce(gsgo_reduce, a, unsafe.Pointer(&sum[0]), out)
			return *out, good
		}},
		{"mm", func() (unsafe.Pointer, bool) {
			good := callProduct(gsgo_matmul, a, b, out)
			return *out, good
		}},
	}
}

// smallCallAllocs is the most each small call may allocate, its free
// included (which allocates nothing): the result (its tensor, fill, shape
// and data in one box, tensor.NewStridedUninit) and the handle's record;
// mul_number's bound number (bindNumber's closure), mm's kernels.Gemm call.
// Before (issue 32 item 7): add 5 (the op's BinaryArgs moved to the heap by
// the op table's indirect calls), then 4 (data, tensor, shape, handle);
// mul_number 6; sum 4 (the reduced-dims mask), then 3; mm 5.
var smallCallAllocs = map[string]float64{"add": 2, "mul_number": 3, "sum": 2, "mm": 3}

// TestSmallCallAllocs counts what each small call allocates, its free included.
func TestSmallCallAllocs(t *testing.T) {
	for _, c := range smallCalls(t) {
		got := testing.AllocsPerRun(200, func() {
			out, good := c.run()
			if !good || out == nil || !free(out) {
				t.Fatalf("%s failed", c.name)
			}
		})
		t.Logf("%s: %.0f allocations a call and its free", c.name, got)
		require.LessOrEqual(t, got, smallCallAllocs[c.name], c.name)
	}
}

// BenchmarkSmallCall times each small call and the free of its result.
func BenchmarkSmallCall(b *testing.B) {
	for _, c := range smallCalls(b) {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				out, good := c.run()
				if !good || !free(out) {
					b.Fatalf("%s failed", c.name)
				}
			}
		})
	}
}
