package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "game.txt")
	if err := Write(name, []byte("one"), false); err != nil {
		t.Fatal(err)
	}
	// Not overwritten without permission, and left as it was.
	if err := Write(name, []byte("two"), false); !errors.Is(err, ErrExist) {
		t.Fatalf("second write: %v, want ErrExist", err)
	}
	if b, _ := os.ReadFile(name); string(b) != "one" {
		t.Fatalf("file changed to %q", b)
	}
	if err := Write(name, []byte("three"), true); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(name); string(b) != "three" {
		t.Fatalf("overwrite gave %q", b)
	}
	// No temporary file is left behind.
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("directory holds %d entries", len(entries))
	}
	if st, _ := os.Stat(name); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", st.Mode().Perm())
	}
	// A missing directory is an error, not a panic.
	if err := Write(filepath.Join(dir, "no", "x"), nil, false); err == nil {
		t.Error("write into a missing directory succeeded")
	}
}

func TestEmptyName(t *testing.T) {
	if err := Write("", []byte("x"), true); !errors.Is(err, ErrEmptyName) {
		t.Fatalf("Write(\"\"): %v, want ErrEmptyName", err)
	}
}

// A file of mode 600 keeps its mode when it is replaced.
func TestKeepsMode(t *testing.T) {
	name := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(name, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(name, 0o600); err != nil { // whatever the umask
		t.Fatal(err)
	}
	if err := Write(name, []byte("new"), true); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v after the write, want 0600", st.Mode().Perm())
	}
	if b, _ := os.ReadFile(name); string(b) != "new" {
		t.Errorf("file holds %q", b)
	}
}

// A symbolic link is followed: the target gets the data, the link stays.
func TestFollowsSymlink(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(sub, "real.txt")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink("sub/real.txt", link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, []byte("new"), false); !errors.Is(err, ErrExist) {
		t.Fatalf("write through a link to an existing file without overwrite: %v", err)
	}
	if err := Write(link, []byte("new"), true); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced (%v, %v)", st, err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target holds %q", b)
	}
	// A dangling link: its target is created.
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink("sub/new.txt", dangling); err != nil {
		t.Fatal(err)
	}
	if err := Write(dangling, []byte("made"), false); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(sub, "new.txt")); string(b) != "made" {
		t.Errorf("dangling link's target holds %q", b)
	}
	// A loop is an error, not a hang.
	loop := filepath.Join(dir, "loop")
	if err := os.Symlink("loop", loop); err != nil {
		t.Fatal(err)
	}
	if err := Write(loop, nil, true); err == nil {
		t.Error("write through a link loop succeeded")
	}
}

// A FIFO is written straight (never replaced) when overwriting is allowed,
// and refused as existing otherwise.
func TestFIFO(t *testing.T) {
	name := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(name, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	if err := Write(name, []byte("x"), false); !errors.Is(err, ErrExist) {
		t.Fatalf("write to a FIFO without overwrite: %v", err)
	}
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(name)
		if err != nil {
			got <- err.Error()
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- string(b)
	}()
	if err := Write(name, []byte("through the pipe"), true); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the pipe" {
		t.Errorf("reader got %q", s)
	}
	if st, err := os.Lstat(name); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v %v", st, err)
	}
}

// A directory (and anything not regular, FIFO or character device) is
// refused with the reason.
func TestDirectoryRefused(t *testing.T) {
	dir := t.TempDir()
	err := Write(dir, []byte("x"), true)
	if err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Fatalf("write to a directory: %v", err)
	}
	if st, _ := os.Stat(dir); !st.IsDir() {
		t.Error("the directory was replaced")
	}
}

// A character device is written in place, never replaced. The devices are
// made in a temporary directory (root only), with the numbers of null (1,3)
// and full (1,7): no real /dev entry is touched.
func TestCharDevice(t *testing.T) {
	dir := t.TempDir()
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, mkdev(1, 3)); err != nil {
		t.Skip("mknod (needs root):", err)
	}
	if err := Write(null, []byte("gone"), true); err != nil {
		t.Fatalf("write to a null device: %v", err)
	}
	st, err := os.Lstat(null)
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("the device was replaced: %v %v", st, err)
	}
	full := filepath.Join(dir, "full")
	if err := syscall.Mknod(full, syscall.S_IFCHR|0o666, mkdev(1, 7)); err != nil {
		t.Skip("mknod:", err)
	}
	if err := Write(full, []byte("no room"), true); err == nil {
		t.Error("write to a full device reported no error")
	}
	if st, err := os.Lstat(full); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("the full device was replaced: %v %v", st, err)
	}
	if err := Write(null, []byte("x"), false); !errors.Is(err, ErrExist) {
		t.Errorf("write to a device without overwrite: %v", err)
	}
}

// mkdev is Linux's device number for a small major and minor.
func mkdev(major, minor int) int { return major<<8 | minor }

// A file in a folder that does not exist: the error names the file and the
// folder, not the temporary name written first.
func TestMissingFolder(t *testing.T) {
	name := filepath.Join(t.TempDir(), "nowhere", "x.rec")
	err := Write(name, []byte("x"), false)
	if err == nil || !errors.Is(err, fs.ErrNotExist) || strings.Contains(err.Error(), ".tmp") ||
		err.Error() != name+": the folder "+filepath.Dir(name)+" does not exist" {
		t.Fatalf("%v", err)
	}
}

// WriteFrom streams what fill writes; when fill fails the file stays as it
// was and no temporary file is left.
func TestWriteFrom(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out.pgn")
	if err := os.WriteFile(name, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("game 3: illegal")
	err := WriteFrom(name, true, func(w io.Writer) error {
		io.WriteString(w, "game 1\ngame 2\n")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("got %v", err)
	}
	if b, _ := os.ReadFile(name); string(b) != "old\n" {
		t.Errorf("the file became %q", b)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("left %d files", len(es))
	}
	if err := WriteFrom(name, true, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(name); string(b) != "new\n" {
		t.Errorf("the file is %q", b)
	}
}
