package dispatch

import (
	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/spectral"
)

// The randomized low-rank factorizations (core/spectral): host only, three
// results, recorded when an input takes part in autograd.

// Lowrank is the three factors of a low-rank factorization: U, S and V.
type Lowrank [3]Result

// SvdLowrank is torch.svd_lowrank of a: q columns, niter subspace
// iterations, the draw's seed; m, when it holds a tensor (Host or Dev
// non-nil), is the mean subtracted from a.
func (d Dispatcher) SvdLowrank(a, m Value, q, niter int, seed uint64) (Lowrank, error) {
	xs := []Value{a}
	if m.Host != nil || m.Dev != nil {
		xs = append(xs, m)
	}
	if err := hostOnly("svd_lowrank", xs...); err != nil {
		return Lowrank{}, err
	}
	if d.Records(xs...) {
		var mv *autograd.Var
		if len(xs) == 2 {
			mv = m.variable()
		}
		return recordedLowrank(autograd.SvdLowrank(a.variable(), mv, q, niter, seed))
	}
	res, err := spectral.SvdLowrank(a.Host, q, niter, m.Host, seed)
	if err != nil {
		return Lowrank{}, err
	}
	return plainLowrank(res), nil
}

// PcaLowrank is torch.pca_lowrank of a: SvdLowrank of a, its column means
// subtracted when center is set.
func (d Dispatcher) PcaLowrank(a Value, q int, center bool, niter int, seed uint64) (Lowrank, error) {
	if err := hostOnly("pca_lowrank", a); err != nil {
		return Lowrank{}, err
	}
	if d.Records(a) {
		return recordedLowrank(autograd.PcaLowrank(a.variable(), q, center, niter, seed))
	}
	res, err := spectral.PcaLowrank(a.Host, q, center, niter, seed)
	if err != nil {
		return Lowrank{}, err
	}
	return plainLowrank(res), nil
}

// recordedLowrank is the result of a recorded factorization.
func recordedLowrank(u, s, v *autograd.Var, err error) (Lowrank, error) {
	if err != nil {
		return Lowrank{}, err
	}
	var r Lowrank
	for i, x := range []*autograd.Var{u, s, v} {
		r[i], _ = Recorded(x, nil)
	}
	return r, nil
}

// plainLowrank is the result of an unrecorded factorization.
func plainLowrank(res *spectral.LowrankResult) Lowrank {
	return Lowrank{{Host: res.U}, {Host: res.S}, {Host: res.V}}
}
