package telnet

import (
	"testing"
	"time"
)

// The help generated from clientVerbs is the text that was written by hand
// before the commands became a declared table.
func TestClientHelp(t *testing.T) {
	want := `Commands:
  MOVE        play a move in the game's notation when it is your turn
  moves       list the legal moves
  board       show the board again
  flip        turn the board 180 degrees (again to turn it back)
  color off   plain text (color on: coloured board)
  resign      give up this game
  quit        leave (you lose the game)
  help        this text
A player who leaves, or stays silent on his turn for longer than 5m0s,
loses the game. After a game both are offered a rematch, colours swapped.
`
	if got := clientHelp(5 * time.Minute); got != want {
		t.Errorf("clientHelp:\n%s\nwant:\n%s", got, want)
	}
	for _, w := range []string{"colour on", "exit", "?", "moves"} {
		if _, ok := clientVerbs.Lookup(w); !ok {
			t.Errorf("%q is not a client command", w)
		}
	}
	if _, ok := clientVerbs.Lookup("e2e4"); ok {
		t.Error("a move is taken for a command")
	}
}
