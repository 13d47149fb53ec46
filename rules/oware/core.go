package oware

import "math/bits"

// Pits are kept in sowing order, as the peers number them: index 0..5 is
// North's row from F to A, 6..11 South's row from G to L. Sowing goes
// i -> i+1 (mod 12), captures walk i -> i-1. North owns 0..5, South 6..11.
//
// The board is two words of bytes, pit i in byte i%8 of word i/8: sowing n
// seeds from a pit is then two additions of a precomputed word pair (no count
// ever exceeds 48, so bytes never carry), and rows are tested and summed a
// word at a time.

const (
	nPits    = 12
	maxSeeds = 48
)

// board holds the 12 pit counts in bytes 0..11; bytes 12..15 stay zero.
type board [2]uint64

// at is the number of seeds in pit i.
func (b *board) at(i int) uint8 { return uint8(b[i>>3&1] >> (8 * uint(i&7))) }

// set puts n seeds in pit i.
func (b *board) set(i int, n uint8) {
	w, sh := i>>3&1, 8*uint(i&7)
	b[w] = b[w]&^(0xFF<<sh) | uint64(n)<<sh
}

// pos is a position without history: pits, captured seeds and side to move.
type pos struct {
	b     board
	score [2]uint8
	side  uint8 // 0 north, 1 south
}

var (
	// sowDelta[i][c] is what sowing c seeds from pit i adds to the board
	// seen as two words, the emptying of the origin included (as a wrapping
	// subtraction, which borrows nothing since the origin holds exactly c).
	sowDelta [nPits][maxSeeds + 1][2]uint64
	// sowLand[i][c] is the pit the last of c seeds from pit i lands in.
	sowLand [nPits][maxSeeds + 1]uint8
	// capProbe[i][c] says where to look for a capture by the move from pit i
	// holding c seeds: the landing pit and how many seeds the sowing adds
	// to it, or, when it cannot capture (it lands in the mover's own row, or
	// c is 0), pit 12 (always empty) and 100.
	capProbe [nPits][256]probe
	// capOK[n] is 1 when a landing pit holding n seeds is captured.
	capOK [256]uint8
	// feedNeed[i] is the number of seeds pit i needs to reach the other row.
	feedNeed [nPits]uint8
)

type probe struct{ land, add uint8 }

func init() {
	capOK[2], capOK[3] = 1, 1
	for i := 0; i < nPits; i++ {
		for c := 1; c <= maxSeeds; c++ {
			var add [16]uint8
			j := i
			for k := 0; k < c; k++ {
				j = (j + 1) % nPits
				if j == i {
					j = (j + 1) % nPits
				}
				add[j]++
			}
			var lo, hi uint64
			for k := 0; k < 8; k++ {
				lo |= uint64(add[k]) << (8 * uint(k))
				hi |= uint64(add[8+k]) << (8 * uint(k))
			}
			if i < 8 {
				lo -= uint64(c) << (8 * uint(i))
			} else {
				hi -= uint64(c) << (8 * uint(i-8))
			}
			sowDelta[i][c] = [2]uint64{lo, hi}
			sowLand[i][c] = uint8(j)
			if (i < 6) != (j < 6) {
				capProbe[i][c] = probe{uint8(j), add[j]}
			} else {
				capProbe[i][c] = probe{12, 100}
			}
		}
		capProbe[i][0] = probe{12, 100}
		for c := maxSeeds + 1; c < 256; c++ {
			capProbe[i][c] = probe{12, 100}
		}
		if i < 6 {
			feedNeed[i] = uint8(6 - i)
		} else {
			feedNeed[i] = uint8(12 - i)
		}
	}
}

const (
	northMask = 0x0000_FFFF_FFFF_FFFF // bytes 0..5 of the low word
	southLo   = 0xFFFF_0000_0000_0000 // bytes 6..7 of the low word
	southHi   = 0x0000_0000_FFFF_FFFF // bytes 8..11 of the high word
)

func (b *board) words() (lo, hi uint64) { return b[0], b[1] }

// rowEmpty reports whether side's row holds no seed.
func (b *board) rowEmpty(side uint8) bool {
	lo, hi := b.words()
	if side == 0 {
		return lo&northMask == 0
	}
	return lo&southLo == 0 && hi&southHi == 0
}

// rowSum is the number of seeds in side's row.
func (b *board) rowSum(side uint8) int {
	var row uint64
	if side == 0 {
		row = b[0] & row48
	} else {
		row = (b[0]>>48 | b[1]<<16) & row48
	}
	return int(row * 0x0101_0101_0101_0101 >> 56)
}

func (b *board) total() int { return b.rowSum(0) + b.rowSum(1) }

// legalMask returns the legal moves of side as a bit set of pit indexes:
// its non-empty pits, or only those reaching the other row when that row is
// empty (feeding).
func (b *board) legalMask(side uint8) uint32 {
	lo, hi := b.words()
	nz := nonzeroBytes(lo) | nonzeroBytes(hi)<<8
	m := nz & (0x3f << (6 * uint(side)))
	if nz&(0x3f<<(6*uint(1-side))) == 0 {
		for mm := m; mm != 0; mm &= mm - 1 {
			i := ctz(mm)
			if b.at(i) < feedNeed[i] {
				m &^= 1 << uint(i)
			}
		}
	}
	return m
}

// nonzeroBytes maps each non-zero byte of x (all below 0x80) to one bit.
func nonzeroBytes(x uint64) uint32 {
	t := (x + 0x7f7f7f7f7f7f7f7f) & 0x8080808080808080
	return uint32((t >> 7) * 0x0102040810204080 >> 56)
}

// capture works out the capture of a mover of side whose last seed landed
// in pit land, on the board after sowing (lo, hi): the captured pits as a
// bit set over the opponent's row (bit k = its k-th pit in sowing order),
// empty when the last seed did not make 2 or 3 or when the capture would
// take every seed of the row (grand slam), and that row as a word of bytes.
func capture(lo, hi uint64, side uint8, land int) (chain uint32, row uint64) {
	l := uint(land - 6*int(1-side))
	if l >= 6 {
		return 0, 0
	}
	if side == 0 {
		row = (lo>>48 | hi<<16) & row48
	} else {
		row = lo & row48
	}
	is23 := ^nonzeroBytes((row&0xFEFE_FEFE_FEFE)^0x0202_0202_0202) & 0x3f
	if is23>>l&1 == 0 {
		return 0, row
	}
	below := uint32(2)<<l - 1
	chain = below &^ (1<<uint(bits.Len32(^is23&below)) - 1)
	if nonzeroBytes(row)&^chain == 0 {
		return 0, row // grand slam
	}
	return chain, row
}

const row48 = 0x0000_FFFF_FFFF_FFFF

// byteMask[m] has byte k set to 0xFF for every bit k of m.
var byteMask [64]uint64

func init() {
	for m := range byteMask {
		for k := 0; k < 6; k++ {
			if m>>k&1 != 0 {
				byteMask[m] |= 0xFF << (8 * uint(k))
			}
		}
	}
}

// play makes the move from pit i for the side to move and returns the
// landing pit and the number of pits captured (0 for no capture or a grand
// slam), which are the landing pit and the ones before it.
func (p *pos) play(i int) (land, ncap int) {
	c := p.b.at(i)
	a := &sowDelta[i][c]
	lo, hi := p.b[0]+a[0], p.b[1]+a[1]
	land = int(sowLand[i][c])
	side := p.side
	if chain, row := capture(lo, hi, side, land); chain != 0 {
		m := byteMask[chain&63]
		p.score[side] += uint8(((row & m) * 0x0101_0101_0101_0101) >> 56)
		if side == 0 {
			lo &^= m << 48
			hi &^= m >> 16
		} else {
			lo &^= m
		}
		ncap = bits.OnesCount32(chain)
	}
	p.b[0], p.b[1] = lo, hi
	p.side = side ^ 1
	return land, ncap
}

// hasCapture reports whether side has a move that captures (a grand slam
// does not count). A capturing move always feeds, so it is always legal.
// The six probes are branch-free table look-ups; only a candidate capture
// is sown to rule out a grand slam.
func (b *board) hasCapture(side uint8) bool {
	var cand uint32
	if side == 0 {
		cand = b.probe(0) | b.probe(1) | b.probe(2) | b.probe(3) | b.probe(4) | b.probe(5)
	} else {
		cand = b.probe(6) | b.probe(7) | b.probe(8) | b.probe(9) | b.probe(10) | b.probe(11)
	}
	if cand == 0 {
		return false
	}
	return b.confirmCapture(side, cand)
}

// probe returns bit i when the move from pit i lands its last seed on an
// opponent's pit that then holds 2 or 3 seeds.
func (b *board) probe(i int) uint32 {
	pr := capProbe[i][b.at(i)]
	return uint32(capOK[b.at(int(pr.land))+pr.add]) << uint(i)
}

// confirmCapture checks the candidate moves for a grand slam.
func (b *board) confirmCapture(side uint8, cand uint32) bool {
	for ; cand != 0; cand &= cand - 1 {
		i := ctz(cand)
		c := b.at(i)
		a := &sowDelta[i][c]
		if chain, _ := capture(b[0]+a[0], b[1]+a[1], side, int(sowLand[i][c])); chain != 0 {
			return true
		}
	}
	return false
}

func popcount(m uint32) int { return bits.OnesCount32(m) }

// key packs a position's pits and side (not the scores) into two words.
type pkey struct{ a, b uint64 }

func (p *pos) key() pkey {
	lo, hi := p.b.words()
	return pkey{lo, hi | uint64(p.side)<<40}
}

func (k pkey) hash() uint64 {
	h := k.a*0x9E3779B97F4A7C15 ^ k.b*0xC2B2AE3D27D4EB4F
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 32
	return h
}

func ctz(m uint32) int { return bits.TrailingZeros32(m) }
