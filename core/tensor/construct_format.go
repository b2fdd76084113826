package tensor

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/ustorage"
)

// CheckedUST is a format storage that has passed every check of CheckUST,
// held as the tensor of layout Custom over it. A custom format's storage is
// that tensor (Custom). A named layout's format is no custom tensor's, so
// its storage is lent (Named) only to the conversion that makes the
// layout's tensor from it (core/convert's NewFromFormat and WrapFormat):
// the named case of a construction from arrays is a conversion, and lives
// there.
type CheckedUST struct {
	t      *Tensor
	layout Layout
	opt    ConvertOptions
	named  bool
}

// Custom returns the tensor of a custom format's checked storage, ok false
// where the format is a named layout's (Named gives what to convert) or
// c holds nothing (a refused storage's).
func (c CheckedUST) Custom() (*Tensor, bool) {
	if c.named || c.t == nil {
		return nil, false
	}
	return c.t, true
}

// Named returns, where the checked storage's format is a named layout's,
// that layout with the conversion options that give it (NamedLayoutOf) and
// src, the tensor of layout Custom over the storage: a conversion's source
// (convert.ToLayout reads its level entries), never a result. ok is false for a
// custom format (Custom gives the tensor).
func (c CheckedUST) Named() (src *Tensor, layout Layout, opt ConvertOptions, ok bool) {
	if !c.named {
		return nil, 0, ConvertOptions{}, false
	}
	return c.t, c.layout, c.opt, true
}

// CheckUST checks the storage of format f and the given shape and holds it
// as a CheckedUST: per level a pos and a crd array (int32 or int64, 1-D;
// an Array without Data, or of zero length, where the level type stores
// none) and the values (1-D, padding included), in the reference's layout
// (see USTStorage). Every invariant is checked, each refusal naming the
// array, the index and the rule: the arrays' presence and lengths (pos of a
// level N+1 long for its N parent positions, or empty when none reaches it;
// singleton crd one per parent; structured(n) crd n per parent; values one
// per last position), pos starting at 0, never decreasing and ending at
// len(crd), coordinates inside their level (delta gaps below 2^b), ordered
// levels ascending (strictly when unique) within each segment. The inputs
// are copied, at their index width (int64 where any array is int64), unless
// borrow is set and f is a custom format: then the tensor's storage (what
// USTStorage and the C storage getters lend) is pos, crd and values
// themselves, which the caller keeps unchanged while the tensor lives.
func CheckUST(f format.Format, shape []int64, pos, crd []dtype.Array, values dtype.Array, borrow bool) (CheckedUST, error) {
	if err := format.Validate(f); err != nil {
		return CheckedUST{}, errs.Errorf(errs.ErrInvalidArgument, "format: %v", err)
	}
	if len(shape) != len(f.Dims) || len(shape) > MaxDims {
		return CheckedUST{}, errs.Errorf(errs.ErrInvalidArgument, "size has %d dimensions; format %s has %d (at most %d)", len(shape), f, len(f.Dims), MaxDims)
	}
	if _, err := errs.NumelChecked("size", shape); err != nil {
		return CheckedUST{}, err
	}
	x, err := format.NewIndexer(f)
	if err != nil {
		return CheckedUST{}, errs.Errorf(errs.ErrInvalidArgument, "format: %v", err)
	}
	sizes, err := x.LevelSizes(shape)
	if err != nil {
		return CheckedUST{}, errs.Errorf(errs.ErrInvalidArgument, "size %v: %v", shape, err)
	}
	nl := len(f.Levels)
	if len(pos) != nl || len(crd) != nl {
		return CheckedUST{}, errs.Errorf(errs.ErrInvalidArgument, "pos and crd have %d and %d arrays for the %d levels of %s", len(pos), len(crd), nl, f)
	}
	if err := checkArray("values", values); err != nil {
		return CheckedUST{}, err
	}
	if len(values.Shape) != 1 {
		return CheckedUST{}, errs.Errorf(errs.ErrInvalidArgument, "values: expected a 1-d array, got shape %v", values.Shape)
	}
	s := &ustorage.Structure{Format: f.Clone(), Shape: slices.Clone(shape), LevelSizes: sizes, Levels: make([]ustorage.LevelArrays[int64], nl)}
	c := levelChecker{f: f, sizes: sizes, shape: shape}
	if err := c.check(s, pos, crd, values.Numel()); err != nil {
		return CheckedUST{}, err
	}
	vals := values
	if !borrow {
		vals = dtype.NewArray(values.DType, values.Shape)
		copy(vals.Data, values.Data)
	}
	t, err := AssembleFormat(f, s, vals, make([]byte, values.DType.Size()), givenWidth(pos, crd))
	if err != nil {
		return CheckedUST{}, err
	}
	if layout, opt, ok := NamedLayoutOf(f); ok {
		return CheckedUST{t: t, layout: layout, opt: opt, named: true}, nil
	}
	if borrow {
		t.ust.borrowLevels(pos, crd)
	}
	return CheckedUST{t: t}, nil
}

// givenWidth is the index width of a caller's level arrays: 64 where any
// is int64 (an empty one included: the caller chose its dtype), else 32
// (the arrays a copy keeps: CheckUST without borrow).
func givenWidth(pos, crd []dtype.Array) int {
	for _, a := range append(slices.Clone(pos), crd...) {
		if a.Data != nil && a.DType == dtype.Int64 {
			return 64
		}
	}
	return 32
}

// levelChecker checks a format storage's arrays level by level.
type levelChecker struct {
	f     format.Format
	sizes []int64
	shape []int64
}

// readIndex copies an index array into int64s, checking its dtype and rank;
// an array of a level type that stores none must be absent or empty.
func readIndex(arg string, a dtype.Array, want bool, lv format.Level) ([]int64, error) {
	if a.Data == nil || len(a.Data) == 0 && a.Numel() == 0 {
		return nil, nil // absent or empty: the level's length checks decide
	}
	if !want {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: a %s level stores no such array; pass an empty one", arg, lv.Kind)
	}
	if err := CheckIndexArray(arg, a, 1); err != nil {
		return nil, err
	}
	out := make([]int64, a.Numel())
	for i := range out {
		out[i] = a.Index(int64(i))
	}
	return out, nil
}

// bounds is the coordinate range of level l: [0, size) except a - b, which
// spans -(size(b) - 1) .. size(a) - 1.
func (c *levelChecker) bounds(l int) (lo, hi int64) {
	e := c.f.Levels[l].Expr
	if e.Op == format.OpSub {
		return 1 - c.shape[c.f.DimIndex(e.B)], c.shape[c.f.DimIndex(e.A)] - 1
	}
	return 0, c.sizes[l] - 1
}

// check reads every level's arrays into s, checking them level by level
// against the number of parent positions entering the level, and finally
// the number of values.
func (c *levelChecker) check(s *ustorage.Structure, pos, crd []dtype.Array, nvals int64) error {
	n := int64(1) // parent positions entering the level
	reached := true
	batchL, batches, rows, batched := -1, int64(0), int64(0), false
	nb := 0
	for nb < len(c.f.Levels) && c.f.Levels[nb].Kind == format.Batch {
		nb++
	}
	if nb > 0 && nb+1 < len(c.f.Levels) && c.f.Levels[nb+1].Kind == format.Compressed {
		batchL, batches, rows, batched = nb+1, 1, c.sizes[nb], true
		for k := 0; k < nb; k++ {
			batches *= c.sizes[k]
		}
	}
	for l, lv := range c.f.Levels {
		name := func(a string) string { return a + "[" + Itoa(int64(l)) + "]" }
		p, err := readIndex(name("pos"), pos[l], lv.Kind.HasPos(), lv)
		if err != nil {
			return err
		}
		q, err := readIndex(name("crd"), crd[l], lv.Kind.HasCrd(), lv)
		if err != nil {
			return err
		}
		s.Levels[l] = ustorage.LevelArrays[int64]{Pos: p, Crd: q}
		lo, hi := c.bounds(l)
		switch lv.Kind {
		case format.Dense, format.Batch, format.Range:
			var ok bool
			if n, ok = errs.MulChecked(n, c.sizes[l]); !ok || errs.CheckAlloc("positions", n, 1) != nil {
				return errs.Errorf(errs.ErrTooLarge, "level %d (%s): the level extents %v make more value positions than the memory limit allows", l, lv, c.sizes[:l+1])
			}
		case format.Compressed, format.Delta:
			if !reached || n == 0 && len(p) == 0 {
				if len(p) != 0 || len(q) != 0 {
					return errs.Errorf(errs.ErrInvalidArgument, "level %d (%s): no entry reaches it, so pos[%d] and crd[%d] must be empty, have %d and %d entries", l, lv, l, l, len(p), len(q))
				}
				n, reached = 0, false
				continue
			}
			segs := n
			if batched && l == batchL {
				if err := c.checkBatchPos(l, p, q, batches, rows); err != nil {
					return err
				}
			} else {
				if int64(len(p)) != n+1 {
					return errs.Errorf(errs.ErrInvalidArgument, "pos[%d] has %d entries, level %d (%s) needs %d (one more than its %d parent positions)", l, len(p), l, lv, n+1, n)
				}
				if err := checkPos(l, p, int64(len(q))); err != nil {
					return err
				}
			}
			if lv.Kind == format.Compressed {
				if err := c.checkSegments(l, lv, p, q, segs, lo, hi, batched && l == batchL, rows); err != nil {
					return err
				}
			} else if err := checkGaps(l, lv, q, hi); err != nil {
				return err
			}
			n = int64(len(q))
		case format.Singleton:
			if int64(len(q)) != n {
				return errs.Errorf(errs.ErrInvalidArgument, "crd[%d] has %d entries, singleton level %d (%s) needs one per parent position: %d", l, len(q), l, lv, n)
			}
			if err := checkRange(l, q, lo, hi); err != nil {
				return err
			}
		case format.Structured:
			want, ok := errs.MulChecked(n, lv.Param)
			if !ok || int64(len(q)) != want {
				return errs.Errorf(errs.ErrInvalidArgument, "crd[%d] has %d entries, level %d (%s) needs %d per parent position: %d", l, len(q), l, lv, lv.Param, want)
			}
			if err := checkRange(l, q, lo, hi); err != nil {
				return err
			}
			for i := int64(1); i < want; i++ {
				if i%lv.Param != 0 && q[i] <= q[i-1] {
					return errs.Errorf(errs.ErrInvalidArgument, "crd[%d][%d] = %d <= crd[%d][%d] = %d: a structured strip's coordinates must increase", l, i, q[i], l, i-1, q[i-1])
				}
			}
			n = want
		}
		reached = reached && (!lv.Kind.HasCrd() || n > 0)
	}
	if nvals != n {
		return errs.Errorf(errs.ErrInvalidArgument, "values has %d elements; the storage has %d value positions", nvals, n)
	}
	return nil
}

// checkPos requires pos to start at 0, never decrease and end at ncrd.
func checkPos(l int, p []int64, ncrd int64) error {
	if p[0] != 0 {
		return errs.Errorf(errs.ErrInvalidArgument, "pos[%d][0] = %d: pos must start at 0", l, p[0])
	}
	for i := 1; i < len(p); i++ {
		if p[i] < p[i-1] {
			return errs.Errorf(errs.ErrInvalidArgument, "pos[%d][%d] = %d > pos[%d][%d] = %d: must not decrease", l, i-1, p[i-1], l, i, p[i])
		}
	}
	if last := p[len(p)-1]; last != ncrd {
		return errs.Errorf(errs.ErrInvalidArgument, "pos[%d][%d] = %d: the last pos must equal the length of crd[%d], %d", l, len(p)-1, last, l, ncrd)
	}
	return nil
}

// checkBatchPos checks the per-batch pos of the level under batch levels:
// batches runs of rows+1 entries, each from 0, all ending at the same count.
func (c *levelChecker) checkBatchPos(l int, p, q []int64, batches, rows int64) error {
	if want, ok := errs.MulChecked(batches, rows+1); !ok || int64(len(p)) != want {
		return errs.Errorf(errs.ErrInvalidArgument, "pos[%d] has %d entries; level %d (%s) under %d batches of %d rows needs %d", l, len(p), l, c.f.Levels[l], batches, rows, batches*(rows+1))
	}
	per := int64(0)
	for b := int64(0); b < batches; b++ {
		run := p[b*(rows+1) : (b+1)*(rows+1)]
		if b == 0 {
			per = run[rows]
		}
		if run[rows] != per {
			return errs.Errorf(errs.ErrInvalidArgument, "pos[%d][%d] = %d: every batch must store the same number of entries, batch 0 stores %d", l, (b+1)*(rows+1)-1, run[rows], per)
		}
		if err := checkPos(l, run, per); err != nil {
			return errs.Errorf(errs.ErrInvalidArgument, "batch %d: %v", b, err)
		}
	}
	if want, ok := errs.MulChecked(batches, per); !ok || int64(len(q)) != want {
		return errs.Errorf(errs.ErrInvalidArgument, "crd[%d] has %d entries; %d batches of %d need %d", l, len(q), batches, per, batches*per)
	}
	return nil
}

// checkRange requires every coordinate of crd inside [lo, hi].
func checkRange(l int, q []int64, lo, hi int64) error {
	for i, v := range q {
		if v < lo || v > hi {
			return errs.Errorf(errs.ErrIndex, "crd[%d][%d] = %d is outside level %d's coordinates %d..%d", l, i, v, l, lo, hi)
		}
	}
	return nil
}

// checkSegments checks a compressed level's coordinates: in range, and
// within each segment ascending (strictly when unique) for an ordered
// level, distinct for an unordered unique one.
func (c *levelChecker) checkSegments(l int, lv format.Level, p, q []int64, segs, lo, hi int64, batched bool, rows int64) error {
	if err := checkRange(l, q, lo, hi); err != nil {
		return err
	}
	for s := int64(0); s < segs; s++ {
		a, b, base := s, s+1, int64(0)
		if batched {
			bt, r := s/rows, s%rows
			a, b = bt*(rows+1)+r, bt*(rows+1)+r+1
			base = bt * p[rows]
		}
		seg := q[base+p[a] : base+p[b]]
		if lv.Unordered {
			if !lv.Nonunique {
				sorted := slices.Clone(seg)
				slices.Sort(sorted)
				for i := 1; i < len(sorted); i++ {
					if sorted[i] == sorted[i-1] {
						return errs.Errorf(errs.ErrInvalidArgument, "crd[%d]: coordinate %d repeats in segment %d of unique level %d (%s)", l, sorted[i], s, l, lv)
					}
				}
			}
			continue
		}
		for i := 1; i < len(seg); i++ {
			if seg[i] < seg[i-1] || !lv.Nonunique && seg[i] == seg[i-1] {
				at := base + p[a] + int64(i)
				rule := "must increase within a segment (ordered, unique level)"
				if lv.Nonunique {
					rule = "must not decrease within a segment (ordered level)"
				}
				return errs.Errorf(errs.ErrInvalidArgument, "crd[%d][%d] = %d, crd[%d][%d] = %d: %s", l, at-1, seg[i-1], l, at, seg[i], rule)
			}
		}
	}
	return nil
}

// checkGaps requires a delta(b) level's gaps in 0..2^b-1 and the coordinates
// they lead to (checked per segment by the level walk) below the level size.
func checkGaps(l int, lv format.Level, q []int64, hi int64) error {
	top := int64(1)<<lv.Param - 1
	for i, g := range q {
		if g < 0 || g > top || g > hi {
			return errs.Errorf(errs.ErrIndex, "crd[%d][%d] = %d: delta(%d) gaps are 0..%d", l, i, g, lv.Param, min(top, hi))
		}
	}
	return nil
}
