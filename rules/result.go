package rules

import (
	"sort"
	"strings"
	"sync"
)

// FormatResult writes a result in words for a game's sides:
// "red wins 29-20 (no moves left for either side)", "draw 24-24
// (indetermination)", "ongoing".
func FormatResult(g Game, r Result) string {
	var b strings.Builder
	switch r.Status {
	case Ongoing:
		return "ongoing"
	case Win:
		b.WriteString(g.SideName(r.Winner))
		b.WriteString(" wins")
	case Draw:
		b.WriteString("draw")
	}
	if r.Score != "" {
		b.WriteString(" ")
		b.WriteString(r.Score)
	}
	if r.Reason != "" {
		b.WriteString(" (")
		b.WriteString(r.Reason)
		b.WriteString(")")
	}
	return b.String()
}

// FindMove returns the legal move whose canonical notation is s, if any. It
// is a helper for games whose ParseMove first normalises the text.
func FindMove(g Game, s string) (Move, bool) {
	for _, m := range g.Moves(nil) {
		if g.FormatMove(m) == s {
			return m, true
		}
	}
	return 0, false
}

// Passer is implemented by games that have a pass move, to tell it apart.
type Passer interface {
	IsPass(m Move) bool
}

// IsPass reports whether m is a pass: the game says so, or the move is
// written "pass" or "0000".
func IsPass(g Game, m Move) bool {
	if p, ok := g.(Passer); ok {
		return p.IsPass(m)
	}
	s := g.FormatMove(m)
	return s == "pass" || s == "0000"
}

// ForcedPass returns the pass when it is the only legal move.
func ForcedPass(g Game) (Move, bool) {
	// The move list goes through an interface, so a buffer on the stack
	// would escape: a pooled one keeps this call, made after every ply a
	// line plays, free of allocations (an Ataxx middle game has hundreds
	// of moves).
	bp := moveBufs.Get().(*[]Move)
	ms := g.Moves((*bp)[:0])
	m, ok := Move(0), len(ms) == 1 && IsPass(g, ms[0])
	if ok {
		m = ms[0]
	}
	*bp = ms[:0]
	moveBufs.Put(bp)
	return m, ok
}

// moveBufs holds move lists for ForcedPass.
var moveBufs = sync.Pool{New: func() any {
	s := make([]Move, 0, 512)
	return &s
}}

// MoveTexts lists the legal moves in canonical notation, sorted in byte
// order (the order of 'boardrepl moves').
func MoveTexts(g Game) []string {
	ms := g.Moves(nil)
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = g.FormatMove(m)
	}
	sort.Strings(out)
	return out
}

// AgreedEnder is implemented by games whose rules say what ending the game
// by agreement gives (Oware: each player takes the seeds of his own row).
type AgreedEnder interface {
	AgreedResult() Result
}

// AgreedResult is the result of ending the game by the players' agreement
// now: the game's own rule when it has one, else a draw.
func AgreedResult(g Game) Result {
	if a, ok := g.(AgreedEnder); ok {
		return a.AgreedResult()
	}
	return Result{Status: Draw, Winner: -1, Reason: "agreed"}
}
