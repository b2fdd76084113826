package oracle

import "slices"

// gather is the array of shape whose element at idx is a's element at src(idx).
func gather(a Array, shape []int64, src func(idx []int64) []int64) Array {
	r := Zeros(a.DType, shape)
	idx := make([]int64, len(shape))
	for i := range r.V {
		Unravel(int64(i), shape, idx)
		r.V[i] = a.V[Ravel(src(idx), a.Shape)]
	}
	return r
}

// Permute is a with its dims reordered: result dim i is a's dim dims[i].
func Permute(a Array, dims []int) (Array, error) {
	nd := a.NDim()
	if len(dims) != nd {
		return Array{}, errorf("permute: %d dims given for %d-d input", len(dims), nd)
	}
	seen := make([]bool, nd)
	p := make([]int, nd)
	shape := make([]int64, nd)
	for i, d := range dims {
		n, err := NormDim(d, nd)
		if err != nil || nd == 0 {
			return Array{}, errorf("permute: dim %d out of range", d)
		}
		if seen[n] {
			return Array{}, errorf("permute: dim %d repeated", n)
		}
		seen[n], p[i], shape[i] = true, n, a.Shape[n]
	}
	src := make([]int64, nd)
	return gather(a, shape, func(idx []int64) []int64 {
		for i, n := range p {
			src[n] = idx[i]
		}
		return src
	}), nil
}

// Transpose swaps dims d0 and d1 (a 0-d array takes 0 and -1).
func Transpose(a Array, d0, d1 int) (Array, error) {
	n0, err := NormDim(d0, a.NDim())
	if err != nil {
		return Array{}, err
	}
	n1, err := NormDim(d1, a.NDim())
	if err != nil {
		return Array{}, err
	}
	if a.NDim() == 0 {
		return a.Clone(), nil
	}
	dims := make([]int, a.NDim())
	for i := range dims {
		dims[i] = i
	}
	dims[n0], dims[n1] = n1, n0
	return Permute(a, dims)
}

// T is torch's t(): the transpose of a 2-d array, a itself for fewer dims.
func T(a Array) (Array, error) {
	if a.NDim() > 2 {
		return Array{}, errorf("t: expects at most 2 dims, got %d", a.NDim())
	}
	if a.NDim() < 2 {
		return a.Clone(), nil
	}
	return Transpose(a, 0, 1)
}

// Reshape is a with a new shape of the same numel (one size may be -1).
func Reshape(a Array, shape []int64) (Array, error) {
	s := append([]int64{}, shape...)
	infer, known := -1, int64(1)
	for i, v := range s {
		switch {
		case v == -1 && infer < 0:
			infer = i
		case v < 0:
			return Array{}, errorf("reshape: invalid size %d", v)
		default:
			known *= v
		}
	}
	n := Numel(a.Shape)
	if infer >= 0 {
		if known == 0 || n%known != 0 {
			return Array{}, errorf("reshape: shape %v is invalid for %d elements", shape, n)
		}
		s[infer] = n / known
	}
	if Numel(s) != n {
		return Array{}, errorf("reshape: shape %v is invalid for %d elements", shape, n)
	}
	r := a.Clone()
	r.Shape = s
	return r, nil
}

// Select is a's slice at index of dim, without dim (index may be negative).
func Select(a Array, dim int, index int64) (Array, error) {
	if a.NDim() == 0 {
		return Array{}, errorf("select: a 0-d array has no dim to select")
	}
	d, err := NormDim(dim, a.NDim())
	if err != nil {
		return Array{}, err
	}
	n := a.Shape[d]
	if index < -n || index >= n {
		return Array{}, errorf("select: index %d out of range for size %d", index, n)
	}
	if index < 0 {
		index += n
	}
	shape := slices.Delete(slices.Clone(a.Shape), d, d+1)
	src := make([]int64, a.NDim())
	return gather(a, shape, func(idx []int64) []int64 {
		copy(src, idx[:d])
		src[d] = index
		copy(src[d+1:], idx[d:])
		return src
	}), nil
}

// Index is a[i0, i1, ...] with integer indices on the leading dims.
func Index(a Array, indices []int64) (Array, error) {
	if len(indices) > a.NDim() {
		return Array{}, errorf("index: %d indices for %d dims", len(indices), a.NDim())
	}
	r := a
	for _, i := range indices {
		var err error
		if r, err = Select(r, 0, i); err != nil {
			return Array{}, err
		}
	}
	return r.Clone(), nil
}

// IndexSelect is torch.index_select(a, dim, index): the slices of dim at
// the positions index (negative ones count from the end when allowNegative,
// as on a sparse tensor; torch's strided kernel refuses them).
func IndexSelect(a Array, dim int, index []int64, allowNegative bool) (Array, error) {
	d, err := NormDim(dim, a.NDim())
	if err != nil {
		return Array{}, err
	}
	if a.NDim() == 0 {
		// a 0-d array is indexed as one of size 1
		for _, i := range index {
			if i != 0 && !(allowNegative && i == -1) {
				return Array{}, errorf("index_select: index %d out of range for a 0-d input", i)
			}
		}
		if len(index) != 1 {
			return Array{}, errorf("index_select: a 0-d input takes exactly one index, got %d", len(index))
		}
		return a.Clone(), nil
	}
	n := a.Shape[d]
	pos := make([]int64, len(index))
	for k, i := range index {
		if i < 0 && allowNegative {
			i += n
		}
		if i < 0 || i >= n {
			return Array{}, errorf("index_select: index %d out of range for size %d", index[k], n)
		}
		pos[k] = i
	}
	shape := slices.Clone(a.Shape)
	shape[d] = int64(len(index))
	src := make([]int64, a.NDim())
	return gather(a, shape, func(idx []int64) []int64 {
		copy(src, idx)
		src[d] = pos[idx[d]]
		return src
	}), nil
}

// Narrow keeps [start, start + length) of dim (start may be negative).
func Narrow(a Array, dim int, start, length int64) (Array, error) {
	if a.NDim() == 0 {
		return Array{}, errorf("narrow: a 0-d array cannot be narrowed")
	}
	d, err := NormDim(dim, a.NDim())
	if err != nil {
		return Array{}, err
	}
	n := a.Shape[d]
	if start < -n || start > n {
		return Array{}, errorf("narrow: start %d out of range for size %d", start, n)
	}
	if start < 0 {
		start += n
	}
	if length < 0 || start+length > n {
		return Array{}, errorf("narrow: start %d + length %d exceeds size %d", start, length, n)
	}
	shape := slices.Clone(a.Shape)
	shape[d] = length
	src := make([]int64, a.NDim())
	return gather(a, shape, func(idx []int64) []int64 {
		copy(src, idx)
		src[d] += start
		return src
	}), nil
}

// Unsqueeze inserts a dim of size 1 at dim (in [-ndim-1, ndim]).
func Unsqueeze(a Array, dim int) (Array, error) {
	d, err := NormDim(dim, a.NDim()+1)
	if err != nil {
		return Array{}, err
	}
	r := a.Clone()
	r.Shape = slices.Insert(slices.Clone(a.Shape), d, 1)
	return r, nil
}

// Squeeze removes dim if its size is 1 (dim nil: every dim of size 1).
func Squeeze(a Array, dim *int) (Array, error) {
	r := a.Clone()
	if dim == nil {
		r.Shape = slices.DeleteFunc(slices.Clone(a.Shape), func(s int64) bool { return s == 1 })
		return r, nil
	}
	d, err := NormDim(*dim, a.NDim())
	if err != nil {
		return Array{}, err
	}
	if a.NDim() > 0 && a.Shape[d] == 1 {
		r.Shape = slices.Delete(slices.Clone(a.Shape), d, d+1)
	}
	return r, nil
}

// Cat joins arrays along dim: equal shapes elsewhere, the promoted dtype.
func Cat(as []Array, dim int) (Array, error) {
	if len(as) == 0 {
		return Array{}, errorf("cat: needs at least one array")
	}
	nd := as[0].NDim()
	if nd == 0 {
		return Array{}, errorf("cat: 0-d arrays cannot be concatenated")
	}
	d, err := NormDim(dim, nd)
	if err != nil {
		return Array{}, err
	}
	out := as[0].DType
	shape := slices.Clone(as[0].Shape)
	shape[d] = 0
	for _, a := range as {
		if a.NDim() != nd {
			return Array{}, errorf("cat: arrays of %d and %d dims", nd, a.NDim())
		}
		for k := range nd {
			if k != d && a.Shape[k] != as[0].Shape[k] {
				return Array{}, errorf("cat: sizes %v and %v differ outside dim %d", as[0].Shape, a.Shape, d)
			}
		}
		shape[d] += a.Shape[d]
		out = Promote(out, a.DType)
	}
	r := Zeros(out, shape)
	idx := make([]int64, nd)
	for i := range r.V {
		Unravel(int64(i), shape, idx)
		k, at := 0, idx[d]
		for at >= as[k].Shape[d] {
			at -= as[k].Shape[d]
			k++
		}
		src := slices.Clone(idx)
		src[d] = at
		r.V[i] = Round(out, as[k].V[Ravel(src, as[k].Shape)])
	}
	return r, nil
}

// Stack joins arrays of one shape along a new dim.
func Stack(as []Array, dim int) (Array, error) {
	if len(as) == 0 {
		return Array{}, errorf("stack: needs at least one array")
	}
	us := make([]Array, len(as))
	for i, a := range as {
		if !slices.Equal(a.Shape, as[0].Shape) {
			return Array{}, errorf("stack: shapes %v and %v differ", as[0].Shape, a.Shape)
		}
		var err error
		if us[i], err = Unsqueeze(a, dim); err != nil {
			return Array{}, err
		}
	}
	return Cat(us, dim)
}

// atLeast reshapes a to at least n dims as torch.atleast_1d/2d/3d do.
func atLeast(a Array, n int) Array {
	r := a.Clone()
	switch {
	case a.NDim() >= n:
	case a.NDim() == 0:
		r.Shape = make([]int64, n)
		for i := range r.Shape {
			r.Shape[i] = 1
		}
	case a.NDim() == 1 && n == 2:
		r.Shape = []int64{1, a.Shape[0]}
	case a.NDim() == 1: // n == 3
		r.Shape = []int64{1, a.Shape[0], 1}
	default: // 2-d to 3-d
		r.Shape = append(slices.Clone(a.Shape), 1)
	}
	return r
}

// HStack is torch.hstack: cat along dim 0 of 1-d arrays, else dim 1.
func HStack(as []Array) (Array, error) {
	ls := make([]Array, len(as))
	for i, a := range as {
		ls[i] = atLeast(a, 1)
	}
	if len(ls) > 0 && ls[0].NDim() == 1 {
		return Cat(ls, 0)
	}
	return Cat(ls, 1)
}

// VStack is torch.vstack: cat of atleast_2d along dim 0.
func VStack(as []Array) (Array, error) {
	ls := make([]Array, len(as))
	for i, a := range as {
		ls[i] = atLeast(a, 2)
	}
	return Cat(ls, 0)
}

// DStack is torch.dstack: cat of atleast_3d along dim 2.
func DStack(as []Array) (Array, error) {
	ls := make([]Array, len(as))
	for i, a := range as {
		ls[i] = atLeast(a, 3)
	}
	return Cat(ls, 2)
}
