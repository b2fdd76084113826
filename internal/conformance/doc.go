// Package conformance replays the PyTorch reference vectors of
// ../shared/conformance/torch against the core.
//
// A vector file holds cases {id, op, inputs, params, expect}. The runner parses
// the inputs into core values (parse.go), looks the op up in Registry (one
// ops_<family>.go file per family of operations registers its ops in init),
// runs it and judges the result against the expectation (judge.go), following
// the rules of the vectors' README: component arrays with a tolerance per
// dtype, refusals in the invalid group, and the dense invariant
// to_dense(op(A)) == op(to_dense(A)) where the reference itself refused.
//
// To add an operation: create or extend ops_<family>.go with an init that
// calls register(name, op) and, when the op has a definition on strided
// tensors, registerDense(name, denseOp).
package conformance
