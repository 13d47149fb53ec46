package engine

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"time"

	"boardrepl/rules"
	"boardrepl/rules/line"
	"boardrepl/rules/splitmix"
)

// DefaultMaxPlies is the move cap of a match game when none is given.
const DefaultMaxPlies = 1000

// AdjudicateMargin is the evaluation (side to move's view) at or beyond
// which a game stopped by the move cap is adjudicated a win; below it, a
// draw. A position with an exact value (EndgameValuer) is adjudicated by
// its sign.
const AdjudicateMargin = 2 * rules.EvalUnit

// MatchConfig describes a self-play match between two player specs.
// Colours alternate: in even games (0, 2, ...) p1 plays the side that moves
// first, in odd games the other side. Games 2k and 2k+1 share their
// opening (from the book, then the random plies), so each opening is
// played once with either colour.
type MatchConfig struct {
	Info     *rules.Info
	Options  []string // game options, KEY=VALUE
	Position string   // the start position, "" for the game's own
	P1, P2   string   // player specifications (see PlayerHelp)
	Games    int
	Seed     uint64
	Jobs     int // games played in parallel (0 or 1: one at a time)
	MaxPlies int // the move cap; 0 means DefaultMaxPlies
	Opening  int // random plies played before the players take over (after the book's)
	// Openings, when set, is the book the games start from: pair k plays
	// Openings.Pick(k, Seed).
	Openings *Openings
	// TC is the time control: a clock per player (loss on time when it
	// runs out by more than TimeMargin), a fixed time or a node limit a
	// move. The zero value: none, the players' specs decide.
	TC         TimeControl
	TimeMargin time.Duration
	Resign     ResignRule // adjudication by the players' scores (zero: off)
	Draw       DrawRule
	// Now is the clock's time source (nil: time.Now); tests inject one.
	Now func() time.Time
}

// Ending says how a game of a match ended.
type Ending int8

const (
	EndRules   Ending = iota // by the rules of the game
	EndMoveCap               // adjudicated at the move cap
	EndResign                // adjudicated: a player resigned (ResignRule)
	EndDraw                  // adjudicated a draw (DrawRule)
	EndTime                  // a player lost on time
)

// Endings names the endings for records: "", "move cap", "resign", "draw",
// "time".
var Endings = [...]string{EndRules: "", EndMoveCap: "move cap", EndResign: "resign", EndDraw: "draw", EndTime: "time"}

// GameResult is one finished game of a match.
type GameResult struct {
	Index      int    // 0-based game number
	P1Side     int    // the side p1 played from the start (0 moves first)
	Seed       uint64 // the game's seed (players and opening)
	Opening    string // the book's opening it started from ("book.txt:12"), "" for none
	Start      string // the start position
	Moves      []string
	Evals      []MoveEval // what the players said of each ply of Moves (zero: not a player's move)
	Plies      int
	Winner     int // 1 p1 won, 2 p2 won, 0 a draw
	WinnerSide int // the side that won, -1 for a draw
	End        Ending
	// Adjudicated: the game was adjudicated (End is EndMoveCap, EndResign
	// or EndDraw).
	Adjudicated bool
	Reason      string // why it ended, in the game's terms, or the adjudication
	Score       string // the game's score when it has one ("29-19")
	Final       string // the final position
	Text        string // "red wins 29-19 (no moves left for either side)"
}

// Check validates the configuration and the player specs.
func (c *MatchConfig) Check() error {
	if c.Info == nil {
		return fmt.Errorf("no game")
	}
	if c.Games < 1 {
		return fmt.Errorf("games=%d: want at least 1", c.Games)
	}
	if c.MaxPlies < 0 || c.Opening < 0 || c.TimeMargin < 0 {
		return fmt.Errorf("the move cap, the opening plies and the time margin cannot be negative")
	}
	for _, s := range []string{c.P1, c.P2} {
		if _, err := ParsePlayer(s); err != nil {
			return err
		}
	}
	_, err := c.Info.NewGame(c.Options, c.Position)
	return err
}

// GameSeed is the seed of game i of a match with seed s.
func GameSeed(s uint64, i int) uint64 { return splitmix.Mix(s ^ splitmix.Mix(uint64(i)+1)) }

// OpeningOf is the book's opening of game i and its name ("" without a
// book).
func (c *MatchConfig) OpeningOf(i int) (Opening, string) {
	if c.Openings == nil {
		return Opening{}, ""
	}
	op := c.Openings.Pick(i/2, c.Seed)
	return op, c.Openings.Name(op)
}

// PlayGame plays game i of the match between p1 and p2 (players made from
// c.P1 and c.P2). It returns ctx's error when cancelled before the end.
func (c *MatchConfig) PlayGame(ctx context.Context, i int, p1, p2 Player) (GameResult, error) {
	op, opName := c.OpeningOf(i)
	pos := c.Position
	if op.Position != "" {
		pos = op.Position
	}
	l, err := line.NewPairs(c.Info, c.Options, pos)
	if err != nil {
		return GameResult{}, err
	}
	// The game is played on a line of play, which plays forced passes by
	// its own policy (at once, with the move before them); g is its
	// position, read only.
	g := l.Game()
	captured := false // the last move (not a forced pass) captured
	l.Observe(func(p line.Ply) {
		if !p.Forced {
			captured = len(g.LastCaptured()) > 0
		}
	})
	maxPlies := c.MaxPlies
	if maxPlies == 0 {
		maxPlies = DefaultMaxPlies
	}
	seed := GameSeed(c.Seed, i)
	res := GameResult{Index: i, P1Side: i % 2, Seed: seed, Opening: opName, Start: g.Position(), WinnerSide: -1}
	players := [3]Player{nil, p1, p2}
	clocks := [3]Clock{{}, NewClock(c.TC), NewClock(c.TC)}
	adj := adjudicator{resign: c.Resign, draw: c.Draw}
	// owner[side] is the player (1 or 2) who plays that side now; a move
	// after which the same side is to move (the Konobi swap) exchanges them.
	var owner [2]int
	owner[res.P1Side], owner[1-res.P1Side] = 1, 2
	first0 := owner[0] // the player on side 0 at the start (UGI's player 1)
	p1.NewGame(splitmix.Mix(seed ^ 1))
	p2.NewGame(splitmix.Mix(seed ^ 2))
	opening := rand.New(rand.NewPCG(GameSeed(c.Seed, i/2*2), 0x6f70656e))
	// end ends the game by an adjudication or a loss on time: the winner
	// is the player who owns side ws now (-1: a draw).
	end := func(e Ending, ws int, reason string) {
		res.End, res.Reason, res.Adjudicated = e, reason, e != EndTime
		res.WinnerSide = ws
		if ws >= 0 {
			res.Winner = owner[ws]
			res.Text = fmt.Sprintf("%s wins (%s)", g.SideName(ws), reason)
		} else {
			res.Text = fmt.Sprintf("draw (%s)", reason)
		}
	}
	var buf []rules.Move
	for {
		ply := len(res.Moves)
		if over, _ := rules.Outcome(g); over {
			r := l.Result()
			res.Reason, res.Score, res.Text = r.Reason, r.Score, l.FormatResult()
			if r.Status == rules.Win {
				res.WinnerSide = r.Winner
				res.Winner = owner[r.Winner]
			}
			break
		}
		stm := g.SideToMove()
		if ply >= maxPlies {
			e, margin, what := 0, AdjudicateMargin, "evaluation"
			if ev, ok := g.(rules.Evaluator); ok {
				e = ev.Evaluate()
			}
			if eg, ok := g.(EndgameValuer); ok {
				// An exact value (an endgame database) decides by its sign.
				if v, ok := eg.EndgameValue(); ok {
					e, margin, what = v, 1, "exact value"
				}
			}
			ws := -1
			switch {
			case e >= margin:
				ws = stm
			case e <= -margin:
				ws = 1 - stm
			}
			end(EndMoveCap, ws, fmt.Sprintf("adjudicated at the move cap of %d plies, %s %+d for %s", maxPlies, what, e, g.SideName(stm)))
			break
		}
		pl := owner[stm]
		var m rules.Move
		var eval MoveEval
		switch {
		case ply < len(op.Moves):
			if m, err = g.ParseMove(op.Moves[ply]); err != nil {
				return res, fmt.Errorf("opening %s: ply %d %q: %v", opName, ply+1, op.Moves[ply], err)
			}
		case ply < len(op.Moves)+c.Opening:
			buf = g.Moves(buf[:0])
			m = buf[opening.IntN(len(buf))]
		default:
			var mc *MoveClock
			if c.TC != (TimeControl{}) {
				mc = &MoveClock{TC: c.TC, MovesToGo: clocks[pl].MovesToGo()}
				for side := range mc.Left {
					mc.Left[side] = clocks[owner[side]].Left()
				}
				mc.Swapped = owner[0] != first0
			}
			if h, ok := players[pl].(historyPlayer); ok {
				h.setHistory(res.Start, res.Moves)
			}
			var ok bool
			if m, eval, ok, err = c.move(ctx, g, players[pl], &clocks[pl], mc); err != nil {
				return res, err
			}
			if !ok {
				end(EndTime, 1-stm, g.SideName(stm)+" loses on time")
			}
		}
		if res.End == EndTime { // lost on time: the game ends here
			break
		}
		played := l.Play(m)
		for k, p := range played {
			res.Moves = append(res.Moves, p.Text)
			if k == 0 {
				res.Evals = append(res.Evals, eval)
			} else {
				res.Evals = append(res.Evals, MoveEval{})
			}
		}
		// A move after which the same side is to move again (the Konobi
		// swap) exchanges the players; a forced pass by the other side
		// that follows an ordinary move does not.
		if len(played) == 1 && g.SideToMove() == stm || len(played) > 1 && played[1].Side == stm {
			owner[0], owner[1] = owner[1], owner[0]
		}
		if over, _ := rules.Outcome(g); !over {
			switch v := adj.add(pl, eval, len(res.Moves), captured); {
			case v < 0:
				end(EndDraw, -1, adj.drawReason())
			case v > 0:
				// The resigning player's side, and its opponent's.
				rs := 0
				if owner[1] == int(v) {
					rs = 1
				}
				end(EndResign, 1-rs, adj.resignReason(g.SideName(rs)))
			}
			if res.End != EndRules {
				break
			}
		}
	}
	res.Plies = len(res.Moves)
	res.Final = g.Position()
	return res, nil
}

// moveGrace is how much longer than its clock allows a player is waited
// for before it is stopped (it has then lost on time).
const moveGrace = 50 * time.Millisecond

// move asks player p (its clock ck) for a move in g. On a time control
// (mc, nil for none) it is told the clocks (clockedPlayer), its time runs
// while it thinks, and it is stopped when its time is up. ok is false when
// it lost on time.
func (c *MatchConfig) move(ctx context.Context, g rules.Game, p Player, ck *Clock, mc *MoveClock) (m rules.Move, e MoveEval, ok bool, err error) {
	if pp, ok := p.(preparer); ok {
		// Starting an engine and its new-game handshake are not thinking:
		// a runner starts the clock when it sends go, as cutechess does.
		if err := pp.prepare(ctx); err != nil {
			return 0, e, false, err
		}
	}
	mctx := ctx
	if mc != nil {
		if cp, ok := p.(clockedPlayer); ok {
			cp.setClock(mc)
		}
		if c.TC.Timed() || c.TC.MoveTime > 0 {
			var cancel context.CancelFunc
			mctx, cancel = context.WithTimeout(ctx, ck.Left()+c.TimeMargin+moveGrace)
			defer cancel()
		}
	}
	now := c.Now
	if now == nil {
		now = time.Now
	}
	t0 := now()
	m, err = p.Move(mctx, g)
	took := now().Sub(t0)
	switch {
	case ctx.Err() != nil:
		return 0, e, false, ctx.Err()
	case mctx.Err() != nil:
		return 0, e, false, nil // stopped when its time was up
	case err != nil:
		return 0, e, false, err
	}
	if !ck.Punch(took, c.TimeMargin) {
		return 0, e, false, nil // answered too late
	}
	if r, ok := p.(reporter); ok {
		e = r.lastEval()
	}
	e.Moved, e.Time = true, took
	return m, e, true, nil
}

// Run plays the games of the match that skip (when not nil) does not rule
// out, c.Jobs at a time, and hands each result to done in the order of the
// game numbers (from the calling goroutine). It stops early, with ctx's
// error, when ctx is cancelled: the games already handed over are complete.
func (c *MatchConfig) Run(ctx context.Context, skip func(i int) bool, done func(GameResult)) error {
	if err := c.Check(); err != nil {
		return err
	}
	if c.Openings != nil {
		c.Openings.Arrange(c.Seed) // before the workers read it
	}
	var todo []int
	for i := 0; i < c.Games; i++ {
		if skip == nil || !skip(i) {
			todo = append(todo, i)
		}
	}
	jobs := max(c.Jobs, 1)
	type out struct {
		k   int // position in todo
		r   GameResult
		err error
	}
	next := make(chan int)
	results := make(chan out, jobs)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p1, _ := ParsePlayer(c.P1)
			p2, _ := ParsePlayer(c.P2)
			// Outside engines (uai:) are processes: end them.
			for _, p := range []Player{p1, p2} {
				if c, ok := p.(io.Closer); ok {
					defer c.Close()
				}
			}
			for k := range next {
				r, err := c.PlayGame(ctx, todo[k], p1, p2)
				results <- out{k, r, err}
			}
		}()
	}
	go func() {
		defer close(next)
		for k := range todo {
			select {
			case next <- k:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	pending := map[int]out{}
	want := 0
	var firstErr error
	for o := range results {
		if o.err != nil {
			if firstErr == nil {
				firstErr = o.err
			}
			cancel()
			continue
		}
		pending[o.k] = o
		for {
			p, ok := pending[want]
			if !ok || firstErr != nil {
				break
			}
			if ctx.Err() != nil {
				// Stopped (done may have cancelled): hand over nothing more.
				firstErr = ctx.Err()
				break
			}
			delete(pending, want)
			done(p.r)
			want++
		}
	}
	if firstErr == nil && want < len(todo) {
		firstErr = ctx.Err()
	}
	return firstErr
}

// Summary totals the results of a match from p1's point of view. Handed
// the games in the order of their numbers (Run does), it also counts the
// pairs (games 2k and 2k+1, 0-based, which share their opening) by p1's
// results in them.
type Summary struct {
	Games       int
	P1Wins      int
	P2Wins      int
	Draws       int
	Adjudicated int               // games ended by an adjudication (move cap, resignation, draw)
	Ends        [len(Endings)]int // the games by how they ended
	Plies       int               // total length of the games
	SideWins    [2]int            // wins by the side that won, whoever played it
	P1Games     [2]int            // games p1 started as side 0, as side 1
	P1WinsAs    [2]int            // p1's wins by the side it started with
	P2WinsAs    [2]int            // p2's wins by the side it started with
	Penta       Pentanomial

	// open is 1 + the number of the game whose pair awaits its second
	// game (0: none), openPoints p1's half points in it.
	open, openPoints int
}

// Add counts one game.
func (s *Summary) Add(r GameResult) {
	s.Games++
	s.Plies += r.Plies
	s.P1Games[r.P1Side]++
	if r.Adjudicated {
		s.Adjudicated++
	}
	s.Ends[r.End]++
	if r.WinnerSide >= 0 {
		s.SideWins[r.WinnerSide]++
	}
	points := 1
	switch r.Winner {
	case 1:
		s.P1Wins++
		s.P1WinsAs[r.P1Side]++
		points = 2
	case 2:
		s.P2Wins++
		s.P2WinsAs[1-r.P1Side]++
		points = 0
	default:
		s.Draws++
	}
	switch {
	case r.Index%2 == 0:
		s.open, s.openPoints = r.Index+1, points
	case s.open == r.Index:
		s.Penta.add(s.openPoints, points)
		s.open = 0
	default:
		s.open = 0
	}
}

// Score is p1's score: wins plus half the draws, over the games.
func (s Summary) Score() float64 {
	if s.Games == 0 {
		return 0
	}
	return (float64(s.P1Wins) + float64(s.Draws)/2) / float64(s.Games)
}

// AvgPlies is the average length of the games.
func (s Summary) AvgPlies() float64 {
	if s.Games == 0 {
		return 0
	}
	return float64(s.Plies) / float64(s.Games)
}

// Elo is the Elo difference p1 - p2 the games imply, each counted as an
// independent result (see EloEstimate).
func (s Summary) Elo() EloEstimate { return TrinomialElo(s.P1Wins, s.Draws, s.P2Wins) }
