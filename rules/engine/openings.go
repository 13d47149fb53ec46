package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
	"boardrepl/rules/splitmix"
)

// OpeningSpec is a book of openings a match plays from (cutechess's
// -openings): "FILE" or "file=FILE [format=F] [order=O] [plies=N]
// [start=N]", the settings separated by spaces.
type OpeningSpec struct {
	File string
	// Format is how the file is read: "fen" (a position string a line),
	// "epd" (the same, EPD operations after the position ignored),
	// "moves" (a move list a line, from the match's start), "pgn" (game
	// records, PGN or boardrepl's: their start and moves), or "" (a line
	// is a position string when it reads as one, else a move list).
	Format string
	Random bool // order=random: the openings shuffled by the match seed; else in the file's order
	Plies  int  // at most this many plies of an opening's moves (0: all)
	Start  int  // the first opening to play, from 1 (0 means 1)
}

// openingFormats are the formats an OpeningSpec may name.
var openingFormats = []string{"fen", "epd", "moves", "pgn"}

// ParseOpeningSpec reads an --openings value (see OpeningSpec).
func ParseOpeningSpec(s string) (OpeningSpec, error) {
	var o OpeningSpec
	words := strings.Fields(s)
	if len(words) > 0 && !strings.Contains(words[0], "=") {
		o.File, words = words[0], words[1:]
	}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok || v == "" {
			return o, fmt.Errorf("%q is not KEY=VALUE (want file=FILE [format=fen|epd|moves|pgn] [order=random|sequential] [plies=N] [start=N])", w)
		}
		switch k {
		case "file":
			o.File = v
		case "format":
			if !slices.Contains(openingFormats, v) {
				return o, fmt.Errorf("format=%s: want %s", v, strings.Join(openingFormats, ", "))
			}
			o.Format = v
		case "order":
			if v != "random" && v != "sequential" {
				return o, fmt.Errorf("order=%s: want random or sequential", v)
			}
			o.Random = v == "random"
		case "plies", "start":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return o, fmt.Errorf("%s=%s: want a whole number >= 1", k, v)
			}
			if k == "plies" {
				o.Plies = n
			} else {
				o.Start = n
			}
		case "policy":
			// cutechess's policy shifts openings between encounters; a
			// match is one encounter.
			return o, fmt.Errorf("policy=%s: a match is one encounter of two players, each opening played once with each colour", v)
		default:
			return o, fmt.Errorf("unknown setting %q (settings: file, format, order, plies, start)", k)
		}
	}
	if o.File == "" {
		return o, fmt.Errorf("no file (want FILE or file=FILE)")
	}
	return o, nil
}

// Opening is one opening of a book.
type Opening struct {
	Line     int      // where it is in the file, from 1
	Position string   // the position it starts from ("" for the match's own start)
	Moves    []string // the plies played from there before the players move
}

// Openings is a book of openings read from a file.
type Openings struct {
	Spec OpeningSpec
	List []Opening
	// perm is the order of a random book for the seed permSeed.
	perm     []int
	permSeed uint64
}

// LoadOpenings reads a book: text is the content of spec.File, the
// openings are of the game info with options opts, from the start base
// ("" the game's start) when they are move lists. A line that is not an
// opening is an error "FILE:LINE: why"; so is a start beyond the book.
func LoadOpenings(spec OpeningSpec, text string, info *rules.Info, opts []string, base string) (*Openings, error) {
	b := &Openings{Spec: spec}
	var err error
	if spec.Format == "pgn" {
		err = b.readRecords(text, info, opts, base)
	} else {
		err = b.readLines(text, info, opts, base)
	}
	if err != nil {
		return nil, err
	}
	if len(b.List) == 0 {
		return nil, fmt.Errorf("%s: no opening in the file", spec.File)
	}
	if spec.Start > len(b.List) {
		return nil, fmt.Errorf("%s: start=%d, but the file has %d openings", spec.File, spec.Start, len(b.List))
	}
	return b, nil
}

// readLines reads an opening a line; blank lines and lines starting with
// '#' are skipped.
func (b *Openings) readLines(text string, info *rules.Info, opts []string, base string) error {
	for i, ln := range strings.Split(text, "\n") {
		t := strings.TrimSpace(ln)
		if t == "" || t[0] == '#' {
			continue
		}
		op, err := b.readLine(t, info, opts, base)
		if err != nil {
			return fmt.Errorf("%s:%d: %v", b.Spec.File, i+1, err)
		}
		op.Line = i + 1
		b.List = append(b.List, op)
	}
	return nil
}

func (b *Openings) readLine(t string, info *rules.Info, opts []string, base string) (Opening, error) {
	switch b.Spec.Format {
	case "fen":
		return positionOpening(info, opts, t)
	case "epd":
		return epdOpening(info, opts, t)
	case "moves":
		return b.movesOpening(info, opts, base, t)
	}
	op, err := positionOpening(info, opts, t)
	if err == nil {
		return op, nil
	}
	op, merr := b.movesOpening(info, opts, base, t)
	if merr != nil {
		return op, fmt.Errorf("neither a position (%v) nor a move list (%v)", errors.Unwrap(err), merr)
	}
	return op, nil
}

// positionOpening reads a position string, which must leave a game to play.
func positionOpening(info *rules.Info, opts []string, pos string) (Opening, error) {
	l, err := line.NewPairs(info, opts, pos)
	if err != nil {
		return Opening{}, err
	}
	if l.Result().Over() {
		return Opening{}, fmt.Errorf("position %q: the game is over (%s)", pos, l.FormatResult())
	}
	return Opening{Position: l.Start()}, nil
}

// epdOpening reads an EPD line: the position, then operations ("bm f2;
// id \"x\";"): without a ';' the whole line is the position, with one the
// longest run of the fields before it that reads as a position.
func epdOpening(info *rules.Info, opts []string, t string) (Opening, error) {
	head, _, ops := strings.Cut(t, ";")
	if !ops {
		return positionOpening(info, opts, t)
	}
	f := strings.Fields(head)
	var err error
	for n := len(f); n >= 1; n-- {
		var op Opening
		if op, err = positionOpening(info, opts, strings.Join(f[:n], " ")); err == nil {
			return op, nil
		}
	}
	if err == nil {
		err = fmt.Errorf("no position before the operations")
	}
	return Opening{}, err
}

// movesOpening reads a move list (numbers, comments and a result allowed,
// as in a record) played from base.
func (b *Openings) movesOpening(info *rules.Info, opts []string, base, t string) (Opening, error) {
	r, err := record.Parse(t)
	if err != nil {
		return Opening{}, err
	}
	if len(r.Tags) > 0 {
		return Opening{}, fmt.Errorf("a tag in a move list (format=pgn reads records)")
	}
	l, err := line.NewPairs(info, opts, base)
	if err != nil {
		return Opening{}, err
	}
	op, err := b.movesOf(l, r.Moves)
	var me *line.MoveError
	if errors.As(err, &me) {
		// The line is the file's, not the move list's.
		err = fmt.Errorf("move %d %q: %v", me.Index, me.Move.Text, me.Err)
	}
	return op, err
}

// movesOf plays an opening's moves on l (at most Spec.Plies of them) and
// returns it; it must leave a game to play. A move that cannot be played is
// a *line.MoveError.
func (b *Openings) movesOf(l *line.Line, moves []record.Move) (Opening, error) {
	if err := l.PlayMoves(moves, 1); err != nil {
		return Opening{}, err
	}
	played := l.Played()
	if p := b.Spec.Plies; p > 0 && len(played) > p {
		played = played[:p]
		l.Goto(p)
	}
	if l.Result().Over() {
		return Opening{}, fmt.Errorf("the game is over after its moves (%s)", l.FormatResult())
	}
	return Opening{Moves: played}, nil
}

// readRecords reads game records (PGN, or boardrepl's records): each is an
// opening, from its start (its Position or FEN tag) with its moves.
func (b *Openings) readRecords(text string, info *rules.Info, opts []string, base string) error {
	recs, starts, err := record.ParseAll(text)
	var re *record.Error
	if errors.As(err, &re) {
		return fmt.Errorf("%s:%d: %s", b.Spec.File, re.Line, re.Msg)
	} else if err != nil {
		return fmt.Errorf("%s: %v", b.Spec.File, err)
	}
	baseLine, err := line.NewPairs(info, opts, base)
	if err != nil {
		return err
	}
	for i, r := range recs {
		where := fmt.Sprintf("%s:%d", b.Spec.File, starts[i])
		if id := r.Get(record.TagGame); id != "" {
			if in, err := rules.Lookup(id); err != nil || in != info {
				return fmt.Errorf("%s: a record of %s, not of %s", where, id, info.ID)
			}
		}
		if v := r.Get("Variant"); v != "" && !strings.EqualFold(v, info.ID) {
			return fmt.Errorf("%s: variant %q, not %s", where, v, info.ID)
		}
		moves := r.Moves
		r.Moves = nil
		l, err := line.Replay(r, baseLine)
		if err != nil {
			return fmt.Errorf("%s: %v", where, err)
		}
		op, err := b.movesOf(l, moves)
		var me *line.MoveError
		if errors.As(err, &me) && me.Move.Line > 0 {
			return fmt.Errorf("%s:%d: move %d %q: %v", b.Spec.File, me.Move.Line, me.Index, me.Move.Text, me.Err)
		} else if err != nil {
			return fmt.Errorf("%s: %v", where, err)
		}
		op.Line = starts[i]
		if l.Start() != baseLine.Start() {
			op.Position = l.Start()
		}
		b.List = append(b.List, op)
	}
	return nil
}

// Arrange fixes the order of a random book for the match seed (Pick then
// reads it without working it out again); Run calls it before the games.
func (b *Openings) Arrange(seed uint64) {
	b.perm, b.permSeed = b.order(seed), seed
}

// order is the book's order for a seed: the file's, or for order=random a
// shuffle (Fisher-Yates) by a PCG generator seeded from the match seed.
func (b *Openings) order(seed uint64) []int {
	p := make([]int, len(b.List))
	for i := range p {
		p[i] = i
	}
	if b.Spec.Random {
		rng := rand.New(rand.NewPCG(splitmix.Mix(seed^0x6f70656e696e6773), 0x626f6f6b))
		rng.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	}
	return p
}

// Pick returns the opening of pair k (games 2k and 2k+1, 0-based) of the
// match with the seed: the (start+k)-th of the book's order, cycling.
// The same seed and k always give the same opening.
func (b *Openings) Pick(k int, seed uint64) Opening {
	perm := b.perm
	if perm == nil || b.permSeed != seed {
		perm = b.order(seed)
	}
	return b.List[perm[(max(b.Spec.Start, 1)-1+k)%len(perm)]]
}

// Name says where an opening is: "FILE:LINE".
func (b *Openings) Name(op Opening) string { return fmt.Sprintf("%s:%d", b.Spec.File, op.Line) }
