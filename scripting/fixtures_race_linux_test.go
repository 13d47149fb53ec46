package scripting

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// Issue 23, item 2: another process swapping a fixture, or a directory on
// its path, for a link out of the roots between the check and the open
// made fixture.read read the link's target (3 times in 5,500 tries). Here
// a goroutine swaps each of them with a link to the secret (atomically:
// renameat2 RENAME_EXCHANGE, so the name always exists) while the script
// reads both raceTries times: the secret is never read, and the plain
// files are read most of the time.
func TestFixtureRaceWithLink(t *testing.T) {
	const raceTries = 20000
	out := secret(t)
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Mkdir(filepath.Join(dir, "d"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "f"), []byte("plain"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "d", "secret.txt"), []byte("plain"), 0o644))
	must(os.Symlink(filepath.Join(out, "secret.txt"), filepath.Join(dir, "f.swap")))
	must(os.Symlink(out, filepath.Join(dir, "d.swap")))
	exchange := func(name string) error {
		return unix.Renameat2(unix.AT_FDCWD, filepath.Join(dir, name), unix.AT_FDCWD, filepath.Join(dir, name+".swap"), unix.RENAME_EXCHANGE)
	}
	if err := exchange("f"); err != nil {
		t.Skip("no renameat2 RENAME_EXCHANGE here:", err)
	}
	must(exchange("f"))
	script := fmt.Sprintf(`
local leaked, plain = 0, 0
for i = 1, %d do
  for _, p in ipairs({"f", "d/secret.txt"}) do
    local ok, s = pcall(fixture.read, p)
    if ok and s:find("not for scripts") then leaked = leaked + 1 end
    if ok and s == "plain" then plain = plain + 1 end
  end
end
print("leaked " .. leaked .. ", plain " .. plain)
eq(leaked, 0, "the secret was read")
check(plain > 0, "the plain files were never read")
`, raceTries)
	must(os.WriteFile(filepath.Join(dir, "s.lua"), []byte(script), 0o644))
	stop := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		for {
			select {
			case <-stop:
				done <- nil
				return
			default:
			}
			for _, name := range []string{"f", "d"} {
				if err := exchange(name); err != nil {
					done <- err
					return
				}
			}
		}
	}()
	var stdout, stderr bytes.Buffer
	st := RunMain([]string{"--timeout", "5m", filepath.Join(dir, "s.lua")}, nil, &stdout, &stderr)
	close(stop)
	must(<-done)
	t.Log(strings.TrimSpace(stdout.String()))
	if st != ExitOK {
		t.Fatalf("status %d\n%s%s", st, stdout.String(), stderr.String())
	}
}

// openNoFollow opens a path with no links and refuses one with a link
// anywhere on it, at the end (ELOOP) or above (ENOTDIR), and one with a
// file where a directory should be; a FIFO opens without waiting.
func TestOpenNoFollow(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "d"), 0o755)
	os.WriteFile(filepath.Join(dir, "d", "f"), []byte("x"), 0o644)
	os.Symlink("d", filepath.Join(dir, "ld"))
	os.Symlink("f", filepath.Join(dir, "d", "lf"))
	if err := mkfifo(filepath.Join(dir, "fifo")); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]error{
		"d/f":   nil,
		"fifo":  nil,
		"d/lf":  unix.ELOOP,
		"ld/f":  unix.ENOTDIR,
		"d/f/x": unix.ENOTDIR,
		"d/no":  unix.ENOENT,
	} {
		f, err := openNoFollow(filepath.Join(dir, p))
		if err != want {
			t.Errorf("%s: %v, want %v", p, err, want)
		}
		if err == nil {
			f.Close()
		}
	}
}
