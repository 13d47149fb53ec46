package repl

// The play commands: moves, undo/redo/goto, history, new, position, the board
// views, rules, result, games, perft and divide.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"boardrepl/render"
	"boardrepl/rules"
)

func cmdPlay(_ context.Context, r *REPL, args []string, rest string) error {
	if len(args) == 0 {
		return errors.New("usage: play MOVE [MOVE...]")
	}
	if strings.HasPrefix(rest, "{") {
		return r.playMoves([]string{rest})
	}
	return r.playMoves(args)
}

func cmdUndo(_ context.Context, r *REPL, args []string, _ string) error {
	n, err := count("undo", args, 1)
	if err != nil {
		return err
	}
	what := "agreement"
	if r.s.Declared() && r.s.Result().Reason != rules.AgreedResult(r.s.Game()).Reason {
		what = "resignation"
	}
	if r.s.Withdraw() {
		// The first undo takes back the agreement (or resignation) that
		// ended the game.
		fmt.Fprintf(r.out, "the %s is taken back: play on\n", what)
		if n--; n == 0 {
			r.show()
			return nil
		}
	}
	if _, err := r.s.Undo(n); err != nil {
		return err
	}
	if ai := r.aiPlays(); ai >= 0 && len(args) == 0 {
		// 'undo' alone when you play the computer: back to your own move
		// (the computer's reply and the move it answered).
		moves := 1
		for r.s.Cursor() > 0 && r.s.Game().SideToMove() == ai {
			r.s.Undo(1)
			moves++
		}
		if moves > 1 {
			fmt.Fprintf(r.out, "took back the computer's reply and your move ('undo 1' takes back one move)\n")
		}
	}
	r.show()
	if ai := r.aiPlays(); ai >= 0 && r.s.Game().SideToMove() == ai && !r.s.Result().Over() {
		fmt.Fprintf(r.out, "the computer plays %s: it waits ('ai' makes it move; or play its move)\n", r.s.Game().SideName(ai))
	}
	return nil
}

// cmdResign gives the game up: for the side named, or for the side to
// move; when the computer plays the side to move (and not the other), for
// the other, yours.
func cmdResign(_ context.Context, r *REPL, args []string, _ string) error {
	g := r.s.Game()
	side := g.SideToMove()
	switch {
	case len(args) > 1:
		return errors.New("usage: resign [SIDE]")
	case len(args) == 1:
		s, err := parseSide(g, args[0])
		if err != nil {
			return fmt.Errorf("resign %s: %v", args[0], err)
		}
		side = s
	case r.aiPlays() == side:
		side = 1 - side
	}
	res := rules.Result{Status: rules.Win, Winner: 1 - side, Reason: g.SideName(side) + " resigned"}
	if err := r.s.End(res); err != nil {
		return fmt.Errorf("resign: %v", err)
	}
	fmt.Fprintf(r.out, "%s ('undo' takes it back)\n", r.s.FormatResult())
	return nil
}

func cmdRedo(_ context.Context, r *REPL, args []string, _ string) error {
	n, err := count("redo", args, 1)
	if err != nil {
		return err
	}
	if _, err := r.s.Redo(n); err != nil {
		return err
	}
	r.show()
	return nil
}

func cmdGoto(_ context.Context, r *REPL, args []string, _ string) error {
	if len(args) != 1 {
		return errors.New("usage: goto N")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return fmt.Errorf("goto %s: want a ply number", args[0])
	}
	if err := r.s.Goto(n); err != nil {
		return err
	}
	r.show()
	return nil
}

func cmdHistory(_ context.Context, r *REPL, args []string, _ string) error {
	if err := noArgs("history", args); err != nil {
		return err
	}
	line, cur := r.s.Plies(), r.s.Cursor()
	if len(line) == 0 {
		fmt.Fprintln(r.out, "no moves yet")
		return nil
	}
	played := line[:cur]
	// Number by full moves; the line may start with the second side.
	num := 1
	var row []string
	flush := func() {
		if len(row) > 0 {
			fmt.Fprintf(r.out, "%3d. %s\n", num, strings.Join(row, " "))
			num++
			row = nil
		}
	}
	for i, e := range played {
		if i == 0 && e.Side == 1 {
			row = append(row, "...")
		}
		t := e.Text + r.s.Note(i).Glyph
		for _, n := range r.s.Note(i).NAGs {
			t += " $" + strconv.Itoa(n)
		}
		if e.Forced {
			t += "(forced)"
		}
		if e.Side == 0 && len(row) > 0 && !(i == 0) {
			flush()
		}
		row = append(row, t)
		if e.Side == 1 {
			flush()
		}
	}
	flush()
	if cur < len(line) {
		var undone []string
		for _, e := range line[cur:] {
			undone = append(undone, e.Text)
		}
		fmt.Fprintf(r.out, "at ply %d of %d; redo: %s\n", cur, len(line), strings.Join(undone, " "))
	}
	return nil
}

func cmdNew(_ context.Context, r *REPL, args []string, _ string) error {
	info := r.s.Info()
	var pairs []string
	if len(args) == 0 {
		pairs = r.s.OptionPairs()
	}
	if len(args) > 0 && !strings.Contains(args[0], "=") {
		in, err := rules.Lookup(args[0])
		if err != nil {
			return err
		}
		info = in
		args = args[1:]
	}
	pairs = append(pairs, args...)
	if err := r.s.NewGame(info, pairs, ""); err != nil {
		return err
	}
	r.show()
	return nil
}

func cmdPosition(_ context.Context, r *REPL, args []string, rest string) error {
	if rest == "" {
		return errors.New("usage: position STRING|startpos|fen STRING [moves M...] (see 'export' for the current one)")
	}
	// The engine consoles' forms: position startpos|fen STRING [moves ...].
	pos, moves := rest, ""
	if !strings.HasPrefix(rest, "{") {
		if i := strings.Index(" "+rest+" ", " moves "); i >= 0 {
			pos, moves = strings.TrimSpace(rest[:max(i-1, 0)]), strings.TrimSpace(rest[min(i+6, len(rest)):])
		}
	}
	switch first, tail, _ := strings.Cut(pos, " "); first {
	case "startpos":
		if strings.TrimSpace(tail) != "" {
			return fmt.Errorf("position startpos: unexpected %q (want 'position startpos [moves M...]')", strings.TrimSpace(tail))
		}
		pos = ""
	case "fen":
		if pos = strings.TrimSpace(tail); pos == "" {
			return errors.New("usage: position fen STRING [moves M...]")
		}
	}
	var err error
	if pos == "" {
		err = r.s.Reset()
	} else {
		err = r.s.SetPosition(pos)
	}
	if err != nil {
		return err
	}
	if moves != "" {
		return r.playMoves(strings.Fields(moves))
	}
	r.show()
	return nil
}

func cmdShow(_ context.Context, r *REPL, args []string, _ string) error {
	if err := noArgs("show", args); err != nil {
		return err
	}
	r.show()
	return nil
}

// cmdDisplay is 'd': the board and the position string, as engine
// consoles show them.
func cmdDisplay(_ context.Context, r *REPL, args []string, _ string) error {
	if err := noArgs("d", args); err != nil {
		return err
	}
	r.show()
	fmt.Fprintf(r.out, "position: %s\n", r.s.Game().Position())
	return nil
}

func cmdFlip(_ context.Context, r *REPL, args []string, _ string) error {
	if err := noArgs("flip", args); err != nil {
		return err
	}
	r.flip = !r.flip
	r.show()
	return nil
}

func cmdQuiet(_ context.Context, r *REPL, args []string, _ string) error {
	switch {
	case len(args) == 0:
	case len(args) == 1 && args[0] == "on":
		r.quiet = true
	case len(args) == 1 && args[0] == "off":
		r.quiet = false
	default:
		return fmt.Errorf("quiet %s: want on or off", strings.Join(args, " "))
	}
	if r.quiet {
		fmt.Fprintln(r.out, "quiet: after a move, the status line only ('show' draws the board)")
	} else {
		fmt.Fprintln(r.out, "quiet off: the board after every move")
	}
	return nil
}

func cmdLegend(_ context.Context, r *REPL, args []string, _ string) error {
	if err := noArgs("legend", args); err != nil {
		return err
	}
	fmt.Fprint(r.out, render.Legend(r.s.Game().Board(), r.style()))
	return nil
}

func cmdRules(_ context.Context, r *REPL, args []string, _ string) error {
	if err := noArgs("rules", args); err != nil {
		return err
	}
	info, g := r.s.Info(), r.s.Game()
	fmt.Fprintf(r.out, "%s (%s", info.Name, info.ID)
	if len(info.Aliases) > 0 {
		fmt.Fprintf(r.out, ", also %s", strings.Join(info.Aliases, ", "))
	}
	fmt.Fprintf(r.out, "): %s\n", info.Description)
	fmt.Fprintf(r.out, "sides: %s and %s\n", info.Sides[0], info.Sides[1])
	// The start of the game as configured: the session's options, and what
	// the game chose itself (Ataxx's block pattern, picked from the clock).
	opts := rules.Options{}
	for k, v := range r.s.Options() {
		opts[k] = v
	}
	for k, v := range g.Options() {
		if opts[k] == "" {
			opts[k] = v
		}
	}
	start, err := info.New(opts)
	if err != nil {
		return fmt.Errorf("rules: the start position: %v", err)
	}
	note := ""
	// A start the game draws itself each time (Ataxx's blocks without a
	// pattern, after a position string that has none): an option of the new
	// game's that neither the session nor its game set. (Comparing two draws
	// would miss the many draws that give the same blocks.)
	for _, p := range info.FormatOptions(start.Options()) {
		if k, _, _ := strings.Cut(p, "="); opts[k] == "" {
			note = fmt.Sprintf(" (each new game draws its own; this one is %s)", strings.Join(info.FormatOptions(start.Options()), " "))
			break
		}
	}
	fmt.Fprintf(r.out, "start: %s%s\n", start.Position(), note)
	fmt.Fprint(r.out, render.Board(start.Board(), render.Style{Color: r.color, Unicode: r.unicode, Flip: r.flip, Sides: info.Sides}))
	if len(info.Options) == 0 {
		fmt.Fprintln(r.out, "options: none")
	} else {
		fmt.Fprintln(r.out, "options (change with 'new KEY=VALUE'):")
		for _, o := range info.Options {
			def := o.Default
			if def == "" {
				def = `""`
			}
			fmt.Fprintf(r.out, "  %s=%s  %s (default %s; %s)\n", o.Name, opts[o.Name], o.Help, def, o.Want())
		}
	}
	ms := rules.MoveTexts(g)
	if len(ms) > 0 {
		if len(ms) > 6 {
			ms = ms[:6]
		}
		fmt.Fprintf(r.out, "moves are written like: %s ('moves' lists them all)\n", strings.Join(ms, " "))
	}
	return nil
}

func cmdAgree(_ context.Context, r *REPL, args []string, _ string) error {
	if err := noArgs("agree", args); err != nil {
		return err
	}
	res, err := r.s.Agree()
	if err != nil {
		return err
	}
	fmt.Fprintf(r.out, "ended by agreement: %s\n", rules.FormatResult(r.s.Game(), res))
	return nil
}

func cmdResult(_ context.Context, r *REPL, args []string, _ string) error {
	if err := noArgs("result", args); err != nil {
		return err
	}
	g := r.s.Game()
	res := r.s.Result()
	if !res.Over() {
		fmt.Fprintf(r.out, "ongoing (%s to move)\n", g.SideName(g.SideToMove()))
		return nil
	}
	fmt.Fprintln(r.out, rules.FormatResult(g, res))
	return nil
}

func cmdGames(_ context.Context, r *REPL, args []string, _ string) error {
	if err := noArgs("games", args); err != nil {
		return err
	}
	for _, in := range rules.All() {
		mark := " "
		if in == r.s.Info() {
			mark = "*"
		}
		names := in.ID
		if len(in.Aliases) > 0 {
			names += " (" + strings.Join(in.Aliases, ", ") + ")"
		}
		fmt.Fprintf(r.out, "%s %-28s %s\n", mark, names, in.Description)
	}
	return nil
}

func cmdMoves(_ context.Context, r *REPL, args []string, _ string) error {
	g := r.s.Game()
	if len(args) > 1 {
		return errors.New("usage: moves [SQUARE]")
	}
	if len(args) == 0 {
		ms := rules.MoveTexts(g)
		if len(ms) == 0 {
			fmt.Fprintf(r.out, "no legal moves (%s)\n", rules.FormatResult(g, g.Result()))
			return nil
		}
		fmt.Fprintf(r.out, "%s:\n", plural(len(ms), "legal move"))
		wrapWords(r.out, ms, "  ", 78)
		return nil
	}
	sq := args[0]
	b := g.Board()
	if !b.Has(sq) {
		return fmt.Errorf("no square %q on this board", sq)
	}
	// The moves of the piece on sq (it moves, a new piece grows beside it,
	// or the move is sq itself: a pit sown, a stone placed), else those that
	// reach sq; each with the squares to mark on the board.
	kinds, _ := g.(rules.MoveKinds)
	var with, to movesOfSquare
	for _, mv := range g.Moves(nil) {
		sqs := g.MoveSquares(mv)
		var grown []string
		if kinds != nil {
			grown = kinds.GrownFrom(mv)
		}
		switch {
		case len(sqs) > 1 && sqs[0] == sq:
			with.add(g, kinds, mv, sqs[1:], nil)
		case contains(grown, sq):
			with.add(g, kinds, mv, sqs, nil)
		case len(sqs) == 1 && sqs[0] == sq && grown == nil:
			with.add(g, kinds, mv, sqs, nil)
		case len(grown) > 0 && contains(sqs, sq):
			to.add(g, kinds, mv, grown, grown)
		case contains(sqs, sq):
			to.add(g, kinds, mv, sqs[:1], nil)
		}
	}
	list, head := with, "from "+sq
	switch {
	case len(with.moves) == 0:
		list, head = to, "to "+sq
	case kinds != nil:
		head = "with the piece on " + sq
	case b.Placement:
		head = "on " + sq
	}
	if len(list.moves) == 0 {
		fmt.Fprintf(r.out, "no legal move from or to %s\n", sq)
		return nil
	}
	fmt.Fprintf(r.out, "%s %s:\n", plural(len(list.moves), "legal move"), head)
	list.write(r.out)
	st := r.style()
	st.Marked = list.marks
	r.showWith(st)
	return nil
}

// movesOfSquare gathers the moves 'moves SQUARE' lists, by kind where the
// game names its kinds (rules.MoveKinds), and the squares to mark.
type movesOfSquare struct {
	moves  []string
	kinds  []string            // in order of first appearance
	byKind map[string][]string // the moves of each kind
	from   map[string][]string // for a move that grows a piece: the squares it grows from
	marks  []string
}

func (ms *movesOfSquare) add(g rules.Game, kinds rules.MoveKinds, mv rules.Move, marks, from []string) {
	text := g.FormatMove(mv)
	ms.moves = append(ms.moves, text)
	ms.marks = append(ms.marks, marks...)
	if kinds == nil {
		return
	}
	k := kinds.MoveKind(mv)
	if ms.byKind == nil {
		ms.byKind, ms.from = map[string][]string{}, map[string][]string{}
	}
	if _, ok := ms.byKind[k]; !ok {
		ms.kinds = append(ms.kinds, k)
	}
	ms.byKind[k] = append(ms.byKind[k], text)
	if from != nil {
		ms.from[text] = from
	}
}

// write lists the moves, sorted: one line of each kind ("3 clones: f1 f2
// g2"; a move that grows a piece says from where), or all of them.
func (ms *movesOfSquare) write(w io.Writer) {
	if ms.byKind == nil {
		sort.Strings(ms.moves)
		wrapWords(w, ms.moves, "  ", 78)
		return
	}
	for _, k := range ms.kinds {
		list := ms.byKind[k]
		sort.Strings(list)
		words := []string{plural(len(list), k) + ":"}
		for _, m := range list {
			if from := ms.from[m]; len(from) > 0 {
				m += " (from " + strings.Join(from, " or ") + ")"
			}
			words = append(words, m)
		}
		wrapWords(w, words, "  ", 78)
	}
}

func perftDepth(name string, args []string) (int, error) {
	if len(args) != 1 {
		return 0, fmt.Errorf("usage: %s N", name)
	}
	d, err := strconv.Atoi(args[0])
	if err != nil || d < 0 || d > 64 {
		return 0, fmt.Errorf("%s %s: want a depth from 0 to 64", name, args[0])
	}
	return d, nil
}

// rootCounts counts perft(d-1) below each root move in move-text order,
// calling each as it completes. On interruption it returns how many root
// moves were done and the nodes counted so far with the context's error.
func rootCounts(ctx context.Context, g rules.Game, d int, each func(move string, n uint64)) (done int, total uint64, err error) {
	type root struct {
		m    rules.Move
		text string
	}
	var roots []root
	for _, m := range g.Moves(nil) {
		roots = append(roots, root{m, g.FormatMove(m)})
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i].text < roots[j].text })
	for _, rt := range roots {
		g.Play(rt.m)
		n, err := rules.PerftContext(ctx, g, d-1)
		g.Unplay()
		if err != nil {
			return done, total, err
		}
		done++
		total += n
		if each != nil {
			each(rt.text, n)
		}
	}
	return done, total, nil
}

// cmdPerft prints perft 1, 2, ... N as each depth completes; Ctrl-C stops
// it and says how far the last depth got.
func cmdPerft(ctx context.Context, r *REPL, args []string, _ string) error {
	d, err := perftDepth("perft", args)
	if err != nil {
		return err
	}
	if d == 0 {
		fmt.Fprintln(r.out, "perft 0: 1")
		return nil
	}
	g := r.s.Game().Clone()
	for depth := 1; depth <= d; depth++ {
		start := time.Now()
		done, n, err := rootCounts(ctx, g, depth, nil)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return fmt.Errorf("interrupted at depth %d: %d of %s counted, %d nodes so far (depths before it are above)",
					depth, done, plural(len(g.Moves(nil)), "root move"), n)
			}
			return err
		}
		fmt.Fprintf(r.out, "perft %d: %d\n", depth, n)
		if r.color { // timings only at a terminal: piped output stays stable
			el := time.Since(start)
			fmt.Fprintf(r.err, "(%.3fs, %.0f nodes/s)\n", el.Seconds(), float64(n)/max(el.Seconds(), 1e-9))
		}
	}
	return nil
}

// cmdDivide prints each root move's count as it completes, then the total;
// Ctrl-C stops it and says how many root moves were counted.
func cmdDivide(ctx context.Context, r *REPL, args []string, _ string) error {
	d, err := perftDepth("divide", args)
	if err != nil {
		return err
	}
	if d < 1 {
		return errors.New("divide needs a depth of at least 1")
	}
	g := r.s.Game().Clone()
	done, total, err := rootCounts(ctx, g, d, func(move string, n uint64) {
		fmt.Fprintf(r.out, "%s: %d\n", move, n)
	})
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("interrupted: %d of %s counted above, %d nodes", done, plural(len(g.Moves(nil)), "root move"), total)
		}
		return err
	}
	fmt.Fprintf(r.out, "moves: %d\nperft %d: %d\n", done, d, total)
	return nil
}

// Editing.
