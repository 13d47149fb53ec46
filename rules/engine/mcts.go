package engine

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"boardrepl/rules"
)

// MCTSOptions configure a Monte Carlo tree search.
type MCTSOptions struct {
	// Playouts is the number of playouts per move (0: 1000, unless Time is
	// set).
	Playouts int
	// Time bounds the search per move.
	Time time.Duration
	// C is the UCT exploration constant (0: 1.4).
	C float64
	// MaxPlayout caps the length of a playout in plies (0: 400); a playout
	// cut short is judged by the game's evaluation (its sign), else a draw.
	MaxPlayout int
	// Seed makes the search reproducible.
	Seed uint64
}

// MCTSResult is the outcome of a Monte Carlo tree search.
type MCTSResult struct {
	Best     rules.Move
	BestText string
	Playouts int
	Visits   int     // visits of the best move
	WinRate  float64 // the best move's mean reward for the side to move (0..1)
	Time     time.Duration
}

type mctsNode struct {
	move     rules.Move
	first    int32 // index of the first child, -1 until expanded
	n        int32 // number of children
	visits   int32
	terminal int8 // -1 not yet known, 0 ongoing, 1 over
	reward   float64
}

// MCTS is a UCT searcher: selection by UCB1, expansion of all the moves of
// a node on its first visit (in a shuffled order), random playouts, rewards
// backed up alternating between the players (each ply changes the player to
// move, a Konobi swap included). One MCTS searches one position at a time.
type MCTS struct {
	opts  MCTSOptions
	rng   *rand.Rand
	nodes []mctsNode
	buf   []rules.Move
	path  []int32
}

// NewMCTS returns a Monte Carlo tree searcher.
func NewMCTS(opts MCTSOptions) *MCTS {
	if opts.C == 0 {
		opts.C = 1.4
	}
	if opts.MaxPlayout == 0 {
		opts.MaxPlayout = 400
	}
	if opts.Playouts == 0 && opts.Time == 0 {
		opts.Playouts = 1000
	}
	return &MCTS{opts: opts, rng: rand.New(rand.NewPCG(opts.Seed, 0x6d637473))}
}

// Reseed restarts the random sequence (a new game of a match).
func (m *MCTS) Reseed(seed uint64) { m.rng = rand.New(rand.NewPCG(seed, 0x6d637473)) }

// Search runs the playouts from g (which it does not change) and returns
// the most visited move.
func (m *MCTS) Search(ctx context.Context, g rules.Game) (MCTSResult, error) {
	if over, _ := rules.Outcome(g); over {
		return MCTSResult{}, ErrGameOver
	}
	start := time.Now()
	g = g.Clone()
	ev, _ := g.(rules.Evaluator)
	m.nodes = append(m.nodes[:0], mctsNode{first: -1, terminal: 0})
	var deadline time.Time
	if m.opts.Time > 0 {
		deadline = start.Add(m.opts.Time)
	}
	playouts := 0
	for ; m.opts.Playouts == 0 || playouts < m.opts.Playouts; playouts++ {
		if playouts&63 == 0 && playouts > 0 {
			if ctx.Err() != nil || (!deadline.IsZero() && time.Now().After(deadline)) {
				break
			}
		}
		m.playout(g, ev)
	}
	root := &m.nodes[0]
	if root.first < 0 {
		m.expand(g, 0)
		root = &m.nodes[0]
	}
	best := int32(-1)
	for i := root.first; i < root.first+root.n; i++ {
		if best < 0 || m.nodes[i].visits > m.nodes[best].visits ||
			(m.nodes[i].visits == m.nodes[best].visits && m.nodes[i].reward > m.nodes[best].reward) {
			best = i
		}
	}
	b := m.nodes[best]
	res := MCTSResult{Best: b.move, BestText: g.FormatMove(b.move), Playouts: playouts, Visits: int(b.visits), Time: time.Since(start)}
	if b.visits > 0 {
		res.WinRate = b.reward / float64(b.visits)
	}
	return res, nil
}

// expand creates the children of node i (the position g).
func (m *MCTS) expand(g rules.Game, i int32) {
	m.buf = g.Moves(m.buf[:0])
	m.rng.Shuffle(len(m.buf), func(a, b int) { m.buf[a], m.buf[b] = m.buf[b], m.buf[a] })
	first := int32(len(m.nodes))
	for _, mv := range m.buf {
		m.nodes = append(m.nodes, mctsNode{move: mv, first: -1, terminal: -1})
	}
	m.nodes[i].first = first
	m.nodes[i].n = int32(len(m.buf))
}

// playout runs one selection, expansion, simulation and backup.
func (m *MCTS) playout(g rules.Game, ev rules.Evaluator) {
	m.path = append(m.path[:0], 0)
	cur := int32(0)
	played := 0
	var reward float64 // for the player to move at the end position
	for {
		nd := &m.nodes[cur]
		if nd.terminal < 0 {
			over, _ := rules.Outcome(g)
			nd.terminal = 0
			if over {
				nd.terminal = 1
			}
		}
		if nd.terminal == 1 {
			reward = endReward(g)
			break
		}
		if nd.first < 0 {
			if nd.visits == 0 && cur != 0 {
				// First visit: simulate from here.
				reward = m.simulate(g, ev)
				break
			}
			m.expand(g, cur)
		}
		cur = m.selectChild(cur)
		g.Play(m.nodes[cur].move)
		played++
		m.path = append(m.path, cur)
	}
	for ; played > 0; played-- {
		g.Unplay()
	}
	// Back up: the node reached at the end was entered by the other player.
	r := 1 - reward
	for k := len(m.path) - 1; k >= 0; k-- {
		nd := &m.nodes[m.path[k]]
		nd.visits++
		nd.reward += r
		r = 1 - r
	}
}

func (m *MCTS) selectChild(i int32) int32 {
	nd := &m.nodes[i]
	logN := math.Log(float64(nd.visits) + 1)
	best, bestV := int32(-1), math.Inf(-1)
	for c := nd.first; c < nd.first+nd.n; c++ {
		ch := &m.nodes[c]
		if ch.visits == 0 {
			return c
		}
		v := ch.reward/float64(ch.visits) + m.opts.C*math.Sqrt(logN/float64(ch.visits))
		if v > bestV {
			best, bestV = c, v
		}
	}
	return best
}

// simulate plays random moves to the end (or the cap) and returns the
// reward for the player to move where it started.
func (m *MCTS) simulate(g rules.Game, ev rules.Evaluator) float64 {
	n := 0
	var r float64
	for {
		if over, _ := rules.Outcome(g); over {
			r = endReward(g)
			break
		}
		if n >= m.opts.MaxPlayout {
			r = 0.5
			if ev != nil {
				switch e := ev.Evaluate(); {
				case e > 0:
					r = 1
				case e < 0:
					r = 0
				}
			}
			break
		}
		m.buf = g.Moves(m.buf[:0])
		g.Play(m.buf[m.rng.IntN(len(m.buf))])
		n++
	}
	for k := n; k > 0; k-- {
		g.Unplay()
	}
	if n%2 == 1 {
		r = 1 - r
	}
	return r
}

// endReward is the reward of a finished game for the player to move.
func endReward(g rules.Game) float64 {
	_, w := rules.Outcome(g)
	switch {
	case w < 0:
		return 0.5
	case w == g.SideToMove():
		return 1
	}
	return 0
}
