package mmio

import (
	"math"
	"math/bits"
)

// Exact decimal-to-binary conversion of w * 10^q for a mantissa w of up to
// 19 digits, after D. Lemire, "Number parsing at a gigabyte per second"
// (Software: Practice and Experience, 2021), which builds on M. Eisel's
// method: multiply the normalised w by a 128-bit approximation of 5^q and
// read the float's 53 bits off the top of the product. The approximation
// errs by less than one unit of its last bit, so the result is correctly
// rounded except where the product's bits below the mantissa leave the
// rounding undecided; those cases (and subnormal results) report false and
// the caller falls back to strconv. The method's proof covers exactly the
// cases where it reports true; TestDecimalMatchesStrconv checks that it
// agrees with strconv bit for bit on random and boundary inputs.

// Bounds of the decimal exponents the table covers: below the smallest one
// every 19-digit mantissa rounds to zero, above the largest to infinity.
const (
	minPow5 = -342
	maxPow5 = 308
)

//go:generate go run gen_pow5.go

// pow5 (pow5_table.go, written by gen_pow5.go) holds, for q in [minPow5,
// maxPow5], the 128 leading bits of 5^q normalised so that the top bit is
// set, {high, low}: truncated for q >= 0; for q < 0 the floor of a scaled
// reciprocal, plus one where that reciprocal has exactly 128 bits, as the
// paper's analysis assumes. A table of constants rather than one built at
// first use: building it allocates some 250 KB of big integers.

// decimalToFloat returns w * 10^q correctly rounded to float64 (w > 0), or
// ok false where this method cannot decide (the caller then uses strconv).
func decimalToFloat(w uint64, q int) (float64, bool) {
	if w == 0 || q < minPow5 || q > maxPow5 {
		return 0, false
	}
	lz := bits.LeadingZeros64(w)
	w <<= uint(lz)
	t := &pow5[q-minPow5]
	hi, lo := bits.Mul64(w, t[0])
	// 52 mantissa bits + the implicit one + a rounding bit + the possible
	// leading zero of the product leave 9 low bits of hi; when they are all
	// ones a carry from the low half of 5^q could change the result.
	const low9 = 1<<9 - 1
	if hi&low9 == low9 {
		hi2, _ := bits.Mul64(w, t[1])
		var carry uint64
		lo, carry = bits.Add64(lo, hi2, 0)
		hi += carry
		if hi&low9 == low9 && lo == math.MaxUint64 {
			return 0, false // still undecided: the truncated digits matter
		}
	}
	upper := int(hi >> 63)
	mant := hi >> uint(upper+9)
	// floor(log2(10^q)) + 63, from 217706 / 2^16 ~ log2(10) (exact over the
	// table's range), then the shifts above and the float64 bias.
	exp2 := ((217706*q)>>16 + 63) + upper - lz + 1023
	if exp2 <= 0 {
		return 0, false // subnormal: left to strconv
	}
	// An exact tie (the product's bits below the rounding bit are zero)
	// rounds to even rather than up; ties only occur for small |q|.
	if lo <= 1 && q >= -4 && q <= 23 && mant&3 == 1 && mant<<uint(upper+9) == hi {
		mant &^= 1
	}
	mant += mant & 1
	mant >>= 1
	if mant >= 1<<53 {
		mant = 1 << 52
		exp2++
	}
	if exp2 >= 0x7FF {
		return 0, false // overflow: strconv reports it
	}
	return math.Float64frombits(mant&^(1<<52) | uint64(exp2)<<52), true
}
