// Package mmio reads and writes Matrix Market files (the NIST exchange format:
// https://math.nist.gov/MatrixMarket/formats.html).
//
// Two layers: Parse and WriteCoordinate/WriteArray work on plain components
// (dtype.Array index, value and dense buffers) and know nothing of tensors;
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
// The body is read in chunks of whole lines parsed in parallel (coordinate
// and array files alike), each line by a one-pass fast path that falls back
// to the checked token path for anything unusual; numbers convert exactly
// (decimal.go), bit for bit as strconv would (NaN as strtod reads it: the
// quiet NaN, with the sign of "-nan"). Read lays out a symmetric,
// skew-symmetric or hermitian file's entries and their mirrors by rows
// (expand_rows.go): a file stored in row-major order, as most writers store
// it, gives its coalesced tensor without a sort.
// Every malformed file gives a *errs.Error with code errs.ErrIO whose message
// names the 1-based line and the rule that the line broke.
//
// The rules beyond the lenient spellings, with what SciPy 1.17 (whose reader
// is fast_matrix_market's) does with the same file:
//
//   - Sizes and indices are unsigned decimal integers: "+1" and "-0" are
//     refused (SciPy refuses "+1"). Values may carry a sign, "+" included
//     (as C's strtod reads them; SciPy refuses "+1" as a value).
//   - rows x columns must fit int64, as every tensor's element count must
//     (SciPy reads such a header).
//   - hermitian needs field complex (real, integer and pattern hermitian
//     are refused, as NIST's reference mm_is_valid refuses real hermitian;
//     SciPy reads them as symmetric); pattern cannot be skew-symmetric
//     (SciPy reads it with signs); array cannot be pattern; a vector is
//     general; symmetric, skew-symmetric and hermitian matrices are square.
//   - The diagonal of a skew-symmetric file is not stored (SciPy keeps such
//     entries, giving a matrix that is not skew-symmetric); the diagonal of
//     a hermitian file is real (SciPy keeps an imaginary part).
//   - The standard stores the lower triangle of a symmetric, skew-symmetric
//     or hermitian file. A file that stores only the upper triangle reads as
//     SciPy reads it: each off-diagonal entry stands for itself and its
//     mirror. A file with entries on both sides of the diagonal is refused
//     at the first entry on the other side: where SciPy would sum an entry
//     (i, j) with the mirror of a stored (j, i), doubling both, the file is
//     ambiguous.
//
// Memory is proportional to the data actually present, never to the counts
// or dimensions a header claims: a header promising 10^15 entries fails when
// the input ends, after allocating only what the real lines needed (the
// result arrays of a general file are allocated from the header's count only
// when the input's known size could hold that many entry lines), and a
// matrix of 2^40 rows with one entry costs one entry (Read builds a COO
// tensor by sorting its entries, without a row pointer array). Entries,
// values and expanded results beyond tensor.MemoryLimit are refused with
// errs.ErrTooLarge, naming the line where the reader stopped.
package mmio
