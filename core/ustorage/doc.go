// Package ustorage owns the storage of a tensor in any valid format of
// package format: per level a pos array (segments into the level below, for
// compressed and delta levels) and a crd array (coordinates, for compressed,
// singleton, delta and structured levels), one values array after the last
// level, padding included, and the extent of every level.
//
// Build lays out a dense array in a format exactly as the reference, NVIDIA's
// nvmath-python 1.0.0 (nvmath.sparse.ust), does: the nonzeros' level
// coordinates sorted lexicographically, then one pass that sizes the storage
// and one that fills it. Dense and range levels store every coordinate of
// their extent (so DIA pads inside and outside each stored diagonal, and a
// dense level below a compressed one pads whole blocks or rows); compressed
// levels store the distinct coordinates under each parent position (every
// entry, when nonunique); delta(b) levels store gaps of at most 2^b-1,
// inserting padding entries for longer ones; structured(n) levels store
// exactly n coordinates per parent position, padding with the lowest free
// coordinates. Sizes are computed before anything is allocated and refused
// over a byte limit, since padding can explode (DIA of a random matrix).
//
// ToDense walks any storage back to the dense array: the level iterator that
// serves every format without a fast path. Walk visits the stored elements
// one by one, Fibers a last-level fiber at a time, and Tiles a fiber of the
// level above trailing dense levels with those levels taken whole as a
// block (a BSR's block row of blocks), so a caller's per-fiber cost is paid
// once a block row; TilesUnder and FibersUnder walk only some subtrees of
// a dense level 0 (the block rows of a few rows).
//
// Convert converts a storage in any format to any other without a
// coordinate list in between: count, prefix-sum and fill over the target's
// levels (Chou, Kjolstad and Amarasinghe, PLDI 2020) where the target is
// dense levels, one compressed level, then dense and range levels; the
// walked entries sorted by counting sorts and laid out as Build does
// elsewhere. A block source (BSR in either block order) goes to CSR, or
// to the other block order, block by block.
//
// Levels: format.Level describes a level (its expression, type and
// properties); LevelArrays[I] holds a level's pos and crd as typed slices;
// LevelView[I] is both, with the level's extent, for the walks. A tensor's
// level, with its arrays as dtype.Arrays, is core/tensor's Level.
//
// The package imports format only (plus the standard library).
package ustorage
