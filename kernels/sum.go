package kernels

// sumLanes is how many running partials SumFloat64 keeps: eight AVX-512
// registers of eight lanes (sixteen AVX2 registers of four), enough
// independent add chains to keep the loop at the speed the cache delivers
// values (eight chains of one add each cover the add latency twice over).
const sumLanes = 64

// sumChunk is the most blocks of sumLanes one assembly call adds
// (128 KiB), so that calls stay short (assembly cannot be preempted); the
// tests size their inputs around it on every architecture.
const sumChunk = 1 << 11

// SumFloat64 is the sum of v in one fixed order, whatever the machine and
// whichever loop runs (AVX-512, AVX2 or Go): sixty-four running partials,
// partial j taking element j of each whole block of sixty-four in turn, the
// elements after the last whole block added to partial 0 in order, and the
// partials combined as a fixed tree (sumTree).
func SumFloat64(v []float64) float64 {
	var s [sumLanes]float64
	n := len(v) &^ (sumLanes - 1)
	sumBlocks(v[:n], &s)
	for _, x := range v[n:] {
		s[0] += x
	}
	return sumTree(&s)
}

// SumSquaresFloat64 is the sum of the squares of v (each square rounded,
// then added) over sixteen partials combined by sumTree16: the 2-norm's
// fold, vectorised, in one fixed order on every path.
func SumSquaresFloat64(v []float64) float64 {
	var s [16]float64
	n := len(v) &^ 15
	sumSquareBlocks(v[:n], &s)
	for _, x := range v[n:] {
		s[0] += x * x
	}
	return sumTree16(&s)
}

// sumTree16 combines SumSquaresFloat64's sixteen partials: lane j of the
// four groups first, then the four lanes pairwise.
func sumTree16(s *[16]float64) float64 {
	var t [4]float64
	for j := range t {
		t[j] = (s[j] + s[j+4]) + (s[j+8] + s[j+12])
	}
	return (t[0] + t[1]) + (t[2] + t[3])
}

// sumTree combines SumFloat64's partials: lane j of the eight groups of
// eight first (pairwise), then the eight lanes pairwise.
func sumTree(s *[sumLanes]float64) float64 {
	var t [8]float64
	for j := range t {
		t[j] = ((s[j] + s[j+8]) + (s[j+16] + s[j+24])) + ((s[j+32] + s[j+40]) + (s[j+48] + s[j+56]))
	}
	return ((t[0] + t[1]) + (t[2] + t[3])) + ((t[4] + t[5]) + (t[6] + t[7]))
}

// sumBlocksGo adds element j of each block of sumLanes of v (len(v) a
// multiple of sumLanes) to s[j], block after block: the assembly's order.
// The partials are independent, so it runs them sixteen at a time in
// locals (a loop over s would store each add), each group over every block
// of a piece of goSumPiece blocks while the piece stays in the L1 cache.
func sumBlocksGo(v []float64, s *[sumLanes]float64) {
	for len(v) > 0 {
		c := v[:min(len(v), sumLanes*goSumPiece)]
		for g := 0; g < sumLanes; g += 16 {
			p := (*[16]float64)(s[g:])
			s0, s1, s2, s3, s4, s5, s6, s7 := p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]
			s8, s9, s10, s11, s12, s13, s14, s15 := p[8], p[9], p[10], p[11], p[12], p[13], p[14], p[15]
			for at := g; at+16 <= len(c); at += sumLanes {
				b := (*[16]float64)(c[at:])
				s0, s1, s2, s3 = s0+b[0], s1+b[1], s2+b[2], s3+b[3]
				s4, s5, s6, s7 = s4+b[4], s5+b[5], s6+b[6], s7+b[7]
				s8, s9, s10, s11 = s8+b[8], s9+b[9], s10+b[10], s11+b[11]
				s12, s13, s14, s15 = s12+b[12], s13+b[13], s14+b[14], s15+b[15]
			}
			*p = [16]float64{s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15}
		}
		v = v[len(c):]
	}
}

// sumSquareBlocksGo adds the square of element j of each block of sixteen
// of v to s[j], block after block (sumsq16F64's order).
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

// goSumPiece is how many blocks sumBlocksGo's groups walk in turn (4 KiB:
// shorter pieces measured faster, the first group's strided pass waiting
// less on lines the prefetcher had not fetched).
const goSumPiece = 8
