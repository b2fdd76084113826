package format

import (
	"testing"
)

// FuzzParseFormat: Parse never panics, and a format it accepts prints to a
// text that parses back to an equal format and prints the same again.
func FuzzParseFormat(f *testing.F) {
	for _, s := range []string{
		"(i, j) -> (i : dense, j : compressed)",
		"(i, j) -> (j - i : compressed, i : range)",
		"(i, j) -> (i + j : compressed, j : range)",
		"(i, j) -> (i : compressed(nonunique, unordered), j : singleton(nonunique))",
		"(i, j) -> (i / 2 : dense, j / 3 : compressed, j % 3 : dense, i % 2 : dense)",
		"(i, j) -> (i : dense, j / 4 : dense, j % 4 : structured(2))",
		"(i, j) -> (i : dense, j : delta(8))",
		"(b, i, j) -> (b : batch, i : dense, j : compressed)",
		"(i) -> (i // 4 : compressed, i % 4 : dense)",
		"() -> ()",
		"(i, j) -> (i : dense, j)",
		"(i, j -> (i : dense, j : compressed)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		fm, err := Parse(text)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("%q: error of type %T: %v", text, err, err)
			}
			return
		}
		s := fm.String()
		g, err := Parse(s)
		if err != nil {
			t.Fatalf("%q printed as %q, which does not parse: %v", text, s, err)
		}
		if !fm.Equal(g) || g.String() != s {
			t.Fatalf("%q printed as %q, which parses to %q", text, s, g.String())
		}
	})
}
