package errs

import (
	"errors"
	"fmt"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/kernels/cancel"
)

// Code classifies an error; its values are the C ABI's gs_status codes and
// are never renumbered. The constants are generated from the header's status
// codes (codes_gen.go), as are the bindings' tables.
type Code int32

//go:generate go run ../../cmd/statusgen -root ../..

// String returns the code's C name ("GS_ERR_INDEX"), or "gs_status(n)" for
// a code the header does not define.
func (c Code) String() string {
	if name, ok := statusNames[c]; ok {
		return name
	}
	return fmt.Sprintf("gs_status(%d)", int32(c))
}

// Error is the error type of every core function: a code for the ABI and a
// message that names the argument and the rule it broke.
type Error struct {
	Code Code
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// Errorf builds an *Error with a formatted message. Integer slices (shapes,
// sizes, dims) print as the bindings' users write them, [5, 4], not as Go's
// %v does, [5 4].
func Errorf(code Code, format string, args ...any) *Error {
	for i, a := range args {
		switch v := a.(type) {
		case []int64:
			args[i] = listArg[int64](v)
		case []int:
			args[i] = listArg[int](v)
		}
	}
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// listArg formats an integer slice in a message as "[5, 4]" under %v.
type listArg[T int | int64] []T

// Format writes the elements separated by ", " in brackets; other verbs
// format the elements as the plain slice would.
func (l listArg[T]) Format(f fmt.State, verb rune) {
	if verb != 'v' {
		fmt.Fprintf(f, fmt.FormatString(f, verb), []T(l))
		return
	}
	f.Write([]byte{'['})
	for i, x := range l {
		if i > 0 {
			f.Write([]byte(", "))
		}
		fmt.Fprint(f, x)
	}
	f.Write([]byte{']'})
}

// CodeOf returns the code of err: its own when err is an *Error, ErrTooLarge
// for the checked allocator's refusal (budget.TooLargeError), ErrCancelled
// for a call stopped by its cancel token, ErrInternal otherwise.
func CodeOf(err error) Code {
	if err == nil {
		return OK
	}
	if e, ok := err.(*Error); ok {
		return e.Code
	}
	var tl *budget.TooLargeError
	if errors.As(err, &tl) {
		return ErrTooLarge
	}
	if errors.Is(err, cancel.ErrCancelled) {
		return ErrCancelled
	}
	return ErrInternal
}
