package tablut

import (
	"bufio"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"boardrepl/rules"
)

// readJSONL decodes every line of a testdata file into a fresh T.
func readJSONL[T any](t *testing.T, name string) []T {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// vectorPosition turns a vector board (board[i] = rank i+1, O W B K T) and
// turn (W or B) into a position string.
func vectorPosition(t *testing.T, board []string, turn string) string {
	t.Helper()
	var ranks []string
	for r := 8; r >= 0; r-- {
		var b strings.Builder
		run := 0
		for _, c := range board[r] {
			if c == 'O' || c == 'T' {
				run++
				continue
			}
			if run > 0 {
				b.WriteByte(byte('0' + run))
				run = 0
			}
			b.WriteRune(c)
		}
		if run > 0 {
			b.WriteByte(byte('0' + run))
		}
		ranks = append(ranks, b.String())
	}
	return strings.Join(ranks, "/") + " " + strings.ToLower(turn)
}

// vectorBoard writes our board in the vector's form (king captured: the
// server leaves him on his square, we remove him, so the caller passes
// where he was).
func vectorBoard(g *Game) []string {
	out := make([]string, 9)
	for r := 0; r < 9; r++ {
		var b strings.Builder
		for f := 0; f < 9; f++ {
			sq := sqOf(f, r)
			switch g.board[sq] {
			case empty:
				switch {
				case g.end == endCaptured && g.endSq == uint8(sq):
					b.WriteByte('K')
				case sq == castle:
					b.WriteByte('T')
				default:
					b.WriteByte('O')
				}
			default:
				b.WriteByte(pieceLetter[g.board[sq]])
			}
		}
		out[r] = b.String()
	}
	return out
}

func moveNames(g *Game) []string {
	var out []string
	for _, m := range g.Moves(nil) {
		out = append(out, g.FormatMove(m))
	}
	slices.Sort(out)
	return out
}

func TestVectorPositions(t *testing.T) {
	type vpos struct {
		Board []string `json:"board"`
		Turn  string   `json:"turn"`
		Legal []string `json:"legal"`
		Count int      `json:"count"`
		Game  int      `json:"game"`
		Ply   int      `json:"ply"`
	}
	vs := readJSONL[vpos](t, "positions.jsonl")
	if len(vs) < 900 {
		t.Fatalf("only %d positions", len(vs))
	}
	for i, v := range vs {
		pos := vectorPosition(t, v.Board, v.Turn)
		g := mustNew(t, Info, nil, pos)
		got := moveNames(g)
		want := slices.Clone(v.Legal)
		slices.Sort(want)
		if !slices.Equal(got, want) || len(got) != v.Count {
			t.Errorf("position %d (game %d ply %d) %s: moves\n got %v\nwant %v", i, v.Game, v.Ply, pos, got, want)
			continue
		}
		// Every listed move is accepted by ParseMove, in both spellings.
		for _, s := range want {
			if _, err := g.ParseMove(strings.ToUpper(s)); err != nil {
				t.Errorf("%s: %s refused: %v", pos, s, err)
			}
		}
		if g.Perft(2) != rules.GenericPerft(g, 2) {
			t.Errorf("%s: fast and generic perft(2) differ", pos)
		}
	}
}

func resultTurn(g *Game) string {
	r := g.Result()
	switch {
	case !r.Over():
		return [2]string{"W", "B"}[g.side]
	case r.Status == rules.Draw:
		return "D"
	case r.Winner == white:
		return "WW"
	default:
		return "BW"
	}
}

func TestVectorGames(t *testing.T) {
	type vgame struct {
		Moves      []string   `json:"moves"`
		Captures   [][]string `json:"captures"`
		Result     string     `json:"result"`
		End        string     `json:"end"`
		Plies      int        `json:"plies"`
		Seed       int        `json:"seed"`
		FinalTurn  string     `json:"final_turn"`
		FinalBoard []string   `json:"final_board"`
	}
	vs := readJSONL[vgame](t, "games.jsonl")
	if len(vs) != 30 {
		t.Fatalf("%d games, want 30", len(vs))
	}
	for gi, v := range vs {
		g := mustNew(t, Info, nil, "")
		for i, s := range v.Moves {
			if g.Result().Over() {
				t.Fatalf("game %d (seed %d): over before move %d %s: %v", gi, v.Seed, i, s, g.Result())
			}
			m, err := g.ParseMove(s)
			if err != nil {
				t.Fatalf("game %d (seed %d) move %d %s refused: %v", gi, v.Seed, i, s, err)
			}
			g.Play(m)
			got := g.LastCaptured()
			want := slices.Clone(v.Captures[i])
			if r := g.Result(); r.Over() && r.Winner == black && g.end == endCaptured {
				// We name the king's square too; the server does not.
				want = append(want, sqName[g.endSq])
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d (seed %d) move %d %s: captured %v, want %v", gi, v.Seed, i, s, got, want)
			}
		}
		if got := resultTurn(g); got != v.FinalTurn {
			t.Errorf("game %d (seed %d): final turn %s (%v), want %s", gi, v.Seed, got, g.Result(), v.FinalTurn)
		}
		wantReason := map[string]string{"king_escaped": "king escaped at ", "king_captured": "king captured at ", "repeated_state": "the position repeated"}[v.End]
		if r := g.Result(); wantReason == "" || !strings.HasPrefix(r.Reason, wantReason) {
			t.Errorf("game %d: reason %q, want %s (%q)", gi, r.Reason, v.End, wantReason)
		}
		if got := vectorBoard(g); !slices.Equal(got, v.FinalBoard) {
			t.Errorf("game %d (seed %d): final board\n got %v\nwant %v", gi, v.Seed, got, v.FinalBoard)
		}
		if g.Ply() != v.Plies {
			t.Errorf("game %d: ply %d, want %d", gi, g.Ply(), v.Plies)
		}
		// Unwind: every Unplay restores the start.
		for g.Ply() > 0 {
			g.Unplay()
		}
		if g.Position() != StartPosition || g.Result().Over() {
			t.Errorf("game %d: unwinding gives %q", gi, g.Position())
		}
	}
}

func TestVectorCases(t *testing.T) {
	type step struct {
		Move       string   `json:"move"`
		Accepted   bool     `json:"accepted"`
		Exception  string   `json:"exception"`
		BoardAfter []string `json:"board_after"`
		TurnAfter  string   `json:"turn_after"`
	}
	type vcase struct {
		Name        string   `json:"name"`
		Board       []string `json:"board"`
		Turn        string   `json:"turn"`
		LegalBefore []string `json:"legal_before"`
		Steps       []step   `json:"steps"`
	}
	vs := readJSONL[vcase](t, "cases.jsonl")
	if len(vs) != 68 {
		t.Fatalf("%d cases, want 68", len(vs))
	}
	for _, v := range vs {
		g := mustNew(t, Info, nil, vectorPosition(t, v.Board, v.Turn))
		want := slices.Clone(v.LegalBefore)
		slices.Sort(want)
		if got := moveNames(g); !slices.Equal(got, want) {
			t.Errorf("%s: moves\n got %v\nwant %v", v.Name, got, want)
		}
		if len(want) == 0 {
			r := g.Result()
			loser := int(g.side)
			if r.Status != rules.Win || r.Winner != 1-loser || r.Reason != g.SideName(loser)+" has no legal move" {
				t.Errorf("%s: result %+v, want a loss for the side to move", v.Name, r)
			}
		}
		for _, s := range v.Steps {
			before := g.Position()
			m, err := g.ParseMove(s.Move)
			if s.Accepted {
				if err != nil {
					t.Errorf("%s: %s refused: %v", v.Name, s.Move, err)
					break
				}
				g.Play(m)
			} else {
				if err == nil {
					t.Errorf("%s: %s accepted, want %s", v.Name, s.Move, s.Exception)
					break
				}
				if c := ServerException(err); c != s.Exception {
					t.Errorf("%s: %s refused as %s (%v), want %s", v.Name, s.Move, c, err, s.Exception)
				}
				if g.Position() != before {
					t.Errorf("%s: a refused move changed the position", v.Name)
				}
			}
			if got := vectorBoard(g); !slices.Equal(got, s.BoardAfter) {
				t.Errorf("%s: after %s board\n got %v\nwant %v", v.Name, s.Move, got, s.BoardAfter)
			}
			got := resultTurn(g)
			if r := g.Result(); (s.TurnAfter == "W" || s.TurnAfter == "B") && r.Over() &&
				r.Reason == g.SideName(int(g.side))+" has no legal move" && s.TurnAfter == [2]string{"W", "B"}[g.side] {
				// The server leaves the side without a move to lose on time;
				// the rules file ends the game at once. Same outcome.
				got = s.TurnAfter
			}
			if got != s.TurnAfter {
				t.Errorf("%s: after %s turn %s (%v), want %s", v.Name, s.Move, got, g.Result(), s.TurnAfter)
			}
		}
	}
}
