package ops

// namedBaseline lists, by operator (namedOps' names), the formats.json
// formats (the unique 2-D and 3-D custom ones, cases of fill 0 and 2.5)
// whose tensors still reach tensor.Named, the COO detour, in that
// operator's call. TestOperatorsReachNamedOnlyInBaseline fails on any pair
// outside it, so the list only shrinks as operators move onto their
// formats' levels. Already at the baseline no format reached it in each
// unary op, the binary ops with a number or a CSR operand, add/sub/mul of
// a tensor with itself, the reductions, softmax, unsqueeze, select,
// narrow, index_select, index, transpose, permute, sparse_mask of a custom
// mask and to csr/coo/dense.
//
// Baseline measured at 576126c (the list as first committed, dd600c4): 60
// operators, each for all 34 formats but squeeze (8) and squeeze dim 0
// (4). Moved since: reshape (flat, reversed,
// split: reshapeCustom, one level walk), where of a custom condition and
// two numbers (whereCustomNumbers), every binary op of a tensor with
// itself (zipCustomFuncs beside zipCustom's add, sub and mul), the binary
// ops of a strided row whose result is strided (customBesideStrided), cat,
// stack, hstack, vstack and dstack (catCustom), squeeze of the dims no
// relabel drops (reshapeCustom). Added since: remainder, fmod and atan2
// (new binary ops) with another pattern, the route every binary op takes.
// Moved since: every binary op of a custom tensor beside a COO tensor of
// another pattern and where of a COO condition of another pattern (the
// custom operand's elements by tensor.SortedNamed: a counting sort by row,
// no Named, no comparison sort; the COO merge as before), and
// sparse_resize (its COO entries read off SortedNamed's tensor): no pair
// is left.
var namedBaseline = map[string]string{}
