package main

/*
#include "capi.h"
*/
import "C"

import (
	"strconv"
	"unsafe"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// Lend keys of the format storage: level arrays under storageComp, the
// values under storageValues (the components use gs_component codes >= 0,
// the level model's getters -1).
const (
	storageComp   = -2
	storageValues = -3
)

// checkTextOut checks the (buf, cap, needed) triple of a text getter.
func checkTextOut(buf *C.char, capacity C.int64_t, needed *C.int64_t, bufName string) error {
	switch {
	case needed == nil:
		return errNull("needed")
	case capacity < 0:
		return errArg("cap = %d must be >= 0", int64(capacity))
	case buf == nil && capacity > 0:
		return errArg("%s is NULL but cap = %d", bufName, int64(capacity))
	}
	return nil
}

// writeText copies s into buf (at most cap bytes, NUL-terminated when cap > 0)
// and its full length into needed.
func writeText(s string, buf *C.char, capacity C.int64_t, needed *C.int64_t) {
	if capacity > 0 {
		n := min(int64(len(s)), int64(capacity)-1)
		dst := unsafe.Slice((*byte)(unsafe.Pointer(buf)), n+1)
		copy(dst, s[:n])
		dst[n] = 0
	}
	*needed = C.int64_t(len(s))
}

// parseFormat reads a format text argument: parsed and validated.
func parseFormat(arg string, text *C.gs_cchar) (format.Format, error) {
	if text == nil {
		return format.Format{}, errNull(arg)
	}
	f, err := format.Parse(C.GoString((*C.char)(text)))
	if err != nil {
		return format.Format{}, errArg("%s: %v", arg, err)
	}
	return f, nil
}

// gsgo_format_check parses and validates a format text and writes its canonical text.
//
//export gsgo_format_check
func gsgo_format_check(text *C.gs_cchar, canonical *C.char, capacity C.int64_t, needed *C.int64_t) (st C.gs_status) {
	const fn = "gs_format_check"
	defer guard(fn, &st)
	if err := checkTextOut(canonical, capacity, needed, "canonical"); err != nil {
		return done(fn, err)
	}
	f, err := parseFormat("text", text)
	if err != nil {
		return done(fn, err)
	}
	writeText(f.String(), canonical, capacity, needed)
	return done(fn, nil)
}

// gsgo_tensor_format writes t's format as canonical text.
//
//export gsgo_tensor_format
func gsgo_tensor_format(t *C.gs_ctensor, buf *C.char, capacity C.int64_t, needed *C.int64_t) (st C.gs_status) {
	const fn = "gs_tensor_format"
	defer guard(fn, &st)
	if err := checkTextOut(buf, capacity, needed, "buf"); err != nil {
		return done(fn, err)
	}
	h, err := lookup("t", t)
	if err != nil {
		return done(fn, err)
	}
	writeText(h.t.Format().String(), buf, capacity, needed)
	return done(fn, nil)
}

// gsgo_to_format converts t to the format given as text.
//
//export gsgo_to_format
func gsgo_to_format(t *C.gs_ctensor, text *C.gs_cchar, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_to_format"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	f, err := parseFormat("format", text)
	if err != nil {
		return done(fn, err)
	}
	return unary(fn, t, out, func(x *tensor.Tensor) (*tensor.Tensor, error) { return convert.ToFormat(x, f) })
}

// storageOf looks up t and returns its storage in its format.
func storageOf(t *C.gs_ctensor) (*tensorHandle, *tensor.UST, error) {
	h, err := lookup("t", t)
	if err != nil {
		return nil, nil, err
	}
	u, err := h.t.USTStorage()
	return h, u, err
}

// gsgo_tensor_storage_sizes writes the number of levels, their extents and nse.
//
//export gsgo_tensor_storage_sizes
func gsgo_tensor_storage_sizes(t *C.gs_ctensor, levelSizes *C.int64_t, capacity C.int32_t, numLevels *C.int32_t, nse *C.int64_t) (st C.gs_status) {
	const fn = "gs_tensor_storage_sizes"
	defer guard(fn, &st)
	switch {
	case numLevels == nil:
		return done(fn, errNull("num_levels"))
	case nse == nil:
		return done(fn, errNull("nse"))
	case capacity < 0:
		return done(fn, errArg("cap = %d must be >= 0", int32(capacity)))
	case levelSizes == nil && capacity > 0:
		return done(fn, errArg("level_sizes is NULL but cap = %d", int32(capacity)))
	}
	_, u, err := storageOf(t)
	if err != nil {
		return done(fn, err)
	}
	if capacity > 0 {
		dst := unsafe.Slice((*int64)(unsafe.Pointer(levelSizes)), int(capacity))
		copy(dst, u.LevelSizes)
	}
	*numLevels = C.int32_t(len(u.LevelSizes))
	*nse = C.int64_t(u.NSE())
	return done(fn, nil)
}

// lendStorage lends one array of t's format storage under key k; an array
// the level does not store reads as data NULL, shape {0}, of the storage's
// index dtype (int64 for a strided tensor, which has none).
func lendStorage(h *tensorHandle, k lendKey, a dtype.Array, out *C.gs_array) error {
	if out == nil {
		return nil
	}
	if a.Data == nil {
		idx := dtype.Int64
		if h.t.IndexWidth() == 32 {
			idx = dtype.Int32
		}
		*out = C.gs_array{dtype: C.gs_dtype(idx), ndim: 1}
		return nil
	}
	lent, err := h.lend(k, func() (dtype.Array, error) { return a, nil })
	if err != nil {
		return err
	}
	lendArray(lent, out)
	return nil
}

// gsgo_tensor_storage_level lends a level's pos and crd arrays.
//
//export gsgo_tensor_storage_level
func gsgo_tensor_storage_level(t *C.gs_ctensor, level C.int32_t, pos, crd *C.gs_array) (st C.gs_status) {
	const fn = "gs_tensor_storage_level"
	defer guard(fn, &st)
	h, u, err := storageOf(t)
	if err != nil {
		return done(fn, err)
	}
	if level < 0 || int(level) >= len(u.Pos) {
		return done(fn, errs.Errorf(errs.ErrIndex, "level = %d is out of range: the format %s has %d levels", int32(level), u.Format, len(u.Pos)))
	}
	if err := lendStorage(h, lendKey{comp: storageComp, level: int32(level)}, u.Pos[level], pos); err != nil {
		return done(fn, err)
	}
	return done(fn, lendStorage(h, lendKey{comp: storageComp, level: int32(level), crd: true}, u.Crd[level], crd))
}

// gsgo_tensor_storage_values lends the values, padding included.
//
//export gsgo_tensor_storage_values
func gsgo_tensor_storage_values(t *C.gs_ctensor, values *C.gs_array) (st C.gs_status) {
	const fn = "gs_tensor_storage_values"
	defer guard(fn, &st)
	if values == nil {
		return done(fn, errNull("values"))
	}
	h, u, err := storageOf(t)
	if err != nil {
		return done(fn, err)
	}
	return done(fn, lendStorage(h, lendKey{comp: storageValues, level: -1}, u.Values, values))
}

// readLevelArrays reads the n level arrays at list (pos or crd) through get
// (copyArray, or a borrow's wrap); an entry with data NULL and no elements
// is a level without that array.
func readLevelArrays(name string, list *C.gs_carray, n int, get arrayFn) ([]dtype.Array, error) {
	if list == nil {
		return nil, errNull(name)
	}
	out := make([]dtype.Array, n)
	entries := unsafe.Slice(list, n)
	for l := range entries {
		// Read in place, never copied onto the Go stack: an entry's data may
		// be a dangling pointer of an empty slice (Rust's 0x4), which a Go
		// stack frame must not hold (readArray drops it).
		a := &entries[l]
		if a.data == nil && (a.ndim == 0 || a.ndim == 1 && a.shape[0] == 0) {
			continue
		}
		arg := name + "[" + strconv.Itoa(l) + "]"
		x, err := get(arg, a)
		if err != nil {
			return nil, err
		}
		out[l] = x
	}
	return out, nil
}

// gsgo_sparse_format_from builds a tensor of any format from copies of its storage.
//
//export gsgo_sparse_format_from
func gsgo_sparse_format_from(text *C.gs_cchar, ndim C.int32_t, size *C.gs_cint64, numLevels C.int32_t, pos, crd, values *C.gs_carray, flags C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sparse_format_from"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	// NewFromFormat copies what it keeps: a copy here would be a second one,
	// the process growing by twice the storage.
	t, err := buildFormat(text, ndim, size, numLevels, pos, crd, values, flags, viewToCopy, convert.NewFromFormat)
	return finishNew(fn, t, err, nil, out)
}

// gsgo_sparse_format_wrap builds a tensor of any format over the caller's storage arrays.
//
//export gsgo_sparse_format_wrap
func gsgo_sparse_format_wrap(text *C.gs_cchar, ndim C.int32_t, size *C.gs_cint64, numLevels C.int32_t, pos, crd, values *C.gs_carray, flags C.int32_t, release C.gs_release_fn, ctx unsafe.Pointer, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sparse_format_wrap"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	b := &borrow{release: release, ctx: ctx}
	t, err := buildFormat(text, ndim, size, numLevels, pos, crd, values, flags, b.wrap, convert.WrapFormat)
	return finishWrap(fn, t, err, b, out)
}

// buildFormat checks the arguments of gs_sparse_format_from/_wrap, reads the
// arrays through get and builds the tensor with build.
func buildFormat(text *C.gs_cchar, ndim C.int32_t, size *C.gs_cint64, numLevels C.int32_t, pos, crd, values *C.gs_carray, flags C.int32_t, get arrayFn,
	build func(format.Format, []int64, []dtype.Array, []dtype.Array, dtype.Array) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	f, err := parseFormat("format", text)
	if err != nil {
		return nil, err
	}
	if _, err := readFlags(flags, false); err != nil {
		return nil, err
	}
	if int(ndim) != f.NumDims() || ndim < 0 || ndim > C.GS_MAX_NDIM {
		return nil, errArg("ndim = %d: the format %s has %d dimensions", int32(ndim), f, f.NumDims())
	}
	var sz []int64
	if ndim > 0 {
		if size == nil {
			return nil, errNull("size")
		}
		if sz, err = readInt64s("size", size, int(ndim)); err != nil {
			return nil, err
		}
	}
	if int(numLevels) != f.NumLevels() {
		return nil, errArg("num_levels = %d: the format %s has %d levels", int32(numLevels), f, f.NumLevels())
	}
	var ps, cs []dtype.Array
	if numLevels > 0 {
		if ps, err = readLevelArrays("pos", pos, int(numLevels), get); err != nil {
			return nil, err
		}
		if cs, err = readLevelArrays("crd", crd, int(numLevels), get); err != nil {
			return nil, err
		}
	}
	vals, err := get("values", values)
	if err != nil {
		return nil, err
	}
	return build(f, sz, ps, cs, vals)
}
