// Package arena plays gin engines against each other: any program that
// speaks ginadvisor's engine protocol, and the built-in players, in
// matches of mirrored deals that survive engines that are slow, wrong,
// garbled or dead, with a sequential probability ratio test and Elo.
package arena

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/ginadvisor/ginadvisor/notation"
)

// maxLine bounds a line from an engine: a longer one is garbage.
const maxLine = 64 << 10

// maxHandshake and maxHandshakeLines bound what an engine may say before
// ginrummyok, in bytes of its lines and in lines: an engine that talks on
// past either fails its handshake.
const (
	maxHandshake      = 64 << 10
	maxHandshakeLines = 1000
)

// ErrHandshakeTooLong means the engine said more than the arena reads
// before its ginrummyok.
var ErrHandshakeTooLong = fmt.Errorf("the handshake passed %d lines or %d KiB without ginrummyok", maxHandshakeLines, maxHandshake>>10)

// StartError is a failure to start an engine's process at all (no such
// program, no pipe, no fork), as opposed to anything the engine did once
// it ran. A match stops on it rather than charge the engine a forfeit.
type StartError struct{ Err error }

func (e *StartError) Error() string { return e.Err.Error() }

func (e *StartError) Unwrap() error { return e.Err }

// ErrTimeout means the engine did not answer within its time.
var ErrTimeout = errors.New("no answer in time")

// ErrDied means the engine's process ended or closed its output.
var ErrDied = errors.New("the engine's process ended")

// ErrProtocol means the engine's handshake named no protocol version, or
// one the arena does not speak.
var ErrProtocol = errors.New("the engine speaks another protocol")

// ProtocolVersion is the engine protocol's version the arena speaks.
const ProtocolVersion = "1"

// DefaultGrace is how long an engine has to end after quit, and after
// SIGTERM, before the next, harder, step.
const DefaultGrace = time.Second

// StartOptions set up an engine's process.
type StartOptions struct {
	// Handshake bounds the handshake; 0 means 10 seconds.
	Handshake time.Duration
	// Stderr, when set, gets the engine's standard error; otherwise it
	// is discarded. A file, so that no copy outlives the process.
	Stderr *os.File
	// Transcript, when set, gets every line of the exchange in full, "> "
	// sent and "< " received.
	Transcript io.Writer
	// Grace is the time between quit, SIGTERM and SIGKILL at the end;
	// 0 means DefaultGrace.
	Grace time.Duration
}

// Process is a running engine in its own process group: its standard
// input and output, what its handshake declared, and the exchange so far,
// kept for the record of a forfeit.
type Process struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *os.File
	lines  chan string
	done   chan struct{} // closed when the output ends
	exited chan struct{} // closed when the process has ended
	quit   chan struct{}
	once   sync.Once
	grace  time.Duration
	mu     sync.Mutex
	// exchange keeps the latest lines each way, "> " sent, "< " received.
	exchange   []string
	transcript io.Writer
	// token marks the engine's processes, its descendants included, in
	// their environment, so that those that left its group are found.
	token string
	// Name is what the engine calls itself in its handshake, Protocol the
	// version it gave, and Options the options it declared, by name.
	Name     string
	Protocol string
	Options  map[string]bool
	// Handshake is every line of the engine's handshake, ginrummyok last.
	Handshake []string
}

// exchangeKept bounds the lines of the exchange kept for a forfeit.
const exchangeKept = 40

// Start runs the engine's command line (program and arguments, split on
// spaces, with double quotes around an argument that holds spaces) in a
// process group of its own, and makes the handshake. An engine that gives
// no "id protocol 1" fails with ErrProtocol.
func Start(ctx context.Context, command string, o StartOptions) (*Process, error) {
	args, err := SplitCommand(command)
	if err != nil {
		return nil, &StartError{err}
	}
	cmd := exec.Command(args[0], args[1:]...)
	ownGroup(cmd)
	token := markEngine(cmd)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, &StartError{err}
	}
	// A pipe of our own rather than StdoutPipe: Wait then never closes it
	// under the reader, and a child that keeps it open cannot hold Wait.
	out, w, err := os.Pipe()
	if err != nil {
		return nil, &StartError{err}
	}
	cmd.Stdout = w
	if o.Stderr != nil {
		cmd.Stderr = o.Stderr
	}
	err = startWatched(cmd)
	w.Close()
	if err != nil {
		out.Close()
		// exec's own error quotes the whole program name, which a hostile
		// or mistaken command makes as long as it likes: keep its cause.
		if ee := (*exec.Error)(nil); errors.As(err, &ee) {
			err = ee.Err
		}
		return nil, &StartError{fmt.Errorf("starting %q: %w", notation.Clip(command, 80), err)}
	}
	grace := o.Grace
	if grace <= 0 {
		grace = DefaultGrace
	}
	p := &Process{cmd: cmd, in: in, out: out, lines: make(chan string, 64), done: make(chan struct{}), exited: make(chan struct{}),
		quit: make(chan struct{}), grace: grace, transcript: o.Transcript, Options: map[string]bool{}, token: token}
	go func() { _ = cmd.Wait(); close(p.exited) }()
	go p.read(out)
	timeout := o.Handshake
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	if err := p.handshake(ctx, timeout); err != nil {
		p.Close()
		return nil, fmt.Errorf("handshake: %w", err)
	}
	return p, nil
}

// handshake sends "ginrummy" and reads the engine's id and option lines
// until "ginrummyok".
func (p *Process) handshake(ctx context.Context, timeout time.Duration) error {
	if err := p.Send("ginrummy"); err != nil {
		return err
	}
	deadline := time.Now().Add(timeout)
	size := 0
	for {
		line, err := p.Receive(ctx, time.Until(deadline))
		if err != nil {
			return err
		}
		if size += len(line) + 1; size > maxHandshake || len(p.Handshake) >= maxHandshakeLines {
			return ErrHandshakeTooLong
		}
		p.Handshake = append(p.Handshake, line)
		if name, ok := strings.CutPrefix(line, "id name "); ok {
			p.Name = notation.Clip(strings.TrimSpace(name), 60)
		}
		if v, ok := strings.CutPrefix(line, "id protocol "); ok {
			p.Protocol = strings.TrimSpace(v)
		}
		if rest, ok := strings.CutPrefix(line, "option name "); ok {
			if f := strings.Fields(rest); len(f) > 0 {
				p.Options[f[0]] = true
			}
		}
		if line == "ginrummyok" {
			break
		}
	}
	switch p.Protocol {
	case ProtocolVersion:
		return nil
	case "":
		return fmt.Errorf("%w: no \"id protocol\" line (the arena speaks version %s)", ErrProtocol, ProtocolVersion)
	}
	return fmt.Errorf("%w: version %q (the arena speaks version %s)", ErrProtocol, notation.Clip(p.Protocol, 20), ProtocolVersion)
}

// read passes the engine's lines on, cutting any line at maxLine.
func (p *Process) read(out io.Reader) {
	defer close(p.done)
	br := bufio.NewReaderSize(out, 4096)
	for {
		var b strings.Builder
		for {
			chunk, isPrefix, err := br.ReadLine()
			if err != nil {
				if b.Len() > 0 {
					p.pass(b.String())
				}
				return
			}
			if b.Len() < maxLine {
				b.Write(chunk[:min(len(chunk), maxLine-b.Len())])
			}
			if !isPrefix {
				break
			}
		}
		if !p.pass(strings.TrimRight(b.String(), "\r")) {
			return
		}
	}
}

// pass hands a line on, unless the process has been closed.
func (p *Process) pass(line string) bool {
	select {
	case p.lines <- line:
		return true
	case <-p.quit:
		return false
	}
}

func (p *Process) keep(line string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.transcript != nil {
		fmt.Fprintln(p.transcript, line)
	}
	p.exchange = append(p.exchange, notation.Clip(line, 200))
	if len(p.exchange) > exchangeKept {
		p.exchange = p.exchange[len(p.exchange)-exchangeKept:]
	}
}

// Exchange returns the latest lines sent and received.
func (p *Process) Exchange() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.exchange...)
}

// Send writes one line to the engine.
func (p *Process) Send(line string) error {
	p.keep("> " + line)
	if _, err := io.WriteString(p.in, line+"\n"); err != nil {
		return fmt.Errorf("%w: %v", ErrDied, err)
	}
	return nil
}

// Receive waits for the engine's next line, at most wait.
func (p *Process) Receive(ctx context.Context, wait time.Duration) (string, error) {
	t := time.NewTimer(max(wait, 0))
	defer t.Stop()
	select {
	case line := <-p.lines:
		p.keep("< " + line)
		return line, nil
	case <-p.done:
		return p.last()
	case <-p.exited:
		// The output may still hold the last lines: they come first.
		select {
		case <-p.done:
		case <-time.After(100 * time.Millisecond):
		}
		return p.last()
	case <-t.C:
		return "", ErrTimeout
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// last delivers a line read before the end, or says the engine died.
func (p *Process) last() (string, error) {
	select {
	case line := <-p.lines:
		p.keep("< " + line)
		return line, nil
	default:
	}
	return "", ErrDied
}

// Close ends the engine and every process it started: quit, then, after
// the grace period, SIGTERM to its process group, then SIGKILL. The group
// is ended even when the engine itself has gone, for the children it
// left.
func (p *Process) Close() {
	p.once.Do(func() {
		_ = p.Send("quit")
		_ = p.in.Close()
		if !p.waitExit(p.grace) {
			signalGroup(p.cmd, sigTerm)
			if !p.waitExit(p.grace) {
				signalGroup(p.cmd, sigKill)
				<-p.exited
			}
		}
		if groupAlive(p.cmd) {
			signalGroup(p.cmd, sigTerm)
			for deadline := time.Now().Add(p.grace); groupAlive(p.cmd) && time.Now().Before(deadline); {
				time.Sleep(10 * time.Millisecond)
			}
			signalGroup(p.cmd, sigKill)
		}
		endStrays(p.token)
		close(p.quit)
		p.out.Close()
	})
}

// Kill is Close.
func (p *Process) Kill() { p.Close() }

// waitExit waits at most d for the process to end.
func (p *Process) waitExit(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-p.exited:
		return true
	case <-t.C:
		return false
	}
}

// Group returns the engine's process group, for tests and diagnostics.
func (p *Process) Group() int {
	if p.cmd.Process == nil {
		return 0
	}
	return p.cmd.Process.Pid
}

// SplitCommand splits a command line on spaces, keeping double-quoted
// arguments whole.
func SplitCommand(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	quoted, any := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, any = !quoted, true
		case r == ' ' && !quoted:
			if any {
				args = append(args, cur.String())
				cur.Reset()
				any = false
			}
		default:
			cur.WriteRune(r)
			any = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("command %q: unclosed quote", notation.Clip(s, 80))
	}
	if any {
		args = append(args, cur.String())
	}
	if len(args) == 0 {
		return nil, errors.New("an empty engine command")
	}
	return args, nil
}
