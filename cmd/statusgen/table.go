package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// names is what each layer calls a status code. The codes and their meanings
// come from the header; a code there that is missing here (or the reverse)
// stops the generator, so a new code gets its names in every layer at once.
type names struct {
	Go     string // core/errs constant
	Python string // exception class of gosparse._errors
	Rust   string // ErrorKind variant
	Words  string // the Rust kind's Display words
}

// table maps each C status name to its names in the other layers.
var table = map[string]names{
	"GS_OK":                   {"OK", "", "", ""},
	"GS_ERR_INVALID_ARGUMENT": {"ErrInvalidArgument", "InvalidArgumentError", "InvalidArgument", "invalid argument"},
	"GS_ERR_INVALID_HANDLE":   {"ErrInvalidHandle", "InvalidHandleError", "InvalidHandle", "invalid handle"},
	"GS_ERR_INDEX":            {"ErrIndex", "OutOfRangeError", "Index", "index out of range"},
	"GS_ERR_DTYPE":            {"ErrDType", "DTypeError", "DType", "dtype error"},
	"GS_ERR_TOO_LARGE":        {"ErrTooLarge", "TooLargeError", "TooLarge", "too large"},
	"GS_ERR_NOT_IMPLEMENTED":  {"ErrNotImplemented", "NotSupportedError", "NotImplemented", "not implemented"},
	"GS_ERR_IO":               {"ErrIO", "FileFormatError", "Io", "I/O or file format error"},
	"GS_ERR_INTERNAL":         {"ErrInternal", "InternalError", "Internal", "internal error"},
	"GS_ERR_FORKED":           {"ErrForked", "ForkedProcessError", "Forked", "used in a forked child"},
	"GS_ERR_UNSUPPORTED":      {"ErrUnsupported", "UnsupportedError", "Unsupported", "unsupported here"},
	"GS_ERR_NO_CONVERGENCE":   {"ErrNoConvergence", "ConvergenceError", "NoConvergence", "no convergence"},
	"GS_ERR_CANCELLED":        {"ErrCancelled", "CancelledError", "Cancelled", "cancelled"},
	"GS_ERR_NOT_FOUND":        {"ErrNotFound", "MissingFileError", "NotFound", "file not found"},
	"GS_ERR_PERMISSION":       {"ErrPermission", "FilePermissionError", "PermissionDenied", "permission denied"},
}

// status is one status code of the header.
type status struct {
	C    string // GS_ERR_INDEX
	Code int
	Doc  string // the header's comment: what the code means
	names
}

// statusLine matches "#define GS_ERR_X (-3) /* doc */" and "#define GS_OK 0".
var statusLine = regexp.MustCompile(`^#define (GS_OK|GS_ERR_[A-Z_]+)\s+\(?(-?\d+)\)?\s*(?:/\*\s*(.*?)\s*\*/)?\s*$`)

// parseStatuses returns the status codes of the header, in its order.
func parseStatuses(src string) ([]status, error) {
	var out []status
	seen := map[int]string{}
	for _, line := range strings.Split(src, "\n") {
		m := statusLine.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		code, err := strconv.Atoi(m[2])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", m[1], err)
		}
		if other, ok := seen[code]; ok {
			return nil, fmt.Errorf("%s and %s share the code %d", other, m[1], code)
		}
		seen[code] = m[1]
		doc := m[3]
		if m[1] == "GS_OK" {
			doc = "success"
		}
		if doc == "" {
			return nil, fmt.Errorf("%s has no comment saying what it means", m[1])
		}
		out = append(out, status{C: m[1], Code: code, Doc: doc})
	}
	if len(out) < 2 {
		return nil, fmt.Errorf("found %d status codes: is this gosparse.h?", len(out))
	}
	return out, nil
}

// joinTable gives each header status its names in the other layers.
func joinTable(codes []status) ([]status, error) {
	inHeader := map[string]bool{}
	for i := range codes {
		n, ok := table[codes[i].C]
		if !ok {
			return nil, fmt.Errorf("%s has no entry in cmd/statusgen's table: give it its Go, Python and Rust names", codes[i].C)
		}
		codes[i].names = n
		inHeader[codes[i].C] = true
	}
	for c := range table {
		if !inHeader[c] {
			return nil, fmt.Errorf("cmd/statusgen's table names %s, which the header does not define", c)
		}
	}
	return codes, nil
}
