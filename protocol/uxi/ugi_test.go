package uxi

import (
	"context"
	"strings"
	"testing"
	"time"

	"boardrepl/protocol/searcher"
	"boardrepl/rules"
	"boardrepl/rules/engine"

	_ "boardrepl/rules/all"
)

func lookup(t *testing.T, id string) *rules.Info {
	t.Helper()
	info, err := rules.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return info
}

func TestUGIHandshake(t *testing.T) {
	got := run(t, Config{Dialect: UGI, NewSearch: first}, "ugi\nisready\nuginewgame\nuainewgame\nisready\nquit\n")
	want := `id name boardrepl
id author the boardrepl authors
option name Hash type spin default 16 min 1 max 4096
option name Threads type spin default 1 min 1 max 64
option name MultiPV type spin default 1 min 1 max 1000
option name Network type check default true
option name EvalFile type string default <built-in>
ugiok
readyok
info string unknown command: uainewgame
readyok
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// UAI has no query.
	if got := run(t, Config{NewSearch: first}, "query p1turn\n"); got != "info string unknown command: query\n" {
		t.Errorf("uai query: %q", got)
	}
}

// The answers to query, hand-checked against the rules in docs/rules: p1
// is the player who had side 0 (x, black, north, white) at the start, and
// the Konobi swap gives the second player black, so that the first now
// places white.
func TestQuery(t *testing.T) {
	for _, tc := range []struct {
		game, position string
		over, p1turn   bool
		result         string
	}{
		{"ataxx", "startpos", false, true, "none"},
		{"ataxx", "startpos moves f2", false, false, "none"},
		{"ataxx", "fen x5o/7/7/7/7/7/o5x o 0 1", false, false, "none"},
		// No blue piece left: red wins; no red piece: blue wins.
		{"ataxx", "fen x6/7/7/7/7/7/7 o 0 1", true, false, "p1win"},
		{"ataxx", "fen o6/7/7/7/7/7/7 x 0 1", true, true, "p2win"},
		// The halfmove clock at 100: a draw.
		{"ataxx", "fen x5o/7/7/7/7/7/o5x x 100 60", true, true, "draw"},
		// Blue walled in by blocks must pass: the pass is a move.
		{"ataxx", "fen -----1x/-----2/-----2/-------/-------/-------/o------ o 0 1 moves 0000", false, true, "none"},
		{"konobi", "startpos", false, true, "none"},
		{"konobi", "startpos moves d4", false, false, "none"},
		{"konobi", "startpos moves d4 swap", false, true, "none"},
		{"konobi", "startpos moves d4 swap e5", false, false, "none"},
		{"konobi", "fen 8/8/8/8/3B4/8/8/8 w swap moves swap", false, true, "none"},
		// 2x2: black a1 and a2 join the bottom and the top.
		{"konobi", "fen 2/2 b - moves a1 b1 a2", true, false, "p1win"},
		{"konobi", "fen 2/2 b - moves a1 swap b1 a2", true, true, "p2win"},
		// White a2 and b2 join the left and the right edge; after the
		// swap white is the first player's.
		{"konobi", "fen 2/2 b - moves a1 swap a2 b1", false, true, "none"},
		{"konobi", "fen 2/2 b - moves a1 swap a2 b1 b2", true, false, "p1win"},
		{"oware", "startpos", false, true, "none"},
		{"oware", "startpos moves A", false, false, "none"},
		{"tablut", "startpos", false, true, "none"},
		{"tablut", "startpos moves e3-h3", false, false, "none"},
	} {
		t.Run(tc.game+" "+tc.position, func(t *testing.T) {
			cfg := Config{Dialect: UGI, Game: lookup(t, tc.game), NewSearch: first}
			got := run(t, cfg, "position "+tc.position+"\nquery gameover\nquery p1turn\nquery result\n")
			want := "response " + map[bool]string{true: "true", false: "false"}[tc.over] + "\n" +
				"response " + map[bool]string{true: "true", false: "false"}[tc.p1turn] + "\n" +
				"response " + tc.result + "\n"
			if got != want {
				t.Errorf("got:\n%swant:\n%s", got, want)
			}
		})
	}
}

func TestQueryErrors(t *testing.T) {
	got := run(t, Config{Dialect: UGI, NewSearch: first}, "query\nquery p2turn\nquery result now\n")
	want := `info string error: query: want gameover, p1turn or result
info string error: query "p2turn": want gameover, p1turn or result
info string error: query: want gameover, p1turn or result
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// The clock of go is the player to move's: in UGI p1's (p1time, or btime
// as arbiter writes it) while the first player is to move, whichever
// colour the Konobi swap gave them; in UAI the colour to move's.
func TestClockOfThePlayerToMove(t *testing.T) {
	const short, long = 1000, 600000
	for _, tc := range []struct {
		dialect  *Dialect
		game     string
		position string
		goArgs   string
		clock    int // the clock (ms) the budget must come from
	}{
		{UGI, "ataxx", "startpos", "p1time 1000 p2time 600000", short},
		{UGI, "ataxx", "startpos", "p1time 600000 p2time 1000", long},
		{UGI, "ataxx", "startpos moves f2", "p1time 600000 p2time 1000", short},
		{UGI, "ataxx", "startpos", "btime 1000 wtime 600000", short},
		{UGI, "ataxx", "startpos moves f2", "btime 1000 wtime 600000", long},
		{UGI, "konobi", "startpos moves d4", "p1time 600000 p2time 1000", short},
		{UGI, "konobi", "startpos moves d4 swap", "p1time 1000 p2time 600000", short},
		{UAI, "ataxx", "startpos", "btime 1000 wtime 600000", short},
		{UAI, "ataxx", "startpos moves f2", "btime 1000 wtime 600000", long},
		// UAI's w is the colour white, to place after the swap too.
		{UAI, "konobi", "startpos moves d4 swap", "btime 1000 wtime 600000", long},
	} {
		t.Run(tc.dialect.Name+" "+tc.game+" "+tc.position+" "+tc.goArgs, func(t *testing.T) {
			var got searcher.Limits
			info := lookup(t, tc.game)
			cfg := Config{Dialect: tc.dialect, Game: info, Overhead: 30 * time.Millisecond,
				NewSearch: func(int, int) searcher.Func {
					return func(ctx context.Context, g rules.Game, lim searcher.Limits, i func(searcher.Info)) (rules.Move, error) {
						got = lim
						return searcher.FirstLegal(ctx, g, lim, i)
					}
				}}
			out := run(t, cfg, "position "+tc.position+"\ngo "+tc.goArgs+"\n")
			if !strings.Contains(out, "bestmove ") {
				t.Fatalf("no bestmove:\n%s", out)
			}
			g := parseStreamPosition(t, "position "+tc.position).game(t, info)
			soft, hard := engine.Budget(time.Duration(tc.clock)*time.Millisecond, 0, 0, engine.MovesLeft(g), cfg.Overhead)
			if got.Time != hard || got.Soft != soft {
				t.Errorf("limits %v soft %v, want %v soft %v (from the %d ms clock)", got.Time, got.Soft, hard, soft, tc.clock)
			}
		})
	}
}
