// Package searcher is the small interface through which boardrepl's protocol
// front ends (the Tablut challenge client, the UAI engine mode) ask for a
// move: a Func searches a position within limits and reports its progress.
//
// The protocols are tested with trivial searchers (FirstLegal, Random); the
// real player is Engine, an adapter over rules/engine.
package searcher

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"boardrepl/rules"
	"boardrepl/rules/engine"
)

// Limits bound one search. Zero values mean no limit; with none at all the
// search runs until its context is cancelled.
type Limits struct {
	Depth int
	Nodes int64
	Time  time.Duration
	// Soft: the time manager's target (no new iteration starts after half
	// of it; Time is the hard limit).
	Soft time.Duration
	// MultiPV is not a limit but the number of lines searched (0 or 1:
	// the best move alone); see engine.Limits.MultiPV. A search of
	// several lines reports each line's Info at every depth, best first,
	// and returns the first line's move.
	MultiPV int
}

// Info describes a finished iteration of a search.
type Info struct {
	Depth int
	// MultiPV is the line's rank, from 1, in a search of several lines
	// (Limits.MultiPV > 1); 0 in a search of one.
	MultiPV int
	Score   int // side to move's view, in rules.EvalUnit
	// Mate is the number of plies to a proven end: > 0 when the side to
	// move wins, < 0 when it loses, 0 when nothing is proven.
	Mate  int
	Nodes int64
	Time  time.Duration
	PV    []string
	// Partial: the iteration at Depth was cut short after its move was
	// searched to the end, so Score is a lower bound of the depth's value
	// (engine.Info.Partial); the protocols print it as "lowerbound".
	Partial bool
}

// Func searches g (which it must leave as it found it) and returns its best
// move. It calls info, when not nil, after each iteration. It must return a
// legal move whenever the game is not over, also when ctx is cancelled.
type Func func(ctx context.Context, g rules.Game, lim Limits, info func(Info)) (rules.Move, error)

// ErrNoMove is returned when the game is over or has no legal move.
var ErrNoMove = errors.New("no legal move: the game is over")

// FirstLegal plays the first legal move the game lists.
func FirstLegal(ctx context.Context, g rules.Game, lim Limits, info func(Info)) (rules.Move, error) {
	ms := g.Moves(nil)
	if len(ms) == 0 {
		return 0, ErrNoMove
	}
	if info != nil {
		info(Info{Depth: 1, Nodes: int64(len(ms)), PV: []string{g.FormatMove(ms[0])}})
	}
	return ms[0], nil
}

// Random plays a uniformly random legal move, reproducibly from seed.
func Random(seed uint64) Func {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	return func(ctx context.Context, g rules.Game, lim Limits, info func(Info)) (rules.Move, error) {
		ms := g.Moves(nil)
		if len(ms) == 0 {
			return 0, ErrNoMove
		}
		m := ms[r.IntN(len(ms))]
		if info != nil {
			info(Info{Depth: 1, Nodes: int64(len(ms)), PV: []string{g.FormatMove(m)}})
		}
		return m, nil
	}
}

// Engine returns a Func backed by one rules/engine alpha-beta engine (with
// its transposition table, kept between searches) in its selective mode,
// as a playing engine searches. threads < 2 means one.
// The Func is not safe for concurrent use.
func Engine(hashEntries, threads int) Func {
	return EngineWith(engine.Options{HashEntries: hashEntries, Threads: threads, Selective: true})
}

// EngineWith is Engine with every option of boardrepl's engine given
// (uai's OwnBook sets NoBook).
func EngineWith(opts engine.Options) Func {
	e := engine.New(opts)
	return func(ctx context.Context, g rules.Game, lim Limits, info func(Info)) (rules.Move, error) {
		var cb func(engine.Info)
		if info != nil {
			cb = func(i engine.Info) { info(convert(i)) }
		}
		res, err := e.Search(ctx, g, engine.Limits{Depth: lim.Depth, Nodes: lim.Nodes, Time: lim.Time, Soft: lim.Soft, MultiPV: lim.MultiPV}, cb)
		if err != nil {
			if errors.Is(err, engine.ErrGameOver) {
				return 0, ErrNoMove
			}
			return 0, err
		}
		ms := g.Moves(nil)
		if len(ms) == 0 {
			return 0, ErrNoMove
		}
		for _, m := range ms {
			if m == res.Best && res.BestText != "" {
				return m, nil
			}
		}
		// Cut short before the first iteration finished: any legal move
		// beats losing on time.
		return ms[0], nil
	}
}

func convert(i engine.Info) Info {
	return Info{Depth: i.Depth, MultiPV: i.MultiPV, Score: i.Score, Mate: i.Mate(), Nodes: i.Nodes, Time: i.Time, PV: i.PVText, Partial: i.Partial}
}
