package tablut

import (
	"strings"
	"testing"

	"boardrepl/rules"
)

var fuzzPositions = []string{
	StartPosition,
	"3BBB3/4B4/4W4/B2KW3B/BBWW1WWBB/B3W3B/4W4/4B4/3BBB3 b",
	"9/9/9/9/9/9/1B1B5/9/9 w",
	"9/9/2B6/3BK1B2/9/4B4/9/9/9 w",
	`{"board":[["EMPTY","EMPTY","EMPTY","BLACK","BLACK","BLACK","EMPTY","EMPTY","EMPTY"],["EMPTY","EMPTY","EMPTY","EMPTY","BLACK","EMPTY","EMPTY","EMPTY","EMPTY"],["EMPTY","EMPTY","EMPTY","EMPTY","WHITE","EMPTY","EMPTY","EMPTY","EMPTY"],["BLACK","EMPTY","EMPTY","EMPTY","WHITE","EMPTY","EMPTY","EMPTY","BLACK"],["BLACK","BLACK","WHITE","WHITE","THRONE","WHITE","WHITE","BLACK","BLACK"],["BLACK","EMPTY","EMPTY","EMPTY","WHITE","EMPTY","EMPTY","EMPTY","BLACK"],["EMPTY","EMPTY","KING","EMPTY","WHITE","EMPTY","EMPTY","EMPTY","EMPTY"],["EMPTY","EMPTY","EMPTY","EMPTY","BLACK","EMPTY","EMPTY","EMPTY","EMPTY"],["EMPTY","EMPTY","EMPTY","BLACK","BLACK","BLACK","EMPTY","EMPTY","EMPTY"]],"turn":"BLACKWIN"}`,
	"3BBB3/4B4/4W4/B3W3B/BBWWKWWBB/B3W3B/4W4/4B4/3BBB4 w",
	"9/9/9/9/9/9/9/9/9 b",
	"{",
	`{"board":null,"turn":"WHITE"}`,
}

// FuzzParsePosition: the parsers (position strings and the server's JSON)
// never panic; what they accept formats back to itself in both formats.
func FuzzParsePosition(f *testing.F) {
	for _, s := range fuzzPositions {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, info := range []*rules.Info{Info, BrainKingInfo} {
			g, err := info.Parse(nil, s)
			if err != nil {
				continue
			}
			pos := g.Position()
			if tr := strings.TrimSpace(s); !strings.HasPrefix(tr, "{") && tr != pos {
				t.Fatalf("%s: accepted %q as %q", info.ID, s, pos)
			}
			back, err := info.Parse(nil, pos)
			if err != nil || back.Position() != pos {
				t.Fatalf("%s: %q does not round-trip: %v", info.ID, pos, err)
			}
			js, err := g.(rules.AltFormatter).FormatPositionAs("server-json")
			if err != nil {
				t.Fatal(err)
			}
			back, err = info.Parse(nil, js)
			if err != nil {
				t.Fatalf("%s: server json %s: %v", info.ID, js, err)
			}
			js2, _ := back.(rules.AltFormatter).FormatPositionAs("server-json")
			if js2 != js {
				t.Fatalf("%s: server json round trip\n%s\n%s", info.ID, js, js2)
			}
			if back.Result().Over() != g.Result().Over() {
				t.Fatalf("%s: server json changed the result %v -> %v", info.ID, g.Result(), back.Result())
			}
			_ = g.Moves(nil)
			_ = g.Board()
		}
	})
}

// FuzzParseMove: ParseMove never panics; an accepted move is legal and
// formats to text that parses back to it.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e3-h3", "E3-H3", "e4-e5", "a4-a3", "j1-j2", "e3h3", "e3-", "-", "",
		`{"from":"e3","to":"h3"}`, `{"from":"e3","to":"h3","turn":"WHITE"}`, `{"from":"","to":"h3"}`, "e3-e99999999999999999999", "a1-a1"} {
		f.Add(s)
	}
	games := []rules.Game{}
	for _, info := range []*rules.Info{Info, BrainKingInfo} {
		for _, p := range fuzzPositions[:4] {
			g, err := info.Parse(nil, p)
			if err != nil {
				f.Fatal(err)
			}
			games = append(games, g)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, g := range games {
			m, err := g.ParseMove(s)
			if err != nil {
				if err.Error() == "" {
					t.Fatalf("empty error for %q", s)
				}
				continue
			}
			found := false
			for _, l := range g.Moves(nil) {
				found = found || l == m
			}
			if !found {
				t.Fatalf("%s: %q accepted but not legal", g.Position(), s)
			}
			if back, err := g.ParseMove(g.FormatMove(m)); err != nil || back != m {
				t.Fatalf("%q: format/parse %v %v", s, back, err)
			}
		}
	})
}
