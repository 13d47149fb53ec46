package repl

// GTP habits at the prompt, where they cannot be taken for a move: play
// COLOR MOVE, genmove COLOR (engine.go), list_commands, boardsize N and
// clear_board.

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"boardrepl/rules"
)

// colourArg reads a GTP colour: a side's name or initial (black, white, b,
// w in Konobi and Tablut; red, blue, r, b in Ataxx...). ok is false when s is
// no colour at all; a GTP colour word that names no side of this game is
// an error.
func colourArg(g rules.Game, s string) (side int, ok bool, err error) {
	if s != "0" && s != "1" { // a number is no colour (genmove 1 is a depth)
		if side, err := parseSide(g, s); err == nil {
			return side, true, nil
		}
	}
	switch strings.ToLower(s) {
	case "black", "white", "b", "w":
		return 0, true, fmt.Errorf("no side %s in %s: its sides are %s and %s", s, g.Info().Name, g.SideName(0), g.SideName(1))
	}
	return 0, false, nil
}

// cmdPlayAs is play, also as GTP writes it: play COLOR MOVE..., the colour
// being the side to move's.
func cmdPlayAs(ctx context.Context, r *REPL, args []string, rest string) error {
	g := r.s.Game()
	if len(args) < 2 {
		return cmdPlay(ctx, r, args, rest)
	}
	if _, err := g.ParseMove(args[0]); err == nil {
		return cmdPlay(ctx, r, args, rest)
	}
	side, ok, err := colourArg(g, args[0])
	if !ok {
		return cmdPlay(ctx, r, args, rest)
	}
	if err != nil {
		return fmt.Errorf("play %s: %v", args[0], err)
	}
	if side != g.SideToMove() {
		return fmt.Errorf("play %s %s: %s is to move (the prompt plays in turn)", args[0], args[1], g.SideName(g.SideToMove()))
	}
	return r.playMoves(args[1:])
}

func cmdListCommands(_ context.Context, r *REPL, args []string, _ string) error {
	if err := noArgs("list_commands", args); err != nil {
		return err
	}
	var names []string
	for _, c := range commands {
		names = append(names, c.Name)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintln(r.out, n)
	}
	return nil
}

// sizeOption is the game's board size option (Konobi's size), if any.
func sizeOption(info *rules.Info) (rules.OptionSpec, bool) {
	for _, o := range info.Options {
		if o.Name == "size" {
			return o, true
		}
	}
	return rules.OptionSpec{}, false
}

func cmdBoardsize(_ context.Context, r *REPL, args []string, _ string) error {
	if len(args) != 1 {
		return errors.New("usage: boardsize N")
	}
	info := r.s.Info()
	if _, ok := sizeOption(info); !ok {
		var sized []string
		for _, in := range rules.All() {
			if _, ok := sizeOption(in); ok {
				sized = append(sized, in.ID)
			}
		}
		b := r.s.Game().Board()
		others := "no game has a board size"
		if len(sized) > 0 {
			others = "a board size is an option of " + strings.Join(sized, ", ") + " only"
		}
		return fmt.Errorf("boardsize %s: %s has one board (%dx%d); %s", args[0], info.Name, b.Cols, b.Rows, others)
	}
	if _, err := strconv.Atoi(args[0]); err != nil {
		return fmt.Errorf("boardsize %s: want a whole number", args[0])
	}
	pairs := []string{"size=" + args[0]}
	for _, p := range r.s.OptionPairs() {
		if !strings.HasPrefix(p, "size=") {
			pairs = append(pairs, p)
		}
	}
	if err := r.s.NewGame(info, pairs, ""); err != nil {
		return fmt.Errorf("boardsize %s: %v", args[0], err)
	}
	r.show()
	return nil
}

func cmdClearBoard(ctx context.Context, r *REPL, args []string, rest string) error {
	if err := noArgs("clear_board", args); err != nil {
		return err
	}
	return cmdNew(ctx, r, nil, "")
}

// completeBoardsize offers the sizes of the game's size option.
func completeBoardsize(r *REPL, i int, prev []string, word string) []string {
	o, ok := sizeOption(r.s.Info())
	if i != 0 || !ok || o.Max-o.Min > 100 {
		return nil
	}
	var out []string
	for n := o.Min; n <= o.Max; n++ {
		out = append(out, strconv.FormatInt(n, 10))
	}
	return out
}
