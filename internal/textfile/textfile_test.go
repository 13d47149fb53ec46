package textfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestBOM(t *testing.T) {
	for in, want := range map[string]string{
		"\ufeff[Game \"tablut\"]\n": "[Game \"tablut\"]\n",
		"e3-h3\n":                   "e3-h3\n",
		"":                          "",
		"\ufeff":                    "",
		"a\ufeffb":                  "a\ufeffb", // only at the start
	} {
		if got := string(Strip([]byte(in))); got != want {
			t.Errorf("Strip(%q) = %q", in, got)
		}
		b, err := io.ReadAll(NewReader(strings.NewReader(in)))
		if err != nil || string(b) != want {
			t.Errorf("NewReader(%q) = %q, %v", in, b, err)
		}
		name := filepath.Join(t.TempDir(), "f")
		if err := os.WriteFile(name, []byte(in), 0o644); err != nil {
			t.Fatal(err)
		}
		if b, err := ReadFile(name); err != nil || string(b) != want {
			t.Errorf("ReadFile(%q) = %q, %v", in, b, err)
		}
	}
}

// repeat is an endless stream of one byte, as /dev/zero is of NULs.
type repeat byte

func (r repeat) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}

// lines is an endless stream of lines of 1023 x's.
type lines struct{}

func (lines) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
		if i%1024 == 1023 {
			p[i] = '\n'
		}
	}
	return len(p), nil
}

// Bounded reads: a line past MaxLine (/dev/zero has none) and a text past
// MaxSize stop the read with a clear error, without reading on; a text
// within both is read whole.
func TestReadAllBounds(t *testing.T) {
	_, err := ReadAll(repeat(0))
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "line 1 is longer than 1 MiB") {
		t.Errorf("endless line: %v", err)
	}
	_, err = ReadAll(lines{})
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "larger than 32 MiB") {
		t.Errorf("endless lines: %v", err)
	}
	line := strings.Repeat("x", MaxLine)
	text := line + "\n" + line + "\n"
	b, err := ReadAll(strings.NewReader(text))
	if err != nil || string(b) != text {
		t.Errorf("two lines of MaxLine: %v", err)
	}
	_, err = ReadAll(strings.NewReader("ok\n" + line + "x\n"))
	if err == nil || !strings.Contains(err.Error(), "line 2 is longer") {
		t.Errorf("line 2 too long: %v", err)
	}
	if _, err := ReadFile(filepath.Join(t.TempDir(), "none")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

// Issue 23, item 5: ReadFile reads regular files only. A FIFO (which no
// one writes: reading it used to wait for ever), a link to one, a
// character device and a directory are refused at once with what they
// are; a link to a regular file is read, and the size bounds still hold.
func TestReadFileRegularOnly(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	os.Symlink("fifo", filepath.Join(dir, "link-to-fifo"))
	os.WriteFile(filepath.Join(dir, "f"), []byte("\ufeffe3-h3\n"), 0o644)
	os.Symlink("f", filepath.Join(dir, "link-to-f"))
	os.WriteFile(filepath.Join(dir, "long"), []byte(strings.Repeat("x", MaxLine+1)), 0o644)
	for name, want := range map[string]string{
		fifo:                               "open " + fifo + ": a FIFO, not a regular file",
		filepath.Join(dir, "link-to-fifo"): "a FIFO, not a regular file",
		"/dev/null":                        "open /dev/null: a character device, not a regular file",
		dir:                                "a directory, not a regular file",
	} {
		_, err := ReadFile(name)
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", name, err, want)
		}
	}
	for _, name := range []string{"f", "link-to-f"} {
		if b, err := ReadFile(filepath.Join(dir, name)); err != nil || string(b) != "e3-h3\n" {
			t.Errorf("%s: %q, %v", name, b, err)
		}
	}
	if _, err := ReadFile(filepath.Join(dir, "long")); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a line past MaxLine: %v", err)
	}
}
