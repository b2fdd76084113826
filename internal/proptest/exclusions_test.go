package proptest

import (
	"slices"
	"strings"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/internal/oracle"
)

// slotCalls are the calls that take a per-slot fill (the header, at
// gs_with_fill_array); the C API refuses it for every other before core runs.
var slotCalls = []string{"gs_unary", "gs_to_dense", "gs_clone", "gs_to_layout", "gs_to_layout_as", "gs_coalesce", "gs_to_dtype", "gs_equal"}

// refusedBeforeCore is the C API's refusal of a per-slot fill ("" for none).
func refusedBeforeCore(c *opCase) string {
	for _, in := range c.ins {
		if in.fill == "slots" && !slices.Contains(slotCalls, c.gs) {
			return "per-slot fill: " + c.gs + " refuses it with GS_ERR_UNSUPPORTED (header, gs_with_fill_array)"
		}
	}
	return ""
}

// documentedRefusal names the documented rule behind a refusal of gosparse
// where the reference computes; "" when there is none (a failure).
func documentedRefusal(c *opCase, err error) string {
	msg := err.Error()
	switch {
	case errs.CodeOf(err) == errs.ErrUnsupported && slices.ContainsFunc(c.ins, func(in *input) bool { return in.fill == "slots" }):
		return "per-slot fill: gs_unary pow and conversions changing the dense dims refuse it (header, gs_with_fill_array)"
	case c.outLayout && errs.CodeOf(err) == errs.ErrInvalidArgument && (strings.Contains(msg, "expected at least") ||
		strings.Contains(msg, "blocksize") || strings.Contains(msg, "must be at least")):
		return "the result layout asked for (gs_elementwise_args.layout) cannot hold the result: too few sparse dims, or no block size"
	case errs.CodeOf(err) == errs.ErrNotImplemented && strings.Contains(msg, "cat: along dense dim") && strings.Contains(msg, "only with fill value 0"):
		return "cat along a dense dim needs fill 0 (GS_ERR_NOT_IMPLEMENTED: valid request, not supported yet)"
	case (c.gs == "gs_softmax" || c.gs == "gs_log_softmax") && strings.Contains(msg, "expected a sparse tensor"):
		return "torch.sparse.softmax takes sparse tensors only (header)"
	case strings.Contains(msg, "has another fill value than tensors[0]"):
		return "cat/stack: the result has one fill value, so the inputs' fills must agree"
	case strings.Contains(msg, "cat: tensors[") && strings.Contains(msg, "(dense_dim "):
		return "sparse cat/stack: one sparse/dense split (torch's sparse cat)"
	case strings.Contains(msg, "a sparse input does not broadcast"):
		return "addmm: a sparse input has the product's size (torch)"
	case strings.Contains(msg, "moves sparse dim and dense dims into each other's place"):
		return "permute/transpose: sparse and dense dims do not trade places (torch's sparse rule)"
	case strings.Contains(msg, "must end with the dense dims") || strings.Contains(msg, "is invalid for a tensor of sparse size"):
		return "reshape: the dense dims must stay, so the sparse dims keep their element count (header, gs_reshape)"
	case strings.Contains(msg, "need the same number of specified elements in every batch"):
		return "batched compressed results: one nse per batch (torch's rule)"
	}
	return ""
}

// subAsTorch: a sub whose result differs from the reference's only in the
// signs of zeros. gosparse computes x - alpha*y as torch's sub does, as
// add(x, y, -alpha) = x + (-alpha)*y: -(0+0i) is -0+0i by the complex product
// (-1)(0) + (0)(0)i, so (-0-0i) - 0 is -0+0i, and an integer or bool alpha
// of 0 negates to +0, so -0.0 - 0*6 is +0 (torch 2.15: sub(-0., 6, alpha=0)
// is 0.), where the reference's x - alpha*y keeps -0.
func subAsTorch(c *opCase, want, got oracle.Array) bool {
	return (c.gs == "gs_binary" || c.gs == "gs_binary_number") && c.op == "sub" && signedZeroOnly(want, got)
}

// nonFiniteProductOperand: a product with an operand holding an infinity or
// NaN stored, as its fill, or in a duplicate of an uncoalesced COO (each
// duplicate multiplied, as torch's sparse mm does: a*inf + b*inf, not
// (a+b)*inf).
func nonFiniteProductOperand(c *opCase) bool {
	return slices.Contains(productCalls, c.gs) && slices.ContainsFunc(c.ins, func(in *input) bool {
		return in.special || in.fill == "nan" || strings.HasSuffix(in.fill, "inf")
	})
}

// signedZeroOnly: want and got differ only in the signs of zeros.
func signedZeroOnly(want, got oracle.Array) bool {
	if len(want.V) != len(got.V) {
		return false
	}
	for i, w := range want.V {
		g := got.V[i]
		if w != g && !(w == 0 && g == 0) && !(w != w && g != g) {
			return false
		}
	}
	return true
}

// documentedExtension names the documented rule under which gosparse
// computes where torch refuses; "" when there is none (a failure).
func documentedExtension(c *opCase) string {
	if slices.Contains(productCalls, c.gs) {
		return "products promote mixed operand dtypes, bool times bool included when another operand is numeric (header, linear algebra)"
	}
	if zeroFillBroadcast(c) && c.op != "mul" {
		return "a sparse dividend with a zero fill divided by a broadcast dense divisor reads the divisor at its stored coordinates only (core/ops torchPatternFill): an integer zero divisor elsewhere is never read, so no ZeroDivisionError"
	}
	return ""
}

var productCalls = []string{"gs_mm", "gs_sparse_mm", "gs_sparse_mm_index_width", "gs_smm", "gs_hspmm", "gs_mv", "gs_bmm", "gs_matmul", "gs_mm_out", "gs_mv_out",
	"gs_addmm", "gs_sparse_addmm", "gs_sspaddmm", "gs_addmv", "gs_sampled_addmm"}

// zeroFillBroadcast: gs_binary mul, or a division of a sparse dividend, of a
// sparse operand with a zero fill and a strided one broadcast to its shape,
// where gosparse takes torch's answer (core/ops torchPatternFill).
func zeroFillBroadcast(c *opCase) bool {
	if c.gs != "gs_binary" || len(c.ins) != 2 || slices.Equal(c.ins[0].shape, c.ins[1].shape) {
		return false
	}
	s := c.ins[0]
	switch {
	case c.op == "mul" && s.layout == "strided":
		s = c.ins[1]
	case c.op != "mul" && c.op != "div" && c.op != "true_divide" && c.op != "floor_divide":
		return false
	}
	return s.layout != "strided" && s.fill == "zero"
}
