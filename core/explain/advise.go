package explain

import (
	"fmt"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// The advice rules. Each reads the operand's structure (never converts it)
// and states its rule and where it was measured.

// diaBreakEven is the fraction of DIA's stored slots that must hold entries
// for DIA's SpMV/SpMM to beat CSR's: DIA reads 8 bytes a slot (a float64
// value and the x it multiplies, streamed), CSR 12 a nonzero (value and
// int32 column) plus its row pointer and a gathered x, so DIA wins while
// slots <= 1.5 x nonzeros. Measured (docs/DESIGN.md, "DIA": the make bench
// spmv_dia row, 2-D Laplacian on a 2000^2 grid, 5 diagonals, 99.9% full):
// DIA-I SpMV 1.40-1.76x CSR paired.
const diaBreakEven = 2.0 / 3

const (
	ruleDIA = "DIA when the diagonals are full enough: entries >= 2/3 of DIA's stored slots (DIA moves 8 bytes a slot, CSR 12 a nonzero); " +
		"measured: 2-D Laplacian 2000^2, DIA-I SpMV 1.40-1.76x CSR paired (docs/DESIGN.md, make bench row spmv_dia)"
	ruleCSR = "CSR otherwise: its SpMV/SpMM are the hand-written kernels with AVX2 rows; COO, CSC and the formats without a kernel " +
		"take a conversion, a copy or the level walk"
	ruleValues = "the format with the fewest stored value slots: an element-wise op or a reduction is one pass over the values array " +
		"(a byte count, not a separate measurement); a format with padding (DIA's out-of-band slots) reads it too"
	ruleTranspose = "a custom format, CSR or CSC: their transpose is a relabel of the same arrays (0 bytes); COO and the blocked layouts move every entry"
	ruleDense     = "any: to_dense writes the dense result whatever the format; the walk of a custom format's levels keeps no COO form"
)

// advise is the advice for an operation of kind k on ts: about the first
// sparse operand.
func advise(k opKind, ts []*tensor.Tensor) Advice {
	var t *tensor.Tensor
	for _, x := range ts {
		if x.Layout() != tensor.Strided {
			t = x
			break
		}
	}
	if t == nil {
		return Advice{Format: "strided", Rule: "no sparse operand: the dense loops", Why: "every operand is strided"}
	}
	cur := name(t)
	switch k {
	case kindTranspose:
		best := cur
		if t.Layout() != tensor.Custom && t.Layout() != tensor.CSR && t.Layout() != tensor.CSC {
			best = "sparse_csr"
		}
		return Advice{Format: best, Rule: ruleTranspose, Why: "the operand is " + cur}
	case kindDense:
		return Advice{Format: cur, Rule: ruleDense, Why: "the operand is " + cur}
	}
	d, ok := diagonals(t)
	if k == kindValues {
		if ok && d.slots > d.entries && t.Layout() == tensor.Custom {
			return Advice{Format: "sparse_csr", Rule: ruleValues,
				Why: fmt.Sprintf("%s stores %d slots for %d entries; CSR stores %d", cur, d.slots, d.entries, d.entries)}
		}
		return Advice{Format: cur, Rule: ruleValues, Why: "the operand's values array holds its entries only"}
	}
	if !ok {
		return Advice{Format: "sparse_csr", Rule: ruleCSR, Why: "the diagonals of a " + cur + " tensor are not counted without a conversion"}
	}
	why := fmt.Sprintf("%d entries on %d diagonals of %d slots (%.0f%% full)", d.entries, d.offsets, d.slots, 100*d.fullness())
	kernelDType := t.DType() == dtype.Float64 || t.DType() == dtype.Float32
	if len(t.Dims()) == 2 && kernelDType && isZeroFill(t) && d.fullness() >= diaBreakEven {
		return Advice{Format: "DIA-I " + tensor.DiaIFormat.String(), Rule: ruleDIA, Why: why}
	}
	if !kernelDType {
		why += "; the DIA kernel takes float32 and float64 only"
	}
	return Advice{Format: "sparse_csr", Rule: ruleDIA + "; " + ruleCSR, Why: why}
}

// diag is the diagonal structure of a 2-D matrix.
type diag struct {
	offsets        int
	slots, entries int64 // DIA's slots for those diagonals, the entries on them
}

func (d diag) fullness() float64 {
	if d.slots == 0 {
		return 0
	}
	return float64(d.entries) / float64(d.slots)
}

// diagonals counts the diagonals of a 2-D CSR, CSC or COO matrix from its
// index arrays, or of a DIA-I / DIA-J tensor from its offsets.
func diagonals(t *tensor.Tensor) (diag, bool) {
	if len(t.Dims()) != 2 || t.BatchDim() != 0 || t.DenseDim() != 0 {
		return diag{}, false
	}
	m, n := t.Dims()[0], t.Dims()[1]
	seen := map[int64]bool{}
	var entries int64
	add := func(i, j int64) {
		seen[j-i] = true
		entries++
	}
	if t.Layout() == tensor.Custom {
		u, err := t.USTStorage()
		if err != nil {
			return diag{}, false
		}
		g := tensor.PositionalNames(u.Format)
		if !g.Equal(tensor.DiaIFormat) && !g.Equal(tensor.DiaJFormat) {
			return diag{}, false
		}
		pos, crd := tensor.IndexInts(u.Pos[0]), tensor.IndexInts(u.Crd[0])
		if len(pos) != 2 {
			return diag{}, false
		}
		d := diag{offsets: int(pos[1] - pos[0])}
		for _, o := range crd[pos[0]:pos[1]] {
			d.slots += u.LevelSizes[1]
			d.entries += diagLen(m, n, o) // the slots inside the matrix
		}
		return d, true
	}
	switch t.Layout() {
	case tensor.CSR, tensor.CSC:
		l := t.Levels()[t.CompressedLevel()]
		ptr, idx := tensor.IndexInts(l.Pos), tensor.IndexInts(l.Crd)
		for r := 0; r+1 < len(ptr); r++ {
			for q := ptr[r]; q < ptr[r+1]; q++ {
				if t.Layout() == tensor.CSR {
					add(int64(r), idx[q])
				} else {
					add(idx[q], int64(r))
				}
			}
		}
	case tensor.COO:
		lv := t.Levels()
		rows, cols := tensor.IndexInts(lv[0].Crd), tensor.IndexInts(lv[1].Crd)
		for e := range rows {
			add(rows[e], cols[e])
		}
	default:
		return diag{}, false
	}
	d := diag{offsets: len(seen), entries: entries}
	for o := range seen {
		d.slots += diagLen(m, n, o)
	}
	return d, true
}

// diagLen is the length of diagonal j - i = o of an m x n matrix.
func diagLen(m, n, o int64) int64 {
	lo, hi := max(0, -o), min(m, n-o)
	return max(0, hi-lo)
}

// isZeroFill reports a fill whose bytes are all zero.
func isZeroFill(t *tensor.Tensor) bool {
	for _, b := range t.FillElem() {
		if b != 0 {
			return false
		}
	}
	return true
}
