package board

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"runtime"
	"time"
)

// ErrNotLoopback is returned by Listen for an address off loopback: the
// board trusts whoever reaches it, so it listens on this machine only.
var ErrNotLoopback = errors.New("the board listens on loopback only (localhost, 127.0.0.0/8 or ::1)")

// Listen opens addr ("127.0.0.1:0" when empty: a free port), which must
// be on loopback.
func Listen(addr string) (net.Listener, error) {
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("--addr %q: %w", addr, err)
	}
	if !loopbackName(host) {
		return nil, fmt.Errorf("--addr %q: %w", addr, ErrNotLoopback)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	// What the guard will answer to is what the listener is on: refuse
	// here, not with a 403 for every request.
	if h, _, err := net.SplitHostPort(ln.Addr().String()); err != nil || !loopbackName(h) {
		ln.Close()
		return nil, fmt.Errorf("--addr %q: listening on %v: %w", addr, ln.Addr(), ErrNotLoopback)
	}
	return ln, nil
}

// Server is the board: an http.Handler for its page and API, and the
// owner of the games played on it. Shutdown ends those games.
type Server struct {
	handler http.Handler
	games   *sessions
	heavy   *gate // the analyses' slots, which tests fill
	reviews *gate // the streamed reviews' slots
	close   context.CancelFunc
}

// ServeHTTP serves the page and the API.
func (b *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b.handler.ServeHTTP(w, r)
}

// Shutdown ends every game in play and every streamed review, refuses
// new games, then waits for the games' goroutines to return, or for ctx
// to end first, when it returns ctx's error. A request waiting on a game is answered with the
// game's end. Shutdown may be called more than once.
func (b *Server) Shutdown(ctx context.Context) error {
	b.close()
	return b.games.shutdown(ctx)
}

// shutdownGrace bounds the wait for the requests in flight and the games'
// goroutines when Serve stops, unless Options.Grace sets another.
const shutdownGrace = 5 * time.Second

// Serve serves the board on ln until ctx is done, then shuts down
// gracefully: the games in play end, and requests in flight get up to
// five seconds (Options.Grace) to finish. It writes the page's address to
// out first, and opens it in the browser when open is set. Requests still
// in flight when the grace runs out are cut off, which Serve says on out,
// and their work's context ends. Unless the grace runs out, no goroutine of the
// board's is left running when Serve returns.
func Serve(ctx context.Context, ln net.Listener, o Options, out io.Writer, open bool) error {
	return serve(ctx, ln, NewServer(ln.Addr(), o), o, out, open)
}

// serve is Serve with the board given.
func serve(ctx context.Context, ln net.Listener, b *Server, o Options, out io.Writer, open bool) error {
	url := "http://" + ln.Addr().String() + "/"
	// Every request's context ends when the grace does, so that work cut
	// off then stops rather than run on after Serve returns.
	base, cutOff := context.WithCancel(context.Background())
	defer cutOff()
	srv := &http.Server{
		BaseContext:       func(net.Listener) context.Context { return base },
		Handler:           b,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      o.maxTime() + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
	}
	if _, err := fmt.Fprintf(out, "The board is at %s (Ctrl-C stops it).\n", url); err != nil {
		return err
	}
	if open {
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(out, "Could not open a browser: %v\n", err)
		}
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	var failed error
	select {
	case failed = <-done:
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), o.grace())
	defer cancel()
	// The games end first, so that a request waiting on one is answered
	// with its end rather than holding up the server's shutdown.
	gamesErr := b.Shutdown(shut)
	if failed != nil {
		return failed
	}
	err := srv.Shutdown(shut)
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(gamesErr, context.DeadlineExceeded) {
		// The grace ran out: what is still in flight is cut off, its
		// connection closed, its work told to stop.
		cutOff()
		err = srv.Close()
		fmt.Fprintf(out, "Stopped: the requests still in flight after %v were cut off.\n", o.grace())
	}
	if err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	if errors.Is(gamesErr, context.DeadlineExceeded) {
		return nil // said above: their work was told to stop
	}
	return gamesErr
}

func openBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	return cmd.Start()
}
