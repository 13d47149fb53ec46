package engine

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"boardrepl/rules"
)

// fakeUAIEnv names the file the fake engine (TestFakeUAIEngine, run as a
// child of the test binary) logs the position commands it receives to.
const fakeUAIEnv = "BOARDREPL_FAKE_UAI_LOG"

// TestFakeUAIEngine is not a test: run by TestUAIPlayerSendsHistory as the
// engine of a uai: player, it speaks just enough UAI for Tablut, logs every
// position command, replays its moves and answers the first legal move.
func TestFakeUAIEngine(t *testing.T) {
	logPath := os.Getenv(fakeUAIEnv)
	if logPath == "" {
		t.Skip("run as a fake engine by TestUAIPlayerSendsHistory")
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
