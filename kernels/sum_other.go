//go:build !amd64

package kernels

// sumBlocks is sumBlocksGo: there is no assembly for this architecture.
func sumBlocks(v []float64, s *[sumLanes]float64) { sumBlocksGo(v, s) }

// sumSquareBlocks is sumSquareBlocksGo: there is no assembly for this architecture.
func sumSquareBlocks(v []float64, s *[16]float64) { sumSquareBlocksGo(v, s) }
