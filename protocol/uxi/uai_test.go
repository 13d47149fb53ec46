package uxi

import (
	"bufio"
	"context"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"boardrepl/protocol/searcher"
	"boardrepl/rules"
	"boardrepl/rules/ataxx"
)

func run(t *testing.T, cfg Config, input string) string {
	t.Helper()
	var out strings.Builder
	e := New(&out, cfg)
	if err := e.Run(context.Background(), strings.NewReader(input)); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func first(hashMB, threads int) searcher.Func { return searcher.FirstLegal }

func TestHandshake(t *testing.T) {
	got := run(t, Config{NewSearch: first}, "uai\nisready\nsetoption name Hash value 32\nsetoption name Colour value red\nuainewgame\nisready\nquit\nisready\n")
	want := `id name boardrepl
id author the boardrepl authors
option name Hash type spin default 16 min 1 max 4096
option name Threads type spin default 1 min 1 max 64
option name MultiPV type spin default 1 min 1 max 1000
option name Network type check default true
option name EvalFile type string default <built-in>
uaiok
readyok
info string error: unknown option "Colour" (options: Hash, Threads, MultiPV, Network, EvalFile)
readyok
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// The table is made when the runner asks isready (after setoption remade
// it) or uainewgame, off the clock; go makes one only when neither came.
func TestTableMadeOffTheClock(t *testing.T) {
	var made []int
	cfg := Config{NewSearch: func(hashMB, threads int) searcher.Func {
		made = append(made, hashMB)
		return searcher.FirstLegal
	}}
	run(t, cfg, "uai\nsetoption name Hash value 64\nisready\ngo depth 1\ngo depth 1\nuainewgame\ngo depth 1\nquit\n")
	if want := []int{64, 64}; !slices.Equal(made, want) {
		t.Errorf("tables made (MB): %v, want %v (at isready and at uainewgame)", made, want)
	}
	made = nil
	run(t, cfg, "position startpos\ngo depth 1\nquit\n")
	if want := []int{16}; !slices.Equal(made, want) {
		t.Errorf("tables made (MB) without isready: %v, want %v (at the first go)", made, want)
	}
}

func TestPerftAndDisplay(t *testing.T) {
	got := run(t, Config{NewSearch: first}, "perft 3\nposition fen x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1 moves a2\nd\nperft 0\n")
	lines := strings.Split(got, "\n")
	for i, want := range []string{"info depth 1 nodes 16 ", "info depth 2 nodes 256 ", "info depth 3 nodes 6460 ", "nodes 6460"} {
		if !strings.HasPrefix(lines[i], want) {
			t.Errorf("line %d %q, want %q...", i, lines[i], want)
		}
	}
	wantBoard := `  a b c d e f g
7 x . . . . . o 7
6 . . . . . . . 6
5 . . - . - . . 5
4 . . . . . . . 4
3 . . - . - . . 3
2 o . . . . . . 2
1 o . . . . . x 1
  a b c d e f g
FEN: x5o/7/2-1-2/7/2-1-2/o6/o5x x 0 2
Side to move: x (red)
info string error: perft depth "0": want 1 to 12
`
	if rest := strings.Join(lines[4:], "\n"); rest != wantBoard {
		t.Errorf("display:\n%s\nwant:\n%s", rest, wantBoard)
	}
}

func TestErrors(t *testing.T) {
	got := run(t, Config{NewSearch: first}, "position fen x5o/7 q\nposition startpos moves f2 f2\nposition sideways\ngo depth\ngo ponder 3\nfoo\n")
	for _, want := range []string{
		"info string error: ", // the FEN
		`info string error: move 2 "f2": `,
		`info string error: position "sideways": want startpos or fen`,
		"info string error: go depth: a number must follow",
		`info string error: go: unknown parameter "ponder"`,
		"info string unknown command: foo",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}

func TestGoAndStop(t *testing.T) {
	pr, pw := io.Pipe()
	or, ow := io.Pipe()
	e := New(ow, Config{})
	done := make(chan error, 1)
	go func() { done <- e.Run(context.Background(), pr); ow.Close() }()
	lines := bufio.NewScanner(or)
	send := func(s string) { io.WriteString(pw, s+"\n") }
	expectBest := func() string {
		t.Helper()
		for lines.Scan() {
			if m, ok := strings.CutPrefix(lines.Text(), "bestmove "); ok {
				return m
			}
		}
		t.Fatal("no bestmove")
		return ""
	}
	send("position startpos")
	send("go infinite")
	time.Sleep(50 * time.Millisecond)
	send("isready") // answered during the search
	for lines.Scan() && lines.Text() != "readyok" {
	}
	send("stop")
	if m := expectBest(); m == "" || m == "0000" {
		t.Errorf("bestmove %q after stop", m)
	}
	send("go movetime 30")
	if m := expectBest(); m == "" {
		t.Error("no move for movetime")
	}
	send("position fen 7/7/7/7/7/7/7 x 0 1")
	send("go depth 3")
	if m := expectBest(); m != "0000" {
		t.Errorf("over: bestmove %q", m)
	}
	send("quit")
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, or)
}

// TestWholeGame plays a game as a match runner would: the engine (boardrepl's
// alpha-beta, on clocks) against a scripted opponent that plays random legal
// moves from a seed, until the game ends.
func TestWholeGame(t *testing.T) {
	for _, engineSide := range []int{0, 1} {
		pr, pw := io.Pipe()
		or, ow := io.Pipe()
		e := New(ow, Config{})
		done := make(chan error, 1)
		go func() { done <- e.Run(context.Background(), pr); ow.Close() }()
		lines := bufio.NewScanner(or)
		send := func(s string) { io.WriteString(pw, s+"\n") }
		expect := func(prefix string) string {
			t.Helper()
			for lines.Scan() {
				if strings.HasPrefix(lines.Text(), prefix) {
					return lines.Text()
				}
			}
			t.Fatalf("no %q", prefix)
			return ""
		}
		send("uai")
		expect("uaiok")
		send("uainewgame")
		send("isready")
		expect("readyok")
		g, _ := ataxx.Info.New(nil)
		r := rand.New(rand.NewPCG(42, uint64(engineSide)))
		var moves []string
		clock := [2]int{2000, 2000}
		infos := 0
		for ply := 0; !g.Result().Over(); ply++ {
			if ply > 600 {
				t.Fatal("game too long")
			}
			var m rules.Move
			if g.SideToMove() == engineSide {
				pos := "position startpos"
				if len(moves) > 0 {
					pos += " moves " + strings.Join(moves, " ")
				}
				send(pos)
				send("go btime " + itoa(clock[0]) + " wtime " + itoa(clock[1]) + " binc 20 winc 20")
				var best string
				for lines.Scan() {
					l := lines.Text()
					if strings.HasPrefix(l, "info depth ") {
						infos++
					}
					if b, ok := strings.CutPrefix(l, "bestmove "); ok {
						best = b
						break
					}
				}
				var err error
				m, err = g.ParseMove(best)
				if err != nil {
					t.Fatalf("ply %d: engine's bestmove %q at %s: %v", ply, best, g.Position(), err)
				}
			} else {
				ms := g.Moves(nil)
				m = ms[r.IntN(len(ms))]
			}
			moves = append(moves, g.FormatMove(m))
			g.Play(m)
		}
		send("quit")
		pw.Close()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, or)
		res := g.Result()
		if infos == 0 {
			t.Error("no info lines")
		}
		// A depth-limited alpha-beta beats random play.
		if res.Status != rules.Win || res.Winner != engineSide {
			t.Errorf("engine as %s: %s after %d plies", g.SideName(engineSide), rules.FormatResult(g, res), len(moves))
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestUAIUsage(t *testing.T) {
	var out, errb strings.Builder
	if c := UAICmd.Run([]string{"-h"}, strings.NewReader(""), &out, &errb); c != 0 || !strings.HasPrefix(out.String(), "usage: boardrepl uai") {
		t.Errorf("-h: %d %q", c, out.String())
	}
	if c := UAICmd.Run([]string{"--bogus"}, strings.NewReader(""), &out, &errb); c != 2 {
		t.Errorf("--bogus: %d", c)
	}
	if c := UAICmd.Run([]string{"--hash", "0"}, strings.NewReader(""), &out, &errb); c != 2 {
		t.Errorf("--hash 0: %d", c)
	}
	out.Reset()
	if c := UAICmd.Run(nil, strings.NewReader("isready\n"), &out, &errb); c != 0 || out.String() != "readyok\n" {
		t.Errorf("isready: %d %q", c, out.String())
	}
}

// A line longer than the bound (1 MiB) is refused with an error and the
// session goes on, as every error does.
func TestLongLine(t *testing.T) {
	long := "position startpos moves" + strings.Repeat(" f2", 1<<19)
	got := run(t, Config{NewSearch: first}, "uai\n"+long+"\nisready\nposition startpos moves f2\nd\nquit\n")
	for _, want := range []string{
		"uaiok\ninfo string error: line 2 is longer than 1048576 bytes: ignored\nreadyok\n",
		"FEN: x5o/7/7/7/7/5x1/o5x o 0 1\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%.2000s", want, got)
		}
	}
}

// A cut-short iteration's line (searcher.Info.Partial) says "lowerbound"
// after its score, as UCI does; a completed one says nothing.
func TestPartialLowerbound(t *testing.T) {
	cfg := Config{NewSearch: func(hashMB, threads int) searcher.Func {
		return func(ctx context.Context, g rules.Game, lim searcher.Limits, info func(searcher.Info)) (rules.Move, error) {
			ms := g.Moves(nil)
			pv := []string{g.FormatMove(ms[0])}
			info(searcher.Info{Depth: 3, Score: 20, Nodes: 100, PV: pv})
			info(searcher.Info{Depth: 4, Score: 35, Nodes: 200, PV: pv, Partial: true})
			info(searcher.Info{Depth: 4, MultiPV: 2, Score: -400, Mate: -3, Nodes: 200, PV: pv, Partial: true})
			return ms[0], nil
		}
	}}
	got := run(t, cfg, "position startpos\ngo depth 4\nquit\n")
	for _, want := range []string{
		"info depth 3 score cp 20 nodes 100 ",
		"info depth 4 score cp 35 lowerbound nodes 200 ",
		"info depth 4 multipv 2 score mate -2 lowerbound nodes 200 ",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no line begins %q in:\n%s", want, got)
		}
	}
}
