package rules

import (
	"errors"
	"fmt"
	"strings"
)

// A spec writes a rule set on one word: the preset, then each field that
// differs from it as key=value, separated by commas, in the order of
// Fields:
//
//	modern
//	modern,knock_limit=5,target=250
//
// Whatever rules can be played can be written as a spec and read back
// identically: FormatSpec writes every field that differs from the
// preset, and ParseSpec starts from the preset and sets each one.

// ErrSpec is wrapped by every error reading a spec.
var ErrSpec = errors.New("bad rules")

// SpecError says which part of a spec is wrong. Offset is the byte offset
// of the part in the spec, for callers that report columns.
type SpecError struct {
	Offset int
	Part   string
	Err    error
}

func (e *SpecError) Error() string {
	if errors.Is(e.Err, ErrUnknownPreset) {
		return e.Err.Error() // it names the preset already
	}
	return fmt.Sprintf("rules %q: %v", e.Part, e.Err)
}

// Unwrap returns ErrSpec and the cause, such as ErrUnknownPreset or
// ErrFieldValue.
func (e *SpecError) Unwrap() []error { return []error{ErrSpec, e.Err} }

// BaseName returns the preset the rules started from: Name without the
// "+" that marks changed rules, or "standard" when Name is no preset.
func (r Rules) BaseName() string {
	name := strings.TrimSuffix(strings.ToLower(r.Name), "+")
	if _, ok := presets[name]; !ok {
		return "standard"
	}
	return name
}

// FormatSpec writes r as a spec: its base preset and every field that
// differs from it.
func FormatSpec(r Rules) string {
	base := r.BaseName()
	p := presets[base]
	var b strings.Builder
	b.WriteString(base)
	for i := range fields {
		f := &fields[i]
		if v := f.Format(&r); v != f.Format(&p) {
			b.WriteString("," + f.Key + "=" + v)
		}
	}
	return b.String()
}

// ParseSpec reads a spec. The rules are named after the preset, with "+"
// when a field differs from it. Each key may be given once, and the rules
// must pass Validate.
func ParseSpec(spec string) (Rules, error) {
	parts := strings.Split(spec, ",")
	r, err := Preset(parts[0])
	if err != nil {
		return Rules{}, &SpecError{Offset: 0, Part: parts[0], Err: err}
	}
	base := r
	off := len(parts[0]) + 1
	seen := map[string]bool{}
	for _, part := range parts[1:] {
		key, value, ok := strings.Cut(part, "=")
		f, known := FieldByKey(key)
		switch {
		case !ok:
			err = fmt.Errorf("want key=value after the preset, such as target=250")
		case !known:
			err = fmt.Errorf("unknown rule %q (known: %s)", key, strings.Join(fieldKeys(), ", "))
		case seen[key]:
			err = fmt.Errorf("%s is given twice", key)
		default:
			err = f.Set(&r, value)
		}
		if err != nil {
			return Rules{}, &SpecError{Offset: off, Part: part, Err: err}
		}
		seen[key] = true
		off += len(part) + 1
	}
	r.Name = base.Name
	if r != base {
		r.Name += "+"
	}
	if err := r.Validate(); err != nil {
		return Rules{}, &SpecError{Offset: 0, Part: spec, Err: err}
	}
	return r, nil
}

func fieldKeys() []string {
	keys := make([]string, len(fields))
	for i := range fields {
		keys[i] = fields[i].Key
	}
	return keys
}

// SameGame reports whether a and b play the same game: every field
// equal, whatever their names.
func SameGame(a, b Rules) bool {
	a.Name, b.Name = "", ""
	return a == b
}

// Override is one rule field set by name, as a flag or an option gives it.
type Override struct {
	Key, Value string
}

// Apply sets the fields of r that the overrides name, in order, and
// returns the changed rules, named after their preset with "+". Straight
// gin is gin only: turning it on brings the knock limit to 0 unless the
// overrides set the knock limit too (which Validate then refuses unless
// it is 0). The result must pass Validate.
func Apply(r Rules, overrides ...Override) (Rules, error) {
	if len(overrides) == 0 {
		return r, nil
	}
	limitSet, straightOn := false, false
	for _, o := range overrides {
		f, ok := FieldByKey(o.Key)
		if !ok {
			return r, fmt.Errorf("%w: unknown rule %q (known: %s)", ErrFieldValue, o.Key, strings.Join(fieldKeys(), ", "))
		}
		if err := f.Set(&r, o.Value); err != nil {
			return r, err
		}
		limitSet = limitSet || o.Key == "knock_limit"
		if o.Key == "straight_gin" {
			straightOn = r.StraightGin
		}
	}
	if straightOn && !limitSet {
		r.KnockLimit = 0
	}
	r.Name = strings.TrimSuffix(r.Name, "+") + "+"
	if err := r.Validate(); err != nil {
		return r, err
	}
	return r, nil
}
