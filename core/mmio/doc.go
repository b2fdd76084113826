// Package mmio reads and writes Matrix Market files (the NIST exchange format:
// https://math.nist.gov/MatrixMarket/formats.html).
//
// Two layers: Parse and WriteCoordinate/WriteArray work on plain components
// (core.Array index, value and dense buffers) and know nothing of tensors;
// Read, ReadFrom and Write turn those components into core tensors and back.
//
// The reader accepts every object (matrix, vector), format (coordinate,
// array), field (real, double, integer, complex, pattern) and symmetry
// (general, symmetric, skew-symmetric, hermitian) of the format, matched
// without regard to case, and is lenient where files in the wild are: a banner
// with one '%' or leading blanks, comment and blank lines anywhere, CRLF line
// endings, any run of spaces and tabs between numbers, Fortran 'D' exponents.
// It is strict about everything that changes the meaning of the data: entry
// counts, index ranges, integer and float overflow, and the symmetry rules.
// Every error is a *core.Error with code core.ErrIO whose message names the
// 1-based line and the rule that the line broke.
//
// Memory is proportional to the data actually present, never to the counts a
// header claims: a header promising 10^15 entries fails when the input ends,
// after allocating only what the real lines needed.
package mmio
