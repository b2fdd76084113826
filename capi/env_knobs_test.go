package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestKnob(t *testing.T) {
	const name = "GOSPARSE_TEST_KNOB"
	require.Equal(t, 16, knob(name, 16), "unset")
	for value, want := range map[string]int{"0": 0, "256": 256, "": 16, "-1": 16, "lots": 16, "1.5": 16, "99999999": 16} {
		t.Setenv(name, value)
		require.Equal(t, want, knob(name, 16), "%q", value)
	}
}

// The library holds the floor it was started with.
func TestHeapFloor(t *testing.T) {
	require.Len(t, heapFloor, knob("GOSPARSE_HEAP_FLOOR_MB", heapFloorMB)<<20)
}
