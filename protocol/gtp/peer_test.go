package gtp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"boardrepl/protocol/searcher"
)

// peerGame is a game of rules/konobi/testdata/games.jsonl: the console
// input of a peer's Konobi program replayed through its referee, with its
// verdicts (the moves it refused, with the board then), the winner and the
// final board (ranks from the top, B and W).
type peerGame struct {
	Size   int
	Source string
	Events []struct {
		ToMove string `json:"to_move"`
		Move   string
		Action string
		Result string
		Board  []string
	}
	Winner     string
	FinalBoard []string `json:"final_board"`
}

func readPeerGames(t *testing.T) []peerGame {
	t.Helper()
	data, err := os.ReadFile("../../rules/konobi/testdata/games.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var out []peerGame
	for i, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var g peerGame
		if err := json.Unmarshal([]byte(l), &g); err != nil {
			t.Fatalf("games.jsonl:%d: %v", i+1, err)
		}
		out = append(out, g)
	}
	return out
}

// rulesBoard is gogui-rules_board's answer for a peer's board.
func rulesBoard(ranks []string) string {
	rows := make([]string, len(ranks))
	for i, r := range ranks {
		cells := strings.Split(strings.NewReplacer("B", "X", "W", "O").Replace(r), "")
		rows[i] = strings.Join(cells, " ")
	}
	return "= " + strings.Join(rows, "\n") + "\n\n"
}

// The peer's games played through GTP as a controller would send them, in
// both conventions of columns (the 9x9 and 10x10 games have the column
// GTP calls J): every move the peer played is accepted, every one it
// refused is an illegal move and changes nothing (the board is the
// peer's), the swap is accepted, a forced pass is answered by genmove,
// and at the end final_score names the peer's winner and the board is its
// final board; the loser's genmove resigns.
func TestPeerGames(t *testing.T) {
	games := readPeerGames(t)
	if len(games) < 5 {
		t.Fatalf("%d peer games, want 5", len(games))
	}
	for _, coords := range []Coords{GoCoords, HexCoords} {
		for gi, g := range games {
			e := newEngine(t, Config{Coords: coords, Search: searcher.FirstLegal})
			ctx := context.Background()
			send := func(cmd string) string {
				a, _ := e.Command(ctx, cmd)
				return a
			}
			name := g.Source[strings.LastIndex(g.Source, "/")+1:]
			where := func(i int) string { return fmt.Sprintf("%v coordinates, %s, event %d", coords, name, i+1) }
			if a := send("boardsize " + strconv.Itoa(g.Size)); a != "= \n\n" {
				t.Fatalf("game %d: boardsize: %q", gi, a)
			}
			for i, ev := range g.Events {
				col := strings.ToLower(ev.ToMove)
				switch {
				case ev.Action == "swap":
					if a := send("play " + col + " swap"); a != "= \n\n" {
						t.Errorf("%s: swap: %q", where(i), a)
					}
				case ev.Action == "decline_swap":
				case ev.Action == "forced_pass":
					if a := send("gogui-rules_board"); a != rulesBoard(ev.Board) {
						t.Errorf("%s: the board at the pass:\n%s\nwant\n%s", where(i), a, rulesBoard(ev.Board))
					}
					if a := send("genmove " + col); a != "= pass\n\n" {
						t.Errorf("%s: genmove for the forced pass: %q", where(i), a)
					}
				case ev.Result == "illegal":
					if a := send("gogui-rules_board"); a != rulesBoard(ev.Board) {
						t.Errorf("%s: the board before %s:\n%s\nwant\n%s", where(i), ev.Move, a, rulesBoard(ev.Board))
					}
					if a := send("play " + col + " " + coords.format(ev.Move)); !strings.HasPrefix(a, "? illegal move: ") {
						t.Errorf("%s: %s %s, refused by the peer: %q", where(i), col, ev.Move, a)
					}
				default:
					if a := send("play " + col + " " + coords.format(ev.Move)); a != "= \n\n" {
						t.Errorf("%s: %s %s: %q", where(i), col, ev.Move, a)
					}
				}
			}
			if a := send("final_score"); a != "= "+g.Winner+"+\n\n" {
				t.Errorf("%s: final_score %q, the peer's winner %s", where(len(g.Events)), a, g.Winner)
			}
			if a := send("gogui-rules_board"); a != rulesBoard(g.FinalBoard) {
				t.Errorf("%s: the final board:\n%s\nwant\n%s", where(len(g.Events)), a, rulesBoard(g.FinalBoard))
			}
			loser := map[string]string{"B": "w", "W": "b"}[g.Winner]
			if a := send("genmove " + loser); a != "= resign\n\n" {
				t.Errorf("%s: the loser's genmove %q", where(len(g.Events)), a)
			}
		}
	}
}
