package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Info describes a rule set: its names, its sides, its options and how to
// start a game.
type Info struct {
	ID          string   // canonical id: "ataxx", "tablut-brainking"
	Aliases     []string // other accepted names
	Name        string   // display name: "Ataxx"
	Description string   // one line
	Sides       [2]string
	Options     []OptionSpec
	// Start is the start position string with default options (for help).
	Start string
	// New creates the start position for the given (validated) options.
	New func(opts Options) (Game, error)
	// Parse reads a position string under the given (validated) options.
	Parse func(opts Options, position string) (Game, error)
}

// NewGame validates option pairs and returns the start position, or the
// given position string when it is not empty.
func (in *Info) NewGame(pairs []string, position string) (Game, error) {
	opts, err := in.ParseOptions(pairs)
	if err != nil {
		return nil, err
	}
	if position == "" {
		return in.New(opts)
	}
	return in.Parse(opts, position)
}

var registry = map[string]*Info{}
var ids []string

// Register adds a rule set to the registry. It panics on a duplicate name:
// that is a programming error found at start-up.
func Register(in *Info) {
	for _, n := range append([]string{in.ID}, in.Aliases...) {
		n = strings.ToLower(n)
		if _, dup := registry[n]; dup {
			panic("rules: duplicate game name " + n)
		}
		registry[n] = in
	}
	ids = append(ids, in.ID)
	sort.Strings(ids)
}

// Lookup finds a rule set by id or alias, ignoring case.
func Lookup(name string) (*Info, error) {
	if in, ok := registry[strings.ToLower(strings.TrimSpace(name))]; ok {
		return in, nil
	}
	return nil, fmt.Errorf("unknown game %q (games: %s)", name, strings.Join(ids, ", "))
}

// All returns every registered rule set, sorted by id.
func All() []*Info {
	out := make([]*Info, len(ids))
	for i, id := range ids {
		out[i] = registry[id]
	}
	return out
}
