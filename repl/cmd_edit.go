package repl

// The board editor: set, clear, move, side, reset, the slots and export.

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"boardrepl/render"
	"boardrepl/rules"
)

// edited shows the board after an edit. The position is judged (game over
// or not) only when editing ends: a half-made position is no result.
func (r *REPL) edited(err error) error {
	if err != nil {
		return err
	}
	r.editing = true
	r.show()
	return nil
}

func cmdSet(_ context.Context, r *REPL, args []string, _ string) error {
	if len(args) > 0 && strings.EqualFold(args[0], "score") {
		return r.setScore(args[1:])
	}
	if len(args) != 2 {
		return errors.New("usage: set SQUARE PIECE (see 'legend' for the pieces)")
	}
	err := r.s.Edit(func(ed rules.Editor) error { return ed.SetSquare(args[0], args[1]) })
	if err != nil {
		if hint := r.moveSeedsHint(args[0], args[1]); hint != "" {
			err = fmt.Errorf("%v (or move seeds into %s, which keeps the game's seeds: %s)", err, args[0], hint)
		}
	}
	return r.edited(err)
}

// setScore is 'set score SIDE N': the score a game keeps beside its board
// (Oware's captured seeds).
func (r *REPL) setScore(args []string) error {
	g := r.s.Game()
	if _, ok := g.(rules.ScoreEditor); !ok {
		return fmt.Errorf("set score: %s keeps no score beside the board", g.Info().ID)
	}
	if len(args) != 2 {
		return fmt.Errorf("usage: set score SIDE N (SIDE: %s or %s)", g.SideName(0), g.SideName(1))
	}
	side, err := parseSide(g, args[0])
	if err != nil {
		return fmt.Errorf("set score: %v", err)
	}
	n, err := strconv.Atoi(args[1])
	if err != nil {
		return fmt.Errorf("set score %s %s: want a number", args[0], args[1])
	}
	return r.edited(r.s.Edit(func(ed rules.Editor) error { return ed.(rules.ScoreEditor).SetScore(side, n) }))
}

// moveSeedsHint is, when 'set PIT N' on a pit board asks for more seeds
// than PIT holds, the 'move' that brings them from another pit holding
// enough ("'move B A 3'"); "" otherwise.
func (r *REPL) moveSeedsHint(pit, count string) string {
	b := r.s.Game().Board()
	to := cellNamed(&b, pit)
	n, err := strconv.Atoi(count)
	if !render.IsPits(&b) || to == nil || err != nil {
		return ""
	}
	need := n - seedCount(to)
	if need <= 0 {
		return ""
	}
	for i := range b.Cells {
		if c := &b.Cells[i]; c != to && seedCount(c) >= need {
			return fmt.Sprintf("'move %s %s %d'", c.Name, to.Name, need)
		}
	}
	return ""
}

// cellNamed is the cell called name (a pit's letter in either case), or nil.
func cellNamed(b *rules.Board, name string) *rules.Cell {
	for i := range b.Cells {
		if c := &b.Cells[i]; c.Name == name || render.IsPits(b) && strings.EqualFold(c.Name, name) {
			return c
		}
	}
	return nil
}

// seedCount is the number of seeds in a pit.
func seedCount(c *rules.Cell) int {
	n, _ := strconv.Atoi(c.Piece)
	return n
}

func cmdClear(_ context.Context, r *REPL, args []string, _ string) error {
	if len(args) == 0 {
		return r.clearScreen()
	}
	return r.edited(r.s.Edit(func(ed rules.Editor) error {
		for _, sq := range args {
			if err := ed.SetSquare(sq, ""); err != nil {
				return err
			}
		}
		return nil
	}))
}

// clearScreen is 'clear' alone, as in a shell: at a terminal it clears the
// screen; elsewhere there is none, and it says how to empty squares.
func (r *REPL) clearScreen() error {
	if !r.screen {
		return errors.New("clear: there is no screen to clear here; to empty squares type 'clear SQUARE...'")
	}
	fmt.Fprint(r.out, "\x1b[H\x1b[2J")
	return nil
}

func cmdMove(_ context.Context, r *REPL, args []string, _ string) error {
	b := r.s.Game().Board()
	pits := render.IsPits(&b)
	if len(args) != 2 && !(pits && len(args) == 3) {
		if pits {
			return errors.New("usage: move FROM TO [N] (N seeds, all by default)")
		}
		return errors.New("usage: move FROM TO")
	}
	from, to := cellNamed(&b, args[0]), cellNamed(&b, args[1])
	for i, c := range []*rules.Cell{from, to} {
		if c == nil {
			return fmt.Errorf("no square %q on this board", args[i])
		}
	}
	if from.Piece == "" || pits && seedCount(from) == 0 {
		return fmt.Errorf("%s is empty", from.Name)
	}
	if from == to {
		return fmt.Errorf("%s and %s are the same square", from.Name, to.Name)
	}
	if pits {
		return r.moveSeeds(from, to, args[2:])
	}
	return r.edited(r.s.Edit(func(ed rules.Editor) error {
		if err := ed.SetSquare(from.Name, ""); err != nil {
			return err
		}
		return ed.SetSquare(to.Name, from.Piece)
	}))
}

// moveSeeds moves n seeds (all of them without n) from one pit into
// another, adding them to what is there: the seeds in the game stay as
// many, as on a real board.
func (r *REPL) moveSeeds(from, to *rules.Cell, n []string) error {
	have := seedCount(from)
	k := have
	if len(n) == 1 {
		var err error
		if k, err = strconv.Atoi(n[0]); err != nil || k < 1 || k > have {
			return fmt.Errorf("move %s %s %s: want a number of seeds from 1 to %d (what %s holds)", from.Name, to.Name, n[0], have, from.Name)
		}
	}
	return r.edited(r.s.Edit(func(ed rules.Editor) error {
		if err := ed.SetSquare(from.Name, strconv.Itoa(have-k)); err != nil {
			return err
		}
		return ed.SetSquare(to.Name, strconv.Itoa(seedCount(to)+k))
	}))
}

// parseSide reads a side: its name, its initial, or 0/1.
func parseSide(g rules.Game, s string) (int, error) {
	for side := 0; side < 2; side++ {
		if strings.EqualFold(s, g.SideName(side)) || s == strconv.Itoa(side) || strings.EqualFold(s, sideAbbrev(g, side)) {
			return side, nil
		}
	}
	return 0, fmt.Errorf("no side %q: want %s or %s", s, g.SideName(0), g.SideName(1))
}

func cmdSide(_ context.Context, r *REPL, args []string, _ string) error {
	if len(args) != 1 {
		return errors.New("usage: side SIDE")
	}
	side, err := parseSide(r.s.Game(), args[0])
	if err != nil {
		return err
	}
	return r.edited(r.s.Edit(func(ed rules.Editor) error { return ed.SetSideToMove(side) }))
}

func cmdReset(_ context.Context, r *REPL, args []string, _ string) error {
	if err := noArgs("reset", args); err != nil {
		return err
	}
	if err := r.s.Reset(); err != nil {
		return err
	}
	r.editing = false
	r.show()
	return nil
}

func slotArg(name string, args []string) (int, error) {
	if len(args) != 1 {
		return 0, fmt.Errorf("usage: %s N (a slot from 0 to 9)", name)
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 0 || n > 9 {
		return 0, fmt.Errorf("%s %s: want a slot from 0 to 9", name, args[0])
	}
	return n, nil
}

func cmdStore(_ context.Context, r *REPL, args []string, _ string) error {
	n, err := slotArg("store", args)
	if err != nil {
		return err
	}
	if err := r.s.Store(n); err != nil {
		return err
	}
	r.slot = n
	fmt.Fprintf(r.out, "slot %d: %s %s\n", n, r.s.Info().ID, r.s.Game().Position())
	return nil
}

func (r *REPL) recall(n int) error {
	if err := r.s.Recall(n); err != nil {
		return err
	}
	r.slot = n
	fmt.Fprintf(r.out, "slot %d:\n", n)
	r.show()
	return nil
}

func cmdRecall(_ context.Context, r *REPL, args []string, _ string) error {
	n, err := slotArg("recall", args)
	if err != nil {
		return err
	}
	return r.recall(n)
}

func cmdSlots(_ context.Context, r *REPL, args []string, _ string) error {
	if err := noArgs("slots", args); err != nil {
		return err
	}
	any := false
	for i, sl := range r.s.Slots {
		if sl == nil {
			continue
		}
		any = true
		mark := " "
		if i == r.slot {
			mark = ">"
		}
		id := sl.Info.ID
		if o := sl.Info.FormatOptions(sl.Opts); len(o) > 0 {
			id += " " + strings.Join(o, " ")
		}
		fmt.Fprintf(r.out, "%s%d  %s  %s\n", mark, i, id, sl.Position)
	}
	if !any {
		fmt.Fprintln(r.out, "no saved positions (save one with 'store N')")
	}
	return nil
}

func (r *REPL) step(dir int) error {
	from := r.slot
	if from < 0 {
		from = len(r.s.Slots) - 1
		if dir < 0 {
			from = 0
		}
	}
	n := r.s.NextSlot(from, dir)
	if n < 0 {
		return errors.New("no saved positions (save one with 'store N')")
	}
	return r.recall(n)
}

func cmdNext(_ context.Context, r *REPL, args []string, _ string) error {
	if err := noArgs("next", args); err != nil {
		return err
	}
	return r.step(1)
}

func cmdPrev(_ context.Context, r *REPL, args []string, _ string) error {
	if err := noArgs("prev", args); err != nil {
		return err
	}
	return r.step(-1)
}

func formats(g rules.Game) []string {
	if af, ok := g.(rules.AltFormatter); ok {
		return af.PositionFormats()
	}
	return nil
}

func cmdExport(_ context.Context, r *REPL, args []string, rest string) error {
	g := r.s.Game()
	if len(args) > 0 && args[0] == "svg" {
		file := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "svg"))
		if file == "" {
			return errors.New("usage: export svg FILE (draws the board as an SVG picture)")
		}
		st := r.style()
		st.Color, st.Marked = false, nil
		var b strings.Builder
		bd := g.Board()
		if err := render.BoardSVG(&b, &bd, st, render.DiagramTitle(g)); err != nil {
			return err
		}
		if err := render.WriteSVGFile(file, []byte(b.String())); err != nil {
			return fmt.Errorf("export svg: %v", err)
		}
		fmt.Fprintf(r.out, "drew the board in %s\n", file)
		return nil
	}
	if len(args) > 1 {
		return errors.New("usage: export [FORMAT] or export svg FILE")
	}
	if len(args) == 1 && args[0] != "string" {
		if !contains(formats(g), args[0]) {
			return fmt.Errorf("export %s: %s offers %s", args[0], g.Info().ID, strings.Join(append([]string{"string"}, formats(g)...), ", "))
		}
		s, err := g.(rules.AltFormatter).FormatPositionAs(args[0])
		if err != nil {
			return err
		}
		fmt.Fprintln(r.out, s)
		return nil
	}
	fmt.Fprintln(r.out, g.Position())
	if len(args) == 0 {
		for _, f := range formats(g) {
			s, err := g.(rules.AltFormatter).FormatPositionAs(f)
			if err != nil {
				return err
			}
			fmt.Fprintf(r.out, "%s: %s\n", f, s)
		}
	}
	return nil
}

// Files.
