package batch

import (
	"fmt"
	"strconv"
	"strings"
)

// shard is a part K of N of a job (--shard K/N): the units (a game of a
// match, a record or a position line of an analysis) whose 0-based number
// is K-1 modulo N. The zero value is the whole job.
type shard struct{ k, n int }

func (s shard) String() string { return fmt.Sprintf("%d/%d", s.k, s.n) }

// has reports whether unit i belongs to the shard.
func (s shard) has(i int) bool { return s.n == 0 || i%s.n == s.k-1 }

// hasPair reports whether game i of a match belongs to the shard: the
// units of a match are its pairs of games (2k and 2k+1, which share their
// opening), so that a shard plays whole pairs, as many games with each
// colour, and counts its pairs' pentanomial statistics itself.
func (s shard) hasPair(i int) bool { return s.has(i / 2) }

// Set reads "K/N" (flag.Value).
func (s *shard) Set(v string) error {
	a, b, ok := strings.Cut(v, "/")
	k, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return fmt.Errorf("want K/N with 1 <= K <= N, such as 3/8 (got %q)", v)
	}
	s.k, s.n = k, n
	return nil
}
