package uxi

import (
	"strings"

	"boardrepl/internal/command"
)

// A Dialect is one of the protocols the session speaks. UAI and UGI are
// one protocol with different words: the handshake (NAME, answered by
// NAMEok), the new game (NAMEnewgame), the clock fields of go, and whose
// the clocks are. UGI also answers query.
type Dialect struct {
	// Name is the handshake word and the stem of the newgame word: "uai"
	// or "ugi".
	Name string
	// clocks are go's clock fields, each with the clock it sets, in the
	// order help lists them.
	clocks []clockField
	// players: the clocks and the answers to query belong to the players,
	// p1 and p2, not to the colours (see Engine.seat); and there is query.
	players bool
	verbs   command.Verbs[verb]
}

// clockField is one of go's clock fields: the time left or the increment
// of clock 0 or 1.
type clockField struct {
	name  string
	clock int
	inc   bool
}

var (
	// UAI is the Universal Ataxx Interface of Ataxx match runners
	// (cutechess, cuteataxx, cutegames' "ataxx" games): btime and binc are
	// the clock of black, x in Ataxx, side 0 of any game; wtime and winc
	// the clock of side 1, whichever player has it.
	UAI = newDialect(Dialect{Name: "uai", clocks: []clockField{
		{"btime", 0, false}, {"wtime", 1, false}, {"binc", 0, true}, {"winc", 1, true},
	}})
	// UGI is the Universal Game Interface of kz04px's cutegames (its
	// "generic" games) and raklaptudirm's arbiter: p1time and p1inc are the
	// clock of player 1, who started the game with side 0; p2time and
	// p2inc player 2's. The UCI names arbiter writes are read the same way:
	// btime is p1's clock, wtime p2's (as cutegames' UAI engines get
	// p1time as btime). query gameover, p1turn and result describe the
	// position for the runner, which knows no rules.
	UGI = newDialect(Dialect{Name: "ugi", players: true, clocks: []clockField{
		{"p1time", 0, false}, {"p2time", 1, false}, {"p1inc", 0, true}, {"p2inc", 1, true},
		{"btime", 0, false}, {"wtime", 1, false}, {"binc", 0, true}, {"winc", 1, true},
	}})
)

// newDialect returns d with its table of verbs.
func newDialect(d Dialect) *Dialect {
	d.verbs = newVerbs(&d)
	return &d
}

// clock returns the clock field named key.
func (d *Dialect) clock(key string) (clockField, bool) {
	for _, c := range d.clocks {
		if c.name == key {
			return c, true
		}
	}
	return clockField{}, false
}

// clockNames lists go's clock fields for help: "btime, wtime, binc, winc".
func (d *Dialect) clockNames() string {
	names := make([]string, len(d.clocks))
	for i, c := range d.clocks {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}
