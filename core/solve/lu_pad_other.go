//go:build !amd64

package solve

// luGemmPad: without the assembly tiles every entry of a product runs in
// Go loops, so applyBlock computes no padding rows (see lu_pad_amd64.go).
const luGemmPad = 1
