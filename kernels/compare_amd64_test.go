package kernels

// compareCallLen is the values one assembly call compares, so that the
// portable test crosses a call boundary.
const compareCallLen = compareCall
