package autograd

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// ConvertForm is the torch call a conversion stands for: torch names the
// node of one conversion differently by how it was asked for.
type ConvertForm int

const (
	// AsLayoutMethod is to_sparse_coo(), to_sparse_csr(), to_sparse_csc(),
	// to_sparse_bsr(), to_sparse_bsc(): ToSparseCsrBackward0 and so on, and
	// ToSparseBackward1 for COO (torch's to_sparse_coo() is to_sparse()).
	AsLayoutMethod ConvertForm = iota
	// AsToSparseLayout is to_sparse() and to_sparse(layout=, blocksize=,
	// dense_dim=): ToSparseBackward1 whatever the layout.
	AsToSparseLayout
	// AsSparseDim is to_sparse(sparse_dim): ToSparseBackward0 (COO only).
	AsSparseDim
)

// toSparseNames are torch's node names of the to_sparse_* methods.
var toSparseNames = map[tensor.Layout]string{
	tensor.COO: "ToSparseBackward1", tensor.CSR: "ToSparseCsrBackward0", tensor.CSC: "ToSparseCscBackward0",
	tensor.BSR: "ToSparseBsrBackward0", tensor.BSC: "ToSparseBscBackward0",
}

// ToLayout is convert.ToLayout recorded as torch's to_sparse_* method of the
// layout (ToLayoutAs with AsLayoutMethod).
func ToLayout(x *Var, layout tensor.Layout, opt tensor.ConvertOptions) (*Var, error) {
	return ToLayoutAs(x, layout, opt, AsLayoutMethod)
}

// ToLayoutAs is convert.ToLayout recorded (torch's to_sparse*, to_dense), its
// node named as torch names the call form stands for: the gradient of a
// strided input is the output's gradient made dense, that of a sparse input
// the output's gradient at the input's specified elements, in its layout.
func ToLayoutAs(x *Var, layout tensor.Layout, opt tensor.ConvertOptions, form ConvertForm) (*Var, error) {
	if layout == tensor.Strided {
		return ToDense(x)
	}
	if form < AsLayoutMethod || form > AsSparseDim {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "form = %d must be AsLayoutMethod (0), AsToSparseLayout (1) or AsSparseDim (2)", form)
	}
	if form == AsSparseDim && layout != tensor.COO {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "form: to_sparse(sparse_dim) gives COO, not %s", layout)
	}
	out, err := convert.ToLayout(x.t, layout, opt)
	if err != nil {
		return nil, err
	}
	name, ok := toSparseNames[layout]
	if !ok {
		return NoBackward("to_sparse ("+layout.String()+")", out, x), nil
	}
	switch form {
	case AsToSparseLayout:
		name = "ToSparseBackward1"
	case AsSparseDim:
		name = "ToSparseBackward0"
	}
	return record(name, out, []*Var{x}, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		if x.t.Layout() == tensor.Strided {
			if g.Layout() == tensor.Strided {
				return []*tensor.Tensor{g}, nil
			}
			gx, err := convert.ToDense(g)
			return []*tensor.Tensor{gx}, err
		}
		gx, err := maskLike(g, x.t)
		return []*tensor.Tensor{gx}, err
	}), nil
}

// ToDType is convert.ToDType recorded (torch's to(dtype), ToCopyBackward0):
// the gradient is the output's cast back to x's dtype (its real part for a
// real x), at a sparse x's specified elements. A result that is neither
// floating nor complex takes no part in autograd, as torch's.
func ToDType(x *Var, d dtype.DType) (*Var, error) {
	out, err := convert.ToDType(x.t, d)
	if err != nil {
		return nil, err
	}
	if !d.IsFloat() && !d.IsComplex() {
		return Constant(out), nil
	}
	return record("ToCopyBackward0", out, []*Var{x}, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		gx := g
		var err error
		if gx.DType() != x.t.DType() {
			gx, err = convert.ToDType(gx, x.t.DType()) // complex to real keeps the real part
		}
		if err == nil {
			gx, err = likeInput(gx, x.t)
		}
		return []*tensor.Tensor{gx}, err
	}), nil
}
