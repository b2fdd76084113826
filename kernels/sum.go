package kernels

// sumChunk is the most blocks of sixteen one assembly call adds (128 KiB),
// so that calls stay short (assembly cannot be preempted); the tests size
// their inputs around it on every architecture.
const sumChunk = 1 << 13

// SumFloat64 is the sum of v in one fixed order, whatever the machine:
// sixteen running partial sums, partial j taking element j of each whole
// block of sixteen in turn (an AVX2 loop holds them in four registers of
// four lanes and reads a block with four adds), the elements after the
// last whole block added to partial 0 in order, and the partials combined
// as a fixed tree (sumTree). Sixteen independent chains keep the adds off
// the latency path: the loop runs at the speed the cache delivers values.
func SumFloat64(v []float64) float64 {
	var s [16]float64
	n := len(v) &^ 15
	sumBlocks(v[:n], &s)
	for _, x := range v[n:] {
		s[0] += x
	}
	return sumTree(&s)
}

// SumSquaresFloat64 is the sum of the squares of v (each square rounded,
// then added) in SumFloat64's order: the 2-norm's fold, as fast.
func SumSquaresFloat64(v []float64) float64 {
	var s [16]float64
	n := len(v) &^ 15
	sumSquareBlocks(v[:n], &s)
	for _, x := range v[n:] {
		s[0] += x * x
	}
	return sumTree(&s)
}

// sumTree combines SumFloat64's partials: lane j of the four groups first,
// then the four lanes pairwise.
func sumTree(s *[16]float64) float64 {
	var t [4]float64
	for j := range t {
		t[j] = (s[j] + s[j+4]) + (s[j+8] + s[j+12])
	}
	return (t[0] + t[1]) + (t[2] + t[3])
}

// sumBlocksGo adds element j of each block of sixteen of v (len(v) a
// multiple of 16) to s[j], block after block: the assembly's order, with
// the partials in locals (a loop over s would store each add).
func sumBlocksGo(v []float64, s *[16]float64) {
	s0, s1, s2, s3, s4, s5, s6, s7 := s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]
	s8, s9, s10, s11, s12, s13, s14, s15 := s[8], s[9], s[10], s[11], s[12], s[13], s[14], s[15]
	for ; len(v) >= 16; v = v[16:] {
		b := (*[16]float64)(v)
		s0, s1, s2, s3 = s0+b[0], s1+b[1], s2+b[2], s3+b[3]
		s4, s5, s6, s7 = s4+b[4], s5+b[5], s6+b[6], s7+b[7]
		s8, s9, s10, s11 = s8+b[8], s9+b[9], s10+b[10], s11+b[11]
		s12, s13, s14, s15 = s12+b[12], s13+b[13], s14+b[14], s15+b[15]
	}
	*s = [16]float64{s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15}
}

// sumSquareBlocksGo is sumBlocksGo over the squares of v.
func sumSquareBlocksGo(v []float64, s *[16]float64) {
	s0, s1, s2, s3, s4, s5, s6, s7 := s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]
	s8, s9, s10, s11, s12, s13, s14, s15 := s[8], s[9], s[10], s[11], s[12], s[13], s[14], s[15]
	for ; len(v) >= 16; v = v[16:] {
		b := (*[16]float64)(v)
		s0, s1, s2, s3 = s0+b[0]*b[0], s1+b[1]*b[1], s2+b[2]*b[2], s3+b[3]*b[3]
		s4, s5, s6, s7 = s4+b[4]*b[4], s5+b[5]*b[5], s6+b[6]*b[6], s7+b[7]*b[7]
		s8, s9, s10, s11 = s8+b[8]*b[8], s9+b[9]*b[9], s10+b[10]*b[10], s11+b[11]*b[11]
		s12, s13, s14, s15 = s12+b[12]*b[12], s13+b[13]*b[13], s14+b[14]*b[14], s15+b[15]*b[15]
	}
	*s = [16]float64{s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15}
}
