package repl

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode"

	"boardrepl/internal/textfile"
	"boardrepl/render"
	"boardrepl/repl/session"
	"boardrepl/rules"
	"boardrepl/rules/engine"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
)

// REPL is one session with its output streams and display settings.
type REPL struct {
	s        *session.Session
	out, err io.Writer
	color    bool
	unicode  bool
	flip     bool
	// quiet: after a move, only the status line (no board).
	quiet bool
	// luaBuf holds an unfinished 'lua' chunk that the next lines continue.
	luaBuf string
	// editing: the board editor is in use; the result is judged when
	// editing ends (the next command that is neither an edit nor a view).
	editing bool
	slot    int // the slot last stored or recalled (for next/prev)
	now     func() time.Time
	// depth of nested 'run' files, to stop a file running itself.
	depth int
	// notTyped: the lines come from a pipe or a file, not from a person at
	// the prompt (a word that is both a command and a move is the move).
	notTyped bool
	// screen: the output is a terminal ('clear' clears it).
	screen bool
	// The session's search engines by kind (made on first use) and the
	// game they last searched (see engine()).
	engs [exactEngine + 1]*engine.Engine
	// The analyses' engines (analysis.NewEngine), made on the first analyse.
	anaEng, anaExactEng *engine.Engine
	engKey              string
	engLine             *line.Line
	// ai says how the computer plays each side; aiLine is the line of play
	// the computer last saw (another one is a new game: aiNewGame).
	ai     [2]aiSide
	aiLine *line.Line
	// interactive: the commands come from a terminal (runTerminal); pace
	// is then the least time a move of 'ai both' stays on the screen.
	interactive bool
	pace        time.Duration
	// study is the analysis being browsed ('study'), nil when none; keys
	// make the arrow keys step through it at the terminal.
	study *study
	keys  *arrowKeys
	// explore is the opening tree followed at the prompt ('explore'),
	// nil before the first.
	explore *explorer
	// kept is the last analysis of a whole line (analyse, or a study
	// left), which 'study' browses without analysing again.
	kept *study
}

func newREPL(s *session.Session, out, err io.Writer) *REPL {
	return &REPL{s: s, out: out, err: err, slot: -1, now: time.Now}
}

// errQuit is returned by quit.
var errQuit = errors.New("quit")

// Exec runs one line: a command, or one or more moves.
func (r *REPL) Exec(ctx context.Context, line string) error {
	defer r.exploreFollow()
	if r.luaBuf != "" {
		return r.luaContinue(ctx, line)
	}
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return nil
	}
	name, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	if c := lookup(name); c != nil && !(r.notTyped && r.isCell(name)) {
		// At the prompt a word that names a command is the command, even
		// where it could be a move (Oware's pit d): say how to play the
		// move instead. In lines read from a pipe or a file, a square's or
		// pit's name where a move stands is a move (played below).
		if m, err := r.s.Game().ParseMove(name); err == nil && rest == "" {
			how := fmt.Sprintf("'play %s'", name)
			if canon := r.s.Game().FormatMove(m); canon != name {
				how = fmt.Sprintf("%q or %s", canon, how)
			}
			fmt.Fprintf(r.out, "(%q is the command '%s': %s; to play the move type %s)\n", name, c.Name, c.Summary, how)
		}
		if r.editing && c.Group != "edit" && !viewCommands[c.Name] {
			r.endEditing()
		}
		err := c.Run(ctx, r, strings.Fields(rest), rest)
		if err == nil && c.WakesAI {
			err = r.aiMoves(ctx)
		}
		r.studyAfter()
		return err
	}
	if r.editing {
		r.endEditing()
	}
	err := r.playLine(line, name)
	if err == nil {
		err = r.aiMoves(ctx)
	}
	r.studyAfter()
	return err
}

// isCell says whether word names a square or pit of the board (a pit in
// either case: Oware's d is pit D).
func (r *REPL) isCell(word string) bool {
	b := r.s.Game().Board()
	return cellNamed(&b, word) != nil
}

// viewCommands show things without ending an edit.
var viewCommands = map[string]bool{"show": true, "d": true, "flip": true, "legend": true, "help": true, "rules": true,
	"games": true, "history": true, "quiet": true, "moves": true}

// endEditing ends an edit and says when the edited position is a finished
// game.
func (r *REPL) endEditing() {
	r.editing = false
	if res := r.s.Result(); res.Over() {
		fmt.Fprintf(r.out, "editing done: game over: %s\n", rules.FormatResult(r.s.Game(), res))
	}
}

// playLine plays a line of moves, written as records write them (move
// numbers, glyphs, NAGs, comments, variations and a result are read as
// rules/record reads them, and the annotations kept on the plies), or
// reports an unknown command.
func (r *REPL) playLine(text, first string) error {
	sc := record.NewScanner(strings.NewReader(text))
	// A move number must be the game's (when the line starts with the
	// first side, as records number it).
	firstSide := r.s.Game().SideToMove()
	if r.s.Cursor() > 0 {
		firstSide = r.s.At(0).Side
	}
	if firstSide == 0 {
		sc.SetNumber(r.s.MoveNumber(), r.s.Game().SideToMove() == 1)
	}
	rec, err := sc.ReadRecord()
	if err == nil {
		_, err = sc.Next() // nothing but a comment may follow a result
		if errors.Is(err, io.EOF) {
			err = nil
		}
	}
	var re *record.Error
	switch {
	case errors.Is(err, io.EOF):
		return nil
	case errors.As(err, &re) && re.Col > 0:
		return fmt.Errorf("column %d: %s", re.Col, re.Msg) // the line is the prompt's
	case err != nil:
		return err
	case len(rec.Tags) > 0:
		t := rec.Tags[0]
		return fmt.Errorf("[%s %s] is a record's tag: type 'load FILE' to read a record", t.Name, record.Quote(t.Value))
	}
	moves, comments := rec.Moves, rec.Comments
	if len(comments) > 0 {
		// A comment before the line's moves: of the last move played, or
		// of the game.
		if n := r.s.Cursor(); n > 0 {
			a := r.s.Note(n - 1)
			a.After = append(a.After, comments...)
			r.s.Annotate(n-1, a)
		} else {
			r.s.SetComments(append(r.s.Comments(), comments...))
		}
	}
	if len(moves) == 0 {
		return nil
	}
	// A first word that is not a move but looks like a command word is
	// reported as an unknown command.
	if _, err := r.s.Game().ParseMove(moves[0].Text); err != nil && looksLikeCommand(first) && !moveWords[strings.ToLower(first)] {
		if near := nearest(first); len(near) > 0 {
			return fmt.Errorf("unknown command %q (did you mean %s?)", first, strings.Join(near, " or "))
		}
		return fmt.Errorf("unknown command %q: 'help' lists them (nor is it a move: %v)", first, err)
	}
	return r.playWritten(moves)
}

// moveWords are moves in some game's notation that read like commands: the
// game's own refusal is the better message.
var moveWords = map[string]bool{"pass": true, "swap": true}

func looksLikeCommand(w string) bool {
	if len(w) < 2 {
		return false
	}
	for _, c := range w {
		if !unicode.IsLetter(c) && c != '!' && c != '?' {
			return false
		}
	}
	return true
}

// playMoves plays moves one after the other and shows the board; an illegal
// move stops there (the moves before it stay played).
func (r *REPL) playMoves(moves []string) error {
	ms := make([]record.Move, len(moves))
	for i, m := range moves {
		ms[i].Text = m
	}
	return r.playWritten(ms)
}

// playWritten plays moves with their annotations, as playMoves does.
func (r *REPL) playWritten(moves []record.Move) error {
	b := r.s.Game().Board()
	isSquare := func(s string) bool { return b.Has(s) || b.Has(strings.ToLower(s)) || b.Has(strings.ToUpper(s)) }
	played := 0
	for i := 0; i < len(moves); i++ {
		mv := moves[i]
		// "e3 h3": two squares that make one move.
		if i+1 < len(moves) && mv.Annotation.Empty() && isSquare(mv.Text) && isSquare(moves[i+1].Text) {
			if _, err := r.s.Game().ParseMove(mv.Text); err != nil {
				next := moves[i+1]
				next.Text = mv.Text + " " + next.Text
				mv = next
				i++
			}
		}
		c0 := r.s.Cursor()
		plies, err := r.s.PlayText(mv.Text)
		if err != nil {
			if played > 0 {
				r.moved()
			}
			return fmt.Errorf("move %q: %v", mv.Text, err)
		}
		if !mv.Annotation.Empty() {
			r.s.Annotate(line.WrittenIndex(c0, plies), mv.Annotation)
		}
		played++
		for _, e := range plies[1:] { // the forced passes after the move
			fmt.Fprintf(r.out, "%s has no move and passes (%s)\n", r.s.Game().SideName(e.Side), e.Text)
		}
	}
	// The board after the user's own move (and what it captured), before
	// the computer replies.
	r.moved()
	return nil
}

// moved shows the position after moves: the board and the status line, or
// only the status line when quiet.
func (r *REPL) moved() {
	if r.quiet {
		fmt.Fprintln(r.out, r.status())
		return
	}
	r.show()
}

// style is the render style for the current session.
func (r *REPL) style() render.Style {
	g := r.s.Game()
	st := render.Style{Color: r.color, Unicode: r.unicode, Flip: r.flip, Sides: [2]string{g.SideName(0), g.SideName(1)}}
	if _, ok := r.s.Last(); ok {
		st.Captured = g.LastCaptured()
	}
	return st
}

// show prints the board and the status line.
func (r *REPL) show() {
	r.showWith(r.style())
}

func (r *REPL) showWith(st render.Style) {
	g := r.s.Game()
	fmt.Fprint(r.out, render.Board(g.Board(), st))
	fmt.Fprintln(r.out, r.status())
}

// status is the line under the board: who is to move, or the result.
func (r *REPL) status() string {
	g := r.s.Game()
	var b strings.Builder
	if res := r.s.Result(); res.Over() && !r.editing {
		b.WriteString("game over: " + rules.FormatResult(g, res))
	} else if r.editing {
		fmt.Fprintf(&b, "editing: %s to move (the result is judged when editing ends)", g.SideName(g.SideToMove()))
	} else {
		fmt.Fprintf(&b, "%s to move, move %d", g.SideName(g.SideToMove()), r.s.MoveNumber())
	}
	if n := r.s.Cursor(); n > 0 && r.s.Swapped(n-1) {
		fmt.Fprintf(&b, " (%s)", r.s.SwapText(n)) // not "last: white swap", as if white had moved twice
	} else if e, ok := r.s.Last(); ok {
		fmt.Fprintf(&b, " (last: %s %s", g.SideName(e.Side), e.Text)
		if c := g.LastCaptured(); len(c) > 0 {
			fmt.Fprintf(&b, ", captured %s", strings.Join(c, " "))
		}
		b.WriteString(")")
	}
	return b.String()
}

// prompt is "GAME SIDE MOVE> ", e.g. "tablut w 12> ".
func (r *REPL) prompt() string {
	g := r.s.Game()
	if r.luaBuf != "" {
		return ">> "
	}
	if r.editing {
		return fmt.Sprintf("%s edit> ", g.Info().ID)
	}
	if r.study != nil {
		return fmt.Sprintf("%s study %d/%d> ", g.Info().ID, r.s.Cursor(), r.s.Len())
	}
	if r.s.Result().Over() {
		return fmt.Sprintf("%s over> ", g.Info().ID)
	}
	return fmt.Sprintf("%s %s %d> ", g.Info().ID, sideAbbrev(g, g.SideToMove()), r.s.MoveNumber())
}

// sideAbbrev is a side's initial, or its name when both sides share one.
func sideAbbrev(g rules.Game, side int) string {
	a, b := g.SideName(0), g.SideName(1)
	if a == "" || b == "" || strings.EqualFold(a[:1], b[:1]) {
		return g.SideName(side)
	}
	return strings.ToLower(g.SideName(side)[:1])
}

// banner is the one line printed when the REPL opens.
func (r *REPL) banner() string {
	info := r.s.Info()
	var ids []string
	for _, in := range rules.All() {
		ids = append(ids, in.ID)
	}
	return fmt.Sprintf("boardrepl: %s (%s). Type a move, 'help' for commands, 'new GAME' to switch (%s); Ctrl-D quits.",
		info.Name, info.ID, strings.Join(ids, ", "))
}

// runPiped reads commands line by line. A failing line is reported on
// stderr as "line L: ..." and stops the run with status 1, unless
// keepGoing.
func (r *REPL) runPiped(ctx context.Context, in io.Reader, keepGoing bool) int {
	r.notTyped = true
	sc := bufio.NewScanner(textfile.NewReader(in))
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	status := 0
	ln := 0
	for sc.Scan() {
		ln++
		err := r.Exec(ctx, sc.Text())
		if errors.Is(err, errQuit) {
			return status
		}
		if err != nil {
			fmt.Fprintf(r.err, "line %d: %v\n", ln, err)
			status = 1
			if !keepGoing {
				return status
			}
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(r.err, "line %d: reading input: %v\n", ln+1, err)
		return 1
	}
	if err := r.luaUnfinished(); err != nil {
		fmt.Fprintf(r.err, "line %d: %v\n", ln, err)
		return 1
	}
	return status
}

// runFile runs the commands of a file, like piped input; the first failing
// line stops it.
func (r *REPL) runFile(ctx context.Context, name string) error {
	if r.depth > 8 {
		return fmt.Errorf("run %s: files nested too deeply", name)
	}
	data, err := textfile.ReadFile(name)
	if err != nil {
		return err
	}
	r.depth++
	typed := r.notTyped
	r.notTyped = true
	defer func() { r.depth--; r.notTyped = typed }()
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for i, line := range lines {
		if err := ctx.Err(); err != nil {
			r.luaBuf = ""
			return err
		}
		if err := r.Exec(ctx, line); err != nil {
			if errors.Is(err, errQuit) {
				return err
			}
			return fmt.Errorf("%s:%d: %v", name, i+1, err)
		}
	}
	if err := r.luaUnfinished(); err != nil {
		return fmt.Errorf("%s:%d: %v", name, len(lines), err)
	}
	return nil
}

// wrapWords writes words on lines of at most width columns, indented.
func wrapWords(w io.Writer, words []string, indent string, width int) {
	col := 0
	for _, word := range words {
		if col > 0 && col+1+len(word) > width {
			fmt.Fprintln(w)
			col = 0
		}
		if col == 0 {
			fmt.Fprint(w, indent)
			col = len(indent)
		} else {
			fmt.Fprint(w, " ")
			col++
		}
		fmt.Fprint(w, word)
		col += len(word)
	}
	if col > 0 {
		fmt.Fprintln(w)
	}
}
