package dispatch

import (
	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/solve"
	"github.com/gosparse/gosparse/core/tensor"
)

// The direct solves of A and B (core/solve): host only, scalar fills,
// recorded when an input takes part in autograd.

// Spsolve is torch.sparse.spsolve: A X = B (left) or X A = B.
func (d Dispatcher) Spsolve(a, b Value, left bool) (Result, error) {
	return d.product("spsolve", a, b, false, func(a, b *tensor.Tensor) (*tensor.Tensor, error) { return solve.Spsolve(a, b, left) },
		func(a, b *autograd.Var) (*autograd.Var, error) { return autograd.Spsolve(a, b, left) })
}

// SolveTriangular is torch.linalg.solve_triangular for a sparse A.
func (d Dispatcher) SolveTriangular(a, b Value, upper, left, unitriangular bool) (Result, error) {
	return d.product("solve_triangular", a, b, false, func(a, b *tensor.Tensor) (*tensor.Tensor, error) {
		return solve.SolveTriangular(a, b, upper, left, unitriangular)
	}, func(a, b *autograd.Var) (*autograd.Var, error) {
		return autograd.SolveTriangular(a, b, upper, left, unitriangular)
	})
}
