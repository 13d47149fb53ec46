package textfile

import (
	"io"
	"os"
	"path/filepath"
	"strings"
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
