package konobi

import (
	"bufio"
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"boardrepl/rules"
)

// vcase is one line of cases.jsonl / cases_other_sizes.jsonl.
type vcase struct {
	Size     int      `json:"size"`
	Board    []string `json:"board"`
	ToMove   string   `json:"to_move"`
	Move     string   `json:"move"`
	Legal    *bool    `json:"legal"`
	Why      string   `json:"why"`
	Winner   *string  `json:"winner"`
	MustPass *bool    `json:"must_pass"`
}

func readLines(t *testing.T, name string, f func(line int, data []byte)) {
	t.Helper()
	fh, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		f(line, sc.Bytes())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// boardString turns vector rows (top rank first, '.', 'B', 'W') into the
// board field of a position string.
func boardString(rows []string) string {
	var b strings.Builder
	for i, row := range rows {
		if i > 0 {
			b.WriteByte('/')
		}
		run := 0
		for _, ch := range row {
			if ch == '.' {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteRune(ch)
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
	}
	return b.String()
}

func parseRows(t *testing.T, rows []string, toMove string) *Game {
	t.Helper()
	side := "b"
	if toMove == "W" {
		side = "w"
	}
	pos := boardString(rows) + " " + side + " -"
	g, err := Parse(pos)
	if err != nil {
		t.Fatalf("parse %q: %v", pos, err)
	}
	return g
}

// rowsOf renders the board like the vectors.
func rowsOf(g *Game) []string {
	var out []string
	for r := g.n - 1; r >= 0; r-- {
		var b strings.Builder
		for c := 0; c < g.n; c++ {
			b.WriteByte(".BW"[g.cells[g.idx(r, c)]])
		}
		out = append(out, b.String())
	}
	return out
}

var weakClause = regexp.MustCompile(`^weak connection to ([a-z][0-9]+) while ([a-z0-9/]+) would be strongly connected`)
var ourWeak = regexp.MustCompile(`^([a-z][0-9]+) would be weakly connected to ([a-z][0-9]+), which has a strong alternative at ([a-z][0-9]+)$`)
var ourCross = regexp.MustCompile(`^([a-z][0-9]+) would form a crosscut in the square ([a-z])([0-9]+)-([a-z])([0-9]+)$`)

func colourOf(s string) uint8 {
	if s == "W" {
		return white
	}
	return black
}

func checkCases(t *testing.T, file string) {
	counts := map[string]int{}
	readLines(t, file, func(line int, data []byte) {
		var c vcase
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s:%d: %v", file, line, err)
		}
		if c.Size != 0 && c.Size != len(c.Board) {
			t.Fatalf("%s:%d: size %d but %d rows", file, line, c.Size, len(c.Board))
		}
		switch {
		case c.Legal != nil:
			counts["legality"]++
			checkLegality(t, file, line, c)
		case c.MustPass != nil:
			counts["pass"]++
			g := parseRows(t, c.Board, c.ToMove)
			moves := g.Moves(nil)
			gotPass := len(moves) == 1 && moves[0] == MovePass
			if gotPass != *c.MustPass {
				t.Errorf("%s:%d: must pass %v, our moves %d (%v)", file, line, *c.MustPass, len(moves), g.FormatMove(moves[0]))
			}
			_, err := g.ParseMove("pass")
			if (err == nil) != *c.MustPass {
				t.Errorf("%s:%d: ParseMove(pass) error %v, want must_pass %v", file, line, err, *c.MustPass)
			}
			if *c.MustPass {
				g.Play(MovePass)
				if g.SideToMove() == int(colourOf(c.ToMove))-1 {
					t.Errorf("%s:%d: pass did not hand over the turn", file, line)
				}
			}
		default:
			counts["win"]++
			checkWin(t, file, line, c)
		}
	})
	t.Logf("%s: %v", file, counts)
}

func checkLegality(t *testing.T, file string, line int, c vcase) {
	t.Helper()
	g := parseRows(t, c.Board, c.ToMove)
	col := colourOf(c.ToMove)
	p, ok, err := g.point(c.Move)
	if !ok || err != nil {
		t.Fatalf("%s:%d: point %q: %v %v", file, line, c.Move, ok, err)
	}
	why := g.whyIllegal(p, col)
	if g.cells[p] == empty && g.legal(p, col) != (why == "") {
		t.Errorf("%s:%d: legal() and whyIllegal() disagree: %q", file, line, why)
	}
	if g.winner < 0 {
		_, perr := g.ParseMove(c.Move)
		if (perr == nil) != (why == "") || (perr != nil && perr.Error() != why) {
			t.Errorf("%s:%d: ParseMove error %v, whyIllegal %q", file, line, perr, why)
		}
		inMoves := false
		for _, m := range g.Moves(nil) {
			if m == rules.Move(p) {
				inMoves = true
			}
		}
		if inMoves != (why == "") {
			t.Errorf("%s:%d: in Moves %v, whyIllegal %q", file, line, inMoves, why)
		}
	}
	if *c.Legal {
		if why != "" {
			t.Errorf("%s:%d: %s %s: want legal (%s), got %q", file, line, c.ToMove, c.Move, c.Why, why)
		}
		return
	}
	switch {
	case strings.HasPrefix(c.Why, "point already occupied"):
		if !strings.Contains(why, "is occupied") {
			t.Errorf("%s:%d: want occupied, got %q", file, line, why)
		}
	case strings.HasPrefix(c.Why, "forms a crosscut"):
		m := ourCross.FindStringSubmatch(why)
		if m == nil {
			t.Errorf("%s:%d: want crosscut (%s), got %q", file, line, c.Why, why)
			return
		}
		// the named square must hold a crosscut once the stone is placed
		f1, f2 := int(m[2][0]-'a'), int(m[4][0]-'a')
		r1, _ := strconv.Atoi(m[3])
		r2, _ := strconv.Atoi(m[5])
		if f2 != f1+1 || r2 != r1+1 {
			t.Errorf("%s:%d: %q does not name a 2x2 square", file, line, why)
			return
		}
		g.cells[p] = col
		ll, lr := g.cells[g.idx(r1-1, f1)], g.cells[g.idx(r1-1, f2)]
		ul, ur := g.cells[g.idx(r2-1, f1)], g.cells[g.idx(r2-1, f2)]
		g.cells[p] = empty
		if !(ll == ur && ul == lr && ll != ul && ll != empty && ul != empty) {
			t.Errorf("%s:%d: square in %q is not a crosscut", file, line, why)
		}
	case strings.HasPrefix(c.Why, "weak connection to"):
		m := ourWeak.FindStringSubmatch(why)
		if m == nil {
			t.Errorf("%s:%d: want weak connection (%s), got %q", file, line, c.Why, why)
			return
		}
		found := false
		for _, clause := range strings.Split(c.Why, "; ") {
			w := weakClause.FindStringSubmatch(clause)
			if w == nil || w[1] != m[2] {
				continue
			}
			for _, alt := range strings.Split(w[2], "/") {
				if alt == m[3] {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("%s:%d: our reason %q is not among %q", file, line, why, c.Why)
		}
	default:
		t.Fatalf("%s:%d: unknown reason %q", file, line, c.Why)
	}
}

func checkWin(t *testing.T, file string, line int, c vcase) {
	t.Helper()
	g := parseRows(t, c.Board, "B")
	res := g.Result()
	want := -1
	if c.Winner != nil {
		want = int(colourOf(*c.Winner)) - 1
	}
	if res.Winner != want || (want >= 0) != (res.Status == rules.Win) {
		t.Errorf("%s:%d: want winner %d (%s), got %+v", file, line, want, c.Why, res)
	}
	// The incremental check from a placed stone agrees with the full scan:
	// take each stone away and put it back.
	for p := range g.cells {
		col := g.cells[p]
		if col != black && col != white {
			continue
		}
		g.cells[p] = empty
		before := g.scanWin(col)
		g.cells[p] = col
		if before {
			continue
		}
		got := g.wins(p, col)
		if got != (want == int(col)-1) {
			t.Errorf("%s:%d: placing %s again: incremental win %v, want winner %d", file, line, g.PointName(p), got, want)
		}
	}
}

func TestVectorCases(t *testing.T) { checkCases(t, "cases.jsonl") }

func TestVectorCasesOtherSizes(t *testing.T) { checkCases(t, "cases_other_sizes.jsonl") }

type vgame struct {
	Size       int      `json:"size"`
	First      string   `json:"first_player"`
	Second     string   `json:"second_player"`
	Winner     string   `json:"winner"`
	WinnerName string   `json:"winner_name"`
	FinalBoard []string `json:"final_board"`
	Events     []struct {
		ToMove string   `json:"to_move"`
		Move   string   `json:"move"`
		Result string   `json:"result"`
		Action string   `json:"action"`
		Board  []string `json:"board"`
	} `json:"events"`
}

func sameRows(a, b []string) bool {
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

func TestVectorGames(t *testing.T) {
	stats := map[string]int{}
	readLines(t, "games.jsonl", func(line int, data []byte) {
		var vg vgame
		if err := json.Unmarshal(data, &vg); err != nil {
			t.Fatalf("games.jsonl:%d: %v", line, err)
		}
		stats["games"]++
		opts, err := Info.ParseOptions([]string{"size=" + strconv.Itoa(vg.Size)})
		if err != nil {
			t.Fatal(err)
		}
		gg, err := Info.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		g := gg.(*Game)
		swapped := false
		for i, e := range vg.Events {
			where := "games.jsonl:" + strconv.Itoa(line) + " event " + strconv.Itoa(i)
			if g.Result().Over() {
				t.Fatalf("%s: game already over (%v)", where, g.Result())
			}
			if g.SideToMove() != int(colourOf(e.ToMove))-1 {
				t.Fatalf("%s: to move %s, we have %s", where, e.ToMove, g.SideName(g.SideToMove()))
			}
			if e.Board != nil && !sameRows(e.Board, rowsOf(g)) {
				t.Fatalf("%s: board\n%v\nwe have\n%v", where, e.Board, rowsOf(g))
			}
			switch {
			case e.Action == "swap":
				m, err := g.ParseMove("swap")
				if err != nil {
					t.Fatalf("%s: swap refused: %v", where, err)
				}
				g.Play(m)
				swapped = true
				stats["swaps"]++
				if g.SideToMove() != 1 || strings.HasSuffix(g.Position(), "swap") {
					t.Fatalf("%s: after swap: %q", where, g.Position())
				}
			case e.Action == "decline_swap":
				if !g.SwapAvailable() {
					t.Fatalf("%s: swap was offered but we do not offer it", where)
				}
				stats["declined swaps"]++
			case e.Action == "forced_pass":
				moves := g.Moves(nil)
				if len(moves) != 1 || moves[0] != MovePass {
					t.Fatalf("%s: forced pass, but we list %d moves", where, len(moves))
				}
				m, err := g.ParseMove("PASS")
				if err != nil {
					t.Fatal(err)
				}
				g.Play(m)
				stats["passes"]++
			case e.Result == "played":
				m, err := g.ParseMove(e.Move)
				if err != nil {
					t.Fatalf("%s: %s %s refused: %v\n%s", where, e.ToMove, e.Move, err, strings.Join(rowsOf(g), "\n"))
				}
				if g.SwapAvailable() {
					stats["offers placed over"]++
				}
				g.Play(m)
				stats["moves"]++
			case e.Result == "illegal":
				pos := g.Position()
				_, err := g.ParseMove(e.Move)
				if err == nil {
					t.Fatalf("%s: %s %s was refused by the reference, we accept it", where, e.ToMove, e.Move)
				}
				if g.Position() != pos {
					t.Fatalf("%s: refusing changed the position", where)
				}
				t.Logf("%s: %s %s refused: %v", where, e.ToMove, e.Move, err)
				stats["refused"]++
			default:
				t.Fatalf("%s: unknown event %+v", where, e)
			}
		}
		res := g.Result()
		if res.Status != rules.Win || g.SideName(res.Winner) != map[string]string{"B": "black", "W": "white"}[vg.Winner] {
			t.Errorf("games.jsonl:%d: want winner %s, got %+v", line, vg.Winner, res)
		}
		// the first player plays black unless he was swapped to white
		firstColour := "B"
		if swapped {
			firstColour = "W"
		}
		wantName := vg.Second
		if vg.Winner == firstColour {
			wantName = vg.First
		}
		if wantName != vg.WinnerName {
			t.Errorf("games.jsonl:%d: winner %s should be %s, file says %s", line, vg.Winner, wantName, vg.WinnerName)
		}
		if !sameRows(vg.FinalBoard, rowsOf(g)) {
			t.Errorf("games.jsonl:%d: final board\n%v\nwe have\n%v", line, vg.FinalBoard, rowsOf(g))
		}
		if len(g.Moves(nil)) != 0 {
			t.Errorf("games.jsonl:%d: moves listed after the win", line)
		}
		// unwind to the start
		for g.Ply() > 0 {
			g.Unplay()
		}
		if g.Position() != gg.Info().Start && vg.Size == 8 {
			t.Errorf("games.jsonl:%d: unwind gives %q", line, g.Position())
		}
	})
	t.Logf("games: %v", stats)
}
