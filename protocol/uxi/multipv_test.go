package uxi

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"boardrepl/rules/engine"
)

// TestMultiPV: with MultiPV N the session reports, at every depth, the
// lines engine.Search finds with Limits.MultiPV N under the session's own
// options (a fresh table, the selective search), in their order, each as
// "info depth D multipv K score cp S ... pv ...", and bestmove is the
// first line's move; a position with fewer legal moves than N has a line
// for each; MultiPV 1 goes back to the plain lines.
func TestMultiPV(t *testing.T) {
	cases := []struct {
		game, pos string
		lines     int
	}{
		{"ataxx", "x5o/7/7/7/7/7/o5x x 0 1", 3},
		{"ataxx", "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1", 5},
		{"konobi", "2/2 b -", 10}, // four moves: four lines
	}
	for _, c := range cases {
		t.Run(c.game+" "+c.pos, func(t *testing.T) {
			in := lookup(t, c.game)
			const depth = 4
			out := converse(t, Config{Game: in},
				fmt.Sprintf("setoption name MultiPV value %d\nposition fen %s\ngo depth %d", c.lines, c.pos, depth),
				fmt.Sprintf("setoption name MultiPV value 1\ngo depth %d", depth))

			g, err := in.NewGame(nil, c.pos)
			if err != nil {
				t.Fatal(err)
			}
			n := min(c.lines, len(g.Moves(nil)))
			e := engine.New(engine.Options{HashEntries: hashEntries(16), Threads: 1, Selective: true})
			var want []string
			res, err := e.Search(context.Background(), g, engine.Limits{Depth: depth, MultiPV: c.lines}, func(i engine.Info) {
				score := fmt.Sprintf("cp %d", i.Score)
				if i.Mate() != 0 {
					score = "mate" // its moves are counted as in the plain lines
				}
				want = append(want, fmt.Sprintf("info depth %d multipv %d score %s pv %s", i.Depth, i.MultiPV, score, strings.Join(i.PVText, " ")))
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(want) != n*depth || len(res.Lines) != n {
				t.Fatalf("the engine gave %d lines in all and %d at the end, want %d a depth", len(want), len(res.Lines), n)
			}
			want = append(want, "bestmove "+res.BestText)

			// The session's lines up to the first bestmove, without their
			// nodes, time and nps (which vary) and a mate's number.
			var got []string
			lines := strings.Split(out, "\n")
			rest := ""
			for k, l := range lines {
				if strings.HasPrefix(l, "bestmove ") {
					got = append(got, l)
					rest = strings.Join(lines[k+1:], "\n")
					break
				}
				if !strings.HasPrefix(l, "info depth ") {
					continue
				}
				pre, pv, _ := strings.Cut(l, " pv ")
				f := strings.Fields(pre) // info depth D multipv K score cp|mate S nodes ...
				if len(f) < 8 {
					t.Fatalf("short line %q", l)
				}
				score := strings.Join(f[6:8], " ")
				if f[6] == "mate" {
					score = "mate"
				}
				got = append(got, strings.Join(f[:6], " ")+" "+score+" pv "+pv)
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("session:\n%s\nengine:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			// Each depth's lines begin with distinct legal moves.
			for d := 0; d < depth && len(got) > n*depth; d++ {
				seen := map[string]bool{}
				for k := 0; k < n; k++ {
					l := got[d*n+k]
					_, pv, _ := strings.Cut(l, " pv ")
					mv := strings.Fields(pv)[0]
					if seen[mv] {
						t.Errorf("depth %d: %s repeats a move of a better line", d+1, l)
					}
					if _, err := g.ParseMove(mv); err != nil {
						t.Errorf("depth %d: %s: %v", d+1, l, err)
					}
					seen[mv] = true
				}
			}
			if strings.Contains(rest, "multipv") || !strings.Contains(rest, "bestmove ") {
				t.Errorf("after MultiPV 1:\n%s", rest)
			}
		})
	}
}

// converse runs a session as a runner does: it sends each step's lines,
// the last a go, and waits for its bestmove (a command sent during a
// search would stop it); then quit. It returns all the session wrote.
func converse(t *testing.T, cfg Config, steps ...string) string {
	t.Helper()
	pr, pw := io.Pipe()
	or, ow := io.Pipe()
	e := New(ow, cfg)
	done := make(chan error, 1)
	go func() { done <- e.Run(context.Background(), pr); ow.Close() }()
	lines := bufio.NewScanner(or)
	var out strings.Builder
	for _, s := range steps {
		io.WriteString(pw, s+"\n")
		for lines.Scan() {
			out.WriteString(lines.Text() + "\n")
			if strings.HasPrefix(lines.Text(), "bestmove ") {
				break
			}
		}
	}
	io.WriteString(pw, "quit\n")
	pw.Close()
	for lines.Scan() {
		out.WriteString(lines.Text() + "\n")
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestMultiPVOption: the values refused, each with the range, and the
// note that several lines search on one thread.
func TestMultiPVOption(t *testing.T) {
	out := converse(t, Config{}, "setoption name MultiPV value 0\nsetoption name MultiPV value 1001\nsetoption name multipv value two\n"+
		"setoption name Threads value 2\nsetoption name MultiPV value 2\ngo depth 1")
	for _, want := range []string{
		`info string error: MultiPV "0": want 1 to 1000 (lines)`,
		`info string error: MultiPV "1001": want 1 to 1000 (lines)`,
		`info string error: MultiPV "two": want 1 to 1000 (lines)`,
		"info string MultiPV 2 searches on one thread, not 2",
		"info depth 1 multipv 2 ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}
