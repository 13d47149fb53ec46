package batch

import (
	"boardrepl/rules"
	"fmt"
	"io"
)

var movesCmd = &Command{
	Name:    "moves",
	Summary: "list the legal moves of a position",
	Usage: `usage: boardrepl moves -g GAME [-o KEY=VALUE]... [-p POSITION] [--json] [--format F]

Prints every legal move of the side to move, one per line, in the game's
canonical notation, sorted in byte order. Prints nothing when the game is
over. A forced pass is listed as the only move.

  -g GAME      the game (see 'boardrepl games')
  -o KEY=VAL   a game option, repeatable (-o fifty=off)
  -p POSITION  the position string (default: the start position)
  --json       one object per move: {"move": M, "position": the position after M}
  --format F   write positions in another format (tablut: server-json)
`,
}

func runMoves(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := movesCmd
	var gf gameFlags
	fs := newFlagSet(c)
	gf.register(fs)
	g, code, quit := gf.start(c, fs, args, stdout, stderr)
	if quit {
		return code
	}
	for _, s := range rules.MoveTexts(g) {
		if !gf.json {
			fmt.Fprintln(stdout, s)
			continue
		}
		m, err := g.ParseMove(s)
		if err != nil {
			return fail(stderr, c.Name, fmt.Errorf("internal error: legal move %q does not parse: %v", s, err))
		}
		g.Play(m)
		pos, _ := formatPosition(g, gf.format)
		g.Unplay()
		writeJSON(stdout, struct {
			Move     string `json:"move"`
			Position string `json:"position"`
		}{s, pos})
	}
	return ExitOK
}
