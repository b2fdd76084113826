package ustorage

import "fmt"

// The refusals of a (dense, compressed) source's level 1 that each walk over
// its rows makes: pos long enough, each row's segment inside crd and the
// values, each column inside the level. The errors name level 1 and the
// entry at fault.

// checkRowPos refuses a pos with fewer than the rows+1 entries of rows rows.
func checkRowPos[I int32 | int64](s *Structure, pos []I, rows int64) error {
	if rows > 0 && int64(len(pos)) < rows+1 {
		return fmt.Errorf("ustorage: level 1 (%s): pos has %d entries, fewer than the %d of %d rows", s.Format.Levels[1], len(pos), rows+1, rows)
	}
	return nil
}

// segmentOutside is the error of row o's segment pos[o..o+1] = lo..hi
// outside crd (ncrd entries) or the nvals values. The walks test the
// segment in their row loops themselves (a call per row would not inline).
func segmentOutside(s *Structure, o, lo, hi, ncrd, nvals int64) error {
	return fmt.Errorf("ustorage: level 1 (%s): segment pos[%d..%d] = %d..%d is not inside crd (length %d) and the values (length %d)",
		s.Format.Levels[1], o, o+1, lo, hi, ncrd, nvals)
}

// columnOutside is the error of crd[q] = v outside level 1's coordinates
// 0..cols-1.
func columnOutside(s *Structure, q, v, cols int64) error {
	return fmt.Errorf("ustorage: level 1 (%s): crd[%d] = %d is outside the level's coordinates 0..%d", s.Format.Levels[1], q, v, cols-1)
}
