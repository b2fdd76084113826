package oracle

import (
	"math"
	"math/cmplx"

	"github.com/gosparse/gosparse/core/dtype"
)

// NormDim is dim wrapped into [0, ndim) (a 0-d array takes 0 and -1).
func NormDim(dim, ndim int) (int, error) {
	n := max(ndim, 1)
	if dim < -n || dim >= n {
		return 0, errorf("dim %d is out of range for %d dims", dim, ndim)
	}
	if dim < 0 {
		dim += n
	}
	return dim, nil
}

// Reduce is torch's reduction op ("sum", "mean", "prod", "amax", "amin",
// "any", "all", "count_nonzero", "norm") over dims (none: every dim), the
// reduced dims kept with size 1 when keepdim.
func Reduce(op string, a Array, dims []int, keepdim bool) (Array, error) {
	nd := a.NDim()
	red := make([]bool, max(nd, 1))
	if len(dims) == 0 {
		for d := range red {
			red[d] = true
		}
	}
	for _, d := range dims {
		n, err := NormDim(d, nd)
		if err != nil {
			return Array{}, err
		}
		if red[n] {
			return Array{}, errorf("%s: dim %d appears twice", op, n)
		}
		red[n] = true
	}
	c := CategoryOf(a.DType)
	out := a.DType
	switch op {
	case "sum", "prod":
		if c <= CatInt {
			out = dtype.Int64
		}
	case "mean":
		if c <= CatInt {
			return Array{}, errorf("mean: needs a float or complex dtype, got %s", a.DType)
		}
	case "amax", "amin":
		if c == CatComplex {
			return Array{}, errorf("%s: complex dtypes are refused", op)
		}
	case "any", "all":
		out = dtype.Bool
	case "count_nonzero":
		out = dtype.Int64
	case "norm":
		if c <= CatInt {
			return Array{}, errorf("norm: needs a float or complex dtype, got %s", a.DType)
		}
		out = realPart(a.DType)
	default:
		return Array{}, errorf("reduction %q is not modelled", op)
	}
	var shape, kept []int64
	count := int64(1)
	for d := range nd {
		if red[d] {
			count *= a.Shape[d]
			kept = append(kept, 1)
		} else {
			shape = append(shape, a.Shape[d])
			kept = append(kept, a.Shape[d])
		}
	}
	if count == 0 && (op == "amax" || op == "amin") {
		return Array{}, errorf("%s: reducing over an empty dim has no identity", op)
	}
	groups := make([][]complex128, Numel(shape))
	idx := make([]int64, nd)
	sub := make([]int64, 0, nd)
	for i, v := range a.V {
		Unravel(int64(i), a.Shape, idx)
		sub = sub[:0]
		for d := range nd {
			if !red[d] {
				sub = append(sub, idx[d])
			}
		}
		o := Ravel(sub, shape)
		groups[o] = append(groups[o], v)
	}
	r := Zeros(out, shape)
	for o, g := range groups {
		r.V[o] = Round(out, reduceGroup(op, g, out))
	}
	if keepdim {
		r.Shape = kept
		if nd == 0 {
			r.Shape = nil
		}
	}
	return r, nil
}

func realPart(d dtype.DType) dtype.DType {
	switch d {
	case dtype.Complex64:
		return dtype.Float32
	case dtype.Complex128:
		return dtype.Float64
	}
	return d
}

// reduceGroup reduces the elements g of one output element.
func reduceGroup(op string, g []complex128, out dtype.DType) complex128 {
	switch op {
	case "sum", "mean":
		if out == dtype.Int64 {
			s := int64(0)
			for _, v := range g {
				s += toInt(real(v))
			}
			return complex(float64(s), 0)
		}
		var s complex128
		for _, v := range g {
			s += v
		}
		if op == "mean" {
			return s / complex(float64(len(g)), 0)
		}
		return s
	case "prod":
		if out == dtype.Int64 { // exact, wrapping: a float64 accumulator loses digits past 2^53
			p := int64(1)
			for _, v := range g {
				p *= toInt(real(v))
			}
			return complex(float64(p), 0)
		}
		p := complex128(1)
		for _, v := range g {
			if imag(p) == 0 && imag(v) == 0 {
				p = complex(real(p)*real(v), 0) // real product: inf * 0 is NaN, no complex detour
			} else {
				p *= v
			}
		}
		return p
	case "amax", "amin":
		m := real(g[0])
		for _, v := range g {
			x := real(v)
			switch {
			case math.IsNaN(x) || math.IsNaN(m):
				m = math.NaN()
			case op == "amax" && x > m, op == "amin" && x < m:
				m = x
			}
		}
		return complex(m, 0)
	case "any":
		for _, v := range g {
			if v != 0 {
				return 1
			}
		}
		return 0
	case "all":
		for _, v := range g {
			if v == 0 {
				return 0
			}
		}
		return 1
	case "count_nonzero":
		n := 0
		for _, v := range g {
			if v != 0 {
				n++
			}
		}
		return complex(float64(n), 0)
	}
	s := 0.0 // norm
	for _, v := range g {
		a := cmplx.Abs(v)
		s += a * a
	}
	return complex(math.Sqrt(s), 0)
}

// Softmax is softmax (log_softmax when log) along dim over the elements
// where mask is true (all elements when mask is nil: the dense softmax);
// elsewhere the result is 0, as for the unspecified elements of a sparse
// softmax. An all -inf line gives NaN.
func Softmax(a Array, mask []bool, dim int, log bool) (Array, error) {
	if CategoryOf(a.DType) <= CatInt {
		return Array{}, errorf("softmax: needs a float or complex dtype, got %s", a.DType)
	}
	d, err := NormDim(dim, a.NDim())
	if err != nil {
		return Array{}, err
	}
	r := Zeros(a.DType, a.Shape)
	if a.NDim() == 0 {
		if mask == nil || mask[0] {
			r.V[0] = softmaxLine(a.V, log)[0]
		}
		return r, nil
	}
	st := Strides(a.Shape)
	idx := make([]int64, a.NDim())
	for i := range a.V {
		Unravel(int64(i), a.Shape, idx)
		if idx[d] != 0 {
			continue // one line per start
		}
		var pos []int64
		var line []complex128
		for k := int64(0); k < a.Shape[d]; k++ {
			p := int64(i) + k*st[d]
			if mask == nil || mask[p] {
				pos = append(pos, p)
				line = append(line, a.V[p])
			}
		}
		for j, v := range softmaxLine(line, log) {
			r.V[pos[j]] = Round(a.DType, v)
		}
	}
	return r, nil
}

// softmaxLine is the (log-)softmax of one line, shifted by its largest real part.
func softmaxLine(x []complex128, log bool) []complex128 {
	m := math.Inf(-1)
	for _, v := range x {
		m = math.Max(m, real(v))
	}
	if math.IsInf(m, -1) {
		m = 0
	}
	var s complex128
	for _, v := range x {
		s += cmplx.Exp(v - complex(m, 0))
	}
	out := make([]complex128, len(x))
	for i, v := range x {
		if log {
			out[i] = v - complex(m, 0) - cmplx.Log(s)
		} else {
			out[i] = cmplx.Exp(v-complex(m, 0)) / s
		}
	}
	return out
}
