package tensor

import (
	"strings"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
)

// Layout names a format of the level model. Its values equal the C ABI's gs_layout.
type Layout int32

// The named formats.
const (
	Strided Layout = iota
	COO
	CSR
	CSC
	BSR
	BSC
	DCSR
	DCSC
	CSF
)

var layoutNames = []string{"strided", "sparse_coo", "sparse_csr", "sparse_csc", "sparse_bsr", "sparse_bsc", "sparse_dcsr", "sparse_dcsc", "sparse_csf"}

// AllLayouts lists every named format.
var AllLayouts = []Layout{Strided, COO, CSR, CSC, BSR, BSC, DCSR, DCSC, CSF}

// String returns torch's spelling without the module ("sparse_csr", "strided").
func (l Layout) String() string {
	if l.Valid() {
		return layoutNames[l]
	}
	if l == Custom {
		return "custom"
	}
	return "layout(" + Itoa(int64(l)) + ")"
}

// Valid reports whether l is a named format.
func (l Layout) Valid() bool { return l >= Strided && l <= CSF }

// IsCompressed reports the torch compressed layouts (CSR, CSC, BSR, BSC).
func (l Layout) IsCompressed() bool { return l >= CSR && l <= BSC }

// IsBlocked reports BSR and BSC.
func (l Layout) IsBlocked() bool { return l == BSR || l == BSC }

// RowMajor reports whether the compressed dimension is the row (CSR, BSR, DCSR).
func (l Layout) RowMajor() bool { return l == CSR || l == BSR || l == DCSR }

// ParseLayout reads a layout name: "csr", "sparse_csr", "torch.sparse_csr", "coo", "strided", ...
func ParseLayout(s string) (Layout, error) {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "torch."), "gosparse.")
	s = strings.TrimPrefix(s, "sparse_")
	for i, n := range layoutNames {
		if strings.TrimPrefix(n, "sparse_") == s {
			return Layout(i), nil
		}
	}
	return 0, errs.Errorf(errs.ErrInvalidArgument, "layout %q is not one of strided, coo, csr, csc, bsr, bsc, dcsr, dcsc, csf", s)
}

// Level is one storage level of a named layout: its description in the
// format language (format.Level: the expression, i, i / c or i % c, its
// type, dense, compressed or singleton, and properties), the position of
// the dimension its expression reads, its extent, and its storage (Pos
// for compressed levels, Crd for compressed and singleton levels; index
// arrays of the tensor's index width). Format gives the tensor's format
// text from these descriptions (batch levels there, torch's COO
// properties).
type Level struct {
	format.Level
	Dim  int
	Size int64
	Pos  dtype.Array
	Crd  dtype.Array
}

// coord maps a dimension coordinate to this level's coordinate.
func (l *Level) coord(x int64) int64 {
	switch l.Expr.Op {
	case format.OpDiv:
		return x / l.Expr.C
	case format.OpMod:
		return x % l.Expr.C
	}
	return x
}

// contribution maps this level's coordinate back to its share of the dimension coordinate.
func (l *Level) contribution(lc int64) int64 {
	if l.Expr.Op == format.OpDiv {
		return lc * l.Expr.C
	}
	return lc
}
