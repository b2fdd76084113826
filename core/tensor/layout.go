package tensor

import (
	"strings"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
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

// LevelKind is a storage level's type.
type LevelKind int32

// Level types of the model.
const (
	LevelDense LevelKind = iota
	LevelCompressed
	LevelSingleton
)

// ExprOp is the operator of a level expression over one dimension.
type ExprOp int32

// Level expressions: i, i / c, i % c.
const (
	ExprID ExprOp = iota
	ExprDiv
	ExprMod
)

// Level is one storage level: its expression over a dimension, its type and
// properties, its extent, and its storage (Pos for compressed levels, Crd for
// compressed and singleton levels; index arrays of the tensor's index width).
type Level struct {
	Kind    LevelKind
	Dim     int
	Op      ExprOp
	C       int64
	Size    int64
	Unique  bool
	Ordered bool
	Pos     dtype.Array
	Crd     dtype.Array
}

// coord maps a dimension coordinate to this level's coordinate.
func (l *Level) coord(x int64) int64 {
	switch l.Op {
	case ExprDiv:
		return x / l.C
	case ExprMod:
		return x % l.C
	}
	return x
}

// contribution maps this level's coordinate back to its share of the dimension coordinate.
func (l *Level) contribution(lc int64) int64 {
	if l.Op == ExprDiv {
		return lc * l.C
	}
	return lc
}
