package engine

import (
	"math"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// BinOp is an element-wise op of two strided operands with a hand-written
// loop (StridedBinary).
type BinOp int8

// The ops: x + alpha*y (sub is add with alpha negated), x*y, x/y (true
// division of floats), maximum and minimum (NaN propagates), and the
// comparisons, whose result is bool.
const (
	BinAdd BinOp = iota
	BinMul
	BinDiv
	BinMax
	BinMin
	BinEq
	BinNe
	BinLt
	BinLe
	BinGt
	BinGe
)

// isCompare reports whether op gives bool.
func (op BinOp) isCompare() bool { return op >= BinEq }

// Operand is a strided operand of StridedBinary: its values (row-major
// data of its own shape) and the step, in elements, that each dim of the
// result's shape moves through them (0: a broadcast dim). Nil Strides say
// that the values are row-major of the result's shape itself.
type Operand struct {
	Vals    dtype.Array
	Strides []int64
}

// StridedBinary computes op(x, y) at every element of shape into a new
// strided tensor (tensor.NewStridedUninit: a small one is one allocation;
// alpha scales y in add: float64 for the floats,
// intAlpha for the integers): of the operands' dtype, or bool for a comparison. Both
// operands must share one dtype among float32, float64, int32 and int64
// (else ok is false and nothing is done); the values compute as the op
// table's element functions do (in float64 or int64, narrowed), so the
// bits are theirs. Integer division is not here (its result is float).
// Runs of the last dim are the inner loops (unit stride, a broadcast
// value, or any step); fixed chunks of the result run in parallel.
func StridedBinary(op BinOp, alpha float64, intAlpha int64, x, y Operand, shape []int64) (*tensor.Tensor, bool, error) {
	d := x.Vals.DType
	if y.Vals.DType != d || (d != dtype.Float64 && d != dtype.Float32 && d != dtype.Int64 && d != dtype.Int32) ||
		(op == BinDiv && (d == dtype.Int64 || d == dtype.Int32)) ||
		(x.Strides != nil && len(x.Strides) != len(shape)) || (y.Strides != nil && len(y.Strides) != len(shape)) {
		return nil, false, nil
	}
	out := d
	if op.isCompare() {
		out = dtype.Bool
	}
	n := dtype.NumelOf(shape)
	if err := budget.Check("element-wise result", n, out.Size()); err != nil {
		return nil, true, err
	}
	r, data, _ := tensor.NewStridedUninit(out, shape)
	z := dtype.Array{DType: out, Shape: r.Dims(), Data: data}
	if x.Strides == nil && y.Strides == nil { // one flat run: nothing to coalesce or allocate
		switch d {
		case dtype.Float64:
			binaryFlat(op, alpha, dtype.AsSlice[float64](x.Vals), dtype.AsSlice[float64](y.Vals), z, n)
		case dtype.Float32:
			binaryFlat(op, alpha, dtype.AsSlice[float32](x.Vals), dtype.AsSlice[float32](y.Vals), z, n)
		case dtype.Int64:
			binaryFlat(op, intAlpha, dtype.AsSlice[int64](x.Vals), dtype.AsSlice[int64](y.Vals), z, n)
		default:
			binaryFlat(op, intAlpha, dtype.AsSlice[int32](x.Vals), dtype.AsSlice[int32](y.Vals), z, n)
		}
		return r, true, nil
	}
	rs, xs, ys := coalesceDims(shape, rowMajorIfNil(x.Strides, shape), rowMajorIfNil(y.Strides, shape))
	switch d {
	case dtype.Float64:
		binaryRuns(op, alpha, dtype.AsSlice[float64](x.Vals), dtype.AsSlice[float64](y.Vals), z, xs, ys, rs)
	case dtype.Float32:
		binaryRuns(op, alpha, dtype.AsSlice[float32](x.Vals), dtype.AsSlice[float32](y.Vals), z, xs, ys, rs)
	case dtype.Int64:
		binaryRuns(op, intAlpha, dtype.AsSlice[int64](x.Vals), dtype.AsSlice[int64](y.Vals), z, xs, ys, rs)
	default:
		binaryRuns(op, intAlpha, dtype.AsSlice[int32](x.Vals), dtype.AsSlice[int32](y.Vals), z, xs, ys, rs)
	}
	return r, true, nil
}

// binaryFlat runs op over n elements of two operands laid out as the
// result (unit strides throughout), in the fixed chunks of binaryRuns.
func binaryFlat[V float32 | float64 | int32 | int64, C float64 | int64](op BinOp, alpha C, x, y []V, z dtype.Array, n int64) {
	if n <= zipChunk { // one chunk: no closure to allocate (a small call's cost)
		binaryRun(op, alpha, x, y, z, 0, 0, 0, 1, 1, int(n))
		return
	}
	parallel.ForChunks(int(n), zipChunk, func(_, lo, hi int) {
		binaryRun(op, alpha, x, y, z, int64(lo), int64(lo), int64(lo), 1, 1, hi-lo)
	})
}

// rowMajorIfNil is strides, or the row-major strides of shape when nil.
func rowMajorIfNil(strides, shape []int64) []int64 {
	if strides != nil {
		return strides
	}
	st := make([]int64, len(shape))
	step := int64(1)
	for d := len(shape) - 1; d >= 0; d-- {
		st[d] = step
		step *= shape[d]
	}
	return st
}

// coalesceDims merges each dim of shape into the one before it wherever
// both operands step through the pair as through one dim (xs[d-1] ==
// xs[d]*shape[d], and so for ys), and drops dims of size 1: the same
// elements in the same row-major order, in fewer and longer runs. Two
// contiguous operands of one shape become one run, so short rows (2708 x
// 7) are not 2708 loops of 7 elements. It allocates only when a dim goes.
func coalesceDims(shape, xs, ys []int64) (rs, rx, ry []int64) {
	nd := len(shape)
	kept := 0
	for d := range nd {
		if shape[d] == 1 || (kept > 0 && mergesInto(shape, xs, ys, d)) {
			continue
		}
		kept++
	}
	if kept == nd {
		return shape, xs, ys
	}
	buf := make([]int64, 3*kept)
	rs, rx, ry = buf[:0:kept], buf[kept:kept:2*kept], buf[2*kept:2*kept:3*kept]
	for d := range nd {
		switch k := len(rs) - 1; {
		case shape[d] == 1:
		case k >= 0 && rx[k] == xs[d]*shape[d] && ry[k] == ys[d]*shape[d]:
			rs[k] *= shape[d]
			rx[k], ry[k] = xs[d], ys[d]
		default:
			rs, rx, ry = append(rs, shape[d]), append(rx, xs[d]), append(ry, ys[d])
		}
	}
	return rs, rx, ry
}

// mergesInto reports whether dim d of shape merges into the last dim
// kept before it (the previous dim of size above 1) in coalesceDims.
func mergesInto(shape, xs, ys []int64, d int) bool {
	p := d - 1
	for p >= 0 && shape[p] == 1 {
		p--
	}
	return p >= 0 && xs[p] == xs[d]*shape[d] && ys[p] == ys[d]*shape[d]
}

// binaryRuns splits the result into fixed chunks and each chunk into runs
// of the last dim, and runs the op's loop on each run.
func binaryRuns[V float32 | float64 | int32 | int64, C float64 | int64](op BinOp, alpha C, x, y []V, z dtype.Array, xs, ys, shape []int64) {
	nd := len(shape)
	n := dtype.NumelOf(shape)
	if n == 0 {
		return
	}
	inner, sx, sy := int64(1), int64(1), int64(1)
	if nd > 0 {
		inner, sx, sy = shape[nd-1], xs[nd-1], ys[nd-1]
	}
	if n <= zipChunk { // one chunk: no closure to allocate (a small call's cost)
		binaryChunk(op, alpha, x, y, z, xs, ys, shape, inner, sx, sy, 0, int(n))
		return
	}
	parallel.ForChunks(int(n), zipChunk, func(_, lo, hi int) {
		binaryChunk(op, alpha, x, y, z, xs, ys, shape, inner, sx, sy, lo, hi)
	})
}

// binaryChunk runs the elements [lo, hi) of the result, a run of the last
// dim (inner elements, strides sx and sy) at a time.
func binaryChunk[V float32 | float64 | int32 | int64, C float64 | int64](op BinOp, alpha C, x, y []V, z dtype.Array, xs, ys, shape []int64, inner, sx, sy int64, lo, hi int) {
	nd := len(shape)
	var buf [8]int64
	idx := buf[:0]
	if nd-1 <= len(buf) {
		idx = buf[:max(nd-1, 0)]
	} else {
		idx = make([]int64, nd-1)
	}
	// The chunk's first element as a multi-index, and its offsets.
	rest, xo, yo := int64(lo)/inner, int64(0), int64(0)
	for d := nd - 2; d >= 0; d-- {
		idx[d] = rest % shape[d]
		rest /= shape[d]
		xo += idx[d] * xs[d]
		yo += idx[d] * ys[d]
	}
	j := int64(lo) % inner
	for p := int64(lo); p < int64(hi); {
		m := min(inner-j, int64(hi)-p)
		binaryRun(op, alpha, x, y, z, p, xo+j*sx, yo+j*sy, sx, sy, int(m))
		p += m
		j += m
		if j == inner { // odometer step over the outer dims
			j = 0
			for d := nd - 2; d >= 0; d-- {
				idx[d]++
				xo += xs[d]
				yo += ys[d]
				if idx[d] < shape[d] {
					break
				}
				xo -= idx[d] * xs[d]
				yo -= idx[d] * ys[d]
				idx[d] = 0
			}
		}
	}
}

// binaryRun is one run of m elements: z[p+i] = op(x[xo+i*sx], y[yo+i*sy]).
func binaryRun[V float32 | float64 | int32 | int64, C float64 | int64](op BinOp, alpha C, x, y []V, z dtype.Array, p, xo, yo, sx, sy int64, m int) {
	if op.isCompare() {
		zb := z.Data[p : p+int64(m)]
		switch {
		case sx == 1 && sy == 1:
			compareRun(op, x[xo:xo+int64(m)], y[yo:yo+int64(m)], zb)
		default:
			compareStrided(op, x, y, zb, xo, yo, sx, sy)
		}
		return
	}
	zv := dtype.AsSlice[V](z)[p : p+int64(m)]
	if sx == 1 && sy == 1 {
		arithRun(op, alpha, x[xo:xo+int64(m)], y[yo:yo+int64(m)], zv)
		return
	}
	if sx == 1 && sy == 0 {
		arithRunScalar(op, alpha, x[xo:xo+int64(m)], y[yo], zv)
		return
	}
	arithStrided(op, alpha, x, y, zv, xo, yo, sx, sy)
}

// arithRun is the contiguous loop of an arithmetic op, chosen outside it.
func arithRun[V float32 | float64 | int32 | int64, C float64 | int64](op BinOp, alpha C, x, y, z []V) {
	y, z = y[:len(x)], z[:len(x)]
	if xf, ok := any(x).([]float64); ok {
		if vop, ok := vecOp(op, float64(alpha)); ok {
			kernels.VecBinary64(vop, any(z).([]float64), xf, any(y).([]float64))
			return
		}
	}
	switch {
	case op == BinAdd && alpha == 1:
		for i, v := range x {
			z[i] = V(C(v) + C(y[i]))
		}
	case op == BinAdd && fusedAlpha(alpha):
		for i, v := range x {
			z[i] = V(addIn[fusedAdd](C(v), alpha, C(y[i])))
		}
	case op == BinAdd:
		for i, v := range x {
			z[i] = V(C(v) + alpha*C(y[i]))
		}
	case op == BinMul:
		for i, v := range x {
			z[i] = V(C(v) * C(y[i]))
		}
	case op == BinDiv:
		for i, v := range x {
			z[i] = V(C(v) / C(y[i]))
		}
	case op == BinMax:
		for i, v := range x {
			z[i] = maxNaN(v, y[i])
		}
	default:
		for i, v := range x {
			z[i] = minNaN(v, y[i])
		}
	}
}

// arithRunScalar is arithRun with one value c for every y (a broadcast
// number or 0-d tensor: y / norm(y)), the op chosen outside the loop. An
// add with alpha*c exact (alpha 1 or -1, or outside the float64 domain)
// adds it to each x; another alpha rounds x + alpha*c once an element.
func arithRunScalar[V float32 | float64 | int32 | int64, C float64 | int64](op BinOp, alpha C, x []V, c V, z []V) {
	z = z[:len(x)]
	fused := op == BinAdd && fusedAlpha(alpha)
	if xf, ok := any(x).([]float64); ok && op <= BinDiv && !fused {
		vop, cf := kernels.VecAdd, float64(alpha)*float64(c)
		if op != BinAdd {
			vop, cf = vecOpOf[op], float64(c)
		}
		kernels.VecScalar64(vop, any(z).([]float64), xf, cf)
		return
	}
	switch {
	case fused:
		for i, v := range x {
			z[i] = V(addIn[fusedAdd](C(v), alpha, C(c)))
		}
	case op == BinAdd:
		ac := alpha * C(c)
		for i, v := range x {
			z[i] = V(C(v) + ac)
		}
	case op == BinMul:
		for i, v := range x {
			z[i] = V(C(v) * C(c))
		}
	case op == BinDiv:
		for i, v := range x {
			z[i] = V(C(v) / C(c))
		}
	case op == BinMax:
		for i, v := range x {
			z[i] = maxNaN(v, c)
		}
	default:
		for i, v := range x {
			z[i] = minNaN(v, c)
		}
	}
}

// vecOpOf is kernels' op for the arithmetic BinOps other than add.
var vecOpOf = [...]kernels.VecOp{BinMul: kernels.VecMul, BinDiv: kernels.VecDiv}

// vecOp is kernels' op for arithRun's float64 loop of op with alpha (one
// IEEE operation an element: add with alpha 1, sub as add with alpha -1,
// since v + (-1*y) is v - y bit for bit, mul and div); ok is false for
// the others (add with another alpha rounds twice; max and min).
func vecOp(op BinOp, alpha float64) (kernels.VecOp, bool) {
	switch {
	case op == BinAdd && alpha == 1:
		return kernels.VecAdd, true
	case op == BinAdd && alpha == -1:
		return kernels.VecSub, true
	case op == BinMul || op == BinDiv:
		return vecOpOf[op], true
	}
	return 0, false
}

// arithStrided is a run of an arithmetic op at any steps (a broadcast x,
// a transposed operand): z[i] = op(x[xo+i*sx], y[yo+i*sy]), the op chosen
// outside the loop (an element function called per element was a CALL
// per element: go1.26 did not inline it).
func arithStrided[V float32 | float64 | int32 | int64, C float64 | int64](op BinOp, alpha C, x, y, z []V, xo, yo, sx, sy int64) {
	switch {
	case op == BinAdd && fusedAlpha(alpha):
		for i := range z {
			z[i] = V(addIn[fusedAdd](C(x[xo+int64(i)*sx]), alpha, C(y[yo+int64(i)*sy])))
		}
	case op == BinAdd:
		for i := range z {
			z[i] = V(C(x[xo+int64(i)*sx]) + alpha*C(y[yo+int64(i)*sy]))
		}
	case op == BinMul:
		for i := range z {
			z[i] = V(C(x[xo+int64(i)*sx]) * C(y[yo+int64(i)*sy]))
		}
	case op == BinDiv:
		for i := range z {
			z[i] = V(C(x[xo+int64(i)*sx]) / C(y[yo+int64(i)*sy]))
		}
	case op == BinMax:
		for i := range z {
			z[i] = maxNaN(x[xo+int64(i)*sx], y[yo+int64(i)*sy])
		}
	default:
		for i := range z {
			z[i] = minNaN(x[xo+int64(i)*sx], y[yo+int64(i)*sy])
		}
	}
}

// nan is the NaN the op table's maximum and minimum give (math.NaN()).
var nan = math.NaN()

// maxNaN is the larger of x and y (+0 over -0), the table's NaN if either is NaN.
func maxNaN[V float32 | float64 | int32 | int64](x, y V) V {
	if x != x || y != y {
		return V(nan)
	}
	return max(x, y)
}

// minNaN is the smaller of x and y (-0 under +0), the table's NaN if either is NaN.
func minNaN[V float32 | float64 | int32 | int64](x, y V) V {
	if x != x || y != y {
		return V(nan)
	}
	return min(x, y)
}

// compareRun is the contiguous loop of a comparison (bool as 0 or 1);
// floats go to the kernels' vector compares (the same bits, eight a step).
func compareRun[V float32 | float64 | int32 | int64](op BinOp, x, y []V, z []byte) {
	y, z = y[:len(x)], z[:len(x)]
	switch xs := any(x).(type) {
	case []float64:
		kernels.VecCompare64(kernels.VecCmp(op-BinEq), z, xs, any(y).([]float64))
		return
	case []float32:
		kernels.VecCompare32(kernels.VecCmp(op-BinEq), z, xs, any(y).([]float32))
		return
	}
	switch op {
	case BinEq:
		for i, v := range x {
			z[i] = b2u(v == y[i])
		}
	case BinNe:
		for i, v := range x {
			z[i] = b2u(v != y[i])
		}
	case BinLt:
		for i, v := range x {
			z[i] = b2u(v < y[i])
		}
	case BinLe:
		for i, v := range x {
			z[i] = b2u(v <= y[i])
		}
	case BinGt:
		for i, v := range x {
			z[i] = b2u(v > y[i])
		}
	default:
		for i, v := range x {
			z[i] = b2u(v >= y[i])
		}
	}
}

// compareStrided is a run of a comparison at any steps, the op chosen
// outside the loop (as arithStrided).
func compareStrided[V float32 | float64 | int32 | int64](op BinOp, x, y []V, z []byte, xo, yo, sx, sy int64) {
	switch op {
	case BinEq:
		for i := range z {
			z[i] = b2u(x[xo+int64(i)*sx] == y[yo+int64(i)*sy])
		}
	case BinNe:
		for i := range z {
			z[i] = b2u(x[xo+int64(i)*sx] != y[yo+int64(i)*sy])
		}
	case BinLt:
		for i := range z {
			z[i] = b2u(x[xo+int64(i)*sx] < y[yo+int64(i)*sy])
		}
	case BinLe:
		for i := range z {
			z[i] = b2u(x[xo+int64(i)*sx] <= y[yo+int64(i)*sy])
		}
	case BinGt:
		for i := range z {
			z[i] = b2u(x[xo+int64(i)*sx] > y[yo+int64(i)*sy])
		}
	default:
		for i := range z {
			z[i] = b2u(x[xo+int64(i)*sx] >= y[yo+int64(i)*sy])
		}
	}
}
