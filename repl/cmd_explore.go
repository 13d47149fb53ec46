package repl

// explore: the opening tree of a collection of games (rules/openings), its
// moves shown for the position at the prompt as it changes.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"boardrepl/internal/textfile"
	"boardrepl/rules/openings"
)

const exploreHelp = `explore FILE... [plies N] builds the opening tree of the current game's
games in the files (records, move lists, Ataxx PGN, OGN, Tablut challenge
logs, or a tree that 'boardrepl openings --json' wrote; N plies, by
default 10 or the tree's; 'new GAME' first for another game) and shows the moves played in the
current position, as an opening explorer does: for each move its games and
their share, how they ended (the first side's wins, draws, the second
side's wins), the mover's score over the finished games, their average
length in plies and, in a tree built with --depth, the engine's score
after the move (from the cuteataxx games of fixtures/ataxx/games):
  ply 0: x5o/7/7/7/7/7/oo3xx x 0 2, red to move, 2 games (red 50%, draws 0%, blue 50%)
    move games         red draws  blue   score  length
    e1       1  50%     0%    0%  100%      0%    61.0
    e2       1  50%   100%    0%    0%    100%    66.0
While explore is on, the moves of each new position are shown after the
command that reached it (a move, the computer's reply, undo, redo, goto,
new...). 'explore' alone turns it on again with the last tree and shows
the current position; 'explore off' stops following. Records that cannot
be added are listed and left out. See docs/openings.md.
  explore games.pgn plies 6     explore off     explore`

// explorer is the state of explore in one session.
type explorer struct {
	tree *openings.Tree
	on   bool
	// shown is the position whose moves were shown last, so that a
	// command that leaves the position where it was shows nothing again.
	shown string
}

func (r *REPL) explorer() *explorer {
	if r.explore == nil {
		r.explore = &explorer{}
	}
	return r.explore
}

func cmdExplore(ctx context.Context, r *REPL, args []string, _ string) error {
	ex := r.explorer()
	switch {
	case len(args) == 1 && args[0] == "off":
		ex.on = false
		fmt.Fprintln(r.out, "explore off")
		return nil
	case len(args) == 0 || len(args) == 1 && args[0] == "on":
		if ex.tree == nil {
			return errors.New("explore: no tree yet: 'explore FILE...' builds one from games")
		}
		ex.on = true
		r.exploreShow(ex)
		return nil
	}
	plies := -1 // a tree's in the files, else the default
	var files []string
	for i := 0; i < len(args); i++ {
		if args[i] != "plies" {
			files = append(files, args[i])
			continue
		}
		if i+1 == len(args) {
			return errors.New("explore: plies wants a number: explore FILE... plies N")
		}
		n, err := strconv.Atoi(args[i+1])
		if err != nil || n < 0 {
			return fmt.Errorf("explore: plies %s: want a whole number", args[i+1])
		}
		plies, i = n, i+1
	}
	if len(files) == 0 {
		return errors.New("usage: explore FILE... [plies N] | explore [on|off]")
	}
	srcs := make([]openings.Source, len(files))
	for i, f := range files {
		srcs[i] = openings.Source{Name: f, Open: func() (io.ReadCloser, error) { return textfile.Open(f) }}
	}
	var refused []string
	t, err := openings.Build(ctx, srcs, openings.BuildOptions{Info: r.s.Info(), Options: r.s.OptionPairs(), Plies: plies,
		Refused: func(err error) { refused = append(refused, err.Error()) }})
	if err != nil {
		return fmt.Errorf("explore: %v", err)
	}
	for i, e := range refused {
		if i == 5 {
			fmt.Fprintf(r.out, "explore: and %d more records refused\n", len(refused)-i)
			break
		}
		fmt.Fprintf(r.out, "explore: refused %s\n", e)
	}
	ex.tree, ex.on = t, true
	fmt.Fprintf(r.out, "explore: %s\n", t.Heading())
	r.exploreShow(ex)
	return nil
}

// exploreFollow shows the moves of the position at the prompt when explore
// is on and the position is not the one last shown.
func (r *REPL) exploreFollow() {
	ex := r.explore
	if ex == nil || !ex.on || ex.shown == r.exploreKey() {
		return
	}
	r.exploreShow(ex)
}

func (r *REPL) exploreKey() string {
	g := r.s.Game()
	return g.Info().ID + " " + strings.Join(r.s.OptionPairs(), " ") + " " + g.Position()
}

// exploreShow shows the moves of the current position in the tree.
func (r *REPL) exploreShow(ex *explorer) {
	ex.shown = r.exploreKey()
	t, g := ex.tree, r.s.Game()
	if n := t.Lookup(g); n != nil {
		t.WriteNode(r.out, n)
		return
	}
	here := strings.Join(append([]string{g.Info().ID}, r.s.OptionPairs()...), " ")
	if here != t.Describe() {
		fmt.Fprintf(r.out, "explore: the tree is of %s, this game of %s ('explore off' stops showing it)\n", t.Describe(), here)
		return
	}
	fmt.Fprintf(r.out, "explore: this position is not in the tree (%s, up to ply %d)\n", plural(t.Games, "game"), t.Plies)
}

// completeExplore offers files, and on and off first.
func completeExplore(r *REPL, i int, prev []string, word string) []string {
	if i > 0 && prev[i-1] == "plies" {
		return nil
	}
	out := completeFiles(r, 0, prev, word)
	if i == 0 {
		out = append(out, "on", "off")
	} else {
		out = append(out, "plies")
	}
	return out
}
