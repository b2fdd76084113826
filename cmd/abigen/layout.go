package main

import (
	"fmt"
	"strings"
)

// cSizes are the sizes (and alignments) of the C scalar types the header's
// structs hold, on the 64-bit targets the bindings support (LP64, LLP64).
var cSizes = map[string]int64{"int32_t": 4, "int64_t": 8, "uint64_t": 8, "double": 8, "char": 1}

// pointerSize is a data pointer's size on those targets.
const pointerSize = 8

// structLayout is the C layout of a struct: its size and each field's offset,
// by C's rules (each field at the next multiple of its alignment, the size
// rounded up to the largest alignment). The bindings assert their structs
// have it, and a test compiles the header to check it against the compiler.
type structLayout struct {
	size    int64
	offsets []int64
}

// layoutOf computes d's layout; typedefs names each integer typedef's base
// type and consts each constant's value (array lengths).
func layoutOf(d decl, typedefs map[string]string, consts map[string]int64) (structLayout, error) {
	var l structLayout
	var maxAlign int64 = 1
	for _, f := range d.fields {
		size, err := scalarSize(f.ctype, typedefs)
		if err != nil {
			return l, fmt.Errorf("%s.%s: %w", d.name, f.name, err)
		}
		align := size
		count, err := arrayLength(f.count, consts)
		if err != nil {
			return l, fmt.Errorf("%s.%s: %w", d.name, f.name, err)
		}
		l.size = (l.size + align - 1) / align * align
		l.offsets = append(l.offsets, l.size)
		l.size += size * count
		maxAlign = max(maxAlign, align)
	}
	l.size = (l.size + maxAlign - 1) / maxAlign * maxAlign
	return l, nil
}

// scalarSize is the size of one element of a field's type.
func scalarSize(ctype string, typedefs map[string]string) (int64, error) {
	if strings.Contains(ctype, "*") {
		return pointerSize, nil
	}
	base := strings.TrimSpace(strings.TrimPrefix(ctype, "const "))
	if t, ok := typedefs[base]; ok {
		base = t
	}
	size, ok := cSizes[base]
	if !ok {
		return 0, fmt.Errorf("no size for the C type %q (a struct held by value?)", ctype)
	}
	return size, nil
}

// arrayLength is the element count of a field ("" is one element).
func arrayLength(count string, consts map[string]int64) (int64, error) {
	if count == "" {
		return 1, nil
	}
	if v, ok := consts[count]; ok {
		return v, nil
	}
	var n int64
	if _, err := fmt.Sscanf(count, "%d", &n); err != nil || n <= 0 {
		return 0, fmt.Errorf("array length %q is neither a constant nor a positive number", count)
	}
	return n, nil
}

// abiTables indexes the declarations: each integer typedef's base type, each
// integer constant's value.
func abiTables(decls []decl) (typedefs map[string]string, consts map[string]int64) {
	typedefs, consts = map[string]string{}, map[string]int64{}
	for _, d := range decls {
		switch {
		case d.kind == kindTypedef:
			typedefs[d.name] = d.base
		case d.kind == kindConst && !d.isStr:
			consts[d.name] = d.value
		}
	}
	return typedefs, consts
}

// layouts returns each struct's layout by name, in header order.
func layouts(decls []decl) ([]decl, []structLayout, error) {
	typedefs, consts := abiTables(decls)
	var structs []decl
	var out []structLayout
	for _, d := range decls {
		if d.kind != kindStruct {
			continue
		}
		l, err := layoutOf(d, typedefs, consts)
		if err != nil {
			return nil, nil, err
		}
		structs = append(structs, d)
		out = append(out, l)
	}
	return structs, out, nil
}
