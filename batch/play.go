package batch

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"boardrepl/internal/textfile"
	"boardrepl/rules"
	"boardrepl/rules/line"
)

var playCmd = &Command{
	Name:    "play",
	Summary: "play a list of moves read from stdin and print the outcome",
	Usage: `usage: boardrepl play -g GAME [-o KEY=VALUE]... [-p POSITION] [--json] [--format F] < MOVES

Reads moves from stdin, separated by spaces or newlines; '#' starts a comment
that runs to the end of the line. Plays them from the start position (or -p)
and prints the final position string and a result line:
  result: red wins 29-20 (no moves left for either side)
  result: ongoing
A forced pass may be written or left out: when the side to move has only the
pass, it is played automatically and reported on stderr. A Tablut move may
also be given as the challenge server's JSON, {"from":"e3","to":"h3"}.

An illegal move stops the run: the position and result reached so far are
printed, the error goes to stderr as  line L: move "X": reason  and the exit
status is 1.

  --json      one object per ply: {"ply","side","move","position","captured",
              "forced","result"}, then a final {"final":true,"position","plies","result"}
  --format F  write positions in another format (tablut: server-json)
`,
}

// token is one move read from the input, with its line number.
type token struct {
	text string
	line int
}

// tokenize splits move lists: whitespace separates moves, '#' starts a
// comment, and a '{...}' JSON object is one token even when it holds spaces.
func tokenize(r io.Reader) ([]token, error) {
	var out []token
	err := scanTokens(r, func(t token) bool { out = append(out, t); return true })
	return out, err
}

// scanTokens reads move tokens as tokenize splits them and hands each to fn
// as soon as its line is read, until fn returns false: nothing but the
// current line is held.
func scanTokens(r io.Reader, fn func(token) bool) error {
	sc := bufio.NewScanner(textfile.NewReader(r))
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		for len(text) > 0 {
			text = strings.TrimLeft(text, " \t\r\f\v")
			if text == "" {
				break
			}
			end := strings.IndexAny(text, " \t\r\f\v")
			if text[0] == '{' {
				if j := strings.IndexByte(text, '}'); j >= 0 {
					end = j + 1
				} else {
					end = -1
				}
			}
			if end < 0 {
				end = len(text)
			}
			if !fn(token{text[:end], line}) {
				return nil
			}
			text = text[end:]
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("line %d: reading moves: %v", line+1, err)
	}
	return nil
}

// rebaseEvery is how many plies play keeps in its line before it forgets
// them (the game keeps what its rules need, such as repetitions).
const rebaseEvery = 4096

type plyJSON struct {
	Ply      int        `json:"ply"`
	Side     string     `json:"side"`
	Move     string     `json:"move"`
	Position string     `json:"position"`
	Captured []string   `json:"captured"`
	Forced   bool       `json:"forced,omitempty"`
	Result   resultJSON `json:"result"`
}

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := playCmd
	var gf gameFlags
	fs := newFlagSet(c)
	gf.register(fs)
	g, code, quit := gf.start(c, fs, args, stdout, stderr)
	if quit {
		return code
	}
	// The moves are a written line (rules/line): a forced pass may be
	// written or left out; the line plays it after the move before it.
	// They are played as they are read, and the line forgets its plies now
	// and then (base counts them), so a long game takes no more memory
	// than the game's own history.
	l := line.FromGame(g)
	base := 0
	l.Observe(func(p line.Ply) {
		g := l.Game()
		side := g.SideName(p.Side)
		if p.Forced {
			fmt.Fprintf(stderr, "ply %d: %s has no legal move and passes (%s)\n", base+l.Cursor(), side, p.Text)
		}
		if gf.json {
			pos, _ := formatPosition(g, gf.format)
			capt := g.LastCaptured()
			if capt == nil {
				capt = []string{}
			}
			writeJSON(stdout, plyJSON{Ply: base + l.Cursor(), Side: side, Move: p.Text, Position: pos,
				Captured: capt, Forced: p.Forced, Result: resultOf(g)})
		}
	})

	status := ExitOK
	var moveErr error
	readErr := scanTokens(stdin, func(t token) bool {
		if r := g.Result(); r.Over() {
			moveErr = fmt.Errorf("line %d: move %q: the game is over (%s)", t.line, t.text, rules.FormatResult(g, r))
			return false
		}
		if _, err := l.PlayWritten(t.text); err != nil {
			moveErr = fmt.Errorf("line %d: move %q: %v", t.line, t.text, err)
			return false
		}
		// A written pass right after a forced one is that pass: the line
		// must still know the forced one, so it is kept until a move.
		if last, ok := l.Last(); ok && !last.Forced && l.Cursor() >= rebaseEvery {
			base += l.Cursor()
			l.Rebase()
		}
		return true
	})
	if moveErr == nil && readErr == nil {
		l.PassForced() // a start where the side to move must pass, and no moves
	}
	pos, _ := formatPosition(g, gf.format)
	if gf.json {
		writeJSON(stdout, struct {
			Final    bool       `json:"final"`
			Position string     `json:"position"`
			Plies    int        `json:"plies"`
			Result   resultJSON `json:"result"`
		}{true, pos, g.Ply(), resultOf(g)})
	} else {
		fmt.Fprintln(stdout, pos)
		fmt.Fprintf(stdout, "result: %s\n", rules.FormatResult(g, g.Result()))
	}
	if moveErr != nil {
		fmt.Fprintf(stderr, "boardrepl play: %v\n", moveErr)
		status = ExitFail
	}
	if readErr != nil {
		fmt.Fprintf(stderr, "boardrepl play: %v\n", readErr)
		status = ExitFail
	}
	return status
}
