package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A helpGroup is a group of the prompt's 'help': its title and commands.
type helpGroup struct {
	title string
	cmds  []helpCmd
}

type helpCmd struct {
	name, synopsis, summary string
	aliases                 []string
}

// runREPL runs lines in a REPL reading a pipe and returns what it printed.
func runREPL(t *testing.T, input string) string {
	t.Helper()
	out, errs, st := runArgs(t, input, "--color=never")
	if st != 0 {
		t.Fatalf("%q: exit status %d: %s", input, st, errs)
	}
	return out
}

// replHelp reads the prompt's 'help' (the groups, each command's synopsis
// and summary) and each command's 'help NAME' (its aliases).
func replHelp(t *testing.T) []helpGroup {
	t.Helper()
	const col = 2 + 26 + 1 // where a summary starts: two spaces, the synopsis column, a space
	var groups []helpGroup
	lines := strings.Split(runREPL(t, "help\n"), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case l != "" && !strings.HasPrefix(l, " ") && strings.HasSuffix(l, ":"):
			groups = append(groups, helpGroup{title: strings.TrimSuffix(l, ":")})
		case strings.HasPrefix(l, "  ") && len(groups) > 0:
			var c helpCmd
			if i+1 < len(lines) && strings.HasPrefix(lines[i+1], strings.Repeat(" ", col)) {
				c.synopsis, c.summary = strings.TrimSpace(l), strings.TrimSpace(lines[i+1])
				i++
			} else if len(l) > col {
				c.synopsis, c.summary = strings.TrimSpace(l[:col]), strings.TrimSpace(l[col:])
			} else {
				t.Fatalf("help: cannot read %q", l)
			}
			c.name, _, _ = strings.Cut(c.synopsis, " ")
			g := &groups[len(groups)-1]
			g.cmds = append(g.cmds, c)
		}
	}
	also := regexp.MustCompile(`(?m)^  \(also: (.*)\)$`)
	for gi := range groups {
		for ci := range groups[gi].cmds {
			c := &groups[gi].cmds[ci]
			h := runREPL(t, "help "+c.name+"\n")
			if first, _, _ := strings.Cut(h, "\n"); first != c.synopsis {
				t.Fatalf("help %s starts with %q, the list says %q", c.name, first, c.synopsis)
			}
			if m := also.FindStringSubmatch(h); m != nil {
				c.aliases = strings.Split(m[1], ", ")
			}
		}
	}
	if len(groups) < 4 {
		t.Fatalf("help: %d groups read: %v", len(groups), groups)
	}
	return groups
}

// commandTable is the table of the prompt's commands in docs/repl.md:
// each command by group, with its arguments, aliases and summary.
func commandTable(groups []helpGroup) string {
	var b strings.Builder
	b.WriteString("| group | command | what it does |\n| --- | --- | --- |\n")
	for _, g := range groups {
		for _, c := range g.cmds {
			cell := "`" + cellText(c.synopsis) + "`"
			if len(c.aliases) > 0 {
				cell += " (" + strings.Join(quoteAll(c.aliases), ", ") + ")"
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", strings.ToLower(g.title), cell, cellText(c.summary))
		}
	}
	return b.String()
}

// commandGroups is the short table of README.md: the names by group.
func commandGroups(groups []helpGroup) string {
	var b strings.Builder
	b.WriteString("| group | commands |\n| --- | --- |\n")
	for _, g := range groups {
		var names []string
		for _, c := range g.cmds {
			names = append(names, c.name)
		}
		fmt.Fprintf(&b, "| %s | %s |\n", strings.ToLower(g.title), strings.Join(quoteAll(names), " "))
	}
	return b.String()
}

func quoteAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = "`" + cellText(w) + "`"
	}
	return out
}

// cellText escapes the '|' of a table cell.
func cellText(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// The generated tables stand between these lines of their pages.
const (
	tableBegin = "<!-- begin %s: made from the prompt's help by 'make docs'; a test checks it -->\n"
	tableEnd   = "<!-- end %s -->\n"
)

// TestDocsCommandTable: the tables of the prompt's commands in README.md
// (the names by group) and docs/repl.md (every command with its
// arguments, aliases and summary) are what the prompt's 'help' lists.
// BOARDREPL_UPDATE_DOCS=1 (make docs) writes them.
func TestDocsCommandTable(t *testing.T) {
	groups := replHelp(t)
	update := os.Getenv("BOARDREPL_UPDATE_DOCS") != ""
	for _, c := range []struct{ page, name, table string }{
		{"README.md", "command groups", commandGroups(groups)},
		{"docs/repl.md", "command table", commandTable(groups)},
	} {
		path := filepath.Join(repoRoot, c.page)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		begin, end := fmt.Sprintf(tableBegin, c.name), fmt.Sprintf(tableEnd, c.name)
		i, j := strings.Index(text, begin), strings.Index(text, end)
		if i < 0 || j < i {
			t.Errorf("%s: no lines %q and %q around the %s", c.page, strings.TrimSpace(begin), strings.TrimSpace(end), c.name)
			continue
		}
		have := text[i+len(begin) : j]
		if have == c.table {
			continue
		}
		if update {
			text = text[:i+len(begin)] + c.table + text[j:]
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: the %s rewritten", c.page, c.name)
			continue
		}
		t.Errorf("%s: the table (%s) is not what 'help' lists: run 'make docs', or paste\n%s", c.page, c.name, c.table)
	}
}
