package oware

import "boardrepl/rules"

var (
	_ rules.MoveOrderer = (*Game)(nil)
	_ rules.SearchTuner = (*Game)(nil)
)

// SearchTuning: the parts of the selective search that matches in Oware
// admitted (rules.SearchTuner; docs/engine.md, lab notebook): internal
// iterative reduction (entry 80), and the parts of Zataxx's search that
// are not Ataxx's own (entry 101): the history with its malus and a bonus
// of 300 a ply, kept from one search to the next, no killers, its
// late-move reductions, the table's cuts on the principal variation and
// its aspiration windows.
func (g *Game) SearchTuning() rules.SearchTuning {
	return rules.SearchTuning{IIR: true,
		HistoryMalus: true, HistoryBonus: 300, HistoryBonusMax: 1500, KeepHistory: true, NoKillers: true,
		LMRBase: 0.8, LMRScale: 0.4, LMRHistory: 12288,
		TTCutPV: true, AspirationDepth: 7, AspirationDelta: 16}
}

// OrderMove scores a legal move before the search (rules.MoveOrderer): 100
// per seed it captures (a grand slam captures nothing), 0 for a move that
// captures nothing. It reads the board only.
func (g *Game) OrderMove(m rules.Move) int {
	b := &g.p.b
	i := int(m)
	if i < 0 || i >= nPits {
		return 0
	}
	c := b.at(i)
	if c == 0 {
		return 0
	}
	a := &sowDelta[i][c]
	chain, row := capture(b[0]+a[0], b[1]+a[1], g.p.side, int(sowLand[i][c]))
	if chain == 0 {
		return 0
	}
	taken := row & byteMask[chain]
	return 100 * int(taken*0x0101_0101_0101_0101>>56)
}
