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

// ErrNotLoopback is returned by Serve for an address off loopback: the
// board trusts whoever reaches it, so it listens on this machine only.
var ErrNotLoopback = errors.New("the board listens on loopback only (127.0.0.1, ::1 or localhost)")

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
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil, fmt.Errorf("--addr %q: %w", addr, ErrNotLoopback)
	}
	return net.Listen("tcp", addr)
}

// Serve serves the board on ln until ctx is done, then shuts down
// gracefully: requests in flight get up to five seconds to finish. It
// writes the page's address to out first, and opens it in the browser
// when open is set.
func Serve(ctx context.Context, ln net.Listener, o Options, out io.Writer, open bool) error {
	url := "http://" + ln.Addr().String() + "/"
	srv := &http.Server{
		Handler:           Handler(ln.Addr(), o),
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
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
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
