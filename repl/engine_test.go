package repl

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"boardrepl/rules/engine"
)

func TestParseLimits(t *testing.T) {
	for _, c := range []struct {
		args string
		want string // the limits, or the error
	}{
		{"", "infinite"},
		{"depth 6", "depth 6"},
		{"time 2s nodes 5000", "nodes 5000 time 2s"},
		{"time 1.5", "time 1.5s"},
		{"DEPTH 3", "depth 3"},
		{"depth x", "go depth x: want a depth from 1 to 119 plies"},
		{"depth 0", "go depth 0: want a depth from 1 to 119 plies"},
		{"depth 500", "go depth 500: want a depth from 1 to 119 plies"},
		{"depth", "go depth: missing the value after depth (a number of plies)"},
		{"time soon", "go time soon: want a duration like 500ms, 2s or 1m"},
		{"time -1s", "go time -1s: want a positive duration"},
		{"nodes 0", "go nodes 0: want a whole number of positions, at least 1"},
		{"6", "go 6: say what the number is: go depth 6"},
		{"fast", `go fast: unknown limit "fast": want depth N, time T, nodes N, movetime MS, btime MS, wtime MS, binc MS, winc MS, movestogo N, mate N, multipv N, perft N, exact or infinite`},
		{"depth 2 depth 3", "go: depth given twice"},
		{"infinite depth 3", "go: infinite goes with no other limit"},
	} {
		sa, err := parseLimits("go", strings.Fields(c.args), true)
		got := sa.lim.String()
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("go %s: got %q, want %q", c.args, got, c.want)
		}
	}
	if _, err := parseLimits("hint", []string{"infinite"}, false); err == nil {
		t.Error("hint accepts infinite")
	}
	for args, want := range map[string]bool{"depth 3": false, "exact depth 3": true, "depth 3 EXACT": true} {
		if sa, err := parseLimits("go", strings.Fields(args), true); err != nil || sa.exact != want || sa.lim.Depth != 3 {
			t.Errorf("go %s: got %+v, %v; want exact %v at depth 3", args, sa, err, want)
		}
	}
}

// go searches with the playing (selective) engine, as match and uai play,
// and with exact with the exact one: each prints what a fresh engine of
// that kind finds in the same position (Ataxx, where the two searches
// visit different numbers of positions, so that the test tells them apart).
// The words of engine consoles: what each sets, how they combine (the
// first limit reached stops: the shorter time, the lower depth), and the
// errors, which name the word.
func TestParseConsoleWords(t *testing.T) {
	for _, c := range []struct {
		args string
		want string // the limits and what else is set, or the error
	}{
		{"movetime 300", "time 290ms"},             // 10 ms kept: MoveTime(300ms, 10ms)
		{"movetime 50", "time 45ms"},               // a tenth of a short time
		{"movetime 1000 time 500ms", "time 500ms"}, // the first reached
		{"time 500ms movetime 1000", "time 500ms"},
		{"btime 1000 wtime 2000 binc 10 winc 20 movestogo 5", "infinite clocks [1s 2s] inc [10ms 20ms] togo 5"},
		{"WTIME 0", "infinite clocks [0s 0s] (w)"},
		{"mate 3", "depth 5 exact mate 3"},
		{"mate 3 depth 4", "depth 4 exact mate 3"},
		{"depth 8 mate 2", "depth 3 exact mate 2"},
		{"mate 60", "depth 119 exact mate 60"},
		{"perft 3", "infinite perft 3"},
		{"perft 0", "infinite perft 0"},
		{"infinite exact", "infinite exact infinite"},
		{"movetime", "go movetime: missing the value after movetime (milliseconds)"},
		{"movetime 0", "go movetime 0: want whole milliseconds from 1 to 86400000 (24h)"},
		{"btime -5", "go btime -5: want whole milliseconds from 0 to 86400000 (24h)"},
		{"winc 1.5 btime 10", "go winc 1.5: want whole milliseconds from 0 to 86400000 (24h)"},
		{"movestogo 0 wtime 5", "go movestogo 0: want a whole number of moves, at least 1"},
		{"mate 0", "go mate 0: want a number of moves from 1 to 60"},
		{"mate 61", "go mate 61: want a number of moves from 1 to 60"},
		{"perft x", "go perft x: want a depth from 0 to 64"},
		{"perft 3 depth 2", "go: perft N goes alone (it counts the move tree: no search)"},
		{"binc 100", "go: binc, winc and movestogo go with the clocks btime and wtime"},
		{"movestogo 10", "go: binc, winc and movestogo go with the clocks btime and wtime"},
		{"infinite movetime 100", "go: infinite goes with no other limit"},
		{"infinite btime 100", "go: infinite goes with no other limit"},
		{"infinite mate 2", "go: infinite goes with no other limit"},
		{"infinite perft 2", "go: infinite goes with no other limit"},
		{"mate 2 mate 3", "go: mate given twice"},
		{"ponder", `go ponder: unknown limit "ponder": want depth N, time T, nodes N, movetime MS, btime MS, wtime MS, binc MS, winc MS, movestogo N, mate N, multipv N, perft N, exact or infinite`},
	} {
		sa, err := parseLimits("go", strings.Fields(c.args), true)
		got := sa.lim.String()
		if err != nil {
			got = err.Error()
		} else {
			if sa.exact {
				got += " exact"
			}
			if sa.infinite {
				got += " infinite"
			}
			if sa.mate > 0 {
				got += fmt.Sprintf(" mate %d", sa.mate)
			}
			if sa.perft != "" {
				got += " perft " + sa.perft
			}
			if sa.hasClock[0] && sa.hasClock[1] {
				got += fmt.Sprintf(" clocks %v inc %v togo %d", sa.clock, sa.inc, sa.movesToGo)
			} else if sa.hasClock[1] {
				got += fmt.Sprintf(" clocks %v (w)", sa.clock)
			}
		}
		if got != c.want {
			t.Errorf("go %s: got %q, want %q", c.args, got, c.want)
		}
	}
	// The words of go are not limits of hint, genmove and analyse.
	for _, w := range []string{"movetime 100", "mate 2", "perft 2", "btime 100", "infinite"} {
		if _, err := parseLimits("hint", strings.Fields(w), false); err == nil || !strings.Contains(err.Error(), "unknown limit") {
			t.Errorf("hint %s: %v, want an unknown limit", w, err)
		}
	}
}

func TestMultiPVArg(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"depth 3 multipv 2", "[depth 3] 2"},
		{"MULTIPV 3", "[] 3"},
		{"exact", "[exact] 0"},
		{"multipv", "go multipv: missing the value after multipv (a number of lines)"},
		{"multipv 0", "go multipv 0: want a number of lines from 1 to 1000"},
		{"multipv 1001", "go multipv 1001: want a number of lines from 1 to 1000"},
		{"multipv x", "go multipv x: want a number of lines from 1 to 1000"},
		{"multipv 2 multipv 3", "go: multipv given twice"},
	} {
		rest, n, err := multiPVArg("go", strings.Fields(c.args))
		got := fmt.Sprintf("%v %d", rest, n)
		if rest == nil {
			got = fmt.Sprintf("[] %d", n)
		}
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("multipv of %q: got %q, want %q", c.args, got, c.want)
		}
	}
}

// go with the clocks takes the side to move's (b: the side that moves
// first) and says what the time manager gives it: for x to move with
// btime 1000 binc 100 on the toy's 9 empty squares, MovesLeft is 10 (its
// floor), so the target is (1000-10)/10 + 75 = 174 ms and the hard limit
// min(3*174, 990/3+75) = 405 ms.
func TestGoClock(t *testing.T) {
	r, out, _ := newToy(t)
	ctx := context.Background()
	if err := r.Exec(ctx, "go btime 1000 wtime 5000 binc 100 depth 1"); err != nil {
		t.Fatal(err)
	}
	want := "clock: x's btime 1000 binc 100, 10 moves left (estimated): target 174 ms, at most 405 ms\n"
	if !strings.HasPrefix(out.String(), want) {
		t.Errorf("go with clocks printed\n%swant first %q", out, want)
	}
	if err := r.Exec(ctx, "a1"); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := r.Exec(ctx, "go btime 1000 wtime 3000 movestogo 2 depth 1"); err != nil {
		t.Fatal(err)
	}
	// o to move: its wtime, 2 moves to go: (3000-10)/2 = 1495 ms, the hard
	// limit min(3*1495, 2990/3) = 996.7 ms (and the target no more).
	want = "clock: o's wtime 3000 winc 0 movestogo 2, 10 moves left (estimated): target 997 ms, at most 997 ms\n"
	if !strings.HasPrefix(out.String(), want) {
		t.Errorf("go with clocks printed\n%swant first %q", out, want)
	}
	err := r.Exec(ctx, "go btime 1000")
	if err == nil || err.Error() != "go: o is to move and its clock is wtime (b is the side that moves first, w the other): give wtime" {
		t.Errorf("go btime with o to move: %v", err)
	}
}

// go multipv N prints N lines a depth, numbered, distinct moves; go mate
// and go perft say what they found.
func TestGoLinesMatePerft(t *testing.T) {
	r, out, _ := newToy(t)
	ctx := context.Background()
	if err := r.Exec(ctx, "go depth 2 multipv 3"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 7 {
		t.Fatalf("want 2 depths of 3 lines and bestmove, got:\n%s", out)
	}
	for d := 1; d <= 2; d++ {
		seen := map[string]bool{}
		for k := 1; k <= 3; k++ {
			l := lines[(d-1)*3+k-1]
			m := regexp.MustCompile(fmt.Sprintf(`^depth %d multipv %d score \S+ nodes [0-9]+ nps [0-9]+ time [0-9]+ pv ([a-c][1-3])`, d, k)).FindStringSubmatch(l)
			if m == nil || seen[m[1]] {
				t.Errorf("depth %d line %d: %q", d, k, l)
				continue
			}
			seen[m[1]] = true
		}
	}
	// x a1, o a2, x b1, o c3: x wins with c1 (three in a row), its next move.
	if err := r.Exec(ctx, "a1 a2 b1 c3"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ cmd, last string }{
		{"go mate 1", "mate 1: x wins in 1 ply (1 move)"},
		{"go mate 2 multipv 2", "mate 2: x wins in 1 ply (1 move)"},
		{"go perft 1", "perft 1: 5"},
	} {
		out.Reset()
		if err := r.Exec(ctx, c.cmd); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(out.String()); got[strings.LastIndex(got, "\n")+1:] != c.last {
			t.Errorf("%s printed\n%s\nwant the last line %q", c.cmd, got, c.last)
		}
	}
	out.Reset()
	if err := r.Exec(ctx, "undo 4"); err != nil {
		t.Fatal(err)
	}
	// From the start no one wins in 1 move; in 2, x cannot either (o
	// blocks); depth 1 cannot tell.
	for _, c := range []struct{ cmd, last string }{
		{"go mate 1", "mate 1: x has no win in 1 move (1 ply)"},
		{"go mate 2", "mate 2: x has no win in 2 moves (3 plies)"},
		{"go mate 2 depth 1", "mate 2: no win within 1 ply, the depth limit: a win in 2 moves (3 plies) needs depth 3"},
		{"go mate 5 nodes 50", "mate 5: no win within "},
	} {
		out.Reset()
		if err := r.Exec(ctx, c.cmd); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(out.String()); !strings.HasPrefix(got[strings.LastIndex(got, "\n")+1:], c.last) {
			t.Errorf("%s printed\n%s\nwant a last line %q", c.cmd, got, c.last)
		}
	}
}

// hint multipv N suggests the N best moves; genmove COLOR plays for the
// side to move only; play COLOR MOVE as GTP writes it.
func TestHintLinesAndGTPColours(t *testing.T) {
	r, out, _ := newToy(t)
	ctx := context.Background()
	if err := r.Exec(ctx, "hint depth 2 multipv 4"); err != nil {
		t.Fatal(err)
	}
	hints := regexp.MustCompile(`(?m)^hint ([1-4]): ([a-c][1-3]) \(score \S+ for x, depth 2; line [a-c][1-3] [a-c][1-3]\)$`).FindAllStringSubmatch(out.String(), -1)
	if len(hints) != 4 {
		t.Fatalf("hint multipv 4 printed\n%s", out)
	}
	seen := map[string]bool{}
	for i, h := range hints {
		if h[1] != fmt.Sprint(i+1) || seen[h[2]] {
			t.Errorf("hint line %d: %q", i+1, h[0])
		}
		seen[h[2]] = true
	}
	for _, c := range []struct{ line, want string }{
		{"genmove o", "genmove o: x is to move (the prompt plays in turn)"},
		{"genmove white", "genmove white: no side white in Toy: its sides are x and o"},
		{"play o a1", "play o a1: x is to move (the prompt plays in turn)"},
		{"play b a1", "play b: no side b in Toy: its sides are x and o"},
		{"play x a1", ""},
		{"genmove O depth 1", ""},
		{"play x c1 c2", ""},
		{"boardsize 4", "boardsize 4: Toy has one board (3x3); no game has a board size"},
		{"list_commands x", `list_commands takes no arguments (got "x")`},
		{"clear_board now", `clear_board takes no arguments (got "now")`},
	} {
		err := r.Exec(ctx, c.line)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.line, got, c.want)
		}
	}
	if r.s.Cursor() != 4 {
		t.Errorf("after play x a1, genmove O and play x c1 c2: %d plies, want 4", r.s.Cursor())
	}
	if err := r.Exec(ctx, "clear_board"); err != nil || r.s.Cursor() != 0 {
		t.Errorf("clear_board: %v, %d plies", err, r.s.Cursor())
	}
	out.Reset()
	if err := r.Exec(ctx, "list_commands"); err != nil {
		t.Fatal(err)
	}
	names := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(names) != len(commands) || !slices.IsSorted(names) || !slices.Contains(names, "list_commands") || slices.Contains(names, "legal") {
		t.Errorf("list_commands printed %d names (%d commands), sorted %v: %v", len(names), len(commands), slices.IsSorted(names), names)
	}
}

func TestGoSearchesAsPlay(t *testing.T) {
	r, out, _ := newToy(t)
	s := r.s
	ctx := context.Background()
	var nodes [2]int64
	for i, exact := range []bool{false, true} {
		cmd := "go depth 5"
		if exact {
			cmd += " exact"
		}
		out.Reset()
		if err := r.Exec(ctx, cmd); err != nil {
			t.Fatal(err)
		}
		res, err := engine.New(engine.Options{Selective: !exact, NoBook: true}).Search(ctx, s.Game(), engine.Limits{Depth: 5}, nil)
		if err != nil {
			t.Fatal(err)
		}
		nodes[i] = res.Nodes
		want := fmt.Sprintf("depth 5 score %s nodes %d ", engine.FormatScore(res.Score), res.Nodes)
		best := fmt.Sprintf("bestmove %s score %s depth 5\n", res.BestText, engine.FormatScore(res.Score))
		if !strings.Contains(out.String(), "\n"+want) || !strings.HasSuffix(out.String(), best) {
			t.Errorf("%s printed\n%swant a line starting %q and the last line %q", cmd, out.String(), want, best)
		}
	}
	if nodes[0] == nodes[1] {
		t.Errorf("the selective and exact searches both visit %d nodes: the test cannot tell them apart", nodes[0])
	}
}

func TestGoStreamsDepths(t *testing.T) {
	r, out, _ := newToy(t)
	if err := r.Exec(context.Background(), "go depth 3"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 {
		t.Fatalf("want 3 depth lines and bestmove, got:\n%s", out)
	}
	info := regexp.MustCompile(`^depth [123] score (0|[-+][0-9]+|#-?[0-9]+) nodes [0-9]+ nps [0-9]+ time \S+ pv [a-c][1-3]`)
	for _, l := range lines[:3] {
		if !info.MatchString(l) {
			t.Errorf("bad info line %q", l)
		}
	}
	if !regexp.MustCompile(`^bestmove [a-c][1-3] score \S+ depth 3$`).MatchString(lines[3]) {
		t.Errorf("bad last line %q", lines[3])
	}
	if r.s.Cursor() != 0 {
		t.Error("go played its move")
	}
}

func TestEngineErrors(t *testing.T) {
	r, _, _ := newToy(t)
	ctx := context.Background()
	for _, c := range []struct{ line, want string }{
		{"eval", "Toy has no evaluation"},
		{"eval now", `eval takes no arguments (got "now")`},
		{"analyse", "no moves to analyse yet ('go' or 'hint' search this position)"},
		{"hint infinite", `hint infinite: unknown limit "infinite": want depth N, time T, nodes N or exact`},
		{"ai", ""},
		{"ai purple", "ai purple: no side \"purple\": want x, o, first, second, both or off"},
		{"ai x 0", "ai x 0: want a level from 1 to 9 (see 'help ai')"},
		{"ai x hard", `ai x hard: want a level from 1 to 9 or a player like ab:depth=4 (see 'help ai')`},
		{"ai x ab:depth=0", `player "ab:depth=0": depth=0: want a whole number from 1 to 119`},
		{"ai off 3", `ai off takes no level (got "3")`},
		{"ai x 1 2", "usage: ai SIDE|both|off [LEVEL] (see 'help ai')"},
	} {
		err := r.Exec(ctx, c.line)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.line, got, c.want)
		}
	}
	// A finished game cannot be searched.
	if err := r.Exec(ctx, "a1 a2 b1 c3 c1"); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"go depth 1", "hint"} {
		err := r.Exec(ctx, line)
		if err == nil || !strings.Contains(err.Error(), "the game is over (x wins (three in a row a1-c1)): nothing to search") {
			t.Errorf("%s after the end: %v", line, err)
		}
	}
}

func TestAIRepliesAndPlaysOut(t *testing.T) {
	r, out, _ := newToy(t)
	ctx := context.Background()
	// o is the computer: it replies to each move.
	if err := r.Exec(ctx, "ai o 2"); err != nil {
		t.Fatal(err)
	}
	if r.s.Cursor() != 0 {
		t.Fatal("the computer moved for x")
	}
	if err := r.Exec(ctx, "b2"); err != nil {
		t.Fatal(err)
	}
	if r.s.Cursor() != 2 || r.s.Game().SideToMove() != 0 {
		t.Fatalf("after b2 the computer did not reply: cursor %d", r.s.Cursor())
	}
	if !regexp.MustCompile(`(?m)^1\. o plays [ac][13] \(score \S+, depth 2\)$`).MatchString(out.String()) {
		t.Errorf("no reply line:\n%s", out)
	}
	// Undo takes back the reply and your move: your turn again (issue 25,
	// item 1); undo 1 takes back one move, and the computer waits.
	if err := r.Exec(ctx, "undo"); err != nil {
		t.Fatal(err)
	}
	if r.s.Cursor() != 0 || !strings.Contains(out.String(), "took back the computer's reply and your move") {
		t.Fatalf("undo: cursor %d, want 0:\n%s", r.s.Cursor(), out)
	}
	r.Exec(ctx, "redo 2")
	if err := r.Exec(ctx, "undo 1"); err != nil {
		t.Fatal(err)
	}
	if r.s.Cursor() != 1 || !strings.Contains(out.String(), "the computer plays o: it waits ('ai' makes it move; or play its move)") {
		t.Fatalf("undo 1 woke the computer: cursor %d\n%s", r.s.Cursor(), out)
	}
	out.Reset()
	if err := r.Exec(ctx, "ai both 1"); err != nil {
		t.Fatal(err)
	}
	if !r.s.Game().Result().Over() {
		t.Fatalf("ai both did not finish the game:\n%s", out)
	}
	if !strings.Contains(out.String(), "game over: ") {
		t.Errorf("no final board:\n%s", out)
	}
	// analyse scores every move; the computer at depth 1 played moves
	// that a deeper search may mark.
	out.Reset()
	if err := r.Exec(ctx, "analyse depth 9"); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, re := range []string{
		`(?m)^analysis at depth 9 \(marks confirmed at depths 11 and 13\); scores from the mover's view`,
		`(?m)^ply 1 x b2 \S+ \(best\)$|^ply 1 x b2\?* \S+, best`,
		`(?m)^end: (x wins|o wins|draw)`,
		`(?m)^(worst moves: ply|no move lost anything at this depth)`,
	} {
		if !regexp.MustCompile(re).MatchString(text) {
			t.Errorf("analyse output lacks %s:\n%s", re, text)
		}
	}
	// Off.
	if err := r.Exec(ctx, "ai off"); err != nil {
		t.Fatal(err)
	}
	if r.ai[0].on || r.ai[1].on {
		t.Error("ai off left a side on")
	}
}

func TestAIPlayerSpec(t *testing.T) {
	r, _, _ := newToy(t)
	ctx := context.Background()
	if err := r.Exec(ctx, "ai first random"); err != nil {
		t.Fatal(err)
	}
	if r.s.Cursor() != 1 || r.ai[0].player == nil {
		t.Fatalf("the random player did not move at once (cursor %d)", r.s.Cursor())
	}
	if err := r.Exec(ctx, "ai second ab:depth=3"); err != nil {
		t.Fatal(err)
	}
	if a := r.ai[1]; a.player != nil || a.lim.Depth != 3 {
		t.Errorf("ab spec not searched by the session's engine: %+v", a)
	}
	// A setting the session's engine does not have: the player's own engine.
	for _, spec := range []string{"ab:depth=2,contempt=0", "ab:depth=2,threads=2", "ab:depth=2,book=0"} {
		if err := r.Exec(ctx, "ai second "+spec); err != nil {
			t.Fatal(err)
		}
		if r.ai[1].player == nil {
			t.Errorf("ai second %s: searched by the session's engine, which ignores the setting", spec)
		}
	}
}

// One engine per session: it survives new games.
func TestOneEnginePerSession(t *testing.T) {
	r, _, _ := newToy(t)
	ctx := context.Background()
	if err := r.Exec(ctx, "hint depth 2"); err != nil {
		t.Fatal(err)
	}
	e := r.engs[playEngine]
	if err := r.Exec(ctx, "new first=o"); err != nil {
		t.Fatal(err)
	}
	if err := r.Exec(ctx, "hint depth 2"); err != nil {
		t.Fatal(err)
	}
	if r.engs[playEngine] != e || e == nil {
		t.Error("a new game made a new engine")
	}
	if !strings.Contains(r.engKey, "first=o") {
		t.Errorf("engine key %q does not follow the new game", r.engKey)
	}
}

func TestEngineCompletion(t *testing.T) {
	r, _, _ := newToy(t)
	for _, c := range []struct{ before, want string }{
		{"go ", "binc btime depth exact infinite mate movestogo movetime multipv nodes perft time winc wtime"},
		{"go depth 3 ", "binc btime exact mate movestogo movetime multipv nodes time winc wtime"},
		{"go exact ", "binc btime depth mate movestogo movetime multipv nodes time winc wtime"},
		{"go infinite ", "exact multipv"},
		{"go perft ", "1 2 3 4 5"},
		{"go perft 3 ", ""},
		{"go time ", "10s 1s 2s 30s 500ms 5s"},
		{"go mate ", "1 2 3 4 5"},
		{"hint ", "depth exact multipv nodes time"},
		{"hint multipv ", "2 3 4 5"},
		{"genmove ", "depth exact nodes o time x"},
		{"genmove x ", "depth exact nodes time"},
		{"play x ", "a1 a2 a3 b1 b2 b3 c1 c2 c3"},
		{"play x a1 ", "a2 a3 b1 b3 c1 c2 c3"},
		{"boardsize ", ""},
		{"analyse d", "depth"},
		{"ai ", "both first o off second x"},
		{"ai o ", "1 2 3 4 5 6 7 8 9 ab:depth= ab:nodes= ab:time= mcts:playouts= mcts:time= random"},
		{"ai off ", ""},
	} {
		if got := strings.Join(r.Complete(c.before), " "); got != c.want {
			t.Errorf("Complete(%q) = %q, want %q", c.before, got, c.want)
		}
	}
}

func TestTerminalCtrlCStopsGo(t *testing.T) {
	tm := startTerm(t, "slow=on")
	tm.wait(t, "toy x 1> ")
	tm.send("go infinite\r")
	tm.wait(t, "depth 2 score")
	tm.sig <- os.Interrupt
	// 'go infinite' never ends by itself, so the line below showing up at
	// all (wait gives up after 10 s) proves that Ctrl-C stopped it; no
	// tighter timer, which a loaded machine would break.
	tm.wait(t, "(interrupted: the best so far)")
	tm.send("result\r")
	tm.wait(t, "ongoing (x to move)")
	tm.send("\x04")
	tm.exit(t)
	if !regexp.MustCompile(`(?m)^bestmove [a-c][1-3] score \S+ depth [0-9]+ \(interrupted: the best so far\)`).MatchString(tm.out.String()) {
		t.Errorf("no bestmove line:\n%s", tm.out.String())
	}
	if tm.errb.Len() > 0 {
		t.Errorf("stderr %q", tm.errb.String())
	}
}

func TestTerminalCtrlCStopsAIBoth(t *testing.T) {
	tm := startTerm(t, "slow=on")
	tm.wait(t, "toy x 1> ")
	tm.send("ai both ab:time=1h\r")
	time.Sleep(150 * time.Millisecond)
	tm.sig <- os.Interrupt
	tm.send("ai\r")
	tm.wait(t, "the computer plays no side")
	tm.send("\x04")
	tm.exit(t)
	if !strings.Contains(tm.errb.String(), "error: interrupted: the computer stopped (ai is now off)") {
		t.Errorf("stderr %q", tm.errb.String())
	}
	if tm.r.s.Cursor() != 0 {
		t.Error("the interrupted search played a move")
	}
}
