package semistructured

import (
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
)

// FuzzFromParts feeds arbitrary metadata words and values to FromParts:
// it must refuse or accept without panicking, and an accepted pair must
// expand to a dense matrix that FromDense compresses and expands back to
// the same matrix (a -0 may come back +0: zeros are x == 0, as torch tests).
func FuzzFromParts(f *testing.F) {
	f.Add([]byte{0x44, 0x44, 0xee, 0xee}, []byte{1, 2, 3, 4}, uint8(0))
	f.Add([]byte{0x55, 0x00}, []byte{0}, uint8(1))
	f.Add([]byte{0x4e, 0xe4, 0x44}, []byte{7, 0, 9}, uint8(2))
	f.Fuzz(func(t *testing.T, meta, vals []byte, pick uint8) {
		d := allDTypes[int(pick)%len(allDTypes)]
		l, _ := layoutOf("d", d)
		rows, cols := l.minRows, l.minCols
		v := dtype.NewArray(d, []int64{rows, cols / 2})
		for i := range v.Data {
			if len(vals) > 0 {
				v.Data[i] = vals[i%len(vals)]
			}
		}
		m := dtype.NewArray(l.metaDType, []int64{rows, l.metaCols(cols)})
		for i := range m.Data {
			if len(meta) > 0 {
				m.Data[i] = meta[i%len(meta)]
			}
		}
		before := append([]byte(nil), m.Data...)
		s, err := FromParts(v, m)
		if string(before) != string(m.Data) {
			t.Fatal("FromParts changed its input")
		}
		if err != nil {
			return
		}
		dense := s.ToDense()
		back, err := FromDense(dense)
		if err != nil {
			t.Fatalf("FromDense refused the expansion of an accepted pair: %v", err)
		}
		got, want := floats(back.ToDense()), floats(dense)
		for i := range want {
			if got[i] != want[i] && !(got[i] != got[i] && want[i] != want[i]) {
				t.Fatalf("the dense round trip differs at %d: %v, expected %v", i, got[i], want[i])
			}
		}
	})
}
