// Package pgn converts Ataxx games between boardrepl's records and the PGN
// that Ataxx match runners write (cutechess, cuteataxx): the seven-tag
// roster with Black for x (the side that moves first, libataxx's black) and
// White for o, the start in a FEN tag, moves as in UAI (f2, g1e3, 0000 for a
// pass), "1-0" when x wins, as cuteataxx writes it, comments in braces.
//
//	[Event "?"]
//	[Site "?"]
//	[Date "2024.03.04"]
//	[Round "1"]
//	[Black "engineA"]
//	[White "engineB"]
//	[Result "1-0"]
//	[FEN "x5o/7/7/7/7/7/o5x x 0 1"]
//	[SetUp "1"]
//	[Variant "ataxx"]
//	[PlyCount "57"]
//
//	1. f2 {+0.85/6 0.1s} b6 2. g1e3 ...
package pgn

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/ataxx"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
)

// Import reads every game of an Ataxx PGN text into boardrepl records
// (ImportRecord).
func Import(text string) ([]*record.Record, error) {
	var out []*record.Record
	sc := record.NewScanner(strings.NewReader(text))
	for i := 1; ; i++ {
		p, err := sc.ReadRecord()
		if errors.Is(err, io.EOF) {
			break
		}
		if err == nil {
			p, _, err = ImportRecord(p)
		}
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", i, err)
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no game in the PGN")
	}
	return out, nil
}

// ImportRecord turns one game of an Ataxx PGN, as record.Scanner read it,
// into a boardrepl record (Game "ataxx", Red for Black, Blue for White,
// Position for a FEN that is not the start), replaying it to check its
// moves (forced passes may be written, 0000, or left out) and its result
// (line.CheckResult: an error, or the warning it returns). The moves'
// annotations and the game's comments are kept.
func ImportRecord(p *record.Record) (*record.Record, string, error) {
	if v := p.Get("Variant"); v != "" && !strings.EqualFold(v, "ataxx") {
		return nil, "", fmt.Errorf("variant %q: not Ataxx", v)
	}
	r := &record.Record{Line: p.Line, Comments: p.Comments}
	r.Set(record.TagGame, ataxx.Info.ID)
	if o := p.Get(record.TagOptions); o != "" {
		r.Set(record.TagOptions, o)
	}
	fen := p.Get("FEN")
	opts, err := ataxx.Info.ParseOptions(strings.Fields(p.Get(record.TagOptions)))
	if err != nil {
		return nil, "", err
	}
	if fen == "startpos" {
		fen = ""
	}
	// The game is replayed on a rules/line line: forced passes may be
	// written (0000) or left out.
	l, err := line.New(ataxx.Info, opts, fen)
	if err != nil {
		if u := errors.Unwrap(err); u != nil {
			err = u // line.New names the position; say FEN
		}
		return nil, "", fmt.Errorf("FEN %q: %v", fen, err)
	}
	if pos := l.Start(); pos != ataxx.StartPosition {
		r.Set(record.TagPosition, pos)
	}
	if d := p.Get("Date"); d != "" {
		// cuteataxx writes "2024-03-04 10:02"; PGN "2024.03.04".
		d, _, _ = strings.Cut(d, " ")
		r.Set(record.TagDate, strings.ReplaceAll(d, "-", "."))
	}
	r.Set("Red", record.OrUnknown(p.Get("Black")))
	r.Set("Blue", record.OrUnknown(p.Get("White")))
	for _, t := range p.Tags {
		switch t.Name {
		case "Black", "White", "FEN", "SetUp", "Variant", "PlyCount", "Date", "Result", "Options", "Termination", "Adjudicated", "FinalFEN", "Winner", "Loser", "Material":
		default:
			r.Set(t.Name, t.Value)
		}
	}
	if err := l.PlayMoves(p.Moves, 1); err != nil {
		return nil, "", err
	}
	warn, err := line.CheckResult(p, l)
	if err != nil {
		return nil, "", err
	}
	// The moves as written, in boardrepl's canonical text, with their
	// annotations and where they were written: a forced pass the PGN left
	// out (the only ply the line still marks forced) stays out.
	for i, m := range l.Record().Moves {
		if !l.At(i).Forced {
			j := len(r.Moves)
			m.Line, m.Col = p.Moves[j].Line, p.Moves[j].Col
			r.Moves = append(r.Moves, m)
		}
	}
	g := l.Game()
	res := p.ResultText()
	r.Set(record.TagResult, res)
	r.Result = res
	term := p.Get("Termination")
	if a := p.Get("Adjudicated"); a != "" {
		term = a
	}
	if gr := g.Result(); gr.Over() && record.ResultToken(true, gr.Winner) == res && (term == "" || term == "normal") {
		term = rules.FormatResult(g, gr)
	}
	if term != "" {
		r.Set(record.TagTermination, term)
	}
	return r, warn, nil
}

// Export writes a boardrepl Ataxx record as cutechess-style PGN, replaying
// it to check the moves and to count the plies.
func Export(r *record.Record) (string, error) {
	if id := r.Get(record.TagGame); id != "" {
		in, err := rules.Lookup(id)
		if err != nil {
			return "", err
		}
		if in != ataxx.Info {
			return "", fmt.Errorf("game %q: Ataxx PGN holds Ataxx games only", id)
		}
	}
	opts, err := ataxx.Info.ParseOptions(strings.Fields(r.Get(record.TagOptions)))
	if err != nil {
		return "", err
	}
	l, err := line.New(ataxx.Info, opts, r.Get(record.TagPosition))
	if err != nil {
		return "", err
	}
	start := l.Start()
	firstSide := l.Game().SideToMove()
	if err := l.PlayMoves(r.Moves, 1); err != nil {
		return "", err
	}
	moves := l.Record().Moves
	res := r.ResultText()
	get := func(name string) string { return record.OrUnknown(r.Get(name)) }
	var b strings.Builder
	tag := func(name, value string) { fmt.Fprintf(&b, "[%s %s]\n", name, record.Quote(value)) }
	tag("Event", get("Event"))
	tag("Site", get("Site"))
	date := r.Get(record.TagDate)
	if date == "" {
		date = "????.??.??"
	}
	tag("Date", date)
	tag("Round", get("Round"))
	tag("Black", get("Red"))
	tag("White", get("Blue"))
	tag("Result", res)
	tag("FEN", start)
	tag("SetUp", "1")
	tag("Variant", "ataxx")
	if o := r.Get(record.TagOptions); o != "" {
		tag("Options", o)
	}
	tag("PlyCount", strconv.Itoa(len(moves)))
	if t := r.Get(record.TagTermination); t != "" {
		tag("Termination", t)
	}
	for _, t := range r.Tags {
		switch t.Name {
		case "Annotator":
			tag(t.Name, t.Value)
		}
	}
	b.WriteByte('\n')
	record.WriteWords(&b, record.Movetext(r.Comments, moves, 1, firstSide == 1, res))
	return b.String(), nil
}
