package render

import (
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// Progress shows progress on a terminal: a bar as wide as the
// terminal allows, the count, the rate and the time left. It is cleared
// when the work is done. Callers create one only when stderr is a
// terminal, so a pipe or a log file sees nothing.
type Progress struct {
	mu   sync.Mutex
	bar  *progressbar.ProgressBar
	done int
}

// NewProgress returns a bar for total items (-1 when not known), counted
// in unit, written to w.
func NewProgress(w io.Writer, total int, unit string) *Progress {
	return &Progress{bar: progressbar.NewOptions64(int64(total),
		progressbar.OptionSetWriter(w),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString(unit),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionFullWidth(),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(100*time.Millisecond),
	)}
}

// Set records that done items are finished; it may be called from
// several goroutines, in any order.
func (b *Progress) Set(done int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if done > b.done {
		b.done = done
		_ = b.bar.Set(done)
	}
}

// Finish clears the bar.
func (b *Progress) Finish() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	_ = b.bar.Clear()
}
