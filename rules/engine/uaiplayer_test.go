package engine

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"boardrepl/rules"
)

// fakeUAIEnv names the file the fake engine (TestFakeUAIEngine, run as a
// child of the test binary) logs the position commands it receives to.
const fakeUAIEnv = "BOARDREPL_FAKE_UAI_LOG"

// fakeReadyEnv, when set, is how long the fake engine waits before it
// answers isready (a Go duration): a slow new-game handshake.
const fakeReadyEnv = "BOARDREPL_FAKE_UAI_READY_DELAY"

// TestFakeUAIEngine is not a test: run by TestUAIPlayerSendsHistory,
// TestUAIHandshakeOffTheClock and TestEngineLeavesRealTimePriority as the
// engine of a uai: player, it speaks just enough UAI for Tablut, logs every
// position command, replays its moves and answers the first legal move.
func TestFakeUAIEngine(t *testing.T) {
	logPath := os.Getenv(fakeUAIEnv)
	if logPath == "" {
		t.Skip("run as a fake engine by the uai: player tests")
	}
	log, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	info, _ := rules.Lookup("tablut")
	var g rules.Game
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		line := in.Text()
		switch f := strings.Fields(line); {
		case len(f) == 0:
		case f[0] == "uai":
			fmt.Println("uaiok")
		case f[0] == "isready":
			if d, err := time.ParseDuration(os.Getenv(fakeReadyEnv)); err == nil {
				time.Sleep(d)
			}
			fmt.Println("readyok")
		case f[0] == "position":
			fmt.Fprintln(log, line)
			pos, moves, _ := strings.Cut(strings.TrimPrefix(line, "position fen "), " moves ")
			if g, err = info.NewGame(nil, pos); err != nil {
				t.Fatal(err)
			}
			for _, s := range strings.Fields(moves) {
				m, err := g.ParseMove(s)
				if err != nil {
					t.Fatal(err)
				}
				g.Play(m)
			}
		case f[0] == "go":
			fmt.Println("bestmove " + g.FormatMove(g.Moves(nil)[0]))
		case f[0] == "quit":
			return
		}
	}
}

// A uai: player outside Ataxx is sent the game's start and every move
// since, not the bare position: the engine must see the repetitions.
func TestUAIPlayerSendsHistory(t *testing.T) {
	logPath := t.TempDir() + "/positions.txt"
	fake := fmt.Sprintf("uai:depth=1 env %s=%s %s -test.run=^TestFakeUAIEngine$", fakeUAIEnv, logPath, os.Args[0])
	info, _ := rules.Lookup("tablut")
	c := MatchConfig{Info: info, P1: "ab:depth=1", P2: fake, Games: 1, Seed: 1, Opening: 2, MaxPlies: 12}
	var res GameResult
	if err := c.Run(context.Background(), nil, func(r GameResult) { res = r }); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) < 2 {
		t.Fatalf("the engine got %d position commands in a %d-ply game, want at least 2:\n%s", len(lines), res.Plies, b)
	}
	for i, l := range lines {
		pos, moves, _ := strings.Cut(strings.TrimPrefix(l, "position fen "), " moves ")
		got := strings.Fields(moves)
		// After the 2 random plies white (p1, game 0) moves first, so the
		// engine, black, moves after 3, 5, ... plies.
		want := res.Moves[:2*i+3]
		if pos != res.Start || !slices.Equal(got, want) {
			t.Errorf("position command %d: %q, want the start %q and the moves %v", i+1, l, res.Start, want)
		}
	}
}

// An engine's start and its new-game handshake are not on its clock: a
// fake engine that takes 1.5 s to answer isready, on a clock of 1 s and no
// margin, moves at once after go and does not lose on time.
func TestUAIHandshakeOffTheClock(t *testing.T) {
	logPath := t.TempDir() + "/positions.txt"
	fake := fmt.Sprintf("uai: env %s=%s %s=1.5s %s -test.run=^TestFakeUAIEngine$", fakeUAIEnv, logPath, fakeReadyEnv, os.Args[0])
	info, _ := rules.Lookup("tablut")
	tc, err := ParseTimeControl("1+0")
	if err != nil {
		t.Fatal(err)
	}
	c := MatchConfig{Info: info, P1: "ab:depth=1", P2: fake, Games: 1, Seed: 1, Opening: 2, MaxPlies: 8, TC: tc}
	var res GameResult
	if err := c.Run(context.Background(), nil, func(r GameResult) { res = r }); err != nil {
		t.Fatal(err)
	}
	if res.End == EndTime {
		t.Fatalf("the game ended %q after %d plies: the handshake was charged to the engine's clock", res.Reason, res.Plies)
	}
	// After the 2 random plies p1 (white in game 0) moves, then the engine.
	if res.Plies < 4 {
		t.Errorf("the game lasted %d plies (%s): the engine never moved", res.Plies, res.Reason)
	}
}

// The go command: the spec's limits; on a clock both sides' clocks (btime
// is side 0's), the increments and the moves to go; st= as movetime; the
// time control's nodes= where the spec has none; the default move time
// dropped under a time control.
func TestUAIGoCommand(t *testing.T) {
	parse := func(spec string) *uaiPlayer {
		p, err := ParsePlayer(spec)
		if err != nil {
			t.Fatal(err)
		}
		return p.(*uaiPlayer)
	}
	clock := &MoveClock{TC: TimeControl{Moves: 40, Time: time.Minute, Inc: 500 * time.Millisecond}, Left: [2]time.Duration{59500 * time.Millisecond, 60 * time.Second}, MovesToGo: 39}
	cases := []struct {
		spec  string
		clock *MoveClock
		want  string
	}{
		{"uai:./e", nil, "go movetime 100"},
		{"uai:depth=3 nodes=500 ./e", nil, "go depth 3 nodes 500"},
		{"uai:./e", clock, "go btime 59500 wtime 60000 binc 500 winc 500 movestogo 39"},
		{"uai:depth=5 ./e", clock, "go depth 5 btime 59500 wtime 60000 binc 500 winc 500 movestogo 39"},
		{"uai:./e", &MoveClock{TC: TimeControl{MoveTime: 250 * time.Millisecond}}, "go movetime 250"},
		{"uai:time=50ms ./e", &MoveClock{TC: TimeControl{MoveTime: 250 * time.Millisecond}}, "go movetime 50"},
		{"uai:./e", &MoveClock{TC: TimeControl{Nodes: 20000}}, "go nodes 20000"},
		{"uai:nodes=100 ./e", &MoveClock{TC: TimeControl{Nodes: 20000, Time: time.Second}, Left: [2]time.Duration{time.Second, 900 * time.Millisecond}}, "go nodes 100 btime 1000 wtime 900 binc 0 winc 0"},
		// UGI's clocks are the players': p1 is who started on side 0, also
		// after a swap has put him on side 1 (UAI's stay the sides').
		{"ugi:./e", clock, "go p1time 59500 p2time 60000 p1inc 500 p2inc 500 movestogo 39"},
		{"ugi:./e", &MoveClock{TC: clock.TC, Left: clock.Left, MovesToGo: 39, Swapped: true}, "go p1time 60000 p2time 59500 p1inc 500 p2inc 500 movestogo 39"},
		{"uai:./e", &MoveClock{TC: clock.TC, Left: clock.Left, MovesToGo: 39, Swapped: true}, "go btime 59500 wtime 60000 binc 500 winc 500 movestogo 39"},
	}
	for _, c := range cases {
		p := parse(c.spec)
		p.setClock(c.clock)
		if got, _ := p.goCommand(); got != c.want {
			t.Errorf("%s, clock %+v: %q, want %q", c.spec, c.clock, got, c.want)
		}
	}
}

// The score of the last info line, as cutechess reads it: cp, or mate in
// moves (plies: 2N-1 to win, 2N to lose); a bound is no score, nor is a
// line of several after the first (multipv 2 and on).
func TestUAIInfoScore(t *testing.T) {
	p := &uaiPlayer{}
	for _, c := range []struct {
		line string
		want MoveEval
	}{
		{"info depth 6 seldepth 9 score cp 85 nodes 1000 pv f2", MoveEval{Scored: true, Depth: 6, Score: 85}},
		{"info depth 7 score cp 120 upperbound nodes 2000", MoveEval{Scored: true, Depth: 6, Score: 85}},
		{"info depth 9 score mate 3 pv f2", MoveEval{Scored: true, Depth: 9, Mate: 5, Score: mateScore}},
		{"info depth 9 score mate -2", MoveEval{Scored: true, Depth: 9, Mate: -4, Score: -mateScore}},
		{"info string hello", MoveEval{Scored: true, Depth: 9, Mate: -4, Score: -mateScore}},
		{"info depth 10 score cp 30 lowerbound nodes 3000", MoveEval{Scored: true, Depth: 9, Mate: -4, Score: -mateScore}},
		// Several lines: only the first is the engine's choice, whichever
		// comes last at a depth.
		{"info depth 10 multipv 1 score cp 40 nodes 4000 pv f2", MoveEval{Scored: true, Depth: 10, Score: 40}},
		{"info depth 10 multipv 2 score cp -15 nodes 4000 pv b6", MoveEval{Scored: true, Depth: 10, Score: 40}},
		{"info depth 10 multipv 12 score mate 2 nodes 4000 pv a1", MoveEval{Scored: true, Depth: 10, Score: 40}},
		{"info depth 11 multipv 1 score cp 45 nodes 5000 pv f2", MoveEval{Scored: true, Depth: 11, Score: 45}},
	} {
		p.noteInfo(strings.Fields(c.line))
		if p.eval != c.want {
			t.Errorf("after %q: %+v, want %+v", c.line, p.eval, c.want)
		}
	}
}
