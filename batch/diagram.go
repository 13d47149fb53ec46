package batch

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"boardrepl/internal/command"
	"boardrepl/render"
	"boardrepl/rules"
)

var diagramCmd = &Command{
	Name:    "diagram",
	Summary: "draw a position as an SVG picture",
	Usage: `usage: boardrepl diagram -g GAME [-o KEY=VALUE]... [-p POSITION] [-m MOVES] [--flip] FILE

Draws the board as an SVG diagram in FILE ("-" writes it to stdout): the
pieces, the game's special squares (Tablut's castle, camps and escapes,
Ataxx blocks, Konobi's edges, Oware's pits and scores), the squares of the
last move framed, the squares it captured crossed, and the coordinates on
every side; the caption names the game and the side to move. FILE must be
new or an SVG picture (which is replaced), so a mistyped name never
destroys a record, and its name must end in .svg (or have no extension):
x.png is refused, since the picture is SVG.

  -g GAME      the game (see 'boardrepl games')
  -o KEY=VAL   a game option, repeatable
  -p POSITION  the position string (default: the start position)
  -m MOVES     moves to play first, separated by spaces; the last one is
               marked on the diagram
  --flip       turn the board 180 degrees

  boardrepl diagram -g tablut -m "e3-h3 d1-d3" tablut.svg
`,
}

func runDiagram(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := diagramCmd
	var gf gameFlags
	fs := newFlagSet(c)
	gf.register(fs)
	moves := fs.String("m", "", "moves to play first")
	flip := fs.Bool("flip", false, "turn the board")
	if err := fs.Parse(command.Interspersed(fs, args)); err != nil {
		if errorsIsHelp(err) {
			fmt.Fprint(stdout, c.Usage)
			return ExitOK
		}
		return fail(stderr, c.Name, usagef("%v", err))
	}
	switch fs.NArg() {
	case 0:
		return fail(stderr, c.Name, usagef("missing the FILE to draw in (\"-\" for stdout)"))
	case 1:
	default:
		return fail(stderr, c.Name, usagef("unexpected argument %q", fs.Arg(1)))
	}
	file := fs.Arg(0)
	if file != "-" {
		if err := render.CheckSVGName(file); err != nil {
			return fail(stderr, c.Name, usagef("%v", err))
		}
	}
	g, err := gf.open(c.Name, stderr)
	if err != nil {
		return fail(stderr, c.Name, err)
	}
	st := render.Style{Flip: *flip, Sides: [2]string{g.SideName(0), g.SideName(1)}}
	for i, m := range strings.Fields(*moves) {
		if over, _ := rules.Outcome(g); over {
			return fail(stderr, c.Name, fmt.Errorf("-m: move %d %q: the game is over", i+1, m))
		}
		mv, err := g.ParseMove(m)
		if err != nil {
			return fail(stderr, c.Name, fmt.Errorf("-m: move %d %q: %v", i+1, m, err))
		}
		g.Play(mv)
		st.Captured = g.LastCaptured() // the board names the last move's squares
	}
	var b strings.Builder
	bd := g.Board()
	if err := render.BoardSVG(&b, &bd, st, render.DiagramTitle(g)); err != nil {
		return fail(stderr, c.Name, err)
	}
	if file == "-" {
		io.WriteString(stdout, b.String())
		return ExitOK
	}
	if err := render.WriteSVGFile(file, []byte(b.String())); err != nil {
		return fail(stderr, c.Name, err)
	}
	return ExitOK
}

func errorsIsHelp(err error) bool { return errors.Is(err, flag.ErrHelp) }
