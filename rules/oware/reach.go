package oware

// The abapa "indetermination" ending: the game is over when no capture can
// happen any more, whatever both players do. Until a capture the number of
// seeds on the board is fixed, so the positions reachable without a capture
// form a finite graph; the position is indeterminate when no position of that
// graph (itself included) has a capturing move. Scores play no part.
//
// Deciding it:
//  1. the side to move has a capturing move (not a grand slam): reachable.
//     This settles nearly every position of a real game in a few table
//     look-ups and no sowing;
//  2. a move of the side to move gives the opponent a capture, or a move
//     of each side gives the side to move one (one and two plies deeper,
//     without any bookkeeping);
//  3. a bounded cache of earlier answers, keyed by pits and side;
//  4. a breadth-first search of the capture-free graph, which stops at the
//     first position with a capturing move. When it finds none, every
//     position it visited is indeterminate and is remembered as such.
//
// Measured in perft 11 from the start (18.1 million nodes above the leaves),
// step 1 settles about half the nodes, step 2 all but about 85,000, which the
// search settles with 36 positions visited on average. The cache hardly
// matters there (positions rarely recur; 2^10 to 2^18 slots give the same
// time); it serves play and engine searches, which ask about the same
// positions again, and endgames, where a whole capture-free graph is
// remembered at once. It holds 4096 answers (64 KiB) per game value.

const (
	reachCacheBits = 12
	reachCacheSize = 1 << reachCacheBits
)

// reachEntry is one cache slot: the key, with the answer in bit 48 of b and
// bit 49 marking a used slot.
type reachEntry struct{ a, b uint64 }

const (
	reachYes  = 1 << 48
	reachUsed = 1 << 49
)

// reacher holds the cache and the search's scratch space. It is allocated
// the first time a game needs the search, and grows only while warming up.
type reacher struct {
	cache [reachCacheSize]reachEntry

	// visited set of the search: open addressing with generation stamps.
	seen    []seenEntry
	seenGen uint32
	seenN   int
	queue   []qent

	searches, visits uint64 // statistics for tests and tuning
}

type qent struct {
	p     pos
	depth int32
}

type seenEntry struct {
	k   pkey
	gen uint32
}

func (r *reacher) lookup(k pkey) (yes, ok bool) {
	e := &r.cache[k.hash()&(reachCacheSize-1)]
	if e.b&reachUsed == 0 || e.a != k.a || e.b&^(reachYes|reachUsed) != k.b {
		return false, false
	}
	return e.b&reachYes != 0, true
}

func (r *reacher) store(k pkey, yes bool) {
	e := &r.cache[k.hash()&(reachCacheSize-1)]
	e.a = k.a
	e.b = k.b | reachUsed
	if yes {
		e.b |= reachYes
	}
}

// mark adds k to the visited set and reports whether it was new.
func (r *reacher) mark(k pkey) bool {
	if 2*(r.seenN+1) > len(r.seen) {
		r.grow()
	}
	mask := uint64(len(r.seen) - 1)
	for h := k.hash() & mask; ; h = (h + 1) & mask {
		e := &r.seen[h]
		if e.gen != r.seenGen {
			e.k = k
			e.gen = r.seenGen
			r.seenN++
			return true
		}
		if e.k == k {
			return false
		}
	}
}

func (r *reacher) grow() {
	old := r.seen
	n := 2 * len(old)
	if n < 1024 {
		n = 1024
	}
	r.seen = make([]seenEntry, n)
	gen := r.seenGen
	r.seenN = 0
	r.seenGen = 1
	mask := uint64(n - 1)
	for _, e := range old {
		if e.gen != gen {
			continue
		}
		h := e.k.hash() & mask
		for r.seen[h].gen == 1 {
			h = (h + 1) & mask
		}
		r.seen[h] = seenEntry{e.k, 1}
		r.seenN++
	}
	r.seenGen = 1
}

func (r *reacher) resetSeen() {
	r.seenGen++
	r.seenN = 0
	if r.seenGen == 0 { // wrapped: clear the stamps
		for i := range r.seen {
			r.seen[i].gen = 0
		}
		r.seenGen = 1
	}
}

// captureReachable reports whether a capture can still happen from p.
func (r *reacher) captureReachable(p *pos) bool {
	if p.b.hasCapture(p.side) {
		return true
	}
	m := p.b.legalMask(p.side)
	if m == 0 {
		return false
	}
	return r.reachableAfter(p, m)
}

// reachableAfter decides reachability for a position p without a capturing
// move whose legal moves are m: one ply deeper (a move of the side to move
// gives the opponent a capture), two plies deeper, then the cache and the
// search. In perft from the start the first two settle all but about one
// depth-1 node in two hundred.
func (r *reacher) reachableAfter(p *pos, m uint32) bool {
	var kids [6]pos
	nk := 0
	for ; m != 0; m &= m - 1 {
		c := *p
		c.play(ctz(m))
		if c.b.hasCapture(c.side) {
			return true
		}
		kids[nk] = c
		nk++
	}
	for k := 0; k < nk; k++ {
		c := &kids[k]
		for om := c.b.legalMask(c.side); om != 0; om &= om - 1 {
			gc := *c
			gc.play(ctz(om))
			if gc.b.hasCapture(gc.side) {
				return true
			}
		}
	}
	key := p.key()
	if yes, ok := r.lookup(key); ok {
		return yes
	}
	yes := r.search(p, 2)
	r.store(key, yes)
	return yes
}

// search explores the capture-free graph from start breadth first. The
// positions up to known plies away are already known to have no capturing
// move.
func (r *reacher) search(start *pos, known int32) bool {
	r.searches++
	r.resetSeen()
	q := r.queue[:0]
	q = append(q, qent{pos{b: start.b, side: start.side}, 0})
	r.mark(start.key())
	found := false
	for head := 0; head < len(q); head++ {
		e := q[head]
		r.visits++
		if e.depth > known {
			if e.p.b.hasCapture(e.p.side) {
				found = true
				break
			}
		}
		if e.depth > 0 {
			if yes, ok := r.lookup(e.p.key()); ok {
				if yes {
					found = true
					break
				}
				continue // its whole graph is capture-free
			}
		}
		for m := e.p.b.legalMask(e.p.side); m != 0; m &= m - 1 {
			c := e.p
			c.play(ctz(m))
			if r.mark(c.key()) {
				q = append(q, qent{c, e.depth + 1})
			}
		}
	}
	if !found {
		for i := range q {
			r.store(q[i].p.key(), false)
		}
	}
	r.queue = q[:0]
	return found
}
