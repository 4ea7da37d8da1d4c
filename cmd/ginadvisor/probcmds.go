package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/calibrate"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/protocol"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/render"
	"github.com/ginadvisor/ginadvisor/rules"
)

// positionsDo reads positions, from the arguments or one a line from
// stdin, and reports each. A bad streamed line is reported on stderr, and
// with --json as a JSON line of its own, and the rest are still read.
func positionsDo(env *environment, c *cli.Context, report func(p *game.Position, line int) error) error {
	if err := env.setColor(c); err != nil {
		return err
	}
	given, err := cliargs.RulesGiven(c)
	if err != nil {
		return err
	}
	arg := strings.Join(c.Args().Slice(), " ")
	if c.Args().Len() > 0 && arg != "-" {
		p, err := position.ParseWith(arg, given)
		if errors.Is(err, position.ErrRulesConflict) {
			return cliexit.Usagef("%v", err)
		}
		if err != nil {
			return positionFailure(c, given, arg, err)
		}
		if err := report(&p, 0); err != nil {
			return playError(err)
		}
		return nil
	}
	env.awaitingInput("positions")
	read, failed, err := position.Stream(env.stdin, given, func(p *game.Position, n int) error {
		err := report(p, n)
		if errors.As(err, new(*cliexit.WriteFailure)) {
			err = fmt.Errorf("%w: %w", position.ErrStop, err)
		}
		return err
	}, func(n int, text string, err error) error {
		fmt.Fprintf(env.stderr, "stdin:%d: %s\n", n, render.EscapeControl(err.Error()))
		if !cliargs.WantJSON(c) {
			return nil
		}
		// A script reading JSON Lines sees the bad line too.
		return render.JSON(env.stdout, struct {
			Line  int    `json:"line"`
			Input string `json:"input"`
			Error string `json:"error"`
		}{n, text, err.Error()})
	})
	if wf, ok := errors.AsType[*cliexit.WriteFailure](err); ok {
		return wf
	} else if err != nil {
		return cliexit.NotText("stdin", err)
	}
	if failed > 0 {
		return cliexit.Silent(ExitBadInput)
	} else if read == 0 {
		return cliexit.Input(errors.New("stdin: no positions in it"))
	}
	return nil
}

// reportSampled runs one sampled analysis on each position read, and
// writes its JSON or its table.
func reportSampled[R any](env *environment, c *cli.Context,
	analyse func(p *game.Position, e *probability.Estimate) (R, error),
	print func(w io.Writer, r *R, n render.Style, line int) error) error {
	style, asJSON := env.styleFor(c), cliargs.WantJSON(c)
	return positionsDo(env, c, func(p *game.Position, line int) error {
		e := probability.Infer(p)
		r, err := analyse(p, &e)
		if err != nil {
			return err
		}
		if asJSON {
			return cliexit.Wrote(render.JSONLine(env.stdout, line, r))
		}
		return cliexit.Wrote(print(env.stdout, &r, style, line))
	})
}

func outsCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "outs",
		Usage:     "count the draw outs of a hand about to draw, and the chance of a knock or gin soon",
		ArgsUsage: "[POSITION | -]",
		Description: "POSITION is a 10-card hand in the draw phase, in the position notation (see\n" +
			"'ginadvisor position --help'). Every unseen card, and the upcard, is tried:\n" +
			"the deadwood after drawing it and discarding best. The chance that the next\n" +
			"stock card is each kind weighs each card by the chance that the opponent\n" +
			"holds it instead.\n\n" +
			"Examples:\n" +
			"  ginadvisor outs \"p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,JD \\\n    stock=30 took=- passed=QC discards=JD dealer=p1\"\n" +
			"  ginadvisor outs --json --samples 10000 < positions.txt",
		Flags: append(append(cliargs.OutputFlags(), cliargs.SamplingFlags(probability.MaxSamples)...), cliargs.RulesFlags()...),
		Action: func(c *cli.Context) error {
			s, err := cliargs.SamplingFrom(c, probability.MaxSamples)
			if err != nil {
				return err
			}
			return reportSampled(env, c, func(p *game.Position, e *probability.Estimate) (probability.OutsReport, error) {
				return probability.Outs(c.Context, p, e, s.Samples, s.Seed, s.Workers)
			}, render.Outs)
		},
	}
}

func dangerCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "danger",
		Usage:     "rank the discards of an 11-card hand by the deadwood they leave and the chance the opponent can use them",
		ArgsUsage: "[POSITION | -]",
		Description: "POSITION is an 11-card hand in the discard phase. The danger of a card is the\n" +
			"share of sampled opponent hands with which it completes or extends a meld.\n\n" +
			"Examples:\n" +
			"  ginadvisor danger \"p1 discard hand=8C,AS,2S,3S,7D,9D,JD,QC,KH,4H,5H \\\n    pile=QS,2C,JH,KD stock=27 took=8H,8D passed=QS discards=2C,JH,KD \\\n    drawn=5H dealer=p1 draws=6\"\n" +
			"  ginadvisor danger --json --samples 20000 \\\n    \"p1 discard hand=8C,AS,2S,3S,7D,9D,JD,QC,KH,4H,5H \\\n    pile=QS,2C,JH,KD stock=27 took=8H,8D passed=QS discards=2C,JH,KD \\\n    drawn=5H dealer=p1 draws=6\"",
		Flags: append(append(cliargs.OutputFlags(), cliargs.SamplingFlags(probability.MaxSamples)...), cliargs.RulesFlags()...),
		Action: func(c *cli.Context) error {
			s, err := cliargs.SamplingFrom(c, probability.MaxSamples)
			if err != nil {
				return err
			}
			return reportSampled(env, c, func(p *game.Position, e *probability.Estimate) (probability.DangerReport, error) {
				return probability.Danger(c.Context, p, e, s.Samples, s.Seed, s.Workers)
			}, render.Danger)
		},
	}
}

func riskCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "risk",
		Usage:     "the undercut risk of knocking now, with each spread, against waiting",
		ArgsUsage: "[POSITION | -]",
		Description: "POSITION is a hand at its knock decision (the knock phase), within the limit.\n" +
			"Each sampled opponent hand lays off exactly (greedily under eaai).\n\n" +
			"Examples:\n" +
			"  ginadvisor risk \"p1 knock hand=7C,7D,7H,KC,KD,KH,2S,3S,4S,AC \\\n    pile=2D,6H,5H,9S,TD stock=27 took=- passed=- discards=6H,9S \\\n    drawn=AC dealer=p2\"\n" +
			"  ginadvisor risk --melds \"7C 7D 7H | KC KD KH | 2S 3S 4S\" \\\n    --samples 20000 < positions.txt",
		Flags: append(append(append(cliargs.OutputFlags(), cliargs.SamplingFlags(probability.MaxSamples)...),
			&cli.StringFlag{Name: "melds", Usage: "the spread to knock with (default: the best arrangement)"}), cliargs.RulesFlags()...),
		Action: func(c *cli.Context) error {
			s, err := cliargs.SamplingFrom(c, probability.MaxSamples)
			if err != nil {
				return err
			}
			given, err := cliargs.OptionalMelds(c)
			if err != nil {
				return err
			}
			return reportSampled(env, c, func(p *game.Position, e *probability.Estimate) (probability.RiskReport, error) {
				return probability.UndercutRisk(c.Context, p, e, given, s.Samples, s.Seed, s.Workers)
			}, render.Risk)
		},
	}
}

func calibrateCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "calibrate",
		Usage: "measure the opponent inference against simulated games of simple against simple",
		Description: "At every draw decision of both seats, the chance the inference gives each card\n" +
			"is scored against the opponent's real hand, beside two baselines: a uniform\n" +
			"prior, and the known takes with the rest spread evenly. --fit tunes the\n" +
			"model's factors on the games played and prints them.\n\n" +
			"Examples:\n" +
			"  ginadvisor calibrate --games 200 --seed 7\n" +
			"  ginadvisor calibrate --rules eaai --fit --games 40 --seed 12345",
		Flags: append(cliargs.OutputFlags(),
			&cli.IntFlag{Name: "games", Value: 200, Usage: "games to play, 1 to 100,000"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the seed of the games"},
			&cli.StringFlag{Name: "rules", Value: "standard", Usage: "rules preset (the model was fitted under eaai)"},
			&cli.BoolFlag{Name: "fit", Usage: "fit the model's factors to these games"},
		),
		Action: func(c *cli.Context) error {
			if err := env.start(c); err != nil {
				return err
			}
			games := c.Int("games")
			if games < 1 || games > 100_000 {
				return cliexit.Usagef("--games must be from 1 to 100,000, not %d", games)
			}
			r, err := rules.Preset(c.String("rules"))
			if err != nil {
				return cliexit.Usagef("--rules: %v", err)
			}
			o := calibrate.Options{Rules: r, Games: games, Seed: c.Uint64("seed"), Model: probability.DefaultModel()}
			if c.Bool("fit") {
				if err := cliargs.RefuseTSV(c, "calibrate --fit"); err != nil {
					return err
				}
				f, err := calibrate.Fit(c.Context, o, probability.DefaultModel())
				if err != nil {
					return err
				}
				if cliargs.WantJSON(c) {
					return render.JSON(env.stdout, f)
				}
				return render.Fitted(env.stdout, f)
			}
			cal, err := calibrate.Inference(c.Context, o)
			if err != nil {
				return err
			}
			if cliargs.WantJSON(c) {
				return render.JSON(env.stdout, cal)
			}
			return render.Calibration(env.stdout, env.styleFor(c), cal, games)
		},
	}
}

func equityCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "equity",
		Usage: "measure a hand's outcome in simulated games, per preset, and print the equity model's data as Go source",
		Description: "The advisor values a hand's outcome by the change in the chance of winning the\n" +
			"game. That chance comes from the distribution of a hand's points, measured here\n" +
			"in games of simple against simple under each preset, and is checked in as\n" +
			"advise/equity_data.go.\n\n" +
			"Examples:\n" +
			"  ginadvisor equity --games 20000 --seed 2024 > advise/equity_data.go\n" +
			"  ginadvisor equity --games 2000 --presets eaai,uk --json",
		Flags: append(cliargs.OutputFlags(),
			&cli.IntFlag{Name: "games", Value: 20000, Usage: "games to play a preset, 1 to 1,000,000"},
			&cli.Uint64Flag{Name: "seed", Value: 2024, Usage: "the seed of the games"},
			&cli.StringFlag{Name: "presets", Value: strings.Join(rules.PresetNames(), ","), Usage: "the presets to measure, comma-separated"},
		),
		Action: func(c *cli.Context) error {
			if err := env.start(c); err != nil {
				return err
			}
			games := c.Int("games")
			if games < 1 || games > calibrate.MaxEquityGames {
				return cliexit.Usagef("--games must be from 1 to %s, not %d", render.Thousands(calibrate.MaxEquityGames), games)
			}
			ds, err := calibrate.MeasurePresets(c.Context, strings.Split(c.String("presets"), ","), games, c.Uint64("seed"))
			if errors.Is(err, rules.ErrUnknownPreset) {
				return cliexit.Usagef("--presets: %v", err)
			}
			if err != nil {
				return err
			}
			if cliargs.WantJSON(c) {
				return render.JSON(env.stdout, ds)
			}
			_, err = io.WriteString(env.stdout, calibrate.EquitySource(ds, games, c.Uint64("seed")))
			return err
		},
	}
}

func adviseCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "advise",
		Usage:     "recommend a move: every legal candidate valued by Monte Carlo, with equity",
		ArgsUsage: "[POSITION | -]",
		Description: "POSITION is the seat's decision in the position notation: the first offer, the\n" +
			"draw, the discard or the knock decision. Every candidate is played out in the\n" +
			"same sampled worlds; equity is the chance of winning the game after the hand.\n" +
			"The advice departs from the heuristic policy's move only when the gain in equity\n" +
			"is clear of the noise.\n\n" +
			"Examples:\n" +
			"  ginadvisor advise \"p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,JD \\\n    stock=30 took=- passed=QC discards=JD dealer=p1\"\n" +
			"  ginadvisor advise --samples 2000 --json < positions.txt\n" +
			"  ginadvisor advise --time 200ms \\\n    \"p1 discard hand=8C,AS,2S,3S,7D,9D,JD,QC,KH,4H,5H \\\n    pile=QS,2C,JH,KD stock=27 took=8H,8D passed=QS discards=2C,JH,KD \\\n    drawn=5H dealer=p1 draws=6\"",
		Flags: append(append(append(cliargs.OutputFlags(), cliargs.SamplingFlags(advise.MaxSamples)...),
			&cli.DurationFlag{Name: "time", Usage: "spend this long a position instead (such as 200ms); --samples then caps the worlds"},
			&cli.BoolFlag{Name: "full", Usage: "play every candidate in every world, as batch grades (no halving)"},
			&cli.IntFlag{Name: "particles", Usage: "the particles of the filter that follows the opponent's hand (0: 512; a batch row says when its grade used more), at most 16,384"},
			&cli.IntFlag{Name: "replicas", Usage: "run the filter as this many independent replicas sharing its particles, so that the ± holds the filter's noise too (batch's grades use 8), at most 64"}), cliargs.RulesFlags()...),
		Action: func(c *cli.Context) error {
			s, err := cliargs.SamplingFrom(c, advise.MaxSamples)
			if err != nil {
				return err
			}
			budget := c.Duration("time")
			if budget < 0 || budget > time.Hour {
				return cliexit.Usagef("--time must be from 0 to 1h, not %v", budget)
			}
			particles := c.Int("particles")
			if particles < 0 || particles > reading.MaxParticles {
				return cliexit.Usagef("--particles must be from 0 to %s, not %d", render.Thousands(reading.MaxParticles), particles)
			}
			replicas := c.Int("replicas")
			if replicas < 0 || replicas > analyze.MaxReplicas {
				return cliexit.Usagef("--replicas must be from 0 to %d, not %d", analyze.MaxReplicas, replicas)
			}
			samples := s.Samples
			if budget > 0 && !c.IsSet("samples") {
				samples = 0 // no cap but the time
			}
			// --full, --particles and --replicas ask for a grade's search.
			search := analyze.Search{Full: c.Bool("full"), Particles: particles, Replicas: replicas}
			style, asJSON := env.styleFor(c), cliargs.WantJSON(c)
			return positionsDo(env, c, func(p *game.Position, line int) error {
				a, err := search.Advise(c.Context, p, analyze.Options{Samples: samples, Time: budget, Seed: s.Seed, Workers: s.Workers,
					DangerSamples: min(s.Samples, analyze.DefaultDangerSamples), Model: analyze.ModelCompared})
				if err != nil {
					return err
				}
				a.Line = line
				if asJSON {
					return cliexit.Wrote(render.JSON(env.stdout, a))
				}
				return cliexit.Wrote(render.Advice(env.stdout, p, a, style))
			})
		},
	}
}

func engineCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "engine",
		Usage: "serve the advisor on a line protocol on stdin and stdout, for GUIs, bots and bridges",
		Description: "The protocol is documented in docs/protocol.md, with a full example exchange.\n" +
			"It ends on quit or at the end of input, never on bad input: a bad line gets an error line.\n\n" +
			"Examples:\n" +
			"  printf 'ginrummy\\nisready\\nquit\\n' | ginadvisor engine\n" +
			"  ginadvisor engine < session.txt",
		Action: func(c *cli.Context) error {
			if c.Args().Len() > 0 {
				return cliexit.Usagef("engine takes no arguments: it reads its commands from stdin")
			}
			return protocol.New(env.stdout, "ginadvisor "+version).Serve(c.Context, env.stdin)
		},
	}
}
