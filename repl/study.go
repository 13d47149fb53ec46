package repl

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"boardrepl/rules/analysis"
	"boardrepl/rules/line"
)

// The study board, as lichess's analysis board: 'study' analyses the whole
// line of play once (as analyse does) and keeps the analysis; stepping
// through the game (next, prev, goto N, undo, redo, the arrow keys at the
// terminal) then shows at each position the board, the moves around it
// with their marks, the verdict on the move that led there and the
// engine's best move and line from there. A kept analysis rather than a
// search in the background: each step shows at once and the same thing
// every time (piped input included), and the marks need the whole game
// judged anyway.

// study is the analysis a study browses.
type study struct {
	line  *line.Line // the session's line studied
	moves []string   // its plies when analysed
	rep   *analysis.Report
	limit string // the limits it was analysed with (studyLimit)
	shown int    // the ply last shown (-1: none yet)
}

// studyLimit says which analysis a study's limits ask for.
func studyLimit(sa searchArgs) string { return fmt.Sprint(sa.lim, sa.exact) }

// keepAnalysis keeps an analysis of the session's whole line (analyse at
// its end) for a study to browse.
func (r *REPL) keepAnalysis(sa searchArgs, rep *analysis.Report) {
	if r.study == nil && r.s.Cursor() == r.s.Len() {
		r.kept = &study{line: r.s.Line, moves: r.s.Played(), rep: rep, limit: studyLimit(sa), shown: -1}
	}
}

// covers reports whether the study still describes the session's line:
// the same line with the same plies (a move played over the line, or
// after its end, is another game).
func (st *study) covers(l *line.Line) bool {
	if l != st.line || l.Len() != len(st.moves) {
		return false
	}
	for i, m := range st.moves {
		if l.At(i).Text != m {
			return false
		}
	}
	return true
}

func cmdStudy(ctx context.Context, r *REPL, args []string, _ string) error {
	if len(args) == 1 && strings.EqualFold(args[0], "off") {
		if r.study == nil {
			return errors.New("study off: no study is on")
		}
		r.study, r.kept = nil, r.study
		fmt.Fprintln(r.out, "study off: next and prev load the saved positions again")
		return nil
	}
	sa, err := parseLimits("study", args, false)
	if err != nil {
		return err
	}
	if r.s.Len() == 0 {
		return errors.New("no moves to study yet: play or load a game")
	}
	for _, st := range []*study{r.study, r.kept} {
		if st != nil && st.covers(r.s.Line) && st.limit == studyLimit(sa) {
			r.study, st.shown = st, -1 // shown below
			r.show()
			return nil
		}
	}
	// The whole line, undone plies included, is analysed.
	whole := r.s.Line.Clone()
	whole.Goto(whole.Len())
	in, err := analysis.FromLine(whole)
	if err != nil {
		return err
	}
	rep, err := r.runAnalysis(ctx, sa, in)
	if err != nil {
		return err
	}
	r.study = &study{line: r.s.Line, moves: whole.Played(), rep: rep, limit: studyLimit(sa), shown: -1}
	fmt.Fprintln(r.out, "study: next and prev (at the terminal, the Right and Left arrow keys) step through the game, goto N jumps; 'study off' leaves (next and prev then load the saved positions again)")
	r.show()
	return nil
}

// studyStep is next (dir 1) or prev (-1) in a study: a ply forward or
// back; else the slot command it replaces.
func studyStep(dir int, slots func(context.Context, *REPL, []string, string) error) func(context.Context, *REPL, []string, string) error {
	return func(ctx context.Context, r *REPL, args []string, rest string) error {
		if r.study == nil {
			return slots(ctx, r, args, rest)
		}
		name := "next"
		if dir < 0 {
			name = "prev"
		}
		if err := noArgs(name, args); err != nil {
			return err
		}
		var err error
		if dir > 0 {
			_, err = r.s.Redo(1)
		} else {
			_, err = r.s.Undo(1)
		}
		if err != nil {
			return fmt.Errorf("%s: %v (the study is at ply %d of %d)", name, err, r.s.Cursor(), r.s.Len())
		}
		r.show()
		return nil
	}
}

// studyAfter follows a command in a study: it ends the study when the
// game changed, and shows the study at a new position.
func (r *REPL) studyAfter() {
	st := r.study
	if st == nil {
		return
	}
	if !st.covers(r.s.Line) {
		r.study = nil
		fmt.Fprintln(r.out, "study over: the game changed ('study' analyses it again; next and prev load the saved positions)")
		return
	}
	if c := r.s.Cursor(); c != st.shown {
		st.shown = c
		r.studyPanel(c)
	}
}

// studyPanel shows the analysis at ply c: where it is, the moves around it
// with their marks, the verdict on the move that led here and the engine's
// choice from here.
func (r *REPL) studyPanel(c int) {
	st := r.study
	n := len(st.moves)
	fmt.Fprintf(r.out, "study: ply %d of %d\n", c, n)
	fmt.Fprintf(r.out, "  %s\n", r.studyMoves(c))
	if c > 0 {
		fmt.Fprintln(r.out, r.plyText(st.rep.Plies[c-1]))
	}
	switch {
	case c < n && st.rep.Plies[c].Forced:
		p := st.rep.Plies[c]
		fmt.Fprintf(r.out, "now %s has no move and passes (%s)\n", p.SideName, p.Move)
	case c < n:
		fmt.Fprintln(r.out, nowText(&st.rep.Plies[c]))
	case st.rep.Over:
		fmt.Fprintf(r.out, "end: %s\n", st.rep.Result)
	case st.rep.Now != nil:
		fmt.Fprintln(r.out, nowText(st.rep.Now))
	}
}

// studyWindow is how many plies on each side of the current one the
// study's move list shows.
const studyWindow = 6

// studyMoves is the move list around ply c, numbered as records number
// it, each move with its mark and the last move played in brackets:
// "... 3. e3-h3 d5-d2? 4. [h3-h8] e5-e8 ...".
func (r *REPL) studyMoves(c int) string {
	st := r.study
	n := len(st.moves)
	first := 0 // the side of the line's first ply
	if n > 0 {
		first = st.line.At(0).Side
	}
	lo, hi := max(0, c-1-studyWindow), min(n, c+studyWindow)
	var words []string
	if lo > 0 {
		words = append(words, "...")
	}
	for i := lo; i < hi; i++ {
		// By ply, as records number moves (a Konobi swap keeps the count).
		k := i + first
		switch {
		case k%2 == 0:
			words = append(words, fmt.Sprintf("%d.", k/2+1))
		case i == lo:
			words = append(words, fmt.Sprintf("%d...", k/2+1))
		}
		w := st.moves[i] + st.rep.Plies[i].Mark
		if i == c-1 {
			w = "[" + w + "]"
		}
		words = append(words, w)
	}
	if hi < n {
		words = append(words, "...")
	}
	if c == 0 {
		words = append([]string{"[start]"}, words...)
	}
	return strings.Join(words, " ")
}

// completeStudy completes study: off, or the limits of analyse.
func completeStudy(r *REPL, i int, prev []string, word string) []string {
	out := completeLimits(false)(r, i, prev, word)
	if i == 0 {
		out = append(out, "off")
	}
	return out
}
