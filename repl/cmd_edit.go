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
	if len(args) != 2 {
		return errors.New("usage: set SQUARE PIECE (see 'legend' for the pieces)")
	}
	return r.edited(r.s.Edit(func(ed rules.Editor) error { return ed.SetSquare(args[0], args[1]) }))
}

func cmdClear(_ context.Context, r *REPL, args []string, _ string) error {
	if len(args) == 0 {
		return errors.New("usage: clear SQUARE [SQUARE...]")
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

func cmdMove(_ context.Context, r *REPL, args []string, _ string) error {
	if len(args) != 2 {
		return errors.New("usage: move FROM TO")
	}
	from, to := args[0], args[1]
	b := r.s.Game().Board()
	var piece *rules.Cell
	for i := range b.Cells {
		if b.Cells[i].Name == from {
			piece = &b.Cells[i]
		}
	}
	if piece == nil {
		return fmt.Errorf("no square %q on this board", from)
	}
	if piece.Piece == "" || piece.Piece == "0" && render.IsPits(&b) {
		return fmt.Errorf("%s is empty", from)
	}
	if from == to {
		return fmt.Errorf("%s and %s are the same square", from, to)
	}
	return r.edited(r.s.Edit(func(ed rules.Editor) error {
		if err := ed.SetSquare(from, ""); err != nil {
			return err
		}
		return ed.SetSquare(to, piece.Piece)
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
