package tensor

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
	for l := range u.Format.Levels {
		if u.Pos[l].Data != nil {
			add("pos_"+Itoa(int64(l)), u.Pos[l])
		}
		if u.Crd[l].Data != nil {
			add("crd_"+Itoa(int64(l)), u.Crd[l])
		}
	}
	add("values", u.Values)
	suffixes := []string{"size=" + tupleStr(t.shape), "nse=" + Itoa(u.Values.Numel())}
	if !defaultDType(t.dtype) {
		suffixes = append(suffixes, "dtype=torch."+t.dtype.String())
	}
	suffixes = append(suffixes, "format="+u.Format.String())
	body := strings.Join(strs, ",\n"+strings.Repeat(" ", indent))
	return addSuffixes(prefix+body, suffixes, indent, true)
}
