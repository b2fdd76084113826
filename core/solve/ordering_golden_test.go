package solve

import (
	"hash/fnv"
	"testing"

	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// orderingGolden holds, for each matrix, the FNV-1a hash of the
// permutations the minimum degree orderings gave when it was recorded:
// columnOrderWith highest-first, lowest-first, then symmetricOrder. The
// orderings' constant-factor work (the pivot loop's list layout, its leaf
// functions) may not change any of them: the fill rests on the exact
// permutation, and every tie is broken by position.
var orderingGolden = map[string][3]uint64{
	"bcspwr10.mtx":         {0x57635fb53c847f81, 0xff75b8174c7ea949, 0xc0e25f2392f75759},
	"karate.mtx":           {0x572f747b05a557b4, 0x572f747b05a557b4, 0xe8f7b48fdbc7524},
	"convdiff 200x200":     {0x4681c6eaa0c383d9, 0x57f52520b2b2e061, 0xf2a3a69ab9845a21},
	"west0067.mtx":         {0x552c048fd39c43f6, 0x22ef4ff6ac63af56, 0x9334351d01eab1b6},
	"west0067_jumbled.mtx": {0x552c048fd39c43f6, 0x22ef4ff6ac63af56, 0x9334351d01eab1b6},
	"cryg2500.mtx":         {0x9e054c01448abed9, 0xb0edc24e1811d305, 0xb44947d0e66d78d},
	"bayer10.mtx":          {0xbf4c9610b8ef95cd, 0xd3191137d82f9605, 0x91060689b6ad6e11},
	"bcsstk13.mtx":         {0xd6360175cb3beb7f, 0x71d935a08da24faf, 0x5d4cf7450bf06923},
	"pushpull.mtx":         {0x16e2056378394a91, 0xd7ca65cda81ac6bd, 0xee59e8fd53bf0821},
	"arrow.mtx":            {0xe26cfb1fc15734a9, 0xf980612cd233ff39, 0xe26cfb1fc15734a9},
	"convdiff 40x40":       {0x2bb38d1c069ca1c1, 0x4da86174c97f4bd9, 0xc98e2475e1bedfa1},
	"convdiff 12x12x12":    {0x48c5d8e977c3dd4d, 0x93eca98c24969c21, 0x47e7b5b2563460dd},
	"laplacian 120x120":    {0x93abbb564723ca85, 0x8b18d507bbfccf19, 0x781f4194efc7f405},
	"convdiff 90x90":       {0x158f89e63e79ee6d, 0x4df47ad02903725d, 0x8d6a298ad14e6115},
	"convdiff 20x20x20":    {0x9252f6258b79ef31, 0x52ff9260f1634d1, 0x7499e9aca7b34105},
}

// permutationHash hashes p's entries as little-endian 32-bit words.
func permutationHash(p []int) uint64 {
	h := fnv.New64a()
	var b [4]byte
	for _, v := range p {
		b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
		h.Write(b[:])
	}
	return h.Sum64()
}

// orderingGoldenMatrices: the matrices of orderingFill, the real ones no
// LU test orders otherwise and BenchmarkSpsolveOrder's 200^2 operator.
func orderingGoldenMatrices() []string {
	names := []string{"bcspwr10.mtx", "karate.mtx", "convdiff 200x200"}
	for _, c := range orderingFill {
		names = append(names, c.name)
	}
	return names
}

// The orderings are the recorded ones, permutation for permutation, on the
// real matrices and the generated operators.
func TestOrderingsMatchRecorded(t *testing.T) {
	for _, name := range orderingGoldenMatrices() {
		t.Run(name, func(t *testing.T) {
			a := orderingMatrix(t, name)
			m, err := loadCompressed[float64](a, tensor.CSC)
			require.NoError(t, err)
			v := viewsOf(m).withoutZeros()
			got := [3]uint64{
				permutationHash(columnOrderWith(v.byRow, false)),
				permutationHash(columnOrderWith(v.byRow, true)),
				permutationHash(symmetricOrder(v.byCol)),
			}
			want, ok := orderingGolden[name]
			require.True(t, ok, "%q: no recorded hashes; got %#x", name, got)
			require.Equal(t, want, got, name)
		})
	}
}
