package main

/*
#include "capi.h"
*/
import "C"

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/explain"
	"github.com/gosparse/gosparse/core/tensor"
)

// explainJSON is the JSON gs_explain writes (core/explain's Result).
type explainJSON struct {
	Op          string            `json:"op"`
	Operands    []string          `json:"operands"`
	Path        string            `json:"path"`
	Kernel      string            `json:"kernel"`
	Converts    []explainConvJSON `json:"converts"`
	OutputBytes int64             `json:"output_bytes"`
	Bytes       int64             `json:"bytes"`
	Notes       []string          `json:"notes"`
	Best        explainBestJSON   `json:"best"`
}

type explainConvJSON struct {
	Operand string `json:"operand"`
	From    string `json:"from"`
	To      string `json:"to"`
	Bytes   int64  `json:"bytes"`
}

type explainBestJSON struct {
	Format string `json:"format"`
	Rule   string `json:"rule"`
	Why    string `json:"why"`
}

// explainOptions is the options JSON object of gs_explain.
type explainOptions struct {
	Number *json.Number `json:"number"`
	Bool   *bool        `json:"bool"`
	Dims   []int        `json:"dims"`
	Dim0   int          `json:"dim0"`
	Dim1   int          `json:"dim1"`
	Where  []any        `json:"where"`
}

// gsgo_explain writes, as JSON, how op would run on the n operands.
//
//export gsgo_explain
func gsgo_explain(op *C.gs_cchar, operands *C.gs_ctensor_elem, n C.int32_t, options *C.gs_cchar, buf *C.char, capacity C.int64_t, needed *C.int64_t) (st C.gs_status) {
	const fn = "gs_explain"
	defer guard(fn, &st)
	if err := checkTextOut(buf, capacity, needed, "buf"); err != nil {
		return done(fn, err)
	}
	if op == nil {
		return done(fn, errNull("op"))
	}
	if operands == nil && n != 0 {
		return done(fn, errNull("operands"))
	}
	if n < 0 {
		return done(fn, errArg("n = %d must be >= 0", int32(n)))
	}
	ts := make([]*tensor.Tensor, 0, min(int(n), 8))
	if n > 0 {
		for i, e := range unsafe.Slice(operands, int(n)) {
			arg := "operands[" + strconv.Itoa(i) + "]"
			h, err := lookupLive(arg, e)
			if err != nil {
				return done(fn, err)
			}
			if h.dev != nil {
				return done(fn, errs.Errorf(errs.ErrUnsupported, "%s is %s: explain describes the host dispatch; move it to the host first", arg, h.dev))
			}
			ts = append(ts, h.t)
		}
	}
	o, err := readExplainOptions(options)
	if err != nil {
		return done(fn, err)
	}
	r, err := explain.Explain(C.GoString((*C.char)(op)), ts, o)
	if err != nil {
		return done(fn, err)
	}
	out := explainJSON{Op: r.Op, Operands: r.Operands, Path: r.Path, Kernel: r.Kernel, Converts: []explainConvJSON{},
		OutputBytes: r.OutputBytes, Bytes: r.Bytes, Notes: r.Notes, Best: explainBestJSON(r.Best)}
	if out.Notes == nil {
		out.Notes = []string{}
	}
	for _, c := range r.Converts {
		out.Converts = append(out.Converts, explainConvJSON(c))
	}
	text, err := json.Marshal(out)
	if err != nil {
		return done(fn, errs.Errorf(errs.ErrInternal, "%s: %v", fn, err))
	}
	writeText(string(text), buf, capacity, needed)
	return done(fn, nil)
}

// readExplainOptions parses gs_explain's options (NULL or "": none).
func readExplainOptions(text *C.gs_cchar) (explain.Options, error) {
	var o explain.Options
	if text == nil {
		return o, nil
	}
	s := C.GoString((*C.char)(text))
	if s == "" {
		return o, nil
	}
	var raw explainOptions
	d := json.NewDecoder(bytes.NewReader([]byte(s)))
	d.UseNumber()
	d.DisallowUnknownFields()
	if err := d.Decode(&raw); err != nil {
		return o, errArg("options: %v (expected a JSON object of number, bool, dims, dim0, dim1, where)", err)
	}
	if raw.Where != nil {
		if len(raw.Where) != 2 {
			return o, errArg("options: where has %d elements (expected [x, y], each null for a tensor operand, a number or a bool)", len(raw.Where))
		}
		for i, v := range raw.Where {
			n, ok, err := explainNumber(v)
			if err != nil {
				return o, errArg("options: where[%d]: %v", i, err)
			}
			if ok {
				o.Where[i] = &n
			}
		}
	}
	switch {
	case raw.Number != nil && raw.Bool != nil:
		return o, errArg("options: give number or bool, not both")
	case raw.Bool != nil:
		n := dtype.BoolNumber(*raw.Bool)
		o.Number = &n
	case raw.Number != nil:
		n, _, err := explainNumber(*raw.Number)
		if err != nil {
			return o, errArg("options: number: %v", err)
		}
		o.Number = &n
	}
	o.Dims, o.Dim0, o.Dim1 = raw.Dims, raw.Dim0, raw.Dim1
	return o, nil
}

// explainNumber reads one number of gs_explain's options: a JSON integer
// (int64), another number (float64) or a bool; ok is false for null.
func explainNumber(v any) (n dtype.Number, ok bool, err error) {
	switch v := v.(type) {
	case nil:
		return n, false, nil
	case bool:
		return dtype.BoolNumber(v), true, nil
	case json.Number:
		if i, err := v.Int64(); err == nil {
			return dtype.IntNumber(i), true, nil
		}
		if f, err := v.Float64(); err == nil {
			return dtype.FloatNumber(f), true, nil
		}
		return n, false, errs.Errorf(errs.ErrInvalidArgument, "%s is not a number", v.String())
	}
	return n, false, errs.Errorf(errs.ErrInvalidArgument, "%v is not null, a number or a bool", v)
}
