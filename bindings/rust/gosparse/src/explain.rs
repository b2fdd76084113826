//! `explain`: how an operation would run for its operands, without running
//! it (`gs_explain`).

use std::ffi::CString;

use crate::error::{Error, ErrorKind, Result};
use crate::format::read_text;
use crate::ops_shape::count_arg;
use crate::sys;
use crate::tensor::Tensor;

/// One conversion a call makes before its kernel runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Conversion {
    /// The argument's name (`mat`, `vec`, `input`, `other`, `result`, ...).
    pub operand: String,
    /// Its format or dtype now.
    pub from: String,
    /// What the call converts it to.
    pub to: String,
    /// The bytes the converted copy holds.
    pub bytes: i64,
}

/// The format that would run an operation fastest, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Advice {
    /// A layout name or format text.
    pub format: String,
    /// The rule applied, with its measured point where there is one.
    pub rule: String,
    /// The numbers of these operands the rule read.
    pub why: String,
}

/// `gs_explain`'s answer: the JSON text ([`Explanation::json`]) and its
/// fields, parsed.
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    /// The path: `"kernel"`, `"level walk"`, `"native"`, `"conversion"`,
    /// `"dense"` or `"general"`.
    pub path: String,
    /// The kernel or engine routine the call ends in.
    pub kernel: String,
    /// The conversions made first.
    pub converts: Vec<Conversion>,
    /// The bytes of the result the operation sizes itself with.
    pub output_bytes: i64,
    /// Everything the call allocates: result, conversions, scratch.
    pub bytes: i64,
    /// What the plan could not decide without running.
    pub notes: Vec<String>,
    /// The format of the first sparse operand that would run it fastest.
    pub best: Advice,
    json: String,
}

impl Explanation {
    /// The JSON object `gs_explain` wrote (the fields above, plus `op` and
    /// `operands`).
    pub fn json(&self) -> &str {
        &self.json
    }
}

/// Says how `op` would run on `operands` without running it: nothing is
/// computed or converted. `op` is `"mv"`, `"mm"`, `"matmul"`,
/// `"transpose"`, `"t"`, `"to_dense"`, `"where"`, an element-wise op
/// ([`crate::unary_op_names`], [`crate::binary_op_names`]) or a reduction
/// (`"sum"`, `"mean"`, ...). `options` is `None` or a JSON object of the
/// other arguments: `"number"` (an element-wise op's number operand, or
/// pow's exponent), `"bool"`, `"dims"` (a reduction's), `"dim0"`/`"dim1"`
/// (transpose's), `"where"` (`[x, y]` of where(condition, x, y): each
/// `null` for the next tensor operand after the condition, a number or a
/// bool). An unknown op, a wrong number of operands or shapes that
/// do not fit are refused naming the argument.
///
/// ```
/// use gosparse::{Tensor, explain, generate};
/// let a = generate::stencil2d(8)?.to_format(&"(i, j) -> (j - i : compressed, i : range)".parse()?)?;
/// let x = Tensor::from_dense(&[1.0f64; 64], &[64])?;
/// let e = explain("mv", &[&a, &x], None)?;
/// assert_eq!(e.path, "kernel");
/// assert!(e.kernel.starts_with("kernels.SpMMDIA"));
/// assert_eq!(e.output_bytes, 64 * 8);
/// assert!(explain("frobnicate", &[&a], None).is_err());
/// # Ok::<(), gosparse::Error>(())
/// ```
pub fn explain(op: &str, operands: &[&Tensor], options: Option<&str>) -> Result<Explanation> {
    crate::library::ensure_compatible()?;
    let op_c = CString::new(op).map_err(|_| Error::invalid(format!("op {op:?} contains a NUL byte")))?;
    let opts =
        options.map(|o| CString::new(o).map_err(|_| Error::invalid("options contains a NUL byte"))).transpose()?;
    let ptrs: Vec<*const sys::gs_tensor> = operands.iter().map(|t| t.as_ptr()).collect();
    let n = count_arg(ptrs.len(), "operands")?;
    let opts_ptr = opts.as_ref().map_or(std::ptr::null(), |o| o.as_ptr());
    // SAFETY: op_c and opts are NUL-terminated and outlive the call; ptrs
    // holds n live handles borrowed from operands; read_text passes a buffer
    // of cap bytes.
    let json = read_text(|buf, cap, needed| unsafe {
        sys::gs_explain(op_c.as_ptr(), ptrs.as_ptr(), n, opts_ptr, buf, cap, needed)
    })?;
    parse(json)
}

fn parse(json: String) -> Result<Explanation> {
    let bad = || Error::new(ErrorKind::Internal, "gs_explain wrote JSON this binding cannot read");
    let v = Json::parse(&json).ok_or_else(bad)?;
    let s = |v: &Json, k: &str| v.get(k).and_then(Json::as_str).map(str::to_owned).ok_or_else(bad);
    let i = |v: &Json, k: &str| v.get(k).and_then(Json::as_i64).ok_or_else(bad);
    let list = |k: &str| v.get(k).and_then(Json::as_list).ok_or_else(bad);
    let converts = list("converts")?
        .iter()
        .map(|c| {
            Ok(Conversion { operand: s(c, "operand")?, from: s(c, "from")?, to: s(c, "to")?, bytes: i(c, "bytes")? })
        })
        .collect::<Result<Vec<_>>>()?;
    let notes =
        list("notes")?.iter().map(|n| n.as_str().map(str::to_owned).ok_or_else(bad)).collect::<Result<Vec<_>>>()?;
    let b = v.get("best").ok_or_else(bad)?;
    Ok(Explanation {
        path: s(&v, "path")?,
        kernel: s(&v, "kernel")?,
        converts,
        output_bytes: i(&v, "output_bytes")?,
        bytes: i(&v, "bytes")?,
        notes,
        best: Advice { format: s(b, "format")?, rule: s(b, "rule")?, why: s(b, "why")? },
        json,
    })
}

/// The JSON values gs_explain writes (objects, lists, strings, integers).
enum Json {
    Obj(Vec<(String, Json)>),
    List(Vec<Json>),
    Str(String),
    Int(i64),
    Other,
}

impl Json {
    fn parse(text: &str) -> Option<Json> {
        let mut p = text.char_indices().peekable();
        let v = value(text, &mut p)?;
        skip_ws(&mut p);
        p.peek().is_none().then_some(v)
    }

    fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(kv) => kv.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    fn as_i64(&self) -> Option<i64> {
        match self {
            Json::Int(i) => Some(*i),
            _ => None,
        }
    }

    fn as_list(&self) -> Option<&[Json]> {
        match self {
            Json::List(l) => Some(l),
            _ => None,
        }
    }
}

type Chars<'a> = std::iter::Peekable<std::str::CharIndices<'a>>;

fn skip_ws(p: &mut Chars<'_>) {
    while p.next_if(|(_, c)| c.is_whitespace()).is_some() {}
}

fn value(text: &str, p: &mut Chars<'_>) -> Option<Json> {
    skip_ws(p);
    match p.peek()?.1 {
        '{' => items(p, '}', |p| {
            let Json::Str(k) = string(p)? else { return None };
            skip_ws(p);
            p.next_if(|(_, c)| *c == ':')?;
            Some((k, value(text, p)?))
        })
        .map(Json::Obj),
        '[' => items(p, ']', |p| value(text, p)).map(Json::List),
        '"' => string(p),
        c if c == '-' || c.is_ascii_digit() => {
            let start = p.peek()?.0;
            let mut end = start;
            while let Some((i, c)) = p.next_if(|(_, c)| *c == '-' || c.is_ascii_digit()) {
                end = i + c.len_utf8();
            }
            text[start..end].parse().ok().map(Json::Int)
        }
        _ => {
            // true, false, null: a word this binding reads no field of.
            while p.next_if(|(_, c)| c.is_ascii_alphabetic()).is_some() {}
            Some(Json::Other)
        }
    }
}

/// The comma-separated items of an object or a list, from its opening bracket
/// (at `p`) to `close`; None if an item or a separator is malformed.
fn items<T>(p: &mut Chars<'_>, close: char, mut item: impl FnMut(&mut Chars<'_>) -> Option<T>) -> Option<Vec<T>> {
    p.next();
    let mut v = Vec::new();
    loop {
        skip_ws(p);
        if p.next_if(|(_, c)| *c == close).is_some() {
            return Some(v);
        }
        if !v.is_empty() {
            p.next_if(|(_, c)| *c == ',')?;
            skip_ws(p);
        }
        v.push(item(p)?);
    }
}

fn string(p: &mut Chars<'_>) -> Option<Json> {
    p.next_if(|(_, c)| *c == '"')?;
    let mut s = String::new();
    loop {
        match p.next()?.1 {
            '"' => return Some(Json::Str(s)),
            '\\' => match p.next()?.1 {
                'u' => {
                    let hex: String = (0..4).map(|_| p.next().map(|(_, c)| c)).collect::<Option<_>>()?;
                    let mut cp = u32::from_str_radix(&hex, 16).ok()?;
                    if (0xD800..0xDC00).contains(&cp) {
                        // A surrogate pair: \uD8xx\uDCxx.
                        p.next_if(|(_, c)| *c == '\\')?;
                        p.next_if(|(_, c)| *c == 'u')?;
                        let lo: String = (0..4).map(|_| p.next().map(|(_, c)| c)).collect::<Option<_>>()?;
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (u32::from_str_radix(&lo, 16).ok()? - 0xDC00);
                    }
                    s.push(char::from_u32(cp)?);
                }
                'n' => s.push('\n'),
                't' => s.push('\t'),
                'r' => s.push('\r'),
                'b' => s.push('\u{8}'),
                'f' => s.push('\u{c}'),
                c => s.push(c), // \" \\ \/
            },
            c => s.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Json;

    #[test]
    fn parses_escapes_and_nesting() {
        let v = Json::parse(r#"{"a": "x\u003cy\"z", "n": [1, -2], "o": {"b": true}}"#).unwrap();
        assert_eq!(v.get("a").and_then(Json::as_str), Some("x<y\"z"));
        assert_eq!(v.get("n").and_then(Json::as_list).map(|l| l.len()), Some(2));
        assert!(v.get("o").and_then(|o| o.get("b")).is_some());
        assert!(Json::parse(r#"{"a": 1"#).is_none());
        assert!(Json::parse(r#"{"a": 1} x"#).is_none());
    }

    #[test]
    fn objects_and_lists_share_one_item_reader() {
        let v = Json::parse(r#" { "e" : [ ] , "o" : { } , "l" : [ [ 1 ] , { "k" : 2 } ] } "#).unwrap();
        assert_eq!(v.get("e").and_then(Json::as_list).map(|l| l.len()), Some(0));
        assert!(matches!(v.get("o"), Some(Json::Obj(kv)) if kv.is_empty()));
        let l = v.get("l").and_then(Json::as_list).unwrap();
        assert_eq!(l[0].as_list().map(|x| x[0].as_i64()), Some(Some(1)));
        assert_eq!(l[1].get("k").and_then(Json::as_i64), Some(2));
        for bad in [r#"[1 2]"#, r#"{"a": 1 "b": 2}"#, r#"{"a": 1,}"#, r#"{"a" 1}"#, r#"{1: 2}"#] {
            assert!(Json::parse(bad).is_none(), "{bad}");
        }
    }
}
