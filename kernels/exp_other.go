//go:build !amd64

package kernels

// expSIMD returns 0: Exp's Go loop takes every value here.
func expSIMD[V float32 | float64](dst, src []V) int { return 0 }

// logSIMD returns 0: Log's Go loop takes every value here.
func logSIMD[V float32 | float64](dst, src []V) int { return 0 }
