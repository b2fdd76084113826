package semistructured

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ustorage"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUSTMatchesTheReferenceLayout: UST of a compressed matrix equals
// ustorage.Build (the reference's layout) of its dense form, strips with
// zero, one and two nonzeros alike; for float16 and bfloat16 the dense
// form is built from the float32 values and the stored words compared widened.
func TestUSTMatchesTheReferenceLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for _, d := range allDTypes {
		l, _ := layoutOf("d", d)
		for _, sh := range shapesOf(d)[:2] {
			w := randomPattern(rng, d, sh[0], sh[1], l.n, l.m)
			s, err := FromDense(setFrom(d, sh[:], w))
			require.NoError(t, err)
			f, err := s.Format()
			require.NoError(t, err)
			switch d {
			case dtype.Int8:
				got, err := UST[int8](s)
				require.NoError(t, err)
				want, err := ustorage.Build(f, sh[:], dtype.AsSlice[int8](s.ToDense()))
				require.NoError(t, err)
				assert.Equal(t, want, got, "%s %v", d, sh)
			case dtype.Float32:
				got, err := UST[float32](s)
				require.NoError(t, err)
				want, err := ustorage.Build(f, sh[:], dtype.AsSlice[float32](s.ToDense()))
				require.NoError(t, err)
				assert.Equal(t, want, got, "%s %v", d, sh)
			default:
				got, err := UST[uint16](s)
				require.NoError(t, err)
				dense32 := make([]float32, len(w))
				for i, v := range w {
					dense32[i] = float32(v)
				}
				want, err := ustorage.Build(f, sh[:], dense32)
				require.NoError(t, err)
				assert.Equal(t, want.Levels, got.Levels, "%s %v", d, sh)
				assert.Equal(t, want.LevelSizes, got.LevelSizes)
				widened := widenAll(floatWidener(dtype.Array{DType: d, Shape: []int64{int64(len(got.Values))},
					Data: wordsBytes(got.Values)}), int64(len(got.Values)))
				assert.Equal(t, want.Values, widened, "%s %v values", d, sh)
			}
		}
	}
}

func wordsBytes(v []uint16) []byte {
	a := dtype.NewArray(dtype.Int16, []int64{int64(len(v))})
	copy(dtype.AsSlice[uint16](a), v)
	return a.Data
}

func TestUSTRefuses(t *testing.T) {
	s, err := FromDense(dtype.NewArray(dtype.Float16, []int64{32, 64}))
	require.NoError(t, err)
	_, err = UST[float32](s)
	requireRefused(t, err, errs.ErrDType, "not the storage word of float16")
	_, err = UST[uint16](s.T())
	requireRefused(t, err, errs.ErrInvalidArgument, "a transpose")
}
