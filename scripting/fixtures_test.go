package scripting

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// runIn writes files (path -> content; content "->TARGET" makes a symbolic
// link) below a temporary directory and runs script (a path in it) with
// RunMain and args before it. It returns the directory too.
func runIn(t *testing.T, files map[string]string, args []string, script string) (dir, stdout, stderr string, status int) {
	t.Helper()
	dir = t.TempDir()
	for p, content := range files {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		var err error
		if target, ok := strings.CutPrefix(content, "->"); ok {
			err = os.Symlink(target, full)
		} else {
			err = os.WriteFile(full, []byte(content), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	var out, errb bytes.Buffer
	status = RunMain(append(args, filepath.Join(dir, script)), nil, &out, &errb)
	return dir, out.String(), errb.String(), status
}

// secret is a file outside every script's roots.
func secret(t *testing.T) string {
	d := t.TempDir()
	p := filepath.Join(d, "secret.txt")
	if err := os.WriteFile(p, []byte("not for scripts"), 0o644); err != nil {
		t.Fatal(err)
	}
	return d
}

// Issue 13, item 1: a fixtures entry that is a link (in the script's
// directory or any parent) is not a root, and a link from inside the
// roots to outside them is not followed.
func TestFixturesLinksRefused(t *testing.T) {
	out := secret(t)
	cases := []struct {
		name   string
		files  map[string]string
		script string
		code   string
		stderr string
	}{
		{"fixtures link beside the script", map[string]string{"fixtures": "->" + out},
			"s.lua", `print(fixture.read("fixtures/secret.txt"))`,
			`fixture "fixtures/secret.txt": no fixtures directory \(.*fixtures is a symbolic link, which is not followed\); name the fixtures directory with 'boardrepl run --fixtures DIR'`},
		{"fixtures link in a parent", map[string]string{"fixtures": "->" + out, "a/b/keep": ""},
			"a/b/s.lua", `print(fixture.read("../../fixtures/secret.txt"))`,
			`fixture "../../fixtures/secret.txt": outside the script's directory .*b \(.*fixtures is a symbolic link, which is not followed\); a script reads files only there`},
		{"real fixtures, linked file", map[string]string{"fixtures/x.txt": "->" + filepath.Join(out, "secret.txt")},
			"s.lua", `print(fixture.read("fixtures/x.txt"))`,
			`fixture "fixtures/x.txt": a link out of the script's directory .* and the fixtures directory .*, which scripts may not follow`},
		{"linked file beside the script", map[string]string{"x.txt": "->" + filepath.Join(out, "secret.txt")},
			"s.lua", `print(fixture.read("x.txt"))`,
			`fixture "x.txt": a link out of`},
		{"linked directory beside the script", map[string]string{"d": "->" + out},
			"s.lua", `print(fixture.read("d/secret.txt"))`,
			`fixture "d/secret.txt": a link out of`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.files[c.script] = c.code
			_, stdout, stderr, st := runIn(t, c.files, nil, c.script)
			if st != ExitFail || strings.Contains(stdout, "not for scripts") {
				t.Fatalf("status %d, want 1 with nothing read\nstdout: %s\nstderr: %s", st, stdout, stderr)
			}
			if !regexp.MustCompile(c.stderr).MatchString(stderr) {
				t.Errorf("stderr %q does not match %q", stderr, c.stderr)
			}
		})
	}
}

// Links that stay inside the roots still work, and fixtures/ names the
// fixtures directory from a script in a subdirectory.
func TestFixturesInside(t *testing.T) {
	files := map[string]string{
		"fixtures/a.txt": "A\n",
		"fixtures/link":  "->a.txt",
		"scripts/b.txt":  "B\n",
		"scripts/s.lua":  `eq(fixture.read("fixtures/a.txt"), "A\n") eq(fixture.read("../fixtures/link"), "A\n") eq(fixture.read("b.txt"), "B\n") eq(#fixture.files("fixtures"), 2)`,
	}
	_, stdout, stderr, st := runIn(t, files, nil, "scripts/s.lua")
	if st != ExitOK {
		t.Fatalf("status %d\n%s\n%s", st, stdout, stderr)
	}
}

// Issue 13, item 1 and issue 14, item 10: --fixtures names the fixtures
// directory for a script kept elsewhere; a bad one is a usage error.
func TestFixturesFlag(t *testing.T) {
	project := t.TempDir()
	if err := os.MkdirAll(filepath.Join(project, "fixtures", "ataxx"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(project, "fixtures", "ataxx", "p.txt"), []byte("ataxx | x5o/7/7/7/7/7/o5x x 0 1 | perft1=16\n"), 0o644)
	code := `local p = fixture.positions("fixtures/ataxx/p.txt")[1] eq(p.game:perft(1), p.facts.perft1)`
	_, stdout, stderr, st := runIn(t, map[string]string{"s.lua": code}, nil, "s.lua")
	if st != ExitFail || !regexp.MustCompile(`no fixtures directory in the script's directory or above\); name the fixtures directory with 'boardrepl run --fixtures DIR'`).MatchString(stderr) {
		t.Errorf("without --fixtures: status %d\n%s\n%s", st, stdout, stderr)
	}
	_, stdout, stderr, st = runIn(t, map[string]string{"s.lua": code}, []string{"--fixtures", filepath.Join(project, "fixtures")}, "s.lua")
	if st != ExitOK || !regexp.MustCompile(`(?m)^1 passed, 0 failed$`).MatchString(stdout) {
		t.Errorf("with --fixtures: status %d\n%s\n%s", st, stdout, stderr)
	}
	for _, bad := range []string{filepath.Join(project, "nope"), filepath.Join(project, "fixtures", "ataxx", "p.txt")} {
		_, _, stderr, st = runIn(t, map[string]string{"s.lua": code}, []string{"--fixtures", bad}, "s.lua")
		if st != ExitUsage || !regexp.MustCompile(`boardrepl run: --fixtures .*: (no such file or directory|not a directory)`).MatchString(stderr) {
			t.Errorf("--fixtures %s: status %d, %s", bad, st, stderr)
		}
	}
}

// Issue 13, items 1 and 3: FIFOs, devices and /proc files are refused,
// without blocking on a FIFO that has no writer.
func TestFixturesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	cases := []struct {
		args         []string
		code, stderr string
	}{
		{nil, `fixture.read("fifo")`, `fixture "fifo": a FIFO, not a regular file: scripts read regular files only`},
		{nil, `for l in fixture.lines("fifo") do end`, `fixture "fifo": a FIFO`},
		{nil, `eq(#fixture.files("."), 1)`, ``}, // s.lua only: the FIFO is not listed
		{[]string{"--fixtures", "/dev"}, `fixture.read("fixtures/null")`, `fixture "fixtures/null": a character device, not a regular file`},
		{[]string{"--fixtures", "/proc/self"}, `fixture.read("fixtures/status")`, `fixture "fixtures/status": a file of /proc, not a regular file`},
	}
	for _, c := range cases {
		if len(c.args) > 0 {
			if _, err := os.Stat(c.args[1]); err != nil {
				continue
			}
		}
		os.WriteFile(filepath.Join(dir, "s.lua"), []byte(c.code), 0o644)
		var out, errb bytes.Buffer
		st := RunMain(append(c.args, "--timeout", "10s", filepath.Join(dir, "s.lua")), nil, &out, &errb)
		if c.stderr == "" {
			if st != ExitOK {
				t.Errorf("%s: status %d\n%s%s", c.code, st, out.String(), errb.String())
			}
			continue
		}
		if st != ExitFail || !regexp.MustCompile(c.stderr).MatchString(errb.String()) {
			t.Errorf("%s: status %d, stderr %q, want %q", c.code, st, errb.String(), c.stderr)
		}
	}
}

func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
