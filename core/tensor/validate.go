package tensor

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
		comp, plain, err := CompressedArrays(t)
		if err != nil {
			return err
		}
		_, err = NewCompressed(t.layout, comp, plain, t.values, t.shape, BuildOptions{})
		return err
	}
	return nil
}
