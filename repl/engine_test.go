package repl

import (
	"context"
	"fmt"
	"os"
	"regexp"
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
		{"fast", `go fast: unknown limit "fast": want depth N, time T, nodes N, exact or infinite`},
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
	// Undo does not wake it; 'ai both' plays the game out.
	if err := r.Exec(ctx, "undo"); err != nil {
		t.Fatal(err)
	}
	if r.s.Cursor() != 1 {
		t.Fatalf("undo woke the computer: cursor %d", r.s.Cursor())
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
		{"go ", "depth exact infinite nodes time"},
		{"go depth 3 ", "exact nodes time"},
		{"go exact ", "depth nodes time"},
		{"go time ", "10s 1s 2s 30s 500ms 5s"},
		{"hint ", "depth exact nodes time"},
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
