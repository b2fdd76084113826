package mmio

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// checkDecimal fails t where w * 10^q, decided by decimalToFloat, differs by
// a single bit from strconv's reading of the same decimal.
func checkDecimal(t *testing.T, w uint64, q int) (decided bool) {
	t.Helper()
	s := strconv.FormatUint(w, 10) + "e" + strconv.Itoa(q)
	want, err := strconv.ParseFloat(s, 64)
	got, ok := decimalToFloat(w, q)
	if !ok {
		return false
	}
	if err != nil {
		t.Fatalf("%s: decided %v where strconv fails: %v", s, got, err)
	}
	if math.Float64bits(got) != math.Float64bits(want) {
		t.Fatalf("%s: %v (%#x), strconv %v (%#x)", s, got, math.Float64bits(got), want, math.Float64bits(want))
	}
	return true
}

// decimalToFloat agrees with strconv bit for bit over random mantissas of 1
// to 19 digits and the whole exponent range, the shortest forms of random
// float64s (as writers print them), halfway cases between neighbouring
// floats, and the edges of the normal range; and it decides nearly all of
// them (the fallback is for the rare undecided product, not the rule).
func TestDecimalMatchesStrconv(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	tried, decided := 0, 0
	try := func(w uint64, q int) {
		tried++
		if checkDecimal(t, w, q) {
			decided++
		}
	}
	for range 300000 {
		digits := 1 + r.IntN(19)
		w := r.Uint64N(pow10u(digits)) + 1
		try(w, r.IntN(maxPow5-minPow5+40)+minPow5-20)
	}
	// Shortest round-trip forms of random doubles: 16 and 17 digits.
	for range 300000 {
		f := math.Float64frombits(r.Uint64() &^ (1 << 63))
		if math.IsInf(f, 0) || math.IsNaN(f) || f == 0 {
			continue
		}
		s := strconv.FormatFloat(f, 'e', -1, 64)
		mant, exp, _ := strings.Cut(s, "e")
		e, _ := strconv.Atoi(exp)
		digits := strings.Replace(mant, ".", "", 1)
		w, _ := strconv.ParseUint(digits, 10, 64)
		try(w, e-(len(digits)-1))
	}
	// Exact ties: odd multiples of half a unit in the last place of
	// integers and of small powers of two, where round-to-even decides.
	for range 100000 {
		m := uint64(1)<<53 | r.Uint64N(1<<53)
		shift := r.IntN(11)
		w := (2*m + 1) << uint(shift) // a tie between m<<shift+1 and its neighbour
		if w>>63 != 0 || w > 9_999_999_999_999_999_999 {
			continue
		}
		try(w, 0)
		// The same tie scaled down by 10^k where the result stays exact in 19 digits.
		for k := 1; k <= 4 && w%10 == 0; k++ {
			w /= 10
			try(w, k)
		}
	}
	for q := -30; q <= 30; q++ {
		for _, w := range []uint64{1, 5, 9, 25, 125, 1 << 53, 1<<53 + 1, 1<<54 - 1, 1<<63 + 1, math.MaxUint64 / 10, 9_999_999_999_999_999_999} {
			try(w, q)
		}
	}
	// The normal range's edges: the largest finite, the smallest normal.
	for _, c := range []struct {
		w uint64
		q int
	}{{17976931348623157, 292}, {17976931348623158, 292}, {22250738585072014, -324}, {22250738585072011, -324}, {49406564584124654, -340}} {
		try(c.w, c.q)
	}
	if decided < tried*9/10 {
		t.Fatalf("decided %d of %d: the fast path should decide nearly all", decided, tried)
	}
	t.Logf("decided %d of %d", decided, tried)
}

func pow10u(n int) uint64 {
	if n >= 20 {
		return math.MaxUint64
	}
	p := uint64(1)
	for range n {
		p *= 10
	}
	return p
}

// FuzzParseFloat: parseFloat agrees with strconv (d exponents read as e)
// on every input, accepting exactly what strconv accepts among decimals.
func FuzzParseFloat(f *testing.F) {
	for _, s := range []string{"0", "-1.5", "3.0000000000000004", "1e23", "9007199254740993", "2.2250738585072011e-308", ".5", "1d3", "0.1e-400"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, c := range []byte(s) {
			// Words (inf, nan), hex floats and separators take other paths.
			if !(c >= '0' && c <= '9' || c == '.' || c == '+' || c == '-' || c == 'e' || c == 'E' || c == 'd' || c == 'D') {
				return
			}
		}
		if len(s) > 64 && strings.ContainsAny(s, "dD") {
			return // refused by rule (TestParseNumbers)
		}
		want, werr := strconv.ParseFloat(strings.NewReplacer("d", "e", "D", "E").Replace(s), 64)
		got, err := parseFloat([]byte(s))
		if (werr == nil) != (err == nil) {
			t.Fatalf("%q: error %v, strconv %v", s, err, werr)
		}
		if werr == nil && math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("%q: %v, strconv %v", s, got, want)
		}
	})
}

// leadingDigits counts the digits that start eight bytes, whatever the
// bytes after the first non-digit (those that carry when 6 is added among
// them), and digits8 of them aligned gives their value.
func TestLeadingDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	others := []byte{'/', ':', '.', 'e', ' ', '\n', 0, 0xFF, 0xFA, '0' + 0x80, 0xF9, '9' + 0x80}
	for range 100000 {
		s := []byte(strconv.FormatUint(r.Uint64N(100_000_000)+100_000_000, 10)[1:])
		want := 8
		if r.IntN(9) > 0 {
			want = r.IntN(8)
			s[want] = others[r.IntN(len(others))]
			for k := want + 1; k < 8; k++ {
				if r.IntN(2) == 0 {
					s[k] = byte(r.Uint32())
				}
			}
		}
		v := binary.LittleEndian.Uint64(s)
		if got := leadingDigits(v); got != want {
			t.Fatalf("%q: %d digits, want %d", s, got, want)
		}
		if want == 0 {
			continue
		}
		wantV, _ := strconv.ParseUint(string(s[:want]), 10, 64)
		x := v
		if want < 8 {
			x = alignDigits(v, want)
		}
		if got := digits8(x); got != wantV {
			t.Fatalf("%q: %d, want %d", s, got, wantV)
		}
	}
}
