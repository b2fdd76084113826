package solve

// luGemmPad: applyBlock rounds its product's rows below the triangle up to
// a multiple of this, so that kernels.GemmSubNT runs whole tiles (8 wide
// in that dimension with AVX-512, 4 with AVX2) instead of Go loops on the
// edge, which take ~16% of the products' time on the 300^2 Laplacian.
const luGemmPad = 8
