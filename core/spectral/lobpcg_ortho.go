package spectral

import (
	"math"

	"github.com/gosparse/gosparse/core/errs"
)

// OrthoParams are torch.lobpcg's ortho_iparams, ortho_fparams and
// ortho_bparams: the knobs of the B-orthonormalization of the new block W
// against [X, P] in method "ortho" (torch's _get_ortho: Algorithm 3 of
// Duersch's thesis, or Algorithm 6 with UseDrop). A zero field takes
// torch's default, named in its comment.
type OrthoParams struct {
	// IMax ("ortho_i_max", 3) bounds the outer rounds: project W off [X, P],
	// then SVQB rounds, until W^T B [X, P] is below Tol.
	IMax int
	// JMax ("ortho_j_max", 3) bounds the SVQB rounds of each outer round,
	// until W^T B W - I is below Tol.
	JMax int
	// Tol ("ortho_tol", lobpcg's tol) is the relative tolerance of both
	// tests: ||W^T B W - I|| / (||B W|| ||W||) and
	// ||[X, P]^T B W|| / (||B [X, P]|| ||W||).
	Tol float64
	// TolDrop ("ortho_tol_drop", tol): with UseDrop, the first SVQB of a
	// round raises the eigenvalues of W's scaled Gram matrix below TolDrop
	// times the largest to that level.
	TolDrop float64
	// TolReplace ("ortho_tol_replace", tol): without UseDrop, SVQB raises the
	// eigenvalues below TolReplace times the largest to that level; with
	// UseDrop, the later SVQBs of a round drop those directions instead.
	TolReplace float64
	// UseDrop ("ortho_use_drop", false) lets SVQB drop the directions of W
	// that add little to span([X, P, W]) instead of keeping them rescaled.
	UseDrop bool
}

// maxOrthoRounds bounds IMax and JMax: each round costs Gram matrices of the
// block, and a tolerance that is never met would otherwise run them all.
const maxOrthoRounds = 100

// resolve returns the parameters with torch's defaults filled in (tol for
// the tolerances), or an error naming the first bad one.
func (o OrthoParams) resolve(tol float64) (OrthoParams, error) {
	for _, r := range []struct {
		name string
		v    *int
	}{{"ortho_i_max", &o.IMax}, {"ortho_j_max", &o.JMax}} {
		if *r.v < 0 || *r.v > maxOrthoRounds {
			return o, errs.Errorf(errs.ErrInvalidArgument, "%s = %d: must be between 1 and %d (0 takes the default, 3)", r.name, *r.v, maxOrthoRounds)
		}
		if *r.v == 0 {
			*r.v = 3
		}
	}
	for _, r := range []struct {
		name string
		v    *float64
	}{{"ortho_tol", &o.Tol}, {"ortho_tol_drop", &o.TolDrop}, {"ortho_tol_replace", &o.TolReplace}} {
		if math.IsNaN(*r.v) || *r.v < 0 || *r.v >= 1 {
			return o, errs.Errorf(errs.ErrInvalidArgument, "%s = %g: must be in (0, 1) (0 takes the default, lobpcg's tol)", r.name, *r.v)
		}
		if *r.v == 0 {
			*r.v = tol
		}
	}
	return o, nil
}

// orthoExplicit is torch's _get_ortho with the caller's OrthoParams: W made
// B-orthogonal to [X, P] and B-orthonormal, the tests of each round
// measured as torch measures them. BW is updated by the same combinations
// as W (one product with B).
func (s *lobpcg) orthoExplicit(w *mat) (*mat, *mat, error) {
	o := s.ortho
	blocks := [][2]*mat{{s.x, s.bx}, {s.p, s.bp}}
	bvNorm := 0.0
	for _, blk := range blocks {
		if blk[1] != nil {
			bvNorm = math.Hypot(bvNorm, frobenius(blk[1]))
		}
	}
	bw, err := s.applyB(w)
	if err != nil {
		return nil, nil, err
	}
	for i := 0; i < o.IMax; i++ {
		project(w, bw, blocks)
		drop, tau := false, o.TolDrop
		for j := 0; j < o.JMax; j++ {
			var t *mat
			if o.UseDrop {
				t = svqbWith(gram(w, bw), drop, tau)
				drop, tau = true, o.TolReplace
			} else {
				t = svqbWith(gram(w, bw), false, o.TolReplace)
			}
			if t.c == 0 { // every direction of W lies in span([X, P])
				return t, t, nil
			}
			w, bw = s.combine(w, bw, t)
			g := gram(w, bw)
			for d := 0; d < g.r; d++ {
				g.v[d*g.c+d]--
			}
			if frobenius(g)/(frobenius(bw)*frobenius(w)) < o.Tol {
				break
			}
		}
		vbw := 0.0
		for _, blk := range blocks {
			if blk[0] != nil && blk[0].c > 0 {
				vbw = math.Hypot(vbw, frobenius(gram(blk[1], w)))
			}
		}
		if vbw/(bvNorm*frobenius(w)) < o.Tol {
			break
		}
	}
	return w, bw, nil
}

// svqbWith is torch's _get_svqb on the Gram matrix G of a block: T with
// T^T G T = I, from G scaled to a unit diagonal (zero columns left out)
// and its eigenpairs. Eigenvalues below tau times the largest are dropped
// (drop) or raised to that level (the direction kept, rescaled).
func svqbWith(g *mat, drop bool, tau float64) *mat {
	n := g.r
	nz := make([]int, 0, n)
	for i := 0; i < n; i++ {
		if g.v[i*n+i] != 0 {
			nz = append(nz, i)
		}
	}
	if len(nz) == 0 {
		return newMat(n, 0)
	}
	d := make([]float64, len(nz))
	h := newMat(len(nz), len(nz))
	for a, i := range nz {
		d[a] = 1 / math.Sqrt(math.Abs(g.v[i*n+i]))
	}
	for a, i := range nz {
		for b, j := range nz {
			h.v[a*h.c+b] = d[a] * g.v[i*n+j] * d[b]
		}
	}
	vals, z := eigSym(h)
	top := 0.0
	for _, l := range vals {
		top = math.Max(top, math.Abs(l))
	}
	cut := tau * top
	keep := make([]int, 0, len(vals))
	for j, l := range vals {
		if !drop || l > cut {
			keep = append(keep, j)
		}
	}
	t := newMat(n, len(keep))
	for c, j := range keep {
		f := 1 / math.Sqrt(math.Max(vals[j], cut))
		for a, i := range nz {
			t.v[i*t.c+c] = d[a] * z.v[a*z.c+j] * f
		}
	}
	return t
}
