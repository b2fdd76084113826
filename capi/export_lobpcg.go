package main

/*
#include "capi.h"
*/
import "C"

import (
	"runtime"
	"unsafe"

	"github.com/gosparse/gosparse/core/spectral"
	"github.com/gosparse/gosparse/core/tensor"
)

// lobpcgArgs are gs_lobpcg_ex's arguments besides the outputs.
type lobpcgArgs struct {
	a, b, x, ik     *C.gs_ctensor
	k, n, niter     C.int64_t
	tol             C.double
	largest, method C.int32_t
	seed            C.uint64_t
	strict          C.int32_t
	ortho           *C.gs_clobpcg_ortho
	tracker         C.gs_lobpcg_tracker_fn
	trackerUser     unsafe.Pointer
}

// gsgo_lobpcg_ex is torch.lobpcg with its ortho parameters and tracker.
//
//export gsgo_lobpcg_ex
func gsgo_lobpcg_ex(a *C.gs_ctensor, k C.int64_t, b, x *C.gs_ctensor, n C.int64_t, ik *C.gs_ctensor,
	niter C.int64_t, tol C.double, largest, method C.int32_t, seed C.uint64_t, strict C.int32_t,
	ortho *C.gs_clobpcg_ortho, tracker C.gs_lobpcg_tracker_fn, trackerUser unsafe.Pointer,
	e, xOut **C.gs_tensor, info *C.gs_lobpcg_info) (st C.gs_status) {
	const fn = "gs_lobpcg_ex"
	defer guard(fn, &st)
	return done(fn, lobpcgCall(fn, lobpcgArgs{a: a, k: k, b: b, x: x, n: n, ik: ik, niter: niter, tol: tol,
		largest: largest, method: method, seed: seed, strict: strict, ortho: ortho, tracker: tracker,
		trackerUser: trackerUser}, e, xOut, info))
}

// lobpcgCall looks the handles up, runs core/spectral's Lobpcg and registers
// E and X, all or none; info is written also when the run stopped short of
// tol under strict (ErrNoConvergence).
func lobpcgCall(fn string, c lobpcgArgs, e, xOut **C.gs_tensor, info *C.gs_lobpcg_info) error {
	outs := []**C.gs_tensor{e, xOut}
	if err := checkOuts([]string{"E", "X_out"}, outs); err != nil {
		return err
	}
	ha, err := lookup("A", c.a)
	if err != nil {
		return err
	}
	o := spectral.LobpcgOptions{K: clampInt(c.k), N: clampInt(c.n), Niter: clampInt(c.niter), Tol: float64(c.tol),
		Largest: c.largest != 0, Method: spectral.Method(c.method), Seed: uint64(c.seed), Strict: c.strict != 0}
	if c.ortho != nil {
		o.Ortho = &spectral.OrthoParams{IMax: clampInt(c.ortho.i_max), JMax: clampInt(c.ortho.j_max),
			Tol: float64(c.ortho.tol), TolDrop: float64(c.ortho.tol_drop), TolReplace: float64(c.ortho.tol_replace),
			UseDrop: c.ortho.use_drop != 0}
	}
	if c.tracker != nil {
		o.Tracker = cTracker(c.tracker, c.trackerUser)
	}
	hs := []*tensorHandle{ha}
	for _, opt := range []struct {
		name string
		t    *C.gs_ctensor
		dst  **tensor.Tensor
	}{{"B", c.b, &o.B}, {"X", c.x, &o.X}, {"iK", c.ik, &o.IK}} {
		t, h, err := optionalTensor(opt.name, opt.t)
		if err != nil {
			return err
		}
		if h != nil {
			*opt.dst = t
			hs = append(hs, h)
		}
	}
	res, err := spectral.Lobpcg(ha.t, o) // res carries the record also when err is ErrNoConvergence
	if info != nil && res != nil {
		*info = C.gs_lobpcg_info{iterations: C.int64_t(res.Iterations), converged: C.int64_t(res.Converged), residual: C.double(res.Residual), tol: C.double(res.Tol)}
	}
	if err != nil {
		return err
	}
	return registerResults(fn, hs, []*tensor.Tensor{res.E, res.X}, outs)
}

// cTracker wraps a C tracker as core/spectral's: the state's arrays are the
// solver's Go slices, pinned for the call so the C struct may point at them
// (the cgo rules), and the tracker runs on the calling thread.
func cTracker(fn C.gs_lobpcg_tracker_fn, user unsafe.Pointer) func(*spectral.TrackerState) bool {
	return func(s *spectral.TrackerState) bool {
		var pin runtime.Pinner
		defer pin.Unpin()
		ptr := func(v []float64) *C.double {
			pin.Pin(&v[0])
			return (*C.double)(unsafe.Pointer(&v[0]))
		}
		st := C.gs_lobpcg_state{iteration: C.int64_t(s.Iteration), converged: C.int64_t(s.Converged),
			m: C.int64_t(s.M), n: C.int64_t(s.N), k: C.int64_t(s.K), batch: C.int64_t(s.Batch),
			E: ptr(s.E), rerr: ptr(s.Rerr), X: ptr(s.X), R: ptr(s.R)}
		return C.gsi_call_lobpcg_tracker(fn, &st, user) != 0
	}
}
