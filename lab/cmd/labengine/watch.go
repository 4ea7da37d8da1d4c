package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"runtime"
	"runtime/pprof"
	"sync"
	"time"

	"github.com/ginadvisor/ginadvisor/internal/proccpu"
)

// watch tells on stderr of every decision that takes longer than a bound,
// with the position and the go line that asked for it, so that a game
// lost on time leaves its cause behind: a watch stands between the
// engine and its pipes, starts at each go line read, and stops at the
// bestmove line written. Past the bound it tells what the engine is
// doing (overdue); at the answer, how long it took and with how much CPU.
type watch struct {
	bound time.Duration
	log   io.Writer

	mu    sync.Mutex
	hand  [][]byte      // the lines read since the hand began
	asked []byte        // the go line of the decision under way
	start time.Time     // when it was read; zero when none is under way
	cpu   time.Duration // the process's CPU time then
	timer *time.Timer
	late  bool // the bound passed before the answer
}

// maxWatchedLine bounds a line the watch keeps, a longer one cut, and
// maxWatchedLines the lines of a hand it keeps, the latest.
const (
	maxWatchedLine  = 4096
	maxWatchedLines = 256
	maxQueued       = 1024
)

// input copies in to the returned reader a line at a time, noting each
// line (a long one by its start) as it arrives: a queue of up to maxQueued lines
// stands between, so that a go is seen when it is sent even while the
// engine is still busy with the lines before it. It stops at in's end or
// error, closing the reader with it.
func (w *watch) input(in io.Reader) io.Reader {
	r, pw := io.Pipe()
	type piece struct {
		line []byte
		err  error // the input's end or error, after the last line
	}
	queue := make(chan piece, maxQueued)
	go func() {
		defer close(queue)
		br := bufio.NewReader(in)
		starts := true // the next chunk starts a line
		for {
			line, err := br.ReadSlice('\n')
			if len(line) > 0 {
				if starts {
					// A long line's later chunks are not lines of their own.
					w.read(line)
				}
				queue <- piece{line: append([]byte(nil), line...)}
			}
			starts = err != bufio.ErrBufferFull
			if err == bufio.ErrBufferFull {
				continue
			}
			if err != nil {
				queue <- piece{err: err}
				return
			}
		}
	}()
	go func() {
		for p := range queue {
			if p.err != nil {
				pw.CloseWithError(p.err)
				return
			}
			if _, err := pw.Write(p.line); err != nil {
				// The engine has stopped reading: drain, so that the
				// reader above is not left blocked.
				for range queue {
				}
				return
			}
		}
	}()
	return r
}

// read notes a line the engine is about to read: a hand's lines are
// kept, and a go starts the watch.
func (w *watch) read(line []byte) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if bytes.HasPrefix(line, []byte("newhand ")) || bytes.HasPrefix(line, []byte("position ")) {
		w.hand = w.hand[:0]
	}
	if len(w.hand) == maxWatchedLines {
		w.hand = append(w.hand[:0], w.hand[1:]...)
	}
	w.hand = append(w.hand, clip(line))
	switch {
	case bytes.Equal(bytes.TrimSpace(line), []byte("go")) || bytes.HasPrefix(line, []byte("go ")):
		w.asked, w.start, w.late = clip(line), time.Now(), false
		w.cpu, _ = proccpu.Used()
		if w.timer != nil {
			w.timer.Stop()
		}
		start := w.start
		w.timer = time.AfterFunc(w.bound, func() { w.overdue(start, 1) })
	}
}

// overdue writes what the engine is doing when a decision started at
// start has passed the bound, unless it has been answered since, and
// looks again after as long, up to maxLooks times: the hand, the CPU
// time the process has had since the go against the time gone by (far
// less says the machine, not the engine, held it up), the collector's
// figures and every goroutine's stack. The lock is not held while it
// writes, so that the answer it waits for is not held up by it.
func (w *watch) overdue(start time.Time, look int) {
	w.mu.Lock()
	if !w.start.Equal(start) {
		w.mu.Unlock()
		return
	}
	w.late = true
	var b bytes.Buffer
	fmt.Fprintf(&b, "labengine: slow: no answer %v after %q (%s); the hand:\n", time.Since(start).Round(time.Millisecond), bytes.TrimSpace(w.asked), w.cpuSince())
	if look == 1 {
		for _, l := range w.hand {
			fmt.Fprintf(&b, "labengine: slow: < %s\n", bytes.TrimSpace(l))
		}
	}
	if look < maxLooks {
		w.timer = time.AfterFunc(w.bound, func() { w.overdue(start, look+1) })
	}
	w.mu.Unlock()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintf(&b, "labengine: slow: gc %d, last pause %v, heap %d MB, goroutines %d\n",
		ms.NumGC, time.Duration(ms.PauseNs[(ms.NumGC+255)%256]), ms.HeapAlloc>>20, runtime.NumGoroutine())
	_ = pprof.Lookup("goroutine").WriteTo(&b, 2)
	_, _ = w.log.Write(b.Bytes())
}

// maxLooks bounds the reports of one late decision.
const maxLooks = 4

// cpuSince is the process's CPU time since the decision began, and the
// time gone by, in words; its caller holds the lock.
func (w *watch) cpuSince() string {
	gone := time.Since(w.start).Round(time.Millisecond)
	now, ok := proccpu.Used()
	if !ok {
		return fmt.Sprintf("CPU not known, %v gone by", gone)
	}
	return fmt.Sprintf("CPU %v in %v", (now - w.cpu).Round(time.Millisecond), gone)
}

// output returns a writer to out that stops the watch at each bestmove
// line.
func (w *watch) output(out io.Writer) io.Writer { return answerWriter{w, out} }

type answerWriter struct {
	w   *watch
	out io.Writer
}

func (a answerWriter) Write(p []byte) (int, error) {
	n, err := a.out.Write(p)
	if bytes.Contains(p, []byte("bestmove")) {
		a.w.answered()
	}
	return n, err
}

// answered stops the watch on the decision under way and tells how long
// a late one took.
func (w *watch) answered() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.start.IsZero() {
		return
	}
	if w.timer != nil {
		w.timer.Stop()
	}
	if w.late {
		fmt.Fprintf(w.log, "labengine: slow: answered (%s)\n", w.cpuSince())
	}
	w.start, w.late = time.Time{}, false
}

// clip copies a line, cut at maxWatchedLine.
func clip(line []byte) []byte {
	if len(line) > maxWatchedLine {
		line = line[:maxWatchedLine]
	}
	return append([]byte(nil), line...)
}
