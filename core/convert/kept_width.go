package convert

import "github.com/gosparse/gosparse/core/tensor"

// KeptWidth is the index width a conversion of t, an operator's intermediate
// or result keeps from t (ConvertOptions.IndexWidth, ToFormat's level
// arrays): 64 where t's indices are int64 (IndexWidth: a custom tensor's
// storage's width; the bindings follow torch, whose indices are int64
// unless its input's are int32), else 0, int32 wherever everything fits (a
// strided tensor's included: ToLayout's default).
func KeptWidth(t *tensor.Tensor) int {
	if t.IndexWidth() == 64 {
		return 64
	}
	return 0
}
