package mmio

import (
	"math"
	"math/big"
	"math/bits"
	"sync"
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

// pow5 holds, for q in [minPow5, maxPow5], the 128 leading bits of 5^q
// normalised so that the top bit is set: truncated for q >= 0; for q < 0 the
// floor of a scaled reciprocal, plus one where that reciprocal has exactly
// 128 bits, as the paper's analysis assumes. Built on first use (650 big-integer powers, well under
// a millisecond) rather than written out as a table of constants.
var (
	pow5     [maxPow5 - minPow5 + 1][2]uint64 // {high, low}
	pow5Once sync.Once
)

func buildPow5() {
	one := big.NewInt(1)
	five := big.NewInt(5)
	top := new(big.Int).Lsh(one, 128)
	mask := new(big.Int).Sub(top, one)
	var p, c big.Int
	for q := minPow5; q <= maxPow5; q++ {
		if q >= 0 {
			p.Exp(five, big.NewInt(int64(q)), nil)
			// Shift so the value has exactly 128 bits, truncating.
			if n := p.BitLen(); n < 128 {
				c.Lsh(&p, uint(128-n))
			} else {
				c.Rsh(&p, uint(n-128))
			}
		} else {
			p.Exp(five, big.NewInt(int64(-q)), nil)
			// floor(2^b / 5^-q) + 1, truncated to its 128 leading bits:
			// b makes the quotient exactly 128 bits where 5^-q fits in 64
			// bits (q >= -27), so the +1 survives; beyond, the quotient is
			// longer and the truncation drops it.
			b := p.BitLen() + 127
			if q < -27 {
				b = 2*p.BitLen() + 128
			}
			c.Lsh(one, uint(b))
			c.Quo(&c, &p)
			c.Add(&c, one)
			if n := c.BitLen(); n > 128 {
				c.Rsh(&c, uint(n-128))
			}
		}
		lo := new(big.Int).And(&c, new(big.Int).SetUint64(math.MaxUint64))
		hi := new(big.Int).Rsh(new(big.Int).And(&c, mask), 64)
		pow5[q-minPow5] = [2]uint64{hi.Uint64(), lo.Uint64()}
	}
}

// decimalToFloat returns w * 10^q correctly rounded to float64 (w > 0), or
// ok false where this method cannot decide (the caller then uses strconv).
func decimalToFloat(w uint64, q int) (float64, bool) {
	if w == 0 || q < minPow5 || q > maxPow5 {
		return 0, false
	}
	pow5Once.Do(buildPow5)
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
