package oware

import (
	"math/rand"
	"strings"
	"testing"

	"boardrepl/rules"
	"boardrepl/rules/rulestest"
)

func mustParse(t *testing.T, opts rules.Options, s string) *Game {
	t.Helper()
	g, err := Parse(opts, s)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return g
}

func play(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: move %q: %v", g.Position(), s, err)
		}
		g.Play(m)
	}
}

func TestRegistry(t *testing.T) {
	for _, name := range []string{"oware", "awale", "AWELE"} {
		in, err := rules.Lookup(name)
		if err != nil || in != Info {
			t.Fatalf("lookup %q: %v", name, err)
		}
	}
	g, err := Info.NewGame(nil, "")
	if err != nil || g.Position() != StartPosition || Info.Start != StartPosition {
		t.Fatalf("new game: %v %v", g, err)
	}
	if _, err := Info.ParseOptions([]string{"end=sudden"}); err == nil {
		t.Fatal("end=sudden accepted")
	}
	g, err = Info.NewGame([]string{"end=tournament"}, "")
	if err != nil || g.Options()["end"] != "tournament" {
		t.Fatalf("end=tournament: %v %v", g, err)
	}
	if len(New(nil).Options()) != 0 {
		t.Fatal("default options reported")
	}
	if _, err := Parse(rules.Options{"end": "x"}, StartPosition); err == nil {
		t.Fatal("Parse accepted end=x")
	}
	// end=abapa is the default; end=seed is its old name.
	for _, v := range []string{"abapa", "seed"} {
		opts, err := Info.ParseOptions([]string{"end=" + v})
		if err != nil || opts["end"] != "abapa" {
			t.Errorf("end=%s: %v %v, want end=abapa", v, opts, err)
		}
		if g, err := Parse(rules.Options{"end": v}, StartPosition); err != nil || g.tournament || len(g.Options()) != 0 {
			t.Errorf("Parse with end=%s: %v", v, err)
		}
	}
}

// Hand-checked moves, worked out from the rules file: sowing runs F E D C B
// A G H I J K L F..., captures walk back.
func TestMovesByHand(t *testing.T) {
	cases := []struct {
		name, pos, move, after string
		caught                 []string
	}{
		{"A sows down into south's row", StartPosition, "A", "0,4,4,4,4,4/5,5,5,5,4,4 0 0 s", nil},
		{"F sows leftwards along north's row", StartPosition, "f", "4,5,5,5,5,0/4,4,4,4,4,4 0 0 s", nil},
		{"L sows up into north's row", "4,4,4,4,4,4/4,4,4,4,4,4 0 0 s", " L ", "4,4,5,5,5,5/4,4,4,4,4,0 0 0 n", nil},
		{"south captures E then F, against the sowing", "5,0,0,0,1,1/0,0,0,0,3,0 10 10 s", "K",
			"5,0,0,0,0,0/0,0,0,0,0,1 10 14 n", []string{"E", "F"}},
		{"the same taking north's whole row is a grand slam: nothing taken", "0,0,0,0,1,1/0,0,0,0,3,0 10 10 s", "K",
			"0,0,0,0,2,2/0,0,0,0,0,1 10 10 n", nil},
		{"chain L K J I stops at H holding 4", "6,0,0,0,0,0/1,3,1,2,1,1 13 20 n", "A",
			"0,0,0,0,0,0/2,4,0,0,0,0 22 20 s", []string{"L", "K", "J", "I"}},
		{"12 seeds: the origin is skipped, the 12th seed lands in E", "0,0,0,0,0,12/0,0,0,0,0,0 18 18 n", "F",
			"1,1,1,1,2,0/1,1,1,1,1,1 18 18 s", nil},
		{"17 seeds: a lap and six more, G gets 2 and is taken", "0,0,0,0,0,17/0,0,0,0,0,0 15 16 n", "F",
			"2,2,2,2,2,0/0,1,1,1,1,1 17 16 s", []string{"G"}},
	}
	for _, c := range cases {
		g := mustParse(t, nil, c.pos)
		play(t, g, c.move)
		if got := g.Position(); got != c.after {
			t.Errorf("%s: %s then %s gives %s, want %s", c.name, c.pos, c.move, got, c.after)
		}
		if got := g.LastCaptured(); strings.Join(got, ",") != strings.Join(c.caught, ",") {
			t.Errorf("%s: captured %v, want %v", c.name, got, c.caught)
		}
		g.Unplay()
		if g.Position() != c.pos || g.Ply() != 0 {
			t.Errorf("%s: unplay gives %s", c.name, g.Position())
		}
	}
}

func TestMoveErrors(t *testing.T) {
	cases := []struct{ pos, move, want string }{
		{StartPosition, "G", "pit G is not yours (north plays A-F)"},
		{"4,4,4,4,4,4/4,4,4,4,4,4 0 0 s", "b", "pit B is not yours (south plays G-L)"},
		{"5,0,0,0,1,1/0,0,0,0,3,0 10 10 s", "L", "pit L is empty"},
		{"1,2,0,0,0,1/0,0,0,0,0,0 20 24 n", "F", "pit F does not feed south, whose row is empty (feeding moves: A, B)"},
		{"1,2,0,0,0,1/0,0,0,0,0,0 20 24 n", "C", "pit C is empty"},
		{StartPosition, "Z", "no such pit: Z"},
		{StartPosition, " ab ", "no such pit: ab"},
		{StartPosition, "", "empty move"},
		{"0,0,0,0,0,0/1,0,0,0,0,0 20 27 n", "A", "game is over: south wins 20-28 (famine: north has no seed to sow)"},
	}
	for _, c := range cases {
		g := mustParse(t, nil, c.pos)
		_, err := g.ParseMove(c.move)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: move %q: error %v, want %q", c.pos, c.move, err, c.want)
		}
	}
	// feeding: the legal moves are exactly A and B
	g := mustParse(t, nil, "1,2,0,0,0,1/0,0,0,0,0,0 20 24 n")
	var got []string
	for _, m := range g.Moves(nil) {
		got = append(got, g.FormatMove(m))
	}
	if strings.Join(got, " ") != "A B" {
		t.Fatalf("feeding moves %v, want A B", got)
	}
}

// Endings worked out by hand from the rules file.
func TestEndings(t *testing.T) {
	cases := []struct {
		name, pos string
		opts      rules.Options
		want      string // rules.FormatResult, "ongoing" when the game goes on
	}{
		{"north has no seed: south takes his row", "0,0,0,0,0,0/1,0,0,0,0,0 20 27 n", nil,
			"south wins 20-28 (famine: north has no seed to sow)"},
		{"south cannot feed north: he takes the rest", "0,0,0,0,0,0/1,2,0,0,0,0 23 22 s", nil,
			"south wins 23-25 (famine: south cannot feed north)"},
		{"same, tournament", "0,0,0,0,0,0/1,2,0,0,0,0 23 22 s", tournament,
			"south wins 23-25 (famine: south cannot feed north)"},
		{"two seeds: indetermination", "0,0,0,0,0,1/1,0,0,0,0,0 25 21 n", nil,
			"north wins 26-22 (indetermination: no capture can happen any more)"},
		{"two seeds, tournament: above 24", "0,0,0,0,0,1/1,0,0,0,0,0 25 21 n", tournament,
			"north wins 26-22 (north has captured more than 24 seeds)"},
		{"two seeds, tournament, 23-23: play on", "0,0,0,0,0,1/1,0,0,0,0,0 23 23 n", tournament, "ongoing"},
		{"25 does not end an abapa game", "0,0,0,0,0,4/4,4,4,4,1,2 25 0 s", nil, "ongoing"},
		{"tournament: 25 does", "0,0,0,0,0,4/4,4,4,4,1,2 25 0 s", tournament,
			"north wins 29-19 (north has captured more than 24 seeds)"},
		{"tournament: 24 each", "0,0,0,0,0,0/0,0,0,0,0,0 24 24 n", tournament,
			"draw 24-24 (both sides have captured 24 seeds)"},
		{"empty board under the abapa rules", "0,0,0,0,0,0/0,0,0,0,0,0 24 24 s", nil,
			"draw 24-24 (famine: south has no seed to sow)"},
		{"tournament: 17 seeds in play, 9 is more than half", "1,0,0,0,0,0/0,0,0,0,0,1 9 6 n", tournament,
			"north wins 10-7 (north has captured more than half of the 17 seeds)"},
	}
	for _, c := range cases {
		g := mustParse(t, c.opts, c.pos)
		if got := rules.FormatResult(g, g.Result()); got != c.want {
			t.Errorf("%s: %s: %s, want %s", c.name, c.pos, got, c.want)
		}
		if g.Position() != c.pos {
			t.Errorf("%s: the ending changed the board to %s", c.name, g.Position())
		}
		if over := g.Result().Over(); over != (len(g.Moves(nil)) == 0) {
			t.Errorf("%s: over=%v with moves %v", c.name, over, g.Moves(nil))
		}
	}
}

// TestRepetition: in tournament mode a position seen since the last capture
// ends the game; taking the move back resumes it. Two single seeds chase
// each other round the board (12 plies, as in OpenSpiel's test).
func TestRepetition(t *testing.T) {
	start := "0,0,0,0,0,1/1,0,0,0,0,0 23 23 n"
	g := mustParse(t, tournament, start)
	// F sows into E, G into H: the seeds move on by one pit each ply.
	for ply := 0; ply < 12; ply++ {
		if g.Result().Over() {
			t.Fatalf("ply %d: over early: %v", ply, g.Result())
		}
		ms := g.Moves(nil)
		if len(ms) != 1 {
			t.Fatalf("ply %d %s: moves %v", ply, g.Position(), ms)
		}
		g.Play(ms[0])
	}
	if g.Position() != start {
		t.Fatalf("after 12 plies %s, want %s", g.Position(), start)
	}
	if got := rules.FormatResult(g, g.Result()); got != "draw 24-24 (position repeated since the last capture)" {
		t.Fatalf("result %s", got)
	}
	g.Unplay()
	if g.Result().Over() {
		t.Fatalf("unplay did not resume the game: %v", g.Result())
	}
	// The same under the abapa rules ends at once: two seeds.
	if r := mustParse(t, nil, start).Result(); !strings.HasPrefix(r.Reason, "indetermination") || r.Score != "24-24" {
		t.Fatalf("seed rules: %+v", r)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ pos, want string }{
		{"", "1 space-separated fields, want 4"},
		{"4,4,4,4,4,4/4,4,4,4,4,4 0 0", "3 space-separated fields, want 4"},
		{"4,4,4,4,4,4/4,4,4,4,4,4  0 0 n", "5 space-separated fields"},
		{" 4,4,4,4,4,4/4,4,4,4,4,4 0 0 n", "5 space-separated fields"},
		{"4,4,4,4,4,4 0 0 n", `board "4,4,4,4,4,4": 1 rows, want 2`},
		{"4,4,4,4,4/4,4,4,4,4,4 0 0 n", `north row (A-F) "4,4,4,4,4" at character 1: 5 pits, want 6`},
		{"4,4,4,4,4,4/4,4,4,4,4,4,4 0 0 n", `south row (G-L) "4,4,4,4,4,4,4" at character 13: 7 pits, want 6`},
		{"4,4,x,4,4,4/4,4,4,4,4,4 0 0 n", `pit C "x" at character 5: character 'x'`},
		{"4,4,4,4,4,4/4,4,4,4,4,04 0 0 n", `pit L "04" at character 23: leading zero`},
		{"4,4,4,4,4,4/4,,4,4,4,4 0 0 n", `pit H "" at character 15: empty`},
		{"49,0,0,0,0,0/0,0,0,0,0,0 0 0 n", `pit A "49" at character 1: more than 48`},
		{"4,4,4,4,4,4/4,4,4,4,4,4 a 0 n", `north score "a" at character 25`},
		{"4,4,4,4,4,4/4,4,4,4,4,4 0 -1 n", `south score "-1" at character 27`},
		{"4,4,4,4,4,4/4,4,4,4,4,4 0 0 N", `side to move "N" at character 29: want n or s`},
		{"4,4,4,4,4,4/4,4,4,4,4,4 1 0 n", "49 seeds on the board and in the scores, more than 48"},
	}
	for _, c := range cases {
		_, err := Parse(nil, c.pos)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("parse %q: error %v, want %q", c.pos, err, c.want)
		}
	}
	// Fewer than 48 seeds is allowed (the peers' test positions).
	for _, s := range []string{"0,0,0,0,0,0/0,0,0,0,0,0 0 0 n", "0,0,0,0,0,8/0,0,1,1,1,1 0 0 n", StartPosition, "0,0,0,0,0,48/0,0,0,0,0,0 0 0 n"} {
		if g := mustParse(t, nil, s); g.Position() != s {
			t.Errorf("round trip %q -> %q", s, g.Position())
		}
	}
}

func TestBoard(t *testing.T) {
	g := mustParse(t, nil, "1,2,3,4,5,6/7,8,9,0,1,2 0 0 s")
	b := g.Board()
	if b.Rows != 2 || b.Cols != 6 || len(b.Cells) != 12 {
		t.Fatalf("board %dx%d, %d cells", b.Rows, b.Cols, len(b.Cells))
	}
	want := []struct{ name, piece string }{
		{"A", "1"}, {"B", "2"}, {"C", "3"}, {"D", "4"}, {"E", "5"}, {"F", "6"},
		{"G", "7"}, {"H", "8"}, {"I", "9"}, {"J", "0"}, {"K", "1"}, {"L", "2"},
	}
	for k, w := range want {
		c := b.Cells[k]
		if c.Name != w.name || c.Label != w.name || c.Piece != w.piece || c.Owner != k/6 {
			t.Errorf("cell %d: %+v, want %s holding %s owned by %d", k, c, w.name, w.piece, k/6)
		}
	}
	if b.At(1, 0).Name != "G" {
		t.Errorf("bottom left is %s", b.At(1, 0).Name)
	}
	g = mustParse(t, nil, "4,4,4,4,4,0/4,4,4,4,4,0 3 5 n")
	notes := strings.Join(g.Board().Notes, "; ")
	if !strings.Contains(notes, "north (A-F) has captured 3") || !strings.Contains(notes, "south (G-L) has captured 5") {
		t.Errorf("notes %q", notes)
	}
}

func TestEditor(t *testing.T) {
	g := New(nil)
	play(t, g, "A")
	if err := g.SetSquare("A", "7"); err == nil || !strings.Contains(err.Error(), "more than 48") {
		t.Fatalf("A=7 on a full board: %v", err)
	}
	if g.Ply() != 1 || g.Position() != "0,4,4,4,4,4/5,5,5,5,4,4 0 0 s" {
		t.Fatalf("a refused edit changed the game: %s ply %d", g.Position(), g.Ply())
	}
	for _, e := range [][2]string{{"g", "."}, {"a", "5"}, {"K", ""}} {
		if err := g.SetSquare(e[0], e[1]); err != nil {
			t.Fatalf("%s=%q: %v", e[0], e[1], err)
		}
	}
	if g.Ply() != 0 || g.Position() != "5,4,4,4,4,4/0,5,5,5,0,4 0 0 s" {
		t.Fatalf("after edits: %s ply %d", g.Position(), g.Ply())
	}
	if err := g.SetSideToMove(0); err != nil || g.Position() != "5,4,4,4,4,4/0,5,5,5,0,4 0 0 n" {
		t.Fatalf("side: %v %s", err, g.Position())
	}
	for _, bad := range [][2]string{{"M", "1"}, {"AB", "1"}, {"A", "x"}, {"A", "-1"}, {"A", "49"}} {
		if err := g.SetSquare(bad[0], bad[1]); err == nil {
			t.Errorf("SetSquare(%q, %q) accepted", bad[0], bad[1])
		}
	}
	if err := g.SetSideToMove(2); err == nil {
		t.Error("side 2 accepted")
	}
	// An edit recomputes the tournament threshold: 44 seeds in play now.
	tg := mustParse(t, tournament, "0,0,0,0,0,0/0,0,0,0,0,0 23 21 n")
	if r := tg.Result(); !r.Over() || r.Score != "23-21" {
		t.Fatalf("44 seeds, 23 is more than half: %+v", r)
	}
	if err := tg.SetSquare("A", "4"); err != nil || tg.Result().Over() {
		t.Fatalf("48 seeds, 23 is not more than half: %v %+v", err, tg.Result())
	}
}

func TestHash(t *testing.T) {
	g := New(nil)
	h0 := g.Hash()
	play(t, g, "A", "G", "C")
	h := g.Hash()
	if h == h0 {
		t.Fatal("hash unchanged by moves")
	}
	if p := mustParse(t, nil, g.Position()); p.Hash() != h {
		t.Fatal("hash depends on the history")
	}
	g.Unplay()
	g.Unplay()
	g.Unplay()
	if g.Hash() != h0 {
		t.Fatal("unplay did not restore the hash")
	}
	a := mustParse(t, nil, "4,4,4,4,4,4/4,4,4,4,4,0 2 2 n")
	b := mustParse(t, nil, "4,4,4,4,4,4/4,4,4,4,4,0 2 2 s")
	c := mustParse(t, nil, "4,4,4,4,4,4/4,4,4,4,4,0 3 1 n")
	if a.Hash() == b.Hash() || a.Hash() == c.Hash() {
		t.Fatal("hash ignores the side to move or the scores")
	}
}

func TestRandomGames(t *testing.T) {
	for _, opts := range []rules.Options{nil, tournament} {
		rulestest.RandomGames(t, New(opts), 200, 400, 7)
		rulestest.RandomGames(t, mustParse(t, opts, "0,0,1,0,2,0/1,0,0,3,0,0 20 21 n"), 50, 200, 8)
		rulestest.RandomGames(t, mustParse(t, opts, "0,0,0,0,0,23/1,1,1,1,2,2 8 9 n"), 50, 200, 9)
	}
}

func TestPerftAgrees(t *testing.T) {
	positions := []string{
		StartPosition,
		"0,5,5,5,5,4/4,4,4,4,0,4 2 2 s",
		"0,0,1,0,2,0/1,0,0,3,0,0 20 21 n", // few seeds: endings inside the tree
		"0,0,0,0,0,1/1,0,0,0,0,0 23 23 n", // tournament repetition at ply 12
		"0,0,0,0,0,23/1,1,1,1,2,2 8 9 n",
		"2,0,3,0,1,2/0,0,0,0,0,0 20 20 n", // feeding
		"0,0,0,0,0,1/1,1,0,0,0,0 22 23 n",
	}
	for _, opts := range []rules.Options{nil, tournament} {
		for _, s := range positions {
			depth := 5
			if strings.HasPrefix(s, "0,0,0,0,0,1/1,0") {
				depth = 13
			}
			rulestest.PerftAgrees(t, mustParse(t, opts, s), depth)
		}
	}
	// Few seeds: famine and indetermination all through the tree.
	rng := rand.New(rand.NewSource(11))
	var leaves [2]uint64
	for n := 0; n < 40; n++ {
		p := randomRef(rng, 3+rng.Intn(8))
		for k, opts := range []rules.Options{nil, tournament} {
			g := p.game(t, opts)
			rulestest.PerftAgrees(t, g, 7)
			leaves[k] += g.Perft(7)
		}
	}
	if leaves[0] == 0 || leaves[1] == 0 {
		t.Fatalf("few-seed perft 7 leaves: %d seed rules, %d tournament", leaves[0], leaves[1])
	}
	t.Logf("few-seed perft 7 leaves: %d seed rules, %d tournament", leaves[0], leaves[1])
}

func TestNoAllocs(t *testing.T) {
	g := New(nil)
	g.Perft(6) // warm up the caches
	buf := make([]rules.Move, 0, 12)
	moves := []rules.Move{5, 6, 3, 8, 2, 11}
	for _, m := range moves { // warm up the history
		g.Play(m)
	}
	for range moves {
		g.Unplay()
	}
	n := testing.AllocsPerRun(100, func() {
		for _, m := range moves {
			buf = g.Moves(buf[:0])
			g.Play(m)
			_ = g.Result()
		}
		for range moves {
			g.Unplay()
		}
		g.Perft(4)
	})
	if n != 0 {
		t.Fatalf("%v allocations per run", n)
	}
	tg := New(tournament)
	tg.Perft(5)
	if n := testing.AllocsPerRun(20, func() { tg.Perft(5) }); n != 0 {
		t.Fatalf("tournament perft: %v allocations per run", n)
	}
}

// Ending by agreement: each player takes his own row (rules file, "Players
// can also agree to end the game"). Hand-checked: North 20 + (1+2) = 23,
// South 20 + 5 = 25.
func TestAgreedResult(t *testing.T) {
	g, err := Info.Parse(rules.Options{}, "1,0,2,0,0,0/0,0,5,0,0,0 20 20 n")
	if err != nil {
		t.Fatal(err)
	}
	r := rules.AgreedResult(g)
	if r.Status != rules.Win || r.Winner != 1 || r.Score != "23-25" {
		t.Fatalf("agreed result %+v, want south wins 23-25", r)
	}
	if g.Result().Over() {
		t.Fatal("agreeing changed the game's own result")
	}
}
