package batch

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"boardrepl/rules"
	"boardrepl/rules/ataxx"
	"boardrepl/rules/engine"
	"boardrepl/rules/record"
	"boardrepl/rules/record/pgn"
)

// pgnStream is match --pgn: every game appended to one file, in game order
// as the games finish, in the game's record format: PGN for Ataxx (as
// rules/record/pgn exports it, the way cutechess and cuteataxx write it),
// boardrepl records for the others. A game is one write on a file opened
// for appending, so that the file can be followed while the match runs;
// it is the one file boardrepl appends to instead of replacing.
type pgnStream struct {
	f    *os.File
	date string
}

func openPGN(name string) (*pgnStream, error) {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	return &pgnStream{f: f, date: time.Now().Format("2006.01.02")}, nil
}

func (s *pgnStream) write(cfg engine.MatchConfig, g rules.Game, r engine.GameResult) error {
	text, err := gameText(cfg, g, r, s.date)
	if err != nil {
		return err
	}
	if _, err := s.f.WriteString(text + "\n"); err != nil {
		return fmt.Errorf("--pgn %s: %v", s.f.Name(), err)
	}
	return nil
}

func (s *pgnStream) Close() error { return s.f.Close() }

// pgnTermination is the PGN Termination of an ending, as cutechess writes
// it.
var pgnTermination = [...]string{engine.EndRules: "normal", engine.EndMoveCap: "adjudication", engine.EndResign: "adjudication",
	engine.EndDraw: "adjudication", engine.EndTime: "time forfeit"}

// gameText is one game of the stream: the record of --record (matchRecord)
// with Event, Site, Date, PlyCount and TimeControl (cutechess's "40/60+0.5",
// "0.1/move"; "-" without a clock), and each move's comment (evalComment).
// In Ataxx PGN the Termination is PGN's (normal, adjudication, time
// forfeit), and cuteataxx's FinalFEN, Adjudicated (the reason of an
// adjudication or a loss on time), Winner and Loser tags follow.
func gameText(cfg engine.MatchConfig, g rules.Game, r engine.GameResult, date string) (string, error) {
	rec, err := matchRecord(cfg, g, r)
	if err != nil {
		return "", err
	}
	rec.Set("Event", "boardrepl match")
	rec.Set("Site", "boardrepl")
	rec.Set(record.TagDate, date)
	tc := cfg.TC.Clock()
	if tc == "" {
		tc = "-"
	}
	for i, e := range r.Evals {
		if c := evalComment(e); c != "" && i < len(rec.Moves) {
			rec.Moves[i].After = []string{c}
		}
	}
	var text string
	var extra []record.Tag
	if cfg.Info == ataxx.Info {
		rec.Set(record.TagTermination, pgnTermination[r.End])
		if text, err = pgn.Export(rec); err != nil {
			return "", fmt.Errorf("game %d: %v", r.Index+1, err)
		}
		// cuteataxx's tags after PlyCount: FinalFEN, Adjudicated (its
		// reason), Winner and Loser.
		extra = append(extra, record.Tag{Name: "TimeControl", Value: tc}, record.Tag{Name: "FinalFEN", Value: r.Final})
		if r.End != engine.EndRules {
			extra = append(extra, record.Tag{Name: "Adjudicated", Value: r.Reason})
		}
		if r.Winner != 0 {
			names := [3]string{"", cfg.P1, cfg.P2}
			extra = append(extra, record.Tag{Name: "Winner", Value: names[r.Winner]}, record.Tag{Name: "Loser", Value: names[3-r.Winner]})
		}
	} else {
		rec.Set("PlyCount", strconv.Itoa(len(r.Moves)))
		rec.Set("TimeControl", tc)
		rec.SortTags()
		text = rec.Format()
	}
	return withTags(text, extra), nil
}

// evalComment is a move's comment as cutechess writes it (its
// evalString): the mover's score in pawns ("+0.85", "-1.20"; a proven end
// "+M5", "-M4": plies), "/depth", then the time the move took with fewer
// decimals the longer it was ("0.012s", "0.12s", "1.2s", "12s"); "book"
// for a book move; nothing when the player reported no score (random,
// mcts, an opening ply, a forced pass).
func evalComment(e engine.MoveEval) string {
	switch {
	case !e.Moved || !e.Scored:
		return ""
	case e.Book:
		return "book"
	}
	var s string
	switch {
	case e.Mate > 0:
		s = fmt.Sprintf("+M%d", e.Mate)
	case e.Mate < 0:
		s = fmt.Sprintf("-M%d", -e.Mate)
	default:
		s = fmt.Sprintf("%.2f", float64(e.Score)/float64(rules.EvalUnit))
		if e.Score > 0 {
			s = "+" + s
		}
	}
	if e.Depth > 0 {
		s += "/" + strconv.Itoa(e.Depth) + " "
	}
	ms := e.Time.Milliseconds()
	if ms == 0 {
		return s + "0s"
	}
	prec := 0
	switch {
	case ms < 100:
		prec = 3
	case ms < 1000:
		prec = 2
	case ms < 10000:
		prec = 1
	}
	return s + strconv.FormatFloat(float64(ms)/1000, 'f', prec, 64) + "s"
}

// withTags adds tags to a record's text, after its own.
func withTags(text string, tags []record.Tag) string {
	if len(tags) == 0 {
		return text
	}
	head, moves, _ := strings.Cut(text, "\n\n")
	var b strings.Builder
	b.WriteString(head + "\n")
	for _, t := range tags {
		fmt.Fprintf(&b, "[%s %s]\n", t.Name, record.Quote(t.Value))
	}
	b.WriteString("\n" + moves)
	return b.String()
}
