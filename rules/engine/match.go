package engine

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"

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
// first, in odd games the other side. Games 2k and 2k+1 share their random
// opening, so each opening is played once with either colour.
type MatchConfig struct {
	Info     *rules.Info
	Options  []string // game options, KEY=VALUE
	Position string   // the start position, "" for the game's own
	P1, P2   string   // player specifications (see PlayerHelp)
	Games    int
	Seed     uint64
	Jobs     int // games played in parallel (0 or 1: one at a time)
	MaxPlies int // the move cap; 0 means DefaultMaxPlies
	Opening  int // random plies played before the players take over
}

// GameResult is one finished game of a match.
type GameResult struct {
	Index       int    // 0-based game number
	P1Side      int    // the side p1 played from the start (0 moves first)
	Seed        uint64 // the game's seed (players and opening)
	Start       string // the start position
	Moves       []string
	Plies       int
	Winner      int // 1 p1 won, 2 p2 won, 0 a draw
	WinnerSide  int // the side that won, -1 for a draw
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
	if c.MaxPlies < 0 || c.Opening < 0 {
		return fmt.Errorf("the move cap and the opening plies cannot be negative")
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

// PlayGame plays game i of the match between p1 and p2 (players made from
// c.P1 and c.P2). It returns ctx's error when cancelled before the end.
func (c *MatchConfig) PlayGame(ctx context.Context, i int, p1, p2 Player) (GameResult, error) {
	l, err := line.NewPairs(c.Info, c.Options, c.Position)
	if err != nil {
		return GameResult{}, err
	}
	// The game is played on a line of play, which plays forced passes by
	// its own policy (at once, with the move before them); g is its
	// position, read only.
	g := l.Game()
	maxPlies := c.MaxPlies
	if maxPlies == 0 {
		maxPlies = DefaultMaxPlies
	}
	seed := GameSeed(c.Seed, i)
	res := GameResult{Index: i, P1Side: i % 2, Seed: seed, Start: g.Position(), WinnerSide: -1}
	players := [3]Player{nil, p1, p2}
	// owner[side] is the player (1 or 2) who plays that side now; a move
	// after which the same side is to move (the Konobi swap) exchanges them.
	var owner [2]int
	owner[res.P1Side], owner[1-res.P1Side] = 1, 2
	p1.NewGame(splitmix.Mix(seed ^ 1))
	p2.NewGame(splitmix.Mix(seed ^ 2))
	opening := rand.New(rand.NewPCG(GameSeed(c.Seed, i/2*2), 0x6f70656e))
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
			res.Adjudicated = true
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
			switch {
			case e >= margin:
				res.WinnerSide = stm
			case e <= -margin:
				res.WinnerSide = 1 - stm
			}
			res.Reason = fmt.Sprintf("adjudicated at the move cap of %d plies, %s %+d for %s", maxPlies, what, e, g.SideName(stm))
			if res.WinnerSide >= 0 {
				res.Winner = owner[res.WinnerSide]
				res.Text = fmt.Sprintf("%s wins (%s)", g.SideName(res.WinnerSide), res.Reason)
			} else {
				res.Text = fmt.Sprintf("draw (%s)", res.Reason)
			}
			break
		}
		var m rules.Move
		if ply < c.Opening {
			buf = g.Moves(buf[:0])
			m = buf[opening.IntN(len(buf))]
		} else {
			if h, ok := players[owner[stm]].(historyPlayer); ok {
				h.setHistory(res.Start, res.Moves)
			}
			m, err = players[owner[stm]].Move(ctx, g)
			if err != nil {
				return res, err
			}
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
		}
		played := l.Play(m)
		for _, p := range played {
			res.Moves = append(res.Moves, p.Text)
		}
		// A move after which the same side is to move again (the Konobi
		// swap) exchanges the players; a forced pass by the other side
		// that follows an ordinary move does not.
		if len(played) == 1 && g.SideToMove() == stm || len(played) > 1 && played[1].Side == stm {
			owner[0], owner[1] = owner[1], owner[0]
		}
	}
	res.Plies = len(res.Moves)
	res.Final = g.Position()
	return res, nil
}

// Run plays the games of the match that skip (when not nil) does not rule
// out, c.Jobs at a time, and hands each result to done in the order of the
// game numbers (from the calling goroutine). It stops early, with ctx's
// error, when ctx is cancelled: the games already handed over are complete.
func (c *MatchConfig) Run(ctx context.Context, skip func(i int) bool, done func(GameResult)) error {
	if err := c.Check(); err != nil {
		return err
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

// Summary totals the results of a match from p1's point of view.
type Summary struct {
	Games       int
	P1Wins      int
	P2Wins      int
	Draws       int
	Adjudicated int
	Plies       int    // total length of the games
	SideWins    [2]int // wins by the side that won, whoever played it
	P1Games     [2]int // games p1 started as side 0, as side 1
	P1WinsAs    [2]int // p1's wins by the side it started with
	P2WinsAs    [2]int // p2's wins by the side it started with
}

// Add counts one game.
func (s *Summary) Add(r GameResult) {
	s.Games++
	s.Plies += r.Plies
	s.P1Games[r.P1Side]++
	if r.Adjudicated {
		s.Adjudicated++
	}
	if r.WinnerSide >= 0 {
		s.SideWins[r.WinnerSide]++
	}
	switch r.Winner {
	case 1:
		s.P1Wins++
		s.P1WinsAs[r.P1Side]++
	case 2:
		s.P2Wins++
		s.P2WinsAs[1-r.P1Side]++
	default:
		s.Draws++
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

// Elo returns the Elo difference p1 - p2 implied by p1's score and the
// half-width of its 95% confidence interval. Either is ±Inf when the score
// (or the end of its interval) is 0 or 1.
func (s Summary) Elo() (diff, margin float64) {
	n := float64(s.Games)
	if n == 0 {
		return 0, math.Inf(1)
	}
	p := s.Score()
	w, d := float64(s.P1Wins)/n, float64(s.Draws)/n
	variance := w + d/4 - p*p
	se := math.Sqrt(math.Max(variance, 0) / n)
	lo, hi := p-1.96*se, p+1.96*se
	if p <= 0 || p >= 1 {
		return eloOf(p), math.Inf(1)
	}
	return eloOf(p), (eloOf(hi) - eloOf(lo)) / 2
}

func eloOf(p float64) float64 {
	switch {
	case p <= 0:
		return math.Inf(-1)
	case p >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/p-1)
}
