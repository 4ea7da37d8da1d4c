package arena

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// CheckOptions refuses an engine option that contradicts the match: the
// match sets the engine's rules itself, by the rules option and the rule
// keys, and an option of the spec's that set other rules would be sent
// after them and win, so that the engine played one game while the match
// scored, and its log named, another. An option that agrees with the
// match's rules is no contradiction. A built-in player has no options.
func CheckOptions(s Spec, r rules.Rules) error {
	for _, k := range slices.Sorted(maps.Keys(s.Options)) {
		v := s.Options[k]
		var set rules.Rules
		var err error
		switch _, isKey := rules.FieldByKey(k); {
		case k == "rules":
			set, err = rules.ParseSpec(v)
		case isKey:
			set, err = rules.Apply(r, rules.Override{Key: k, Value: v})
		default:
			continue
		}
		if err == nil && rules.SameGame(set, r) {
			continue
		}
		give := "--rules " + rules.FormatSpec(set)
		if err != nil {
			give = "--rules"
		}
		return fmt.Errorf("option %s=%s contradicts the match, which plays %s and sets the engine's rules itself: leave the option out, and give the rules to the match (%s)",
			notation.Clip(k, 40), notation.Clip(v, 40), rules.FormatSpec(r), give)
	}
	return nil
}

// QuoteSpec is a player's spec as an error names it: in single quotes,
// as a shell takes it back, cut to 120 characters, its control
// characters made "?".
func QuoteSpec(s Spec) string { return "'" + printable(notation.Clip(specText(s), 120)) + "'" }

// OptionError is an engine's refusal of an option it was sent: the
// engine answered the setoption with an error line, and plays on without
// it, so that the match would not be what its log says.
type OptionError struct {
	Engine, Name, Value string
	// Answer is the engine's error line.
	Answer string
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("engine %s refuses the option %s=%s: it answered: %s", e.Engine, printable(e.Name), printable(e.Value), printable(notation.Clip(e.Answer, 120)))
}

// setting is one setoption line's name and value.
type setting struct{ name, value string }

// settings are the setoption lines an engine is sent, in order: the
// match's rules, when it declares the rules option, as their preset and
// then each rule key that differs from it (straight gin first, whose
// turning on would reset a knock limit sent before it), and then the
// spec's own options. A rule key the engine does not declare, and an
// option it does not declare, is skipped. The spec's rules options agree
// with the match's (CheckOptions), and are not sent again after them.
func settings(declared map[string]bool, r rules.Rules, options map[string]string) (out []setting, skipped []string) {
	sendsRules := declared["rules"]
	if sendsRules {
		base := r.BaseName()
		out = append(out, setting{"rules", base})
		preset, _ := rules.Preset(base)
		fields := rules.Fields()
		slices.SortStableFunc(fields, func(a, b rules.Field) int {
			return boolInt(b.Key == "straight_gin") - boolInt(a.Key == "straight_gin")
		})
		for i := range fields {
			f := &fields[i]
			if v := f.Format(&r); v != f.Format(&preset) {
				if !declared[f.Key] {
					skipped = append(skipped, f.Key)
					continue
				}
				out = append(out, setting{f.Key, v})
			}
		}
	}
	for _, k := range slices.Sorted(maps.Keys(options)) {
		if _, isKey := rules.FieldByKey(k); sendsRules && (k == "rules" || isKey) {
			continue
		}
		if !declared[k] {
			skipped = append(skipped, k)
			continue
		}
		out = append(out, setting{k, options[k]})
	}
	return out, skipped
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sendSettings sends each setting, each followed by isready, and waits
// for its readyok at most wait: an error line before the readyok is the
// engine's answer to that setting, an OptionError. The error is the
// transport's (ErrTimeout, ErrDied) or ctx's otherwise.
func sendSettings(ctx context.Context, p *Process, name string, set []setting, wait func() time.Duration) error {
	for _, s := range set {
		if err := p.Send("setoption name " + s.name + " value " + s.value); err != nil {
			return err
		}
		if err := p.Send("isready"); err != nil {
			return err
		}
		answer, err := awaitReady(ctx, p, wait())
		if err != nil {
			return fmt.Errorf("setoption name %s: isready: %w", s.name, err)
		}
		if answer != "" {
			return &OptionError{Engine: name, Name: s.name, Value: s.value, Answer: answer}
		}
	}
	return nil
}

// awaitReady reads to the engine's readyok, at most wait, and returns the
// first error line before it, if any.
func awaitReady(ctx context.Context, p *Process, wait time.Duration) (string, error) {
	deadline := time.Now().Add(wait)
	answer := ""
	for {
		line, err := p.Receive(ctx, time.Until(deadline))
		if err != nil {
			return "", err
		}
		if line == "readyok" {
			return answer, nil
		}
		if strings.HasPrefix(line, "error") && answer == "" {
			answer = line
		}
	}
}
