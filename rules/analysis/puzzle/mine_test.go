package puzzle_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"boardrepl/rules"
	"boardrepl/rules/analysis"
	"boardrepl/rules/analysis/puzzle"
	"boardrepl/rules/engine"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
	"boardrepl/rules/record/native"
	"boardrepl/rules/solve"
)

// TestMineFixtures mines every game record of fixtures/*/games/ (the
// challenge server's, OpenSpiel's and Aalina's, the Konobi referee's and
// cuteataxx's games among them) and checks every puzzle written, read back
// from its text as check_puzzle reads it, with the exact solver, apart from
// the miner's own checks: the goal is proved at the solution's length and
// not shorter, with the solution as the solver's line, with and without its
// cache; at each of the solver's turns no other move reaches the goal in
// the plies left; a one-ply puzzle is neither the only move nor the first
// of the move ordering; the mistake is marked by the analysis, and the
// position is the one it leaves. It runs the cheaper first pass (Scan 2)
// and solutions up to 3 plies, to stay fast.
func TestMineFixtures(t *testing.T) {
	files, _ := filepath.Glob("../../../fixtures/*/games/*")
	if len(files) == 0 {
		t.Fatal("no fixture games")
	}
	ctx := context.Background()
	m := puzzle.New(puzzle.Options{Scan: 2, MaxPlies: 3})
	judge := analysis.New(analysis.Options{})
	var set puzzle.Set
	found := map[string]int{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		recs, _, err := record.ParseAll(string(data))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for k, r := range recs {
			rec, _, _, err := native.Convert(r, "")
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			l, err := line.Replay(rec, nil)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			al, err := analysis.FromLine(l)
			if err != nil {
				t.Fatal(err)
			}
			ps, st, err := m.Mine(ctx, al)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if st.By[puzzle.Kept] != len(ps) {
				t.Errorf("%s: %d kept, %d puzzles", f, st.By[puzzle.Kept], len(ps))
			}
			for _, p := range ps {
				where := f + " ply " + strconv.Itoa(p.Mistake.Ply)
				g, err := p.Game()
				if err != nil {
					t.Fatal(err)
				}
				if !set.Add(g) {
					continue
				}
				found[p.Info.ID]++
				text := p.Text(puzzle.Source{File: f, Record: k + 1, Line: r.Line})
				checkSound(t, where, text)
				// The mistake: marked by the analysis; the puzzle is the
				// position after it.
				before := al.Start.Clone()
				for _, s := range al.Steps[:p.Mistake.Ply-1] {
					before.Play(s.Move)
				}
				v, err := judge.Judge(ctx, before, al.Steps[p.Mistake.Ply-1].Move)
				if err != nil || v.Mark == "" || v.Mark != p.Mistake.Mark {
					t.Errorf("%s: the analysis gives %q (%v), the puzzle says %q", where, v.Mark, err, p.Mistake.Mark)
				}
				before.Play(al.Steps[p.Mistake.Ply-1].Move)
				if before.Position() != p.Position {
					t.Errorf("%s: position %q, after the mistake %q", where, p.Position, before.Position())
				}
			}
		}
	}
	t.Logf("puzzles: %v", found)
	if found["tablut"] == 0 {
		t.Errorf("no Tablut puzzle in the fixture games (found %v)", found)
	}
}

// checkSound checks the puzzle of a record text.
func checkSound(t *testing.T, where, text string) {
	t.Helper()
	recs, _, err := record.ParseAll(text)
	if err != nil || len(recs) != 1 {
		t.Fatalf("%s: %d records, %v:\n%s", where, len(recs), err, text)
	}
	r := recs[0]
	info, err := rules.Lookup(r.Get("Game"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := info.NewGame(strings.Fields(r.Get("Options")), r.Get("Position"))
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	goal, err := solve.ParseGoal(r.Get("Goal"))
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	moves := r.MoveTexts()
	ctx := context.Background()
	for _, nocache := range []bool{false, true} {
		res, err := solve.Solve(ctx, g, goal, solve.Options{NoCache: nocache})
		if err != nil || !res.Proved || res.Plies != len(moves) || !slices.Equal(res.Line, moves) {
			t.Errorf("%s: solver (nocache %v): %+v %v; the puzzle's solution %v", where, nocache, res, err, moves)
		}
	}
	if goal.Plies != len(moves) {
		t.Errorf("%s: goal %s, solution of %d plies", where, r.Get("Goal"), len(moves))
	}
	if len(moves) > 1 {
		shorter := goal
		shorter.Plies = len(moves) - 1
		if res, _ := solve.Solve(ctx, g, shorter, solve.Options{NoCache: true}); res.Proved {
			t.Errorf("%s: proved in %d plies already", where, shorter.Plies)
		}
	}
	// One winning move at each of the solver's turns.
	c := g.Clone()
	attacker := c.SideToMove()
	captured := 0
	for i, text := range moves {
		mv, err := c.ParseMove(text)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		if c.SideToMove() == attacker {
			legal := c.Moves(nil)
			for _, other := range legal {
				if other != mv && forces(t, c, other, goal, attacker, captured, goal.Plies-i) {
					t.Errorf("%s: ply %d: %s wins too, besides %s", where, i+1, c.FormatMove(other), text)
				}
			}
			if len(moves) == 1 {
				if len(legal) == 1 {
					t.Errorf("%s: the only move", where)
				}
				if mo, ok := c.(rules.MoveOrderer); ok {
					top := legal[0]
					for _, x := range legal {
						if mo.OrderMove(x) > mo.OrderMove(top) {
							top = x
						}
					}
					if top == mv {
						t.Errorf("%s: %s is the move ordering's first", where, text)
					}
				}
			}
		}
		captured += gain(c, mv, goal, attacker)
	}
}

// gain plays m on g and returns what it captures for the attacker's goal.
func gain(g rules.Game, m rules.Move, goal solve.Goal, attacker int) int {
	if goal.Kind != solve.Capture || g.SideToMove() != attacker {
		g.Play(m)
		return 0
	}
	if g.Board().Layout == rules.Pits {
		before := pitSeeds(g)
		g.Play(m)
		return before - pitSeeds(g)
	}
	g.Play(m)
	return len(g.LastCaptured())
}

func pitSeeds(g rules.Game) int {
	n := 0
	for _, c := range g.Board().Cells {
		v, _ := strconv.Atoi(c.Piece)
		n += v
	}
	return n
}

// met says whether the goal is met, or can no longer be.
func met(g rules.Game, goal solve.Goal, attacker, captured int) (yes, never bool) {
	if goal.Kind == solve.Capture && captured >= goal.Count {
		return true, false
	}
	r := g.Result()
	if !r.Over() {
		return false, false
	}
	yes = goal.Kind == solve.Win && r.Status == rules.Win && r.Winner == attacker
	return yes, !yes
}

// forces says whether the attacker's move m from g forces the goal within
// left plies (m's included), by trying every reply and asking the solver,
// without its cache, about the rest.
func forces(t *testing.T, g rules.Game, m rules.Move, goal solve.Goal, attacker, captured, left int) bool {
	c := captured + gain(g, m, goal, attacker)
	defer g.Unplay()
	if yes, never := met(g, goal, attacker, c); yes || never {
		return yes
	}
	if left < 2 {
		return false
	}
	replies := g.Moves(nil)
	for _, r := range replies {
		g.Play(r)
		yes, never := met(g, goal, attacker, c)
		if !yes && !never && left >= 3 {
			sub := goal
			sub.Plies, sub.Count = left-2, goal.Count-c
			res, err := solve.Solve(context.Background(), g, sub, solve.Options{NoCache: true})
			if err != nil {
				t.Fatal(err)
			}
			yes = res.Proved
		}
		g.Unplay()
		if !yes {
			return false
		}
	}
	return len(replies) > 0
}

// TestFirstPass: the puzzles of a mining (a first pass without the
// confirming searches, the solver on its marks, the full verdict for what
// it finds) are those of the full analysis followed by the solver on its
// marks, move for move.
func TestFirstPass(t *testing.T) {
	ctx := context.Background()
	aopts := analysis.Options{Limits: engine.Limits{Depth: 3}, Confirm: 2}
	m := puzzle.New(puzzle.Options{Analysis: aopts, MaxPlies: 3})
	full := analysis.New(aopts)
	total := 0
	for _, f := range []string{"tablut/games/server-02.rec", "tablut/games/server-04.rec", "oware/games/oware-rand-3.rec", "konobi/games/referee-4.rec"} {
		data, err := os.ReadFile("../../../fixtures/" + f)
		if err != nil {
			t.Fatal(err)
		}
		r, err := record.Parse(string(data))
		if err != nil {
			t.Fatal(err)
		}
		al, err := analysis.FromRecord(r)
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := m.Mine(ctx, al)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := full.Analyse(ctx, al, nil)
		if err != nil {
			t.Fatal(err)
		}
		var want []puzzle.Puzzle
		g := al.Start.Clone()
		for i, p := range rep.Plies {
			g.Play(al.Steps[i].Move)
			if p.Mark == "" || p.Forced {
				continue
			}
			if over, _ := rules.Outcome(g); over || g.SideToMove() == p.Side {
				continue
			}
			pz, why, err := m.Pose(ctx, al.Start.Info(), al.Start.Info().FormatOptions(al.Start.Options()), g.Position())
			if err != nil {
				t.Fatal(err)
			}
			if why == puzzle.Kept {
				pz.Mistake = p
				want = append(want, pz)
			}
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d puzzles, the full analysis gives %d", f, len(got), len(want))
		}
		for i := range got {
			a, b := got[i], want[i]
			if a.Position != b.Position || !slices.Equal(a.Solution, b.Solution) || a.Mistake.Ply != b.Mistake.Ply ||
				a.Mistake.Mark != b.Mistake.Mark || a.Mistake.Note != b.Mistake.Note || a.Mistake.Loss != b.Mistake.Loss {
				t.Errorf("%s: puzzle %d: %+v, the full analysis gives %+v", f, i, a, b)
			}
		}
		total += len(got)
	}
	t.Logf("%d puzzles", total)
	if total == 0 {
		t.Error("no puzzle: the comparison is empty")
	}
}
