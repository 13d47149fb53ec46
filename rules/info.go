package rules

import (
	"fmt"
	"sort"
	"strings"
)

// OptionSpec declares one named option of a rule set, such as fifty=off.
type OptionSpec struct {
	Name    string
	Default string
	// Values lists the accepted values when they form a small set. When it
	// is empty, Check (if set) validates the value.
	Values []string
	Check  func(value string) error
	Help   string
}

// Options maps option names to values. Absent options take their default.
type Options map[string]string

// Get returns the value of an option, or "" when it is not set.
func (o Options) Get(name string) string { return o[name] }

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

// Option returns the spec of a named option, or nil.
func (in *Info) Option(name string) *OptionSpec {
	for i := range in.Options {
		if in.Options[i].Name == name {
			return &in.Options[i]
		}
	}
	return nil
}

// OptionNames lists the option names in declaration order.
func (in *Info) OptionNames() []string {
	names := make([]string, len(in.Options))
	for i, o := range in.Options {
		names[i] = o.Name
	}
	return names
}

// ParseOptions reads KEY=VALUE pairs, validates every name and value against
// the Info and returns the options with defaults filled in.
func (in *Info) ParseOptions(pairs []string) (Options, error) {
	opts := Options{}
	for _, o := range in.Options {
		opts[o.Name] = o.Default
	}
	for _, p := range pairs {
		k, v, ok := strings.Cut(p, "=")
		k = strings.TrimSpace(k)
		v = strings.TrimSpace(v)
		if !ok || k == "" {
			return nil, fmt.Errorf("option %q: want KEY=VALUE", p)
		}
		if err := in.SetOption(opts, k, v); err != nil {
			return nil, err
		}
	}
	return opts, nil
}

// SetOption validates one option value and stores it in opts.
func (in *Info) SetOption(opts Options, k, v string) error {
	spec := in.Option(k)
	if spec == nil {
		if len(in.Options) == 0 {
			return fmt.Errorf("unknown option %q: %s has no options", k, in.ID)
		}
		return fmt.Errorf("unknown option %q for %s (options: %s)", k, in.ID, strings.Join(in.OptionNames(), ", "))
	}
	if len(spec.Values) > 0 {
		found := false
		for _, a := range spec.Values {
			if a == v {
				found = true
			}
		}
		if !found {
			return fmt.Errorf("option %s=%q: want one of %s", k, v, strings.Join(spec.Values, ", "))
		}
	}
	if spec.Check != nil {
		if err := spec.Check(v); err != nil {
			return fmt.Errorf("option %s=%q: %v", k, v, err)
		}
	}
	opts[k] = v
	return nil
}

// FormatOptions writes the options that differ from their defaults as
// KEY=VALUE pairs in declaration order.
func (in *Info) FormatOptions(opts Options) []string {
	var out []string
	for _, o := range in.Options {
		if v, ok := opts[o.Name]; ok && v != o.Default {
			out = append(out, o.Name+"="+v)
		}
	}
	return out
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

// OptionFlags collects repeated -o KEY=VALUE command-line flags; it is a
// flag.Value. The pairs are validated later by Info.ParseOptions.
type OptionFlags []string

func (o *OptionFlags) String() string     { return strings.Join(*o, ",") }
func (o *OptionFlags) Set(v string) error { *o = append(*o, v); return nil }
