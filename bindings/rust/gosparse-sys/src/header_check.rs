//! Checks that the hand-written declarations in `lib.rs` match the contract,
//! `include/gosparse.h`: every `gs_` function declared with the same number
//! and kinds of arguments and the same return type, and every `GS_` constant
//! with the same value. Both files are parsed as text, so a header change that
//! is not transcribed here fails the test.

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

/// Splits on commas that are not inside parentheses or angle brackets.
fn split_top(s: &str) -> Vec<String> {
    let (mut depth, mut cur, mut out) = (0i32, String::new(), Vec::new());
    for ch in s.chars() {
        match ch {
            '(' | '<' | '[' => depth += 1,
            ')' | '>' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(ch);
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// The integer typedefs are all int32_t: compare them as i32.
fn base_type(c: &str) -> String {
    match c {
        "int32_t" | "gs_status" | "gs_dtype" | "gs_layout" | "gs_component" | "gs_ordering" | "i32" => "i32".into(),
        "double" | "f64" => "f64".into(),
        "int64_t" | "i64" => "i64".into(),
        "uint64_t" | "u64" => "u64".into(),
        "char" | "c_char" => "c_char".into(),
        "void" | "c_void" => "c_void".into(),
        other => other.into(),
    }
}

/// A C type (a parameter without its name, or a return type) in Rust spelling.
fn c_type(decl: &str, has_name: bool) -> String {
    let spaced = decl.replace('*', " * ").replace('[', " [ ");
    let mut toks: Vec<&str> = spaced.split_whitespace().collect();
    let mut array = false;
    if let Some(i) = toks.iter().position(|t| *t == "[") {
        toks.truncate(i);
        array = true;
    }
    if has_name {
        toks.pop(); // the parameter's name
    }
    // What each pointer level points to is const when the base type is (level 0)
    // or when the star below it is itself const (`T *const *p`: p points to a
    // const pointer, so in Rust it is `*const *mut T`).
    let first_star = toks.iter().position(|t| *t == "*").unwrap_or(toks.len());
    let mut pointee_const = vec![toks[..first_star].contains(&"const")];
    for (i, t) in toks.iter().enumerate() {
        if *t == "*" {
            pointee_const.push(toks.get(i + 1) == Some(&"const"));
        }
    }
    let stars = toks.iter().filter(|t| **t == "*").count() + usize::from(array);
    let base = toks.iter().rfind(|t| **t != "*" && **t != "const").expect("type");
    let mut ty = base_type(base);
    for is_const in pointee_const.iter().take(stars) {
        let kw = if *is_const { "const" } else { "mut" };
        ty = format!("*{kw} {ty}");
    }
    ty
}

fn rust_type(ty: &str) -> String {
    let toks: Vec<&str> = ty.split_whitespace().collect();
    let (ptrs, base) = toks.split_at(toks.len() - 1);
    ptrs.iter().rev().fold(base_type(base[0]), |inner, p| format!("{p} {inner}"))
}

type Signatures = BTreeMap<String, (Vec<String>, String)>;

fn header_functions(header: &str) -> Signatures {
    let text: String =
        strip_comments(header).lines().filter(|l| !l.trim_start().starts_with('#')).collect::<Vec<_>>().join(" ");
    let mut out = Signatures::new();
    for stmt in text.split(';').map(squash) {
        if stmt.starts_with("typedef") || stmt.contains('{') && !stmt.contains('(') {
            continue;
        }
        let stmt = stmt.rsplit('{').next().unwrap().rsplit('}').next().unwrap().trim().to_string();
        let Some(open) = stmt.find('(') else { continue };
        let head = &stmt[..open];
        let name = head.split([' ', '*']).next_back().unwrap().to_string();
        if !name.starts_with("gs_") {
            continue;
        }
        let close = stmt.rfind(')').expect("closing paren");
        let args = stmt[open + 1..close].trim();
        let params = if args == "void" { vec![] } else { split_top(args).iter().map(|a| c_type(a, true)).collect() };
        let ret = c_type(&head[..head.len() - name.len()], false);
        assert!(out.insert(name.clone(), (params, ret)).is_none(), "{name} declared twice in the header");
    }
    out
}

fn rust_functions(lib: &str) -> Signatures {
    let text = squash(&strip_comments(lib));
    let block = text.split("unsafe extern \"C\" {").nth(1).expect("extern block in lib.rs");
    let mut out = Signatures::new();
    for decl in block.split(';') {
        let Some(at) = decl.find("pub fn gs_") else { continue };
        let decl = &decl[at + "pub fn ".len()..];
        let open = decl.find('(').unwrap();
        let name = decl[..open].trim().to_string();
        let close = decl.rfind(')').unwrap();
        let params = split_top(&decl[open + 1..close])
            .iter()
            .map(|p| rust_type(p.split_once(':').expect("name: type").1))
            .collect();
        let ret = decl[close + 1..].trim().strip_prefix("->").map_or("c_void".to_string(), rust_type);
        assert!(out.insert(name.clone(), (params, ret)).is_none(), "{name} declared twice in lib.rs");
    }
    out
}

/// Every difference between the header's and lib.rs's declarations.
fn differences(header: &Signatures, rust: &Signatures) -> Vec<String> {
    let mut problems = Vec::new();
    for (name, (params, ret)) in header {
        match rust.get(name) {
            None => problems.push(format!("{name}: in the header, not declared in lib.rs")),
            Some((rp, rr)) => {
                if rp.len() != params.len() {
                    problems.push(format!("{name}: header has {} arguments, lib.rs {}", params.len(), rp.len()));
                } else if rp != params {
                    problems.push(format!("{name}: argument types differ: header {params:?}, lib.rs {rp:?}"));
                }
                if rr != ret {
                    problems.push(format!("{name}: return type differs: header {ret}, lib.rs {rr}"));
                }
            }
        }
    }
    for name in rust.keys().filter(|n| !header.contains_key(*n)) {
        problems.push(format!("{name}: declared in lib.rs, not in the header"));
    }
    problems
}

#[test]
fn every_header_function_is_declared_with_the_same_signature() {
    let header = header_functions(&repo_file("../../../include/gosparse.h"));
    let rust = rust_functions(&repo_file("src/lib.rs"));
    assert!(header.len() >= 50, "parsed only {} functions from the header", header.len());
    let problems = differences(&header, &rust);
    assert!(problems.is_empty(), "lib.rs does not match include/gosparse.h:\n{}", problems.join("\n"));
}

#[test]
fn the_check_notices_a_dropped_argument_a_wrong_type_and_a_missing_function() {
    let header = header_functions(&repo_file("../../../include/gosparse.h"));
    let lib = repo_file("src/lib.rs");
    let edited = lib
        .replace("shape: *mut i64, cap: i32", "shape: *mut i64")
        .replace("pub fn gs_clone(t: *const gs_tensor", "pub fn gs_clone(t: *mut gs_tensor")
        .replace("pub fn gs_gen_rmat(", "pub fn gs_gen_rmat_renamed(");
    assert_ne!(edited, lib);
    let problems = differences(&header, &rust_functions(&edited)).join("\n");
    assert!(problems.contains("gs_tensor_shape: header has 3 arguments, lib.rs 2"), "{problems}");
    assert!(problems.contains("gs_clone: argument types differ"), "{problems}");
    assert!(problems.contains("gs_gen_rmat: in the header, not declared"), "{problems}");
    assert!(problems.contains("gs_gen_rmat_renamed: declared in lib.rs, not in the header"), "{problems}");
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

#[test]
fn type_spelling_is_normalised_alike() {
    assert_eq!(c_type("const char **name", true), "*mut *const c_char");
    assert_eq!(c_type("int64_t blocksize[2]", true), "*mut i64");
    assert_eq!(c_type("const gs_array *indices", true), "*const gs_array");
    assert_eq!(c_type("const gs_tensor *const *tensors", true), "*const *const gs_tensor");
    assert_eq!(c_type("gs_tensor **out", true), "*mut *mut gs_tensor");
    assert_eq!(rust_type("*mut *const c_char"), "*mut *const c_char");
    assert_eq!(rust_type("gs_status"), "i32");
    assert_ne!(c_type("const gs_tensor *t", true), c_type("gs_tensor *t", true));
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
