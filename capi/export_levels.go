package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// The level model of a custom-format tensor is that of the COO tensor of
// its elements its handle keeps (tensorHandle.named), not its format's
// levels (gs_tensor_storage_level's).

// gsgo_tensor_num_levels writes the number of storage levels.
//
//export gsgo_tensor_num_levels
func gsgo_tensor_num_levels(t *C.gs_ctensor, out *C.int32_t) (st C.gs_status) {
	const fn = "gs_tensor_num_levels"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookupSlots("t", t) // no level reads the fill
	if err != nil {
		return done(fn, err)
	}
	n, err := h.named()
	if err != nil {
		return done(fn, err)
	}
	*out = C.int32_t(len(n.Levels()))
	return done(fn, nil)
}

// lookupLevel looks up t (a fill-slot tensor is fine: no level reads the
// fill) and returns its level l, or GS_ERR_INDEX when l is out of range.
func lookupLevel(t *C.gs_ctensor, l C.int32_t) (*tensorHandle, tensor.Level, error) {
	h, err := lookupSlots("t", t)
	if err != nil {
		return nil, tensor.Level{}, err
	}
	n, err := h.named()
	if err != nil {
		return nil, tensor.Level{}, err
	}
	ls := n.Levels()
	if l < 0 || int(l) >= len(ls) {
		return nil, tensor.Level{}, errs.Errorf(errs.ErrIndex, "level = %d is out of range: the tensor has %d levels", int32(l), len(ls))
	}
	return h, ls[l], nil
}

// gsgo_tensor_level_info writes a level's type, expression, extent and properties.
//
//export gsgo_tensor_level_info
func gsgo_tensor_level_info(t *C.gs_ctensor, l C.int32_t, kind, dim, expr *C.int32_t, c, size *C.int64_t, unique, ordered *C.int32_t) (st C.gs_status) {
	const fn = "gs_tensor_level_info"
	defer guard(fn, &st)
	for _, p := range []struct {
		name string
		nil  bool
	}{{"kind", kind == nil}, {"dim", dim == nil}, {"expr", expr == nil}, {"c", c == nil}, {"size", size == nil}, {"unique", unique == nil}, {"ordered", ordered == nil}} {
		if p.nil {
			return done(fn, errNull(p.name))
		}
	}
	_, lv, err := lookupLevel(t, l)
	if err != nil {
		return done(fn, err)
	}
	*kind, *dim, *size = abiKind(lv.Kind), C.int32_t(lv.Dim), C.int64_t(lv.Size)
	*expr, *c = abiExpr(lv.Expr)
	*unique, *ordered = boolInt(!lv.Nonunique), boolInt(!lv.Unordered)
	return done(fn, nil)
}

// abiKind is a named layout's level type as the C API numbers it (GS_LEVEL_*).
func abiKind(k format.Kind) C.int32_t {
	switch k {
	case format.Compressed:
		return C.GS_LEVEL_COMPRESSED
	case format.Singleton:
		return C.GS_LEVEL_SINGLETON
	}
	return C.GS_LEVEL_DENSE
}

// abiExpr is a named layout's level expression as the C API gives it: its
// operator (GS_EXPR_*) and constant, 1 for the bare dimension.
func abiExpr(e format.Expr) (C.int32_t, C.int64_t) {
	switch e.Op {
	case format.OpDiv:
		return C.GS_EXPR_DIV, C.int64_t(e.C)
	case format.OpMod:
		return C.GS_EXPR_MOD, C.int64_t(e.C)
	}
	return C.GS_EXPR_ID, 1
}

// levelArray is the shared body of gs_tensor_level_pos and gs_tensor_level_crd.
func levelArray(fn string, t *C.gs_ctensor, l C.int32_t, crd bool, out *C.gs_array) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, lv, err := lookupLevel(t, l)
	if err != nil {
		return done(fn, err)
	}
	switch {
	case crd && lv.Kind == format.Dense:
		return done(fn, errArg("level %d is dense: it stores no crd array", int32(l)))
	case !crd && lv.Kind != format.Compressed:
		return done(fn, errArg("level %d is %s: only compressed levels store a pos array", int32(l), lv.Kind))
	}
	a, err := h.lend(lendKey{comp: -1, level: int32(l), crd: crd}, func() (dtype.Array, error) {
		if crd {
			return lv.Crd, lendable("crd", lv.Crd)
		}
		return lv.Pos, lendable("pos", lv.Pos)
	})
	if err != nil {
		return done(fn, err)
	}
	lendArray(a, out)
	return done(fn, nil)
}

// gsgo_tensor_level_pos lends the pos array of a compressed level.
//
//export gsgo_tensor_level_pos
func gsgo_tensor_level_pos(t *C.gs_ctensor, l C.int32_t, out *C.gs_array) (st C.gs_status) {
	const fn = "gs_tensor_level_pos"
	defer guard(fn, &st)
	return levelArray(fn, t, l, false, out)
}

// gsgo_tensor_level_crd lends the crd array of a compressed or singleton level.
//
//export gsgo_tensor_level_crd
func gsgo_tensor_level_crd(t *C.gs_ctensor, l C.int32_t, out *C.gs_array) (st C.gs_status) {
	const fn = "gs_tensor_level_crd"
	defer guard(fn, &st)
	return levelArray(fn, t, l, true, out)
}
