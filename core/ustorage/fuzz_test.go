package ustorage

import (
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/format"
)

// FuzzBuild: for any format text and small tensor, Build never panics, and
// what it builds goes back to the same dense array.
func FuzzBuild(f *testing.F) {
	for _, s := range []string{
		"(i, j) -> (i : dense, j : compressed)",
		"(i, j) -> (j - i : compressed, i : range)",
		"(i, j) -> (i + j : compressed, j : range)",
		"(i, j) -> (i : compressed(nonunique), j : singleton)",
		"(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)",
		"(i, j) -> (i : dense, j / 4 : dense, j % 4 : structured(2))",
		"(i, j) -> (i : dense, j : delta(1))",
		"(b, i, j) -> (b : batch, i : dense, j : compressed)",
		"(b, i, j) -> (j - i : compressed, b : dense, i : range)",
	} {
		f.Add(s, []byte{4, 4, 2}, []byte{0, 1, 0, 0, 2, 3, 0, 1, 0, 0, 0, 2, 1, 0, 3, 0})
	}
	f.Fuzz(func(t *testing.T, text string, sizes, data []byte) {
		fm, err := format.Parse(text)
		if err != nil || fm.NumDims() > 4 {
			return
		}
		shape := make([]int64, fm.NumDims())
		for k := range shape {
			shape[k] = 2
			if k < len(sizes) {
				shape[k] = int64(sizes[k] % 9)
			}
		}
		dense := make([]float64, numel(shape))
		for i := range dense {
			if len(data) > 0 {
				dense[i] = float64(data[i%len(data)] % 4)
			}
		}
		s, err := BuildLimit(fm, shape, dense, 1<<20)
		if err != nil {
			return
		}
		back, err := ToDense(s)
		if err != nil {
			t.Fatalf("%s %v: ToDense of a built storage: %v", fm, shape, err)
		}
		if !slices.Equal(back, dense) {
			t.Fatalf("%s %v: ToDense(Build(x)) = %v, x = %v", fm, shape, back, dense)
		}
	})
}
