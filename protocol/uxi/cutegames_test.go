package uxi

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"boardrepl/protocol/searcher"
	"boardrepl/rules"
	"boardrepl/rules/engine"
)

// TestCutegamesStreams replays the commands cutegames sent to one of two
// "boardrepl ugi" engines in a match between them (testdata/cutegames:
// README.md says how they were recorded) into a session, a command at a
// time as cutegames does (waiting for the answer of each one it waits
// for), and checks every answer cutegames parses: ugiok after the id
// lines, readyok, "response X" with X one of its words, and a bestmove
// that is legal in the position. The answers to query are checked against
// what does not come from this engine: for Ataxx, the answers of
// cutegames' own Ataxx game over libataxx (ataxx.libataxx); for every game,
// p1turn by the turns alternating from the start position's side to move
// (every move, pass and swap included, is the other player's turn), and
// gameover by the match as cutegames played it: true at the last position
// of each game, false before; a Konobi game is won by the player who made
// its last move.
func TestCutegamesStreams(t *testing.T) {
	for _, tc := range []struct {
		game, oracle string
	}{
		{"ataxx", "ataxx.libataxx"},
		{"konobi", ""},
	} {
		t.Run(tc.game, func(t *testing.T) {
			stream := readLines(t, "testdata/cutegames/"+tc.game+".in")
			var want []string // the oracle's answers, one a query
			if tc.oracle != "" {
				want = readLines(t, "testdata/cutegames/"+tc.oracle)
			}
			replayCutegames(t, lookup(t, tc.game), stream, want)
		})
	}
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// streamPosition is a position command of the stream: its start and moves.
type streamPosition struct {
	start string // "startpos" or a FEN
	moves []string
}

func parseStreamPosition(t *testing.T, line string) streamPosition {
	t.Helper()
	f := strings.Fields(line)[1:]
	var p streamPosition
	if f[0] == "startpos" {
		p.start, f = "startpos", f[1:]
	} else {
		i := slices.Index(f, "moves")
		if i < 0 {
			i = len(f)
		}
		p.start, f = strings.Join(f[1:i], " "), f[i:]
	}
	if len(f) > 0 {
		p.moves = f[1:]
	}
	return p
}

// game makes the position with the rules, failing on an illegal move.
func (p streamPosition) game(t *testing.T, info *rules.Info) rules.Game {
	t.Helper()
	var g rules.Game
	var err error
	if p.start == "startpos" {
		g, err = info.New(nil)
	} else {
		g, err = info.Parse(nil, p.start)
	}
	if err != nil {
		t.Fatalf("start %q: %v", p.start, err)
	}
	for _, s := range p.moves {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatalf("%s moves %v: %q: %v", p.start, p.moves, s, err)
		}
		g.Play(m)
	}
	return g
}

func replayCutegames(t *testing.T, info *rules.Info, stream, oracle []string) {
	pr, pw := io.Pipe()
	or, ow := io.Pipe()
	e := New(ow, Config{Dialect: UGI, Game: info})
	done := make(chan error, 1)
	go func() { done <- e.Run(context.Background(), pr); ow.Close() }()
	lines := make(chan string, 256)
	go func() {
		sc := bufio.NewScanner(or)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	next := func(cmd string) string {
		t.Helper()
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("%q: the session ended", cmd)
			}
			return l
		case <-time.After(time.Minute):
			t.Fatalf("%q: no answer within a minute", cmd)
		}
		return ""
	}

	// The games of the stream (each begins at uginewgame) and, in each,
	// the longest position sent: where the game ended.
	last := map[int]int{} // game -> the number of moves of its last position
	game := 0
	for _, l := range stream {
		switch f := strings.Fields(l); f[0] {
		case "uginewgame":
			game++
		case "position":
			last[game] = max(last[game], len(parseStreamPosition(t, l).moves))
		}
	}

	game = 0
	var pos streamPosition
	var over bool // the answer to gameover for pos
	queries, gos := 0, 0
	for n, cmd := range stream {
		where := func() string { return fmt.Sprintf("line %d (%.40s)", n+1, cmd) }
		if _, err := io.WriteString(pw, cmd+"\n"); err != nil {
			t.Fatal(err)
		}
		f := strings.Fields(cmd)
		switch f[0] {
		case "ugi":
			if l := next(cmd); l != "id name boardrepl" {
				t.Fatalf("%s: %q, want the id name first", where(), l)
			}
			for l := next(cmd); l != "ugiok"; l = next(cmd) {
				if !strings.HasPrefix(l, "id ") && !strings.HasPrefix(l, "option name ") {
					t.Fatalf("%s: %q before ugiok", where(), l)
				}
			}
		case "isready":
			if l := next(cmd); l != "readyok" {
				t.Fatalf("%s: %q, want readyok", where(), l)
			}
		case "uginewgame":
			game++
		case "position":
			pos, over = parseStreamPosition(t, cmd), false
		case "query":
			l := next(cmd)
			r := strings.Fields(l)
			// cutegames takes a line of two words starting with response.
			if len(r) != 2 || r[0] != "response" {
				t.Fatalf("%s: %q, want response X", where(), l)
			}
			if oracle != nil {
				if queries >= len(oracle) {
					t.Fatalf("%s: more queries than the oracle's %d answers", where(), len(oracle))
				}
				if l != oracle[queries] {
					t.Errorf("%s: %q, libataxx's answer %q", where(), l, oracle[queries])
				}
			}
			queries++
			start := streamPosition{start: pos.start}.game(t, info)
			p1ToMove := (start.SideToMove() == 0) == (len(pos.moves)%2 == 0)
			final := len(pos.moves) == last[game]
			switch f[1] {
			case "p1turn":
				if want := map[bool]string{true: "true", false: "false"}[p1ToMove]; r[1] != want {
					t.Errorf("%s: p1turn %s, want %s (%d moves from %q)", where(), r[1], want, len(pos.moves), pos.start)
				}
			case "gameover":
				over = r[1] == "true"
				if want := map[bool]string{true: "true", false: "false"}[final]; r[1] != want {
					t.Errorf("%s: gameover %s, want %s (the game went on to %d moves)", where(), r[1], want, last[game])
				}
			case "result":
				want := "none"
				if final {
					want = "?"
					if info.ID == "konobi" {
						// The last mover won: the player not to move now.
						want = map[bool]string{true: "p2win", false: "p1win"}[p1ToMove]
					}
				}
				if !slices.Contains([]string{"p1win", "p2win", "draw", "none"}, r[1]) || want != "?" && r[1] != want {
					t.Errorf("%s: result %s, want %s", where(), r[1], want)
				}
			default:
				t.Fatalf("%s: a query cutegames does not send", where())
			}
		case "go":
			gos++
			if over {
				t.Errorf("%s: go in a position the engine called over", where())
			}
			for {
				l := next(cmd)
				if m, ok := strings.CutPrefix(l, "bestmove "); ok {
					if len(strings.Fields(l)) != 2 {
						t.Errorf("%s: %q: cutegames wants two words", where(), l)
					}
					if _, err := pos.game(t, info).ParseMove(m); err != nil {
						t.Errorf("%s: bestmove %q: %v", where(), m, err)
					}
					break
				}
				if !strings.HasPrefix(l, "info depth ") {
					t.Fatalf("%s: %q during the search", where(), l)
				}
			}
		}
	}
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	for l := range lines {
		t.Errorf("unexpected %q after the stream", l)
	}
	if oracle != nil && queries != len(oracle) {
		t.Errorf("%d queries, the oracle has %d answers", queries, len(oracle))
	}
	if gos == 0 || queries == 0 {
		t.Errorf("%d go and %d query commands in the stream", gos, queries)
	}
}

// TestArbiterStream replays the commands raklaptudirm's arbiter sent to
// "boardrepl ugi" (testdata/arbiter: README.md), a process a game as
// arbiter starts them, with a searcher that plays the first legal move and
// keeps the limits it was given: every answer arbiter waits for comes
// (ugiok, readyok, a legal bestmove), "position fen FEN moves" with no
// move after it is read, and the time budget is the mover's: arbiter's
// btime and binc are x's clock (it writes them for the side that moved
// first in its Ataxx oracle's terms), wtime and winc o's.
func TestArbiterStream(t *testing.T) {
	info := lookup(t, "ataxx")
	stream := readLines(t, "testdata/arbiter/ataxx.in")
	games := 0
	for len(stream) > 0 {
		end := slices.Index(stream, "quit") + 1
		if end == 0 {
			end = len(stream)
		}
		var lims []searcher.Limits
		cfg := Config{Dialect: UGI, Game: info, Overhead: 30 * time.Millisecond,
			NewSearch: func(int, int) searcher.Func {
				return func(ctx context.Context, g rules.Game, lim searcher.Limits, i func(searcher.Info)) (rules.Move, error) {
					lims = append(lims, lim)
					return searcher.FirstLegal(ctx, g, lim, i)
				}
			}}
		out := strings.Split(strings.TrimSuffix(run(t, cfg, strings.Join(stream[:end], "\n")+"\n"), "\n"), "\n")
		var pos streamPosition
		gos := 0
		for _, cmd := range stream[:end] {
			f := strings.Fields(cmd)
			var want string // the line the answer to cmd starts with
			switch f[0] {
			case "ugi":
				want = "ugiok"
			case "isready":
				want = "readyok"
			case "position":
				pos = parseStreamPosition(t, cmd)
				continue
			case "go":
				want = "bestmove "
			default:
				continue
			}
			i := slices.IndexFunc(out, func(l string) bool { return strings.HasPrefix(l, want) })
			if i < 0 {
				t.Fatalf("game %d: %q: no %q in %q", games+1, cmd, want, out)
			}
			for _, l := range out[:i] {
				if !strings.HasPrefix(l, "id ") && !strings.HasPrefix(l, "option ") && !strings.HasPrefix(l, "info depth ") {
					t.Errorf("game %d: %q before the answer to %q", games+1, l, cmd)
				}
			}
			answer := out[i]
			out = out[i+1:]
			if f[0] != "go" {
				continue
			}
			g := pos.game(t, info)
			if _, err := g.ParseMove(strings.TrimPrefix(answer, "bestmove ")); err != nil {
				t.Errorf("game %d: %s: %v", games+1, answer, err)
			}
			clock := map[string]time.Duration{}
			for k := 1; k+1 < len(f); k += 2 {
				n, _ := strconv.Atoi(f[k+1])
				clock[f[k]] = time.Duration(n) * time.Millisecond
			}
			b, inc := "btime", "binc"
			if g.SideToMove() == 1 {
				b, inc = "wtime", "winc"
			}
			soft, hard := engine.Budget(clock[b], clock[inc], 0, engine.MovesLeft(g), cfg.Overhead)
			if lims[gos].Time != hard || lims[gos].Soft != soft {
				t.Errorf("game %d: %q for %s: limit %v soft %v, want %v soft %v (from %s, %s)", games+1, cmd, g.SideName(g.SideToMove()), lims[gos].Time, lims[gos].Soft, hard, soft, b, inc)
			}
			gos++
		}
		if gos == 0 {
			t.Errorf("game %d: no go", games+1)
		}
		stream = stream[end:]
		games++
	}
	if games != 4 {
		t.Errorf("%d games, want the 4 arbiter played", games)
	}
}
