package ataxx

import "math/bits"

// Squares are numbered a1=0, b1=1, ..., g1=6, a2=7, ..., g7=48: index =
// rank*7 + file. A bitboard holds one bit per square in the low 49 bits.

const (
	size    = 7
	nsq     = size * size
	full    = uint64(1)<<nsq - 1
	fileA   = uint64(0x0040810204081) // a1, a2, ..., a7
	fileB   = fileA << 1
	fileF   = fileA << 5
	fileG   = fileA << 6
	notA    = full &^ fileA
	notG    = full &^ fileG
	notAB   = full &^ (fileA | fileB)
	notFG   = full &^ (fileF | fileG)
	corners = uint64(1)<<0 | uint64(1)<<6 | uint64(1)<<42 | uint64(1)<<48
)

var (
	// adj1[s] holds the squares at distance 1 from s, adj2[s] those at
	// distance exactly 2.
	adj1 [nsq]uint64
	adj2 [nsq]uint64
)

func init() {
	for s := 0; s < nsq; s++ {
		for t := 0; t < nsq; t++ {
			switch dist(s, t) {
			case 1:
				adj1[s] |= 1 << t
			case 2:
				adj2[s] |= 1 << t
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// dist is the distance between two squares: max(|file diff|, |rank diff|).
func dist(s, t int) int {
	return max(abs(s%size-t%size), abs(s/size-t/size))
}

// expand1 returns b and every square at distance 1 from it.
func expand1(b uint64) uint64 {
	h := b | (b&notG)<<1 | (b&notA)>>1
	return (h | h<<size | h>>size) & full
}

// expand2 returns b and every square within distance 2 of it.
func expand2(b uint64) uint64 {
	h := b | (b&notG)<<1 | (b&notA)>>1 | (b&notFG)<<2 | (b&notAB)>>2
	return (h | h<<size | h>>size | h<<(2*size) | h>>(2*size)) & full
}

func popcount(b uint64) int { return bits.OnesCount64(b) }

func squareName(s int) string {
	return string([]byte{byte('a' + s%size), byte('1' + s/size)})
}

// parseSquare reads a square name such as "f2".
func parseSquare(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'g' || s[1] < '1' || s[1] > '7' {
		return 0, false
	}
	return int(s[1]-'1')*size + int(s[0]-'a'), true
}

func tz(b uint64) int { return bits.TrailingZeros64(b) }
