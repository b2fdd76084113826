package ustorage

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/format"
)

// ustFile is ../shared/conformance/ust/formats.json beside the repository root.
var ustFile = filepath.Join("..", "..", "..", "shared", "conformance", "ust", "formats.json")

type ustCase struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Format string `json:"format"`
	Dense  struct {
		Dtype string    `json:"dtype"`
		Shape []int64   `json:"shape"`
		Data  []float64 `json:"data"`
	} `json:"dense"`
	Expect struct {
		Levels []struct {
			Pos []int64 `json:"pos"`
			Crd []int64 `json:"crd"`
		} `json:"levels"`
		Values     []float64 `json:"values"`
		LevelSizes []int64   `json:"level_sizes"`
		NSE        int64     `json:"nse"`
		IndexDtype string    `json:"index_dtype"`
	} `json:"expect"`
}

func loadCases(t *testing.T) []ustCase {
	t.Helper()
	data, err := os.ReadFile(ustFile)
	if err != nil {
		t.Skipf("UST conformance vectors not found at %s (../shared beside the repository): %v", ustFile, err)
	}
	var v struct {
		Cases []ustCase `json:"cases"`
	}
	require.NoError(t, json.Unmarshal(data, &v))
	require.Len(t, v.Cases, 275, "formats.json changed: review this test's expectations")
	return v.Cases
}

// real converts to a real element type; complex types use cplx.
func real[T ~int32 | ~int64 | ~float32 | ~float64](x float64) T { return T(x) }

func cplx(x float64) complex128 { return complex(x, 0) }

func convert[T Value](xs []float64, conv func(float64) T) []T {
	out := make([]T, len(xs))
	for i, x := range xs {
		out[i] = conv(x)
	}
	return out
}

// checkCase builds the case's storage in element type T and compares every
// array with the reference's, then checks ToDense(Build(x)) == x.
func checkCase[T Value](t *testing.T, c ustCase, conv func(float64) T) bool {
	t.Helper()
	f, err := format.Parse(c.Format)
	if !assert.NoError(t, err, c.ID) {
		return false
	}
	dense := convert(c.Dense.Data, conv)
	s, err := Build(f, c.Dense.Shape, dense)
	if !assert.NoError(t, err, c.ID) {
		return false
	}
	ok := assert.Equal(t, c.Expect.LevelSizes, s.LevelSizes, "%s level sizes", c.ID)
	ok = assert.Equal(t, c.Expect.NSE, s.NSE(), "%s nse", c.ID) && ok
	ok = assert.Equal(t, c.Expect.IndexDtype, fmt.Sprintf("int%d", s.IndexBits()), "%s index dtype", c.ID) && ok
	ok = assert.Equal(t, convert(c.Expect.Values, conv), s.Values, "%s values", c.ID) && ok
	if assert.Len(t, s.Levels, len(c.Expect.Levels), c.ID) {
		for l, want := range c.Expect.Levels {
			ok = assert.Equal(t, want.Pos, orEmpty(s.Levels[l].Pos), "%s level %d pos", c.ID, l) && ok
			ok = assert.Equal(t, want.Crd, orEmpty(s.Levels[l].Crd), "%s level %d crd", c.ID, l) && ok
		}
	} else {
		ok = false
	}
	back, err := ToDense(s)
	ok = assert.NoError(t, err, c.ID) && ok
	ok = assert.Equal(t, dense, back, "%s: ToDense(Build(x)) != x", c.ID) && ok
	return ok
}

func orEmpty(xs []int64) []int64 {
	if xs == nil {
		return []int64{}
	}
	return xs
}

// TestUSTStorage: every case of formats.json, storage element for element
// (levels' pos and crd, values with padding, level sizes, nse) in the case's
// float64, and the round trip to dense.
func TestUSTStorage(t *testing.T) {
	cases := loadCases(t)
	families := map[string]bool{}
	for _, c := range cases {
		require.Equal(t, "float64", c.Dense.Dtype, c.ID)
		if !checkCase(t, c, real[float64]) {
			families[c.Name] = true
		}
	}
	assert.Empty(t, families, "families with failing cases")
}

// TestUSTStorageOtherDtypes: the same cases in float32, int32, int64 and
// complex128 (the data are small integers, exact in every type).
func TestUSTStorageOtherDtypes(t *testing.T) {
	for _, c := range loadCases(t) {
		for _, x := range c.Dense.Data {
			require.Equal(t, math.Trunc(x), x, "%s holds a non-integer", c.ID)
		}
		checkCase(t, c, real[float32])
		checkCase(t, c, real[int32])
		checkCase(t, c, real[int64])
		checkCase(t, c, cplx)
	}
}
