package ataxx

// Perft counts the leaves of the move tree to depth with the libataxx
// convention: perft(0) = 1 even when the game is over; a finished game has
// no moves; a forced pass is one move; doubles count per source square.
// It copies positions (no make/unmake) and bulk-counts at the last ply.
func (g *Game) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	p := perfter{open: full &^ g.blocks, fifty: g.fifty}
	return p.perft(g.bb[g.side], g.bb[1-g.side], g.half, depth)
}

type perfter struct {
	open  uint64 // squares that are not blocked
	fifty bool
}

func (p *perfter) perft(us, them uint64, half, depth int) uint64 {
	if us == 0 || them == 0 || (p.fifty && half >= 100) {
		return 0
	}
	empty := p.open &^ (us | them)
	if depth == 1 {
		n := popcount(expand1(us)&empty) + countDoubles(us, empty)
		if n != 0 {
			return uint64(n)
		}
		// No move: a pass unless neither side can reach an empty square.
		if expand2(them)&empty != 0 {
			return 1
		}
		return 0
	}
	var n uint64
	moved := false
	singles := expand1(us) & empty
	if singles != 0 {
		moved = true
		for ; singles != 0; singles &= singles - 1 {
			to := tz(singles)
			cap := adj1[to] & them
			n += p.perft(them^cap, us|uint64(1)<<to|cap, 0, depth-1)
		}
	}
	for f := us; f != 0; f &= f - 1 {
		from := tz(f)
		t := adj2[from] & empty
		if t == 0 {
			continue
		}
		moved = true
		rest := us &^ (uint64(1) << from)
		for ; t != 0; t &= t - 1 {
			to := tz(t)
			cap := adj1[to] & them
			n += p.perft(them^cap, rest|uint64(1)<<to|cap, half+1, depth-1)
		}
	}
	if !moved && expand2(them)&empty != 0 {
		n = p.perft(them, us, half+1, depth-1)
	}
	return n
}

// countDoubles counts the jumps (source, destination) from the pieces us to
// the squares empty: per piece when there are few, else by shifting the
// whole set once per jump direction.
func countDoubles(us, empty uint64) int {
	if popcount(us) <= ringThreshold {
		return doublesByPiece(us, empty)
	}
	return doublesByShift(us, empty)
}

const ringThreshold = 6

func doublesByPiece(us, empty uint64) int {
	n := 0
	for b := us; b != 0; b &= b - 1 {
		n += popcount(adj2[tz(b)] & empty)
	}
	return n
}

// doublesByShift counts over the 16 jump directions: each destination bit
// of a shifted set stands for one (source, destination) pair.
func doublesByShift(us, empty uint64) int {
	// Pieces shifted by -2..+2 files (masked so nothing wraps a rank).
	l2 := (us & notAB) >> 2
	l1 := (us & notA) >> 1
	r1 := (us & notG) << 1
	r2 := (us & notFG) << 2
	// Two ranks up or down, any file offset.
	n := popcount(l2<<14&empty) + popcount(l1<<14&empty) + popcount(us<<14&empty) + popcount(r1<<14&empty) + popcount(r2<<14&empty)
	n += popcount(l2>>14&empty) + popcount(l1>>14&empty) + popcount(us>>14&empty) + popcount(r1>>14&empty) + popcount(r2>>14&empty)
	// Two files left or right, one rank up, same rank, one rank down.
	n += popcount(l2<<7&empty) + popcount(l2&empty) + popcount(l2>>7&empty)
	n += popcount(r2<<7&empty) + popcount(r2&empty) + popcount(r2>>7&empty)
	return n
}
