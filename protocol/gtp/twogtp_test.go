package gtp

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"boardrepl/protocol/searcher"
	"boardrepl/rules"
)

// readLines reads a file of testdata/twogtp.
func readLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// relayed splits the commands twogtp sent to its referee at each
// clear_board: the vertices of each game's moves, in order (game 0 is the
// one twogtp sets up before its first game, without moves).
func relayed(lines []string) [][]string {
	var games [][]string
	for _, l := range lines {
		f := fields(l)
		switch {
		case len(f) == 1 && f[0] == "clear_board":
			games = append(games, nil)
		case len(f) == 3 && f[0] == "play":
			games[len(games)-1] = append(games[len(games)-1], f[2])
		}
	}
	return games
}

// winners reads twogtp's results table: the colour that won each game,
// "B" or "W" (twogtp swaps them for a game whose programs exchanged
// colours, ALT 1: swapped back here).
func winners(t *testing.T, lines []string) []string {
	t.Helper()
	var out []string
	for _, l := range lines {
		if strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) < 12 || f[11] != "0" {
			t.Fatalf("results: %q: want a game without error", l)
		}
		w := f[3][:1] // the referee's result: B+R, W+R
		if f[4] == "1" {
			w = map[string]string{"B": "W", "W": "B"}[w]
		}
		out = append(out, w)
	}
	return out
}

// The commands gogui-twogtp sent to each program of its matches
// (testdata/twogtp: 8x8 to 11x11, alternating colours, a forced pass)
// replayed into a session. Every answer has the shape twogtp's reader
// expects; every answer it parses is what it needs: protocol version 2,
// the commands it looks for in list_commands, success for boardsize,
// clear_board, komi and every play (the opponent's moves, judged by the
// rules), and for each genmove the move twogtp then relayed to the other
// programs (the search is scripted to choose it: what is checked is that
// the session reads, plays and writes it as twogtp did, passes included),
// or "resign" from the loser of each game, as twogtp's results say, once
// the game is over by the rules. The referee's final_score names the same
// winners.
func TestTwogtpReplay(t *testing.T) {
	runs, err := filepath.Glob("testdata/twogtp/k*")
	if err != nil || len(runs) != 4 {
		t.Fatalf("runs %v, %v: want 4", runs, err)
	}
	for _, dir := range runs {
		games := relayed(readLines(t, filepath.Join(dir, "referee.gtp")))
		won := winners(t, readLines(t, filepath.Join(dir, "results.dat")))
		if len(games) != len(won)+1 {
			t.Fatalf("%s: %d games relayed, %d results", dir, len(games)-1, len(won))
		}
		resigned := make([]int, len(games))
		for _, prog := range []string{"black", "white", "referee"} {
			name := filepath.Join(dir, prog+".gtp")
			var want string // the move the scripted search chooses
			pick := func(_ context.Context, g rules.Game, _ searcher.Limits, _ func(searcher.Info)) (rules.Move, error) {
				v, err := GoCoords.parseVertex(want, len(g.Board().Files))
				if err != nil {
					return 0, err
				}
				return g.ParseMove(v.text())
			}
			e := newEngine(t, Config{Search: pick})
			ctx := context.Background()
			game, ply := -1, 0
			score := func(at string) {
				if game < 1 {
					return
				}
				if a, _ := e.Command(ctx, "final_score"); a != "= "+won[game-1]+"+\n\n" {
					t.Errorf("%s, game %d, %s: final_score %q, twogtp's winner %s", name, game-1, at, a, won[game-1])
				}
			}
			for i, l := range readLines(t, name) {
				where := name + ":" + strconv.Itoa(i+1)
				f := fields(l)
				if len(f) == 0 {
					if a, ok := e.Command(ctx, l); ok {
						t.Errorf("%s: %q answered %q", where, l, a)
					}
					continue
				}
				switch f[0] {
				case "boardsize", "quit": // twogtp starts a game with boardsize, clear_board
					if prog == "referee" {
						score("its end")
					}
				case "clear_board":
					game, ply = game+1, 0
				case "genmove":
					want = ""
					if ply < len(games[game]) {
						want = games[game][ply]
					}
				}
				a, _ := e.Command(ctx, l)
				if !answerShape.MatchString(a) {
					t.Fatalf("%s: %q: malformed answer %q", where, l, a)
				}
				text := strings.TrimSuffix(a[2:], "\n\n")
				switch f[0] {
				case "protocol_version":
					if a != "= 2\n\n" {
						t.Errorf("%s: protocol_version %q", where, a)
					}
				case "list_commands":
					for _, c := range []string{"boardsize", "clear_board", "komi", "play", "genmove", "undo", "time_settings", "final_score"} {
						if !strings.Contains("\n"+text+"\n", "\n"+c+"\n") {
							t.Errorf("%s: list_commands lacks %s", where, c)
						}
					}
				case "genmove":
					switch {
					case want != "" && strings.EqualFold(text, want):
						ply++
					case want == "" && text == "resign":
						resigned[game]++
						if loser := map[string]string{"B": "w", "W": "b"}[won[game-1]]; strings.ToLower(f[1]) != loser {
							t.Errorf("%s: %s resigned, but twogtp's winner is %s", where, f[1], won[game-1])
						}
						if a, _ := e.Command(ctx, "final_score"); a != "= "+won[game-1]+"+\n\n" {
							t.Errorf("%s: resigned with final_score %q", where, a)
						}
					default:
						t.Errorf("%s: %q answered %q; twogtp relayed %q", where, l, a, want)
					}
				case "play":
					ply++
					fallthrough
				default:
					if a[0] != '=' {
						t.Errorf("%s: %q failed: %q", where, l, a)
					}
				}
			}
		}
		for g := 1; g < len(resigned); g++ {
			if resigned[g] != 1 {
				t.Errorf("%s, game %d: %d resignations, want 1", dir, g-1, resigned[g])
			}
		}
	}
}
