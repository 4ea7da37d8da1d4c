package arena

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ginadvisor/ginadvisor/rules"
)

// Config is a match as the command line gives it, to be checked into
// Options.
type Config struct {
	P1, P2, Rules, SPRT string
	Games, Concurrency  int
	Seed                uint64
	// MoveTime bounds each decision (--st, --movetime); GameTime is a
	// game's time with no increment (--gametime); TC is a time control
	// as cutechess writes it (--tc); TimeMargin is the lateness allowed.
	MoveTime, GameTime, TimeMargin time.Duration
	TC                             string
	// Shard is "i/n"; Deals a file of deals; MaxDraws and MaxHands the
	// adjudication limits; StderrDir where engines' stderr is kept.
	Shard, Deals, StderrDir string
	MaxDraws, MaxHands      int
	// StderrReplace lets the engines' files in StderrDir replace files
	// already there (--force, --resume).
	StderrReplace bool
	// DealsRepeat plays Deals again, in order, when Games asks for more
	// pairs than they hold (--deals-repeat). With Deals, Games 0 is
	// twice the deals (--games not given).
	DealsRepeat bool
	// LogInfo records each engine's last info line before each move's
	// bestmove in the log (--log-info).
	LogInfo bool
}

// Options checks the configuration; its errors name the flag at fault.
func (c Config) Options() (Options, error) {
	var o Options
	var err error
	for k, s := range []string{c.P1, c.P2} {
		if o.Players[k], err = ParseSpec(s); err != nil {
			return o, fmt.Errorf("--p%d: %w", k+1, err)
		}
		o.Players[k].Place = k + 1
	}
	if o.Rules, err = rules.ParseSpec(c.Rules); err != nil {
		return o, fmt.Errorf("--rules: %w", err)
	}
	if c.DealsRepeat && c.Deals == "" {
		return o, errors.New("--deals-repeat repeats --deals: give it")
	}
	if c.Deals != "" {
		if o.Deals, err = ReadDeals(c.Deals); err != nil {
			return o, fmt.Errorf("--deals: %w", err)
		}
		if c.Games == 0 {
			// --games not given: each deal once, a pair of games.
			c.Games = 2 * len(o.Deals)
		}
		if len(o.Deals) < c.Games/2 && !c.DealsRepeat {
			return o, fmt.Errorf("--deals: %s holds %d deals; %d games need %d (give --deals-repeat to play them again)", c.Deals, len(o.Deals), c.Games, c.Games/2)
		}
	}
	switch {
	case c.Games < 2 || c.Games%2 != 0 || c.Games > 1_000_000:
		return o, fmt.Errorf("--games must be even, from 2 to 1,000,000, not %d", c.Games)
	case c.Concurrency < 1 || c.Concurrency > 64:
		return o, fmt.Errorf("--concurrency must be from 1 to 64, not %d", c.Concurrency)
	case c.MoveTime < 0 || c.GameTime < 0 || c.TimeMargin < 0:
		return o, errors.New("--movetime, --gametime and --timemargin must not be negative")
	case c.MaxDraws < 0 || c.MaxDraws > 1000 || c.MaxHands < 0 || c.MaxHands > 1000:
		return o, errors.New("--max-draws and --max-hands must be from 0 (none) to 1000")
	}
	o.LogInfo = c.LogInfo
	o.Games, o.Seed, o.Concurrency, o.StderrDir, o.StderrReplace = c.Games, c.Seed, c.Concurrency, c.StderrDir, c.StderrReplace
	o.DealsRepeat = c.DealsRepeat
	if err := CheckStderrDir(c.StderrDir); err != nil {
		return o, err
	}
	if err := c.timeControl(&o); err != nil {
		return o, err
	}
	if c.MaxDraws > 0 {
		o.Rules.DrawLimit = c.MaxDraws
	}
	o.MaxHands = c.MaxHands
	if c.SPRT != "" {
		if o.SPRT, err = ParseSPRT(c.SPRT); err != nil {
			return o, fmt.Errorf("--sprt: %w", err)
		}
	}
	if c.Shard != "" {
		if o.Shard, err = ParseShard(c.Shard); err != nil {
			return o, fmt.Errorf("--shard: %w", err)
		}
	}
	return o, nil
}

// timeControl sets the match's time control from --tc, --gametime,
// --movetime and --timemargin.
func (c Config) timeControl(o *Options) error {
	if c.TC != "" {
		if c.GameTime > 0 {
			return errors.New("give --tc or --gametime, not both")
		}
		tc, err := ParseTC(c.TC)
		if err != nil {
			return fmt.Errorf("--tc: %w", err)
		}
		o.Time = tc
	} else {
		o.Time.Game = c.GameTime
	}
	o.Time.Move, o.Time.Margin = c.MoveTime, c.TimeMargin
	return nil
}

// inForce is those of options that the engine declared, nil for none:
// the options in force, which the log's player tag names.
func inForce(options map[string]string, declared map[string]bool) map[string]string {
	var out map[string]string
	for k, v := range options {
		if declared[k] {
			if out == nil {
				out = map[string]string{}
			}
			out[k] = v
		}
	}
	return out
}

// ParseShard reads "i/n": the i-th of n shares, 1 <= i <= n <= 100000.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || n > 100000 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("%q: want i/n with 1 <= i <= n, such as 2/8", s)
	}
	return Shard{I: i, N: n}, nil
}

// ResolveNames starts every engine and makes its handshake, before any
// game, and names each engine as it names itself, by its handshake's id
// name, unless a configuration file named it; then makes every name
// unique, a second "mybot" becoming "mybot-2". A control character of a
// name becomes "?", as the log writes it. It sends each engine the rules
// r and its options, each followed by isready, as every game will: an
// option the engine answers with an error line is an OptionError. The
// options it does not declare are not sent, in any game: they leave the
// spec's Options, which the log's player tags give as the options in
// force, for its Skipped. An engine that does not start, fails its
// handshake or refuses an option is an error that names it: the run is
// not to begin.
func ResolveNames(ctx context.Context, specs []Spec, r rules.Rules, handshake time.Duration) ([]Spec, error) {
	if handshake <= 0 {
		handshake = 10 * time.Second
	}
	out := append([]Spec(nil), specs...)
	for i, s := range out {
		if s.Builtin != "" {
			continue
		}
		p, err := Start(ctx, s.Command, StartOptions{Handshake: handshake})
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, fmt.Errorf("engine %s: %w", printable(s.Name), err)
		}
		if p.Name != "" && !s.Named {
			out[i].Name = p.Name
		}
		set, skipped := settings(p.Options, r, s.Options)
		err = sendSettings(ctx, p, printable(out[i].Name), set, func() time.Duration { return handshake })
		p.Close()
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if oe := (*OptionError)(nil); errors.As(err, &oe) {
				return nil, fmt.Errorf("%s: %w", QuoteSpec(s), err)
			}
			return nil, fmt.Errorf("engine %s: %w", printable(out[i].Name), err)
		}
		out[i].Options, out[i].Skipped = inForce(s.Options, p.Options), skipped
	}
	seen := map[string]int{}
	for i := range out {
		// A name goes into logs, which hold no control character.
		out[i].Name = logText(out[i].Name)
		name := out[i].Name
		seen[name]++
		for n := seen[name]; n > 1; n++ {
			cand := fmt.Sprintf("%s-%d", name, n)
			if seen[cand] == 0 {
				out[i].Name = cand
				seen[cand]++
				break
			}
		}
	}
	return out, nil
}
