package autograd

import (
	"slices"
	"sync"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// engine serialises graph walks and frees (see doc.go).
var engine sync.Mutex

// Backward computes the gradient of out with respect to every leaf that
// requires one and accumulates it into the leaf's Grad. seed is the
// gradient of out (nil: ones, allowed for single-element outputs only), of
// out's shape and dtype; a strided seed of a sparse output counts at the
// output's specified elements only. The graph is freed afterwards unless
// retain is set: a second backward through a freed graph fails.
func Backward(out *Var, seed *tensor.Tensor, retain bool) error {
	if out == nil {
		return errs.Errorf(errs.ErrInvalidArgument, "backward: output is nil")
	}
	if !out.RequiresGrad() {
		return errs.Errorf(errs.ErrInvalidArgument, "backward: element 0 of tensors does not require grad and does not have a grad_fn")
	}
	seed, err := checkSeed(out.t, seed)
	if err != nil {
		return err
	}
	engine.Lock()
	defer engine.Unlock()
	if out.fn == nil {
		return out.accumulate(seed)
	}
	order, err := topoOrder(out.fn)
	if err != nil {
		return err
	}
	leaves, err := walk(order, out.fn, seed, nil)
	if err != nil {
		return err
	}
	for _, l := range leaves {
		if err := l.v.accumulate(l.g); err != nil {
			return err
		}
	}
	if !retain {
		for _, n := range order {
			free(n)
		}
	}
	return nil
}

// leafGrad is a leaf and its gradient from one walk.
type leafGrad struct {
	v *Var
	g *tensor.Tensor
}

// walk runs the nodes' backward formulas in order and returns the leaves'
// summed gradients, in the order they were first reached. The gradient of
// the output of every node that is a key of outGrads is stored there.
func walk(order []*Node, root *Node, seed *tensor.Tensor, outGrads map[*Node]*tensor.Tensor) ([]leafGrad, error) {
	grads := map[*Node]*tensor.Tensor{root: seed}
	var leaves []leafGrad
	leafAt := map[*Var]int{}
	for _, n := range order {
		g := grads[n]
		if g == nil {
			continue
		}
		delete(grads, n)
		if n.backward == nil {
			return nil, errs.Errorf(errs.ErrNotImplemented, "backward: %s has no backward formula: the derivative of this operation is not implemented", n.name)
		}
		g, err := adaptGrad(n, g)
		if err != nil {
			return nil, err
		}
		if _, ok := outGrads[n]; ok {
			outGrads[n] = g
		}
		gs, err := n.backward(g)
		if err != nil {
			return nil, errs.Errorf(errs.CodeOf(err), "backward of %s: %v", n.name, err)
		}
		for i, in := range n.inputs {
			if in == nil || gs[i] == nil || (in.fn == nil && !in.requires) {
				continue
			}
			if gs[i], err = gradAs(gs[i], in.t); err != nil {
				return nil, err
			}
			if in.fn != nil {
				if grads[in.fn], err = sumInto(grads[in.fn], gs[i]); err != nil {
					return nil, err
				}
				continue
			}
			if k, ok := leafAt[in]; ok {
				if leaves[k].g, err = addGrads(leaves[k].g, gs[i]); err != nil {
					return nil, err
				}
				continue
			}
			leafAt[in] = len(leaves)
			leaves = append(leaves, leafGrad{in, gs[i]})
		}
	}
	return leaves, nil
}

// gradAs is the gradient g of input x in x's dtype, as torch's engine
// (validate_outputs) gives it: a real input reached through an op that
// promoted it to complex (x * 1j, x + complex tensor) takes the real part,
// a float32 input through a float64 op the float32 cast.
func gradAs(g, x *tensor.Tensor) (*tensor.Tensor, error) {
	if g.DType() == x.DType() {
		return g, nil
	}
	return convert.ToDType(g, x.DType())
}

// sumInto adds g to acc (nil: none yet).
func sumInto(acc, g *tensor.Tensor) (*tensor.Tensor, error) {
	if acc == nil {
		return g, nil
	}
	return addGrads(acc, g)
}

// topoOrder lists the nodes reachable from root, each after every node
// that consumes its output; it refuses a graph freed by an earlier backward.
func topoOrder(root *Node) ([]*Node, error) {
	var post []*Node
	seen := map[*Node]bool{}
	type frame struct {
		n *Node
		i int
	}
	stack := []frame{{root, 0}}
	seen[root] = true
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.n.freed {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "backward: trying to backward through the graph a second time (through %s): its saved tensors were freed after the first backward; pass retain_graph to keep them", f.n.name)
		}
		if f.i < len(f.n.inputs) {
			in := f.n.inputs[f.i]
			f.i++
			if in != nil && in.fn != nil && !seen[in.fn] {
				seen[in.fn] = true
				stack = append(stack, frame{in.fn, 0})
			}
			continue
		}
		post = append(post, f.n)
		stack = stack[:len(stack)-1]
	}
	slices.Reverse(post)
	return post, nil
}

// free drops a node's references, so that what only it kept is collected.
func free(n *Node) {
	if n.freed {
		return
	}
	n.freed = true
	n.backward = nil
	n.inputs = nil
	for _, f := range n.onFree {
		f()
	}
	n.onFree = nil
}

// checkSeed returns the gradient that starts a backward from out.
func checkSeed(out, seed *tensor.Tensor) (*tensor.Tensor, error) {
	if seed == nil {
		if n := numel(slices.Clone(out.Dims())); n != 1 {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "backward: grad can be implicitly created only for outputs of one element, this one has shape %v (%d elements): pass a gradient", out.Dims(), n)
		}
		return onesLike(out)
	}
	if !slices.Equal(seed.Dims(), out.Dims()) {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "backward: gradient: expected shape %v (the output's), got %v", out.Dims(), seed.Dims())
	}
	if seed.DType() != out.DType() {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "backward: gradient: expected dtype %s (the output's), got %s", out.DType(), seed.DType())
	}
	return seed, nil
}

// adaptGrad gives a node the gradient in its output's kind: a sparse output's
// gradient at its specified elements (in its layout), a strided output's dense.
func adaptGrad(n *Node, g *tensor.Tensor) (*tensor.Tensor, error) {
	switch {
	case n.out.Layout() != tensor.Strided:
		return maskLike(g, n.out)
	case g.Layout() != tensor.Strided:
		return convert.ToDense(g)
	}
	return g, nil
}

func numel(shape []int64) int64 {
	n := int64(1)
	for _, s := range shape {
		n *= s
	}
	return n
}
