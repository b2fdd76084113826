package autograd

import (
	"github.com/gosparse/gosparse/core"
)

// toSparseNames are torch's node names of the conversions to each layout.
var toSparseNames = map[core.Layout]string{
	core.COO: "ToSparseBackward0", core.CSR: "ToSparseCsrBackward0", core.CSC: "ToSparseCscBackward0",
	core.BSR: "ToSparseBsrBackward0", core.BSC: "ToSparseBscBackward0",
}

// ToLayout is core.ToLayout recorded (torch's to_sparse*, to_dense): the
// gradient of a strided input is the output's gradient made dense, that of
// a sparse input the output's gradient at the input's specified elements,
// in its layout.
func ToLayout(x *Var, layout core.Layout, opt core.ConvertOptions) (*Var, error) {
	if layout == core.Strided {
		return ToDense(x)
	}
	out, err := core.ToLayout(x.t, layout, opt)
	if err != nil {
		return nil, err
	}
	name, ok := toSparseNames[layout]
	if !ok {
		return NoBackward("to_sparse ("+layout.String()+")", out, x), nil
	}
	return record(name, out, []*Var{x}, func(g *core.Tensor) ([]*core.Tensor, error) {
		if x.t.Layout() == core.Strided {
			if g.Layout() == core.Strided {
				return []*core.Tensor{g}, nil
			}
			gx, err := core.ToDense(g)
			return []*core.Tensor{gx}, err
		}
		gx, err := maskLike(g, x.t)
		return []*core.Tensor{gx}, err
	}), nil
}
