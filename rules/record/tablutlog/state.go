// Package tablutlog reads and writes the Tablut challenge server's formats:
// its JSON state messages and its game logs.
package tablutlog

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"boardrepl/rules"
	"boardrepl/rules/tablut"
)

// Turns of the server's state.
const (
	TurnWhite    = "WHITE"
	TurnBlack    = "BLACK"
	TurnWhiteWin = "WHITEWIN"
	TurnBlackWin = "BLACKWIN"
	TurnDraw     = "DRAW"
)

// State is the server's state message.
type State struct {
	Board [][]string `json:"board"`
	Turn  string     `json:"turn"`
}

// Final reports whether the turn ends the game.
func (s *State) Final() bool {
	return s.Turn == TurnWhiteWin || s.Turn == TurnBlackWin || s.Turn == TurnDraw
}

// SameBoard reports whether two states show the same board.
func (s *State) SameBoard(o *State) bool {
	if len(s.Board) != len(o.Board) {
		return false
	}
	for i := range s.Board {
		if len(s.Board[i]) != len(o.Board[i]) {
			return false
		}
		for j := range s.Board[i] {
			if s.Board[i][j] != o.Board[i][j] {
				return false
			}
		}
	}
	return true
}

// ParseState reads a state message and checks it is a Tablut position.
func ParseState(msg []byte) (*State, rules.Game, error) {
	g, err := tablut.Info.Parse(nil, string(msg))
	if err != nil {
		return nil, nil, err
	}
	var st State
	if err := json.Unmarshal(msg, &st); err != nil {
		return nil, nil, fmt.Errorf("server state: %v", err)
	}
	return &st, g, nil
}

// StateOf returns the server's state for a game.
func StateOf(g rules.Game) (*State, []byte) {
	js, err := g.(rules.AltFormatter).FormatPositionAs("server-json")
	if err != nil {
		panic("tablutnet: " + err.Error()) // a Tablut game always has it
	}
	var st State
	if err := json.Unmarshal([]byte(js), &st); err != nil {
		panic("tablutnet: " + err.Error())
	}
	return &st, []byte(js)
}

// TurnOf names a side (0 white, 1 black) as the server does.
func TurnOf(side int) string {
	if side == 0 {
		return TurnWhite
	}
	return TurnBlack
}

// Action is the move message a player sends.
type Action struct {
	From string `json:"from"`
	To   string `json:"to"`
	Turn string `json:"turn"`
}

// ActionOf returns the action message for a move of g ("e3-h3").
func ActionOf(g rules.Game, m rules.Move) []byte {
	from, to, _ := strings.Cut(g.FormatMove(m), "-")
	b, _ := json.Marshal(Action{From: from, To: to, Turn: TurnOf(g.SideToMove())})
	return b
}

// CleanName keeps what the server keeps of a player's name: the letters
// and digits among its first 10 characters.
func CleanName(name string) string {
	var b strings.Builder
	for i, c := range []rune(name) {
		if i >= 10 {
			break
		}
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// FollowMove finds the legal move of g that leads to the board of st, if
// any. g is left unchanged.
func FollowMove(g rules.Game, st *State) (rules.Move, bool) {
	for _, m := range g.Moves(nil) {
		g.Play(m)
		after, _ := StateOf(g)
		g.Unplay()
		if after.SameBoard(st) {
			return m, true
		}
	}
	return 0, false
}

// ResultOfTurn converts a final turn into a record result token.
func ResultOfTurn(turn string) string {
	switch turn {
	case TurnWhiteWin:
		return "1-0"
	case TurnBlackWin:
		return "0-1"
	case TurnDraw:
		return "1/2-1/2"
	}
	return "*"
}

// StateText writes the board and turn of a state as the server's logs show it
// (the Java State.toString).
func StateText(st *State) string {
	var b strings.Builder
	for _, row := range st.Board {
		for _, c := range row {
			b.WriteByte(cellLetter[c])
		}
		b.WriteByte('\n')
	}
	b.WriteString("-\n")
	b.WriteString(TurnLetters[st.Turn])
	return b.String()
}

var cellLetter = map[string]byte{"EMPTY": 'O', "WHITE": 'W', "BLACK": 'B', "THRONE": 'T', "KING": 'K'}
var letterCell = map[byte]string{'O': "EMPTY", 'W': "WHITE", 'B': "BLACK", 'T': "THRONE", 'K': "KING"}

var TurnLetters = map[string]string{TurnWhite: "W", TurnBlack: "B", TurnWhiteWin: "WW", TurnBlackWin: "BW", TurnDraw: "D"}
var letterTurns = map[string]string{"W": TurnWhite, "B": TurnBlack, "WW": TurnWhiteWin, "BW": TurnBlackWin, "D": TurnDraw}
