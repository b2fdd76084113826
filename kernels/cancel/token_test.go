package cancel

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// bindForTest makes Current return tok for the rest of the test.
func bindForTest(t *testing.T, tok *Token) { t.Cleanup(BindAll(tok)) }

func TestTokenStates(t *testing.T) {
	var nilTok *Token
	require.False(t, nilTok.Cancelled())
	require.NotPanics(t, nilTok.Check)
	nilTok.Cancel() // no-op, no crash

	before := cancelledTokens.Load()
	tok := New()
	require.False(t, tok.Cancelled())
	tok.Cancel()
	tok.Cancel() // counted once
	require.True(t, tok.Cancelled())
	require.Equal(t, before+1, cancelledTokens.Load())
	require.Panics(t, tok.Check)
	tok.Reset()
	require.False(t, tok.Cancelled())
	require.Equal(t, before, cancelledTokens.Load())
	tok.Cancel()
	tok.Release()
	require.Equal(t, before, cancelledTokens.Load())
}

func TestPollSeesOnlyTheBoundToken(t *testing.T) {
	mine, other := New(), New()
	defer other.Release()
	defer mine.Release()
	bindForTest(t, mine)
	require.Same(t, mine, Current())
	other.Cancel()
	require.NotPanics(t, Poll, "another caller's cancel must not stop this one")
	mine.Cancel()
	restore := BindAll(other)
	require.Same(t, other, Current())
	restore()
	require.Same(t, mine, Current(), "restore puts the earlier binding back")
	err := func() (err error) {
		defer Catch(&err)
		Poll()
		return errors.New("Poll returned")
	}()
	require.ErrorIs(t, err, ErrCancelled)
}

func TestCatchLetsOtherPanicsGo(t *testing.T) {
	require.PanicsWithValue(t, "boom", func() {
		var err error
		defer Catch(&err)
		panic("boom")
	})
	require.True(t, IsStop(func() (v any) {
		defer func() { v = recover() }()
		Stop()
		return nil
	}()))
}

// A caller's view is cancelled only by the cancels it has not answered; a
// Reset drops them for every view.
func TestViewSeesOnlyUnansweredCancels(t *testing.T) {
	tok := New()
	defer tok.Release()
	require.Same(t, tok, tok.View(0), "nothing outstanding: the token itself")
	tok.Cancel()
	require.True(t, tok.View(0).Cancelled())
	answered := tok.View(tok.Cancels())
	require.False(t, answered.Cancelled(), "a caller that answered the cancel runs")
	require.NotPanics(t, answered.Check)
	tok.Cancel()
	require.True(t, answered.Cancelled(), "a later cancel stops it again")
	tok.Reset()
	require.False(t, tok.View(0).Cancelled())
	require.False(t, answered.Cancelled())
}

// A cancellation ends with the call it stopped: after Catch the caller's next
// call runs, and a new cancel stops it again.
func TestCatchAnswersTheCancellation(t *testing.T) {
	tok := New()
	defer tok.Release()
	bindForTest(t, tok)
	call := func() (err error) {
		defer Catch(&err)
		Poll()
		return nil
	}
	tok.Cancel()
	require.ErrorIs(t, call(), ErrCancelled)
	require.NoError(t, call(), "the cancellation must end with the call it stopped")
	tok.Cancel()
	require.ErrorIs(t, call(), ErrCancelled)
	require.NoError(t, call())
}
