//! torch's names of issue 18 (mT, H, mH, zeros_like, the predicates) on every
//! layout against the dense reference, and DenseOut products against mv/mm.

use gosparse::{Complex64, DenseOut, Layout, Tensor};

use super::LeakCheck;

const LAYOUTS: [Layout; 6] =
    [Layout::Strided, Layout::SparseCoo, Layout::SparseCsr, Layout::SparseCsc, Layout::SparseBsr, Layout::SparseBsc];

/// A 4x6 complex matrix with zeros, in layout l (2x2 blocks for BSR/BSC).
fn sample(l: Layout) -> (Vec<Complex64>, Tensor) {
    let v: Vec<Complex64> = (0..24)
        .map(|k| if k % 3 == 0 { Complex64::new(0.0, 0.0) } else { Complex64::new(k as f64, -(k as f64) / 2.0) })
        .collect();
    let d = Tensor::from_dense(&v, &[4, 6]).unwrap();
    let t = match l {
        Layout::SparseBsr => d.to_sparse_bsr([2, 2]).unwrap(),
        Layout::SparseBsc => d.to_sparse_bsc([2, 2]).unwrap(),
        l => d.to_layout(l).unwrap(),
    };
    (v, t)
}

fn dense(t: &Tensor) -> Vec<Complex64> {
    t.to_dense().unwrap().values::<Complex64>().unwrap().to_vec()
}

#[test]
fn transposes_match_the_dense_reference() {
    let lc = LeakCheck::start();
    for l in LAYOUTS {
        let (v, t) = sample(l);
        let tr: Vec<Complex64> = (0..24).map(|k| v[(k % 4) * 6 + k / 4]).collect();
        let conj_tr: Vec<Complex64> = tr.iter().map(|z| Complex64::new(z.re, -z.im)).collect();
        let mt = t.mt().unwrap();
        assert_eq!((mt.shape(), dense(&mt)), (gosparse::Shape::new(&[6, 4]).unwrap(), tr.clone()), "{l:?} mT");
        let h = t.h().unwrap();
        assert_eq!((h.shape().to_vec(), dense(&h)), (vec![6, 4], conj_tr.clone()), "{l:?} H");
        let mh = t.mh().unwrap();
        assert_eq!(dense(&mh), conj_tr, "{l:?} mH");
        // A real tensor: H is the transpose.
        let re = t.to_dtype(gosparse::DType::Float64).unwrap();
        assert!(re.h().unwrap().equal(&re.t().unwrap()).unwrap(), "{l:?} real H");
        // zeros_like keeps layout, dtype, shape and block size, and reads zero.
        let z = t.zeros_like().unwrap();
        assert_eq!(
            (z.layout(), z.dtype(), z.shape(), z.blocksize()),
            (l, t.dtype(), t.shape(), t.blocksize()),
            "{l:?}"
        );
        assert!(dense(&z).iter().all(|c| *c == Complex64::new(0.0, 0.0)), "{l:?} zeros_like");
        assert!(z.is_same_size(&t) && !z.is_same_size(&mt));
        assert!(t.is_complex() && !t.is_floating_point() && t.is_signed());
    }
    // Batched: mT and mH swap the last two dims of each matrix.
    let b =
        Tensor::from_dense(&[1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], &[2, 2, 2]).unwrap().to_sparse_coo().unwrap();
    assert_eq!(b.mt().unwrap().to_dense().unwrap().values::<f64>().unwrap(), &[1.0, 3.0, 2.0, 4.0, 5.0, 7.0, 6.0, 8.0]);
    assert!(b.h().is_err() && b.mh().is_ok());
    drop(b);
    lc.finish();
}

#[test]
fn dense_out_products_equal_the_allocating_ones() {
    let lc = LeakCheck::start();
    let x = Tensor::from_dense(&[1.0f64, -2.0, 0.5, 3.0, 0.0, 1.0], &[6]).unwrap();
    let xm = Tensor::from_dense(&(0..12).map(|k| k as f64).collect::<Vec<_>>(), &[6, 2]).unwrap();
    for l in LAYOUTS {
        let (_, t) = sample(l);
        let t = t.to_dtype(gosparse::DType::Float64).unwrap();
        let mut y = DenseOut::from_dense(&[9.0f64; 4], &[4]).unwrap();
        t.mv_out(&x, &mut y).unwrap();
        assert_eq!(y.values::<f64>().unwrap(), t.mv(&x).unwrap().values::<f64>().unwrap(), "{l:?} mv_out");
        let mut c = DenseOut::zeros::<f64>(&[4, 2]).unwrap();
        t.mm_out(&xm, &mut c).unwrap();
        assert_eq!(c.values::<f64>().unwrap(), t.mm(&xm).unwrap().values::<f64>().unwrap(), "{l:?} mm_out");
        // Refusals leave the output as it was: a wrong shape, a wrong dtype.
        let before = c.values::<f64>().unwrap().to_vec();
        let mut wrong = DenseOut::zeros::<f64>(&[4, 3]).unwrap();
        assert!(t.mm_out(&xm, &mut wrong).is_err());
        let mut f32_out = DenseOut::zeros::<f32>(&[4, 2]).unwrap();
        assert!(t.mm_out(&xm, &mut f32_out).is_err());
        assert_eq!(f32_out.values::<f32>().unwrap(), &[0.0f32; 8]);
        assert_eq!(c.values::<f64>().unwrap(), before.as_slice());
        // to_tensor is a copy: later writes do not reach it.
        let snapshot = c.to_tensor().unwrap();
        t.mm_out(&xm.neg().unwrap(), &mut c).unwrap();
        assert_eq!(snapshot.values::<f64>().unwrap(), before.as_slice());
        assert_ne!(c.values::<f64>().unwrap(), before.as_slice());
    }
    drop((x, xm));
    lc.finish();
}
