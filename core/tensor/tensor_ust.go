package tensor

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
)

// UST is a tensor's storage in its format, as the reference lays it out:
// per level a pos and a crd array (an Array without Data where the level
// stores none), the values (padding included) and the extent of each level.
// The arrays alias the tensor's memory (or are computed, for the per-batch
// pos of batched CSR/CSC/BSR/BSC) and must not be modified.
type UST struct {
	Format     format.Format
	LevelSizes []int64
	Pos, Crd   []dtype.Array
	Values     dtype.Array
}

// NSE is the number of stored values, padding included.
func (u *UST) NSE() int64 { return u.Values.Numel() }

// USTStorage returns t's storage in the level model of its Format, the one
// accessor of a tensor's UST arrays. For a custom-format tensor it is the
// storage the tensor holds, itself (no copy, no allocation: the operators'
// per-call paths read it); for the named layouts a UST built for the call
// over their own arrays (of the tensor's index width), with the compressed
// level of a batched CSR/CSC/BSR/BSC keeping one pos per batch (torch's
// crow_indices, flattened) and a compressed level that no stored entry
// reaches an empty pos (as the reference: DCSR of zeros has level 1 pos []).
// Tensors are immutable: nothing it returns may be written (its Format's
// lists, LevelSizes, the Pos and Crd slices, the arrays' bytes); a caller
// that changes any of them changes a copy of its own.
// t.Layout() == Custom says whether t holds its storage so.
func (t *Tensor) USTStorage() (*UST, error) {
	if u := t.formatStore(); u != nil {
		return &u.UST, nil
	}
	f := t.Format()
	x, err := format.NewIndexer(f)
	if err != nil {
		return nil, errs.Errorf(errs.ErrInternal, "the format %s of a %s tensor: %v", f, t.layout, err)
	}
	sizes, err := x.LevelSizes(t.shape)
	if err != nil {
		return nil, errs.Errorf(errs.ErrInternal, "the format %s of a %s tensor of size %v: %v", f, t.layout, t.shape, err)
	}
	u := &UST{Format: f, LevelSizes: sizes, Pos: make([]dtype.Array, len(f.Levels)), Crd: make([]dtype.Array, len(f.Levels)), Values: Flat(t.values)}
	if t.layout == Strided {
		return u, nil
	}
	reached := true
	for l, lv := range f.Levels {
		tl := t.levels[l]
		if lv.Kind.HasCrd() {
			u.Crd[l] = tl.Crd
		}
		if lv.Kind.HasPos() {
			switch {
			case !reached:
				u.Pos[l] = dtype.Array{DType: tl.Pos.DType, Shape: []int64{0}, Data: []byte{}}
			case t.layout.IsCompressed() && t.batchDim > 0 && l == t.CompressedLevel():
				p, err := t.compressedIndices("pos", t.layout.RowMajor())
				if err != nil {
					return nil, err
				}
				u.Pos[l] = Flat(p)
			default:
				u.Pos[l] = tl.Pos
			}
		}
		// The levels below a compressed or singleton level that stores no
		// coordinate are never reached by the reference's build.
		reached = reached && (!lv.Kind.HasCrd() || tl.Crd.Numel() > 0)
	}
	return u, nil
}
