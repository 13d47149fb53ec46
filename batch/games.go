package batch

import (
	"fmt"
	"io"
	"strings"

	"boardrepl/rules"
)

var gamesCmd = &Command{
	Name:    "games",
	Summary: "list the games with their aliases and options",
	Usage: `usage: boardrepl games [--json]

Lists every game boardrepl plays: its id, aliases, a one-line description,
the start position and its options (KEY=VALUE, given to the other commands
with -o KEY=VALUE), with defaults and accepted values.

  --json   one JSON object per game
`,
}

type optionJSON struct {
	Name    string   `json:"name"`
	Aliases []string `json:"aliases,omitempty"` // older names still accepted
	Type    string   `json:"type"`              // choice or number
	Default string   `json:"default"`
	Values  []string `json:"values,omitempty"` // a choice's values, a number's words
	Min     *int64   `json:"min,omitempty"`    // a number's range
	Max     *int64   `json:"max,omitempty"`
	Help    string   `json:"help"`
}

type gameJSON struct {
	ID          string       `json:"id"`
	Name        string       `json:"name"`
	Aliases     []string     `json:"aliases"`
	Description string       `json:"description"`
	Sides       [2]string    `json:"sides"`
	Start       string       `json:"start"`
	Options     []optionJSON `json:"options"`
}

func runGames(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := gamesCmd
	fs := newFlagSet(c)
	asJSON := fs.Bool("json", false, "")
	if help, err := parseFlags(c, fs, args, stdout); help || err != nil {
		if err != nil {
			return fail(stderr, c.Name, err)
		}
		return ExitOK
	}
	for _, in := range rules.All() {
		if *asJSON {
			gj := gameJSON{ID: in.ID, Name: in.Name, Aliases: in.Aliases, Description: in.Description,
				Sides: in.Sides, Start: in.Start, Options: []optionJSON{}}
			if gj.Aliases == nil {
				gj.Aliases = []string{}
			}
			for _, o := range in.Options {
				oj := optionJSON{Name: o.Name, Aliases: o.Aliases, Type: o.Type.String(), Default: o.Default, Values: o.Values, Help: o.Help}
				if o.Type == rules.Number {
					oj.Min, oj.Max = &o.Min, &o.Max
				}
				gj.Options = append(gj.Options, oj)
			}
			writeJSON(stdout, gj)
			continue
		}
		name := in.ID
		if len(in.Aliases) > 0 {
			name += " (" + strings.Join(in.Aliases, ", ") + ")"
		}
		fmt.Fprintf(stdout, "%s: %s\n", name, in.Description)
		fmt.Fprintf(stdout, "  sides: %s moves first, then %s\n", in.Sides[0], in.Sides[1])
		fmt.Fprintf(stdout, "  start: %s\n", in.Start)
		for _, o := range in.Options {
			fmt.Fprintf(stdout, "  -o %s=%s [%s]  %s\n", o.Name, o.Default, o.Range(), o.Help)
		}
	}
	return ExitOK
}
