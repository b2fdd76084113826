// Package native holds the few kernel loops that are compiled by a C
// compiler through cgo, behind functions on plain pointers that package
// kernels wraps; without cgo, Available is false and kernels runs its Go
// loops. (A package that uses cgo may not hold Go assembly, so these
// cannot live in kernels itself.)
//
// Why C for these loops: the dense-accumulator row loops of SpGEMM, the
// same loops on the same slices in one process on one core of the
// Laplacian 1000^2 square, take 33 ms (count) and 69-76 ms (numeric)
// compiled by gcc -O2, against 64 ms and 127-143 ms compiled by Go. Go's
// register allocator spills the three nested loops' counters and slice
// headers to the stack on every pass of the inner loop; rewriting the Go
// (a non-inlined scatter function, unsafe indexing, a branchless
// accumulator, an assembly scatter loop) gained at most 10%.
//
// They are compiled with -O3 (after the environment's CGO_CFLAGS, so it
// wins over their -O2): the symbolic count took 28 against 30.5 ms at -O2.
//
// The C loops check every row pointer and column index, as Go's bounds
// checks would, and round each product before adding it (no fused
// multiply-add), as the Go loops do on amd64 below GOAMD64=v3. One cgo call
// covers a chunk of rows: some 100 ns against milliseconds of work, and a
// goroutine in C does not hold up the garbage collector as assembly would.
package native
