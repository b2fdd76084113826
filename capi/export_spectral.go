package main

/*
#include "capi.h"
*/
import "C"

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/dispatch"
	"github.com/gosparse/gosparse/core/spectral"
	"github.com/gosparse/gosparse/core/tensor"
)

// The iterative and randomized spectral methods: handles looked up (NULL
// allowed where the header says so), the core/spectral call, every result
// registered or none.

// optionalTensor looks up t, which may be NULL (nil results then).
func optionalTensor(arg string, t *C.gs_ctensor) (*tensor.Tensor, *tensorHandle, error) {
	if t == nil {
		return nil, nil, nil
	}
	h, err := lookup(arg, t)
	if err != nil {
		return nil, nil, err
	}
	return h.t, h, nil
}

// registerResults registers ts, results of inputs hs without a backward
// formula, as registerOutcomes does: a result of inputs that require a
// gradient refuses at backward, naming fn.
func registerResults(fn string, hs []*tensorHandle, ts []*tensor.Tensor, outs []**C.gs_tensor) error {
	xs := make([]dispatch.Value, len(hs))
	for i, h := range hs {
		xs[i] = h.value("")
	}
	rs := make([]dispatch.Result, len(ts))
	for i, t := range ts {
		rs[i] = disp.Plain(fn, t, xs...)
	}
	return registerOutcomes(hs, rs, outs)
}

// registerOutcomes registers the results rs of a call on inputs hs as new
// handles written to outs, all or none (a failure frees those already
// made); the graph of a result with a backward formula keeps the inputs
// alive (keepSaved).
func registerOutcomes(hs []*tensorHandle, rs []dispatch.Result, outs []**C.gs_tensor) error {
	made := make([]*C.gs_tensor, 0, len(rs))
	for _, r := range rs {
		h, err := newVarHandle(r.Host, r.Var, nil)
		if err != nil {
			for _, m := range made {
				if old := tensors.remove(uint64(uintptr(unsafe.Pointer(m)))); old != nil {
					old.release()
				}
			}
			return err
		}
		made = append(made, h)
	}
	for i, r := range rs {
		if r.Saves {
			if n := r.Var.Fn(); n != nil {
				keepSaved(n, r.Host, hs)
			}
		}
		*outs[i] = made[i]
	}
	return nil
}

// checkOuts refuses NULL output pointers, naming them.
func checkOuts(names []string, outs []**C.gs_tensor) error {
	for i, o := range outs {
		if o == nil {
			return errNull(names[i])
		}
	}
	return nil
}

// gsgo_lobpcg is torch.lobpcg (gs_lobpcg_ex without ortho and tracker).
//
//export gsgo_lobpcg
func gsgo_lobpcg(a *C.gs_ctensor, k C.int64_t, b, x *C.gs_ctensor, n C.int64_t, ik *C.gs_ctensor,
	niter C.int64_t, tol C.double, largest, method C.int32_t, seed C.uint64_t, strict C.int32_t,
	e, xOut **C.gs_tensor, info *C.gs_lobpcg_info) (st C.gs_status) {
	const fn = "gs_lobpcg"
	defer guard(fn, &st)
	return done(fn, lobpcgCall(fn, lobpcgArgs{a: a, k: k, b: b, x: x, n: n, ik: ik, niter: niter, tol: tol,
		largest: largest, method: method, seed: seed, strict: strict}, e, xOut, info))
}

// lowrankArgs is the shared prologue of the low-rank factorizations: the
// U, S, V out-pointers checked and A looked up.
func lowrankArgs(a *C.gs_ctensor, u, s, v **C.gs_tensor) ([]**C.gs_tensor, *tensorHandle, error) {
	outs := []**C.gs_tensor{u, s, v}
	if err := checkOuts([]string{"U", "S", "V"}, outs); err != nil {
		return nil, nil, err
	}
	ha, err := lookup("A", a)
	return outs, ha, err
}

// gsgo_svd_lowrank is torch.svd_lowrank.
//
//export gsgo_svd_lowrank
func gsgo_svd_lowrank(a *C.gs_ctensor, q, niter C.int64_t, m *C.gs_ctensor, seed C.uint64_t, u, s, v **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_svd_lowrank"
	defer guard(fn, &st)
	outs, ha, err := lowrankArgs(a, u, s, v)
	if err != nil {
		return done(fn, err)
	}
	_, hm, err := optionalTensor("M", m)
	if err != nil {
		return done(fn, err)
	}
	hs, mv := []*tensorHandle{ha}, dispatch.Value{}
	if hm != nil {
		hs, mv = append(hs, hm), hm.value("M")
	}
	r, err := disp.SvdLowrank(ha.value("A"), mv, clampInt(q), clampInt(niter), uint64(seed))
	if err != nil {
		return done(fn, err)
	}
	return done(fn, registerOutcomes(hs, r[:], outs))
}

// gsgo_pca_lowrank is torch.pca_lowrank.
//
//export gsgo_pca_lowrank
func gsgo_pca_lowrank(a *C.gs_ctensor, q C.int64_t, center C.int32_t, niter C.int64_t, seed C.uint64_t, u, s, v **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_pca_lowrank"
	defer guard(fn, &st)
	outs, ha, err := lowrankArgs(a, u, s, v)
	if err != nil {
		return done(fn, err)
	}
	r, err := disp.PcaLowrank(ha.value("A"), clampInt(q), center != 0, clampInt(niter), uint64(seed))
	if err != nil {
		return done(fn, err)
	}
	return done(fn, registerOutcomes([]*tensorHandle{ha}, r[:], outs))
}

// gsgo_lowrank_draw writes the random matrix gs_svd_lowrank and
// gs_pca_lowrank draw for an m x n matrix, q and seed.
//
//export gsgo_lowrank_draw
func gsgo_lowrank_draw(m, n, q C.int64_t, seed C.uint64_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_lowrank_draw"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	r, err := spectral.LowrankDraw(clampInt(m), clampInt(n), clampInt(q), uint64(seed))
	if err != nil {
		return done(fn, err)
	}
	h, err := newVarHandle(r, nil, nil)
	if err != nil {
		return done(fn, err)
	}
	*out = h
	return done(fn, nil)
}

// clampInt converts an int64 argument to int, saturating (the core refuses
// the saturated values as out of range with the argument's name).
func clampInt(v C.int64_t) int {
	return int(max(min(int64(v), 1<<40), -(1 << 40)))
}
