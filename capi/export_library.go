package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// Static C names for gs_dtype_name and gs_layout_name, made once and never
// freed: the header promises static storage.
var (
	dtypeNames  = map[dtype.DType]*C.char{}
	layoutNames = map[tensor.Layout]*C.char{}
)

// init makes the static names once.
func init() {
	for _, d := range dtype.AllDTypes {
		dtypeNames[d] = C.CString(d.String())
	}
	for _, l := range append(tensor.AllLayouts, tensor.Custom) {
		layoutNames[l] = C.CString(l.String())
	}
}

// gsgo_version_numbers writes the library's version numbers.
//
//export gsgo_version_numbers
func gsgo_version_numbers(major, minor, patch *C.int32_t) (st C.gs_status) {
	const fn = "gs_version_numbers"
	defer guard(fn, &st)
	switch {
	case major == nil:
		return done(fn, errNull("major"))
	case minor == nil:
		return done(fn, errNull("minor"))
	case patch == nil:
		return done(fn, errNull("patch"))
	}
	*major, *minor, *patch = C.GS_VERSION_MAJOR, C.GS_VERSION_MINOR, C.GS_VERSION_PATCH
	return done(fn, nil)
}

// gsgo_live_handles returns the number of tensors (gs_tensor and gs_semi)
// created and not yet freed.
//
//export gsgo_live_handles
func gsgo_live_handles() C.int64_t { return C.int64_t(tensors.count() + semis.count()) }

// gsgo_set_memory_limit sets the largest single result, in bytes.
//
//export gsgo_set_memory_limit
func gsgo_set_memory_limit(bytes C.int64_t) (st C.gs_status) {
	const fn = "gs_set_memory_limit"
	defer guard(fn, &st)
	return done(fn, tensor.SetMemoryLimit(int64(bytes)))
}

// gsgo_get_memory_limit writes the current memory limit in bytes.
//
//export gsgo_get_memory_limit
func gsgo_get_memory_limit(bytes *C.int64_t) (st C.gs_status) {
	const fn = "gs_get_memory_limit"
	defer guard(fn, &st)
	if bytes == nil {
		return done(fn, errNull("bytes"))
	}
	*bytes = C.int64_t(tensor.MemoryLimit())
	return done(fn, nil)
}

// gsgo_dtype_name writes torch's name of a dtype ("float64"), a static string.
//
//export gsgo_dtype_name
func gsgo_dtype_name(code C.gs_dtype, name **C.gs_cchar) (st C.gs_status) {
	const fn = "gs_dtype_name"
	defer guard(fn, &st)
	if name == nil {
		return done(fn, errNull("name"))
	}
	d := dtype.DType(code)
	if err := dtype.CheckDType("dtype", d); err != nil {
		return done(fn, err)
	}
	*name = (*C.gs_cchar)(dtypeNames[d])
	return done(fn, nil)
}

// gsgo_layout_name writes torch's name of a layout ("sparse_csr"), a static string.
//
//export gsgo_layout_name
func gsgo_layout_name(layout C.gs_layout, name **C.gs_cchar) (st C.gs_status) {
	const fn = "gs_layout_name"
	defer guard(fn, &st)
	if name == nil {
		return done(fn, errNull("name"))
	}
	l := tensor.Layout(layout)
	if l != tensor.Custom {
		var err error
		if l, err = checkLayout(layout); err != nil {
			return done(fn, err)
		}
	}
	*name = (*C.gs_cchar)(layoutNames[l])
	return done(fn, nil)
}

// checkLayout converts a gs_layout, refusing unknown codes.
func checkLayout(layout C.gs_layout) (tensor.Layout, error) {
	l := tensor.Layout(layout)
	if l == tensor.Custom {
		return 0, errArg("layout = %d (custom) is a tensor's own format, not a layout to make or convert to: use gs_to_format with the format text", int32(layout))
	}
	if !l.Valid() {
		return 0, errArg("layout = %d is not a gs_layout (GS_STRIDED..GS_SPARSE_CSF)", int32(layout))
	}
	return l, nil
}
