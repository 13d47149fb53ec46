package oware

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"boardrepl/rules"
)

// The peers number pits in sowing order, index 0..11 = F E D C B A G H I J K
// L, which is also this package's internal order: a peer move index is our
// rules.Move.

type peerPos struct {
	Ply      int     `json:"ply"`
	Pits     []int   `json:"pits"`
	Scores   []int   `json:"scores"`
	ToMove   int     `json:"to_move"`
	Legal    []int   `json:"legal"`
	Terminal bool    `json:"terminal"`
	Move     *int    `json:"move"`
	Result   *result `json:"result"`
}

type result struct {
	Winner any `json:"winner"` // 0, 1 or "draw"
}

type seedEnd struct {
	Ply    int    `json:"ply"`
	Reason string `json:"reason"`
	Scores []int  `json:"scores"`
	Winner any    `json:"winner"`
}

type uncollected struct {
	Pits   []int `json:"pits"`
	Scores []int `json:"scores"`
	ToMove *int  `json:"to_move"`
	Legal  []int `json:"legal_if_play_continued"`
}

type peerGame struct {
	ID               string       `json:"id"`
	Name             string       `json:"name"`
	Moves            []int        `json:"moves"`
	EndReason        string       `json:"end_reason"`
	AalinaEndReason  *string      `json:"aalina_end_reason"`
	FinalScores      []int        `json:"final_scores"`
	Winner           any          `json:"winner"`
	Diverge          *int         `json:"seed_rules_diverge_at_ply"`
	Uncollected      *uncollected `json:"terminal_uncollected"`
	SeedEnd          *seedEnd     `json:"seed_rules_end"`
	CaptureReachable []int        `json:"capture_reachable"`
	Positions        []peerPos    `json:"positions"`
	Start            *peerPos     `json:"start"`
}

func (g *peerGame) name() string {
	if g.ID != "" {
		return g.ID
	}
	return g.Name
}

func loadJSONL(t *testing.T, path string) []peerGame {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []peerGame
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var g peerGame
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, g)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// peerPosition writes a peer position as our position string.
func peerPosition(pits, scores []int, toMove int) string {
	var sb strings.Builder
	for k, i := range letterOrder[0] {
		if k > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.Itoa(pits[i]))
	}
	sb.WriteByte('/')
	for k, i := range letterOrder[1] {
		if k > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.Itoa(pits[i]))
	}
	fmt.Fprintf(&sb, " %d %d %c", scores[0], scores[1], "ns"[toMove])
	return sb.String()
}

func moveSet(g *Game) []int {
	var out []int
	for _, m := range g.Moves(nil) {
		out = append(out, int(m))
	}
	sort.Ints(out)
	return out
}

func sortedCopy(a []int) []int {
	b := append([]int{}, a...)
	sort.Ints(b)
	return b
}

func sameInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// checkWinner compares a result with a peer winner (0, 1, "draw").
func checkWinner(r rules.Result, w any) error {
	switch v := w.(type) {
	case string:
		if v != "draw" || r.Status != rules.Draw {
			return fmt.Errorf("result %+v, want %v", r, w)
		}
	case float64:
		if r.Status != rules.Win || r.Winner != int(v) {
			return fmt.Errorf("result %+v, want winner %v", r, w)
		}
	default:
		return fmt.Errorf("odd winner %v", w)
	}
	return nil
}

func scoreString(s []int) string { return fmt.Sprintf("%d-%d", s[0], s[1]) }

var tournament = rules.Options{"end": "tournament"}

// replayTournament checks a peer game move by move with end=tournament:
// positions, legal moves, the ending, the result and the board left before
// collection.
func replayTournament(t *testing.T, pg *peerGame) {
	t.Helper()
	p0 := pg.Positions[0]
	g, err := Parse(tournament, peerPosition(p0.Pits, p0.Scores, p0.ToMove))
	if err != nil {
		t.Fatalf("%s: %v", pg.name(), err)
	}
	last := len(pg.Positions) - 1
	for k, pp := range pg.Positions {
		where := fmt.Sprintf("%s ply %d (%s)", pg.name(), k, g.Position())
		if k < last || !pp.Terminal {
			if want := peerPosition(pp.Pits, pp.Scores, pp.ToMove); g.Position() != want {
				t.Fatalf("%s: position, want %s", where, want)
			}
		}
		if got, want := moveSet(g), sortedCopy(pp.Legal); !sameInts(got, want) {
			t.Fatalf("%s: legal %v, want %v", where, got, want)
		}
		r := g.Result()
		if r.Over() != pp.Terminal {
			t.Fatalf("%s: result %+v, peers terminal=%v", where, r, pp.Terminal)
		}
		if pp.Terminal {
			if k != last {
				t.Fatalf("%s: terminal before the last position", where)
			}
			if r.Score != scoreString(pp.Scores) {
				t.Fatalf("%s: score %s, want %s (collected)", where, r.Score, scoreString(pp.Scores))
			}
			if err := checkWinner(r, pp.Result.Winner); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if u := pg.Uncollected; u != nil {
				if u.ToMove != nil && *u.ToMove != pp.ToMove {
					t.Fatalf("%s: uncollected to_move %d, terminal to_move %d", where, *u.ToMove, pp.ToMove)
				}
				if want := peerPosition(u.Pits, u.Scores, pp.ToMove); g.Position() != want {
					t.Fatalf("%s: board before collection, want %s", where, want)
				}
				if u.Legal != nil {
					var raw []int
					for m := g.p.b.legalMask(g.p.side); m != 0; m &= m - 1 {
						raw = append(raw, ctz(m))
					}
					if !sameInts(raw, sortedCopy(u.Legal)) {
						t.Fatalf("%s: moves if play continued %v, want %v", where, raw, u.Legal)
					}
				}
			}
			reason := pg.EndReason
			if reason == "" && pg.AalinaEndReason != nil {
				reason = *pg.AalinaEndReason
			}
			if err := checkReason(r.Reason, reason); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if pg.FinalScores != nil && r.Score != scoreString(pg.FinalScores) {
				t.Fatalf("%s: score %s, final_scores %v", where, r.Score, pg.FinalScores)
			}
			break
		}
		if k == last {
			break
		}
		m := rules.Move(*pp.Move)
		pm, err := g.ParseMove(g.FormatMove(m))
		if err != nil || pm != m {
			t.Fatalf("%s: move %s: %v", where, g.FormatMove(m), err)
		}
		g.Play(m)
	}
}

func checkReason(got, peer string) error {
	var want string
	switch peer {
	case "score_over_24":
		want = "captured"
	case "no_legal_moves":
		want = "famine"
	case "repetition":
		want = "position repeated"
	case "":
		return nil // OpenSpiel-only cases carry no reason
	default:
		return fmt.Errorf("unknown peer reason %q", peer)
	}
	if !strings.Contains(got, want) {
		return fmt.Errorf("reason %q, peers say %s", got, peer)
	}
	return nil
}

// replaySeed checks the seed-rules view: capture_reachable at every position
// (the last one before the peers' collection, which is our board) and where
// and how the game ends under the default rules.
func replaySeed(t *testing.T, pg *peerGame) {
	t.Helper()
	p0 := pg.Positions[0]
	start := peerPosition(p0.Pits, p0.Scores, p0.ToMove)
	tg, err := Parse(tournament, start) // follows the peers' moves to the end
	if err != nil {
		t.Fatal(err)
	}
	// The peers' seed-rules endings are famine and the unreachable capture:
	// the literal reading (the default also ends on a repeated position).
	sg, err := Parse(rules.Options{"end": "abapa-literal"}, start)
	if err != nil {
		t.Fatal(err)
	}
	if len(pg.CaptureReachable) != len(pg.Positions) {
		t.Fatalf("%s: %d capture_reachable for %d positions", pg.name(), len(pg.CaptureReachable), len(pg.Positions))
	}
	endPly := -1
	if pg.SeedEnd != nil {
		endPly = pg.SeedEnd.Ply
	}
	for k := range pg.Positions {
		where := fmt.Sprintf("%s ply %d (%s)", pg.name(), k, tg.Position())
		if got, want := tg.CaptureReachable(), pg.CaptureReachable[k] == 1; got != want {
			t.Fatalf("%s: capture reachable %v, want %v", where, got, want)
		}
		if k <= endPly || endPly < 0 {
			if sg.Position() != tg.Position() {
				t.Fatalf("%s: seed-rules game at %s", where, sg.Position())
			}
			r := sg.Result()
			switch {
			case k == endPly:
				if !r.Over() || !strings.HasPrefix(r.Reason, pg.SeedEnd.Reason) {
					t.Fatalf("%s: seed rules: %+v, want the end by %s", where, r, pg.SeedEnd.Reason)
				}
				if r.Score != scoreString(pg.SeedEnd.Scores) {
					t.Fatalf("%s: seed rules score %s, want %v", where, r.Score, pg.SeedEnd.Scores)
				}
				if err := checkWinner(r, pg.SeedEnd.Winner); err != nil {
					t.Fatalf("%s: seed rules: %v", where, err)
				}
				if len(sg.Moves(nil)) != 0 {
					t.Fatalf("%s: moves listed after the end", where)
				}
			case r.Over():
				t.Fatalf("%s: seed rules end early: %+v", where, r)
			case pg.Diverge != nil && k < *pg.Diverge:
				if got, want := moveSet(sg), moveSet(tg); !sameInts(got, want) {
					t.Fatalf("%s: seed-rules moves %v, tournament %v", where, got, want)
				}
			}
		}
		if k == len(pg.Positions)-1 {
			break
		}
		m := rules.Move(*pg.Positions[k].Move)
		tg.Play(m)
		if k < endPly || endPly < 0 {
			sg.Play(m)
		}
	}
}

func TestVectorGames(t *testing.T) {
	games := loadJSONL(t, "testdata/games.jsonl")
	if len(games) != 100 {
		t.Fatalf("%d games, want 100", len(games))
	}
	plies, seedEnds := 0, 0
	for i := range games {
		pg := &games[i]
		if len(pg.Moves) != len(pg.Positions)-1 {
			t.Fatalf("%s: %d moves, %d positions", pg.name(), len(pg.Moves), len(pg.Positions))
		}
		replayTournament(t, pg)
		replaySeed(t, pg)
		plies += len(pg.Moves)
		if pg.SeedEnd != nil {
			seedEnds++
		}
	}
	t.Logf("%d games, %d plies, %d seed-rules endings", len(games), plies, seedEnds)
}

func TestVectorEdgeCases(t *testing.T) {
	cases := loadJSONL(t, "testdata/edge_cases.jsonl")
	seedViews := 0
	for i := range cases {
		pg := &cases[i]
		t.Run(pg.Name, func(t *testing.T) {
			s := pg.Start
			if got, want := peerPosition(s.Pits, s.Scores, s.ToMove), peerPosition(pg.Positions[0].Pits, pg.Positions[0].Scores, pg.Positions[0].ToMove); got != want {
				t.Fatalf("start %s, positions[0] %s", got, want)
			}
			replayTournament(t, pg)
			if pg.CaptureReachable != nil {
				seedViews++
				replaySeed(t, pg)
			}
		})
	}
	t.Logf("%d edge cases, %d with the seed-rules view", len(cases), seedViews)
}

func TestVectorPerft(t *testing.T) {
	f, err := os.ReadFile("testdata/perft.tsv")
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, line := range strings.Split(strings.TrimSpace(string(f)), "\n")[1:] {
		c := strings.Split(line, "\t")
		if len(c) < 4 || c[0] != "start" || c[1] != "" {
			t.Fatalf("odd perft row %q", line)
		}
		depth, _ := strconv.Atoi(c[2])
		want, _ := strconv.ParseUint(c[3], 10, 64)
		for _, opts := range []rules.Options{nil, tournament} {
			if depth > 9 && (opts != nil || testing.Short()) {
				continue
			}
			g := New(opts)
			if got := g.Perft(depth); got != want {
				t.Errorf("perft(%d) %v = %d, want %d", depth, opts, got, want)
			}
			if g.Position() != StartPosition {
				t.Fatalf("perft changed the position")
			}
		}
		rows++
	}
	if rows != 10 {
		t.Fatalf("%d perft rows, want 10", rows)
	}
}

// TestPerft11 is the rules file's depth-11 count (not in perft.tsv).
func TestPerft11(t *testing.T) {
	if testing.Short() {
		t.Skip("perft 11 takes a few seconds")
	}
	if got := New(nil).Perft(11); got != 91558687 {
		t.Fatalf("perft(11) = %d, want 91558687", got)
	}
}
