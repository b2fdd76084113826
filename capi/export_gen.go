package main

/*
#include "capi.h"
*/
import "C"

import "github.com/gosparse/gosparse/core/gen"

// generated is the shared body of the generators: run make and register the
// matrix as a coalesced float64 COO tensor.
func generated(fn string, out **C.gs_tensor, make func() (*gen.COO, error)) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	m, err := make()
	if err != nil {
		return done(fn, err)
	}
	t, err := m.Tensor()
	return finishNew(fn, t, err, nil, out)
}

// gsgo_gen_stencil2d writes the 5-point Laplacian on an n x n grid.
//
//export gsgo_gen_stencil2d
func gsgo_gen_stencil2d(n C.int64_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_gen_stencil2d"
	defer guard(fn, &st)
	return generated(fn, out, func() (*gen.COO, error) { return gen.Stencil2D(int64(n)) })
}

// gsgo_gen_stencil3d writes the 7-point Laplacian on an n x n x n grid.
//
//export gsgo_gen_stencil3d
func gsgo_gen_stencil3d(n C.int64_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_gen_stencil3d"
	defer guard(fn, &st)
	return generated(fn, out, func() (*gen.COO, error) { return gen.Stencil3D(int64(n)) })
}

// gsgo_gen_banded writes a random n x n matrix with lower and upper diagonals.
//
//export gsgo_gen_banded
func gsgo_gen_banded(n, lower, upper C.int64_t, seed C.uint64_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_gen_banded"
	defer guard(fn, &st)
	return generated(fn, out, func() (*gen.COO, error) {
		return gen.Banded(int64(n), int64(lower), int64(upper), uint64(seed))
	})
}

// gsgo_gen_block_diagonal writes nblocks random dense block x block blocks on the diagonal.
//
//export gsgo_gen_block_diagonal
func gsgo_gen_block_diagonal(nblocks, block C.int64_t, seed C.uint64_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_gen_block_diagonal"
	defer guard(fn, &st)
	return generated(fn, out, func() (*gen.COO, error) {
		return gen.BlockDiagonal(int64(nblocks), int64(block), uint64(seed))
	})
}

// gsgo_gen_rmat writes an R-MAT graph of 2^scale vertices and about edge_factor edges per vertex.
//
//export gsgo_gen_rmat
func gsgo_gen_rmat(scale C.int32_t, edgeFactor C.int64_t, seed C.uint64_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_gen_rmat"
	defer guard(fn, &st)
	return generated(fn, out, func() (*gen.COO, error) {
		return gen.RMAT(int(scale), int64(edgeFactor), uint64(seed))
	})
}

// gsgo_gen_uniform writes a rows x cols matrix with nnz uniformly placed entries.
//
//export gsgo_gen_uniform
func gsgo_gen_uniform(rows, cols, nnz C.int64_t, seed C.uint64_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_gen_uniform"
	defer guard(fn, &st)
	return generated(fn, out, func() (*gen.COO, error) {
		return gen.Uniform(int64(rows), int64(cols), int64(nnz), uint64(seed))
	})
}
