package oware

// Perft counts the leaves of the legal move tree to depth, with bulk
// counting at the last ply. A finished game (famine, indetermination, or the
// tournament endings) has no moves.
//
// In the default rules every node needs the indetermination test. Perft
// gets it almost for free: a node is not indeterminate when its side to move
// has a capture, or when one of its children is not (the children of an
// inner node are searched anyway, and tell their parent). Only the nodes
// just above the leaves look one ply further themselves, and only positions
// that settle neither way reach the exact search (see reach.go).
func (g *Game) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if g.tournament {
		return g.perftTournament(g.p, depth)
	}
	n, _ := perftSeed(g.reacher(), g.p, depth)
	return n
}

// perftSeed returns the leaf count and whether a capture is reachable from p.
func perftSeed(r *reacher, p pos, depth int) (uint64, bool) {
	m := p.b.legalMask(p.side)
	if m == 0 {
		return 0, false
	}
	if p.b.hasCapture(p.side) {
		if depth == 1 {
			return uint64(popcount(m)), true
		}
		var n uint64
		for ; m != 0; m &= m - 1 {
			c := p
			c.play(ctz(m))
			k, _ := perftSeed(r, c, depth-1)
			n += k
		}
		return n, true
	}
	if depth == 1 {
		if r.reachableAfter(&p, m) {
			return uint64(popcount(m)), true
		}
		return 0, false
	}
	k := p.key()
	known, ok := r.lookup(k)
	if ok && !known {
		return 0, false
	}
	var n uint64
	reach := false
	for ; m != 0; m &= m - 1 {
		c := p
		c.play(ctz(m))
		k, cr := perftSeed(r, c, depth-1)
		n += k
		reach = reach || cr
	}
	if !reach {
		r.store(k, false)
		return 0, false
	}
	return n, true
}

// perftTournament walks with the game's history so that repetitions count;
// p is the position on top of g.hist.
func (g *Game) perftTournament(p pos, depth int) uint64 {
	if scoreEnds(&p, g.total) {
		return 0
	}
	if g.repeated() {
		return 0
	}
	m := p.b.legalMask(p.side)
	if m == 0 {
		return 0
	}
	if depth == 1 {
		return uint64(popcount(m))
	}
	var n uint64
	start := g.capStart
	for ; m != 0; m &= m - 1 {
		c := p
		if _, ncap := c.play(ctz(m)); ncap > 0 {
			g.capStart = len(g.hist)
		}
		g.hist = append(g.hist, histEntry{hashOf(&c), c.b})
		n += g.perftTournament(c, depth-1)
		g.hist = g.hist[:len(g.hist)-1]
		g.capStart = start
	}
	return n
}

// scoreEnds reports the tournament's score endings: a player has more than
// half of the seeds in play, or both have exactly half.
func scoreEnds(p *pos, total int) bool {
	s0, s1 := 2*int(p.score[0]), 2*int(p.score[1])
	return s0 > total || s1 > total || (s0 == total && s1 == total)
}
