package ataxx

import "boardrepl/rules/splitmix"

// Block generation. The pattern must be symmetric both vertically and
// horizontally and leave the four corners free. The squares fall into
// orbits under the two mirror symmetries: the centre d4 (1 square), the
// other squares of file d and rank 4 in pairs (6 orbits of 2), and the
// others in fours (8 orbits of 4, each with one square next to or two from
// every corner, the corners themselves excluded). A pattern is a union of
// orbits. The generator keeps at least one orbit of four free, so that the
// pieces have room to move: every count from 0 to 41 is possible.

const maxBlocks = 1 + 6*2 + 7*4

var (
	orbitCentre uint64
	orbitPairs  []uint64
	orbitQuads  []uint64
)

func sq(file, rank int) uint64 { return uint64(1) << (rank*size + file) }

func init() {
	orbitCentre = sq(3, 3)
	for i := 0; i < 3; i++ {
		orbitPairs = append(orbitPairs, sq(3, i)|sq(3, 6-i), sq(i, 3)|sq(6-i, 3))
	}
	for f := 0; f < 3; f++ {
		for r := 0; r < 3; r++ {
			if f == 0 && r == 0 {
				continue
			}
			orbitQuads = append(orbitQuads, sq(f, r)|sq(6-f, r)|sq(f, 6-r)|sq(6-f, 6-r))
		}
	}
}

func binom(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := 0; i < k; i++ {
		r = r * (n - i) / (i + 1)
	}
	return r
}

// pick returns k distinct orbits of os, chosen at random.
func pick(rng *splitmix.Rand, os []uint64, k int) uint64 {
	idx := make([]int, len(os))
	for i := range idx {
		idx[i] = i
	}
	var b uint64
	for i := 0; i < k; i++ {
		j := i + rng.Intn(len(idx)-i)
		idx[i], idx[j] = idx[j], idx[i]
		b |= os[idx[i]]
	}
	return b
}

// generateBlocks returns a pattern of n blocks (0 <= n <= maxBlocks), or
// of a random count from 1 to maxBlocks when n < 0, chosen uniformly among
// the patterns of that count, reproducibly from seed.
func generateBlocks(n int, seed int64) uint64 {
	rng := splitmix.New(uint64(seed)) // patterns depend on the seed only
	if n < 0 {
		n = 1 + rng.Intn(maxBlocks)
	}
	if n == 0 || n > maxBlocks {
		return 0
	}
	var b uint64
	if n%2 == 1 {
		b = orbitCentre
	}
	half := n / 2 // pairs + 2*quads
	type split struct{ pairs, quads, weight int }
	var splits []split
	total := 0
	for q := 0; q <= 7 && 2*q <= half; q++ {
		p := half - 2*q
		if p > len(orbitPairs) {
			continue
		}
		w := binom(len(orbitPairs), p) * binom(len(orbitQuads), q)
		splits = append(splits, split{p, q, w})
		total += w
	}
	r := rng.Intn(total)
	for _, s := range splits {
		if r < s.weight {
			b |= pick(rng, orbitPairs, s.pairs)
			// Choose from the 8 orbits of four but at most 7 of them.
			b |= pick(rng, orbitQuads, s.quads)
			break
		}
		r -= s.weight
	}
	return b
}
