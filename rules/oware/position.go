package oware

import (
	"fmt"
	"strconv"
	"strings"

	"boardrepl/rules"
)

// Position writes the canonical position string.
func (g *Game) Position() string {
	var sb strings.Builder
	sb.Grow(40)
	for side := 0; side < 2; side++ {
		if side == 1 {
			sb.WriteByte('/')
		}
		for k, i := range letterOrder[side] {
			if k > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(strconv.Itoa(int(g.p.b.at(i))))
		}
	}
	fmt.Fprintf(&sb, " %d %d %c", g.p.score[0], g.p.score[1], "ns"[g.p.side])
	return sb.String()
}

// Parse reads a position string under the given options (end=abapa when
// absent). The board and scores may hold fewer than 48 seeds, not more.
func Parse(opts rules.Options, position string) (*Game, error) {
	v, err := Info.Values(opts)
	if err != nil {
		return nil, err
	}
	g := &Game{tournament: v["end"].Text == "tournament", literal: v["end"].Text == "abapa-literal"}
	p, err := parsePos(position)
	if err != nil {
		return nil, err
	}
	g.reset(p)
	return g, nil
}

// reset makes p the current position and forgets the history.
func (g *Game) reset(p pos) {
	g.p = p
	g.total = p.b.total() + int(p.score[0]) + int(p.score[1])
	g.undo = g.undo[:0]
	g.hist = append(g.hist[:0], histEntry{hashOf(&g.p), g.p.b})
	g.capStart = 0
	g.resOK = false
}

const posFormat = `"<A,B,C,D,E,F>/<G,H,I,J,K,L> <north score> <south score> <n|s>"`

func parsePos(s string) (pos, error) {
	var p pos
	fields := strings.Split(s, " ")
	if len(fields) != 4 {
		return p, fmt.Errorf("%d space-separated fields, want 4: %s", len(fields), posFormat)
	}
	col := 1 // 1-based character position of the current field
	rowsText := fields[0]
	rows := strings.Split(rowsText, "/")
	if len(rows) != 2 {
		return p, fmt.Errorf("board %q: %d rows, want 2 separated by \"/\" (A-F/G-L)", rowsText, len(rows))
	}
	sum := 0
	for side, row := range rows {
		name := [2]string{"north row (A-F)", "south row (G-L)"}[side]
		counts := strings.Split(row, ",")
		if len(counts) != 6 {
			return p, fmt.Errorf("%s %q at character %d: %d pits, want 6", name, row, col, len(counts))
		}
		for k, c := range counts {
			i := letterOrder[side][k]
			n, err := parseCount(c)
			if err != nil {
				return p, fmt.Errorf("%s %q: pit %c %q at character %d: %v", name, row, pitLetter(i), c, col, err)
			}
			p.b.set(i, uint8(n))
			sum += n
			col += len(c) + 1
		}
	}
	col = len(fields[0]) + 2
	for s := 0; s < 2; s++ {
		f := fields[1+s]
		n, err := parseCount(f)
		if err != nil {
			return p, fmt.Errorf("%s score %q at character %d: %v", [2]string{"north", "south"}[s], f, col, err)
		}
		p.score[s] = uint8(n)
		sum += n
		col += len(f) + 1
	}
	switch fields[3] {
	case "n":
		p.side = 0
	case "s":
		p.side = 1
	default:
		return p, fmt.Errorf("side to move %q at character %d: want n or s", fields[3], col)
	}
	if sum > maxSeeds {
		return p, fmt.Errorf("%d seeds on the board and in the scores, more than %d", sum, maxSeeds)
	}
	return p, nil
}

// parseCount reads a seed count: decimal digits, no sign, no leading zero.
func parseCount(s string) (int, error) {
	if s == "" {
		return 0, fmt.Errorf("empty, want a number 0-%d", maxSeeds)
	}
	for k := 0; k < len(s); k++ {
		if s[k] < '0' || s[k] > '9' {
			return 0, fmt.Errorf("character %q: want a number 0-%d", s[k], maxSeeds)
		}
	}
	if len(s) > 1 && s[0] == '0' {
		return 0, fmt.Errorf("leading zero")
	}
	if len(s) > 2 {
		return 0, fmt.Errorf("more than %d", maxSeeds)
	}
	n, _ := strconv.Atoi(s)
	if n > maxSeeds {
		return 0, fmt.Errorf("more than %d", maxSeeds)
	}
	return n, nil
}

// SetSquare sets the seed count of a pit ("" or "." empties it). The board
// and scores together may not exceed 48 seeds. The history is cleared.
func (g *Game) SetSquare(square, piece string) error {
	sq := strings.TrimSpace(square)
	i := -1
	if len(sq) == 1 {
		i = pitIndex(sq[0])
	}
	if i < 0 {
		return fmt.Errorf("no such pit: %s (pits are A-L)", sq)
	}
	pc := strings.TrimSpace(piece)
	n := 0
	if pc != "" && pc != "." {
		var err error
		if n, err = parseCount(pc); err != nil {
			return fmt.Errorf("pit %c: seed count %q: %v", pitLetter(i), pc, err)
		}
	}
	p := g.p
	p.b.set(i, uint8(n))
	if t := p.b.total() + int(p.score[0]) + int(p.score[1]); t > maxSeeds {
		return fmt.Errorf("pit %c: %d seeds would make %d in the game, more than %d: take %d from other pits or the scores first",
			pitLetter(i), n, t, maxSeeds, t-maxSeeds)
	}
	g.reset(p)
	return nil
}

var _ rules.ScoreEditor = (*Game)(nil)

// Score is the number of seeds side (0 north, 1 south) has captured.
func (g *Game) Score(side int) int { return int(g.p.score[side&1]) }

// SetScore sets the seeds side (0 north, 1 south) has captured. The board
// and scores together may not exceed 48 seeds. The history is cleared.
func (g *Game) SetScore(side, n int) error {
	if side != 0 && side != 1 {
		return fmt.Errorf("no side %d: want 0 (north) or 1 (south)", side)
	}
	if n < 0 || n > maxSeeds {
		return fmt.Errorf("%s's score %d: want 0 to %d", g.SideName(side), n, maxSeeds)
	}
	p := g.p
	p.score[side] = uint8(n)
	if t := p.b.total() + int(p.score[0]) + int(p.score[1]); t > maxSeeds {
		return fmt.Errorf("%s's score %d would make %d seeds in the game, more than %d: take %d from the pits or the other score first",
			g.SideName(side), n, t, maxSeeds, t-maxSeeds)
	}
	g.reset(p)
	return nil
}

// SetSideToMove makes side (0 north, 1 south) the side to move; the history
// is cleared.
func (g *Game) SetSideToMove(side int) error {
	if side != 0 && side != 1 {
		return fmt.Errorf("no side %d: want 0 (north) or 1 (south)", side)
	}
	p := g.p
	p.side = uint8(side)
	g.reset(p)
	return nil
}
