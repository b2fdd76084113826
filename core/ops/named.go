package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
)

// The operators' entry to a custom-format operand they have no path of
// their own for: each family tries its paths on the format's storage
// first, then reads, for the rest of the call, the COO tensor of the
// operand's elements: tensor.SortedNamed's (Named's tensor, made by a
// counting sort by row rather than Named's walk and comparison sort, for a
// unique format). That tensor lives for the call only: the operand goes on
// holding its storage and nothing more.

// namedAll is tensor.SortedNamed of each of ts (the same slice when none is
// a custom-format tensor).
func namedAll(ts []*tensor.Tensor) ([]*tensor.Tensor, error) {
	var out []*tensor.Tensor
	for i, t := range ts {
		if t == nil || t.Layout() != tensor.Custom {
			continue
		}
		if out == nil {
			out = append([]*tensor.Tensor(nil), ts...)
		}
		n, err := tensor.SortedNamed(t)
		if err != nil {
			return nil, err
		}
		out[i] = n
	}
	if out == nil {
		return ts, nil
	}
	return out, nil
}

// namedOperand is o with its tensor, if any, made named (namedAll).
func namedOperand(o Operand) (Operand, error) {
	if o.Tensor == nil || o.Tensor.Layout() != tensor.Custom {
		return o, nil
	}
	n, err := tensor.SortedNamed(o.Tensor)
	if err != nil {
		return Operand{}, err
	}
	o.Tensor = n
	return o, nil
}

// namedBinary is binaryTensors on the operands made named, or on
// compressed forms for a custom matrix beside a CSR or CSC one
// (binaryCompressed) or two matrices of different custom formats
// (binaryFormats), or on a custom tensor's storage beside a strided one
// that broadcasts to it with a sparse result (customBroadcastSparse), or
// on the operands as they are for a custom tensor
// beside a strided one whose result is strided (customBesideStrided).
func namedBinary(name string, def *binaryDef, bf binFuncs, a, b *tensor.Tensor, dom domain, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, error) {
	if r, ok, err := binaryFormats(name, def, bf, a, b, dom, out, args); ok || err != nil {
		return r, err
	}
	if r, ok, err := binaryCompressed(name, def, bf, a, b, dom, out, args); ok || err != nil {
		return r, err
	}
	if r, ok, err := customBroadcastSparse(name, def, bf, a, b, dom, out, args); ok || err != nil {
		return r, err
	}
	if customBesideStrided(name, def, a, b, args) { // the strided result reads the custom operand's dense form (its levels)
		return binaryTensors(name, def, bf, a, b, dom, out, args)
	}
	ts, err := namedAll([]*tensor.Tensor{a, b})
	if err != nil {
		return nil, err
	}
	return binaryTensors(name, def, bf, ts[0], ts[1], dom, out, args)
}

// customBesideStrided reports whether a and b are a custom-format tensor
// and a strided one (either order, broadcasting or not) whose result is
// strided, no layout asked for: binaryTensors then computes over both
// operands' dense forms (binaryDense, broadcastDense), and
// convert.ToDense reads the custom one off its levels, no COO form made.
func customBesideStrided(op string, def *binaryDef, a, b *tensor.Tensor, args *BinaryArgs) bool {
	la, lb := a.Layout(), b.Layout()
	if args.Out.Layout != nil || !(la == tensor.Custom && lb == tensor.Strided || la == tensor.Strided && lb == tensor.Custom) {
		return false
	}
	if slices.Equal(a.Dims(), b.Dims()) {
		return defaultBinaryLayout(def, a, b) == tensor.Strided
	}
	shape, err := engine.BroadcastShape(a.Dims(), b.Dims())
	return err == nil && broadcastLayout(op, def, a, b, shape) == tensor.Strided
}

// customBroadcastSparse is binaryBroadcast of a custom-format tensor beside
// a strided one that broadcasts to its shape (either order) whose result is
// sparse, no layout asked (A * row, A / row): customTimesBroadcast on the
// custom operand's storage. ok is false where it does not apply or
// declines: the caller then reads the operands named.
func customBroadcastSparse(op string, def *binaryDef, bf binFuncs, a, b *tensor.Tensor, dom domain, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, bool, error) {
	s, d, denseFirst, ok := customSparseBroadcast(op, def, a, b, args)
	if !ok {
		return nil, false, nil
	}
	return customTimesBroadcast(op, bf, s, d, denseFirst, dom, out)
}

// customSparseBroadcast reports whether customBroadcastSparse applies to
// a and b, with the custom operand s, the strided one d and whether d
// comes first.
func customSparseBroadcast(op string, def *binaryDef, a, b *tensor.Tensor, args *BinaryArgs) (s, d *tensor.Tensor, denseFirst, ok bool) {
	if args.Out.Layout != nil || slices.Equal(a.Dims(), b.Dims()) {
		return nil, nil, false, false
	}
	s, d = a, b
	if b.Layout() == tensor.Custom {
		s, d, denseFirst = b, a, true
	}
	if s.Layout() != tensor.Custom || d.Layout() != tensor.Strided || dtype.NumelOf(d.Dims()) == 0 {
		return nil, nil, false, false
	}
	shape, err := engine.BroadcastShape(a.Dims(), b.Dims())
	if err != nil || !slices.Equal(shape, s.Dims()) || broadcastLayout(op, def, a, b, shape) != tensor.Custom {
		return nil, nil, false, false
	}
	return s, d, denseFirst, true
}
