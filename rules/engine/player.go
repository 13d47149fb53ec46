package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"boardrepl/rules"
)

// A Player chooses moves: the computer opponents of the REPL (ai) and of
// self-play matches.
type Player interface {
	// Spec is the specification the player was made from, canonical:
	// "random", "ab:depth=4", "mcts:playouts=2000".
	Spec() string
	// NewGame prepares for a new game; seed drives every random choice.
	NewGame(seed uint64)
	// Move chooses a move in g (which it does not change). g must not be
	// over.
	Move(ctx context.Context, g rules.Game) (rules.Move, error)
}

// PlayerHelp documents the player specifications.
const PlayerHelp = `player specifications:
  random                      a uniformly random legal move
  ab:depth=N                  alpha-beta to depth N (the default is depth=4)
  ab:time=T                   alpha-beta for T per move (100ms, 2s)
  ab:nodes=N                  alpha-beta for about N nodes per move
      (depth, time and nodes combine: the first limit reached stops;
       threads=N searches with N threads, hash=N sets the table entries)
  mcts:playouts=N             Monte Carlo tree search, N playouts per move
  mcts:time=T                 ... for T per move (c=X exploration, default 1.4)
  uai:[time=T|depth=N|nodes=N] COMMAND [ARG...]
                              an outside Ataxx engine speaking UAI, run as
                              COMMAND (split at spaces, no quoting), asked
                              "go movetime T" (default time=100ms), "go depth
                              N" or "go nodes N"; e.g. uai:nodes=20000
                              ./boardrepl uai or uai:time=100ms ./autaxx
`

// ParsePlayer reads a player specification (see PlayerHelp).
func ParsePlayer(spec string) (Player, error) {
	spec = strings.TrimSpace(spec)
	kind, rest, _ := strings.Cut(spec, ":")
	if kind == "uai" {
		return parseUAIPlayer(spec, rest)
	}
	kv := map[string]string{}
	var keys []string
	if rest != "" {
		for _, p := range strings.Split(rest, ",") {
			k, v, ok := strings.Cut(p, "=")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			if !ok || k == "" || v == "" {
				return nil, fmt.Errorf("player %q: %q is not KEY=VALUE", spec, p)
			}
			if _, dup := kv[k]; dup {
				return nil, fmt.Errorf("player %q: %s given twice", spec, k)
			}
			kv[k] = v
			keys = append(keys, k)
		}
	}
	intOf := func(k string, lo int) (int, error) {
		n, err := strconv.Atoi(kv[k])
		if err != nil || n < lo {
			return 0, fmt.Errorf("player %q: %s=%s: want a whole number >= %d", spec, k, kv[k], lo)
		}
		return n, nil
	}
	durOf := func(k string) (time.Duration, error) {
		d, err := time.ParseDuration(kv[k])
		if err != nil || d <= 0 {
			return 0, fmt.Errorf("player %q: %s=%s: want a duration like 100ms or 2s", spec, k, kv[k])
		}
		return d, nil
	}
	allow := func(names ...string) error {
		for _, k := range keys {
			ok := false
			for _, n := range names {
				ok = ok || n == k
			}
			if !ok {
				return fmt.Errorf("player %q: unknown setting %q for %s (settings: %s)", spec, k, kind, strings.Join(names, ", "))
			}
		}
		return nil
	}
	canon := func() string {
		if len(keys) == 0 {
			return kind
		}
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k + "=" + kv[k]
		}
		return kind + ":" + strings.Join(parts, ",")
	}
	switch kind {
	case "random":
		if err := allow(); err != nil {
			return nil, err
		}
		return &randomPlayer{}, nil
	case "ab", "alphabeta":
		kind = "ab"
		if err := allow("depth", "time", "nodes", "threads", "hash"); err != nil {
			return nil, err
		}
		p := &abPlayer{spec: canon()}
		var err error
		opts := Options{HashEntries: 1 << 18, Selective: true}
		for _, k := range keys {
			switch k {
			case "depth":
				p.lim.Depth, err = intOf(k, 1)
				if err == nil && p.lim.Depth >= MaxPly {
					err = fmt.Errorf("player %q: depth=%d: want less than %d", spec, p.lim.Depth, MaxPly)
				}
			case "time":
				p.lim.Time, err = durOf(k)
			case "nodes":
				var n int
				n, err = intOf(k, 1)
				p.lim.Nodes = int64(n)
			case "threads":
				opts.Threads, err = intOf(k, 1)
			case "hash":
				opts.HashEntries, err = intOf(k, 1024)
			}
			if err != nil {
				return nil, err
			}
		}
		if p.lim.Depth == 0 && p.lim.Time == 0 && p.lim.Nodes == 0 {
			p.lim.Depth = 4
		}
		p.e = New(opts)
		return p, nil
	case "mcts":
		if err := allow("playouts", "time", "c", "cap"); err != nil {
			return nil, err
		}
		var o MCTSOptions
		var err error
		for _, k := range keys {
			switch k {
			case "playouts":
				o.Playouts, err = intOf(k, 1)
			case "time":
				o.Time, err = durOf(k)
			case "cap":
				o.MaxPlayout, err = intOf(k, 1)
			case "c":
				o.C, err = strconv.ParseFloat(kv[k], 64)
				if err != nil || o.C <= 0 {
					err = fmt.Errorf("player %q: c=%s: want a positive number", spec, kv[k])
				}
			}
			if err != nil {
				return nil, err
			}
		}
		return &mctsPlayer{spec: canon(), m: NewMCTS(o)}, nil
	case "":
		return nil, fmt.Errorf("empty player specification (want random, ab:depth=N, ab:time=T or mcts:playouts=N)")
	}
	return nil, fmt.Errorf("player %q: unknown kind %q (want random, ab, mcts or uai)", spec, kind)
}

type randomPlayer struct {
	rng *rand.Rand
	buf []rules.Move
}

func (p *randomPlayer) Spec() string { return "random" }

func (p *randomPlayer) NewGame(seed uint64) { p.rng = rand.New(rand.NewPCG(seed, 0x72616e64)) }

func (p *randomPlayer) Move(ctx context.Context, g rules.Game) (rules.Move, error) {
	if p.rng == nil {
		p.NewGame(0)
	}
	p.buf = g.Moves(p.buf[:0])
	if len(p.buf) == 0 {
		return 0, ErrGameOver
	}
	return p.buf[p.rng.IntN(len(p.buf))], nil
}

type abPlayer struct {
	spec string
	lim  Limits
	e    *Engine
}

func (p *abPlayer) Spec() string        { return p.spec }
func (p *abPlayer) NewGame(seed uint64) { p.e.NewGame() }
func (p *abPlayer) Move(ctx context.Context, g rules.Game) (rules.Move, error) {
	res, err := p.e.Search(ctx, g, p.lim, nil)
	return res.Best, err
}

// EngineOf returns the alpha-beta engine and the limits of an ab player.
func EngineOf(p Player) (*Engine, Limits, bool) {
	if ab, ok := p.(*abPlayer); ok {
		return ab.e, ab.lim, true
	}
	return nil, Limits{}, false
}

type mctsPlayer struct {
	spec string
	m    *MCTS
}

func (p *mctsPlayer) Spec() string        { return p.spec }
func (p *mctsPlayer) NewGame(seed uint64) { p.m.Reseed(seed) }
func (p *mctsPlayer) Move(ctx context.Context, g rules.Game) (rules.Move, error) {
	res, err := p.m.Search(ctx, g)
	return res.Best, err
}
