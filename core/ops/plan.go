package ops

import (
	"slices"
	"strings"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/plan"
	"github.com/gosparse/gosparse/core/tensor"
)

// The plans of the element-wise ops, the reductions and transpose
// (gs_explain): each asks the predicates its operator's dispatch asks
// (mapCustomApplies, zipCustomApplies, compressedTarget, reduceCustomApplies,
// reduceNativeApplies, relabelsCompressed), in the dispatch's order, and
// counts the bytes of the result and of each conversion. Nothing runs: a
// custom-format tensor's COO form is counted, not built.

// PlanUnary is how UnaryByName(name, t, args) runs.
func PlanUnary(name string, t *tensor.Tensor, args UnaryArgs) (plan.Plan, error) {
	if t == nil {
		return plan.Plan{}, errs.Errorf(errs.ErrInvalidArgument, "%s: input tensor is nil", name)
	}
	if name == "pow" {
		if args.Exponent == nil {
			return plan.Plan{}, errs.Errorf(errs.ErrInvalidArgument, "pow: exponent is required")
		}
		return PlanBinary("pow", TensorOperand(t), NumberOperand(*args.Exponent), BinaryArgs{Out: args.Out})
	}
	def, ok := unaryOps[name]
	if !ok {
		return plan.Plan{}, errs.Errorf(errs.ErrInvalidArgument, "unary op %q is unknown; known ops: %s", name, strings.Join(UnaryOps(), ", "))
	}
	if err := checkUnaryParams(name, def.params, &args); err != nil {
		return plan.Plan{}, err
	}
	out, err := def.dtype(name, t.DType(), &args)
	if err != nil {
		return plan.Plan{}, err
	}
	if t.UndefinedFill() {
		return undefinedPlan(t, out), nil
	}
	ef, err := def.funcs(&args, out)
	if err != nil {
		return plan.Plan{}, err
	}
	dom := max(domainOf(t.DType()), domainOf(out))
	perDup := def.linear && (def.scale == 0 || perDuplicateSafe(t, out, dom, def.scale))
	return mapPlan(t, out, dom, ef, perDup, args.Out), nil
}

// mapPlan is the plan of a map of t's values to dtype out: mapCustom where
// it applies, else mapTensor (and the re-encoding of a custom tensor's
// result in its format, elementwiseFormat).
func mapPlan(t *tensor.Tensor, out dtype.DType, dom domain, ef elemFuncs, perDup bool, o Output) plan.Plan {
	os := int64(out.Size())
	if mapCustomApplies(t, dom, ef, o) {
		p := plan.New(plan.Native, entries(t)*os)
		p.Kernel = "engine.Map over the values array (tensor.CustomMapped: the result shares the level arrays; no COO form built)"
		return p
	}
	if t.Layout() == tensor.Strided {
		p := plan.New(plan.Dense, dtype.NumelOf(t.Dims())*os)
		p.Kernel = "engine.Map over the strided data"
		return p
	}
	p := plan.New(plan.Native, 0)
	p.Kernel = "engine.Map over the values array (the structure shared)"
	src := t
	if t.Layout() == tensor.Custom {
		cooForm(&p, "input", t)
		src = nil
	}
	n := entries(t)
	if src != nil && src.Layout() == tensor.COO && !src.IsCoalesced() && !(perDup && linearSafe(t.DType(), out)) {
		p.Convert("input", "uncoalesced COO", "coalesced COO", n*(int64(len(t.Dims()))*8+int64(t.DType().Size())))
	}
	p.OutputBytes = n * os
	p.Bytes += p.OutputBytes
	if f, ok := elementwiseFormat(o, t); ok {
		p.Convert("result", "COO", f.String()+" (the element-wise format rule)", n*os)
	}
	return p
}

// PlanBinary is how BinaryByName(name, a, b, args) runs.
func PlanBinary(name string, a, b Operand, args BinaryArgs) (plan.Plan, error) {
	def, ok := binaryOps[name]
	if !ok {
		return plan.Plan{}, errs.Errorf(errs.ErrInvalidArgument, "binary op %q is unknown; known ops: %s", name, strings.Join(BinaryOps(), ", "))
	}
	if err := checkBinaryArgs(name, def, a, b, &args); err != nil {
		return plan.Plan{}, err
	}
	common := resultType(a, b)
	a, b, err := zeroDimAsNumber(a, b)
	if err != nil {
		return plan.Plan{}, err
	}
	compute, out, err := def.dtype(name, a.dtype(), b.dtype(), common, args)
	if err != nil {
		return plan.Plan{}, err
	}
	if undefinedOperand(a) || undefinedOperand(b) {
		t := a.Tensor
		if t == nil || !t.UndefinedFill() {
			t = b.Tensor
		}
		return undefinedPlan(t, out), nil
	}
	dom := domainOf(compute)
	bf := def.funcs(args, compute)
	if (dom == domReal && bf.real == nil) || (dom == domComplex && bf.cplx == nil) || (dom == domInt && bf.integ == nil) {
		return plan.Plan{}, errs.Errorf(errs.ErrDType, "%s: not supported for %s operands", name, compute)
	}
	if a.Tensor == nil || b.Tensor == nil {
		t, n, numberFirst, zeroD := a.Tensor, b.Number, false, b.zeroD
		if t == nil {
			t, n, numberFirst, zeroD = b.Tensor, a.Number, true, a.zeroD
		}
		pos := 0
		if numberFirst {
			pos = 1
		}
		s := scalarVec(dom, n.Value)
		perDup := def.linear[pos] && args.RoundingMode == "" && perDuplicateSafe(t, out, dom, numberScale(name, s))
		return mapPlan(t, out, dom, bindNumber(bf, s, numberFirst, zeroD), perDup, args.Out), nil
	}
	if ok, err := zipCustomApplies(name, a.Tensor, b.Tensor, out, &args); err != nil {
		return plan.Plan{}, err
	} else if ok {
		p := plan.New(plan.Native, entries(a.Tensor)*int64(out.Size()))
		p.Kernel = "engine.MergeValues: a zip of the two values arrays (one structure; tensor.CustomZipped shares the levels; no COO form built)"
		return p, nil
	}
	if zipCustomFuncsApplies(bf, a.Tensor, b.Tensor, dom, &args) {
		n := entries(a.Tensor)
		p := plan.New(plan.Native, n*int64(out.Size()))
		p.Bytes += 2 * n * domainBytes(dom) // the two values arrays in the compute domain
		p.Kernel = "the op's element function over the two values arrays slot by slot (one storage: zipCustomFuncs; tensor.CustomZipped shares the levels; no COO form built)"
		return p, nil
	}
	if i, ok := otherNamed(a.Tensor, b.Tensor, &args); ok {
		ops := [2]*tensor.Tensor{a.Tensor, b.Tensor}
		p := compressedMergePlan(def, ops[0], ops[1], tensor.CSR, out)
		p.Convert([]string{"input", "other"}[i], ops[i].Layout().String(), "sparse_csr (ToLayout's hand-written route)", entries(ops[i])*(int64(out.Size())+8)+(ops[i].Dims()[0]+1)*8)
		p.Kernel = "the " + ops[i].Layout().String() + " operand converted to CSR, then " + p.Kernel
		return p, nil
	}
	if twoFormats(a.Tensor, b.Tensor, &args) {
		return formatsPlan(name, def, a.Tensor, b.Tensor, out, &args), nil
	}
	if target, ok := compressedTarget(a.Tensor, b.Tensor, &args); ok {
		return compressedMergePlan(def, a.Tensor, b.Tensor, target, out), nil
	}
	return mergePlan(name, def, a.Tensor, b.Tensor, out, args), nil
}

// compressedMergePlan is the plan of binaryCompressed: add, sub and mul
// first try zipOnto (whether the custom operand's non-fill slots lie in
// the named pattern is known only in the call); otherwise, as counted here,
// the custom operand converted to target and the compressed merge, the
// result in target, the named operand's layout.
func compressedMergePlan(def *binaryDef, a, b *tensor.Tensor, target tensor.Layout, out dtype.DType) plan.Plan {
	os := int64(out.Size())
	var p plan.Plan
	for i, t := range []*tensor.Tensor{a, b} {
		if t.Layout() == tensor.Custom {
			p.Convert([]string{"input", "other"}[i], t.Format().String(), target.String()+" (convert.ToFormat's direct route where the format has one)",
				entries(t)*(os+8)+(t.Dims()[0]+1)*8)
		}
	}
	p.Kernel = "the compressed merge of the two patterns (mergeNative on " + target.String() + " forms; no COO form built), the result " + target.String() +
		"; add, sub and mul first try zipOnto: where every slot of the custom operand that is not its fill lies in the named operand's pattern, its values gathered over that pattern and zipped (engine.MergeValues; float64 over DIA-like or row-walked formats computed in the gather, one pass: fusedOnto), the result sharing the named operand's pos and crd, no conversion"
	n := entries(a) + entries(b)
	p.OutputBytes = n * (os + int64(len(a.Dims()))*8) // at most the union of the patterns, COO-sized
	p.Bytes += p.OutputBytes
	return p
}

// formatsPlan is the plan of binaryFormats: the diagonal zip, or one
// operand converted to CSR and compressedMergePlan's route beside the other.
func formatsPlan(name string, def *binaryDef, a, b *tensor.Tensor, out dtype.DType, args *BinaryArgs) plan.Plan {
	if _, _, ok := diagonalZipApplies(name, a, b, out, args); ok {
		p := plan.New(plan.Native, 2*entries(a)*int64(out.Size()))
		p.OutputBytes = entries(a) * int64(out.Size())
		p.Kernel = "diagonalZip: the other operand's diagonals moved into the first's layout (a shifted copy of each) and zipped (engine.MergeValues; float64 computed as they move, one pass: fusedDiagonals); the result shares the first operand's levels, no COO form built"
		return p
	}
	ops := [2]*tensor.Tensor{a, b}
	i := convertedOperand(a, b)
	p := compressedMergePlan(def, ops[0], ops[1], tensor.CSR, out)
	p.Bytes -= p.Converts[1-i].Bytes // the other custom operand is read where it is
	p.Converts = p.Converts[i : i+1]
	p.Kernel = "one operand converted to CSR (convert.ToFormat's direct route), then " + p.Kernel
	return p
}

// mergePlan is the plan of binaryTensors: two tensors of other structures.
func mergePlan(name string, def *binaryDef, a, b *tensor.Tensor, out dtype.DType, args BinaryArgs) plan.Plan {
	os := int64(out.Size())
	if s, _, _, ok := customSparseBroadcast(name, def, a, b, &args); ok {
		p := plan.New(plan.Native, entries(s)*os)
		p.Bytes += entries(s) * 8 // its values widened
		p.Kernel = "customTimesBroadcast: each element of the " + s.Format().String() + " operand walked, meeting the strided one at its coordinates, in place over its widened values (its format and structure kept; the COO route where its fill has no one image)"
		return p
	}
	if !slices.Equal(a.Dims(), b.Dims()) {
		p := plan.New(plan.General, dtype.NumelOf(broadcastShape(a.Dims(), b.Dims()))*os)
		p.Kernel = "binaryBroadcast (a sparse operand against a strided one), the result's size an upper bound"
		return p
	}
	layout := defaultBinaryLayout(def, a, b)
	if args.Out.Layout != nil {
		layout = *args.Out.Layout
	}
	var p plan.Plan
	dense := customBesideStrided(name, def, a, b, &args)
	for i, t := range []*tensor.Tensor{a, b} {
		switch {
		case t.Layout() != tensor.Custom:
		case dense:
			p.Convert([]string{"input", "other"}[i], t.Format().String(), "strided (convert.ToDense reads its levels; no COO form built)",
				dtype.NumelOf(t.Dims())*int64(t.DType().Size()))
		default:
			cooForm(&p, []string{"input", "other"}[i], t)
		}
	}
	if layout == tensor.Strided {
		p.Path = plan.Dense
		p.Kernel = "the dense element-wise loop (binaryStrided / binaryDense; a sparse operand densified)"
		p.OutputBytes = dtype.NumelOf(a.Dims()) * os
		p.Bytes += p.OutputBytes
		return p
	}
	if p.Path == "" {
		p.Path = plan.Native
	}
	p.Kernel = "the merge of the two patterns (mergeSame, the COO merge or mergeNative), result layout " + layout.String()
	n := entries(a) + entries(b)
	p.OutputBytes = n * (os + int64(len(a.Dims()))*8) // at most the union of the patterns, COO-sized
	p.Bytes += p.OutputBytes
	if f, ok := elementwiseFormat(args.Out, a, b); ok {
		p.Convert("result", layout.String(), f.String()+" (the element-wise format rule)", n*os)
	}
	return p
}

// broadcastShape is the broadcast of two shapes (checked by the operator).
func broadcastShape(a, b []int64) []int64 {
	n := max(len(a), len(b))
	out := make([]int64, n)
	for i := range out {
		x, y := int64(1), int64(1)
		if j := i - (n - len(a)); j >= 0 {
			x = a[j]
		}
		if j := i - (n - len(b)); j >= 0 {
			y = b[j]
		}
		out[i] = max(x, y)
	}
	return out
}

// PlanReduce is how Reduce(t, dims, op) runs.
func PlanReduce(t *tensor.Tensor, dims []int, op string) (plan.Plan, error) {
	if t == nil {
		return plan.Plan{}, errs.Errorf(errs.ErrInvalidArgument, "%s: input tensor is nil", op)
	}
	rd, ok := reducerFor(op, t.DType())
	if !ok {
		return plan.Plan{}, errs.Errorf(errs.ErrInvalidArgument, "reduce: unknown reduction %q (expected one of %v)", op, ReductionNames())
	}
	red, err := sumDims(op, dims, len(t.Dims()))
	if err != nil {
		return plan.Plan{}, err
	}
	out, err := rd.dtype(t.DType())
	if err != nil {
		return plan.Plan{}, err
	}
	os := int64(out.Size())
	kept := int64(1)
	nkept := 0
	for d, r := range red {
		if !r {
			kept *= t.Dims()[d]
			nkept++
		}
	}
	res := kept * os
	if nkept > 0 {
		res = kept * (os + int64(nkept)*8) // a COO of the kept dims, at most every group
	}
	switch {
	case t.UndefinedFill():
		return undefinedPlan(t, out), nil
	case t.Layout() == tensor.Strided:
		p := plan.New(plan.Dense, res)
		p.Kernel = "the engine's strided reductions"
		return p, nil
	}
	if _, ok := tensor.RaggedOf(t); ok {
		p := plan.New(plan.Native, res)
		p.Kernel = "the ragged batch reduction (reduceRagged) where it serves these dims, else as a named layout"
		return p, nil
	}
	if reduceCustomApplies(t, red, op) {
		p := plan.New(plan.Native, res)
		p.Kernel = "engine.ReduceAll over the values array (ReduceAllRuns past a range level's padding)"
		if nkept >= 1 {
			p.Kernel = "engine.ReduceKeyRuns (ReduceScatter fed a chunk of keys at a time) over a walk of the levels' fibers, keyed by the kept coordinates (a sort of the keys where the groups far outnumber the values)"
			if _, groups, _ := keptGroups(t.Dims(), red); scatterFits(groups, entries(t)) {
				p.Bytes += groups * 16 // the accumulator: a value and a count a group
			} else {
				p.Bytes += entries(t) * 32 // the sort's keys, sorted keys, permutation, moved values
			}
		}
		return p, nil
	}
	var p plan.Plan
	if t.Layout() == tensor.Custom {
		cooForm(&p, "input", t)
	}
	if reduceNativeApplies(t, op) {
		if p.Path == "" {
			p.Path = plan.Native
		}
		l := t.Layout()
		switch {
		case nkept == 0:
			p.Kernel = "engine.ReduceAll over the values array"
		case len(red) == 2 && t.BatchDim() == 0 && t.DenseDim() == 0 && (l == tensor.CSR || l == tensor.CSC || l == tensor.COO):
			p.Kernel = "engine.ReduceScatter / a segment fold over the " + l.String() + " levels"
		default:
			p.Kernel = "the grouped reduction over the kept coordinates (reduceCOOGroups, reduceLevelGroups)"
		}
	} else {
		p.Convert("input", formatOf(t), "coalesced COO (reduceViaCOO)", entries(t)*(int64(len(t.Dims()))*8+int64(t.DType().Size())))
		p.Kernel = "the reducer over the COO entries grouped by their kept coordinates"
	}
	p.OutputBytes = res
	p.Bytes += res
	return p, nil
}

// PlanTranspose is how Transpose(t, d0, d1) runs.
func PlanTranspose(t *tensor.Tensor, d0, d1 int) (plan.Plan, error) {
	if t == nil {
		return plan.Plan{}, errs.Errorf(errs.ErrInvalidArgument, "transpose: input tensor is nil")
	}
	nd := max(len(t.Dims()), 1)
	var err error
	if d0, err = tensor.NormDim("transpose: dim0", d0, nd); err != nil {
		return plan.Plan{}, err
	}
	if d1, err = tensor.NormDim("transpose: dim1", d1, nd); err != nil {
		return plan.Plan{}, err
	}
	vs := int64(t.DType().Size())
	perm := make([]int, len(t.Dims()))
	for i := range perm {
		perm[i] = i
	}
	if len(perm) > 0 {
		perm[d0], perm[d1] = d1, d0
	}
	if _, ok := tensor.RelabelledFormat(t, perm); ok {
		p := plan.New(plan.Native, 0)
		p.Kernel = "tensor.CustomPermuted: a relabel of the format's dims, the storage shared (DIA-I^T is DIA-J of the same arrays); no COO form built"
		return p, nil
	}
	if _, ok := tensor.NamedRelabelledFormat(t, perm); ok {
		p := plan.New(plan.Native, tensor.PermutedNamedBytes(t, perm))
		p.Kernel = "tensor.CustomPermuted (a compressed layout) or convert.CustomPermutedNamed (the others): the storage's arrays read as the named layout the relabelled format is (BSR with column-major blocks transposed is BSC: the storage's index arrays and values shared)"
		return p, nil
	}
	if _, ok := tensor.CSFRelabelledFormat(t, perm); ok {
		p := plan.New(plan.Native, 0)
		p.Kernel = "tensor.CSFPermuted: CSF's levels read as the custom format of the permuted dims, the arrays shared"
		return p, nil
	}
	switch {
	case relabelsCompressed(t, d0, d1):
		p := plan.New(plan.Native, 0)
		p.Kernel = "tensor.RelabelCompressed: CSR <-> CSC (DCSR <-> DCSC) of the same arrays"
		return p, nil
	case t.Layout() == tensor.Strided:
		p := plan.New(plan.Dense, dtype.NumelOf(t.Dims())*vs)
		p.Kernel = "a copy with the dims reordered (stridedPermute; a 2-D transpose blocked and parallel)"
		return p, nil
	}
	var p plan.Plan
	if t.Layout() == tensor.Custom {
		cooForm(&p, "input", t)
	}
	if p.Path == "" {
		p.Path = plan.Native
	}
	p.OutputBytes = entries(t) * (vs + int64(len(t.Dims()))*8)
	p.Bytes += p.OutputBytes
	p.Kernel = "the native permute of the entries (transposeBlocked, permuteNative, else permuteEntries)"
	return p, nil
}

// undefinedPlan is the plan of an op on a tensor with an undefined fill.
func undefinedPlan(t *tensor.Tensor, out dtype.DType) plan.Plan {
	p := plan.New(plan.General, entries(t)*int64(out.Size()))
	p.Kernel = "the undefined-fill path: the op on the stored elements only"
	return p
}

// cooForm counts the COO tensor of a custom-format tensor's elements an
// operator without a path of its own for the format reads (tensor.Named):
// made for the call, kept by no one.
func cooForm(p *plan.Plan, operand string, t *tensor.Tensor) {
	if t.Layout() == tensor.Custom {
		p.Convert(operand, t.Format().String(), "its COO form (made for this call, not kept)",
			entries(t)*(int64(len(t.Dims()))*8+int64(t.DType().Size())))
	}
}

// domainBytes is the size of one value in domain dom (vec's element).
func domainBytes(dom domain) int64 {
	if dom == domComplex {
		return 16
	}
	return 8
}

// entries is t's stored entries, a custom-format tensor's value slots
// (no listing of its elements for a plan).
func entries(t *tensor.Tensor) int64 {
	if t.Layout() == tensor.Custom {
		if u, err := t.USTStorage(); err == nil {
			return u.Values.Numel()
		}
	}
	if t.Layout() == tensor.Strided {
		return dtype.NumelOf(t.Dims())
	}
	return t.Values().Numel()
}

// formatOf names t's format: its layout, or its format text.
func formatOf(t *tensor.Tensor) string {
	if t.Layout() == tensor.Custom {
		return t.Format().String()
	}
	return t.Layout().String()
}
