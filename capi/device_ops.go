package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/device"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// The translations between the exports' arguments and core/device for the
// operations with a GPU path (registered by finishDevice); what the device
// path cannot honour (an output layout, a block size) is refused by name.

// scaledOnDevice is the GPU path of scaledProduct (gs_sampled_addmm only).
func scaledOnDevice(fn, nameM1, nameM2 string, input, m1, m2 *C.gs_ctensor, beta, alpha dtype.Scalar, out **C.gs_tensor) (C.gs_status, bool) {
	ds, on, err := deviceOperands(fn, []string{"input", nameM1, nameM2}, input, m1, m2)
	if !on {
		return 0, false
	}
	if err != nil {
		return done(fn, err), true
	}
	if fn != "gs_sampled_addmm" {
		return done(fn, device.Refuse(fn, "input", ds[0])), true
	}
	if beta.Im() != 0 || alpha.Im() != 0 {
		return done(fn, errs.Errorf(errs.ErrUnsupported, "%s: complex beta or alpha has no GPU path", fn)), true
	}
	return finishDevice(fn, out)(device.SampledAddmm(fn, ds[0], ds[1], ds[2], beta.Re(), alpha.Re())), true
}
