package solve

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// triangleOf keeps the upper or lower triangle of m, with ones on the diagonal when unit.
func triangleOf(m dense, upper, unit bool) dense {
	out := zeros(len(m), len(m))
	for i := range m {
		for j, v := range m[i] {
			if (upper && j > i) || (!upper && j < i) {
				out[i][j] = v
			}
		}
		out[i][i] = m[i][i]
		if unit {
			out[i][i] = 1
		}
	}
	return out
}

func TestSolveTriangularAgainstDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 23
	for _, d := range solveDTypes {
		a := randomSparse(rng, n, 0.2, d) // both triangles filled: the other one must be ignored
		for _, layout := range matrixLayouts {
			at := tensorOf(t, a, d, layout)
			for _, upper := range []bool{false, true} {
				for _, left := range []bool{true, false} {
					for _, unit := range []bool{false, true} {
						for _, k := range []int{0, 1, 3} { // 0: a vector
							name := fmt.Sprintf("%s/%s/upper=%v/left=%v/unit=%v/k=%d", d, layout, upper, left, unit, k)
							t.Run(name, func(t *testing.T) {
								tri := triangleOf(a, upper, unit)
								cols := max(k, 1)
								var b dense
								if left {
									b = randomDense(rng, n, cols, d)
								} else {
									b = randomDense(rng, cols, n, d)
								}
								var bt *tensor.Tensor
								switch {
								case k == 0 && !left:
									bt = stridedOf(t, transpose(b), d, true)
								default:
									bt = stridedOf(t, b, d, k == 0)
								}
								before, bBefore := tensor.Clone(at), tensor.Clone(bt)
								x, err := SolveTriangular(at, bt, upper, left, unit)
								require.NoError(t, err)
								require.Equal(t, bt.Dims(), x.Dims())
								require.Equal(t, d, x.DType())
								xd := denseOf(t, x)
								if left {
									require.Less(t, relDiff(matmul(tri, xd), b), tolerance(d))
								} else {
									if k == 0 {
										xd = transpose(xd)
									}
									require.Less(t, relDiff(matmul(xd, tri), b), tolerance(d))
								}
								requireUnchanged(t, before, at)
								requireUnchanged(t, bBefore, bt)
							})
						}
					}
				}
			}
		}
	}
}

func TestSolveTriangularZeroDiagonalNamesRow(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	a := randomSparse(rng, 9, 0.3, dtype.Float64)
	a[4][4] = 0
	b := stridedOf(t, randomDense(rng, 9, 1, dtype.Float64), dtype.Float64, true)
	for _, layout := range matrixLayouts {
		for _, upper := range []bool{false, true} {
			for _, left := range []bool{false, true} {
				at := tensorOf(t, a, dtype.Float64, layout)
				_, err := SolveTriangular(at, b, upper, left, false)
				requireCode(t, err, errs.ErrInvalidArgument, "row 4")
				// unitriangular does not read the diagonal
				_, err = SolveTriangular(at, b, upper, left, true)
				require.NoError(t, err)
			}
		}
	}
}

func TestSolveTriangularBadInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	a := tensorOf(t, randomSparse(rng, 5, 0.3, dtype.Float64), dtype.Float64, tensor.CSR)
	b := stridedOf(t, randomDense(rng, 5, 2, dtype.Float64), dtype.Float64, false)
	rect := tensorOf(t, randomDense(rng, 5, 4, dtype.Float64), dtype.Float64, tensor.CSR)
	_, err := SolveTriangular(rect, b, false, true, false)
	requireCode(t, err, errs.ErrInvalidArgument, "square")
	_, err = SolveTriangular(a, stridedOf(t, randomDense(rng, 4, 2, dtype.Float64), dtype.Float64, false), false, true, false)
	requireCode(t, err, errs.ErrInvalidArgument, "B: shape [4, 2]")
	_, err = SolveTriangular(a, b, false, false, false) // X A = B needs (k, 5)
	requireCode(t, err, errs.ErrInvalidArgument, "X A = B")
	_, err = SolveTriangular(a, stridedOf(t, randomDense(rng, 5, 2, dtype.Float32), dtype.Float32, false), false, true, false)
	requireCode(t, err, errs.ErrDType, "must equal A's dtype")
	ah, err := convert.ToDType(a, dtype.Float16)
	require.NoError(t, err)
	_, err = SolveTriangular(ah, b, false, true, false)
	requireCode(t, err, errs.ErrDType, "A: expected float32")
	_, err = SolveTriangular(nil, b, false, true, false)
	requireCode(t, err, errs.ErrInvalidArgument, "null")
	_, err = SolveTriangular(a, nil, false, true, false)
	requireCode(t, err, errs.ErrInvalidArgument, "null")
}

func TestSolveTriangularEmpty(t *testing.T) {
	a := tensorOf(t, zeros(0, 0), dtype.Float64, tensor.CSR)
	b, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{0, 3}))
	require.NoError(t, err)
	x, err := SolveTriangular(a, b, false, true, false)
	require.NoError(t, err)
	require.Equal(t, []int64{0, 3}, x.Dims())
}
