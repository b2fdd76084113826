package ustorage

import (
	"fmt"

	"github.com/gosparse/gosparse/core/format"
)

// batchLevel returns the compressed level whose pos is kept per batch (the
// level right under the dense level closing the leading batch levels), the
// number of batches and the closing dense level's extent; ok is false when
// the format has no such level.
func batchLevel(f format.Format, sizes []int64) (level int, batches, rows int64, ok bool) {
	nb := 0
	for nb < len(f.Levels) && f.Levels[nb].Kind == format.Batch {
		nb++
	}
	if nb == 0 || nb+1 >= len(f.Levels) || f.Levels[nb+1].Kind != format.Compressed {
		return 0, 0, 0, false
	}
	batches = 1
	for k := 0; k < nb; k++ {
		batches = mulCount(batches, sizes[k])
	}
	return nb + 1, batches, sizes[nb], true
}

// batchPosExtra is how many more pos entries the per-batch layout takes than
// the linear one (one leading 0 per batch instead of one in all).
func batchPosExtra(f format.Format, sizes []int64) int64 {
	if _, batches, _, ok := batchLevel(f, sizes); ok {
		return batches
	}
	return 0
}

// unlinearizeBatch turns the linear pos of a format's batch-split level (one
// array over all batches' rows) into one array per batch, each from 0, and
// refuses batches of different sizes.
func unlinearizeBatch[T Value](s *Storage[T]) error {
	l, batches, rows, ok := batchLevel(s.Format, s.LevelSizes)
	if !ok {
		return nil
	}
	lin := s.Levels[l].Pos
	out := make([]int64, batches*(rows+1))
	var per int64
	for b := int64(0); b < batches; b++ {
		base := lin[b*rows]
		n := lin[(b+1)*rows] - base
		if b == 0 {
			per = n
		} else if n != per {
			return fmt.Errorf("ustorage: level %d (%s): batches must store the same number of entries: batch 0 has %d, batch %d has %d",
				l, s.Format.Levels[l], per, b, n)
		}
		for r := int64(0); r <= rows; r++ {
			out[b*(rows+1)+r] = lin[b*rows+r] - base
		}
	}
	s.Levels[l].Pos = out
	return nil
}
