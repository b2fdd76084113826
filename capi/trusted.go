package main

import (
	"math"
	"strings"
	"sync/atomic"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// noCheckUsed turns true once a constructor is called with GS_NO_CHECK: from
// then on a tensor may break an invariant that nothing checked, and an
// internal error may be that tensor's fault rather than a bug.
var noCheckUsed atomic.Bool

// internalPrefix starts the message of a recovered panic.
const internalPrefix = "internal error (please report): "

// blameTrusted returns err, an internal error, or, when GS_NO_CHECK was used
// and a live tensor breaks an invariant, an invalid-argument error that names
// the broken rule, with err's message as where the call stopped. Tensors the
// library computes from valid input always pass the check, so a failure
// there is the trusted input's. It runs only on an internal error after
// GS_NO_CHECK was used, and checks every live tensor: one computed from a
// broken tensor may be broken too, after that one was freed.
func blameTrusted(err error) error {
	if !noCheckUsed.Load() {
		return err
	}
	var broken error
	var handle uint64
	tensors.each(math.MaxInt64, func(h uint64, t *tensorHandle) {
		if broken == nil && t.t != nil { // device tensors hold checked copies
			broken, handle = tensor.Validate(t.t), h
		}
	})
	if broken == nil {
		return err
	}
	return errs.Errorf(errs.ErrInvalidArgument,
		"the tensor %#x, built with GS_NO_CHECK (or computed from such a tensor), breaks an invariant: %v; trusted input must be valid (build it without GS_NO_CHECK to have it checked); the call stopped at: %s",
		handle, broken, strings.TrimPrefix(err.Error(), internalPrefix))
}

// checkTrusted validates h's tensor, the operand arg of a call that writes
// into an existing tensor, when GS_NO_CHECK was ever used: such a call must
// find a broken invariant before it writes, not midway. Each handle is
// checked once (a tensor does not change), and not at all while no tensor
// was built with GS_NO_CHECK, so checked input keeps its fast path.
func checkTrusted(arg string, h *tensorHandle) error {
	if !noCheckUsed.Load() || h.valid.Load() {
		return nil
	}
	if err := tensor.Validate(h.t); err != nil {
		return errs.Errorf(errs.ErrInvalidArgument,
			"%s, built with GS_NO_CHECK (or computed from such a tensor), breaks an invariant: %v; trusted input must be valid (build it without GS_NO_CHECK to have it checked)", arg, err)
	}
	h.valid.Store(true)
	return nil
}
