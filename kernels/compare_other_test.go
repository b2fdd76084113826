//go:build !amd64

package kernels

// compareCallLen is a length past a few groups of eight (no assembly here).
const compareCallLen = 1 << 10
