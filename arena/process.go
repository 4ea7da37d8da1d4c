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
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/ginadvisor/ginadvisor/notation"
)

// maxLine bounds a line from an engine: a longer one is garbage.
const maxLine = 64 << 10

// ErrTimeout means the engine did not answer within its time.
var ErrTimeout = errors.New("no answer in time")

// ErrDied means the engine's process ended or closed its output.
var ErrDied = errors.New("the engine's process ended")

// Process is a running engine: its standard input and output, and the
// exchange so far, kept for the record of a forfeit.
type Process struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	done  chan struct{}
	quit  chan struct{}
	once  sync.Once
	mu    sync.Mutex
	// exchange keeps the latest lines each way, "> " sent, "< " received.
	exchange []string
	// Name is what the engine calls itself in its handshake.
	Name string
	// Handshake is every line of the engine's handshake, ginrummyok last.
	Handshake []string
}

// exchangeKept bounds the lines of the exchange kept for a forfeit.
const exchangeKept = 40

// Start runs the engine's command line (program and arguments, split on
// spaces, with double quotes around an argument that holds spaces) and
// makes the handshake within timeout.
func Start(ctx context.Context, command string, timeout time.Duration) (*Process, error) {
	args, err := SplitCommand(command)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(args[0], args[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %q: %w", notation.Clip(command, 80), err)
	}
	p := &Process{cmd: cmd, in: in, lines: make(chan string, 64), done: make(chan struct{}), quit: make(chan struct{})}
	go p.read(out)
	if err := p.Send("ginrummy"); err != nil {
		p.Kill()
		return nil, err
	}
	deadline := time.Now().Add(timeout)
	for {
		line, err := p.Receive(ctx, time.Until(deadline))
		if err != nil {
			p.Kill()
			return nil, fmt.Errorf("handshake: %w", err)
		}
		p.Handshake = append(p.Handshake, line)
		if name, ok := strings.CutPrefix(line, "id name "); ok {
			p.Name = notation.Clip(name, 60)
		}
		if line == "ginrummyok" {
			return p, nil
		}
	}
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

// pass hands a line on, unless the process has been killed.
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
	p.exchange = append(p.exchange, notation.Clip(line, 200))
	if len(p.exchange) > exchangeKept {
		p.exchange = p.exchange[len(p.exchange)-exchangeKept:]
	}
	p.mu.Unlock()
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
	case line, ok := <-p.lines:
		if !ok {
			return "", ErrDied
		}
		p.keep("< " + line)
		return line, nil
	case <-p.done:
		// Lines read before the end are still delivered.
		select {
		case line, ok := <-p.lines:
			if ok {
				p.keep("< " + line)
				return line, nil
			}
		default:
		}
		return "", ErrDied
	case <-t.C:
		return "", ErrTimeout
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// Kill ends the process.
func (p *Process) Kill() {
	p.once.Do(func() { close(p.quit) })
	_ = p.in.Close()
	if p.cmd.Process != nil {
		_ = p.cmd.Process.Kill()
	}
	_ = p.cmd.Wait()
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
