//! select and index_select on COO tensors give torch's results: the stored
//! entries in stored order (duplicates that land on one output index kept
//! apart), coalesced exactly when fewer than two entries remain, whatever the
//! input's flag; on every dim (the dense dim of a hybrid tensor too), with
//! int32 and int64 indices. The expectations are computed here from the
//! input's stored entries by that rule.

use gosparse::{IndexType, Tensor};

use super::super::LeakCheck;

/// A stored entry: its sparse coordinates and its value block.
type Entry = (Vec<i64>, Vec<f64>);

/// The 3x4 fixture, `dense` 0 (no dense dim) or 2 (a dense dim of 2): entries
/// (1,2) (0,1) (1,2) (1,0) (1,2), whose repeats land together in row 1 and
/// column 2; row 2 and column 3 hold nothing, column 1 one entry.
fn fixture<I: IndexType + From<u8>>(dense: usize) -> Tensor {
    let rc: Vec<I> = [1u8, 0, 1, 1, 1, 2, 1, 2, 0, 2].iter().map(|&v| I::from(v)).collect();
    let blk = dense.max(1);
    let vals: Vec<f64> = (0..5 * blk).map(|k| ((k / blk) * 100 + k % blk + 1) as f64).collect();
    let size: Vec<usize> = if dense > 0 { vec![3, 4, dense] } else { vec![3, 4] };
    let t = Tensor::sparse_coo(&rc, 2, &vals, Some(&size)).unwrap();
    assert!(!t.is_coalesced());
    t
}

fn stored(t: &Tensor) -> Vec<Entry> {
    let idx = t.raw_indices().unwrap().to_vec();
    let vals = t.raw_values::<f64>().unwrap();
    let (s, n) = (t.sparse_dim(), t.nnz());
    let blk = vals.len().checked_div(n).unwrap_or(0);
    (0..n).map(|e| ((0..s).map(|d| idx[d * n + e]).collect(), vals[e * blk..(e + 1) * blk].to_vec())).collect()
}

fn check(got: &Tensor, want: &[Entry], width: u32, what: &str) {
    assert_eq!(stored(got), want, "{what}");
    assert_eq!(got.is_coalesced(), want.len() < 2, "{what}: torch's rule, whatever the input's flag");
    assert_eq!(got.raw_indices().unwrap().width(), width, "{what}");
}

fn check_input(x: &Tensor, width: u32) {
    let entries = stored(x);
    let s = x.sparse_dim();
    for (dim, &n) in x.shape().iter().enumerate() {
        let n = n as i64;
        for i in 0..n {
            let want: Vec<Entry> = if dim < s {
                let hit = entries.iter().filter(|(c, _)| c[dim] == i);
                hit.map(|(c, v)| ([&c[..dim], &c[dim + 1..]].concat(), v.clone())).collect()
            } else {
                entries.iter().map(|(c, v)| (c.clone(), vec![v[i as usize]])).collect()
            };
            check(&x.select(dim as i64, i).unwrap(), &want, width, &format!("select({dim}, {i})"));
        }
        let rev: Vec<i64> = (0..n).rev().collect();
        let long: Vec<i64> = [&rev[..], &rev[..], &[0]].concat(); // longer than the entries
        for (k, pos) in [vec![], vec![0], vec![n - 1], vec![n - 1, 0, n - 1], rev, long].iter().enumerate() {
            let want: Vec<Entry> = if dim < s {
                // torch's order: per position, its entries; per entry, its positions when index is longer
                let by_entry = entries.len() < pos.len();
                let (outer, inner) = if by_entry { (entries.len(), pos.len()) } else { (pos.len(), entries.len()) };
                let mut w = vec![];
                for a in 0..outer {
                    for b in 0..inner {
                        let (e, p) = if by_entry { (a, b) } else { (b, a) };
                        let (c, v) = &entries[e];
                        if c[dim] == pos[p] {
                            let mut c = c.clone();
                            c[dim] = p as i64;
                            w.push((c, v.clone()));
                        }
                    }
                }
                w
            } else {
                entries.iter().map(|(c, v)| (c.clone(), pos.iter().map(|&p| v[p as usize]).collect())).collect()
            };
            let what = format!("index_select({dim}, {pos:?})");
            let got = if k % 2 == 1 {
                x.index_select(dim as i64, &pos.iter().map(|&p| p as i32).collect::<Vec<_>>())
            } else {
                x.index_select(dim as i64, pos)
            };
            check(&got.unwrap(), &want, width, &what);
        }
    }
}

#[test]
fn select_and_index_select_follow_torch_on_coo() {
    let lc = LeakCheck::start();
    for dense in [0, 2] {
        for (x, width) in [(fixture::<i32>(dense), 32), (fixture::<i64>(dense), 64)] {
            check_input(&x, width);
            check_input(&x.coalesce().unwrap(), width);
        }
    }
    lc.finish();
}

#[test]
fn shape_operator_flags_follow_torch() {
    let lc = LeakCheck::start();
    {
        let x = fixture::<i64>(0);
        let empty = x.narrow_copy(0, 2, 1).unwrap(); // row 2: no entries, uncoalesced as its input
        assert_eq!((empty.nnz(), empty.is_coalesced()), (0, false));
        assert!(empty.unsqueeze(0).unwrap().is_coalesced());
        assert!(Tensor::cat(&[&empty, &empty], 0).unwrap().is_coalesced());
        assert!(!empty.transpose(0, 1).unwrap().is_coalesced());
        let one = x.narrow_copy(1, 1, 1).unwrap(); // column 1: one entry, uncoalesced
        assert_eq!((one.nnz(), one.is_coalesced()), (1, false));
        assert!(one.unsqueeze(2).unwrap().is_coalesced());
        assert!(!Tensor::cat(&[&one, &one], 1).unwrap().is_coalesced());
        let c = x.coalesce().unwrap();
        assert!(!c.unsqueeze(0).unwrap().is_coalesced(), "torch: unsqueeze of more than one entry is uncoalesced");
        assert!(!c.transpose(0, 1).unwrap().is_coalesced());
    } // every tensor dropped before the count
    lc.finish();
}
