package batch

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/ataxx"
	"boardrepl/rules/line"
	"boardrepl/rules/oware"
	"boardrepl/rules/record"
	"boardrepl/rules/record/native"
	"boardrepl/rules/record/ogn"
)

var playCmd = &Command{
	Name:    "play",
	Summary: "play moves or game records read from stdin and print the outcome",
	Usage: `usage: boardrepl play [-g GAME] [-o KEY=VALUE]... [-p POSITION] [--json] [--format F] < MOVES

Reads moves from stdin, separated by spaces or newlines, and plays them from
the start position (or -p); then prints the final position string and a
result line:
  result: red wins 29-20 (no moves left for either side)
  result: ongoing
The moves may be written as records write them (see docs/files.md): move
numbers (1. e3-h3 e2-f2 2. ...), comments ({...}, or ';' and '#' to the end
of the line), glyphs and NAGs (e3? $2) and variations ((...): read, not
played) are skipped, and a result (1-0, 0-1, 1/2-1/2, *) ends a record. A
whole record (or a PGN game) plays from its own start: its Game (or
Variant), Options and Position (or FEN) tags; -g may then be left out, and
a Game tag that is not -g is an error naming both; an OGN game (South and
North tags) is read in OGN's letters. A stream of several
records plays each in turn and prints each one's position and result. A
result the moves contradict is an error; one they do not reach, with
nothing saying why, a warning on stderr.

A forced pass may be written or left out: when the side to move has only the
pass, it is played automatically and reported on stderr. A Tablut move may
also be given as the challenge server's JSON, {"from":"e3","to":"h3"}.

An illegal move stops the run: the position and result reached so far are
printed, the error goes to stderr as  line L: move "X": reason  and the exit
status is 1; so does malformed input (line L, column C: what was expected).

  --json      one object per ply: {"ply","side","move","position","captured",
              "forced","result"}, then a final {"final":true,"position","plies",
              "result","game"} for each record ("game" counts them from 1)
  --format F  write positions in another format (tablut: server-json)
`,
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
	help, err := parseFlags(c, fs, args, stdout)
	if err != nil {
		return fail(stderr, c.Name, err)
	}
	if help {
		return ExitOK
	}
	var g0 rules.Game // the game -g asks for
	if gf.game != "" {
		if g0, err = gf.open(c.Name, stderr); err != nil {
			return fail(stderr, c.Name, err)
		}
	}
	p := &player{gf: &gf, stdout: stdout, stderr: stderr}
	sc := record.NewScanner(stdin)
	var moveErr, readErr error
	var rec *playRecord // the record being played
	for moveErr == nil && readErr == nil {
		t, err := sc.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			readErr = err
			break
		}
		if rec == nil {
			rec = &playRecord{}
		}
		switch t.Kind {
		case record.KindTag:
			rec.tags = append(rec.tags, record.Tag{Name: t.Name, Value: t.Text})
			continue
		case record.KindEnd:
			if moveErr = p.start(rec, g0); moveErr == nil {
				moveErr = p.finish(rec)
			}
			if moveErr == nil {
				rec = nil
			}
			continue
		}
		switch t.Kind {
		case record.KindMove:
			if moveErr = p.start(rec, g0); moveErr == nil {
				moveErr = p.move(rec, t)
			}
		case record.KindComment:
			rec.commented = rec.moves > 0
		case record.KindResult:
			rec.result = t.Text
		}
	}
	if p.started == 0 && rec == nil && moveErr == nil && readErr == nil {
		// No record at all: the empty move list.
		rec = &playRecord{}
		if moveErr = p.start(rec, g0); moveErr == nil {
			moveErr = p.finish(rec)
		}
	}
	if moveErr == nil && readErr == nil {
		return ExitOK
	}
	var u usageError
	if errors.As(moveErr, &u) {
		return fail(stderr, c.Name, moveErr)
	}
	switch {
	case rec != nil && rec.l != nil && !rec.printed:
		p.print(rec)
	case p.started == 0 && g0 != nil:
		p.print(&playRecord{l: line.FromGame(g0)})
	}
	if moveErr != nil {
		fmt.Fprintf(stderr, "boardrepl play: %v\n", moveErr)
	}
	if readErr != nil {
		fmt.Fprintf(stderr, "boardrepl play: %v\n", readErr)
	}
	return ExitFail
}

// player plays the records of a stream one after the other.
type player struct {
	gf             *gameFlags
	stdout, stderr io.Writer
	started        int // records started
}

// playRecord is a record being played: its tags (then its line), the
// moves played, its result.
type playRecord struct {
	tags      []record.Tag
	l         *line.Line
	base      int // plies forgotten by rebasing
	moves     int
	commented bool // a comment follows the last move
	result    string
	printed   bool
	index     int  // its number in the stream, from 1
	ogn       bool // an OGN game: moves in OGN's letters
}

func (pr *playRecord) record() *record.Record { return &record.Record{Tags: pr.tags} }

// start sets the record's game up, once its tags are read: its Game tag
// (else Variant, else -g), its Options tag with -o on top, its Position
// (or FEN) tag, else -p.
func (p *player) start(pr *playRecord, g0 rules.Game) error {
	if pr.l != nil {
		return nil
	}
	gf := *p.gf
	r := pr.record()
	id := r.Get(record.TagGame)
	if v := r.Get("Variant"); id == "" && v != "" {
		if _, err := rules.Lookup(v); err == nil {
			id = v
		}
	}
	g := g0
	if f := native.FormatOf(r, ""); f == native.AtaxxPGN && id == "" && g0 == nil {
		id = ataxx.Info.ID // a PGN game with a FEN tag and no Variant, as cuteataxx writes them
	} else if f == native.OGN {
		// An OGN game (rules/record/ogn): its own pit letters, as Aualé
		// writes them, and its endings.
		id, pr.ogn = oware.Info.ID, true
		if c, _, err := ogn.ImportRecord(r); err == nil {
			pr.tags = append(pr.tags, record.Tag{Name: record.TagOptions, Value: c.Get(record.TagOptions)})
			r = pr.record()
		}
	}
	if len(pr.tags) > 0 {
		if id != "" {
			info, err := rules.Lookup(id)
			if err != nil {
				return fmt.Errorf("the record's Game tag: %v", err)
			}
			if g0 != nil && info != g0.Info() {
				return fmt.Errorf("the record is a game of %s (its Game tag), not of %s (-g)", info.ID, g0.Info().ID)
			}
			gf.game = info.ID
		}
		if o := r.Get(record.TagOptions); o != "" {
			gf.opts = append(strings.Fields(o), gf.opts...)
		}
		pos := r.Get(record.TagPosition)
		if pos == "" && r.Get("FEN") != "startpos" {
			pos = r.Get("FEN")
		}
		if pos != "" {
			if gf.position != "" && gf.position != pos {
				return fmt.Errorf("the record starts from %q (its Position tag), not from %q (-p)", pos, gf.position)
			}
			gf.position = pos
		}
		g = nil
	}
	if g == nil {
		if gf.game == "" {
			return usagef("missing -g GAME: the record has no Game tag (games: %s)", strings.Join(gameIDs(), ", "))
		}
		var err error
		if g, err = gf.open(playCmd.Name, p.stderr); err != nil {
			return fmt.Errorf("the record's tags: %v", err) // bad input, not bad usage
		}
	} else {
		g = g0.Clone()
	}
	// The moves are a written line (rules/line): a forced pass may be
	// written or left out; the line plays it after the move before it.
	// They are played as they are read, and the line forgets its plies now
	// and then (base counts them), so a long game takes no more memory
	// than the game's own history.
	l := line.FromGame(g)
	pr.l = l
	p.started++
	pr.index = p.started
	l.Observe(func(ply line.Ply) {
		g := l.Game()
		side := g.SideName(ply.Side)
		if ply.Forced {
			fmt.Fprintf(p.stderr, "ply %d: %s has no legal move and passes (%s)\n", pr.base+l.Cursor(), side, ply.Text)
		}
		if p.gf.json {
			pos, _ := formatPosition(g, p.gf.format)
			capt := g.LastCaptured()
			if capt == nil {
				capt = []string{}
			}
			writeJSON(p.stdout, plyJSON{Ply: pr.base + l.Cursor(), Side: side, Move: ply.Text, Position: pos,
				Captured: capt, Forced: ply.Forced, Result: resultOf(g)})
		}
	})
	return nil
}

// move plays a move of the record.
func (p *player) move(pr *playRecord, t record.Token) error {
	l := pr.l
	g := l.Game()
	text := t.Text
	if pr.ogn {
		// OGN's letters; the capture counts are checked by convert.
		pit, _, _ := strings.Cut(text, "+")
		if b, ok := ogn.FromOGN(pit); ok {
			text = b
		}
	}
	if r := g.Result(); r.Over() {
		// The pass written out for a forced pass that ended the game (in
		// Ataxx the pass can bring the halfmove clock to 100: cuteataxx
		// writes it) is that pass; any other move comes after the end.
		if played, err := l.PlayWritten(text); err != nil || len(played) > 0 {
			return fmt.Errorf("line %d: move %q: the game is over (%s)", t.Line, t.Text, rules.FormatResult(g, r))
		}
	} else if _, err := l.PlayWritten(text); err != nil {
		return fmt.Errorf("line %d: move %q: %v", t.Line, t.Text, err)
	}
	pr.moves++
	pr.commented = false
	// A written pass right after a forced one is that pass: the line
	// must still know the forced one, so it is kept until a move.
	if last, ok := l.Last(); ok && !last.Forced && l.Cursor() >= rebaseEvery {
		pr.base += l.Cursor()
		l.Rebase()
	}
	return nil
}

// finish prints the record's end and checks its result.
func (p *player) finish(pr *playRecord) error {
	pr.l.PassForced() // a start where the side to move must pass, and no moves
	p.print(pr)
	// What CheckResult reads: the tags, the result, whether a comment
	// follows the last move.
	r := pr.record()
	r.Result = pr.result
	if pr.commented {
		r.Moves = []record.Move{{Annotation: record.Annotation{After: []string{""}}}}
	}
	warn, err := line.CheckResult(r, pr.l)
	if warn != "" {
		fmt.Fprintf(p.stderr, "boardrepl play: warning: record %d: %s\n", pr.index, warn)
	}
	if err != nil {
		return fmt.Errorf("record %d: %v", pr.index, err)
	}
	return nil
}

// print writes the position and result reached.
func (p *player) print(pr *playRecord) {
	pr.printed = true
	g := pr.l.Game()
	pos, _ := formatPosition(g, p.gf.format)
	if p.gf.json {
		writeJSON(p.stdout, struct {
			Final    bool       `json:"final"`
			Position string     `json:"position"`
			Plies    int        `json:"plies"`
			Result   resultJSON `json:"result"`
			Game     int        `json:"game"`
		}{true, pos, g.Ply(), resultOf(g), max(pr.index, 1)})
		return
	}
	fmt.Fprintln(p.stdout, pos)
	fmt.Fprintf(p.stdout, "result: %s\n", rules.FormatResult(g, g.Result()))
}
