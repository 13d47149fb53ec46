package tablutlog

import "fmt"

// Possible checks that a state could arise in a game from the start
// position: one king, at most 8 white and 16 black soldiers, the throne
// (THRONE) nowhere but e5, and no soldier on e5 (the empty throne may be
// written THRONE, as the server does, or EMPTY).
// The king stays on the board even when captured (the server only changes
// the turn), so a state without a king is never one the server sends.
func Possible(st *State) error {
	count := map[string]int{}
	for r, row := range st.Board {
		for c, cell := range row {
			count[cell]++
			center := r == 4 && c == 4
			if cell == "THRONE" && !center {
				return fmt.Errorf("the throne at %c%d: it is only at e5", 'a'+c, r+1)
			}
			if center && (cell == "WHITE" || cell == "BLACK") {
				return fmt.Errorf("a %s soldier on the throne (e5): only the king may stand there", map[string]string{"WHITE": "white", "BLACK": "black"}[cell])
			}
		}
	}
	switch {
	case count["KING"] != 1:
		return fmt.Errorf("%d kings on the board, want 1", count["KING"])
	case count["WHITE"] > 8:
		return fmt.Errorf("%d white soldiers, at most 8", count["WHITE"])
	case count["BLACK"] > 16:
		return fmt.Errorf("%d black soldiers, at most 16", count["BLACK"])
	}
	return nil
}
