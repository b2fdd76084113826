package ustorage

import "fmt"

// ToDense returns the row-major dense array of s, walking its levels (the
// generic level iterator): duplicates of a nonunique format add up, padding
// outside the tensor (DIA's out-of-matrix slots) is skipped. It checks s as
// it walks and refuses, without panicking, a storage whose arrays do not
// agree with its format and shape (an index past an array's end, a pos that
// decreases, a coordinate outside its level). The dense array must fit in
// DefaultByteLimit.
func ToDense[T Value](s *Storage[T]) ([]T, error) { return ToDenseLimit(s, DefaultByteLimit) }

// ToDenseLimit is ToDense with the byte limit given for the dense array.
func ToDenseLimit[T Value](s *Storage[T], limit int64) ([]T, error) {
	if s == nil {
		return nil, fmt.Errorf("ustorage: storage is nil")
	}
	n := numel(s.Shape)
	if vs := sizeOf[T](); bytesFor(0, n, vs) > limit {
		return nil, tooLarge("the dense array", s.Format, 0, n, vs, limit)
	}
	out := make([]T, n)
	shape := s.Shape
	err := Walk(s.Structure(), int64(len(s.Values)), func(dim []int64, p int64) {
		at := int64(0)
		for d, c := range dim {
			at = at*shape[d] + c
		}
		out[at] += s.Values[p]
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
