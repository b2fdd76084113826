package solve

import "github.com/gosparse/gosparse/core"

// Spsolve solves A X = B (left) or X A = B (!left), as torch.sparse.spsolve
// (whose CPU build has no kernel and whose CUDA one takes only left = true):
// A a square sparse matrix of any layout, B a vector (n,) or a dense matrix,
// (n, k) when left and (k, n) otherwise, of A's dtype (float32, float64,
// complex64 or complex128). It factors A with Splu's defaults (ColAMD and
// partial pivoting) and solves; to solve again with the same A, use Splu.
func Spsolve(a, b *core.Tensor, left bool) (*core.Tensor, error) {
	if err := checkSquare("A", a); err != nil {
		return nil, err
	}
	n := a.Shape()[0]
	// Check B before the factorization's work.
	if _, err := loadRHSShape(b, n, a.DType(), left); err != nil {
		return nil, err
	}
	f, err := Splu(a, DefaultLUOptions())
	if err != nil {
		return nil, err
	}
	return f.Solve(b, left)
}
