package gtp

import (
	"context"
	"strings"
	"testing"
	"time"

	"boardrepl/protocol/searcher"
	"boardrepl/rules"
	"boardrepl/rules/engine"
	"boardrepl/rules/konobi"
)

func newEngine(t *testing.T, cfg Config) *Engine {
	t.Helper()
	if cfg.Search == nil {
		cfg.Search = searcher.FirstLegal
	}
	e, err := New(&strings.Builder{}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// step is one command of a session and its whole answer; a want ending
// in "..." is a prefix of the answer.
type step struct{ cmd, want string }

func runSteps(t *testing.T, e *Engine, steps []step) {
	t.Helper()
	for i, s := range steps {
		got, ok := e.Command(context.Background(), s.cmd)
		if !ok {
			got = "(no answer)"
		}
		if p, cut := strings.CutSuffix(s.want, "..."); cut {
			if !strings.HasPrefix(got, p) {
				t.Errorf("step %d %q:\n got %q\nwant %q...", i+1, s.cmd, got, p)
			}
			continue
		}
		if got != s.want {
			t.Errorf("step %d %q:\n got %q\nwant %q", i+1, s.cmd, got, s.want)
		}
	}
}

// The basics of the specification: preprocessing (control characters,
// comments, tabs, blank lines), ids echoed, case-sensitive command names,
// the standard failure messages.
func TestProtocolBasics(t *testing.T) {
	runSteps(t, newEngine(t, Config{}), []step{
		{"protocol_version", "= 2\n\n"},
		{"12 protocol_version", "=12 2\n\n"},
		{"  12\tname  # the engine's name", "=12 boardrepl\n\n"},
		{"name\r", "= boardrepl\n\n"},
		{"na\x01me\x7f", "= boardrepl\n\n"},
		{"# a comment line", "(no answer)"},
		{" \t ", "(no answer)"},
		{"", "(no answer)"},
		{"NAME", "? unknown command\n\n"},
		{"7 frobnicate d4", "?7 unknown command\n\n"},
		{"7", "?7 syntax error: a command must follow the id 7\n\n"},
		{"known_command genmove", "= true\n\n"},
		{"known_command gogui-rules_legal_moves", "= true\n\n"},
		{"known_command frobnicate", "= false\n\n"},
		{"known_command", "? syntax error: want known_command NAME\n\n"},
		{"komi 6.5", "= \n\n"},
		{"komi -0.5", "= \n\n"},
		{"komi six", "? syntax error: komi \"six\" is not a number\n\n"},
		{"gogui-rules_game_id", "= Konobi\n\n"},
		{"3 quit", "=3 \n\n"},
	})
}

// list_commands names every command, one a line, and known_command agrees.
func TestListCommands(t *testing.T) {
	e := newEngine(t, Config{})
	got, _ := e.Command(context.Background(), "list_commands")
	names := strings.Split(strings.TrimSuffix(strings.TrimPrefix(got, "= "), "\n\n"), "\n")
	if len(names) != len(verbs) {
		t.Fatalf("%d names, want %d: %q", len(names), len(verbs), got)
	}
	// The commands of the specification's list that a Konobi engine has.
	for _, want := range []string{"protocol_version", "name", "version", "known_command", "list_commands", "quit",
		"boardsize", "clear_board", "komi", "play", "genmove", "undo", "showboard", "final_score",
		"time_settings", "time_left", "reg_genmove"} {
		found := false
		for _, n := range names {
			found = found || n == want
		}
		if !found {
			t.Errorf("list_commands lacks %s", want)
		}
	}
	for _, n := range names {
		if a, _ := e.Command(context.Background(), "known_command "+n); a != "= true\n\n" {
			t.Errorf("known_command %s: %q", n, a)
		}
	}
}

// boardsize takes N or N N (HexGUI), within Konobi's sizes; it starts an
// empty board.
func TestBoardsize(t *testing.T) {
	runSteps(t, newEngine(t, Config{}), []step{
		{"play b d4", "= \n\n"},
		{"boardsize 5", "= \n\n"},
		{"gogui-rules_board", "= . . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n\n"},
		{"boardsize 9 9", "= \n\n"},
		{"gogui-rules_board_size", "= 9\n\n"},
		{"boardsize 8 9", "? unacceptable size: Konobi's board is square, not 8 x 9\n\n"},
		{"boardsize 1", "? unacceptable size: 1: want 2 to 25\n\n"},
		{"boardsize 26", "? unacceptable size: 26: want 2 to 25\n\n"},
		{"boardsize x", "? syntax error: board size \"x\" is not a number\n\n"},
		{"boardsize", "? syntax error: want boardsize N, or boardsize N N\n\n"},
		{"gogui-rules_board_size", "= 9\n\n"},
		{"play b j9", "= \n\n"},
		{"clear_board", "= \n\n"},
		{"boardrepl-position", "= 9/9/9/9/9/9/9/9/9 b -\n\n"},
	})
}

// Every way a play can fail, with the reasons in Konobi's terms. The
// crosscut and the needless weak connection are those of a peer's game
// (rules/konobi/testdata/games.jsonl, match4_crosscut: W e1 and B i3),
// the crosscut checked by hand: e1 and f2 white, e2 and f1 black.
func TestPlayErrors(t *testing.T) {
	runSteps(t, newEngine(t, Config{}), []step{
		{"boardsize 9", "= \n\n"},
		{"play b F1", "= \n\n"},
		{"play b G1", "? illegal move: it is white's turn, not black's\n\n"},
		{"play w F1", "? illegal move: F1 is occupied by a black stone\n\n"},
		{"play w swap", "= \n\n"},
		{"play w swap", "? illegal move: swap is not available now: only white may swap, on white's first turn, instead of placing\n\n"},
		{"play w f2", "= \n\n"},
		{"play b g1", "= \n\n"},
		{"play w g2", "= \n\n"},
		{"play b d2", "= \n\n"},
		{"play w f3", "= \n\n"},
		{"play b e2", "= \n\n"},
		{"play w e1", "? illegal move: E1 would form a crosscut in the square E1-F2\n\n"},
		{"play w pass", "? illegal move: pass is not allowed: white has a legal placement (A1)\n\n"},
		{"play w K1", "? illegal move: K1 is off the 9x9 board (columns A-J, rows 1-9)\n\n"},
		{"play w A10", "? illegal move: A10 is off the 9x9 board (columns A-J, rows 1-9)\n\n"},
		{"play w I1", "? syntax error: \"I1\" is not a vertex: GTP has no column I (H is followed by J); Konobi's letters a, b, c... are read with --coords hex\n\n"},
		{"play w d", "? syntax error: \"d\" is not a vertex: want a point such as D4, pass or swap\n\n"},
		{"play w 4d", "? syntax error: \"4d\" is not a vertex: want a point such as D4, pass or swap\n\n"},
		{"play w d0", "? syntax error: \"d0\" is not a vertex: want a point such as D4, pass or swap\n\n"},
		{"play red d4", "? syntax error: \"red\" is not a colour: want b, w, black or white\n\n"},
		{"play w", "? syntax error: want play COLOUR VERTEX\n\n"},
		{"play w d4 d5", "? syntax error: want play COLOUR VERTEX\n\n"},
		{"play W D3", "= \n\n"},
		{"play BLACK e3", "= \n\n"},
		{"gogui-rules_board", "= . . . . . . . . .\n" +
			". . . . . . . . .\n" +
			". . . . . . . . .\n" +
			". . . . . . . . .\n" +
			". . . . . . . . .\n" +
			". . . . . . . . .\n" +
			". . . O X O . . .\n" +
			". . . X X O O . .\n" +
			". . . . . X X . .\n\n"},
	})
}

// The peer game's needless weak connection (B i3, which is J3 in GTP's
// columns) read in both conventions.
func TestWeakConnectionReason(t *testing.T) {
	moves := "f1 swap f2 g1 g2 d2 f3 e2 d3 e3 e5 e4 f5 g5 f4 d4 d5 c6 c5 a5 a6 h1 b6 h2 h4 i4 g4"
	for _, c := range []struct {
		coords Coords
		want   string
	}{
		{GoCoords, "? illegal move: J3 would be weakly connected to H2, which has a strong alternative at J2\n\n"},
		{HexCoords, "? illegal move: i3 would be weakly connected to h2, which has a strong alternative at i2\n\n"},
	} {
		e := newEngine(t, Config{Coords: c.coords})
		steps := []step{{"boardsize 9", "= \n\n"}}
		for i, m := range strings.Fields(moves) {
			v := m
			if m != "swap" {
				v = c.coords.format(m)
			}
			// Black, then White swaps and places: from then on White
			// places at even indices.
			col := "b"
			if i == 1 || i >= 2 && i%2 == 0 {
				col = "w"
			}
			steps = append(steps, step{"play " + col + " " + v, "= \n\n"})
		}
		steps = append(steps, step{"play b " + c.coords.format("i3"), c.want})
		runSteps(t, e, steps)
	}
}

// genmove plays and answers the searcher's move; reg_genmove answers it
// without playing; the wrong colour is refused; the colour that has lost
// resigns, and final_score names the winner.
func TestGenmove(t *testing.T) {
	runSteps(t, newEngine(t, Config{}), []step{
		{"boardsize 3", "= \n\n"},
		{"final_score", "? cannot score: the game is not over\n\n"},
		{"gogui-rules_final_result", "? cannot score: the game is not over\n\n"},
		{"genmove w", "? it is black's turn, not white's\n\n"},
		{"reg_genmove b", "= A1\n\n"},
		{"genmove b", "= A1\n\n"},
		{"reg_genmove b", "? it is white's turn, not black's\n\n"},
		{"genmove white", "= B1\n\n"},
		{"undo", "= \n\n"},
		{"play w c1", "= \n\n"},
		{"play b a2", "= \n\n"},
		{"gogui-rules_side_to_move", "= white\n\n"},
		{"play w c2", "= \n\n"},
		{"play b a3", "= \n\n"},
		{"final_score", "= B+\n\n"},
		{"gogui-rules_final_result", "= black wins (black connected top and bottom)\n\n"},
		{"gogui-rules_legal_moves", "= \n\n"},
		{"genmove w", "= resign\n\n"},
		{"reg_genmove w", "= resign\n\n"},
		{"genmove b", "? the game is over: black wins (black connected top and bottom)\n\n"},
		{"play w b2", "? illegal move: the game is over: black wins (black connected top and bottom)\n\n"},
		{"undo", "= \n\n"},
		{"final_score", "? cannot score: the game is not over\n\n"},
		{"undo", "= \n\n"},
		{"undo", "= \n\n"},
		{"undo", "= \n\n"},
		{"undo", "= \n\n"},
		{"undo", "? cannot undo: no move to take back\n\n"},
	})
}

// The swap: play accepts its three names on White's first turn, then
// White places again; genmove picks it unless NoSwap.
func TestSwap(t *testing.T) {
	for _, word := range []string{"swap", "SWAP-SIDES", "swap-pieces"} {
		runSteps(t, newEngine(t, Config{}), []step{
			{"play b swap", "? illegal move: swap is not available now: only white may swap, on white's first turn, instead of placing\n\n"},
			{"play b d4", "= \n\n"},
			{"boardrepl-position", "= 8/8/8/8/3B4/8/8/8 w swap\n\n"},
			{"play w " + word, "= \n\n"},
			{"boardrepl-position", "= 8/8/8/8/3B4/8/8/8 w -\n\n"},
			{"gogui-rules_side_to_move", "= white\n\n"},
			{"play b e5", "? illegal move: it is white's turn, not black's\n\n"},
			{"play w e5", "= \n\n"},
			{"undo", "= \n\n"},
			{"undo", "= \n\n"},
			{"boardrepl-position", "= 8/8/8/8/3B4/8/8/8 w swap\n\n"},
		})
	}
	// Moves lists the swap last: a searcher taking the last move swaps
	// when it may.
	last := func(_ context.Context, g rules.Game, _ searcher.Limits, _ func(searcher.Info)) (rules.Move, error) {
		ms := g.Moves(nil)
		return ms[len(ms)-1], nil
	}
	runSteps(t, newEngine(t, Config{Search: last}), []step{
		{"play b a1", "= \n\n"},
		{"genmove w", "= swap\n\n"},
		{"boardrepl-position", "= 8/8/8/8/8/8/8/B7 w -\n\n"},
	})
	runSteps(t, newEngine(t, Config{Search: last, NoSwap: true}), []step{
		{"play b a1", "= \n\n"},
		{"genmove w", "= H8\n\n"},
		{"boardrepl-position", "= 7W/8/8/8/8/8/8/B7 b -\n\n"},
	})
}

// The forced pass of a peer's game (games.jsonl, match5_pass): after B b3
// White has no legal placement. The session plays the pass at once; the
// controller may then send it, ask genmove for it, or leave it out.
func TestForcedPass(t *testing.T) {
	moves := "a1 b4 c2 e5 e4 e1 c1 b2 d4 a2 b5 d3 b1 a4 a3 d5 d2 e3 c5 d1 a5 e2 b3"
	setup := func(e *Engine) {
		t.Helper()
		steps := []step{{"boardsize 5", "= \n\n"}}
		for i, m := range strings.Fields(moves) {
			steps = append(steps, step{"play " + [2]string{"b", "w"}[i%2] + " " + m, "= \n\n"})
		}
		runSteps(t, e, steps)
	}
	board := "= X X X O O\n" +
		"O O . X X\n" +
		"X X . O O\n" +
		"O O X X O\n" +
		"X X X O O\n\n"
	// The controller sends the pass.
	e := newEngine(t, Config{})
	setup(e)
	runSteps(t, e, []step{
		{"gogui-rules_board", board},
		{"gogui-rules_side_to_move", "= black\n\n"},
		{"gogui-rules_legal_moves", "= C3 C4\n\n"},
		{"play b pass", "? illegal move: pass is not allowed: black has a legal placement (C3)\n\n"},
		{"play w pass", "= \n\n"},
		{"play w pass", "? illegal move: it is black's turn, not white's\n\n"},
		{"undo", "= \n\n"}, // the pass alone
		{"gogui-rules_side_to_move", "= white\n\n"},
		{"gogui-rules_legal_moves", "= pass\n\n"},
		{"genmove w", "= pass\n\n"},
		{"play b c4", "= \n\n"},
		{"final_score", "= B+\n\n"},
	})
	// The controller asks genmove for it.
	e = newEngine(t, Config{})
	setup(e)
	runSteps(t, e, []step{
		{"reg_genmove w", "= pass\n\n"},
		{"genmove w", "= pass\n\n"},
		{"genmove w", "? it is black's turn, not white's\n\n"},
		{"genmove b", "= C3\n\n"}, // the first legal point: it wins too
		{"final_score", "= B+\n\n"},
	})
	// The controller leaves it out: undo takes back B b3 with the pass.
	e = newEngine(t, Config{})
	setup(e)
	runSteps(t, e, []step{
		{"play b c4", "= \n\n"},
		{"final_score", "= B+\n\n"},
		{"undo", "= \n\n"},
		{"undo", "= \n\n"},
		{"gogui-rules_side_to_move", "= black\n\n"},
		{"boardrepl-position", "= BBBWW/WW1BB/B2WW/WWBBW/BBBWW b -\n\n"},
	})
}

// showboard draws the board with GTP's columns, the top rank first.
func TestShowboard(t *testing.T) {
	for _, c := range []struct {
		coords Coords
		want   string
	}{
		{GoCoords, "= \n" +
			"    A B C D E F G H J\n" +
			"  9 . . . . . . . . . 9\n" +
			"  8 . . . . . . . . . 8\n" +
			"  7 . . . . . . . . . 7\n" +
			"  6 . . . . . . . . . 6\n" +
			"  5 . . . . . . . . . 5\n" +
			"  4 . . . . . . . . . 4\n" +
			"  3 . . . . . . . . . 3\n" +
			"  2 . . . . . . . . . 2\n" +
			"  1 X . . . . . . . O 1\n" +
			"    A B C D E F G H J\n" +
			"black (X) joins top and bottom, white (O) left and right\n" +
			"black to place\n\n"},
		{HexCoords, "= \n" +
			"    a b c d e f g h i\n" +
			"  9 . . . . . . . . . 9\n" +
			"  8 . . . . . . . . . 8\n" +
			"  7 . . . . . . . . . 7\n" +
			"  6 . . . . . . . . . 6\n" +
			"  5 . . . . . . . . . 5\n" +
			"  4 . . . . . . . . . 4\n" +
			"  3 . . . . . . . . . 3\n" +
			"  2 . . . . . . . . . 2\n" +
			"  1 X . . . . . . . O 1\n" +
			"    a b c d e f g h i\n" +
			"black (X) joins top and bottom, white (O) left and right\n" +
			"black to place\n\n"},
	} {
		e := newEngine(t, Config{Coords: c.coords, Options: rules.Options{"size": "9"}})
		runSteps(t, e, []step{
			{"play b a1", "= \n\n"},
			{"play w " + c.coords.format("i1"), "= \n\n"},
			{"showboard", c.want},
		})
	}
	runSteps(t, newEngine(t, Config{Options: rules.Options{"size": "10"}}), []step{
		{"play b d4", "= \n\n"},
		{"showboard", "= \n    A B C D E F G H J K\n 10 . . . . . . . . . . 10\n..."},
		{"all_legal_moves w", "= A1 B1 C1 D1 E1 F1 G1 H1 J1 K1 A2..."},
		{"all_legal_moves b", "= \n\n"},
	})
}

// Coordinates: GTP's columns skip I, HexGUI's and Konobi's do not.
func TestVertices(t *testing.T) {
	for _, c := range []struct {
		coords Coords
		in     string
		n      int
		want   string // Konobi's text, or the error
	}{
		{GoCoords, "A1", 9, "a1"},
		{GoCoords, "h8", 9, "h8"},
		{GoCoords, "J9", 9, "i9"},
		{GoCoords, "j9", 9, "i9"},
		{GoCoords, "Z25", 25, "y25"},
		{GoCoords, "I5", 9, `"I5" is not a vertex: GTP has no column I (H is followed by J); Konobi's letters a, b, c... are read with --coords hex`},
		{GoCoords, "K1", 9, "K1 is off the 9x9 board (columns A-J, rows 1-9)"},
		{GoCoords, "PASS", 9, "pass"},
		{GoCoords, "Swap-Pieces", 9, "swap"},
		{HexCoords, "i9", 9, "i9"},
		{HexCoords, "I9", 9, "i9"},
		{HexCoords, "j9", 9, "j9 is off the 9x9 board (columns a-i, rows 1-9)"},
		{HexCoords, "y25", 25, "y25"},
		{HexCoords, "a26", 25, "a26 is off the 25x25 board (columns a-y, rows 1-25)"},
		{HexCoords, "a100", 25, `"a100" is not a vertex: want a point such as d4, pass or swap`},
		{HexCoords, "resign", 9, `"resign" is not a vertex: want a point such as d4, pass or swap`},
		{HexCoords, "a1", 2, "a1"},
		{HexCoords, "?", 2, `"?" is not a vertex: want a point such as b2, pass or swap`},
	} {
		v, err := c.coords.parseVertex(c.in, c.n)
		got := v.text()
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%v %q on %d: got %q, want %q", c.coords, c.in, c.n, got, c.want)
		}
	}
	for _, c := range []struct {
		coords    Coords
		in, want  string
		formatted bool
	}{
		{GoCoords, "i9", "J9", true},
		{GoCoords, "h8", "H8", true},
		{GoCoords, "y25", "Z25", true},
		{HexCoords, "i9", "i9", true},
		{GoCoords, "pass", "pass", true},
		{GoCoords, "swap", "swap", true},
		{GoCoords, "i3 would be weakly connected to h2, which has a strong alternative at i2 (files a-i)", "J3 would be weakly connected to H2, which has a strong alternative at J2 (files a-i)", false},
	} {
		got := c.coords.format(c.in)
		if !c.formatted {
			got = c.coords.reword(c.in)
		}
		if got != c.want {
			t.Errorf("%v %q: got %q, want %q", c.coords, c.in, got, c.want)
		}
	}
	for _, s := range []string{"go", "GTP", "hex", "Konobi"} {
		if _, err := ParseCoords(s); err != nil {
			t.Errorf("ParseCoords(%q): %v", s, err)
		}
	}
	if _, err := ParseCoords("chess"); err == nil {
		t.Errorf("ParseCoords(chess): no error")
	}
}

// The answers of the analyze and rules commands gogui and HexGUI read.
func TestGUICommands(t *testing.T) {
	runSteps(t, newEngine(t, Config{Options: rules.Options{"size": "4"}}), []step{
		{"gogui-analyze_commands", "= plist/Legal Points/all_legal_moves %m\nstring/ShowBoard/showboard\nstring/Final Score/final_score\nstring/Position/boardrepl-position\nvarc/Reg GenMove/reg_genmove %c\n\n"},
		{"hexgui-analyze_commands", "= plist/Legal Points/all_legal_moves %m\n..."},
		{"gogui-rules_board_size", "= 4\n\n"},
		{"gogui-rules_side_to_move", "= black\n\n"},
		{"gogui-rules_legal_moves", "= A1 B1 C1 D1 A2 B2 C2 D2 A3 B3 C3 D3 A4 B4 C4 D4\n\n"},
		{"play b b2", "= \n\n"},
		// White may place anywhere else (a white stone is never weakly
		// connected to a black one); the swap is not a point.
		{"gogui-rules_legal_moves", "= A1 B1 C1 D1 A2 C2 D2 A3 B3 C3 D3 A4 B4 C4 D4\n\n"},
		{"play w c3", "= \n\n"},
		// Black: c2 and b3 are strong to b2; a1 c1 a3 would be weak
		// connections to b2 with strong alternatives.
		{"gogui-rules_legal_moves", "= B1 D1 A2 C2 D2 B3 D3 A4 B4 C4 D4\n\n"},
		{"all_legal_moves", "= B1 D1 A2 C2 D2 B3 D3 A4 B4 C4 D4\n\n"},
		{"gogui-rules_board", "= . . . .\n. . O .\n. X . .\n. . . .\n\n"},
	})
}

// A clock feeds the shared time manager (engine.Budget); the engine counts
// its own moves off it between two time_left. Each search here takes 5 s
// of the fake clock; the overhead is the default 30 ms.
func TestClock(t *testing.T) {
	var got searcher.Limits
	record := func(ctx context.Context, g rules.Game, lim searcher.Limits, info func(searcher.Info)) (rules.Move, error) {
		got = lim
		return searcher.FirstLegal(ctx, g, lim, info)
	}
	now := time.Unix(0, 0)
	tick := func() time.Time { now = now.Add(5 * time.Second / 2); return now }
	const oh = 30 * time.Millisecond
	// The moves left on the empty 8x8 board, as the shared time manager
	// guesses them (engine.MovesLeft: half the empty cells and 2; it
	// counts only cells not marked special, and Konobi marks its edges,
	// so today it counts the 36 inner points: 20).
	empty, _ := konobi.New(8)
	ml := time.Duration(engine.MovesLeft(empty))
	for _, c := range []struct {
		name       string
		cfg        Config
		cmds       []string
		soft, hard time.Duration
	}{
		{"no clock: the default move time", Config{}, nil, 0, time.Second},
		{"no clock: the flags' limits", Config{Limits: searcher.Limits{Nodes: 500}}, nil, 0, 0},
		{"byo-yomi without stones: no limit", Config{}, []string{"time_settings 60 30 0"}, 0, time.Second},
		{"0 0 0: no limit", Config{}, []string{"time_settings 0 0 0"}, 0, time.Second},
		// soft = usable/moves left, hard = min(3 soft, usable/3).
		{"absolute", Config{}, []string{"time_settings 600 0 0"}, (600*time.Second - oh) / ml, 3 * ((600*time.Second - oh) / ml)},
		// A move time below the clock's hard limit stays.
		{"absolute with a move time", Config{Limits: searcher.Limits{Time: 2 * time.Second}}, []string{"time_settings 600 0 0"}, 0, 2 * time.Second},
		// Byo-yomi from the start, 30 s for 5 stones: soft = usable/5,
		// hard = min(3 soft, usable/3) = usable/3.
		{"byo-yomi", Config{}, []string{"time_settings 0 30 5"}, (30*time.Second - oh) / 5, (30*time.Second - oh) / 3},
		// Main time of 60 s, byo-yomi to come: the first period move's
		// budget is larger than main time's (3 s and 9 s).
		{"main then byo-yomi", Config{}, []string{"time_settings 60 30 5"}, (30*time.Second - oh) / 5, (30*time.Second - oh) / 3},
		// One stone to play in the period: 9/10 of what is left.
		{"time_left in byo-yomi", Config{}, []string{"time_settings 60 30 5", "time_left b 12 1"}, (12*time.Second - oh) * 9 / 10, (12*time.Second - oh) * 9 / 10},
		{"time_left without time_settings", Config{}, []string{"time_left black 90 0"}, (90*time.Second - oh) / ml, 3 * ((90*time.Second - oh) / ml)},
		{"time_left of the other colour", Config{}, []string{"time_settings 0 30 5", "time_left w 1 1"}, (30*time.Second - oh) / 5, (30*time.Second - oh) / 3},
	} {
		e := newEngine(t, Config{Search: record, Limits: c.cfg.Limits, Now: tick})
		for _, cmd := range c.cmds {
			if a, _ := e.Command(context.Background(), cmd); a != "= \n\n" {
				t.Fatalf("%s: %s: %q", c.name, cmd, a)
			}
		}
		if a, _ := e.Command(context.Background(), "genmove b"); a != "= A1\n\n" {
			t.Fatalf("%s: genmove: %q", c.name, a)
		}
		want := c.cfg.Limits
		want.Soft, want.Time = c.soft, c.hard
		if want.Nodes == 0 && c.hard == 0 {
			t.Fatalf("%s: the case wants no limit at all", c.name)
		}
		if got != want {
			t.Errorf("%s: limits %+v, want %+v", c.name, got, want)
		}
	}
	// The engine's count goes on from move to move; a new game starts the
	// clocks afresh.
	e := newEngine(t, Config{Search: record, Now: tick})
	runSteps(t, e, []step{{"time_settings 600 0 0", "= \n\n"}, {"genmove b", "= A1\n\n"}})
	first := got
	runSteps(t, e, []step{{"genmove w", "= B1\n\n"}, {"genmove b", "= C1\n\n"}})
	if got == first {
		t.Errorf("the third move's budget %+v: the first move's 2.5 s not counted", got)
	}
	runSteps(t, e, []step{{"clear_board", "= \n\n"}, {"genmove b", "= A1\n\n"}})
	if got != first {
		t.Errorf("after clear_board: %+v, want the first move's %+v", got, first)
	}
	runSteps(t, newEngine(t, Config{}), []step{
		{"time_settings 60 30", "? syntax error: want time_settings MAIN BYO STONES\n\n"},
		{"time_settings 60 -1 5", "? syntax error: \"-1\" is not a number of seconds\n\n"},
		{"time_settings 60 30 x", "? syntax error: \"x\" is not a number of stones\n\n"},
		{"time_settings 1.5 30 5", "? syntax error: \"1.5\" is not a number of seconds\n\n"},
		{"time_left b 30", "? syntax error: want time_left COLOUR SECONDS STONES\n\n"},
		{"time_left g 30 0", "? syntax error: \"g\" is not a colour: want b, w, black or white\n\n"},
	})
}

// The engine's own count between two time_left: main time, then the
// period it runs into, which starts over after its stones; a new game
// starts from time_settings' times again.
func TestClockSpend(t *testing.T) {
	var c clock
	c.settings(60*time.Second, 30*time.Second, 2)
	c.spend(0, 50*time.Second)
	if c.left[0] != 10*time.Second || c.period[0] != 0 {
		t.Fatalf("after 50 s of 60: %v, %d stones", c.left[0], c.period[0])
	}
	c.spend(0, 20*time.Second) // 10 s of main time, 10 s of the period
	if c.left[0] != 20*time.Second || c.period[0] != 1 {
		t.Fatalf("into byo-yomi: %v, %d stones", c.left[0], c.period[0])
	}
	c.spend(0, 15*time.Second) // the period's last stone: a new period
	if c.left[0] != 30*time.Second || c.period[0] != 2 {
		t.Fatalf("a new period: %v, %d stones", c.left[0], c.period[0])
	}
	if c.left[1] != 60*time.Second || c.period[1] != 0 {
		t.Fatalf("white's clock moved: %v, %d stones", c.left[1], c.period[1])
	}
	c.settings(10*time.Second, 0, 0)
	c.spend(1, 12*time.Second)
	if c.left[1] != -2*time.Second || c.period[1] != 0 {
		t.Fatalf("absolute time past zero: %v, %d stones", c.left[1], c.period[1])
	}
	c.settings(60*time.Second, 30*time.Second, 2)
	c.spend(0, 70*time.Second)
	c.newGame()
	if c.left[0] != 60*time.Second || c.period[0] != 0 || !c.on {
		t.Fatalf("a new game: %v, %d stones", c.left[0], c.period[0])
	}
	c = clock{}
	c.timeLeft(1, 5*time.Second, 0)
	c.newGame()
	if c.on {
		t.Fatalf("a new game after time_left alone: the clock is still on")
	}
	var off clock
	off.spend(0, time.Second)
	if off.on || off.left[0] != 0 {
		t.Fatalf("no clock: %+v", off)
	}
}

// The size option sets the board at the start; New refuses a bad one.
func TestNew(t *testing.T) {
	e := newEngine(t, Config{Options: rules.Options{"size": "6"}})
	if n := e.game().Size(); n != 6 {
		t.Errorf("size %d, want 6", n)
	}
	if _, err := New(&strings.Builder{}, Config{Options: rules.Options{"size": "99"}}); err == nil {
		t.Errorf("size 99: no error")
	}
}

// Run answers line by line until quit, and nothing after it.
func TestRun(t *testing.T) {
	var out strings.Builder
	e, err := New(&out, Config{Search: searcher.FirstLegal})
	if err != nil {
		t.Fatal(err)
	}
	in := "\ufeff1 name\n# comment\n\n2 boardsize 3\r\n3 genmove b\n4 quit\n5 name\n"
	if err := e.Run(context.Background(), strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	if want := "=1 boardrepl\n\n=2 \n\n=3 A1\n\n=4 \n\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// A line longer than the bound is answered with an error (the command and
// its id cannot be read) and the session goes on: one answer a line, as a
// controller counts them.
func TestRunLongLine(t *testing.T) {
	var out strings.Builder
	e, err := New(&out, Config{Search: searcher.FirstLegal})
	if err != nil {
		t.Fatal(err)
	}
	in := "1 name\n2 play b " + strings.Repeat("A1 ", 1<<19) + "\n3 boardsize 3\n4 genmove b\n"
	if err := e.Run(context.Background(), strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	want := "=1 boardrepl\n\n? line 2 is longer than 1048576 bytes: ignored\n\n=3 \n\n=4 A1\n\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}
