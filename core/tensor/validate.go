package tensor

import "github.com/gosparse/gosparse/core/dtype"

// Validate checks every invariant of t's storage that the constructors check
// unless told NoCheck, and names the first broken one (as the constructor
// would have). A tensor the library computed from valid input always passes;
// one built with NoCheck from bad data, or computed from such a tensor, may
// not. Formats the constructors do not build (DCSR, DCSC, CSF) and strided
// tensors come only from the library's own conversions and pass.
func Validate(t *Tensor) error {
	t = t.named()
	switch {
	case t.layout == COO:
		_, err := NewCOO(t.indices, t.values, t.shape, BuildOptions{Coalesced: t.coalesced})
		return err
	case t.layout.IsCompressed():
		var comp, plain dtype.Array
		var err error
		if t.layout.RowMajor() {
			comp, err = t.CrowIndices()
			if err == nil {
				plain, err = t.ColIndices()
			}
		} else {
			comp, err = t.CcolIndices()
			if err == nil {
				plain, err = t.RowIndices()
			}
		}
		if err != nil {
			return err
		}
		_, err = NewCompressed(t.layout, comp, plain, t.values, t.shape, BuildOptions{})
		return err
	}
	return nil
}
