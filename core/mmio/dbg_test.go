package mmio

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/gosparse/gosparse/core"
)

func TestDbg(t *testing.T) {
	h := sampleTensors(t)["coo hybrid"]
	var buf bytes.Buffer
	WriteTensor(&buf, h)
	y, _ := ReadFrom(&buf)
	d, _ := core.ToDense(h)
	dy, _ := core.ToDense(y)
	a, _ := d.Values()
	b, _ := dy.Values()
	fa, fb := core.AsSlice[float64](a), core.AsSlice[float64](b)
	for i := range fa {
		if fa[i] != fb[i] {
			fmt.Println(i, fa[i], fb[i])
		}
	}
	fmt.Println(core.Equal(d, y))
	fmt.Println(core.Equal(d, dy))
	fmt.Println(h.IsCoalesced(), h.NNZ())
	ri, _ := h.RawIndices()
	fmt.Println(core.AsSlice[int64](ri))
}
