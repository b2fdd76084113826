package tensor

import (
	"math"
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/ustorage"
)

// Custom is the layout of a tensor whose format is none of the named
// layouts (DIA, delta, N:M, a permuted 3-d CSF, ...): Layout reports it,
// Format gives the format and USTStorage the arrays. It is not a target of
// core/convert's ToLayout (its ToFormat takes the format).
//
// Such a tensor holds its storage in its format (the reference's arrays,
// padding included) and nothing more. An operator without a path of its own
// for its format reads, for the call only, the coalesced COO tensor of its
// elements Named makes (every stored element inside the tensor), kept by no
// one; so do the accessors of the named layouts' fields (Values,
// Indices, Levels, Component), each call its own
// (the C API's handle keeps the one it lends). NNZ and IndexWidth answer
// from the storage. Results are COO or strided, by the operators' rules for
// COO, except where an operator has a path on the storage: a map or zip of
// the values (CustomMapped, CustomZipped), a permute (CustomPermuted) and
// WithFill keep the format, sharing the storage's arrays; the other
// element-wise ops keep the custom format where it holds the result (the
// operators' element-wise format rule).
const Custom Layout = 9

// ustStore is the storage of a custom-format tensor. owner is the tensor it
// belongs to: a tensor copied field by field inside an operator (which then
// changes its values or shape) carries the pointer but is not its owner, and
// so is a plain COO tensor.
// Its UST's Pos and Crd are per level, int32 or int64, an Array without
// Data where the level stores none; its Values are (nse,), padding included.
type ustStore struct {
	owner *Tensor
	UST
	count atomic.Int64 // elementCount + 1 once counted, 0 before
	// relabel is the named layout of the format relabelled by the last
	// perm a relabel asked (namedRelabelled).
	relabel atomic.Pointer[relabelAnswer]
}

// borrowLevels makes the store's level arrays the caller's checked pos and
// crd (CheckUST with borrow: convert.WrapFormat), where the level stores
// one and the caller gave it.
func (u *ustStore) borrowLevels(pos, crd []dtype.Array) {
	for l, lv := range u.Format.Levels {
		if lv.Kind.HasPos() && pos[l].Numel() > 0 && len(pos[l].Data) > 0 {
			u.Pos[l] = pos[l]
		}
		if lv.Kind.HasCrd() && crd[l].Numel() > 0 && len(crd[l].Data) > 0 {
			u.Crd[l] = crd[l]
		}
	}
}

// IndexInts reads a 1-D int32 or int64 index array as int64s: a view of an
// int64 one, a copy of an int32 one (a wrapped storage's width).
func IndexInts(a dtype.Array) []int64 {
	if a.DType == dtype.Int64 {
		return dtype.AsSlice[int64](a)
	}
	out := make([]int64, a.Numel())
	for i := range out {
		out[i] = a.Index(int64(i))
	}
	return out
}

// formatStore returns t's format storage, or nil for a tensor of a named
// layout (a tensor copied from a custom one but not its owner included).
func (t *Tensor) formatStore() *ustStore {
	if t.ust != nil && t.ust.owner == t {
		return t.ust
	}
	return nil
}

// int64Array views v as a 1-D int64 Array without copying.
func int64Array(v []int64) dtype.Array {
	if len(v) == 0 {
		return dtype.Array{DType: dtype.Int64, Shape: []int64{0}, Data: []byte{}}
	}
	return dtype.Array{DType: dtype.Int64, Shape: []int64{int64(len(v))}, Data: unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), len(v)*8)}
}

// AssembleFormat is the trusted assembler of a custom-format tensor (as
// Assemble is of a named layout's): the tensor of format f over s's shape
// from its storage (the structure s and values of dtype, one per value
// slot) and fill value, for the conversions that built s themselves
// (core/convert's ToFormat) and the constructors here. It holds the storage
// only (custom_coo.go), its level arrays int64 where width is 64, else
// (32, or convert.KeptWidth's automatic 0) int32 where every entry fits (s's int32
// arrays themselves where it holds them so), else int64. s must be checked already (Arrange's or Convert's output, or a
// constructor's checked input): no pass over it checks it again.
func AssembleFormat(f format.Format, s *ustorage.Structure, values dtype.Array, fill []byte, width int) (*Tensor, error) {
	if err := checkCOOFits(f, len(s.Shape), values.Numel()); err != nil {
		return nil, err
	}
	t := newCustomShell(values.DType, s.Shape, fill)
	u := &ustStore{owner: t, UST: UST{Format: f.Clone(), LevelSizes: append([]int64(nil), s.LevelSizes...),
		Pos: make([]dtype.Array, len(s.Levels)), Crd: make([]dtype.Array, len(s.Levels)), Values: Flat(values)}}
	narrow := width != 64 && fitsStore32(s, values.Numel())
	for l, lv := range f.Levels {
		if lv.Kind.HasPos() {
			u.Pos[l] = storeIndex(s, l, true, narrow)
		}
		if lv.Kind.HasCrd() {
			u.Crd[l] = storeIndex(s, l, false, narrow)
		}
	}
	t.ust = u
	return t, nil
}

// fitsStore32 reports whether every entry of s's level arrays and its nvals
// value slots fit int32 (the reference's rule, ustorage's IndexBits): the
// sizes, the shape (a - b's coordinates) and the array lengths (pos entries
// are at most their crd's length) below 2^31.
func fitsStore32(s *ustorage.Structure, nvals int64) bool {
	fits := func(v int64) bool { return v <= math.MaxInt32 }
	if !fits(nvals) || slices.ContainsFunc(s.LevelSizes, func(v int64) bool { return !fits(v) }) ||
		slices.ContainsFunc(s.Shape, func(v int64) bool { return !fits(v) }) {
		return false
	}
	for l := range s.Levels {
		if !fits(int64(len(s.Levels[l].Pos))) || !fits(int64(len(s.Levels[l].Crd))) {
			return false
		}
	}
	return true
}

// storeIndex is level l's pos (pos) or crd array of s as a tensor's 1-D
// index array, int32 where narrow, else int64: s's own array where it has
// that width (its Narrow holds the int32 ones), else a converted copy.
// An empty array has Data (the level stores one, of no entries).
func storeIndex(s *ustorage.Structure, l int, pos, narrow bool) dtype.Array {
	a := LevelIndex(s, l, pos, narrow)
	if a.Data == nil {
		a.Data = []byte{}
	}
	return a
}

// storeWidth is the index width of u's level arrays: 64 where any is
// int64, else 32 (a storage of int32 arrays, or of none).
func (u *ustStore) storeWidth() int {
	for l := range u.Pos {
		if len(u.Pos[l].Data) > 0 && u.Pos[l].DType == dtype.Int64 || len(u.Crd[l].Data) > 0 && u.Crd[l].DType == dtype.Int64 {
			return 64
		}
	}
	return 32
}

// newCustomShell is a custom-format tensor before its storage is attached:
// the fields Named's COO tensor shares with it (a coalesced COO tensor over
// every dim); its levels, values and indices stay empty (Named fills its own).
func newCustomShell(d dtype.DType, shape []int64, fill []byte) *Tensor {
	return &Tensor{layout: COO, dtype: d, shape: append([]int64(nil), shape...), block: [2]int64{1, 1},
		fill: append([]byte(nil), fill...), coalesced: true}
}
