package autograd

import "github.com/gosparse/gosparse/core/tensor"

// backwardFn maps the gradient of a node's output to one gradient per
// input (nil where the input needs none).
type backwardFn func(g *tensor.Tensor) ([]*tensor.Tensor, error)

// Node is one recorded operation: its torch name (SparseAddmmBackward0),
// the inputs gradients flow to (nil entries for those that need none), its
// output (read for its pattern and shape, never copied) and its backward
// formula, whose closure holds references to what it needs.
type Node struct {
	name     string
	inputs   []*Var
	out      *tensor.Tensor
	backward backwardFn // nil: the operation has no backward
	freed    bool
	onFree   []func()
}

// Name returns the node's torch name, e.g. "SparseAddmmBackward0".
func (n *Node) Name() string { return n.name }

// OnFree registers f to run once when the graph is freed after a backward
// (the C layer drops what it keeps alive for saved tensors there).
func (n *Node) OnFree(f func()) {
	engine.Lock()
	defer engine.Unlock()
	n.onFree = append(n.onFree, f)
}

// record makes the result of an operation on inputs: a variable with a node
// when an input requires a gradient, else a constant.
func record(name string, out *tensor.Tensor, inputs []*Var, bw backwardFn) *Var {
	need := false
	edges := make([]*Var, len(inputs))
	for i, in := range inputs {
		if in != nil && in.RequiresGrad() {
			edges[i], need = in, true
		}
	}
	if !need {
		return Constant(out)
	}
	return &Var{t: out, fn: &Node{name: name, inputs: edges, out: out, backward: bw}}
}

// NoBackward records the result out of an operation that has no backward
// formula: asking for a gradient through it fails with an error naming op.
// Without an input that requires a gradient it returns a constant.
func NoBackward(op string, out *tensor.Tensor, inputs ...*Var) *Var {
	return record(op, out, inputs, nil)
}

// needs reports whether input i of the node wants a gradient.
func needs(inputs []*Var, i int) bool { return inputs[i] != nil && inputs[i].RequiresGrad() }
