package rules

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the table of rule fields in docs/rules.md")

// TestFieldsCoverRules checks that the table names every field of Rules
// but the name, once, and that each field reaches its own value.
func TestFieldsCoverRules(t *testing.T) {
	n := reflect.TypeOf(Rules{}).NumField() - 1
	if len(Fields()) != n {
		t.Fatalf("%d fields in the table, %d in Rules", len(Fields()), n)
	}
	var r Rules
	seen := map[any]string{}
	fs := Fields()
	for i := range fs {
		f := &fs[i]
		var p any
		if f.Int != nil {
			p = f.Int(&r)
		} else {
			p = f.Bool(&r)
		}
		if (f.Int == nil) == (f.Bool == nil) {
			t.Errorf("%s: exactly one of Int and Bool must be set", f.Key)
		}
		if other, dup := seen[p]; dup {
			t.Errorf("%s and %s reach the same value", f.Key, other)
		}
		seen[p] = f.Key
		// The JSON key is the struct field's tag.
		ft := reflect.TypeOf(r)
		found := false
		for j := 0; j < ft.NumField(); j++ {
			if ft.Field(j).Tag.Get("json") == f.Key {
				found = true
			}
		}
		if !found {
			t.Errorf("%s is no JSON tag of Rules", f.Key)
		}
	}
	for name, p := range Presets() {
		fs := Fields()
		for i := range fs {
			f := &fs[i]
			if err := f.Set(&p, f.Format(&p)); err != nil {
				t.Errorf("preset %s is out of the range of %s: %v", name, f.Key, err)
			}
		}
	}
}

func TestFieldSetRange(t *testing.T) {
	r := Standard()
	f, _ := FieldByKey("gin_bonus")
	for _, bad := range []string{"-1", "100001", "9223372036854775807", "ten", ""} {
		if err := f.Set(&r, bad); err == nil {
			t.Errorf("gin_bonus=%q accepted", bad)
		}
	}
	if err := f.Set(&r, "30"); err != nil || r.GinBonus != 30 {
		t.Errorf("gin_bonus=30: %v, %d", err, r.GinBonus)
	}
}

func fieldsMarkdown() string {
	var b strings.Builder
	b.WriteString("| flag | log and JSON key | range | meaning |\n| --- | --- | --- | --- |\n")
	fs := Fields()
	for i := range fs {
		f := &fs[i]
		flag := "`--" + f.Flag + " N`"
		if f.Bool != nil {
			flag = "`--" + f.Flag + "[=false]`"
		}
		b.WriteString("| " + flag + " | `" + f.Key + "` | " + f.Range() + " | " + f.Usage + " |\n")
	}
	return b.String()
}

// TestDocFields keeps the table of rule fields in docs/rules.md generated
// from Fields(); -update rewrites it.
func TestDocFields(t *testing.T) {
	path := filepath.Join("..", "docs", "rules.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?s)(<!-- rule fields -->\n)(.*?)(<!-- end rule fields -->)`)
	m := re.FindSubmatch(data)
	if m == nil {
		t.Fatal("docs/rules.md has no table of rule fields")
	}
	want := fieldsMarkdown()
	if string(m[2]) == want {
		return
	}
	if *update {
		out := re.ReplaceAll(data, []byte("${1}"+strings.ReplaceAll(want, "$", "$$")+"${3}"))
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("the table of rule fields in docs/rules.md is out of date; run go test ./rules -run DocFields -update")
}

// TestFieldRows: the rules table's rows, one for each field with a Label,
// take the places 1 to their number, each once, so that a new field with
// a row is one line of the table of fields; a field without a Label has
// no place.
func TestFieldRows(t *testing.T) {
	seen := map[int]string{}
	for _, f := range Fields() {
		switch {
		case f.Label == "" && f.Row != 0:
			t.Errorf("%s: no label but row %d", f.Key, f.Row)
		case f.Label != "" && seen[f.Row] != "":
			t.Errorf("%s: row %d is %s's too", f.Key, f.Row, seen[f.Row])
		case f.Label != "":
			seen[f.Row] = f.Key
		}
	}
	for i := 1; i <= len(seen); i++ {
		if seen[i] == "" {
			t.Errorf("no field takes row %d of %d", i, len(seen))
		}
	}
}
