package cancel

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSpanNeverTellsAFractionBack: a pass outside the spans that reported
// 1 (its end is always told) holds the spanned passes' reports below it;
// Span(0, 1) starts the next call afresh; a pass's end is told even right
// after another report.
func TestSpanNeverTellsAFractionBack(t *testing.T) {
	tok := New()
	var got []float64
	tok.SetProgress(func(f float64) { got = append(got, f) })
	tok.Report(4, 4)
	tok.Span(0, 0.35)
	tok.Report(1, 2)
	tok.Report(2, 2)
	require.Equal(t, []float64{1}, got)
	tok.Span(0, 1)
	tok.Report(1, 4) // within ReportInterval of the last report: held
	tok.Report(4, 4) // the end is told anyway, afresh after the reset
	require.Equal(t, []float64{1, 1}, got)
}
