package autograd

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/solve"
	"github.com/gosparse/gosparse/core/tensor"
)

// Spsolve is solve.Spsolve recorded (torch.sparse.spsolve): for X = A^-1 B
// (left) the gradients are gB = A^-H G and gA = -gB X^H at A's specified
// elements (the sampled product, never a dense n x n matrix; dense for a
// strided A); for
// X = B A^-1, gB = G A^-H and gA = -X^H gB.
func Spsolve(a, b *Var, left bool) (*Var, error) {
	return solveRecorded("SpsolveBackward0", a, b, left,
		func(a, b *tensor.Tensor) (*tensor.Tensor, error) { return solve.Spsolve(a, b, left) },
		func(ah, g *tensor.Tensor) (*tensor.Tensor, error) { return solve.Spsolve(ah, g, left) },
		nil)
}

// SolveTriangular is solve.SolveTriangular recorded
// (torch.linalg.solve_triangular): Spsolve's gradients, A's kept to the
// triangle the solve reads (without the diagonal when unitriangular).
func SolveTriangular(a, b *Var, upper, left, unitriangular bool) (*Var, error) {
	return solveRecorded("LinalgSolveTriangularBackward0", a, b, left,
		func(a, b *tensor.Tensor) (*tensor.Tensor, error) {
			return solve.SolveTriangular(a, b, upper, left, unitriangular)
		},
		func(ah, g *tensor.Tensor) (*tensor.Tensor, error) {
			return solve.SolveTriangular(ah, g, !upper, left, unitriangular)
		},
		func(ga *tensor.Tensor) (*tensor.Tensor, error) { return keepTriangle(ga, upper, unitriangular) })
}

// solveRecorded records a solve with A on the left (X = A^-1 B) or the
// right (X = B A^-1): adjSolve solves the same system with A^H, keepA (nil:
// none) restricts A's gradient to what the solve reads.
func solveRecorded(name string, a, b *Var, left bool, solveFn func(a, b *tensor.Tensor) (*tensor.Tensor, error),
	adjSolve func(ah, g *tensor.Tensor) (*tensor.Tensor, error), keepA func(*tensor.Tensor) (*tensor.Tensor, error)) (*Var, error) {
	x, err := solveFn(a.t, b.t)
	if err != nil {
		return nil, err
	}
	ins := []*Var{a, b}
	return record(name, x, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		ah, err := adjoint(a.t)
		if err != nil {
			return nil, err
		}
		gd, err := denseOf(g)
		if err != nil {
			return nil, err
		}
		gb, err := adjSolve(ah, gd)
		if err != nil {
			return nil, err
		}
		gs := make([]*tensor.Tensor, 2)
		if needs(ins, 1) {
			if gs[1], err = likeInput(gb, b.t); err != nil {
				return nil, err
			}
		}
		if !needs(ins, 0) {
			return gs, nil
		}
		// A vector B is a one-column (left) or one-row matrix.
		x2, gb2 := x, gb
		if x.NDim() == 1 {
			n := x.Dims()[0]
			shape := []int64{n, 1}
			if !left {
				shape = []int64{1, n}
			}
			if x2, err = reshapeDense(x, shape); err != nil {
				return nil, err
			}
			if gb2, err = reshapeDense(gb, shape); err != nil {
				return nil, err
			}
		}
		ngb, err := mulNum(gb2, -1)
		if err != nil {
			return nil, err
		}
		var ga *tensor.Tensor
		if left {
			ga, _, err = mmGrads(a.t, x2, ngb, true, false) // -gB X^H on A's pattern
		} else {
			_, ga, err = mmGrads(x2, a.t, ngb, false, true) // -X^H gB on A's pattern
		}
		if err == nil && keepA != nil {
			ga, err = keepA(ga)
		}
		gs[0] = ga
		return gs, err
	}), nil
}

// keepTriangle zeroes the stored elements of the matrix t outside its upper
// (or lower) triangle, and on the diagonal when unit; t's layout and
// pattern stay.
func keepTriangle(t *tensor.Tensor, upper, unit bool) (*tensor.Tensor, error) {
	out := func(i, j int64) bool { return (upper && j < i) || (!upper && j > i) || (unit && i == j) }
	if t.Layout() == tensor.Strided {
		v, err := tensor.Component(t, tensor.CompRawValues)
		if err != nil {
			return nil, err
		}
		vals := dtype.Array{DType: v.DType, Shape: v.Shape, Data: append([]byte(nil), v.Data...)}
		es, n := int64(v.DType.Size()), t.Dims()[1]
		for e := range v.Numel() {
			if out(e/n, e%n) {
				clear(vals.Data[e*es : (e+1)*es])
			}
		}
		return tensor.NewStrided(vals)
	}
	c, err := cooOf(t)
	if err != nil {
		return nil, err
	}
	coords, err := coordsOf(c)
	if err != nil {
		return nil, err
	}
	v, err := tensor.Component(c, tensor.CompRawValues)
	if err != nil {
		return nil, err
	}
	vals := dtype.Array{DType: v.DType, Shape: v.Shape, Data: append([]byte(nil), v.Data...)}
	es := int64(v.DType.Size())
	block := v.Numel() / max(c.NNZ(), 1)
	for r := range c.NNZ() {
		if out(coords[0][r], coords[1][r]) {
			clear(vals.Data[r*block*es : (r+1)*block*es])
		}
	}
	z, err := withValues(c, vals)
	if err != nil {
		return nil, err
	}
	return toLayoutOf(z, t)
}
