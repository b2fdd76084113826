package tensor

// pollMask spaces the cancel polls of the core's own element loops (one
// per 64K elements, cancel.Poll): an atomic load in microseconds of work.
// The kernels poll between their chunks and passes.
const pollMask = 1<<16 - 1
