package core

import (
	"strings"

	"github.com/gosparse/gosparse/core/dtype"
)

// repr prints a custom-format tensor in torch's style, with its level arrays
// (pos_l, crd_l) and values, and the format text where torch prints a layout:
//
//	tensor(crd_0=tensor([-1,  0,  1]),
//	       values=tensor([0., 1., 2., 3., 4., 5.]), size=(2, 2), nse=6,
//	       format=(i, j) -> (j - i : compressed, i : range))
func (u *ustStore) repr(t *Tensor, prefix string) string {
	indent := len(prefix)
	var strs []string
	add := func(name string, a dtype.Array) {
		s := arrayStr(a, indent+len(name)+len("=tensor("))
		if a.Numel() == 0 {
			s += ", size=" + tupleStr(a.Shape)
		}
		strs = append(strs, name+"=tensor("+s+")")
	}
	for l := range u.format.Levels {
		if u.pos[l].Data != nil {
			add("pos_"+itoa(int64(l)), u.pos[l])
		}
		if u.crd[l].Data != nil {
			add("crd_"+itoa(int64(l)), u.crd[l])
		}
	}
	add("values", u.values)
	suffixes := []string{"size=" + tupleStr(t.shape), "nse=" + itoa(u.values.Numel())}
	if !defaultDType(t.dtype) {
		suffixes = append(suffixes, "dtype=torch."+t.dtype.String())
	}
	suffixes = append(suffixes, "format="+u.format.String())
	body := strings.Join(strs, ",\n"+strings.Repeat(" ", indent))
	return addSuffixes(prefix+body, suffixes, indent, true)
}
