package rules

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// OptionType is the kind of value an option takes.
type OptionType int8

const (
	// Choice: one of the spec's Values.
	Choice OptionType = iota
	// Number: a whole number from Min to Max, or one of the spec's Values
	// (words such as "off" or "random").
	Number
)

// OptionSpec declares one option of a rule set once: its name, the kind of
// value, the default and the help. Every front end parses and validates
// options through it (Info.ParseOptions, Info.Values); a game reads the
// typed values and never parses the text itself.
type OptionSpec struct {
	Name string
	// Aliases are older names still accepted, read as Name.
	Aliases []string
	Type    OptionType
	// Default is the value when the option is not given; "" means unset
	// (a Number whose value the game picks, such as a random seed).
	Default string
	// Values are the accepted values of a Choice, or the words a Number
	// accepts besides numbers.
	Values []string
	// ValueAliases maps older spellings of values to the current ones.
	ValueAliases map[string]string
	// Min and Max bound a Number.
	Min, Max int64
	Help     string
}

// Want describes the accepted values in words: "one of on, off", "a whole
// number from 0 to 12, or random".
func (o *OptionSpec) Want() string {
	if o.Type == Choice {
		return "one of " + strings.Join(o.Values, ", ")
	}
	var s string
	switch {
	case o.Min == math.MinInt64 && o.Max == math.MaxInt64:
		s = "a whole number"
	default:
		s = fmt.Sprintf("a whole number from %d to %d", o.Min, o.Max)
	}
	if len(o.Values) > 0 {
		s += ", or " + strings.Join(o.Values, ", or ")
	}
	return s
}

// Range is the accepted values in short: "on|off", "0..41|random".
func (o *OptionSpec) Range() string {
	vals := o.Values
	if o.Type == Number {
		r := "integer"
		if o.Min != math.MinInt64 || o.Max != math.MaxInt64 {
			r = fmt.Sprintf("%d..%d", o.Min, o.Max)
		}
		vals = append([]string{r}, vals...)
	}
	return strings.Join(vals, "|")
}

// String is "choice" or "number".
func (t OptionType) String() string {
	if t == Number {
		return "number"
	}
	return "choice"
}

// parse reads one value: its canonical text and, for a number, the number.
func (o *OptionSpec) parse(v string) (Value, error) {
	if a, ok := o.ValueAliases[v]; ok {
		v = a
	}
	if slices.Contains(o.Values, v) {
		return Value{Text: v}, nil
	}
	if o.Type == Number {
		// Only the plain spelling ("8", not "08" or "+8"): what is given is
		// what records and help show.
		n, err := strconv.ParseInt(v, 10, 64)
		if err == nil && n >= o.Min && n <= o.Max && strconv.FormatInt(n, 10) == v {
			return Value{Text: strconv.FormatInt(n, 10), Int: n, IsInt: true}, nil
		}
	}
	return Value{}, fmt.Errorf("option %s=%q: want %s", o.Name, v, o.Want())
}

// Value is the parsed value of one option.
type Value struct {
	Text    string // canonical text: "abapa", "4", "random"; "" when unset
	Int     int64  // the number, when IsInt
	IsInt   bool
	Default bool // the option was not given, or given its default value
}

// Options maps option names to values (their text). Absent options take
// their default.
type Options map[string]string

// Get returns the value of an option, or "" when it is not set.
func (o Options) Get(name string) string { return o[name] }

// Option returns the spec of a named option (or of one of its aliases), or
// nil.
func (in *Info) Option(name string) *OptionSpec {
	for i := range in.Options {
		if in.Options[i].Name == name || slices.Contains(in.Options[i].Aliases, name) {
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
// the Info and returns the options with defaults filled in, under their
// current names and spellings.
func (in *Info) ParseOptions(pairs []string) (Options, error) {
	opts := in.Complete(nil)
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

// Complete returns a copy of opts with every option the Info declares and
// opts lacks set to its default.
func (in *Info) Complete(opts Options) Options {
	full := Options{}
	for _, o := range in.Options {
		full[o.Name] = o.Default
	}
	for k, v := range opts {
		full[k] = v
	}
	return full
}

// SetOption validates one option value and stores it in opts under the
// option's current name and spelling.
func (in *Info) SetOption(opts Options, k, v string) error {
	spec := in.Option(k)
	if spec == nil {
		if len(in.Options) == 0 {
			return fmt.Errorf("unknown option %q: %s has no options", k, in.ID)
		}
		return fmt.Errorf("unknown option %q for %s (options: %s)", k, in.ID, strings.Join(in.OptionNames(), ", "))
	}
	val, err := spec.parse(v)
	if err != nil {
		return err
	}
	opts[spec.Name] = val.Text
	return nil
}

// Values reads options as a game receives them (any subset, under current
// or older names) and returns every declared option's typed value,
// defaults filled in. Games call it in their New and Parse.
func (in *Info) Values(opts Options) (map[string]Value, error) {
	out := make(map[string]Value, len(in.Options))
	for k := range opts {
		if in.Option(k) == nil {
			return nil, fmt.Errorf("unknown option %q for %s", k, in.ID)
		}
	}
	for i := range in.Options {
		spec := &in.Options[i]
		text, given := opts[spec.Name], false
		if _, ok := opts[spec.Name]; ok {
			given = true
		} else {
			for _, a := range spec.Aliases {
				if t, ok := opts[a]; ok {
					text, given = t, true
				}
			}
		}
		if !given || text == "" {
			text = spec.Default
		}
		v := Value{}
		if text != "" {
			var err error
			if v, err = spec.parse(text); err != nil {
				return nil, err
			}
		}
		v.Default = v.Text == spec.Default
		out[spec.Name] = v
	}
	return out, nil
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

// OptionFlags collects repeated -o KEY=VALUE command-line flags; it is a
// flag.Value. The pairs are validated later by Info.ParseOptions.
type OptionFlags []string

func (o *OptionFlags) String() string     { return strings.Join(*o, ",") }
func (o *OptionFlags) Set(v string) error { *o = append(*o, v); return nil }
