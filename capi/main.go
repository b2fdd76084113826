// Command capi is libgosparse: the C ABI of include/gosparse.h, built with
// -buildmode=c-shared (libgosparse.so) and -buildmode=c-archive
// (libgosparse.a). It translates handles to tensors, C arrays to
// dtype.Array, errors to status codes and panics to statuses; every
// computation lives in core. It is not translation only, today: some exports
// choose a device-resident tensor or the host path (device_ops.go), record
// autograd nodes (autograd_record.go, autograd_ops.go) and opt into per-slot
// and undefined fills (export_fill_slots.go), rules a Go caller of core does
// not get (docs/api/architecture.rst).
//
// Conventions kept by every export (see include/gosparse.h):
//   - a status return and out-parameters written only on success;
//   - the calling thread's last error set on failure, cleared on success;
//   - panics recovered at the boundary as GS_ERR_INTERNAL;
//   - handles checked by the registry (magic, slot, generation) before use.
package main

// The exported gs_* functions are C wrappers (exports_gen.c) around the
// //export gsgo_* functions of this package; see fork.c for why.
//go:generate go run ../cmd/abigen -root ..

/*
#cgo CFLAGS: -I${SRCDIR}/../include -std=c11 -D_POSIX_C_SOURCE=200809L
#include "capi.h"
*/
import "C"

// main is required by -buildmode=c-shared/c-archive and never runs.
func main() {}
