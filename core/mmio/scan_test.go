package mmio

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// scanIndex reads what a digit-by-digit loop reads, for runs of 0 to 20
// digits ending in every kind of byte, at every distance from the end of
// the buffer (the 64-bit load and the byte loop both).
func TestScanIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	ends := []byte{' ', '\t', '\n', '\r', '.', 'e', '/', ':', 0, 0xFA, 0xFF, '0' + 0x80}
	for range 200000 {
		n := r.IntN(21)
		s := make([]byte, 0, 32)
		for range n {
			s = append(s, byte('0'+r.IntN(10)))
		}
		if r.IntN(4) > 0 {
			s = append(s, ends[r.IntN(len(ends))])
		}
		for range r.IntN(9) {
			s = append(s, byte(r.IntN(256)))
		}
		lead := r.IntN(3)
		b := append(make([]byte, lead), s...)
		got, next, ok := scanIndex(b, lead)
		// The reference: digits up to the first non-digit.
		k := lead
		for k < len(b) && b[k] >= '0' && b[k] <= '9' {
			k++
		}
		wantOK := k > lead && k-lead <= 18
		if ok != wantOK || (ok && next != k) {
			t.Fatalf("%q: ok %v next %d, want %v %d", b[lead:], ok, next, wantOK, k)
		}
		if ok {
			want, _ := strconv.ParseInt(string(b[lead:k]), 10, 64)
			if got != want {
				t.Fatalf("%q: %d, want %d", b[lead:], got, want)
			}
		}
	}
}
