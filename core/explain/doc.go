// Package explain answers, for an operation and its operands, how the call
// would run without running it (gs_explain): the path (a hand-written
// kernel and its name, the level walk, a native path over the tensor's own
// storage, or a conversion of which operand to which format), the bytes it
// allocates, and which format of the operand would run the operation
// fastest, by a stated rule. The path and the bytes come from the plans
// that the operators' own dispatch follows (core/linalg's PlanMv, PlanMm,
// PlanMatmul; core/ops' PlanUnary, PlanBinary, PlanReduce, PlanTranspose,
// PlanWhere; core/convert's PlanToDense), so they cannot drift from what
// the call does.
package explain
