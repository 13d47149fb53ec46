package command

import (
	"fmt"
	"io"
	"strings"
)

// Spec declares a verb typed at a prompt or sent over a protocol: the REPL
// commands, the telnet client's commands and the UAI verbs. The tables
// that hold them pair each Spec with their own handler type (see Verbs).
type Spec struct {
	Name    string
	Aliases []string
	Args    string // synopsis of the arguments: "[N]", "SQUARE PIECE"
	Summary string // one line for the listing
	Help    string // the full help, after the synopsis line
}

// Matches reports whether word is the verb's name or one of its aliases.
func (s *Spec) Matches(word string) bool {
	if s.Name == word {
		return true
	}
	for _, a := range s.Aliases {
		if a == word {
			return true
		}
	}
	return false
}

// Synopsis is the name followed by the arguments: "undo [N]".
func (s *Spec) Synopsis() string { return strings.TrimSpace(s.Name + " " + s.Args) }

// Line is the verb's line in a listing: "  SYNOPSIS  SUMMARY", the
// synopsis in a column width characters wide; a longer synopsis gets a
// line of its own and the summary goes on the next, in the column.
func (s *Spec) Line(width int) string {
	syn := s.Synopsis()
	if len(syn) > width {
		return fmt.Sprintf("  %s\n  %-*s %s\n", syn, width, "", s.Summary)
	}
	return fmt.Sprintf("  %-*s %s\n", width, syn, s.Summary)
}

// FullHelp is the synopsis line, the aliases if any, and the help text.
func (s *Spec) FullHelp() string {
	var b strings.Builder
	b.WriteString(s.Synopsis() + "\n")
	if len(s.Aliases) > 0 {
		fmt.Fprintf(&b, "  (also: %s)\n", strings.Join(s.Aliases, ", "))
	}
	b.WriteString(s.Help + "\n")
	return b.String()
}

// Verb is a declared verb with its handler, of whatever type its table
// needs.
type Verb[H any] struct {
	Spec
	Run H
}

// Verbs is a table of verbs in the order their listing shows them.
type Verbs[H any] []Verb[H]

// Lookup returns the verb that word names (by name or alias), or false.
func (t Verbs[H]) Lookup(word string) (Verb[H], bool) {
	for _, v := range t {
		if v.Matches(word) {
			return v, true
		}
	}
	return Verb[H]{}, false
}

// WriteList writes each verb's listing line (see Spec.Line).
func (t Verbs[H]) WriteList(w io.Writer, width int) error {
	for _, v := range t {
		if _, err := io.WriteString(w, v.Line(width)); err != nil {
			return err
		}
	}
	return nil
}
