// Package dispatch decides, once for every caller of the core, how an
// operator call runs: on the device when its operands live there (package
// core/device) or on the host (core/ops); recorded as an autograd node
// (core/autograd) when an operand requires a gradient and the caller's
// grad mode is on, with a node that refuses at backward when the operator
// has no backward formula; and whether an operand with a per-slot or an
// undefined fill value is taken or refused, per operator.
//
// An operand is a Value: a host tensor with its autograd variable (nil when
// it takes no part in autograd) or a device tensor, and the argument's name
// for refusals. A call gives a Result of the same kinds. The C ABI (capi)
// translates its handles to Values and Results; a Go caller of the core
// builds them with Host and gets the same rules.
//
// Grad mode is the caller's: Dispatcher.GradEnabled (nil: always on). The C
// ABI passes torch's per-thread no_grad flag of the calling OS thread;
// goroutines have no identity to hang such a flag on (core/autograd's doc).
//
// It sits above core/autograd and core/device, below capi.
package dispatch
