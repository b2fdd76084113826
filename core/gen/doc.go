// Package gen builds deterministic, seeded test and benchmark matrices:
// stencil Laplacians, banded, block-diagonal, R-MAT graphs, uniform random and
// short-and-wide random matrices.
//
// Every generator returns a *COO of plain slices, sorted by (row, col) with
// no duplicate positions, which (*COO).Tensor turns into a coalesced float64
// COO tensor. Random generators draw from the package's own SplitMix64 streams,
// so a seed yields the same matrix on every Go version, machine and GOMAXPROCS
// setting; random values are uniform in [-1, 1).
//
// Sizes are validated before anything is allocated: negative sizes are
// errs.ErrInvalidArgument, results of more than MaxEntries stored entries (or
// sizes that overflow int64) are errs.ErrTooLarge.
package gen
