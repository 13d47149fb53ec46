package konobi

import (
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"

	"boardrepl/rules"
	"boardrepl/rules/rulestest"
)

func mustParse(t testing.TB, s string) *Game {
	t.Helper()
	g, err := Parse(s)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return g
}

func mustNew(t testing.TB, pairs ...string) *Game {
	t.Helper()
	opts, err := Info.ParseOptions(pairs)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Info.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Game)
}

func play(t testing.TB, g *Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v (position %q)", s, err, g.Position())
		}
		g.Play(m)
	}
}

func TestRegistered(t *testing.T) {
	in, err := rules.Lookup("Konobi")
	if err != nil || in != Info {
		t.Fatalf("lookup: %v", err)
	}
	g := mustNew(t)
	if g.Position() != Info.Start || Info.Start != "8/8/8/8/8/8/8/8 b -" {
		t.Fatalf("start %q", g.Position())
	}
	if len(g.Options()) != 0 || g.SideToMove() != 0 || g.SideName(0) != "black" || g.SideName(1) != "white" {
		t.Fatalf("start state wrong: %v %d", g.Options(), g.SideToMove())
	}
	if n := len(g.Moves(nil)); n != 64 {
		t.Fatalf("start has %d moves, want 64", n)
	}
	g11 := mustNew(t, "size=11")
	if g11.Position() != "11/11/11/11/11/11/11/11/11/11/11 b -" || g11.Options()["size"] != "11" {
		t.Fatalf("size 11: %q %v", g11.Position(), g11.Options())
	}
	for _, bad := range []string{"size=1", "size=26", "size=x", "size=08", "size=-3"} {
		if _, err := Info.ParseOptions([]string{bad}); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

func TestPieRule(t *testing.T) {
	g := mustNew(t)
	if _, err := g.ParseMove("swap"); err == nil || !strings.Contains(err.Error(), "swap is not available") {
		t.Fatalf("swap before any stone: %v", err)
	}
	play(t, g, "d4")
	if g.Position() != "8/8/8/8/3B4/8/8/8 w swap" {
		t.Fatalf("after d4: %q", g.Position())
	}
	moves := g.Moves(nil)
	if len(moves) != 64 || moves[len(moves)-1] != MoveSwap {
		t.Fatalf("white's first turn: %d moves, last %s", len(moves), g.FormatMove(moves[len(moves)-1]))
	}
	h := g.Hash()
	play(t, g, "SWAP")
	// the players change sides, the stones stay: white is still to place
	if g.Position() != "8/8/8/8/3B4/8/8/8 w -" || g.SideToMove() != 1 || g.Ply() != 2 {
		t.Fatalf("after swap: %q side %d", g.Position(), g.SideToMove())
	}
	if g.Hash() == h {
		t.Fatal("swap did not change the hash")
	}
	if _, err := g.ParseMove("swap"); err == nil {
		t.Fatal("second swap accepted")
	}
	for _, m := range g.Moves(nil) {
		if m == MoveSwap {
			t.Fatal("swap listed after swapping")
		}
	}
	play(t, g, "e4")
	if g.Position() != "8/8/8/8/3BW3/8/8/8 b -" {
		t.Fatalf("after e4: %q", g.Position())
	}
	if _, err := g.ParseMove("swap"); err == nil {
		t.Fatal("swap accepted on black's turn")
	}
	g.Unplay()
	g.Unplay()
	if g.Position() != "8/8/8/8/3B4/8/8/8 w swap" || g.Hash() != h {
		t.Fatalf("unplay swap: %q", g.Position())
	}
	// declining the swap: white places, the offer is gone
	play(t, g, "e5")
	if g.Position() != "8/8/8/4W3/3B4/8/8/8 b -" {
		t.Fatalf("declined: %q", g.Position())
	}
	// a position parsed with "swap"
	p := mustParse(t, "5/5/2B2/5/5 w swap")
	if !p.SwapAvailable() {
		t.Fatal("parsed swap flag lost")
	}
	p = mustParse(t, "5/5/2B2/5/5 w -")
	if p.SwapAvailable() {
		t.Fatal("swap available after '-'")
	}
}

func TestMoveErrors(t *testing.T) {
	g := mustParse(t, "8/8/8/4B3/3WW3/8/8/8 b -")
	cases := []struct{ move, want string }{
		{"", "empty move"},
		{"  ", "empty move"},
		{"pass", "pass is not allowed: black has a legal placement (a1)"},
		{"swap", "swap is not available now"},
		{"i1", "i1 is off the board (files a-h, ranks 1-8)"},
		{"a9", "a9 is off the board (files a-h, ranks 1-8)"},
		{"a0", "not a move"},
		{"d4x", "not a move"},
		{"4d", "not a move"},
		{"d-4", "not a move"},
		{"e4", "e4 is occupied by a white stone"},
		{"E5", "e5 is occupied by a black stone"},
		{"d6", "d6 would be weakly connected to e5, which has a strong alternative at e6"},
	}
	for _, c := range cases {
		_, err := g.ParseMove(c.move)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.move, err, c.want)
		}
	}
	// crosscut: black e5, white d5 and e4; black d4 forms it in d4-e5
	g = mustParse(t, "8/8/8/3WB3/4W3/8/8/8 b -")
	if _, err := g.ParseMove("d4"); err == nil || err.Error() != "d4 would form a crosscut in the square d4-e5" {
		t.Errorf("crosscut: %v", err)
	}
	if _, err := g.ParseMove("f6"); err == nil || err.Error() != "f6 would be weakly connected to e5, which has a strong alternative at e6" {
		t.Errorf("weak: %v", err)
	}
	// d6 is weakly connected to e5 (d5 is white, e6 empty) with e6 free
	if _, err := g.ParseMove(" D6 "); err == nil || err.Error() != "d6 would be weakly connected to e5, which has a strong alternative at e6" {
		t.Errorf("D6: %v", err)
	}
	if m, err := g.ParseMove(" F5 "); err != nil || g.FormatMove(m) != "f5" {
		t.Errorf("F5: %v %s", err, g.FormatMove(m))
	}
	// game over
	w := mustParse(t, "3/B2/B2 b -")
	play(t, w, "a3")
	if r := w.Result(); r.Status != rules.Win || r.Winner != 0 || r.Reason != "black connected top and bottom" || r.Score != "" {
		t.Fatalf("result %+v", r)
	}
	if _, err := w.ParseMove("c1"); err == nil || err.Error() != "game is over (black connected top and bottom)" {
		t.Errorf("after the win: %v", err)
	}
	if len(w.Moves(nil)) != 0 {
		t.Error("moves after the win")
	}
	w.Unplay()
	if w.Result().Over() || w.Position() != "3/B2/B2 b -" {
		t.Errorf("unplay the win: %+v %q", w.Result(), w.Position())
	}
}

// Several weakly connected stones: every one must pass the test.
func TestSeveralWeakPartners(t *testing.T) {
	// a1 and a3 are black, a2 and a4 white, c2 black. Black b2 is weakly
	// connected to a1 and to a3 (strongly to c2). a1's only empty neighbour
	// b1 would be weakly connected to c2, so that weak connection is forced;
	// a3's neighbours: a4 white, b3 would be weakly connected to c2: forced.
	g := mustParse(t, "5/W4/B4/W1B2/B4 b -")
	if why := g.whyIllegal(g.idx(1, 1), black); why != "" {
		t.Fatalf("b2 with both partners forced: %q", why)
	}
	// with a4 empty, a3 has the strong alternative a4: illegal.
	g = mustParse(t, "5/5/B4/W1B2/B4 b -")
	_, err := g.ParseMove("b2")
	if err == nil || err.Error() != "b2 would be weakly connected to a3, which has a strong alternative at a4" {
		t.Fatalf("b2 with a3 free: %v", err)
	}
	// and a1 alone (a3 gone) is forced: legal
	g = mustParse(t, "5/5/5/W1B2/B4 b -")
	if _, err := g.ParseMove("b2"); err != nil {
		t.Fatalf("b2 with only a1: %v", err)
	}
}

func TestForcedPass(t *testing.T) {
	// The forced pass of the recorded 5x5 game: every empty point is
	// illegal for white.
	g := mustParse(t, "BBBWW/WW1BB/BB1WW/WWBBW/BBBWW w -")
	moves := g.Moves(nil)
	if len(moves) != 1 || moves[0] != MovePass {
		t.Fatalf("moves %v", moves)
	}
	if _, err := g.ParseMove("c4"); err == nil {
		t.Fatal("c4 accepted")
	}
	pos := g.Position()
	play(t, g, "pass")
	if g.Position() != "BBBWW/WW1BB/BB1WW/WWBBW/BBBWW b -" || g.Ply() != 1 {
		t.Fatalf("after pass: %q", g.Position())
	}
	if n := g.Perft(1); n != rules.GenericPerft(g, 1) {
		t.Fatalf("perft after pass %d", n)
	}
	play(t, g, "c4")
	if r := g.Result(); r.Status != rules.Win || r.Winner != 0 {
		t.Fatalf("c4 should win for black: %+v", r)
	}
	g.Unplay()
	g.Unplay()
	if g.Position() != pos {
		t.Fatalf("unplay pass: %q", g.Position())
	}
	if n := rules.GenericPerft(g, 1); n != 1 {
		t.Fatalf("perft(1) of a forced pass = %d", n)
	}
}

func TestWinDiagonal(t *testing.T) {
	g := mustParse(t, "2B/1B1/B2 w -")
	if r := g.Result(); r.Winner != 0 {
		t.Fatalf("diagonal chain: %+v", r)
	}
	g = mustParse(t, "W2/1W1/2W b -")
	if r := g.Result(); r.Winner != 1 || r.Reason != "white connected left and right" {
		t.Fatalf("diagonal white chain: %+v", r)
	}
	// corners count for both edges: a lone corner stone does not win on
	// a board of size >= 2
	g = mustParse(t, "B1/2 w -")
	if g.Result().Over() {
		t.Fatal("one corner stone won")
	}
	// both colours joining: refused
	if _, err := Parse("BW/WB b -"); err == nil || !strings.Contains(err.Error(), "both black and white") {
		t.Fatalf("both winning: %v", err)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ pos, want string }{
		{"", "want 3 fields"},
		{"8/8/8/8/8/8/8/8 b", "want 3 fields"},
		{"8/8/8/8/8/8/8/8  b -", "want 3 fields"},
		{"8/8/8/8/8/8/8/8 b - x", "want 3 fields"},
		{"8/8/8/8/8/8/8 b -", `rank 7 ("8"): run "8" at character 1 goes past 7 points`},
		{"8/8/8/8/8/8/8/7 b -", `rank 1 ("7"): 7 points, want 8`},
		{"8/8/8/8/8/8/8/9 b -", `rank 1 ("9"): run "9" at character 1 goes past 8 points`},
		{"8/8/4x3/8/8/8/8/8 b -", `rank 6 ("4x3"): unexpected 'x' at character 2, want B, W or a digit`},
		{"8/8/8/8/8/8/8/08 b -", `rank 1 ("08"): empty run may not start with 0 (character 1)`},
		{"8/8/8/8/8/8/8/8B b -", `rank 1 ("8B"): more than 8 points at character 2`},
		{"8/8/8/8/8/8/8/8 x -", `side to move "x": want b or w`},
		{"8/8/8/8/8/8/8/8 B -", `side to move "B": want b or w`},
		{"8/8/8/8/8/8/8/8 b y", `swap flag "y": want swap or -`},
		{"8/8/8/8/8/8/8/8 w swap", `swap flag "swap": swap is only possible`},
		{"8/8/8/8/3B4/8/8/8 b swap", `swap flag "swap": swap is only possible`},
		{"1 b -", "1 ranks, want 2 to 25"},
		{strings.Repeat("26/", 25) + "26 b -", "26 ranks, want 2 to 25"},
		{"1/1 b -", `rank 2 ("1"): 1 points, want 2`},
		{"8/8/8/8/8/8/8/4B2B1 b -", `rank 1 ("4B2B1"): run "1" at character 5 goes past 8 points`},
	}
	for _, c := range cases {
		_, err := Parse(c.pos)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.pos, err, c.want)
		}
	}
	// two-digit runs and round trips on large boards
	for _, s := range []string{
		"12/12/12/12/12/12/12/12/12/12/12/B10W b -",
		"25/25/25/25/25/25/25/25/25/25/25/25/12B12/25/25/25/25/25/25/25/25/25/25/25/25 w swap",
		"BW/2 b -",
	} {
		g := mustParse(t, s)
		if g.Position() != s {
			t.Errorf("round trip %q -> %q", s, g.Position())
		}
	}
}

func TestSizeOption(t *testing.T) {
	def, _ := Info.ParseOptions(nil)
	g, err := Info.Parse(def, "5/5/5/5/5 b -")
	if err != nil || g.Options()["size"] != "5" {
		t.Fatalf("default size, 5x5 string: %v %v", err, g)
	}
	five, _ := Info.ParseOptions([]string{"size=5"})
	if _, err := Info.Parse(five, "5/5/5/5/5 b -"); err != nil {
		t.Fatal(err)
	}
	nine, _ := Info.ParseOptions([]string{"size=9"})
	if _, err := Info.Parse(nine, "5/5/5/5/5 b -"); err == nil || !strings.Contains(err.Error(), "size=9") {
		t.Fatalf("size=9 with a 5x5 string: %v", err)
	}
}

func TestBoard(t *testing.T) {
	g := mustParse(t, "3/1W1/B2 b -")
	b := g.Board()
	if b.Rows != 3 || b.Cols != 3 || len(b.Cells) != 9 {
		t.Fatalf("board %dx%d %d", b.Rows, b.Cols, len(b.Cells))
	}
	want := []struct{ name, special, piece string }{
		{"a3", "edge01", ""}, {"b3", "edge0", ""}, {"c3", "edge01", ""},
		{"a2", "edge1", ""}, {"b2", "", "W"}, {"c2", "edge1", ""},
		{"a1", "edge01", "B"}, {"b1", "edge0", ""}, {"c1", "edge01", ""},
	}
	for i, w := range want {
		c := b.Cells[i]
		if c.Name != w.name || string(c.Special) != w.special || c.Piece != w.piece {
			t.Errorf("cell %d: %+v, want %+v", i, c, w)
		}
	}
	if b.At(2, 0).Owner != 0 || b.At(1, 1).Owner != 1 || b.At(0, 0).Owner != -1 {
		t.Error("owners")
	}
	if strings.Join(b.Files, "") != "abc" || strings.Join(b.Ranks, "") != "321" {
		t.Errorf("labels %v %v", b.Files, b.Ranks)
	}
}

func TestEditor(t *testing.T) {
	g := mustNew(t)
	play(t, g, "a1", "h8")
	if err := g.SetSquare("d4", "B"); err != nil {
		t.Fatal(err)
	}
	if g.Ply() != 0 {
		t.Fatal("edit kept the history")
	}
	for _, sq := range []string{"a1", "h8"} {
		if err := g.SetSquare(sq, ""); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.SetSideToMove(1); err != nil {
		t.Fatal(err)
	}
	if g.Position() != "8/8/8/8/3B4/8/8/8 w swap" || g.Hash() != mustParse(t, g.Position()).Hash() {
		t.Fatalf("edited: %q", g.Position())
	}
	if err := g.SetSquare("d4", "."); err != nil || g.Position() != "8/8/8/8/8/8/8/8 w -" {
		t.Fatalf("clear: %v %q", err, g.Position())
	}
	for _, c := range []struct{ sq, piece string }{{"i1", "B"}, {"x", "B"}, {"a1", "K"}} {
		if err := g.SetSquare(c.sq, c.piece); err == nil {
			t.Errorf("SetSquare(%q, %q) accepted", c.sq, c.piece)
		}
	}
	if err := g.SetSideToMove(2); err == nil {
		t.Error("side 2 accepted")
	}
	// an edit that lets both colours win is refused and changes nothing
	e := mustParse(t, "BW/W1 b -")
	if err := e.SetSquare("b1", "B"); err == nil || e.Position() != "BW/W1 b -" {
		t.Fatalf("both win: %v %q", err, e.Position())
	}
	if err := e.SetSquare("a1", "B"); err != nil || e.Result().Winner != 0 {
		t.Fatalf("editing to a win: %v %+v", err, e.Result())
	}
}

// checkInvariants plays random games and checks what RandomGames does not:
// the incremental win agrees with a full scan, never both colours win, the
// hash is the one computed from scratch, and two passes never follow.
func checkInvariants(t *testing.T, n, games int, seed int64) {
	rng := rand.New(rand.NewSource(seed))
	g, _ := New(n)
	var buf []rules.Move
	passes, wins := 0, [2]int{}
	for gi := 0; gi < games; gi++ {
		for g.Ply() > 0 {
			g.Unplay()
		}
		lastPass := false
		for !g.Result().Over() {
			buf = g.Moves(buf[:0])
			m := buf[rng.Intn(len(buf))]
			g.Play(m)
			bw, ww := g.scanWin(black), g.scanWin(white)
			if bw && ww {
				t.Fatalf("both win: %q", g.Position())
			}
			if (bw || ww) != g.Result().Over() || (bw && g.winner != 0) || (ww && g.winner != 1) {
				t.Fatalf("scan %v/%v, result %+v at %q", bw, ww, g.Result(), g.Position())
			}
			h := g.hash
			g.rehash()
			if h != g.hash {
				t.Fatalf("hash drift at %q", g.Position())
			}
			if m == MovePass {
				passes++
				if lastPass {
					t.Fatalf("two passes in a row at %q", g.Position())
				}
			}
			lastPass = m == MovePass
		}
		wins[g.winner]++
	}
	t.Logf("size %d: %d games, wins black %d white %d, %d forced passes", n, games, wins[0], wins[1], passes)
}

// long: BOARDREPL_LONG=1 (make test-long) runs the longer checks too.
var long = os.Getenv("BOARDREPL_LONG") != ""

// TestRandomGames plays random games on boards from the smallest to the
// largest (25x25); a game on the big boards checks every move at each of
// hundreds of plies, so make test plays the first 50 of the 11x11 board's
// 200 games and 4 of the 20 on the 19x19 and 25x25 boards (the same games:
// one seeded sequence), make test-long all of them.
func TestRandomGames(t *testing.T) {
	for _, n := range []int{2, 3, 5, 8, 11, 19, 25} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			g, _ := New(n)
			games := 200
			if n > 11 {
				games = 20
			}
			if !long && n == 11 {
				games = 50
			} else if !long && n > 11 {
				games = 4
			}
			rulestest.RandomGames(t, g, games, 4*n*n, int64(n))
			checkInvariants(t, n, 5*games, int64(100+n))
		})
	}
}

func TestPerftAgrees(t *testing.T) {
	for _, c := range []struct {
		pos   string
		depth int
	}{
		{"8/8/8/8/8/8/8/8 b -", 3},
		{"3/3/3 b -", 5},
		{"4/4/4/4 b -", 4},
		{"5/5/2B2/5/5 w swap", 3},
		{"BBBWW/WW1BB/BB1WW/WWBBW/BBBWW w -", 3},
		{"8/8/8/3WB3/4W3/8/8/8 b -", 2},
		{"5/W4/B4/W1B2/B4 b -", 3},
	} {
		g := mustParse(t, c.pos)
		rulestest.PerftAgrees(t, g, c.depth)
	}
}

func TestPerftValues(t *testing.T) {
	// From the empty n x n board: n^2 placements; then White has n^2-1
	// placements plus the swap. Depth 2 = n^2 * n^2.
	g, _ := New(8)
	if got := g.Perft(1); got != 64 {
		t.Errorf("perft 1 = %d", got)
	}
	if got := g.Perft(2); got != 64*64 {
		t.Errorf("perft 2 = %d", got)
	}
}

func TestNoAllocs(t *testing.T) {
	g := mustParse(t, "8/8/8/3WB3/4W3/8/8/8 b -")
	buf := make([]rules.Move, 0, 128)
	g.Perft(3)
	g.Play(g.Moves(buf[:0])[0])
	g.Unplay()
	allocs := testing.AllocsPerRun(100, func() {
		ms := g.Moves(buf[:0])
		for _, m := range ms {
			g.Play(m)
			g.Unplay()
		}
		_ = g.Hash()
	})
	if allocs != 0 {
		t.Errorf("Moves/Play/Unplay: %v allocs", allocs)
	}
	allocs = testing.AllocsPerRun(3, func() { g.Perft(3) })
	if allocs != 0 {
		t.Errorf("Perft: %v allocs", allocs)
	}
}

func BenchmarkPerft8x8Depth3(b *testing.B) {
	g, _ := New(8)
	g.Perft(3)
	b.ReportAllocs()
	b.ResetTimer()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes += g.Perft(3)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkPerftMidgame11x11Depth2(b *testing.B) {
	g, _ := New(11)
	rng := rand.New(rand.NewSource(7))
	var buf []rules.Move
	for i := 0; i < 40; i++ {
		buf = g.Moves(buf[:0])
		g.Play(buf[rng.Intn(len(buf))])
		if g.Result().Over() {
			g.Unplay()
		}
	}
	g.Perft(2)
	b.ReportAllocs()
	b.ResetTimer()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes += g.Perft(2)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkMovesPlayUnplay(b *testing.B) {
	g := mustParse(b, "8/8/8/3WB3/4W3/8/8/8 b -")
	buf := make([]rules.Move, 0, 128)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = g.Moves(buf[:0])
		for _, m := range buf {
			g.Play(m)
			g.Unplay()
		}
	}
}
