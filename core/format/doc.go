// Package format owns the description of a sparse tensor's storage: a Format
// maps named dimensions to an ordered list of storage levels, in the language
// of NVIDIA's Universal Sparse Tensor (UST):
//
//	(i, j) -> (i : dense, j : compressed)                 CSR
//	(i, j) -> (j - i : compressed, i : range)             DIA-I
//	(i, j) -> (i : dense, j / 4 : dense, j % 4 : structured(2))   2:4
//
// Each level has an expression over the dimensions (d, a + b, a - b, d / c,
// d % c), a type (dense, batch, range, compressed, singleton, delta(b),
// structured(n); "row", the UST blog post's word in CROW/CCOL, reads as
// dense) and, for compressed and singleton levels, the properties
// unique/nonunique and ordered/unordered (unique and ordered by default).
//
// The package holds the parser (Parse), the printer (Format.String, one
// canonical text for every format), the validator (Validate: every rule of
// the reference nvmath-python 1.0.0, plus the ones its storage needs, each
// refusal an *Error naming the level and the rule), the index maps between
// dimensions and levels (LevelSizes, DimToLvl, LvlToDim) and the named
// formats (torch's layouts and the UST's: CSR, COO, BSR, DIAI, Structured...).
//
// It is the bottom of the core: it imports nothing of the project, and it
// knows nothing of arrays or values (package ustorage builds the storage).
package format
