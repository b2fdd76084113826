package proptest

import (
	"flag"
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"os"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/oracle"
	"github.com/gosparse/gosparse/internal/tensortest"
)

var (
	seedFlag  = flag.Uint64("proptest.seed", 1, "seed of the property test's cases")
	casesFlag = flag.Int("proptest.cases", 0, "cases to run (0: 10000 with -short, 200000 without)")
	caseFlag  = flag.Int("proptest.case", -1, "run only this case of the seed (a repro)")
	verbose   = flag.Bool("proptest.v", false, "print every case")
)

func TestMain(m *testing.M) { os.Exit(tensortest.Main(m)) }

// outcome is what one case came to.
type outcome struct {
	kind string // agree, both-refuse, documented-refusal, documented-difference, documented-extension, fail
	note string
}

// runCase draws case i of seed and checks it; a panic is a failure.
func runCase(seed uint64, i int) (oc outcome, c *opCase) {
	g := &gen{rng: rand.New(rand.NewPCG(seed, uint64(i)))}
	gi := g.pick(len(opGens))
	defer func() {
		if r := recover(); r != nil {
			oc = outcome{"fail", fmt.Sprintf("PANIC: %v\n%s", r, debug.Stack())}
		}
	}()
	c, err := opGens[gi].make(g)
	if err != nil {
		return outcome{"fail", "the generator could not build its input: " + err.Error()}, c
	}
	return check(c), c
}

// check runs gosparse and the reference on one case and compares them.
func check(c *opCase) outcome {
	for _, in := range c.ins { // the inputs densify to the values they were built for
		d, err := fromTensor(in.t)
		if err != nil {
			return outcome{"fail", fmt.Sprintf("to_dense of input %s: %v", in, err)}
		}
		if msg := compare(in.dense, d, !in.uncoal); msg != "" { // summing duplicates may lose a zero's sign
			return outcome{"fail", fmt.Sprintf("input %s densifies wrong: %s", in, msg)}
		}
		if in.uncoal {
			// the reference reads the summed value, whose zeros' signs are unspecified
			// (they decide x / 0 and which side of a branch cut x lies on)
			in.dense = d
		}
	}
	if why := refusedBeforeCore(c); why != "" {
		return outcome{"documented-refusal", why}
	}
	want, werr := c.want()
	var got oracle.Array
	var gerr error
	resultStrided := true
	if c.gotEqual != nil {
		var eq bool
		eq, gerr = c.gotEqual()
		got = oracle.Scalar(want.DType, complex(b2f(eq), 0))
	} else {
		t, err, panicked := callGuarded(c.got)
		if panicked != "" {
			return outcome{"fail", panicked}
		}
		gerr = err
		if gerr == nil {
			resultStrided = t.Layout() == tensor.Strided // a sparse result drops -0 as torch's to_sparse does
			if got, gerr = fromTensor(t); gerr != nil {
				return outcome{"fail", "to_dense of the result: " + gerr.Error()}
			}
		}
	}
	for _, in := range c.ins { // the call left its inputs as they were
		d, err := fromTensor(in.t)
		if err != nil {
			return outcome{"fail", fmt.Sprintf("to_dense of input %s after the call: %v", in, err)}
		}
		if msg := compare(in.dense, d, !in.uncoal); msg != "" {
			return outcome{"fail", fmt.Sprintf("the call changed its input %s: %s", in, msg)}
		}
	}
	switch {
	case gerr != nil && werr != nil:
		return outcome{"both-refuse", ""}
	case gerr != nil:
		if why := documentedRefusal(c, gerr); why != "" {
			return outcome{"documented-refusal", why}
		}
		return outcome{"fail", fmt.Sprintf("gosparse refuses (code %d: %v) where the reference computes %s", errs.CodeOf(gerr), gerr, want)}
	case werr != nil:
		if why := documentedExtension(c); why != "" {
			return outcome{"documented-extension", why}
		}
		return outcome{"fail", fmt.Sprintf("gosparse computes %s where the reference refuses: %v", got, werr)}
	}
	if msg := compare(want, got, false); msg != "" && werr == nil && gerr == nil && coalescedReadingAgrees(c, got) {
		return outcome{"documented-difference", "the sign of a zero summed from duplicates: to_dense accumulates into +0 (torch's index_put_), coalesce sums the entries (-0 + -0 is -0), and the op read the latter"}
	}
	signed := c.signedZeros && resultStrided
	for _, in := range c.ins {
		signed = signed && !in.uncoal // summing duplicates may lose a zero's sign
	}
	if msg := compare(want, got, signed); msg != "" && onBranchCutsOnly(c, want, got) {
		return outcome{"documented-difference", "complex functions on a branch cut or at an infinity: gosparse follows C11 Annex G (torch, glibc), the reference Go's math/cmplx"}
	} else if msg != "" && c.infAlpha && nonFiniteOnly(want, got) {
		return outcome{"documented-difference", "sparse add/sub merge the stored entries as torch: an infinite alpha times an unspecified zero is never formed"}
	} else if msg != "" && zeroFillBroadcast(c) && nonFiniteOnly(want, got) {
		return outcome{"documented-difference", "a sparse operand times (or divided by) a broadcast strided one keeps its zero fill where op(0, x) differs between elements: 0 * inf and 0 / 0 are never formed at its unspecified elements (torch's sparse * dense)"}
	} else if msg != "" && c.gs == "gs_to_dtype" && oracle.CategoryOf(want.DType) == oracle.CatInt && (c.ins[0].special || strings.HasSuffix(c.ins[0].fill, "inf") || c.ins[0].fill == "nan") {
		return outcome{"documented-difference", "NaN and infinities have no integer value (torch: the platform's conversion)"}
	} else if msg != "" && nonFiniteProductOperand(c) && nonFiniteOnly(want, got) {
		return outcome{"documented-difference", "sparse products multiply stored elements only: inf or NaN (stored or another operand's fill) times an unspecified zero is never formed (torch.sparse.mm)"}
	} else if msg != "" && subAsTorch(c, want, got) {
		return outcome{"documented-difference", "sub is x + (-alpha)*y as torch's: (-0-0i) - 0 is -0+0i and -0. - 0*6 (an integer alpha 0) is +0 (torch 2.15 too), the reference's x - alpha*y keeps -0"}
	} else if msg != "" {
		return outcome{"fail", fmt.Sprintf("wrong value: %s\n  want %s\n  got  %s", msg, want, got)}
	}
	return outcome{"agree", ""}
}

// onBranchCutsOnly: a complex unary function whose every differing element
// has an input with a zero or non-finite part (where the branch cuts and
// Annex G's special values lie), both results finite or both not.
func onBranchCutsOnly(c *opCase, want, got oracle.Array) bool {
	if c.gs != "gs_unary" || !c.ins[0].dt.IsComplex() || len(want.V) != len(got.V) || len(c.ins[0].dense.V) != len(got.V) {
		return false
	}
	for i, w := range want.V {
		g, x := got.V[i], c.ins[0].dense.V[i]
		if close(real(w), real(g), 1e-5, false) && close(imag(w), imag(g), 1e-5, false) {
			continue
		}
		if (real(x) != 0 && imag(x) != 0 && finite(x)) || finite(w) != finite(g) && finite(x) {
			return false
		}
	}
	return true
}

// coalescedReadingAgrees: with its uncoalesced inputs read through
// coalesce instead of to_dense (the two differ only in the signs of summed
// zeros), the reference gives got.
func coalescedReadingAgrees(c *opCase, got oracle.Array) bool {
	saved := make([]oracle.Array, len(c.ins))
	changed := false
	for i, in := range c.ins {
		saved[i] = in.dense
		if !in.uncoal {
			continue
		}
		co, err := convert.Coalesce(in.t)
		if err != nil {
			return false
		}
		if in.dense, err = fromTensor(co); err != nil {
			in.dense = saved[i]
			return false
		}
		changed = true
	}
	defer func() {
		for i, in := range c.ins {
			in.dense = saved[i]
		}
	}()
	if !changed {
		return false
	}
	want, err := c.want()
	return err == nil && compare(want, got, false) == ""
}

// callGuarded calls got, turning a panic into its message and stack.
func callGuarded(got func() (*tensor.Tensor, error)) (t *tensor.Tensor, err error, panicked string) {
	defer func() {
		if r := recover(); r != nil {
			panicked = fmt.Sprintf("PANIC: %v\n%s", r, debug.Stack())
		}
	}()
	t, err = got()
	return t, err, ""
}

// compare is "" when got equals want: same dtype and shape; equal values,
// NaN equal to NaN, float32 (and complex64) within a relative 1e-5,
// float64 within 1e-12 (summation order), signed zeros compared when asked.
func compare(want, got oracle.Array, signedZeros bool) string {
	if want.DType != got.DType {
		return fmt.Sprintf("dtype %s, want %s", got.DType, want.DType)
	}
	if !slices.Equal(want.Shape, got.Shape) && !(len(want.Shape) == 0 && len(got.Shape) == 0) {
		return fmt.Sprintf("shape %v, want %v", got.Shape, want.Shape)
	}
	if len(want.V) != len(got.V) {
		return fmt.Sprintf("%d elements, want %d", len(got.V), len(want.V))
	}
	tol := 1e-12
	if bits := want.DType; bits == 0x220 || bits == 0x540 { // float32, complex64
		tol = 1e-5
	}
	for i := range want.V {
		w, g := want.V[i], got.V[i]
		if want.DType.IsComplex() && !finite(w) && !finite(g) {
			continue // complex arithmetic on infinities and NaN has no one answer
		}
		if want.DType.IsComplex() && finite(w) && finite(g) && cmplx.Abs(w-g) <= tol*math.Max(cmplx.Abs(w), cmplx.Abs(g)) && (!signedZeros || w != 0) {
			continue // complex products round relative to the magnitude, not to each part
		}
		// A real dtype's values are their real parts: the reference computes in
		// complex128, and its NaN (a 0-d softmax of inf) may carry a NaN
		// imaginary part.
		if !close(real(w), real(g), tol, signedZeros) || want.DType.IsComplex() && !close(imag(w), imag(g), tol, signedZeros) {
			return fmt.Sprintf("element %d: %v, want %v", i, g, w)
		}
	}
	return ""
}

// nonFiniteOnly: every element where want and got differ is non-finite in want.
func nonFiniteOnly(want, got oracle.Array) bool {
	for i := range want.V {
		if want.V[i] != got.V[i] && finite(want.V[i]) {
			return false
		}
	}
	return len(want.V) == len(got.V)
}

func finite(v complex128) bool {
	return !math.IsNaN(real(v)) && !math.IsNaN(imag(v)) && !math.IsInf(real(v), 0) && !math.IsInf(imag(v), 0)
}

// close compares two parts: NaN equals NaN, infinities exactly, zeros by
// sign when asked, the rest within tol relative to the larger magnitude.
func close(w, g, tol float64, signedZeros bool) bool {
	switch {
	case math.IsNaN(w) || math.IsNaN(g):
		return math.IsNaN(w) && math.IsNaN(g)
	case math.IsInf(w, 0) || math.IsInf(g, 0):
		return w == g
	case w == 0 && g == 0:
		return !signedZeros || math.Signbit(w) == math.Signbit(g)
	}
	return math.Abs(w-g) <= tol*math.Max(1, math.Max(math.Abs(w), math.Abs(g))) // absolute near 0: cancellation (log_softmax)
}

// repro is the one-line description of a case.
func repro(seed uint64, i int, c *opCase) string {
	if c == nil {
		return fmt.Sprintf("seed=%d case=%d", seed, i)
	}
	parts := []string{fmt.Sprintf("seed=%d case=%d: %s(%s) %s", seed, i, c.gs, c.op, c.args)}
	for k, in := range c.ins {
		parts = append(parts, fmt.Sprintf("in%d=%s", k, in))
	}
	return strings.Join(parts, " | ")
}

// runCases runs n cases of seed (or the one given by -proptest.case).
func runCases(t *testing.T, seed uint64, n int) {
	start := time.Now()
	tally := map[string]int{}
	notes := map[string]int{}
	first, last := 0, n
	if *caseFlag >= 0 {
		first, last = *caseFlag, *caseFlag+1
	}
	failures := 0
	fails, firstOf, firstNote := map[string]int{}, map[string]int{}, map[string]int{}
	for i := first; i < last; i++ {
		oc, c := runCase(seed, i)
		tally[oc.kind]++
		if oc.kind != "agree" && oc.kind != "fail" {
			k := oc.kind + ": " + strings.SplitN(oc.note, " [PANIC", 2)[0]
			if notes[k] == 0 {
				firstNote[k] = i
			}
			notes[k]++
		}
		if *verbose {
			t.Logf("%s -> %s %s", repro(seed, i, c), oc.kind, oc.note)
		}
		if oc.kind == "fail" {
			sig := oc.note
			if k := strings.IndexAny(sig, "\n"); k > 0 {
				sig = sig[:k]
			}
			sig = regexp.MustCompile(`\[.*|[-+]?[0-9][0-9.e+-]*|\(.*?\)`).ReplaceAllString(sig, "#")
			if c != nil {
				sig = c.gs + " " + c.op + ": " + sig
			}
			if fails[sig] == 0 {
				firstOf[sig] = i
			}
			fails[sig]++
			failures++
			if failures <= 20 {
				t.Errorf("%s\n  %s\n  repro: go test ./internal/proptest -run TestOperators -proptest.seed %d -proptest.case %d", repro(seed, i, c), oc.note, seed, i)
			}
		}
	}
	if len(fails) > 0 {
		keys := make([]string, 0, len(fails))
		for k := range fails {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			t.Logf("FAIL %5d  first case %6d  %s", fails[k], firstOf[k], k)
		}
	}
	t.Logf("seed %d: %d cases in %v: %v", seed, last-first, time.Since(start).Round(time.Millisecond), tally)
	if testing.Verbose() {
		keys := make([]string, 0, len(notes))
		for k := range notes {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			t.Logf("%6d  first case %6d  %s", notes[k], firstNote[k], k)
		}
	}
}

// TestOperators is the property test: every operator on random inputs of
// every layout agrees with the dense reference (10000 cases with -short).
func TestOperators(t *testing.T) {
	n := *casesFlag
	if n == 0 {
		n = 200000
		if testing.Short() {
			n = 10000
		}
	}
	runCases(t, *seedFlag, n)
}

// FuzzOperators runs the property test on the seeds the fuzzer draws, a
// few cases each (make fuzz runs it for FUZZTIME).
func FuzzOperators(f *testing.F) {
	for s := range uint64(8) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		for i := range 8 {
			if oc, c := runCase(seed, i); oc.kind == "fail" {
				t.Fatalf("%s\n  %s\n  repro: go test ./internal/proptest -run TestOperators -proptest.seed %d -proptest.case %d", repro(seed, i, c), oc.note, seed, i)
			}
		}
	})
}

// nonOperators are the header's functions that compute no tensor from
// tensors: construction, properties, I/O, handles, autograd plumbing,
// cancellation and the library's own state.
var nonOperators = map[string]string{
	"gs_version": "library", "gs_version_numbers": "library", "gs_last_error": "library", "gs_live_handles": "library",
	"gs_set_memory_limit": "library", "gs_get_memory_limit": "library", "gs_dtype_name": "library", "gs_layout_name": "library",
	"gs_unary_op_names": "library", "gs_binary_op_names": "library", "gs_cuda_device_count": "library",
	"gs_cancel_token_new": "cancellation", "gs_cancel_token_free": "cancellation", "gs_cancel": "cancellation",
	"gs_cancel_token_reset": "cancellation", "gs_cancel_token_cancelled": "cancellation", "gs_set_cancel_token": "cancellation",
	"gs_cancel_token_set_progress": "cancellation",
	"gs_sparse_coo_from":           "construction", "gs_sparse_compressed_from": "construction", "gs_strided_from": "construction",
	"gs_sparse_coo_wrap": "construction", "gs_sparse_compressed_wrap": "construction", "gs_strided_wrap": "construction",
	"gs_empty": "construction", "gs_sparse_format_from": "construction", "gs_sparse_format_wrap": "construction",
	"gs_with_fill_value": "construction (the generator's fills)", "gs_with_fill_array": "construction (the generator's per-slot fills)",
	"gs_tensor_free": "handles", "gs_to_device": "devices", "gs_tensor_device": "devices",
	"gs_tensor_layout": "property", "gs_tensor_dtype": "property", "gs_tensor_ndim": "property", "gs_tensor_shape": "property",
	"gs_tensor_sparse_dim": "property", "gs_tensor_dense_dim": "property", "gs_tensor_batch_dim": "property",
	"gs_tensor_nnz": "property", "gs_tensor_index_width": "property", "gs_tensor_blocksize": "property", "gs_tensor_storage_bytes": "property",
	"gs_tensor_is_coalesced": "property", "gs_tensor_fill_value": "property", "gs_tensor_fill_array": "property",
	"gs_tensor_component": "component getter", "gs_tensor_num_levels": "level getter", "gs_tensor_level_info": "level getter",
	"gs_tensor_level_pos": "level getter", "gs_tensor_level_crd": "level getter", "gs_tensor_format": "level getter",
	"gs_tensor_storage_sizes": "level getter", "gs_tensor_storage_level": "level getter", "gs_tensor_storage_values": "level getter",
	"gs_format_check": "format text", "gs_tensor_repr": "printing", "gs_values": "autograd plumbing (values of a recorded tensor)",
	"gs_mm_read": "I/O", "gs_mm_read_buffer": "I/O", "gs_mm_write": "I/O", "gs_mm_write_opts": "I/O",
	"gs_gen_stencil2d": "generator", "gs_gen_stencil3d": "generator", "gs_gen_banded": "generator",
	"gs_gen_block_diagonal": "generator", "gs_gen_rmat": "generator", "gs_gen_uniform": "generator",
	"gs_requires_grad": "autograd plumbing", "gs_set_requires_grad": "autograd plumbing", "gs_grad": "autograd plumbing",
	"gs_zero_grad": "autograd plumbing", "gs_set_grad": "autograd plumbing", "gs_backward": "autograd plumbing", "gs_autograd_grad": "autograd plumbing",
	"gs_is_leaf": "autograd plumbing", "gs_grad_fn_name": "autograd plumbing", "gs_detach": "autograd plumbing",
	"gs_set_grad_enabled": "autograd plumbing", "gs_is_grad_enabled": "autograd plumbing",
	"gs_factor_free": "handles", "gs_factor_kind": "property", "gs_factor_order": "property", "gs_factor_fill": "property",
	"gs_semi_free": "handles", "gs_semi_info": "property", "gs_semi_values": "component getter", "gs_semi_indices": "component getter",
	"gs_semi_from_parts": "construction", "gs_lowrank_draw": "random draw", "gs_live_factors": "library",
	"gs_explain": "explain (a JSON description of a call, nothing computed; core/explain tests)",
}

// elsewhere are operators outside this test's reach, each checked against
// its own reference by the test named.
var elsewhere = map[string]string{
	"gs_spsolve": "core/solve tests (residuals)", "gs_splu": "core/solve", "gs_cholesky": "core/solve",
	"gs_factor_solve": "core/solve", "gs_factor_l": "core/solve", "gs_factor_u": "core/solve",
	"gs_factor_row_perm": "core/solve", "gs_factor_col_perm": "core/solve", "gs_solve_triangular": "core/solve",
	"gs_lobpcg": "core/spectral (eigen-residuals)", "gs_lobpcg_ex": "core/spectral", "gs_svd_lowrank": "core/spectral",
	"gs_pca_lowrank": "core/spectral", "gs_spdiags": "core/solve spdiags tests (torch's docstring cases)",
	"gs_to_sparse_semi_structured": "core/semistructured (torch's bytes)", "gs_prune_semi_structured": "core/semistructured",
	"gs_semi_structured_mask": "core/semistructured", "gs_semi_t": "core/semistructured", "gs_semi_to_dense": "core/semistructured",
	"gs_semi_mm": "core/semistructured", "gs_dense_mm_semi": "core/semistructured", "gs_semi_addmm": "core/semistructured",
	"gs_semi_linear": "core/semistructured",
	"gs_baddbmm":     "core/linalg TestBaddbmmMatchesDense (ragged, strided and COO batch1 against the formula), tests/c, Python and Rust ragged tests",
}

// TestEveryOperatorCovered: every gs_ function of the header is exercised
// by the property test, or listed as a non-operator or as tested elsewhere.
func TestEveryOperatorCovered(t *testing.T) {
	h, err := os.ReadFile("../../include/gosparse.h")
	if err != nil {
		t.Fatal(err)
	}
	exercised := map[string]bool{}
	for _, og := range opGens {
		for _, n := range og.gs {
			exercised[n] = true
		}
	}
	decl := regexp.MustCompile(`(?m)^\s*(?:gs_status|const char \*|int64_t)\s+(gs_[a-z0-9_]+)\(`)
	names := decl.FindAllStringSubmatch(string(h), -1)
	if len(names) < 100 {
		t.Fatalf("found only %d functions in the header: the pattern is stale", len(names))
	}
	for _, m := range names {
		n := m[1]
		if !exercised[n] && nonOperators[n] == "" && elsewhere[n] == "" {
			t.Errorf("%s is declared in include/gosparse.h but neither exercised by the property test nor listed as a non-operator or tested elsewhere", n)
		}
	}
	for n := range exercised {
		if !strings.Contains(string(h), n+"(") {
			t.Errorf("%s is exercised but not in the header", n)
		}
	}
}
