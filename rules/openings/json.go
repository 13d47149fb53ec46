package openings

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"boardrepl/internal/textfile"
	"boardrepl/rules"
	"boardrepl/rules/engine"
)

// A tree is written as JSON lines: one object per position (NodeJSON), in
// the order of Nodes, then a summary (Summary). ReadTree reads it back,
// checking every key and move against the game.

// NodeJSON is a position of a tree as written.
type NodeJSON struct {
	Key      string `json:"key"` // engine.PositionKey, 16 hex digits
	Position string `json:"position"`
	Ply      int    `json:"ply"`
	Side     string `json:"side"` // to move
	StatsJSON
	Starts int        `json:"starts,omitempty"`
	Eval   *EvalJSON  `json:"eval,omitempty"`
	Moves  []MoveJSON `json:"moves"`
}

// MoveJSON is a move of a position.
type MoveJSON struct {
	Move string `json:"move"`
	To   string `json:"to"` // the key of the position it leads to
	StatsJSON
	// Eval is the score of the position the move leads to from the
	// mover's view (written, not read: it is the other position's).
	Eval *EvalJSON `json:"eval,omitempty"`
}

// StatsJSON are the counts of games: wins, draws and losses from the view
// of the side to move (of a position) or of the mover (of a move), score
// in % over the finished games (none when none is finished), side_wins by
// side name, plies the games' total length.
type StatsJSON struct {
	Games      int            `json:"games"`
	Wins       int            `json:"wins"`
	Draws      int            `json:"draws"`
	Losses     int            `json:"losses"`
	Unfinished int            `json:"unfinished"`
	Score      *float64       `json:"score,omitempty"`
	SideWins   map[string]int `json:"side_wins"`
	Plies      int            `json:"plies"`
	AvgPlies   float64        `json:"avg_plies"`
}

// EvalJSON is an engine's score as analyse --json writes one: "score" in
// evaluation units when nothing is proven, else "mate" (plies to a proven
// end, negative when the side loses) or "margin" (a final margin the
// game's endgame tables prove).
type EvalJSON struct {
	Depth     int    `json:"depth"`
	Score     *int   `json:"score,omitempty"`
	Mate      *int   `json:"mate,omitempty"`
	Margin    *int   `json:"margin,omitempty"`
	ScoreText string `json:"score_text"`
}

// Summary is the last line of a tree: its game, options and plies, the
// depth of its scores, what its keys are, the games it counts and the
// records refused, how many positions it has; and, from the commands that
// write it, the identity of the job (Job), its shard, and for a merged
// tree whether the parts were the whole job and how many.
type Summary struct {
	Openings  bool            `json:"openings"`
	Game      string          `json:"game"`
	Options   []string        `json:"options"`
	Plies     int             `json:"plies"`
	Depth     int             `json:"depth,omitempty"`
	Key       string          `json:"key"`
	Games     int             `json:"games"`
	Refused   int             `json:"refused"`
	Positions int             `json:"positions"`
	Shard     string          `json:"shard,omitempty"`
	Job       json.RawMessage `json:"job,omitempty"`
	Complete  *bool           `json:"complete,omitempty"`
	Shards    int             `json:"shards,omitempty"`
}

// Summary returns the tree's summary line, without a job.
func (t *Tree) Summary() Summary {
	return Summary{Openings: true, Game: t.Info.ID, Options: append([]string{}, t.Options...), Plies: t.Plies, Depth: t.Depth,
		Key: t.KeyKind(), Games: t.Games, Refused: t.Refused, Positions: len(t.nodes)}
}

func keyText(k uint64) string { return fmt.Sprintf("%016x", k) }

func (t *Tree) statsJSON(s Stats, side int) StatsJSON {
	w, d, l := s.For(side)
	out := StatsJSON{Games: s.Games, Wins: w, Draws: d, Losses: l, Unfinished: s.Unfinished(),
		SideWins: map[string]int{t.Info.Sides[0]: s.Wins[0], t.Info.Sides[1]: s.Wins[1]},
		Plies:    s.Plies, AvgPlies: math.Round(s.AvgPlies()*10) / 10}
	if sc, ok := s.Score(side); ok {
		p := math.Round(sc*1000) / 10
		out.Score = &p
	}
	return out
}

func evalJSON(depth, score int) *EvalJSON {
	v := engine.ValueOf(score)
	return &EvalJSON{Depth: depth, Score: v.Units, Mate: v.Mate, Margin: v.Margin, ScoreText: v.Text}
}

// MoveEval is the score of the position move e of n leads to, from the
// mover's view; ok is false when it has none.
func (t *Tree) MoveEval(e *Edge) (Eval, bool) {
	c := t.nodes[e.To]
	if c == nil || c.Eval == nil {
		return Eval{}, false
	}
	return Eval{Depth: c.Eval.Depth, Score: -c.Eval.Score}, true
}

// NodeJSON returns the JSON form of a position of the tree.
func (t *Tree) NodeJSON(n *Node) NodeJSON {
	out := NodeJSON{Key: keyText(n.Key), Position: n.Position, Ply: n.Ply, Side: t.Info.Sides[n.Side],
		StatsJSON: t.statsJSON(n.Stats, n.Side), Starts: n.Starts, Moves: []MoveJSON{}}
	if n.Eval != nil {
		out.Eval = evalJSON(n.Eval.Depth, n.Eval.Score)
	}
	for _, e := range n.SortedMoves() {
		m := MoveJSON{Move: e.Move, To: keyText(e.To), StatsJSON: t.statsJSON(e.Stats, n.Side)}
		if ev, ok := t.MoveEval(e); ok {
			m.Eval = evalJSON(ev.Depth, ev.Score)
		}
		out.Moves = append(out.Moves, m)
	}
	return out
}

// WriteJSON writes the tree's positions, one JSON object a line, in the
// order of Nodes, then sum as the last line.
func (t *Tree) WriteJSON(w io.Writer, sum Summary) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for _, n := range t.Nodes() {
		if err := enc.Encode(t.NodeJSON(n)); err != nil {
			return err
		}
	}
	if err := enc.Encode(sum); err != nil {
		return err
	}
	return bw.Flush()
}

// TreeReader reads the lines of a tree (Line), then makes it (Tree).
type TreeReader struct {
	name  string
	nodes []lineOf[NodeJSON]
	sum   *lineOf[Summary]
}

type lineOf[T any] struct {
	n int
	v T
}

// NewTreeReader reads the tree of the file name.
func NewTreeReader(name string) *TreeReader { return &TreeReader{name: name} }

func (r *TreeReader) where(n int) string { return fmt.Sprintf("%s:%d", r.name, n) }

// IsTreeLine reports whether a JSON object with these fields is a line of
// a tree: a position ("key" and "moves") or a summary ("openings").
func IsTreeLine(has func(field string) bool) bool {
	return has("openings") || has("key") && has("moves")
}

// Line reads line n of the file, a JSON object.
func (r *TreeReader) Line(n int, text []byte) error {
	if r.sum != nil {
		return fmt.Errorf("%s: a line after the summary of line %d (two trees in one file?)", r.where(n), r.sum.n)
	}
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(text, &probe); err != nil {
		return fmt.Errorf("%s: not a JSON object: %v", r.where(n), err)
	}
	switch {
	case probe["openings"] != nil:
		r.sum = &lineOf[Summary]{n: n}
		if err := json.Unmarshal(text, &r.sum.v); err != nil {
			return fmt.Errorf("%s: %v", r.where(n), err)
		}
	case probe["key"] != nil && probe["moves"] != nil:
		l := lineOf[NodeJSON]{n: n}
		if err := json.Unmarshal(text, &l.v); err != nil {
			return fmt.Errorf("%s: %v", r.where(n), err)
		}
		r.nodes = append(r.nodes, l)
	default:
		return fmt.Errorf("%s: not a line of a tree (openings --json)", r.where(n))
	}
	return nil
}

// Positions is the number of position lines read.
func (r *TreeReader) Positions() int { return len(r.nodes) }

// ErrNoSummary is returned by Tree for a file without its summary line
// (a run cut short).
var ErrNoSummary = errors.New("no summary line")

// Tree makes the tree of the lines read and returns it with its summary
// and the line of the summary. Everything is checked: the game and
// options, each position's key against its position string, each move
// against the rules and the key it leads to, the counts against each other
// and against the summary.
func (r *TreeReader) Tree() (*Tree, *Summary, int, error) {
	if r.sum == nil {
		if len(r.nodes) == 0 {
			return nil, nil, 0, fmt.Errorf("%s: no line of a tree: %w", r.name, ErrNoSummary)
		}
		return nil, nil, 0, fmt.Errorf("%s: %d positions and %w: the run was cut short", r.name, len(r.nodes), ErrNoSummary)
	}
	s, at := &r.sum.v, r.where(r.sum.n)
	info, err := rules.Lookup(s.Game)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("%s: %v", at, err)
	}
	t, err := New(info, s.Options, s.Plies)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("%s: %v", at, err)
	}
	if s.Key != t.KeyKind() {
		return nil, nil, 0, fmt.Errorf("%s: key %q, but the positions of %s are known by their %s", at, s.Key, info.ID, t.KeyKind())
	}
	if s.Depth < 0 || s.Depth >= engine.MaxPly || s.Games < 0 || s.Refused < 0 {
		return nil, nil, 0, fmt.Errorf("%s: depth %d, games %d, refused %d: out of range", at, s.Depth, s.Games, s.Refused)
	}
	t.Depth, t.Games, t.Refused = s.Depth, s.Games, s.Refused
	opts, _ := info.ParseOptions(t.Options) // New read them
	starts := 0
	for _, l := range r.nodes {
		n, err := t.nodeOf(&l.v, opts)
		if err != nil {
			return nil, nil, 0, fmt.Errorf("%s: %v", r.where(l.n), err)
		}
		if t.nodes[n.Key] != nil {
			return nil, nil, 0, fmt.Errorf("%s: position %s again", r.where(l.n), n.Position)
		}
		t.nodes[n.Key] = n
		starts += n.Starts
	}
	for _, l := range r.nodes {
		n := t.nodes[parseKeyOK(l.v.Key)]
		for _, e := range n.Moves {
			c := t.nodes[e.To]
			if c == nil {
				return nil, nil, 0, fmt.Errorf("%s: move %s leads to %s, which is not in the tree", r.where(l.n), e.Move, keyText(e.To))
			}
			if c.Games < e.Games {
				return nil, nil, 0, fmt.Errorf("%s: move %s: %d games lead to a position %d games reached", r.where(l.n), e.Move, e.Games, c.Games)
			}
		}
	}
	switch {
	case len(t.nodes) != s.Positions:
		return nil, nil, 0, fmt.Errorf("%s: the summary counts %d positions, but the file has %d", at, s.Positions, len(t.nodes))
	case starts != s.Games:
		return nil, nil, 0, fmt.Errorf("%s: the summary counts %d games, but %d start in the positions of the file", at, s.Games, starts)
	}
	return t, s, r.sum.n, nil
}

// ReadTree reads a tree written by WriteJSON (the output of openings
// --json, or of merge) and returns it with its summary.
func ReadTree(name string, rd io.Reader) (*Tree, *Summary, error) {
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64<<10), textfile.MaxLine)
	r := NewTreeReader(name)
	n := 0
	for sc.Scan() {
		n++
		if firstByte(sc.Bytes()) == 0 {
			continue
		}
		if err := r.Line(n, sc.Bytes()); err != nil {
			return nil, nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("%s:%d: %v", name, n+1, err)
	}
	t, s, _, err := r.Tree()
	return t, s, err
}

func parseKey(s string) (uint64, error) {
	if len(s) != 16 {
		return 0, fmt.Errorf("key %q: want 16 hex digits", s)
	}
	k, err := strconv.ParseUint(s, 16, 64)
	if err != nil {
		return 0, fmt.Errorf("key %q: want 16 hex digits", s)
	}
	return k, nil
}

// parseKeyOK reads a key already checked.
func parseKeyOK(s string) uint64 {
	k, _ := parseKey(s)
	return k
}

// statsOf reads counts, checking them against each other; side is the
// side whose view wins, draws and losses take.
func (t *Tree) statsOf(j *StatsJSON, side int) (Stats, error) {
	s := Stats{Games: j.Games, Draws: j.Draws, Plies: j.Plies}
	for name := range j.SideWins {
		if name != t.Info.Sides[0] && name != t.Info.Sides[1] {
			return s, fmt.Errorf("side_wins: %q is not a side of %s", name, t.Info.ID)
		}
	}
	s.Wins = [2]int{j.SideWins[t.Info.Sides[0]], j.SideWins[t.Info.Sides[1]]}
	w, d, l := s.For(side)
	switch {
	case s.Games < 0 || s.Wins[0] < 0 || s.Wins[1] < 0 || s.Draws < 0 || s.Plies < 0:
		return s, errors.New("a count cannot be negative")
	case s.Unfinished() < 0:
		return s, fmt.Errorf("%d games, but %d won and %d drawn", s.Games, s.Wins[0]+s.Wins[1], s.Draws)
	case j.Wins != w || j.Draws != d || j.Losses != l || j.Unfinished != s.Unfinished():
		return s, fmt.Errorf("wins %d, draws %d, losses %d, unfinished %d, but side_wins %v and draws %d give %d, %d, %d, %d",
			j.Wins, j.Draws, j.Losses, j.Unfinished, j.SideWins, s.Draws, w, d, l, s.Unfinished())
	}
	return s, nil
}

// scoreOf turns a score as written back into the engine's number.
func scoreOf(e *EvalJSON) (int, error) {
	set := 0
	var score int
	if e.Score != nil {
		set++
		score = *e.Score
		if score <= -rules.EvalLimit*2 || score >= rules.EvalLimit*2 {
			return 0, fmt.Errorf("eval: score %d out of range", score)
		}
	}
	if m := e.Mate; m != nil {
		set++
		switch {
		case *m >= 0 && *m < 2*engine.MaxPly:
			score = engine.Mate - *m
		case *m < 0 && *m > -2*engine.MaxPly:
			score = -engine.Mate - *m
		default:
			return 0, fmt.Errorf("eval: mate %d out of range", *m)
		}
	}
	if m := e.Margin; m != nil {
		set++
		if *m > rules.EvalLimit/100 || *m < -rules.EvalLimit/100 {
			return 0, fmt.Errorf("eval: margin %d out of range", *m)
		}
		// A margin of whole units back in the band of engine.KnownScore
		// (0, a draw the tables prove, just inside it).
		score = engine.KnownScore(*m * 100)
		if *m == 0 {
			score = engine.KnownWin + 1
		}
	}
	if set != 1 {
		return 0, errors.New("eval: want one of score, mate and margin")
	}
	if e.Depth < 1 || e.Depth >= engine.MaxPly {
		return 0, fmt.Errorf("eval: depth %d out of range", e.Depth)
	}
	return score, nil
}

// nodeOf reads a position line, checking its key and its moves.
func (t *Tree) nodeOf(j *NodeJSON, opts rules.Options) (*Node, error) {
	k, err := parseKey(j.Key)
	if err != nil {
		return nil, err
	}
	g, err := t.Info.Parse(opts, j.Position)
	if err != nil {
		return nil, fmt.Errorf("position %q: %v", j.Position, err)
	}
	if g.Position() != j.Position {
		return nil, fmt.Errorf("position %q is written %q by %s", j.Position, g.Position(), t.Info.ID)
	}
	if pk := engine.PositionKey(g); pk != k {
		return nil, fmt.Errorf("position %s: key %s, but its key is %s", j.Position, j.Key, keyText(pk))
	}
	n := &Node{Key: k, Position: j.Position, Ply: j.Ply, Side: g.SideToMove(), Starts: j.Starts}
	switch {
	case j.Side != t.Info.Sides[n.Side]:
		return nil, fmt.Errorf("position %s: side %q, but %s is to move", j.Position, j.Side, t.Info.Sides[n.Side])
	case j.Ply < 0 || j.Ply > t.Plies:
		return nil, fmt.Errorf("position %s: ply %d in a tree of %d plies", j.Position, j.Ply, t.Plies)
	case j.Ply == t.Plies && len(j.Moves) > 0:
		return nil, fmt.Errorf("position %s: moves after the last ply of the tree (%d)", j.Position, t.Plies)
	case j.Starts < 0 || j.Starts > j.Games:
		return nil, fmt.Errorf("position %s: %d games start here, of %d", j.Position, j.Starts, j.Games)
	}
	if n.Stats, err = t.statsOf(&j.StatsJSON, n.Side); err != nil {
		return nil, fmt.Errorf("position %s: %v", j.Position, err)
	}
	if j.Eval != nil {
		if t.Depth == 0 {
			return nil, fmt.Errorf("position %s: a score in a tree without scores (depth 0)", j.Position)
		}
		s, err := scoreOf(j.Eval)
		if err != nil {
			return nil, fmt.Errorf("position %s: %v", j.Position, err)
		}
		n.Eval = &Eval{Depth: j.Eval.Depth, Score: s}
	}
	for _, m := range j.Moves {
		to, err := parseKey(m.To)
		if err != nil {
			return nil, fmt.Errorf("position %s: move %s: %v", j.Position, m.Move, err)
		}
		mv, err := g.ParseMove(m.Move)
		if err != nil || g.FormatMove(mv) != m.Move {
			return nil, fmt.Errorf("position %s: move %q is not a legal move written as %s writes it", j.Position, m.Move, t.Info.ID)
		}
		g.Play(mv)
		got := engine.PositionKey(g)
		g.Unplay()
		if got != to {
			return nil, fmt.Errorf("position %s: move %s leads to %s, not %s", j.Position, m.Move, keyText(got), m.To)
		}
		if n.Move(m.Move) != nil {
			return nil, fmt.Errorf("position %s: move %s twice", j.Position, m.Move)
		}
		e := &Edge{Move: m.Move, To: to}
		if e.Stats, err = t.statsOf(&m.StatsJSON, n.Side); err != nil {
			return nil, fmt.Errorf("position %s: move %s: %v", j.Position, m.Move, err)
		}
		if e.Games > n.Games || e.Games == 0 {
			return nil, fmt.Errorf("position %s: move %s played in %d games of the %d that reached it", j.Position, m.Move, e.Games, n.Games)
		}
		n.Moves = append(n.Moves, e)
	}
	return n, nil
}
