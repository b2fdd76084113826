// Package autograd is reverse-mode automatic differentiation over the
// core's sparse and dense operations, with torch.sparse's semantics.
//
// It owns the variable type (Var: a core tensor, whether it requires a
// gradient, the node that made it and, for leaves, the accumulated
// gradient), the graph nodes (Node: an operation's torch name, references
// to its inputs and to what its backward formula needs, never copies), the
// backward formulas of the recorded operations (ops_*.go) and the graph walk
// (Backward). It sits above the operators: it imports core/ops,
// core/linalg, core/solve, core/spectral, core/engine and the packages
// below them; of the project only core/dispatch and the C ABI (capi)
// import it.
//
// Recording is decided by the caller, not by a per-thread flag here: an
// operation of this package records a node when one of its inputs requires
// a gradient, and calling the core operation instead records nothing.
// Goroutines have no identity a library could hang a "no_grad" flag on and
// migrate between OS threads, so a thread-local mode in Go would be wrong;
// core/dispatch picks the recording or the plain operation per call with
// the grad mode its caller gives it (the C layer passes torch's per-thread
// no_grad state of each calling OS thread, where the identity is real). Go
// callers get the same effect through core/dispatch, by calling core
// directly, or by using Detach.
//
// Semantics follow torch.sparse's masked gradients: the gradient with
// respect to a sparse input has that input's pattern and layout (COO
// coalesced), unspecified elements get none, and the gradient of the sparse
// operand of a product is the sampled product (SDDMM) on its pattern, never
// a dense product. An operation recorded without a backward formula
// (NoBackward) refuses when a gradient is asked through it, naming itself.
//
// svd_lowrank and pca_lowrank (ops_lowrank.go) have three outputs while a
// node has one: one node runs the composition's backward (core/spectral's
// LowrankTape) on a packed gradient that U, S and V, nodes with torch's
// names, each fill their part of.
//
// Gradients of complex tensors are torch's conjugate Wirtinger gradients
// (the gradient of A @ B with respect to A is G @ B^H).
//
// Backward walks the graph once in reverse topological order, computes
// every leaf's gradient and only then accumulates them into the leaves
// (a failing backward changes no gradient); the graph is freed after
// backward unless retained. Graph walks and frees are serialised by one
// lock, so graphs may be shared between threads.
package autograd
