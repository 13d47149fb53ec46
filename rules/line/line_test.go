package line

import (
	"errors"
	"math/rand"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"boardrepl/rules"
	_ "boardrepl/rules/all"
	"boardrepl/rules/record"

	"pgregory.net/rapid"
)

type fataler interface {
	Helper()
	Fatal(args ...any)
}

func newLine(t fataler, id string, pairs []string, pos string) *Line {
	t.Helper()
	info, err := rules.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	l, err := NewPairs(info, pairs, pos)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func texts(ps []Ply) string {
	var out []string
	for _, p := range ps {
		s := p.Text
		if p.Forced {
			s += "(forced)"
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

// walled is an Ataxx position where red (x, on a1) is walled in by blocks
// and must pass while blue has moves (the play_pass transcript's).
const walled = "x--4/---4/---4/7/7/7/6o x 0 1"

// Forced passes: played after the move before them, written or not; undo
// takes them back with that move.
func TestForcedPasses(t *testing.T) {
	for _, c := range []struct {
		name    string
		written []string // PlayWritten, in order
		want    string   // the plies, "(forced)" after an automatic pass
		wantErr string   // the error of the last written move, if any
	}{
		{"left out", []string{"g2"}, "0000(forced) g2 0000(forced)", ""},
		{"written", []string{"pass", "g2", "0000"}, "0000 g2 0000", ""},
		{"written twice", []string{"g2", "pass", "pass"}, "0000(forced) g2 0000", "0000"},
		{"left out at the end", []string{"pass", "g2", "f1"}, "0000 g2 0000(forced) f1 0000(forced)", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := newLine(t, "ataxx", nil, walled)
			var err error
			for _, m := range c.written {
				if _, err = l.PlayWritten(m); err != nil {
					break
				}
			}
			if got := texts(l.Plies()); got != c.want {
				t.Errorf("plies %q, want %q", got, c.want)
			}
			if (err != nil) != (c.wantErr != "") {
				t.Errorf("error %v, want one: %v", err, c.wantErr != "")
			}
			if l.Cursor() != l.Len() || l.Game().Ply() != l.Len() {
				t.Errorf("cursor %d, game ply %d, len %d", l.Cursor(), l.Game().Ply(), l.Len())
			}
		})
	}

	// Play (a move typed at the prompt) plays the pass that follows it;
	// undo takes the move and the pass back together, redo replays both.
	l := newLine(t, "ataxx", nil, walled)
	if _, err := l.PlayText("g2"); err == nil {
		t.Fatal("blue's g2 was played on red's turn")
	}
	if got := texts(l.PassForced()); got != "0000(forced)" {
		t.Fatalf("PassForced %q", got)
	}
	played, err := l.PlayText("g2")
	if err != nil || texts(played) != "g2 0000(forced)" {
		t.Fatalf("PlayText g2: %q, %v", texts(played), err)
	}
	// The play_pass transcript's final position (hand-checked there).
	if got := l.Game().Position(); got != "x--4/---4/---4/7/7/6o/6o o 1 2" {
		t.Fatalf("position %q", got)
	}
	if n, err := l.Undo(1); n != 2 || err != nil || l.Cursor() != 1 {
		t.Fatalf("undo: %d plies, %v, cursor %d", n, err, l.Cursor())
	}
	if n, err := l.Redo(1); n != 2 || err != nil || l.Cursor() != 3 {
		t.Fatalf("redo: %d plies, %v, cursor %d", n, err, l.Cursor())
	}
}

// Undo, redo and goto move the cursor; a different move cuts the line.
func TestUndoRedoGoto(t *testing.T) {
	l := newLine(t, "tablut", nil, "")
	start := l.Game().Position()
	var positions []string
	for _, m := range []string{"e3-h3", "d1-d3", "h3-h1"} {
		positions = append(positions, l.Game().Position())
		if _, err := l.PlayText(m); err != nil {
			t.Fatal(m, err)
		}
	}
	end := l.Game().Position()
	steps := []struct {
		op      string
		n       int
		cursor  int
		len     int
		wantErr bool
	}{
		{"undo", 2, 1, 3, false},
		{"redo", 1, 2, 3, false},
		{"goto", 0, 0, 3, false},
		{"undo", 1, 0, 3, true},
		{"goto", 3, 3, 3, false},
		{"redo", 1, 3, 3, true},
		{"goto", 4, 3, 3, true},
		{"goto", -1, 3, 3, true},
		{"undo", 0, 3, 3, true},
		{"undo", 9, 0, 3, false},
	}
	for i, s := range steps {
		var err error
		switch s.op {
		case "undo":
			_, err = l.Undo(s.n)
		case "redo":
			_, err = l.Redo(s.n)
		case "goto":
			err = l.Goto(s.n)
		}
		if (err != nil) != s.wantErr || l.Cursor() != s.cursor || l.Len() != s.len {
			t.Fatalf("step %d %s %d: err %v, cursor %d len %d", i, s.op, s.n, err, l.Cursor(), l.Len())
		}
		want := end
		if s.cursor < 3 {
			want = positions[s.cursor]
		}
		if got := l.Game().Position(); got != want {
			t.Fatalf("step %d: position %q, want %q", i, got, want)
		}
	}
	if l.Game().Position() != start {
		t.Fatal("not back at the start")
	}
	// Replaying the line's next move keeps the rest; another move cuts it.
	l.PlayText("e3-h3")
	if l.Len() != 3 {
		t.Fatalf("the same move cut the line: len %d", l.Len())
	}
	other := rules.MoveTexts(l.Game())[0] // not d1-d3
	if _, err := l.PlayText(other); err != nil || l.Len() != 2 || texts(l.Plies()) != "e3-h3 "+other {
		t.Fatalf("a new move: %q", texts(l.Plies()))
	}
}

// An agreement ends the game as the rules say, refuses moves, goes into the
// record and back, and is taken back by Withdraw or by moving the line.
func TestAgree(t *testing.T) {
	l := newLine(t, "oware", nil, "")
	if _, err := l.PlayText("A"); err != nil {
		t.Fatal(err)
	}
	res, err := l.Agree()
	// North's row 0+4+4+4+4+4 = 20, South's 5+5+5+5+4+4 = 28 (the
	// repl_agree transcript's hand-checked figures).
	if err != nil || res.Status != rules.Win || res.Winner != 1 || res.Score != "20-28" {
		t.Fatalf("agree: %+v, %v", res, err)
	}
	if _, err := l.PlayText("G"); !errors.Is(err, ErrEnded) || !strings.Contains(err.Error(), "by agreement") {
		t.Fatalf("move after the agreement: %v", err)
	}
	if _, err := l.Agree(); err == nil {
		t.Fatal("agreed twice")
	}
	if err := l.Goto(1); err != nil || !l.Result().Over() {
		t.Fatal("goto to the same ply took the agreement back")
	}
	rec := l.Record()
	if rec.Get(record.TagResult) != record.SecondWins || rec.Get(record.TagTermination) != "south wins 20-28 (agreed: each player takes the seeds of his own row)" {
		t.Fatalf("record:\n%s", rec.Format())
	}
	back, err := Replay(mustParse(t, rec.Format()), nil)
	if err != nil || !back.Declared() || back.Result() != res {
		t.Fatalf("replayed: %v, declared %v, result %+v", err, back != nil && back.Declared(), back.Result())
	}
	if !l.Withdraw() || l.Result().Over() || l.Cursor() != 1 {
		t.Fatal("withdraw")
	}
	if l.Withdraw() {
		t.Fatal("withdrew twice")
	}
	l.Agree()
	l.Undo(1)
	if l.Result().Over() {
		t.Fatal("the agreement survived an undo")
	}
	// In the other games it is a draw; a finished game cannot be ended.
	d := newLine(t, "tablut", nil, "")
	if res, err := d.Agree(); err != nil || res.Status != rules.Draw || d.FormatResult() != "draw (agreed)" {
		t.Fatalf("tablut agree: %+v %v", res, err)
	}
	if err := d.End(rules.Result{Status: rules.Win, Winner: 0, Reason: "resigned"}); err == nil {
		t.Fatal("ended an ended game")
	}
	// A declared end that is not an agreement stays out of a replay.
	e := newLine(t, "tablut", nil, "")
	if err := e.End(rules.Result{Status: rules.Win, Winner: 1, Reason: "ann resigned"}); err != nil {
		t.Fatal(err)
	}
	if got := e.Record().Get(record.TagTermination); got != e.Game().SideName(1)+" wins (ann resigned)" {
		t.Fatalf("termination %q", got)
	}
	if _, err := e.PlayText("e3-h3"); !errors.Is(err, ErrEnded) || strings.Contains(err.Error(), "agreement") {
		t.Fatalf("move after a resignation: %v", err)
	}
	if back, _ := Replay(e.Record(), nil); back.Result().Over() {
		t.Fatal("a resignation was replayed as an ended game")
	}
}

func mustParse(t testing.TB, text string) *record.Record {
	t.Helper()
	r, err := record.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Every game's record replays to the same line: options, start, moves,
// result.
func TestRecordReplayRoundTrip(t *testing.T) {
	for _, c := range []struct {
		id    string
		pairs []string
		pos   string
	}{
		{"tablut", nil, ""},
		{"tablut-brainking", nil, ""},
		{"oware", []string{"end=tournament"}, ""},
		{"ataxx", []string{"blocks=4", "seed=7"}, ""},
		{"ataxx", nil, walled},
		{"konobi", nil, ""},
	} {
		t.Run(c.id, func(t *testing.T) {
			rng := rand.New(rand.NewSource(1))
			for game := 0; game < 20; game++ {
				l := newLine(t, c.id, c.pairs, c.pos)
				l.PassForced()
				for i := 0; i < 200 && !l.Result().Over(); i++ {
					ms := l.Game().Moves(nil)
					l.Play(ms[rng.Intn(len(ms))])
				}
				tags := []record.Tag{{Name: record.TagDate, Value: "2026.01.02"}, {Name: l.SideTag(0), Value: "ann"}}
				text := l.Record(tags...).Format()
				back, err := Replay(mustParse(t, text), nil)
				if err != nil {
					t.Fatalf("replay: %v\n%s", err, text)
				}
				if back.Game().Position() != l.Game().Position() || back.Start() != l.Start() ||
					!slices.Equal(back.Played(), l.Played()) || back.Result() != l.Result() ||
					!slices.Equal(back.OptionPairs(), l.OptionPairs()) {
					t.Fatalf("replayed %q %v, want %q %v\n%s", back.Game().Position(), back.Result(), l.Game().Position(), l.Result(), text)
				}
				if again := back.Record(tags...).Format(); again != text {
					t.Fatalf("record of the replay:\n%s\nwant:\n%s", again, text)
				}
			}
		})
	}
}

// The first bad move of a record is named with its number, line and the
// game's reason; a bad record start is refused.
func TestReplayErrors(t *testing.T) {
	tablut, _ := rules.Lookup("tablut")
	base, _ := New(tablut, nil, "")
	for _, c := range []struct {
		name, text string
		base       *Line
		want       string
	}{
		{"illegal", "[Game \"ataxx\"]\n\n1. f2 b2\n2. f2 a7\n", nil, `line 4: move 3 "f2": `},
		{"not a move", "[Game \"oware\"]\n\n1. A G 2. Z\n", nil, `line 3: move 3 "Z": `},
		{"no game", "1. e3-h3\n", nil, "the record has no Game tag"},
		{"unknown game", "[Game \"chess\"]\n", nil, `unknown game "chess"`},
		{"bad option", "[Game \"ataxx\"]\n[Options \"blocks=99\"]\n", nil, `option blocks="99"`},
		{"bad position", "[Game \"ataxx\"]\n[Position \"x\"]\n", nil, `position "x": `},
		{"plain list on a base", "e3-h3 e3-h3\n", base, `line 1: move 2 "e3-h3": `},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Replay(mustParse(t, c.text), c.base)
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Fatalf("error %v, want %q...", err, c.want)
			}
		})
	}
	// The reason is the game's own, in the position before the move.
	_, err := Replay(mustParse(t, "[Game \"ataxx\"]\n\n1. f2 b2\n2. f2 a7\n"), nil)
	var me *MoveError
	if !errors.As(err, &me) || me.Index != 3 || me.Move.Line != 4 {
		t.Fatalf("%#v", err)
	}
	l, _ := ReplayTexts(mustInfo(t, "ataxx"), nil, "", []string{"f2", "b2"})
	_, want := l.Game().ParseMove("f2")
	if want == nil || !errors.Is(err, me.Err) || me.Err.Error() != want.Error() {
		t.Fatalf("reason %v, want %v", me.Err, want)
	}
	// A plain move list continues from the base's start.
	b2 := newLine(t, "ataxx", []string{"blocks=4", "seed=3"}, "")
	got, err := Replay(mustParse(t, strings.Join(rules.MoveTexts(b2.Game())[:1], " ")), b2)
	if err != nil || got.Start() != b2.Start() || got.Cursor() != 1 {
		t.Fatalf("plain list: %v", err)
	}
}

// A position that does not parse is named once, by the line, whatever the
// game: the games' own messages say what is wrong, not which position.
func TestBadPositionNamedOnce(t *testing.T) {
	for _, info := range rules.All() {
		_, err := New(info, nil, "zzz")
		if err == nil {
			t.Fatalf("%s: position zzz accepted", info.ID)
		}
		if n := strings.Count(err.Error(), `"zzz"`); n != 1 {
			t.Errorf("%s: %v names the position %d times, want 1", info.ID, err, n)
		}
	}
}

func mustInfo(t testing.TB, id string) *rules.Info {
	in, err := rules.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// Edit makes the edited position the start of a new line; a refused edit
// changes nothing. Clone is independent.
func TestEditAndClone(t *testing.T) {
	l := newLine(t, "ataxx", nil, "")
	l.PlayText("f2")
	before := l.Game().Position()
	if err := l.Edit(func(ed rules.Editor) error { return ed.SetSquare("z9", "x") }); err == nil || l.Game().Position() != before || l.Len() != 1 {
		t.Fatalf("refused edit: %v", err)
	}
	c := l.Clone()
	if err := l.Edit(func(ed rules.Editor) error { return ed.SetSquare("d4", "x") }); err != nil {
		t.Fatal(err)
	}
	if l.Len() != 0 || l.Start() != l.Game().Position() || l.Start() == before {
		t.Fatalf("edit: len %d start %q", l.Len(), l.Start())
	}
	if c.Game().Position() != before || c.Len() != 1 {
		t.Fatal("the clone changed")
	}
	if _, err := c.Undo(1); err != nil || c.Game().Position() != c.Start() {
		t.Fatalf("clone undo: %v", err)
	}
}

// The observer sees every ply played, with the position after it.
func TestObserve(t *testing.T) {
	l := newLine(t, "ataxx", nil, walled)
	var seen []string
	l.Observe(func(p Ply) { seen = append(seen, p.Text+" "+l.Game().Position()) })
	l.PlayWritten("g2")
	if len(seen) != 3 || seen[2] != "0000 x--4/---4/---4/7/7/6o/6o o 1 2" {
		t.Fatalf("%q", seen)
	}
}

// A property test against a simple model: a list of plies (with the forced
// flag) and a cursor. Undo steps back over forced passes to the move before
// them; redo steps forward over a move and the forced passes after it.
func TestLineAgreesWithModel(t *testing.T) {
	for _, start := range []struct{ id, pos string }{{"ataxx", walled}, {"konobi", ""}, {"oware", ""}} {
		t.Run(start.id, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				l := newLine(t, start.id, nil, start.pos)
				type mply struct {
					text   string
					forced bool
				}
				var plies []mply
				cur := 0
				info := l.Info()
				replay := func(n int) rules.Game {
					g, err := info.Parse(l.Options(), l.Start())
					if err != nil {
						t.Fatal(err)
					}
					for _, p := range plies[:n] {
						m, err := g.ParseMove(p.text)
						if err != nil {
							t.Fatalf("model replay %q: %v", p.text, err)
						}
						g.Play(m)
					}
					return g
				}
				for i := rapid.IntRange(1, 50).Draw(t, "steps"); i > 0; i-- {
					switch rapid.IntRange(0, 3).Draw(t, "op") {
					case 0:
						ms := l.Game().Moves(nil)
						if len(ms) == 0 || l.Result().Over() {
							continue
						}
						text := l.Game().FormatMove(ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")])
						l.PlayText(text)
						if cur < len(plies) && plies[cur].text == text {
							cur++
							for cur < len(plies) && plies[cur].forced {
								cur++
							}
							break
						}
						plies = append(plies[:cur:cur], mply{text, false})
						cur++
						for g := replay(cur); !g.Result().Over(); g = replay(cur) {
							ms := g.Moves(nil)
							if len(ms) != 1 || g.FormatMove(ms[0]) != "0000" && g.FormatMove(ms[0]) != "pass" {
								break
							}
							plies = append(plies, mply{g.FormatMove(ms[0]), true})
							cur++
						}
					case 1:
						n := rapid.IntRange(1, 3).Draw(t, "n")
						_, err := l.Undo(n)
						if (err != nil) != (cur == 0) {
							t.Fatalf("undo at %d: %v", cur, err)
						}
						for ; n > 0 && cur > 0; n-- {
							for cur > 0 {
								cur--
								if !plies[cur].forced {
									break
								}
							}
						}
					case 2:
						n := rapid.IntRange(1, 3).Draw(t, "n")
						_, err := l.Redo(n)
						if (err != nil) != (cur == len(plies)) {
							t.Fatalf("redo at %d/%d: %v", cur, len(plies), err)
						}
						for ; n > 0 && cur < len(plies); n-- {
							cur++
							for cur < len(plies) && plies[cur].forced {
								cur++
							}
						}
					case 3:
						n := rapid.IntRange(0, len(plies)).Draw(t, "n")
						if err := l.Goto(n); err != nil {
							t.Fatal(err)
						}
						cur = n
					}
					if l.Cursor() != cur || l.Len() != len(plies) {
						t.Fatalf("cursor %d/%d, model %d/%d", l.Cursor(), l.Len(), cur, len(plies))
					}
					for j, p := range l.Plies() {
						if p.Text != plies[j].text || p.Forced != plies[j].forced {
							t.Fatalf("ply %d: %+v, model %+v", j, p, plies[j])
						}
					}
					if got, want := l.Game().Position(), replay(cur).Position(); got != want {
						t.Fatalf("position %q, model %q", got, want)
					}
				}
			})
		})
	}
}

func TestTerminationReason(t *testing.T) {
	for _, c := range [][2]string{
		{"red wins 29-20 (no moves left for either side)", "no moves left for either side"},
		{"draw (agreed)", "agreed"},
		{"south wins 20-28 (agreed: each player takes the seeds of his own row)", "agreed: each player takes the seeds of his own row"},
		{"black wins (adjudicated (by evaluation))", "adjudicated (by evaluation)"},
		{"king escaped at c1", "king escaped at c1"},
		{"ann wins: ben left the game", "ann wins: ben left the game"},
		{"", ""},
	} {
		if got := TerminationReason(c[0]); got != c[1] {
			t.Errorf("%q: %q, want %q", c[0], got, c[1])
		}
	}
}

// BenchmarkPlyMemory plays random Ataxx games (blocks make passes happen)
// and reports the memory per ply: of the lines' own storage (the 12 bytes of
// a ply and its text, with the slices' spare capacity; no position is
// kept), and of everything, the games' undo history included.
func BenchmarkPlyMemory(b *testing.B) {
	info := mustInfo(b, "ataxx")
	rng := rand.New(rand.NewSource(1))
	var ms runtime.MemStats
	plies, bytes, own := 0, uint64(0), uint64(0)
	var buf []rules.Move
	for i := 0; i < b.N; i++ {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		before := ms.HeapAlloc
		var lines []*Line
		n := 0
		for n < 20000 {
			l, err := New(info, rules.Options{"blocks": "4", "seed": strconv.Itoa(i + len(lines))}, "")
			if err != nil {
				b.Fatal(err)
			}
			for !l.Result().Over() && l.Len() < 2000 {
				buf = l.Game().Moves(buf[:0])
				l.Play(buf[rng.Intn(len(buf))])
			}
			n += l.Len()
			lines = append(lines, l)
		}
		runtime.GC()
		runtime.ReadMemStats(&ms)
		for _, l := range lines {
			own += uint64(cap(l.plies))*uint64(unsafe.Sizeof(ply{})) + uint64(cap(l.text))
		}
		plies += n
		bytes += ms.HeapAlloc - before
		runtime.KeepAlive(lines)
	}
	// heap-B/ply counts the games too (their own undo history);
	// line-B/ply only the line's plies and texts.
	b.ReportMetric(float64(bytes)/float64(plies), "heap-B/ply")
	b.ReportMetric(float64(own)/float64(plies), "line-B/ply")
}

// Issue 25, item 4: who plays which side. Konobi's swap (the pie rule,
// docs/rules/konobi.md: white's first turn, after which white is to move
// again) exchanges the players; a forced pass (the walled Ataxx position
// of TestForcedPasses: red must pass, and after blue's g2 again) does not;
// undo and the plies after the cursor follow.
func TestSwappedPlayers(t *testing.T) {
	k := newLine(t, "konobi", []string{"size=5"}, "")
	for _, m := range []string{"c3", "swap", "b4"} {
		if _, err := k.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	for i, want := range []bool{false, true, false, false} {
		if got := k.Swapped(i); got != want {
			t.Errorf("konobi ply %d: swapped %v, want %v", i, got, want)
		}
	}
	for n, want := range [][2]int{{0, 1}, {0, 1}, {1, 0}, {1, 0}} {
		if got := [2]int{k.PlayerAt(n, 0), k.PlayerAt(n, 1)}; got != want {
			t.Errorf("konobi after %d plies: players %v by side, want %v", n, got, want)
		}
	}
	if got, want := k.SwapText(2, [2]string{"ann", ""}), "the players swapped: the second player now plays black, ann white"; got != want {
		t.Errorf("SwapText %q, want %q", got, want)
	}
	k.Undo(1) // the swap is the last ply played; b4 is after the cursor
	if !k.Swapped(1) || k.PlayerAt(k.Cursor(), 0) != 1 {
		t.Errorf("after undo: swapped %v, black's player %d", k.Swapped(1), k.PlayerAt(k.Cursor(), 0))
	}
	k.Undo(1) // only c3: white to move, no swap yet
	if k.Swapped(0) || k.PlayerAt(k.Cursor(), 0) != 0 {
		t.Error("c3 alone exchanged the players")
	}

	a := newLine(t, "ataxx", nil, walled)
	a.PassForced()
	played, err := a.PlayText("g2")
	if err != nil || len(played) != 2 || !played[1].Forced {
		t.Fatalf("g2: %+v %v; want it and red's forced pass", played, err)
	}
	for i := 0; i < a.Len(); i++ {
		if a.Swapped(i) {
			t.Errorf("ataxx ply %d (%s): a forced pass exchanged the players", i, a.At(i).Text)
		}
	}
	if a.PlayerAt(a.Cursor(), 0) != 0 {
		t.Error("a forced pass exchanged the players")
	}
}

// ForcedPass runs after every ply a line plays: it must not allocate, in
// a position with many moves (an Ataxx middle game) as in one with a
// forced pass.
func TestForcedPassAllocs(t *testing.T) {
	info := mustInfo(t, "ataxx")
	for _, c := range []struct {
		pos  string
		want bool
	}{
		{"x5o/1xx1oo1/2xo3/3ox2/2xxo2/1oo1xx1/o5x x 0 9", false},                 // many moves
		{"ooxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxx1 o 0 40", true}, // blue's two pieces cannot reach g1
	} {
		pos, want := c.pos, c.want
		l, err := New(info, nil, pos)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := rules.ForcedPass(l.Game()); ok != want {
			t.Fatalf("%s: ForcedPass says %v, want %v", pos, ok, want)
		}
		if allocs := testing.AllocsPerRun(100, func() {
			if _, ok := rules.ForcedPass(l.Game()); ok != want {
				t.Fatal("ForcedPass changed its answer")
			}
		}); allocs != 0 {
			t.Errorf("%s: ForcedPass made %v allocations, want 0", pos, allocs)
		}
	}
}
