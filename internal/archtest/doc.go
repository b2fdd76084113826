// Package archtest keeps the package map of docs/api/architecture.rst true:
// its test loads the module's import graph with `go list` (LoadGraph) and
// checks it against the map drawn there (no package imports one drawn above
// it). The map lives only in that page; this package holds its parser and
// the check. It also keeps the Rust crate's modules free of import cycles
// (RustModuleGraph, FindCycle), and measures the house for cmd/housefigures
// (StatPackage, Floors, HandWrittenABI).
package archtest
