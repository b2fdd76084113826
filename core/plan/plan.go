// Package plan describes how an operation will run for its operands,
// without running it: the path (a hand-written kernel, the level walk, a
// native path over the tensor's own storage, or a conversion first), the
// kernel's name, the conversions and the bytes the call allocates. The
// operators build a Plan from the same predicates that choose their path
// (core/linalg's productPlan, core/ops' plans) and then follow it, so what
// gs_explain reports is what the call does. It imports nothing of core.
package plan

// The paths an operation takes.
const (
	// Kernel: a hand-written kernel reads the operand's storage as it is.
	Kernel = "kernel"
	// Walk: the level walk (core/linalg/format_walk.go) multiplies straight
	// from a custom format's levels, fiber by fiber.
	Walk = "level walk"
	// Native: the engine maps, zips, reduces or relabels the tensor's own
	// storage (its values array, its level arrays), no conversion.
	Native = "native"
	// Convert: an operand is converted to another format first; Converts
	// says which, to what.
	Convert = "conversion"
	// Dense: a strided operand: the dense loops.
	Dense = "dense"
	// General: the operator's general path through the entries (the COO
	// form) of the operand.
	General = "general"
)

// Conversion is one conversion a call makes before its kernel runs.
type Conversion struct {
	Operand string // the argument's name (mat, vec, input, other, ...)
	From    string // its format or dtype now
	To      string // what the call converts it to
	Bytes   int64  // the bytes the converted copy holds
}

// Plan is how one call runs: Path (one of the constants above), the
// kernel or engine routine it ends in, the conversions before it, the bytes
// of the result the op sizes itself with, and Bytes, everything the call
// allocates (the result, the conversions and the scratch).
type Plan struct {
	Path        string
	Kernel      string
	Converts    []Conversion
	OutputBytes int64
	Bytes       int64
	Notes       []string // what the plan could not decide without running
}

// Convert adds a conversion to p (its bytes counted in p.Bytes) and makes
// its path Convert.
func (p *Plan) Convert(operand, from, to string, bytes int64) {
	p.Converts = append(p.Converts, Conversion{Operand: operand, From: from, To: to, Bytes: bytes})
	p.Bytes += bytes
	p.Path = Convert
}

// New is a plan of a path whose result is bytes long (and allocates nothing else yet).
func New(path string, bytes int64) Plan {
	return Plan{Path: path, OutputBytes: bytes, Bytes: bytes}
}
