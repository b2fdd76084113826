package main

/*
#include "capi.h"
*/
import "C"

import (
	"bytes"
	"unsafe"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/mmio"
	"github.com/gosparse/gosparse/core/tensor"
)

// gsgo_mm_read reads a Matrix Market file: coordinate files give a coalesced
// COO tensor, array files a strided one.
//
//export gsgo_mm_read
func gsgo_mm_read(path *C.gs_cchar, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_mm_read"
	defer guard(fn, &st)
	switch {
	case out == nil:
		return done(fn, errNull("out"))
	case path == nil:
		return done(fn, errNull("path"))
	}
	t, err := mmio.Read(C.GoString((*C.char)(path)))
	return finishNew(fn, t, err, nil, out)
}

// gsgo_mm_read_buffer reads a Matrix Market file's contents (compressed or
// not) from C memory, which is read only during the call.
//
//export gsgo_mm_read_buffer
func gsgo_mm_read_buffer(data *C.gs_cvoid, size C.int64_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_mm_read_buffer"
	defer guard(fn, &st)
	switch {
	case out == nil:
		return done(fn, errNull("out"))
	case size < 0:
		return done(fn, errs.Errorf(errs.ErrInvalidArgument, "size = %d must not be negative", int64(size)))
	case data == nil && size > 0:
		return done(fn, errNull("data"))
	}
	var b []byte
	if size > 0 {
		b = unsafe.Slice((*byte)(unsafe.Pointer(data)), int64(size))
	}
	t, err := mmio.ReadFrom(bytes.NewReader(b))
	return finishNew(fn, t, err, nil, out)
}

// gsgo_mm_write writes a 1-D or 2-D tensor as a Matrix Market file.
//
//export gsgo_mm_write
func gsgo_mm_write(path *C.gs_cchar, t *C.gs_ctensor) (st C.gs_status) {
	const fn = "gs_mm_write"
	defer guard(fn, &st)
	return done(fn, mmWrite(path, t, mmio.Write))
}

// gsgo_mm_write_opts writes a 1-D or 2-D tensor with SciPy's mmwrite options.
//
//export gsgo_mm_write_opts
func gsgo_mm_write_opts(path *C.gs_cchar, t *C.gs_ctensor, opts *C.gs_cmm_write_options) (st C.gs_status) {
	const fn = "gs_mm_write_opts"
	defer guard(fn, &st)
	var o mmio.WriteOptions
	if opts != nil {
		o = mmio.WriteOptions{Comment: optString(opts.comment), Field: optString(opts.field),
			Precision: int(opts.precision), Symmetry: optString(opts.symmetry)}
	}
	return done(fn, mmWrite(path, t, func(p string, t *tensor.Tensor) error { return mmio.WriteWith(p, t, o) }))
}

// mmWrite is the shared body of the Matrix Market writers: path and t
// checked and looked up, then write run on them.
func mmWrite(path *C.gs_cchar, t *C.gs_ctensor, write func(path string, t *tensor.Tensor) error) error {
	if path == nil {
		return errNull("path")
	}
	h, err := lookup("t", t)
	if err != nil {
		return err
	}
	return write(C.GoString((*C.char)(path)), h.t)
}

// optString reads an optional C string ("" for NULL).
func optString(s *C.char) string {
	if s == nil {
		return ""
	}
	return C.GoString(s)
}
