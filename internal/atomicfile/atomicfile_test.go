package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
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
