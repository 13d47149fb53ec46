package openings

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// A tree file never panics the reader; a tree it reads writes back to the
// same lines, which read again to the same tree.
func FuzzReadTree(f *testing.F) {
	for _, file := range []string{"../../fixtures/ataxx/games/cuteataxx.pgn"} {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		tr, err := Build(f.Context(), []Source{textSource("c.pgn", string(data))}, BuildOptions{Plies: 2})
		if err != nil {
			f.Fatal(err)
		}
		var b bytes.Buffer
		tr.WriteJSON(&b, tr.Summary())
		f.Add(b.String())
	}
	f.Add(`{"openings":true,"game":"konobi","options":["size=3"],"plies":0,"key":"hash","games":0,"refused":0,"positions":0}`)
	f.Fuzz(func(t *testing.T, text string) {
		tr, _, err := ReadTree("t.jsonl", strings.NewReader(text))
		if err != nil {
			return
		}
		var a, b bytes.Buffer
		tr.WriteJSON(&a, tr.Summary())
		back, _, err := ReadTree("back.jsonl", bytes.NewReader(a.Bytes()))
		if err != nil {
			t.Fatalf("a tree read does not read back: %v\n%s", err, a.String())
		}
		back.WriteJSON(&b, back.Summary())
		if a.String() != b.String() {
			t.Fatalf("written twice, the tree differs:\n%s\n%s", a.String(), b.String())
		}
	})
}
