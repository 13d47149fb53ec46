package ataxx

import (
	"fmt"
	"strings"

	"boardrepl/rules"
)

// Move encoding: kind<<16 | from<<8 | to. The zero Move is not a move.
const (
	kindSingle = 1
	kindDouble = 2
	kindPass   = 3

	// Pass is the pass move.
	Pass = rules.Move(kindPass << 16)
)

func single(to int) rules.Move       { return rules.Move(kindSingle<<16 | to) }
func double(from, to int) rules.Move { return rules.Move(kindDouble<<16 | from<<8 | to) }
func moveParts(m rules.Move) (kind, from, to int) {
	return int(m >> 16), int(m>>8) & 0xff, int(m) & 0xff
}

// IsPass reports whether m is the pass.
func (g *Game) IsPass(m rules.Move) bool { return m == Pass }

func (g *Game) empty() uint64 { return full &^ (g.bb[0] | g.bb[1] | g.blocks) }

// over reports whether the game has ended: a side has no pieces, no empty
// square lies within distance 2 of any piece, or (fifty=on) the halfmove
// clock has reached 100.
func (g *Game) over() bool {
	if g.bb[0] == 0 || g.bb[1] == 0 {
		return true
	}
	if expand2(g.bb[0]|g.bb[1])&g.empty() == 0 {
		return true
	}
	return g.fifty && g.half >= 100
}

// Moves appends the legal moves: singles by destination (a1, b1, ..., g7),
// then doubles by source and destination, or the pass alone.
func (g *Game) Moves(buf []rules.Move) []rules.Move {
	if g.over() {
		return buf
	}
	us := g.bb[g.side]
	empty := g.empty()
	n := len(buf)
	for b := expand1(us) & empty; b != 0; b &= b - 1 {
		buf = append(buf, single(tz(b)))
	}
	for f := us; f != 0; f &= f - 1 {
		from := tz(f)
		for t := adj2[from] & empty; t != 0; t &= t - 1 {
			buf = append(buf, double(from, tz(t)))
		}
	}
	if len(buf) == n {
		buf = append(buf, Pass)
	}
	return buf
}

// FormatMove writes f2, a1c3 or 0000.
func (g *Game) FormatMove(m rules.Move) string {
	kind, from, to := moveParts(m)
	switch {
	case kind == kindPass:
		return "0000"
	case kind == kindSingle && to < nsq:
		return squareName(to)
	case kind == kindDouble && to < nsq && from < nsq:
		return squareName(from) + squareName(to)
	}
	return fmt.Sprintf("?%d", uint32(m))
}

// MoveSquares names the squares of a move: the target of a clone, the
// origin and target of a jump, none for a pass.
func (g *Game) MoveSquares(m rules.Move) []string {
	kind, from, to := moveParts(m)
	switch {
	case kind == kindSingle && to < nsq:
		return []string{squareName(to)}
	case kind == kindDouble && to < nsq && from < nsq:
		return []string{squareName(from), squareName(to)}
	}
	return nil
}

var _ rules.MoveKinds = (*Game)(nil)

// MoveKind is "clone" or "jump" ("" for the pass).
func (g *Game) MoveKind(m rules.Move) string {
	switch kind, _, _ := moveParts(m); kind {
	case kindSingle:
		return "clone"
	case kindDouble:
		return "jump"
	}
	return ""
}

// GrownFrom names, for a clone, the squares of the side to move's pieces
// next to its target (a1, b1, ... g7); nil for a jump or the pass.
func (g *Game) GrownFrom(m rules.Move) []string {
	kind, _, to := moveParts(m)
	if kind != kindSingle || to >= nsq {
		return nil
	}
	var out []string
	for b := adj1[to] & g.bb[g.side]; b != 0; b &= b - 1 {
		out = append(out, squareName(tz(b)))
	}
	return out
}

const moveSyntax = "want a square like f2 (clone), a jump like a1c3, or 0000 (pass)"

// ParseMove reads f2, a1c3, a1-c3, a1 c3, 0000 or pass, and checks it is
// legal.
func (g *Game) ParseMove(s string) (rules.Move, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return 0, fmt.Errorf("empty move: %s", moveSyntax)
	}
	if g.over() {
		return 0, fmt.Errorf("game is over (%s)", rules.FormatResult(g, g.Result()))
	}
	me := g.SideName(g.side)
	us, them := g.bb[g.side], g.bb[1-g.side]
	empty := g.empty()
	if s == "0000" || s == "pass" {
		var buf [1]rules.Move
		if ms := g.Moves(buf[:0]); ms[0] != Pass {
			return 0, fmt.Errorf("cannot pass: %s has a move (%s); passing is allowed only when there is none", me, g.FormatMove(ms[0]))
		}
		return Pass, nil
	}
	var fromS, toS string
	switch {
	case len(s) == 2:
		toS = s
	case len(s) == 4:
		fromS, toS = s[:2], s[2:]
	case len(s) == 5 && (s[2] == '-' || s[2] == ' '):
		fromS, toS = s[:2], s[3:]
	default:
		return 0, fmt.Errorf("not a move: %s", moveSyntax)
	}
	to, ok := parseSquare(toS)
	if !ok {
		return 0, fmt.Errorf("%q is not a square (a1 to g7): %s", toS, moveSyntax)
	}
	from := -1
	if fromS != "" {
		if from, ok = parseSquare(fromS); !ok {
			return 0, fmt.Errorf("%q is not a square (a1 to g7): %s", fromS, moveSyntax)
		}
	}
	if from >= 0 {
		fb := uint64(1) << from
		switch {
		case g.blocks&fb != 0:
			return 0, fmt.Errorf("%s is blocked, there is no %s piece to jump from", fromS, me)
		case them&fb != 0:
			return 0, fmt.Errorf("%s is not your piece: it is %s's and %s is to move", fromS, g.SideName(1-g.side), me)
		case us&fb == 0:
			return 0, fmt.Errorf("%s is empty: there is no %s piece to jump from", fromS, me)
		}
		if d := dist(from, to); d != 2 {
			if d == 1 {
				return 0, fmt.Errorf("%s%s is not a jump of distance 2 (%s is next to %s: a clone is written %s)", fromS, toS, toS, fromS, toS)
			}
			return 0, fmt.Errorf("%s%s is not a jump of distance 2 (%s is at distance %d from %s)", fromS, toS, toS, d, fromS)
		}
	}
	tb := uint64(1) << to
	switch {
	case g.blocks&tb != 0:
		return 0, fmt.Errorf("%s is blocked", toS)
	case empty&tb == 0:
		return 0, fmt.Errorf("%s is occupied by a %s piece", toS, g.SideName(ownerOf(g, to)))
	}
	if from >= 0 {
		return double(from, to), nil
	}
	if adj1[to]&us == 0 {
		if adj2[to]&us != 0 {
			return 0, fmt.Errorf("%s is not next to any of your (%s) pieces; to jump there write the source too, like %s%s", toS, me, squareName(tz(adj2[to]&us)), toS)
		}
		return 0, fmt.Errorf("%s is not next to any of your (%s) pieces", toS, me)
	}
	return single(to), nil
}

func ownerOf(g *Game, s int) int {
	if g.bb[1]&(1<<s) != 0 {
		return 1
	}
	return 0
}

// converted is the opponent's pieces that a clone or jump of the side to
// move to square to converts.
func (g *Game) converted(to int) uint64 { return adj1[to] & g.bb[1-g.side] }

var _ rules.KeyAfterer = (*Game)(nil)

// KeyAfter is the Hash of the position after the legal move m
// (rules.KeyAfterer).
func (g *Game) KeyAfter(m rules.Move) uint64 {
	kind, from, to := moveParts(m)
	return g.hash ^ keyDelta(kind, from, to, g.side, g.converted(to))
}

// keyDelta is what a move of kind from a square to another by side s,
// converting the pieces cap, changes in the key.
func keyDelta(kind, from, to, s int, cap uint64) uint64 {
	h := zSide
	if kind == kindSingle || kind == kindDouble {
		for b := cap; b != 0; b &= b - 1 {
			h ^= zFlip[tz(b)]
		}
		h ^= zPiece[s][to]
		if kind == kindDouble {
			h ^= zPiece[s][from]
		}
	}
	return h
}

// Play makes a legal move.
func (g *Game) Play(m rules.Move) {
	g.stack = append(g.stack, undo{bb: g.bb, half: g.half, full: g.full, hash: g.hash, move: m})
	u := &g.stack[len(g.stack)-1]
	s := g.side
	kind, from, to := moveParts(m)
	var cap uint64
	switch kind {
	case kindSingle, kindDouble:
		cap = g.converted(to)
		u.captured = cap
		g.bb[1-s] ^= cap
		g.bb[s] |= uint64(1)<<to | cap
		if kind == kindSingle {
			g.half = 0
		} else {
			g.bb[s] &^= 1 << from
			g.half++
		}
	default:
		g.half++
	}
	if s == 1 {
		g.full++
	}
	g.side = 1 - s
	g.hash ^= keyDelta(kind, from, to, s, cap)
	if g.net != nil {
		g.pushAcc(u.bb)
	}
}

// Unplay takes back the last move.
func (g *Game) Unplay() {
	n := len(g.stack)
	if n == 0 {
		return
	}
	u := &g.stack[n-1]
	g.bb, g.half, g.full, g.hash = u.bb, u.half, u.full, u.hash
	g.side = 1 - g.side
	g.stack = g.stack[:n-1]
	if g.net != nil {
		g.accs = g.accs[:n]
	}
}

// LastCaptured names the squares converted by the last move, in the order
// a1, b1, ..., g1, a2, ...; nil when none.
func (g *Game) LastCaptured() []string {
	if len(g.stack) == 0 {
		return nil
	}
	var out []string
	for b := g.stack[len(g.stack)-1].captured; b != 0; b &= b - 1 {
		out = append(out, squareName(tz(b)))
	}
	return out
}

// Result reports how the game stands. A side without pieces, or no empty
// square within reach of any piece, ends the game on material; this takes
// precedence over the fifty-move rule (a draw).
func (g *Game) Result() rules.Result {
	red, blue := g.Counts()
	score := fmt.Sprintf("%d-%d", red, blue)
	var reason string
	switch {
	case red == 0 && blue == 0:
		reason = "no pieces on the board"
	case red == 0:
		reason = "red has no pieces"
	case blue == 0:
		reason = "blue has no pieces"
	case expand2(g.bb[0]|g.bb[1])&g.empty() == 0:
		reason = "no moves left for either side"
	case g.fifty && g.half >= 100:
		return rules.Result{Status: rules.Draw, Winner: -1, Reason: "fifty-move rule", Score: score}
	default:
		return rules.Result{Status: rules.Ongoing, Winner: -1}
	}
	switch {
	case red > blue:
		return rules.Result{Status: rules.Win, Winner: 0, Reason: reason, Score: score}
	case blue > red:
		return rules.Result{Status: rules.Win, Winner: 1, Reason: reason, Score: score}
	}
	return rules.Result{Status: rules.Draw, Winner: -1, Reason: reason, Score: score}
}
