package explain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/plan"
	"github.com/gosparse/gosparse/core/tensor"
)

// Options are the arguments of the operation that are not tensors.
type Options struct {
	// Number is the number operand of an element-wise op with a number (the
	// tensor is the first operand), or pow's exponent.
	Number *dtype.Number
	// Dims are the reduced dims (nil: all).
	Dims []int
	// Dim0 and Dim1 are transpose's dims (0 and 1 unless set).
	Dim0, Dim1 int
	// Where are where's x and y where they are numbers; nil: the next
	// tensor operand after the condition.
	Where [2]*dtype.Number
}

// Result is what Explain answers.
type Result struct {
	Op       string   // the operation
	Operands []string // each operand's format and dtype
	plan.Plan
	Best Advice // the format of the first sparse operand that would run the op fastest
}

// Advice names the format that would run an operation fastest, and why.
type Advice struct {
	Format string // a layout name or format text
	Rule   string // the rule applied, with its measured point where there is one
	Why    string // the numbers of these operands the rule read
}

// Ops lists the operations Explain answers besides the element-wise ones
// (ops.UnaryOps, ops.BinaryOps) and the reductions (ops.ReductionNames).
func Ops() []string { return []string{"mv", "mm", "matmul", "transpose", "t", "to_dense", "where"} }

// Explain says how op would run on ts with o, without running it.
func Explain(op string, ts []*tensor.Tensor, o Options) (Result, error) {
	for i, t := range ts {
		if t == nil {
			return Result{}, errs.Errorf(errs.ErrInvalidArgument, "explain: operands[%d] is nil", i)
		}
	}
	p, kind, err := planOf(op, ts, o)
	if err != nil {
		return Result{}, err
	}
	r := Result{Op: op, Plan: p}
	for _, t := range ts {
		r.Operands = append(r.Operands, name(t)+" "+t.DType().String()+" "+fmt.Sprint(t.Dims()))
	}
	r.Best = advise(kind, ts)
	return r, nil
}

// opKind groups the operations the advice rules tell apart.
type opKind int

const (
	kindProduct opKind = iota
	kindValues         // element-wise and reductions: one pass over the values
	kindTranspose
	kindDense
)

// planOf dispatches op to its plan.
func planOf(op string, ts []*tensor.Tensor, o Options) (plan.Plan, opKind, error) {
	want := func(names ...string) error {
		if len(ts) != len(names) {
			return errs.Errorf(errs.ErrInvalidArgument, "explain: op %q takes %d tensor operand(s) (%s), got %d", op, len(names), strings.Join(names, ", "), len(ts))
		}
		return nil
	}
	switch {
	case op == "mv":
		if err := want("mat", "vec"); err != nil {
			return plan.Plan{}, 0, err
		}
		p, err := linalg.PlanMv(ts[0], ts[1])
		return p, kindProduct, err
	case op == "mm":
		if err := want("mat1", "mat2"); err != nil {
			return plan.Plan{}, 0, err
		}
		p, err := linalg.PlanMm(ts[0], ts[1])
		return p, kindProduct, err
	case op == "matmul":
		if err := want("input", "other"); err != nil {
			return plan.Plan{}, 0, err
		}
		p, err := linalg.PlanMatmul(ts[0], ts[1])
		return p, kindProduct, err
	case op == "transpose" || op == "t":
		if err := want("input"); err != nil {
			return plan.Plan{}, 0, err
		}
		d0, d1 := o.Dim0, o.Dim1
		if d0 == 0 && d1 == 0 {
			d1 = min(1, max(len(ts[0].Dims())-1, 0))
		}
		p, err := ops.PlanTranspose(ts[0], d0, d1)
		return p, kindTranspose, err
	case op == "to_dense":
		if err := want("input"); err != nil {
			return plan.Plan{}, 0, err
		}
		return convert.PlanToDense(ts[0]), kindDense, nil
	case op == "where":
		return planWhere(ts, o, want)
	case slices.Contains(ops.ReductionNames(), op):
		if err := want("input"); err != nil {
			return plan.Plan{}, 0, err
		}
		p, err := ops.PlanReduce(ts[0], o.Dims, op)
		return p, kindValues, err
	case ops.IsBinaryOp(op) && (len(ts) == 2 || o.Number != nil && op != "pow"):
		if o.Number != nil {
			if err := want("input"); err != nil {
				return plan.Plan{}, 0, err
			}
			p, err := ops.PlanBinary(op, ops.TensorOperand(ts[0]), ops.NumberOperand(*o.Number), ops.BinaryArgs{})
			return p, kindValues, err
		}
		if err := want("input", "other"); err != nil {
			return plan.Plan{}, 0, err
		}
		p, err := ops.PlanBinary(op, ops.TensorOperand(ts[0]), ops.TensorOperand(ts[1]), ops.BinaryArgs{})
		return p, kindValues, err
	case ops.IsUnaryOp(op):
		if err := want("input"); err != nil {
			return plan.Plan{}, 0, err
		}
		p, err := ops.PlanUnary(op, ts[0], ops.UnaryArgs{Exponent: o.Number})
		return p, kindValues, err
	}
	return plan.Plan{}, 0, errs.Errorf(errs.ErrInvalidArgument, "explain: op %q is unknown; explain answers %s, the element-wise ops (gs_unary_op_names, gs_binary_op_names) and the reductions %s",
		op, strings.Join(Ops(), ", "), strings.Join(ops.ReductionNames(), ", "))
}

// planWhere is where's plan: ts are the condition, then x and y where
// o.Where does not give them as numbers.
func planWhere(ts []*tensor.Tensor, o Options, want func(names ...string) error) (plan.Plan, opKind, error) {
	names := []string{"condition"}
	for i, n := range o.Where {
		if n == nil {
			names = append(names, []string{"input", "other"}[i])
		}
	}
	if err := want(names...); err != nil {
		return plan.Plan{}, 0, err
	}
	var xy [2]ops.Operand
	k := 1
	for i, n := range o.Where {
		if n != nil {
			xy[i] = ops.NumberOperand(*n)
			continue
		}
		xy[i] = ops.TensorOperand(ts[k])
		k++
	}
	p, err := ops.PlanWhere(ts[0], xy[0], xy[1])
	return p, kindValues, err
}

// name names t's format: its layout, or its format text.
func name(t *tensor.Tensor) string {
	if t.Layout() == tensor.Custom {
		return t.Format().String()
	}
	return t.Layout().String()
}
