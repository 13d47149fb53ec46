package tablut

import (
	"os"
	"testing"

	"boardrepl/rules"
	"boardrepl/rules/rulestest"
)

func mustNew(t testing.TB, info *rules.Info, pairs []string, position string) *Game {
	t.Helper()
	g, err := info.NewGame(pairs, position)
	if err != nil {
		t.Fatalf("%s %q: %v", info.ID, position, err)
	}
	return g.(*Game)
}

func TestPerftAshtonStart(t *testing.T) {
	want := []uint64{1, 56, 4408, 248456, 19159224}
	g := mustNew(t, Info, nil, "")
	maxDepth := 4
	if testing.Short() {
		maxDepth = 3
	}
	for d := 0; d <= maxDepth; d++ {
		if got := g.Perft(d); got != want[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d])
		}
	}
	if g.Position() != StartPosition || g.Ply() != 0 {
		t.Fatalf("perft changed the game: %q ply %d", g.Position(), g.Ply())
	}
}

func TestPerftAgrees(t *testing.T) {
	positions := []struct {
		info  *rules.Info
		pairs []string
		pos   string
		depth int
	}{
		{Info, nil, StartPosition, 3},
		{BrainKingInfo, nil, StartPosition, 3},
		{BrainKingInfo, []string{"repetition=2"}, StartPosition, 3},
		// King off the throne, a few captures possible.
		{Info, nil, "3BBB3/4B4/4W4/B2KW3B/BBWW1WWBB/B3W3B/4W4/4B4/3BBB3 b", 3},
		{BrainKingInfo, nil, "3BBB3/4B4/4W4/B2KW3B/BBWW1WWBB/B3W3B/4W4/4B4/3BBB3 b", 3},
		// Endgame-like positions where the king can escape or be taken.
		{Info, nil, "9/9/2B6/3BK1B2/9/4B4/9/9/9 w", 3},
		{BrainKingInfo, nil, "9/9/9/3B5/2BK5/3B5/9/9/9 b", 3},
	}
	for _, p := range positions {
		g := mustNew(t, p.info, p.pairs, p.pos)
		rulestest.PerftAgrees(t, g, p.depth)
	}
}

// TestPerftAgreesWithHistory: a game in progress whose history makes
// repetition draws reachable within the perft horizon.
func TestPerftAgreesWithHistory(t *testing.T) {
	for _, info := range []*rules.Info{Info, BrainKingInfo} {
		pairs := []string(nil)
		if info == BrainKingInfo {
			pairs = []string{"repetition=2"}
		}
		g := mustNew(t, info, pairs, "")
		for _, s := range []string{"e7-f7", "a4-a3", "f7-e7", "a3-a2"} {
			m, err := g.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			g.Play(m)
		}
		rulestest.PerftAgrees(t, g, 3)
	}
}

// long: BOARDREPL_LONG=1 (make test-long) runs the longer checks too.
var long = os.Getenv("BOARDREPL_LONG") != ""

// TestRandomGames plays random games of both rule sets. make test plays
// the first quarter of them (the same games: one seeded sequence), make
// test-long all of them.
func TestRandomGames(t *testing.T) {
	games := func(n int) int {
		if long {
			return n
		}
		return n / 4
	}
	rulestest.RandomGames(t, mustNew(t, Info, nil, ""), games(200), 400, 1)
	rulestest.RandomGames(t, mustNew(t, BrainKingInfo, nil, ""), games(200), 400, 2)
	rulestest.RandomGames(t, mustNew(t, BrainKingInfo, []string{"repetition=3"}, ""), games(100), 400, 3)
}

func BenchmarkPerftAshton4(b *testing.B) {
	g := mustNew(b, Info, nil, "")
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		nodes += g.Perft(4)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkPerftBrainKing4(b *testing.B) {
	g := mustNew(b, BrainKingInfo, nil, "")
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		nodes += g.Perft(4)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}
