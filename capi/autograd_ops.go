package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/dtype"
)

// The recorded forms of the exports that have a backward formula, by
// export name; the exports call them when recording (autograd_record.go).
var (
	gradProducts = map[string]func(a, b *autograd.Var) (*autograd.Var, error){
		"gs_mm":        autograd.Mm,
		"gs_sparse_mm": autograd.SparseMm,
		"gs_mv":        autograd.Mv,
		"gs_matmul":    autograd.Matmul,
		"gs_bmm":       autograd.Bmm,
		"gs_hspmm":     autograd.Hspmm,
	}
	gradScaledProducts = map[string]func(input, m1, m2 *autograd.Var, beta, alpha dtype.Scalar) (*autograd.Var, error){
		"gs_addmm":         autograd.Addmm,
		"gs_sparse_addmm":  autograd.SparseAddmm,
		"gs_sampled_addmm": autograd.SampledAddmm,
		"gs_addmv":         autograd.Addmv,
		"gs_sspaddmm":      autograd.Sspaddmm,
	}
)
