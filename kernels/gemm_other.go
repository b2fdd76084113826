//go:build !amd64

package kernels

// haveFMA: math.FMA is one instruction on the other 64-bit targets Go
// supports (arm64, ppc64, s390x, riscv64).
var haveFMA = true

// gemmTiles returns no tile where there is no assembly: GemmSubNT's Go
// loops take the whole block.
func gemmTiles() []gemmTileShape { return nil }

// gemmNNTileFor returns Gemm's Go tile: there is no assembly here.
func gemmNNTileFor[V float32 | float64](n int) gemmNNTile { return gemmNNGoTile }
