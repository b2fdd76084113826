//go:build !cgo

package native

// Available is false without cgo: package kernels then runs its Go loops
// and never calls these.
const Available = false

// SpGEMMCount is not built without cgo.
func SpGEMMCount(bool, CSR, CSR, *Accumulator, *int64, int, int) (int, int64, Status) {
	panic("native: built without cgo")
}

// SpGEMMFill is not built without cgo.
func SpGEMMFill(bool, bool, bool, CSR, CSR, *Accumulator, *int64, CSR, int, int) (int, int, Status) {
	panic("native: built without cgo")
}
