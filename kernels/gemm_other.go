//go:build !amd64

package kernels

// gemmTiles covers nothing where there is no assembly: GemmSubNT's Go
// loops take the whole block.
func gemmTiles(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) (int, int) {
	return 0, 0
}
