//! Checks that the hand-written part of `lib.rs` matches the contract,
//! `include/gosparse.h`: every `GS_` constant with the same value and the
//! structs with the header's fields and layout. (The functions are generated
//! from the header; cmd/abigen's test keeps them in sync.) Both files are
//! parsed as text, so a header change that is not transcribed here fails.

use std::collections::BTreeMap;
use std::path::PathBuf;

fn repo_file(rel: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()))
}

/// Removes `/* */` and `//` comments.
fn strip_comments(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let mut rest = src;
    loop {
        let block = rest.find("/*");
        let line = rest.find("//");
        match (block, line) {
            (Some(b), l) if l.is_none_or(|l| b < l) => {
                out.push_str(&rest[..b]);
                let end = rest[b..].find("*/").expect("unterminated comment") + b + 2;
                out.push(' ');
                rest = &rest[end..];
            }
            (_, Some(l)) => {
                out.push_str(&rest[..l]);
                rest = rest[l..].find('\n').map_or("", |e| &rest[l + e..]);
            }
            (None, None) => {
                out.push_str(rest);
                return out;
            }
            (Some(_), None) => unreachable!(),
        }
    }
}

fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Evaluates the constant forms used on both sides: `N`, `(-N)`, `-N`,
/// `GS_DTYPE_CODE(a, b)` / `gs_dtype_code(a, b)`.
fn eval(expr: &str) -> Option<i64> {
    let e = expr.trim().trim_start_matches('(').trim_end_matches(')').trim();
    if let Ok(v) = e.parse() {
        return Some(v);
    }
    let lower = expr.trim().to_ascii_lowercase();
    let args = lower.strip_prefix("gs_dtype_code(")?.strip_suffix(')')?;
    let (code, bits) = args.split_once(',')?;
    Some((code.trim().parse::<i64>().ok()? << 8) | bits.trim().parse::<i64>().ok()?)
}

#[test]
fn every_header_constant_has_the_same_value() {
    let header = repo_file("../../../include/gosparse.h");
    let lib = strip_comments(&repo_file("src/lib.rs"));
    let mut rust = BTreeMap::new();
    for stmt in lib.split(';').map(squash) {
        if let Some(at) = stmt.find("pub const GS_") {
            let rest = &stmt[at + "pub const GS_".len()..];
            let (name, value) = rest.split_once('=').expect("const NAME: T = value");
            let name = format!("GS_{}", name.split(':').next().unwrap().trim());
            rust.insert(name, value.trim().to_string());
        }
    }
    let mut checked = 0;
    for line in strip_comments(&header).lines() {
        let Some(rest) = line.trim().strip_prefix("#define ") else { continue };
        let (name, value) = rest.split_once(' ').unwrap_or((rest, ""));
        if !name.starts_with("GS_") || name.contains('(') || name == "GOSPARSE_H" {
            continue;
        }
        let got = rust.get(name).unwrap_or_else(|| panic!("{name} is in the header, not in lib.rs"));
        if value.trim().starts_with('"') {
            assert_eq!(got, value.trim(), "{name}");
        } else {
            let want = eval(value).unwrap_or_else(|| panic!("cannot evaluate {name} = {value}"));
            assert_eq!(eval(got), Some(want), "{name}: header {value}, lib.rs {got}");
        }
        checked += 1;
    }
    assert!(checked >= 50, "checked only {checked} constants");
}

#[cfg(target_pointer_width = "64")]
#[test]
fn gs_array_has_the_c_layout() {
    // void* + int32 + int32 + int64[16] on a 64-bit target.
    assert_eq!(std::mem::size_of::<crate::gs_array>(), 8 + 4 + 4 + 8 * crate::GS_MAX_NDIM);
    assert_eq!(std::mem::offset_of!(crate::gs_array, shape), 16);
}

#[cfg(target_pointer_width = "64")]
#[test]
fn the_elementwise_structs_have_the_c_layout() {
    use std::mem::{offset_of, size_of};
    // int32 kind, int32 reserved, int64 i, double re, double im.
    assert_eq!(size_of::<crate::gs_number>(), 32);
    assert_eq!((offset_of!(crate::gs_number, i), offset_of!(crate::gs_number, re)), (8, 16));
    assert_eq!(offset_of!(crate::gs_number, im), 24);
    // 8 pointers, int32 layout, int32 reserved, int64 blocksize[2].
    assert_eq!(size_of::<crate::gs_elementwise_args>(), 8 * 8 + 4 + 4 + 16);
    assert_eq!(offset_of!(crate::gs_elementwise_args, rounding_mode), 56);
    assert_eq!(offset_of!(crate::gs_elementwise_args, layout), 64);
    assert_eq!(offset_of!(crate::gs_elementwise_args, blocksize), 72);
}

/// The field names of `struct name { ... }` in order: the last identifier of
/// each `;`-terminated declaration (C) or the name before `:` (Rust).
fn struct_fields(src: &str, open: &str, rust: bool) -> Vec<String> {
    let text = strip_comments(src);
    let start = text.find(open).unwrap_or_else(|| panic!("{open} not found"));
    let body = &text[start..];
    let body = &body[body.find('{').unwrap() + 1..body.find('}').unwrap()];
    let decls: Vec<&str> = if rust { body.split(',').collect() } else { body.split(';').collect() };
    decls
        .iter()
        .map(|d| d.trim())
        .filter(|d| !d.is_empty())
        .map(|d| {
            if rust {
                d.split(':').next().unwrap().trim().trim_start_matches("pub ").trim().to_string()
            } else {
                let d = d.split('[').next().unwrap();
                d.split([' ', '*']).rfind(|w| !w.is_empty()).unwrap().to_string()
            }
        })
        .collect()
}

#[test]
fn the_elementwise_structs_have_the_header_fields_in_order() {
    let header = repo_file("../../../include/gosparse.h");
    let lib = repo_file("src/lib.rs");
    for name in ["gs_number", "gs_elementwise_args", "gs_mm_write_options"] {
        let c = struct_fields(&header, &format!("typedef struct {name} {{"), false);
        let r = struct_fields(&lib, &format!("pub struct {name} {{"), true);
        assert!(c.len() >= 4, "{name}: parsed {c:?}");
        assert_eq!(c, r, "{name}: the fields of lib.rs differ from the header's");
    }
}
