package rules

import (
	"errors"
	"testing"
)

func TestApply(t *testing.T) {
	tests := []struct {
		name  string
		set   []Override
		limit int
		err   bool
	}{
		{"nothing", nil, 10, false},
		{"knock limit", []Override{{"knock_limit", "5"}}, 5, false},
		{"straight gin alone", []Override{{"straight_gin", "true"}}, 0, false},
		{"straight gin with a limit", []Override{{"straight_gin", "true"}, {"knock_limit", "5"}}, 0, true},
		{"straight gin with limit 0", []Override{{"knock_limit", "0"}, {"straight_gin", "true"}}, 0, false},
		{"unknown", []Override{{"colour", "red"}}, 0, true},
		{"out of range", []Override{{"target", "0"}}, 0, true},
	}
	for _, tt := range tests {
		r, err := Apply(Standard(), tt.set...)
		if (err != nil) != tt.err {
			t.Errorf("%s: err %v", tt.name, err)
			continue
		}
		if err != nil {
			if !errors.Is(err, ErrFieldValue) && r.Validate() == nil && tt.name != "straight gin with a limit" {
				t.Errorf("%s: err %v is not a field error", tt.name, err)
			}
			continue
		}
		if r.KnockLimit != tt.limit || (len(tt.set) > 0) != (r.Name == "standard+") {
			t.Errorf("%s: limit %d, name %q", tt.name, r.KnockLimit, r.Name)
		}
	}
}

// TestSpecRoundTrip writes every preset with each field changed as a
// spec and reads it back.
func TestSpecRoundTrip(t *testing.T) {
	for _, name := range PresetNames() {
		for _, f := range Fields() {
			r := Presets()[name]
			if f.Bool != nil {
				*f.Bool(&r) = !*f.Bool(&r)
			} else {
				*f.Int(&r) = f.Min + (f.Max-f.Min)/3
			}
			if r.Validate() != nil {
				continue
			}
			spec := FormatSpec(r)
			back, err := ParseSpec(spec)
			if err != nil || !SameGame(back, r) || back.BaseName() != name {
				t.Fatalf("%s: %s read back as %+v: %v", name, spec, back, err)
			}
		}
	}
}
