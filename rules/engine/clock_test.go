package engine

import (
	"context"
	"strings"
	"testing"
	"time"

	"boardrepl/rules"
)

const ms = time.Millisecond

func TestParseTimeControl(t *testing.T) {
	cases := []struct {
		in    string
		want  TimeControl
		clock string // the PGN TimeControl, as cutechess writes it
		str   string
	}{
		{"10+0.1", TimeControl{Time: 10 * time.Second, Inc: 100 * ms}, "10+0.1", "10+0.1"},
		{"40/60+0.5", TimeControl{Moves: 40, Time: time.Minute, Inc: 500 * ms}, "40/60+0.5", "40/60+0.5"},
		{"tc=1:30+1", TimeControl{Time: 90 * time.Second, Inc: time.Second}, "90+1", "90+1"},
		{"40/2:00", TimeControl{Moves: 40, Time: 2 * time.Minute}, "40/120", "40/120"},
		{"0.5", TimeControl{Time: 500 * ms}, "0.5", "0.5"},
		{"500ms+10ms", TimeControl{Time: 500 * ms, Inc: 10 * ms}, "0.5+0.01", "0.5+0.01"},
		{"inf", TimeControl{}, "", "inf"},
		{"st=0.1", TimeControl{MoveTime: 100 * ms}, "0.1/move", "st=0.1"},
		{"nodes=20000", TimeControl{Nodes: 20000}, "", "nodes=20000"},
		{"10+0.1 nodes=5000,depth=6", TimeControl{Time: 10 * time.Second, Inc: 100 * ms, Nodes: 5000, Depth: 6}, "10+0.1", "10+0.1 nodes=5000 depth=6"},
	}
	for _, c := range cases {
		got, err := ParseTimeControl(c.in)
		if err != nil || got != c.want || got.Clock() != c.clock || got.String() != c.str {
			t.Errorf("ParseTimeControl(%q) = %+v (%q, %q), %v; want %+v (%q, %q)", c.in, got, got.Clock(), got.String(), err, c.want, c.clock, c.str)
		}
	}
	for _, bad := range []string{"", "0", "10+x", "x/10", "0/10", "-5", "st=0.1 10+0.1", "nodes=0", "depth=1000", "moves=3", "10 20", "1:xx", "hg5", "17000:0", "16666:41", "99999999999999:0"} {
		if tc, err := ParseTimeControl(bad); err == nil {
			t.Errorf("ParseTimeControl(%q) accepted: %+v", bad, tc)
		}
	}
}

// The clock: the time a move took comes off, the increment goes on after
// it; a period's time comes again after its moves; going over by more than
// the margin loses.
func TestClockPunch(t *testing.T) {
	c := NewClock(TimeControl{Time: 1000 * ms, Inc: 100 * ms})
	if !c.Punch(300*ms, 0) || c.Left() != 800*ms || c.MovesToGo() != 0 {
		t.Fatalf("after 300 ms of 1000 + 100: %v left, want 800ms", c.Left())
	}
	if c.Punch(900*ms, 0) || c.Left() != 800*ms {
		t.Fatalf("900 ms of 800: not flagged, or the clock changed (%v)", c.Left())
	}
	c = NewClock(TimeControl{Time: 1000 * ms, Inc: 100 * ms})
	if c.Punch(1001*ms, 0) || c.Left() != 1000*ms {
		t.Errorf("1001 ms of 1000: not flagged, or the clock changed (%v)", c.Left())
	}
	if !c.Punch(1050*ms, 50*ms) || c.Left() != 50*ms {
		t.Errorf("1050 ms of 1000 with a 50 ms margin: flagged, or %v left (want 50ms)", c.Left())
	}
	// 2 moves in 1 s: after the second the next second comes.
	c = NewClock(TimeControl{Moves: 2, Time: time.Second})
	if c.MovesToGo() != 2 || !c.Punch(400*ms, 0) || c.MovesToGo() != 1 || !c.Punch(400*ms, 0) || c.Left() != 1200*ms || c.MovesToGo() != 2 {
		t.Errorf("40/1 after two moves of 400 ms: %v left, %d to go; want 1.2s, 2", c.Left(), c.MovesToGo())
	}
	// st: a fixed time every move, nothing saved.
	c = NewClock(TimeControl{MoveTime: 100 * ms})
	if !c.Punch(100*ms, 0) || c.Left() != 100*ms || c.Punch(101*ms, 0) || !c.Punch(101*ms, 1*ms) {
		t.Errorf("st=0.1: %v left", c.Left())
	}
	// No clock: nothing is ever late.
	c = NewClock(TimeControl{Nodes: 10})
	if !c.Punch(time.Hour, 0) {
		t.Error("no clock, flagged")
	}
}

// The limits of an ab player on a clock: the time manager's (Budget over
// MovesLeft) replace the default depth; the spec's own limits stay, the
// first reached stops.
func TestMoveClockLimits(t *testing.T) {
	g := newGame(t, "ataxx", "")
	mc := MoveClock{TC: TimeControl{Time: 10 * time.Second, Inc: 100 * ms}, Left: [2]time.Duration{10 * time.Second, 5 * time.Second}}
	soft, hard := Budget(10*time.Second, 100*ms, 0, MovesLeft(g), 20*ms)
	if got := mc.Limits(Limits{Depth: 4}, true, g, 20*ms); got != (Limits{Time: hard, Soft: soft}) {
		t.Errorf("default depth on a clock: %+v, want the budget %v/%v", got, soft, hard)
	}
	if got := mc.Limits(Limits{Depth: 3}, false, g, 20*ms); got != (Limits{Depth: 3, Time: hard, Soft: soft}) {
		t.Errorf("depth 3 on a clock: %+v", got)
	}
	// The side to move's clock: blue (side 1) has 5 s.
	g.Play(g.Moves(nil)[0])
	soft, hard = Budget(5*time.Second, 100*ms, 0, MovesLeft(g), 20*ms)
	if got := mc.Limits(Limits{Depth: 4}, true, g, 20*ms); got.Time != hard || got.Soft != soft {
		t.Errorf("blue's move: %+v, want %v/%v", got, soft, hard)
	}
	st := MoveClock{TC: TimeControl{MoveTime: 100 * ms, Nodes: 500}}
	if got := st.Limits(Limits{Depth: 4}, true, g, 20*ms); got != (Limits{Time: 90 * ms, Nodes: 500}) {
		t.Errorf("st=0.1 nodes=500: %+v, want 90ms (MoveTime) and 500 nodes", got)
	}
	if got := st.Limits(Limits{Nodes: 100, Time: 50 * ms}, false, g, 20*ms); got != (Limits{Time: 50 * ms, Nodes: 100}) {
		t.Errorf("the spec's own nodes and time: %+v", got)
	}
}

// fakeTime is a clock the test moves.
type fakeTime struct{ t time.Time }

func (f *fakeTime) now() time.Time { return f.t }

// thinker is a player that takes a given time on the fake clock for each
// move (the first legal one), reports a score, and notes what it was told.
type thinker struct {
	clock  *fakeTime
	think  []time.Duration // by move, the last repeated
	score  int
	n      int
	told   []MoveClock
	silent bool
}

func (p *thinker) Spec() string           { return "thinker" }
func (p *thinker) NewGame(uint64)         {}
func (p *thinker) setClock(mc *MoveClock) { p.told = append(p.told, *mc) }
func (p *thinker) lastEval() MoveEval     { return MoveEval{Scored: !p.silent, Depth: 5, Score: p.score} }
func (p *thinker) Move(ctx context.Context, g rules.Game) (rules.Move, error) {
	d := p.think[min(p.n, len(p.think)-1)]
	p.n++
	p.clock.t = p.clock.t.Add(d)
	return g.Moves(nil)[0], nil
}

// A match on a fake clock: each player's clock loses what its moves took
// and gains the increment; the player told of both clocks; the one that
// runs out loses on time, reported as such.
func TestMatchClock(t *testing.T) {
	ft := &fakeTime{t: time.Unix(0, 0)}
	info := infoOf(t, "ataxx")
	c := MatchConfig{Info: info, P1: "random", P2: "random", Games: 2, Seed: 1, Now: ft.now,
		TC: TimeControl{Time: 1000 * ms, Inc: 100 * ms}}
	// p1 (red, moves first in game 0) takes 500 ms a move: 1000, 600, 200,
	// then 500 > 200 + 0: it loses on time at its third move.
	p1 := &thinker{clock: ft, think: []time.Duration{500 * ms}}
	p2 := &thinker{clock: ft, think: []time.Duration{10 * ms}}
	r, err := c.PlayGame(context.Background(), 0, p1, p2)
	if err != nil {
		t.Fatal(err)
	}
	if r.End != EndTime || r.Winner != 2 || r.WinnerSide != 1 || r.Plies != 4 || r.Text != "blue wins (red loses on time)" || r.Adjudicated {
		t.Errorf("game: %+v; want p2 (blue) winning on time after 4 plies", r)
	}
	if len(p1.told) != 3 || p1.told[1].Left != [2]time.Duration{600 * ms, 1090 * ms} || p1.told[2].Left != [2]time.Duration{200 * ms, 1180 * ms} {
		t.Errorf("p1 was told %+v", p1.told)
	}
	if r.Evals[0].Time != 500*ms || !r.Evals[0].Moved || r.Evals[1].Time != 10*ms || r.Evals[0].Score != 0 {
		t.Errorf("evals %+v", r.Evals)
	}
	// With a margin of 300 ms the third move (500 of 200 left) is in time.
	c.TimeMargin = 300 * ms
	p1, p2 = &thinker{clock: ft, think: []time.Duration{500 * ms, 500 * ms, 500 * ms, 0}}, &thinker{clock: ft, think: []time.Duration{10 * ms}}
	c.MaxPlies = 10
	if r, _ = c.PlayGame(context.Background(), 0, p1, p2); r.End != EndMoveCap {
		t.Errorf("with a 300 ms margin: %s, want the move cap", r.Text)
	}
	// Moves per period: 2 moves in 300 ms, 200 ms each: in time, as the
	// period's time comes back after the second.
	c = MatchConfig{Info: info, P1: "random", P2: "random", Games: 2, Seed: 1, Now: ft.now, MaxPlies: 12,
		TC: TimeControl{Moves: 2, Time: 400 * ms}}
	p1, p2 = &thinker{clock: ft, think: []time.Duration{200 * ms}}, &thinker{clock: ft, think: []time.Duration{10 * ms}}
	if r, _ = c.PlayGame(context.Background(), 0, p1, p2); r.End != EndMoveCap || p1.told[1].MovesToGo != 1 || p1.told[2].MovesToGo != 2 {
		t.Errorf("2/0.4: %s; told %+v", r.Text, p1.told)
	}
	// st: a fixed time a move.
	c.TC = TimeControl{MoveTime: 100 * ms}
	p1, p2 = &thinker{clock: ft, think: []time.Duration{100 * ms, 101 * ms}}, &thinker{clock: ft, think: []time.Duration{10 * ms}}
	if r, _ = c.PlayGame(context.Background(), 0, p1, p2); r.End != EndTime || r.Plies != 2 {
		t.Errorf("st=0.1, the second move 101 ms: %s after %d plies", r.Text, r.Plies)
	}
}

// Adjudication by the reported scores (cutechess's -resign and -draw).
func TestMatchAdjudication(t *testing.T) {
	ft := &fakeTime{t: time.Unix(0, 0)}
	info := infoOf(t, "oware")
	c := MatchConfig{Info: info, P1: "random", P2: "random", Games: 2, Seed: 1, Now: ft.now, Resign: ResignRule{MoveCount: 3, Score: 500}}
	// p2 says -600 after each move: it resigns after its third.
	p1 := &thinker{clock: ft, think: []time.Duration{0}, score: 100}
	p2 := &thinker{clock: ft, think: []time.Duration{0}, score: -600}
	r, err := c.PlayGame(context.Background(), 0, p1, p2)
	if err != nil {
		t.Fatal(err)
	}
	if r.End != EndResign || r.Winner != 1 || r.Plies != 6 || !r.Adjudicated ||
		!strings.HasPrefix(r.Text, "north wins (adjudication: south resigns, its score at or below -500 for 3 moves") {
		t.Errorf("resign: %d plies, %s (%+v)", r.Plies, r.Text, r.End)
	}
	// Two-sided: p1's +100 is not a winning score, so p2 plays on.
	c.Resign.TwoSided, c.MaxPlies = true, 20
	if r, _ = c.PlayGame(context.Background(), 0, p1, p2); r.End == EndResign {
		t.Errorf("two-sided, the winner's score +100 < 500: %s", r.Text)
	}
	p1.score = 500
	if r, _ = c.PlayGame(context.Background(), 0, p1, p2); r.End != EndResign || r.Plies != 6 {
		t.Errorf("two-sided, +500 and -600: %s after %d plies", r.Text, r.Plies)
	}
	// A move without a score starts the count again.
	c.Resign.TwoSided = false
	p2.silent = true
	if r, _ = c.PlayGame(context.Background(), 0, p1, p2); r.End == EndResign {
		t.Errorf("no scores: %s", r.Text)
	}
	// Draw: both within 10 of 0 for 2 moves each after move 3: after ply 6
	// at the earliest (plies/2 >= 3), the count (4 plies) reached at ply 4.
	p1, p2 = &thinker{clock: ft, think: []time.Duration{0}, score: 10}, &thinker{clock: ft, think: []time.Duration{0}, score: -5}
	c = MatchConfig{Info: info, P1: "random", P2: "random", Games: 2, Seed: 1, Now: ft.now, Draw: DrawRule{MoveNumber: 3, MoveCount: 2, Score: 10}}
	if r, _ = c.PlayGame(context.Background(), 0, p1, p2); r.End != EndDraw || r.Plies != 6 || r.Winner != 0 || r.WinnerSide != -1 ||
		!strings.HasPrefix(r.Text, "draw (adjudication: a draw, both scores within 10 of 0 for 2 moves each after move 3") {
		t.Errorf("draw: %d plies, %s", r.Plies, r.Text)
	}
}

func TestParseAdjudication(t *testing.T) {
	r, err := ParseResignRule("movecount=3 score=1000 twosided=true")
	if err != nil || r != (ResignRule{MoveCount: 3, Score: 1000, TwoSided: true}) || r.String() != "movecount=3 score=1000 twosided=true" {
		t.Errorf("resign: %+v, %v", r, err)
	}
	d, err := ParseDrawRule("movenumber=40,movecount=8,score=10")
	if err != nil || d != (DrawRule{MoveNumber: 40, MoveCount: 8, Score: 10}) {
		t.Errorf("draw: %+v, %v", d, err)
	}
	for _, bad := range []string{"", "movecount=3", "movecount=0 score=5", "movecount=3 score=-1", "movecount=3 score=5 twosided=yes", "movecount=3 score=5 x=1", "movecount=3 movecount=4 score=5", "movecount"} {
		if _, err := ParseResignRule(bad); err == nil {
			t.Errorf("ParseResignRule(%q) accepted", bad)
		}
	}
	for _, bad := range []string{"movenumber=0 movecount=8 score=10", "movecount=8 score=10", "movenumber=4 movecount=8 score=x"} {
		if _, err := ParseDrawRule(bad); err == nil {
			t.Errorf("ParseDrawRule(%q) accepted", bad)
		}
	}
}
