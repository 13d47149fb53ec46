package tablutlog

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"boardrepl/internal/textfile"
	"boardrepl/rules"
	"boardrepl/rules/record"
	"boardrepl/rules/tablut"
)

// LogGame is a game read from a challenge server's game log.
type LogGame struct {
	Record *record.Record
	Game   rules.Game // the position at the end of the log
	Final  string     // the last state's turn
	// Refused lists the moves the server refused ("line 12: black b3-b5:
	// Mossa sopra una casella occupata").
	Refused []string
}

var (
	logHeader = regexp.MustCompile(`^\S+\.? \d{1,2}, \d{4},? \d{1,2}:\d{2}:\d{2}\b.*\S \S+$`)
	logLevel  = regexp.MustCompile(`^([^\s:]+): (.*)$`)
	logMove   = regexp.MustCompile(`^Turn: (\S+) Pawn from (\S*) to (\S*)$`)
)

// LogHeader reports whether line is the header of a log record ("Mar 04,
// 2024 10:02:11 AM CLASS METHOD"), as a challenge server's game log starts.
func LogHeader(line string) bool { return logHeader.MatchString(strings.TrimRight(line, "\r")) }

type logEntry struct {
	line   int
	header string
	level  string
	lines  []string // the message, continuation lines included
}

// IsLog reports whether a text that starts with head (its first lines, a
// few kilobytes) is a game log ReadLog reads: its first line that is not
// blank is a log header (the date, the class, the method) and the next one
// a "LEVEL: message" line. A record or a move list never starts so.
func IsLog(head []byte) bool {
	var lines []string
	for _, l := range strings.Split(string(head), "\n") {
		if l = strings.TrimRight(l, "\r"); strings.TrimSpace(l) != "" || len(lines) > 0 {
			lines = append(lines, l)
		}
		if len(lines) == 2 {
			return logHeader.MatchString(lines[0]) && logLevel.MatchString(lines[1])
		}
	}
	return false
}

// ReadRecord is ReadLog's record of the game.
func ReadRecord(in io.Reader) (*record.Record, error) {
	lg, err := ReadLog(in)
	if err != nil {
		return nil, err
	}
	return lg.Record, nil
}

// ReadLog reads a game log written by the challenge server (or by
// boardrepl's tablut-server) into a game record, replaying every move under
// boardrepl's Ashton rules and checking each board the log shows against the
// replay. Refused moves are not part of the game; they are listed.
//
// What it reads: the "Players:" line (the names, "Players:\tW\tvs\tB" as the
// server writes it since 2019 or "Players:\tWhite:\tW\tvs\tB" as before), each "Turn: W Pawn from e3
// to h3" (a move; accepted when "Movimento pedina" follows, refused when a
// warning comes first), and each "Stato:" (the board, rank 1 first, "-" and
// the turn). The first state is the start; the last one's turn gives the
// result. Header lines in any locale are accepted (the level word and the
// month are not interpreted), Windows line ends too.
func ReadLog(in io.Reader) (*LogGame, error) {
	sc := bufio.NewScanner(textfile.NewReader(in))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var entries []*logEntry
	var cur *logEntry
	n := 0
	pendingHeader := ""
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if pendingHeader != "" {
			h := pendingHeader
			pendingHeader = ""
			if m := logLevel.FindStringSubmatch(line); m != nil {
				cur = &logEntry{line: n, header: h, level: m[1], lines: []string{m[2]}}
				entries = append(entries, cur)
				continue
			}
		}
		if logHeader.MatchString(line) {
			pendingHeader = line
			cur = nil
			continue
		}
		if cur != nil {
			cur.lines = append(cur.lines, strings.TrimSpace(line))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("no log records: this is not a challenge server game log")
	}

	lg := &LogGame{Record: &record.Record{}}
	rec := lg.Record
	rec.Set(record.TagGame, tablut.Info.ID)
	if f := strings.Fields(entries[0].header); len(f) >= 7 {
		// English locale: "Jan 15, 2024 3:10:55 PM CLASS METHOD".
		if t, err := time.Parse("Jan 2, 2006 3:04:05 PM", strings.Join(f[:len(f)-2], " ")); err == nil {
			rec.Set(record.TagDate, t.Format("2006.01.02"))
		}
	}
	var (
		g        rules.Game
		last     *State
		pending  *logEntry // the last move read, until its fate is known
		from, to string
		accepted bool
		refusal  string
		lastRef  string
		term     string
	)
	playPending := func() error {
		if pending == nil || !accepted {
			return nil
		}
		p := pending
		pending = nil
		if g == nil {
			return fmt.Errorf("line %d: a move before the first state", p.line)
		}
		m, err := g.ParseMove(strings.ToLower(from) + "-" + strings.ToLower(to))
		if err != nil {
			return fmt.Errorf("line %d: move %s-%s: %v", p.line, from, to, err)
		}
		rec.AddMoves(g.FormatMove(m))
		rec.Moves[len(rec.Moves)-1].Line = p.line
		g.Play(m)
		return nil
	}
	for _, e := range entries {
		msg := e.lines[0]
		switch {
		case strings.HasPrefix(msg, "Players:"):
			// "Players:\tW\tvs\tB" since 2019, "Players:\tWhite:\tW\tvs\tB"
			// before.
			f := strings.Split(msg, "\t")
			if len(f) == 5 && f[1] == "White:" {
				f = append(f[:1], f[2:]...)
			}
			if len(f) == 4 && f[2] == "vs" {
				rec.Set("White", record.OrUnknown(f[1]))
				rec.Set("Black", record.OrUnknown(f[3]))
			}
		case logMove.MatchString(msg):
			if g == nil {
				return nil, fmt.Errorf("line %d: a move before the first state", e.line)
			}
			if pending != nil && !accepted {
				if refusal != "" {
					lastRef = fmt.Sprintf("line %d: %s %s-%s: %s", pending.line, g.SideName(g.SideToMove()), from, to, refusal)
					lg.Refused = append(lg.Refused, lastRef)
					pending = nil
				} else {
					// A move with no verdict (an older server that logs
					// nothing else): it was played.
					accepted = true
				}
			}
			if err := playPending(); err != nil {
				return nil, err
			}
			m := logMove.FindStringSubmatch(msg)
			pending, from, to, accepted, refusal = e, m[2], m[3], false, ""
		case msg == "Movimento pedina":
			if pending != nil && refusal == "" {
				accepted = true
			}
		case strings.HasPrefix(msg, "Timeout! Player "):
			term = "timeout"
		case msg == "Stato:" || strings.HasPrefix(msg, "Stato: "):
			lines := e.lines[1:]
			if strings.HasPrefix(msg, "Stato: ") {
				lines = append([]string{strings.TrimPrefix(msg, "Stato: ")}, lines...)
			}
			st, err := parseLogState(lines)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", e.line, err)
			}
			if g == nil {
				js, _ := jsonOf(st)
				sg, err := tablut.Info.Parse(nil, js)
				if err != nil {
					return nil, fmt.Errorf("line %d: the start: %v", e.line, err)
				}
				g = sg
				if p := g.Position(); p != tablut.StartPosition {
					rec.Set(record.TagPosition, p)
				}
				last = st
				continue
			}
			if pending != nil && !accepted && refusal == "" && !st.SameBoard(last) {
				accepted = true // no verdict logged, but the board changed
			}
			if pending != nil && !accepted {
				lastRef = fmt.Sprintf("line %d: %s %s-%s: %s", pending.line, g.SideName(g.SideToMove()), from, to, refusal)
				lg.Refused = append(lg.Refused, lastRef)
				pending = nil
			}
			if err := playPending(); err != nil {
				return nil, err
			}
			ours, _ := StateOf(g)
			if !ours.SameBoard(st) {
				return nil, fmt.Errorf("line %d: the board in the log differs from the replay after %d moves:\nlog:\n%s\nreplay:\n%s", e.line, len(rec.Moves), StateText(st), StateText(ours))
			}
			last = st
		default:
			if pending != nil && !accepted && refusal == "" && e.level != lg0(entries).level {
				refusal = msg
			}
		}
	}
	if pending != nil && refusal == "" {
		accepted = true
	}
	if err := playPending(); err != nil {
		return nil, err
	}
	if g == nil {
		return nil, fmt.Errorf("no state in the log: this is not a challenge server game log")
	}
	lg.Game = g
	lg.Final = last.Turn
	tok := ResultOfTurn(last.Turn)
	rec.Set(record.TagResult, tok)
	rec.Result = tok
	r := g.Result()
	switch {
	case !last.Final():
		if term == "timeout" {
			rec.Set(record.TagTermination, fmt.Sprintf("unfinished (%s ran out of time)", g.SideName(g.SideToMove())))
		} else {
			rec.Set(record.TagTermination, "unfinished (the log ends)")
		}
	case r.Over() && record.ResultToken(true, r.Winner) == tok:
		rec.Set(record.TagTermination, rules.FormatResult(g, r))
	case lastRef != "":
		rec.Set(record.TagTermination, fmt.Sprintf("%s (refused move, %s)", map[string]string{TurnWhiteWin: "white wins", TurnBlackWin: "black wins", TurnDraw: "draw"}[last.Turn], lastRef[strings.Index(lastRef, ": ")+2:]))
	case term == "timeout":
		rec.Set(record.TagTermination, fmt.Sprintf("%s (time-out)", map[string]string{TurnWhiteWin: "white wins", TurnBlackWin: "black wins", TurnDraw: "draw"}[last.Turn]))
	default:
		rec.Set(record.TagTermination, map[string]string{TurnWhiteWin: "white wins", TurnBlackWin: "black wins", TurnDraw: "draw"}[last.Turn]+" (the server's verdict)")
	}
	return lg, nil
}

// lg0 is the first entry: its level is the ordinary one (FINE, BUONO...), so
// an entry of another level is a warning.
func lg0(entries []*logEntry) *logEntry { return entries[0] }

// parseLogState reads the board lines, "-" and the turn of a logged state.
func parseLogState(lines []string) (*State, error) {
	if len(lines) < 11 {
		return nil, fmt.Errorf("a state needs 9 rows, '-' and the turn; found %d lines", len(lines))
	}
	st := &State{}
	for i := 0; i < 9; i++ {
		row := lines[i]
		if len(row) != 9 {
			return nil, fmt.Errorf("state row %d %q: %d cells, want 9", i+1, row, len(row))
		}
		cells := make([]string, 9)
		for j := 0; j < 9; j++ {
			c, ok := letterCell[row[j]]
			if !ok {
				return nil, fmt.Errorf("state row %d %q: cell %q: want O, W, B, K or T", i+1, row, row[j])
			}
			cells[j] = c
		}
		st.Board = append(st.Board, cells)
	}
	if lines[9] != "-" {
		return nil, fmt.Errorf("state: %q after the rows, want '-'", lines[9])
	}
	t, ok := letterTurns[lines[10]]
	if !ok {
		return nil, fmt.Errorf("state: turn %q: want W, B, WW, BW or D", lines[10])
	}
	st.Turn = t
	return st, nil
}

func jsonOf(st *State) (string, error) {
	var b strings.Builder
	b.WriteString(`{"board":[`)
	for i, row := range st.Board {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`["` + strings.Join(row, `","`) + `"]`)
	}
	b.WriteString(`],"turn":"` + st.Turn + `"}`)
	return b.String(), nil
}
