// Package proptest holds the property test of gosparse's operators: random
// tensors of every layout, dtype, fill kind and index width go through every
// operator of core/ops and core/linalg (the functions the C API's exports
// call), and each densified result must equal the dense reference
// (internal/oracle) applied to the densified inputs. The tests live in
// property_test.go; this package has no other code.
package proptest
