// Package tensortest holds the test helpers that the tests of several core
// packages share: random dense inputs, the dense-value comparison every
// operator test ends with, and a TestMain body that poisons uninitialised
// outputs. Only tests import it.
package tensortest
