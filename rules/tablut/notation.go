package tablut

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"boardrepl/rules"
)

// --- squares ---------------------------------------------------------------

// parseSquare reads "e5" (either case) as a square on the board.
func parseSquare(s string) (int, bool) {
	if len(s) != 2 {
		return 0, false
	}
	f := int(s[0]|0x20) - 'a'
	r := int(s[1]) - '1'
	if f < 0 || f >= size || r < 0 || r >= size {
		return 0, false
	}
	return sqOf(f, r), true
}

var pieceLetter = [4]byte{'.', 'W', 'B', 'K'}

// pieceOf reads a piece letter (W, B or K); anything else is empty.
func pieceOf(c byte) uint8 {
	switch c {
	case 'W':
		return whiteSoldier
	case 'B':
		return blackSoldier
	case 'K':
		return king
	}
	return empty
}

// --- position strings ------------------------------------------------------

// Position writes the canonical position string: ranks 9 to 1, then w or b.
func (g *Game) Position() string {
	var b strings.Builder
	for r := size - 1; r >= 0; r-- {
		run := 0
		for f := 0; f < size; f++ {
			p := g.board[sqOf(f, r)]
			if p == empty {
				run++
				continue
			}
			if run > 0 {
				b.WriteByte(byte('0' + run))
				run = 0
			}
			b.WriteByte(pieceLetter[p])
		}
		if run > 0 {
			b.WriteByte(byte('0' + run))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteByte("wb"[g.side])
	return b.String()
}

// parse reads a position string, or the server's JSON state when the text
// starts with '{'. It replaces the whole game (history cleared).
func (g *Game) parse(s string) error {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "{") {
		return g.parseServerJSON(s)
	}
	var board [nsq]uint8
	ranks, side, ok := strings.Cut(s, " ")
	if !ok {
		return fmt.Errorf("want 9 ranks separated by / then a space and the side to move (w or b)")
	}
	var sideNum uint8
	switch side {
	case "w":
		sideNum = white
	case "b":
		sideNum = black
	default:
		return fmt.Errorf("side to move %q (at character %d): want w or b", side, len(ranks)+2)
	}
	rows := strings.Split(ranks, "/")
	if len(rows) != size {
		return fmt.Errorf("board %q: %d ranks, want 9 separated by /", ranks, len(rows))
	}
	at := 1 // character position (1-based) of the current rank's start
	for i, row := range rows {
		rank := size - 1 - i
		f := 0
		prevDigit := false
		for j := 0; j < len(row); j++ {
			c := row[j]
			where := func(msg string, a ...any) error {
				return fmt.Errorf("rank %d (%q), character %d: %s", rank+1, row, at+j, fmt.Sprintf(msg, a...))
			}
			switch {
			case c >= '1' && c <= '9':
				if prevDigit {
					return where("two digits in a row")
				}
				f += int(c - '0')
				prevDigit = true
			case c == 'W' || c == 'B' || c == 'K':
				if f < size {
					board[sqOf(f, rank)] = pieceOf(c)
				}
				f++
				prevDigit = false
			default:
				return where("%q is not a piece: want W, B, K or a digit 1-9", string(c))
			}
			if f > size {
				return where("more than 9 squares")
			}
		}
		if f != size {
			return fmt.Errorf("rank %d (%q): %d squares, want 9", rank+1, row, f)
		}
		at += len(row) + 1
	}
	return g.setBoard(board, sideNum, endNone)
}

// setBoard installs a board after checking the invariants every position
// keeps, and clears the history.
func (g *Game) setBoard(board [nsq]uint8, side uint8, forced uint8) error {
	if err := g.r.checkBoard(&board); err != nil {
		return err
	}
	g.pos = pos{king: noSq, side: side}
	for sq, p := range board {
		if p != empty {
			g.put(sq, p)
			if p == king {
				g.king = uint8(sq)
			}
		}
	}
	if side == black {
		g.hash ^= zobristSide
	}
	g.stack = g.stack[:0]
	g.staticEnd()
	if forced != endNone && g.end == endNone {
		g.end = forced
	}
	return nil
}

// checkBoard refuses boards no game can reach in a way that matters to the
// rules: two kings, a soldier on the castle, a white piece on a camp.
func (r *ruleSet) checkBoard(board *[nsq]uint8) error {
	kings := 0
	first := 0
	for sq, p := range board {
		switch {
		case p == king:
			kings++
			if kings == 1 {
				first = sq
			} else {
				return fmt.Errorf("two kings (%s and %s): a position has at most one", sqName[first], sqName[sq])
			}
		case p != empty && sq == castle:
			return fmt.Errorf("%s on e5: only the king may stand on the %s", pieceName(p), r.castleWord)
		}
		if p != empty && ownerOf[p] == white && r.camp[sq] {
			return fmt.Errorf("%s on %s: white pieces never stand on a camp", pieceName(p), sqName[sq])
		}
	}
	return nil
}

func pieceName(p uint8) string {
	switch p {
	case whiteSoldier:
		return "a white soldier"
	case blackSoldier:
		return "a black soldier"
	case king:
		return "the king"
	}
	return "nothing"
}

// --- the challenge server's JSON state --------------------------------------

type serverState struct {
	Board [][]string `json:"board"`
	Turn  string     `json:"turn"`
}

func (g *Game) parseServerJSON(s string) error {
	var st serverState
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&st); err != nil {
		return fmt.Errorf("server state: %v", err)
	}
	if dec.More() {
		return fmt.Errorf("server state: text after the closing brace")
	}
	if len(st.Board) != size {
		return fmt.Errorf("server state: board has %d rows, want 9 (rank 1 first)", len(st.Board))
	}
	var board [nsq]uint8
	for i, row := range st.Board {
		if len(row) != size {
			return fmt.Errorf("server state: board row %d (rank %d) has %d cells, want 9", i, i+1, len(row))
		}
		for j, cell := range row {
			sq := sqOf(j, i)
			switch cell {
			case "EMPTY":
			case "WHITE":
				board[sq] = whiteSoldier
			case "BLACK":
				board[sq] = blackSoldier
			case "KING":
				board[sq] = king
			case "THRONE":
				if sq != castle {
					return fmt.Errorf("server state: THRONE on %s, but the castle is e5", sqName[sq])
				}
			default:
				return fmt.Errorf("server state: cell %s is %q: want EMPTY, WHITE, BLACK, KING or THRONE", sqName[sq], cell)
			}
		}
	}
	var side, forced uint8
	switch st.Turn {
	case "WHITE":
		side = white
	case "BLACK":
		side = black
	case "WHITEWIN":
		side, forced = black, endServerWhite
	case "BLACKWIN":
		side, forced = white, endServerBlack
	case "DRAW":
		side, forced = white, endServerDraw
	default:
		return fmt.Errorf("server state: turn %q: want WHITE, BLACK, WHITEWIN, BLACKWIN or DRAW", st.Turn)
	}
	return g.setBoard(board, side, forced)
}

// PositionFormats lists the other formats FormatPositionAs writes.
func (g *Game) PositionFormats() []string { return []string{"server-json"} }

// FormatPositionAs writes the position in another format: "server-json" is
// the challenge server's state, one line, rank 1 first. A finished game
// writes WHITEWIN, BLACKWIN or DRAW as the turn, and a captured king is
// shown where he was taken, as the server leaves him.
func (g *Game) FormatPositionAs(format string) (string, error) {
	if format != "server-json" {
		return "", fmt.Errorf("unknown position format %q (formats: server-json)", format)
	}
	var b bytes.Buffer
	b.WriteString(`{"board":[`)
	for r := 0; r < size; r++ {
		if r > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('[')
		for f := 0; f < size; f++ {
			if f > 0 {
				b.WriteByte(',')
			}
			sq := sqOf(f, r)
			cell := [4]string{"EMPTY", "WHITE", "BLACK", "KING"}[g.board[sq]]
			if sq == castle && g.board[sq] == empty {
				cell = "THRONE"
			}
			if g.end == endCaptured && g.endSq == uint8(sq) && g.board[sq] == empty {
				cell = "KING"
			}
			b.WriteString(`"` + cell + `"`)
		}
		b.WriteByte(']')
	}
	turn := [2]string{"WHITE", "BLACK"}[g.side]
	if res := g.Result(); res.Over() {
		switch {
		case res.Status == rules.Draw:
			turn = "DRAW"
		case res.Winner == white:
			turn = "WHITEWIN"
		default:
			turn = "BLACKWIN"
		}
	}
	b.WriteString(`],"turn":"` + turn + `"}`)
	return b.String(), nil
}

// --- moves -----------------------------------------------------------------

// FormatMove writes a move as from-to, e.g. e3-h3.
func (g *Game) FormatMove(m rules.Move) string {
	f, t := int(m&0xff), int(m>>8&0xff)
	if f >= nsq || t >= nsq {
		return "?"
	}
	return sqName[f] + "-" + sqName[t]
}

// MoveSquares names the squares a move starts and ends on.
func (g *Game) MoveSquares(m rules.Move) []string {
	f, t := int(m&0xff), int(m>>8&0xff)
	if f >= nsq || t >= nsq {
		return nil
	}
	return []string{sqName[f], sqName[t]}
}

// Server exception class names, as the challenge server's rule code throws
// them.
const (
	ThroneException          = "ThroneException"
	CitadelException         = "CitadelException"
	ClimbingException        = "ClimbingException"
	ClimbingCitadelException = "ClimbingCitadelException"
	DiagonalException        = "DiagonalException"
	OccupitedException       = "OccupitedException" // sic
	PawnException            = "PawnException"
	StopException            = "StopException"
	BoardException           = "BoardException"
	ActionException          = "ActionException"
)

// MoveError is the error ParseMove returns for a move it refuses. Class is
// the challenge server's exception class for the same refusal ("" when the
// server has none, e.g. a move after the end of the game); Msg says why in
// words.
type MoveError struct {
	Class string
	Msg   string
}

func (e *MoveError) Error() string { return e.Msg }

// ServerException maps a refusal returned by ParseMove to the challenge
// server's exception class name ("" if err is nil or has no equivalent).
func ServerException(err error) string {
	var me *MoveError
	if errors.As(err, &me) {
		return me.Class
	}
	return ""
}

func refuse(class, format string, a ...any) error {
	return &MoveError{Class: class, Msg: fmt.Sprintf(format, a...)}
}

type serverMove struct {
	From *string `json:"from"`
	To   *string `json:"to"`
	Turn *string `json:"turn"`
}

// ParseMove reads `e3-h3` (either case, spaces around trimmed; `e3h3` and
// `e3 h3` too) or the
// server's move JSON `{"from":"e3","to":"h3","turn":"WHITE"}` ("turn"
// optional) and checks it in the order the challenge server does, so the
// first rule broken is the one reported.
func (g *Game) ParseMove(s string) (rules.Move, error) {
	s = strings.TrimSpace(s)
	var from, to string
	if strings.HasPrefix(s, "{") {
		var sm serverMove
		dec := json.NewDecoder(strings.NewReader(s))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&sm); err != nil || dec.More() {
			return 0, refuse(ActionException, "cannot read the move JSON: want {\"from\":\"e3\",\"to\":\"h3\"}")
		}
		if sm.From == nil || sm.To == nil {
			return 0, refuse(ActionException, "the move JSON needs both \"from\" and \"to\"")
		}
		from, to = *sm.From, *sm.To
		if sm.Turn != nil {
			want := [2]string{"WHITE", "BLACK"}[g.side]
			switch strings.ToUpper(*sm.Turn) {
			case want, want[:1]:
			case "WHITE", "BLACK", "W", "B":
				if g.end == endNone {
					return 0, refuse(PawnException, "the move is for %s, but it is %s's turn",
						strings.ToLower(*sm.Turn), g.SideName(int(g.side)))
				}
			default:
				return 0, refuse(ActionException, "turn %q: want WHITE or BLACK", *sm.Turn)
			}
		}
	} else {
		var ok bool
		from, to, ok = splitMove(s)
		if !ok {
			return 0, refuse(ActionException, "cannot read the move: want from-to, like e3-h3 (e3h3 and e3 h3 are read too)")
		}
	}
	f, err := readSquare(from)
	if err != nil {
		return 0, err
	}
	t, err := readSquare(to)
	if err != nil {
		return 0, err
	}
	if res := g.Result(); res.Over() {
		return 0, refuse("", "game is over: %s", rules.FormatResult(g, res))
	}
	if err := g.check(f, t); err != nil {
		if me, ok := err.(*MoveError); ok && g.board[f] == empty && f != t {
			// The server's order of checks decides the exception class;
			// a person is told first that nothing stands where he moves from.
			return 0, refuse(me.Class, "there is no piece on %s", sqName[f])
		}
		return 0, err
	}
	return rules.Move(f | t<<8), nil
}

// splitMove cuts a move's text into its two squares: e3-h3, e3h3, e3 h3
// (spaces around the parts ignored).
func splitMove(s string) (from, to string, ok bool) {
	if from, to, ok = strings.Cut(s, "-"); ok {
		if strings.Contains(to, "-") {
			return "", "", false
		}
		return strings.TrimSpace(from), strings.TrimSpace(to), true
	}
	if f := strings.Fields(s); len(f) == 2 {
		return f[0], f[1], true
	}
	// e3h3: the second square starts at the second letter.
	for i := 1; i < len(s); i++ {
		if isLetter(s[i]) {
			return s[:i], s[i:], true
		}
	}
	return "", "", false
}

// readSquare reads one square of a move.
func readSquare(s string) (int, error) {
	if len(s) < 2 || !isLetter(s[0]) || !allDigits(s[1:]) {
		return 0, refuse(ActionException, "cannot read %q as a square: want a file a-i and a rank 1-9, like e3", s)
	}
	sq, ok := parseSquare(s)
	if !ok {
		return 0, refuse(BoardException, "%s is off the board (files a-i, ranks 1-9)", strings.ToLower(s))
	}
	return sq, nil
}

func isLetter(c byte) bool { c |= 0x20; return c >= 'a' && c <= 'z' }

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// check applies the movement rules to f-t in the server's order.
func (g *Game) check(f, t int) error {
	r := g.r
	b := &g.board
	fn, tn := sqName[f], sqName[t]
	if t == castle && b[t] == empty {
		return refuse(ThroneException, "%s is the %s: no piece may stop on it once the king has left", tn, r.castleWord)
	}
	if b[t] != empty {
		if f == t {
			return refuse(OccupitedException, "%s is occupied: a piece must move to another square", tn)
		}
		return refuse(OccupitedException, "%s is occupied", tn)
	}
	if r.camp[t] {
		if !r.camp[f] {
			return refuse(CitadelException, "%s is a camp: only a black soldier still in a camp may move inside one", tn)
		}
		df, dr := absInt(f%size-t%size), absInt(f/size-t/size)
		dist := dr
		if f/size == t/size {
			dist = df
		}
		if dist > 5 {
			return refuse(CitadelException, "jumps from the camp at %s to the camp at %s", fn, tn)
		}
	}
	if f == t {
		return refuse(StopException, "the piece does not move")
	}
	p := b[f]
	if p == empty {
		return refuse(PawnException, "there is no piece on %s", fn)
	}
	if ownerOf[p] != int(g.side) {
		return refuse(PawnException, "%s holds %s, and it is %s's turn", fn, pieceName(p), g.SideName(int(g.side)))
	}
	if f%size != t%size && f/size != t/size {
		return refuse(DiagonalException, "pieces move along a rank or a file, not diagonally")
	}
	// The server scans the path from the lower coordinate upwards: from t
	// to f (f excluded) when t is below or left of f, otherwise from f
	// (excluded) to t.
	step := 1
	if t%size == f%size {
		step = size
	}
	lo, hi := f+step, t
	if t < f {
		lo, hi = t, f-step
	}
	for s := lo; s <= hi; s += step {
		if b[s] != empty {
			return refuse(ClimbingException, "the path is blocked by %s on %s", pieceName(b[s]), sqName[s])
		}
		if s == castle && r.castleWall {
			return refuse(ClimbingException, "the path crosses the %s (e5)", r.castleWord)
		}
		if r.camp[s] && !r.camp[f] {
			return refuse(ClimbingCitadelException, "the path crosses the camp square %s", sqName[s])
		}
	}
	return nil
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
