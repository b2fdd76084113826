package gen

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSplitMixKnownAnswers(t *testing.T) {
	// The reference SplitMix64 (Vigna's splitmix64.c) seeded with 0.
	r := splitMix{s: 0}
	assert.Equal(t, uint64(0xe220a8397b1dcdaf), r.next())
	assert.Equal(t, uint64(0x6e789e6aa1b965f4), r.next())
	assert.Equal(t, uint64(0x06c45d188009454f), r.next())
}

func TestAtMatchesSequentialStream(t *testing.T) {
	for _, seed := range []uint64{0, 1, 42, math.MaxUint64} {
		r := splitMix{s: seed}
		for k := uint64(0); k < 100; k++ {
			require.Equal(t, r.next(), at(seed, k), "seed %d, output %d", seed, k)
		}
	}
}

func TestStreamSeedSeparatesPurposesAndSeeds(t *testing.T) {
	assert.NotEqual(t, streamSeed(1, streamValues), streamSeed(1, streamPositions))
	assert.NotEqual(t, streamSeed(1, streamValues), streamSeed(2, streamValues))
}

func TestSymmetricRange(t *testing.T) {
	assert.Equal(t, -1.0, symmetric(0))
	assert.Equal(t, 0.0, symmetric(1<<63))
	top := symmetric(math.MaxUint64)
	assert.Less(t, top, 1.0)
	assert.Equal(t, 1-0x1p-52, top)
	r := splitMix{s: 7}
	neg := 0
	for i := 0; i < 10000; i++ {
		v := symmetric(r.next())
		require.True(t, v >= -1 && v < 1, "value %v", v)
		if v < 0 {
			neg++
		}
	}
	assert.InDelta(t, 5000, neg, 300, "about half the values are negative")
}

func TestBelowIsBoundedAndUniform(t *testing.T) {
	r := splitMix{s: 3}
	for _, n := range []uint64{1, 2, 3, 1000, 1<<63 + 1, math.MaxUint64} {
		for i := 0; i < 1000; i++ {
			require.Less(t, r.below(n), n)
		}
	}
	var counts [3]int
	for i := 0; i < 30000; i++ {
		counts[r.below(3)]++
	}
	for d, c := range counts {
		assert.InDelta(t, 10000, c, 400, "digit %d", d) // about 5 standard deviations
	}
}
