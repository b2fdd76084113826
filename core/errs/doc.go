// Package errs owns the error every core package returns: the *Error type
// with its Code (the C ABI's gs_status values, never renumbered), Errorf,
// which prints shapes as the bindings' users write them, and CodeOf, which
// maps any error (a budget refusal, a cancelled call) to its code. It also
// holds the size checks that turn core/budget's refusals into ErrTooLarge
// and the overflow-checked element counts the constructors use.
//
// It sits at the bottom of the core: it imports core/budget and the
// kernels' cancel package, nothing else of the project.
package errs
