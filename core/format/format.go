package format

// Op is the operator of a level expression.
type Op uint8

// The operators of a level expression.
const (
	OpDim Op = iota // the bare dimension A
	OpAdd           // A + B
	OpSub           // A - B
	OpDiv           // A / C (floor division by a positive constant)
	OpMod           // A % C
)

// Expr is a level expression: a dimension, a sum or difference of two
// dimensions, or a dimension divided by (or modulo) a positive constant.
type Expr struct {
	Op Op
	A  string // the (first) dimension
	B  string // the second dimension of A + B and A - B; empty otherwise
	C  int64  // the constant of A / C and A % C; zero otherwise
}

// Kind is a level type.
type Kind uint8

// The level types.
const (
	Dense      Kind = iota // every coordinate of the level stored, implicitly
	Batch                  // dense, but the level below keeps one array per batch
	Range                  // dense over a dimension that closes an earlier a + b / a - b
	Compressed             // pos (segments per parent position) and crd arrays
	Singleton              // one crd per parent position
	Delta                  // compressed, crd holding gaps of at most Param bits
	Structured             // exactly Param coordinates per parent position (N:M)
)

var kindNames = [...]string{"dense", "batch", "range", "compressed", "singleton", "delta", "structured"}

// String returns the keyword of the level type.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + itoa(int64(k)) + ")"
}

// HasPos reports whether a level of this type stores a pos array.
func (k Kind) HasPos() bool { return k == Compressed || k == Delta }

// HasCrd reports whether a level of this type stores a crd array.
func (k Kind) HasCrd() bool {
	return k == Compressed || k == Singleton || k == Delta || k == Structured
}

// Level is one storage level: its expression, type, parameter and properties.
type Level struct {
	Expr Expr
	Kind Kind
	// Param is the bit width b of delta(b) and the count n of structured(n);
	// zero for the other types.
	Param int64
	// Nonunique and Unordered are the properties of compressed and singleton
	// levels; the defaults (false, false) are unique and ordered.
	Nonunique bool
	Unordered bool
}

// Format maps named dimensions to ordered storage levels. A Format obtained
// from Parse or a named constructor is valid; one built by hand should be
// checked with Validate. Formats are values: copy with Clone before changing
// a shared one's slices.
type Format struct {
	Dims   []string
	Levels []Level
}

// NumDims returns the number of dimensions (the tensor's rank).
func (f Format) NumDims() int { return len(f.Dims) }

// NumLevels returns the number of storage levels.
func (f Format) NumLevels() int { return len(f.Levels) }

// Clone returns a copy that shares no memory with f.
func (f Format) Clone() Format {
	return Format{Dims: append([]string(nil), f.Dims...), Levels: append([]Level(nil), f.Levels...)}
}

// Equal reports whether f and g are the same format: same dimension names in
// the same order and the same levels (expression, type, parameter, properties).
func (f Format) Equal(g Format) bool {
	if len(f.Dims) != len(g.Dims) || len(f.Levels) != len(g.Levels) {
		return false
	}
	for i := range f.Dims {
		if f.Dims[i] != g.Dims[i] {
			return false
		}
	}
	for i := range f.Levels {
		if f.Levels[i] != g.Levels[i] {
			return false
		}
	}
	return true
}

// DimIndex returns the position of the dimension named name, or -1.
func (f Format) DimIndex(name string) int {
	for i, d := range f.Dims {
		if d == name {
			return i
		}
	}
	return -1
}

// IsOrdered reports whether every level is ordered.
func (f Format) IsOrdered() bool {
	for _, l := range f.Levels {
		if l.Unordered {
			return false
		}
	}
	return true
}

// IsUnique reports whether every level is unique.
func (f Format) IsUnique() bool {
	for _, l := range f.Levels {
		if l.Nonunique {
			return false
		}
	}
	return true
}
