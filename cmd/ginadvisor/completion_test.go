package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestMain runs the tool instead of the tests when the test binary is
// called as ginadvisor, through the link TestBashCompletion puts on the
// PATH, so that a shell can run the tool without a build. The name, not
// the environment, decides, so that a child can never run the tests again.
func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == "ginadvisor" {
		os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr, os.Getenv))
	}
	os.Exit(m.Run())
}

// TestBashCompletion loads the bash completion script in a real bash,
// with this test binary on the PATH as ginadvisor (see TestMain), and
// completes a command, a subcommand and a flag.
func TestBashCompletion(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	dir := filepath.Dir(linkedBinary(t))
	_, script, _ := runCLI(t, "", "completion", "bash")
	scriptPath := filepath.Join(dir, "completion.bash")
	if err := os.WriteFile(scriptPath, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		words string
		want  string
	}{
		{"ginadvisor sco", "score"},
		{"ginadvisor log che", "check"},
		{"ginadvisor simulate --ga", "--games --game-bonus"},
		{"ginadvisor knock --defe", "--defender"},
	} {
		words := strings.Fields(tt.words)
		prog := "source " + scriptPath + "; COMP_WORDS=(" + tt.words + "); COMP_CWORD=" +
			itoa(len(words)-1) + "; _ginadvisor_complete; echo \"${COMPREPLY[@]}\""
		cmd := exec.Command(bash, "--norc", "-c", prog)
		cmd.Env = append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, err := cmd.CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != tt.want {
			t.Errorf("%q completes to %q (%v), want %q", tt.words, out, err, tt.want)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestCompletionScriptsAndMan(t *testing.T) {
	t.Parallel()
	for _, shell := range []string{"bash", "zsh", "fish", "powershell"} {
		code, out, errOut := runCLI(t, "", "completion", shell)
		if code != ExitOK || !strings.Contains(out, "ginadvisor") {
			t.Errorf("%s: exit %d, %s", shell, code, errOut)
		}
	}
	if code, _, _ := runCLI(t, "", "completion", "tcsh"); code != ExitUsage {
		t.Errorf("an unknown shell: exit %d", code)
	}
	code, out, _ := runCLI(t, "", "man")
	if code != ExitOK || !strings.Contains(out, ".TH ginadvisor 1") || !strings.Contains(out, "simulate") {
		t.Errorf("man: exit %d:\n%.300s", code, out)
	}
}
