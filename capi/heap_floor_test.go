package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestHeapFloorSize(t *testing.T) {
	require.Equal(t, heapFloorMB, heapFloorSize("", false))
	require.Equal(t, 0, heapFloorSize("0", true))
	require.Equal(t, 256, heapFloorSize("256", true))
	for _, bad := range []string{"", "-1", "lots", "1.5", "99999999"} {
		require.Equal(t, heapFloorMB, heapFloorSize(bad, true), bad)
	}
	// The library holds the floor it was started with (the test runs
	// without the variable unless the environment sets it).
	require.Len(t, heapFloor, heapFloorSize(lookupFloorEnv())<<20)
}
