//! `explain` over the real library: the path it names is the one the call
//! takes (the DIA kernel, the copy of its elements a custom format with a
//! fill is read through, made for the call and kept nowhere: its storage
//! stays), and bad input is refused
//! naming the argument.

use gosparse::{ErrorKind, Format, Tensor, explain, generate};

use super::LeakCheck;

fn fmt(text: &str) -> Format {
    text.parse().unwrap()
}

#[test]
fn explain_names_the_path() {
    let check = LeakCheck::start();
    {
        let a = generate::stencil2d(8).unwrap();
        let x = Tensor::from_dense(&[1.0f64; 64], &[64]).unwrap();
        let dia = a.to_format(&fmt("(i, j) -> (j - i : compressed, i : range)")).unwrap();
        let e = explain("mv", &[&dia, &x], None).unwrap();
        assert_eq!(e.path, "kernel");
        assert!(e.kernel.starts_with("kernels.SpMMDIA"), "{}", e.kernel);
        assert!(e.converts.is_empty());
        assert_eq!(e.output_bytes, 64 * 8);
        assert!(e.best.format.starts_with("DIA-I"), "{:?}", e.best);
        assert!(e.json().starts_with("{\"op\":\"mv\""));
        let s = explain("sum", &[&dia], Some(r#"{"dims": [1]}"#)).unwrap();
        assert!(s.kernel.contains("ReduceScatter"), "{}", s.kernel);

        // A fill of 2 takes a custom format off the format path: a copy of its
        // elements made for the call, which mv keeps nowhere.
        let delta = a.with_fill_value(2.0f64).unwrap().to_format(&fmt("(i, j) -> (i : dense, j : delta(13))")).unwrap();
        let e = explain("mv", &[&delta, &x], None).unwrap();
        assert_eq!(e.path, "conversion");
        assert_eq!(e.converts.len(), 1);
        assert!(e.converts[0].to.contains("made for this call"), "{}", e.converts[0].to);
        assert!(e.converts[0].bytes > 0);
        let before = delta.storage_bytes().unwrap();
        let _y = delta.mv(&x).unwrap();
        assert_eq!(delta.storage_bytes().unwrap(), before);
    }
    check.finish();
}

#[test]
fn explain_bad_input() {
    let check = LeakCheck::start();
    {
        let a = generate::stencil2d(4).unwrap();
        let e = explain("frobnicate", &[&a], None).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert!(e.message().contains("op \"frobnicate\" is unknown"), "{}", e.message());
        let e = explain("mv", &[&a], None).unwrap_err();
        assert!(e.message().contains("takes 2 tensor operand(s) (mat, vec), got 1"), "{}", e.message());
        let e = explain("sum", &[&a], Some("{\"axis\": 0}")).unwrap_err();
        assert!(e.message().contains("options"), "{}", e.message());
    }
    check.finish();
}
