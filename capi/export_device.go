package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/device"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/cuda"
)

// Device-resident tensors: the move between host and device, the device
// query, and the shared bodies with which the exports that have a GPU path
// hand device operands to core/device.

// gsgo_cuda_device_count writes the number of CUDA devices present (0
// without a driver or GPU); a build without CUDA writes 0 and refuses.
//
//export gsgo_cuda_device_count
func gsgo_cuda_device_count(out *C.int32_t) (st C.gs_status) {
	const fn = "gs_cuda_device_count"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	*out = 0
	if !cuda.Built {
		return done(fn, errs.Errorf(errs.ErrUnsupported, "built without CUDA (rebuild with make cuda to use a GPU)"))
	}
	n, err := cuda.DeviceCount()
	if err != nil {
		return done(fn, errs.Errorf(errs.ErrInternal, "%v", err))
	}
	*out = C.int32_t(n)
	return done(fn, nil)
}

// gsgo_to_device writes a copy of t on the device (deviceType kDLCPU = 1 or
// kDLCUDA = 2, DLPack's codes; deviceID the CUDA device, 0 for the CPU).
//
//export gsgo_to_device
func gsgo_to_device(t *C.gs_ctensor, deviceType, deviceID C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_to_device"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookupAny("t", t)
	if err != nil {
		return done(fn, err)
	}
	id := int(deviceID)
	switch deviceType {
	case device.CPU:
		if id != 0 {
			return done(fn, errArg("device_id %d: the CPU (kDLCPU) has device_id 0 only", id))
		}
		if h.dev == nil {
			return finishNew(fn, tensor.Clone(h.t), nil, h, out)
		}
		r, err := device.ToHost(h.dev)
		return finishNew(fn, r, err, nil, out)
	case device.CUDA:
		if h.dev != nil {
			if h.dev.Device() != id {
				return done(fn, errs.Errorf(errs.ErrUnsupported, "t is on cuda:%d: a copy between devices has no path yet; go through the host", h.dev.Device()))
			}
			return finishDevice(fn, out)(device.Clone(h.dev))
		}
		if !cuda.Built {
			return done(fn, errs.Errorf(errs.ErrUnsupported, "device_type kDLCUDA: built without CUDA (rebuild with make cuda to use a GPU)"))
		}
		return finishDevice(fn, out)(device.ToDevice(h.t, id))
	}
	return done(fn, errArg("device_type %d: expected kDLCPU (1) or kDLCUDA (2)", int(deviceType)))
}

// gsgo_tensor_device writes where t's storage lives: kDLCPU (1) and 0, or
// kDLCUDA (2) and the CUDA device.
//
//export gsgo_tensor_device
func gsgo_tensor_device(t *C.gs_ctensor, deviceType, deviceID *C.int32_t) (st C.gs_status) {
	const fn = "gs_tensor_device"
	defer guard(fn, &st)
	if deviceType == nil {
		return done(fn, errNull("device_type"))
	}
	if deviceID == nil {
		return done(fn, errNull("device_id"))
	}
	h, err := lookupAny("t", t)
	if err != nil {
		return done(fn, err)
	}
	*deviceType, *deviceID = device.CPU, 0
	if h.dev != nil {
		*deviceType, *deviceID = device.CUDA, C.int32_t(h.dev.Device())
	}
	return done(fn, nil)
}

// finishDevice registers a device result into *out; it returns a function
// of the result so that callers write finishDevice(fn, out)(op(...)).
func finishDevice(fn string, out **C.gs_tensor) func(d *device.Tensor, err error) C.gs_status {
	return func(d *device.Tensor, err error) C.gs_status {
		if err != nil {
			return done(fn, err)
		}
		h, err := registerTensor(&tensorHandle{dev: d})
		if err != nil {
			_ = d.Free()
			return done(fn, err)
		}
		*out = h
		return done(fn, nil)
	}
}

// deviceProperties are the property getters a device tensor answers from
// its host-side metadata.
var deviceProperties = map[string]func(d *device.Tensor) int64{
	"gs_tensor_layout":       func(d *device.Tensor) int64 { return int64(d.Layout()) },
	"gs_tensor_dtype":        func(d *device.Tensor) int64 { return int64(d.DType()) },
	"gs_tensor_ndim":         func(d *device.Tensor) int64 { return int64(len(d.Shape())) },
	"gs_tensor_nnz":          func(d *device.Tensor) int64 { return d.NNZ() },
	"gs_tensor_index_width":  func(d *device.Tensor) int64 { return int64(d.IndexWidth()) },
	"gs_tensor_sparse_dim":   func(d *device.Tensor) int64 { return int64(d.SparseDim()) },
	"gs_tensor_is_coalesced": func(d *device.Tensor) int64 { return int64(boolInt(d.IsCoalesced())) },
	"gs_tensor_dense_dim":    func(*device.Tensor) int64 { return 0 }, // device tensors have none
	"gs_tensor_batch_dim":    func(*device.Tensor) int64 { return 0 },
}
