package main

import (
	"os"
	"os/signal"
	"syscall"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/board"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
)

func serveCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "serve the analysis board, a web page on this machine, until Ctrl-C",
		Description: "Serves the page on loopback only, until Ctrl-C (docs/board.md).\n\n" +
			"Examples:\n" +
			"  ginadvisor serve\n" +
			"  ginadvisor serve --addr 127.0.0.1:8080 --open",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Usage: "the loopback address to listen on (default: a free port on 127.0.0.1)"},
			&cli.BoolFlag{Name: "open", Usage: "open the page in the browser"},
		},
		Action: func(c *cli.Context) error {
			if c.Args().Len() > 0 {
				return cliexit.Usagef("serve takes no arguments")
			}
			ln, err := board.Listen(c.String("addr"))
			if err != nil {
				return cliexit.Usagef("%v", err)
			}
			ctx, stop := signal.NotifyContext(c.Context, os.Interrupt, syscall.SIGTERM)
			defer stop()
			return board.Serve(ctx, ln, board.Options{}, env.stdout, c.Bool("open"))
		},
	}
}
