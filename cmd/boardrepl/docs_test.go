package main

// The manual cannot go stale: every boardrepl command shown in README.md
// and the pages of docs/ (code blocks, and code spans that start with
// "boardrepl") is checked against the program, every transcript that can
// run is run and compared, and every relative link points at a file and a
// heading that exist. What is checked, and how a page says how to run a
// block, is in docs/README.md ("How the pages are checked").

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"
)

// repoRoot is the top of the checkout, from this package's directory.
const repoRoot = "../.."

// docPages lists the Markdown pages whose commands and links are checked,
// relative to the top of the checkout.
func docPages(t *testing.T) []string {
	t.Helper()
	var pages []string
	for _, pat := range []string{"README.md", "docs/*.md", "docs/rules/*.md", "scripts/README.md",
		"fixtures/README.md", "tools/README.md", "tools/*/README.md"} {
		m, err := filepath.Glob(filepath.Join(repoRoot, pat))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range m {
			rel, _ := filepath.Rel(repoRoot, p)
			pages = append(pages, filepath.ToSlash(rel))
		}
	}
	if len(pages) < 10 {
		t.Fatalf("only %d pages found: %v", len(pages), pages)
	}
	return pages
}

// A docBlock is a code block of a page: fenced (```) or indented.
type docBlock struct {
	page    string
	section string // the heading of its section ("Outside tools")
	line    int    // the line of its first content line (1-based)
	lines   []string
	// check holds the directives of the <!-- doc-check ... --> comment
	// just before the block, by key (session, setup, run, skip).
	check map[string][]string
}

func (b *docBlock) where() string { return fmt.Sprintf("%s:%d", b.page, b.line) }

// A docSpan is a code span of a page's text (`...`).
type docSpan struct {
	page    string
	section string
	line    int
	text    string
}

// A docPage is a page taken apart: its code blocks, code spans, headings
// (as GitHub makes their anchors) and links.
type docPage struct {
	name    string
	blocks  []*docBlock
	spans   []docSpan
	anchors map[string]bool
	links   []docSpan // the link targets, with their lines
}

var (
	fenceRE   = regexp.MustCompile("^( *)```")
	headingRE = regexp.MustCompile(`^#{1,6} +(.*?)#* *$`)
	linkRE    = regexp.MustCompile(`\]\(([^()\s]+)\)`)
	spanRE    = regexp.MustCompile("`+")
)

// readPage parses a page (path relative to the top of the checkout).
func readPage(t *testing.T, name string) *docPage {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, name))
	if err != nil {
		t.Fatal(err)
	}
	p := &docPage{name: name, anchors: map[string]bool{}}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	var check map[string][]string
	checkLine := 0
	section := ""     // the heading of the current section (level 1 or 2)
	var para []string // the lines of the current paragraph of text
	paraLine := 0
	endPara := func() {
		if len(para) > 0 {
			p.takeSpans(strings.Join(para, "\n"), paraLine, section)
		}
		para = nil
	}
	slugs := map[string]int{}
	prevBlank := true
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if m := fenceRE.FindStringSubmatch(l); m != nil {
			endPara()
			b := &docBlock{page: name, section: section, line: i + 2, check: check}
			check = nil
			indent := len(m[1])
			for i++; i < len(lines) && !fenceRE.MatchString(lines[i]); i++ {
				b.lines = append(b.lines, strings.TrimPrefix(lines[i], strings.Repeat(" ", indent)))
			}
			p.blocks = append(p.blocks, b)
			prevBlank = false
			continue
		}
		if strings.HasPrefix(strings.TrimSpace(l), "<!-- doc-check") {
			endPara()
			text := strings.TrimPrefix(strings.TrimSpace(l), "<!-- doc-check")
			checkLine = i + 1
			for !strings.Contains(text, "-->") && i+1 < len(lines) {
				i++
				text += "\n" + lines[i]
			}
			text, _, _ = strings.Cut(text, "-->")
			check = parseCheck(t, name, checkLine, text)
			continue
		}
		if prevBlank && strings.HasPrefix(l, "    ") && strings.TrimSpace(l) != "" && len(para) == 0 {
			b := &docBlock{page: name, section: section, line: i + 1, check: check}
			check = nil
			for ; i < len(lines) && (strings.HasPrefix(lines[i], "    ") || strings.TrimSpace(lines[i]) == ""); i++ {
				b.lines = append(b.lines, strings.TrimPrefix(lines[i], "    "))
			}
			i--
			for len(b.lines) > 0 && strings.TrimSpace(b.lines[len(b.lines)-1]) == "" {
				b.lines = b.lines[:len(b.lines)-1]
			}
			p.blocks = append(p.blocks, b)
			prevBlank = true
			continue
		}
		if check != nil && strings.TrimSpace(l) != "" {
			t.Errorf("%s:%d: a doc-check comment not followed by a code block", name, checkLine)
			check = nil
		}
		if m := headingRE.FindStringSubmatch(l); m != nil {
			endPara()
			if !strings.HasPrefix(l, "###") {
				section = strings.TrimSpace(m[1])
			}
			s := slug(m[1])
			if n := slugs[s]; n > 0 {
				p.anchors[fmt.Sprintf("%s-%d", s, n)] = true
			} else {
				p.anchors[s] = true
			}
			slugs[s]++
			prevBlank = false
			continue
		}
		if strings.TrimSpace(l) == "" {
			endPara()
			prevBlank = true
			continue
		}
		if len(para) == 0 {
			paraLine = i + 1
		}
		para = append(para, l)
		prevBlank = false
	}
	endPara()
	if check != nil {
		t.Errorf("%s:%d: a doc-check comment not followed by a code block", name, checkLine)
	}
	return p
}

// takeSpans takes the code spans and links out of a paragraph that starts at
// line first.
func (p *docPage) takeSpans(para string, first int, section string) {
	lineAt := func(off int) int { return first + strings.Count(para[:off], "\n") }
	rest, off := para, 0
	var plain strings.Builder
	for {
		loc := spanRE.FindStringIndex(rest)
		if loc == nil {
			plain.WriteString(rest)
			break
		}
		ticks := rest[loc[0]:loc[1]]
		end := strings.Index(rest[loc[1]:], ticks)
		if end < 0 {
			plain.WriteString(rest)
			break
		}
		plain.WriteString(rest[:loc[0]])
		plain.WriteString(strings.Repeat(" ", loc[1]+end+len(ticks)-loc[0]))
		code := strings.TrimSpace(strings.ReplaceAll(rest[loc[1]:loc[1]+end], "\n", " "))
		p.spans = append(p.spans, docSpan{p.name, section, lineAt(off + loc[0]), code})
		off += loc[1] + end + len(ticks)
		rest = rest[loc[1]+end+len(ticks):]
	}
	text := plain.String()
	for _, m := range linkRE.FindAllStringSubmatchIndex(text, -1) {
		p.links = append(p.links, docSpan{p.name, section, lineAt(m[2]), text[m[2]:m[3]]})
	}
}

// slug is the anchor GitHub gives a heading: lower case, spaces to
// hyphens, and only letters, digits, hyphens and underscores kept.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// parseCheck reads the directives of a doc-check comment, one a line:
//
//	session: ARGS     the REPL's command line for a prompt block
//	setup: LINE       run before the block (a REPL line, or a shell line)
//	run: all          run every $ command of the block, not only those
//	                  whose output is shown
//	protocol: gtp|uxi the block's command is an engine: the lines sent to
//	                  it are among those shown, and are its input
//	skip: REASON      the block is not run (its commands are still checked)
func parseCheck(t *testing.T, page string, line int, text string) map[string][]string {
	m := map[string][]string{}
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		k, v, ok := strings.Cut(l, ":")
		switch k = strings.TrimSpace(k); {
		case !ok, k != "session" && k != "setup" && k != "run" && k != "skip" && k != "protocol":
			t.Errorf("%s:%d: doc-check: %q: want session:, setup:, run:, protocol: or skip:", page, line, l)
		default:
			m[k] = append(m[k], strings.TrimSpace(v))
		}
	}
	return m
}

// TestDocsLinks: every relative link of the pages names a file that exists
// and, with #anchor, a heading of that file.
func TestDocsLinks(t *testing.T) {
	pages := map[string]*docPage{}
	names := docPages(t)
	for _, n := range names {
		pages[n] = readPage(t, n)
	}
	checked := 0
	for _, n := range names {
		for _, l := range pages[n].links {
			target := l.text
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			path := n
			if file != "" {
				path = filepath.ToSlash(filepath.Clean(filepath.Join(filepath.Dir(n), file)))
			}
			checked++
			st, err := os.Stat(filepath.Join(repoRoot, path))
			if err != nil {
				t.Errorf("%s:%d: link %s: %s does not exist", l.page, l.line, target, path)
				continue
			}
			if anchor == "" {
				continue
			}
			if st.IsDir() || !strings.HasSuffix(path, ".md") {
				t.Errorf("%s:%d: link %s: an anchor in %s, which is not a page", l.page, l.line, target, path)
				continue
			}
			tp := pages[path]
			if tp == nil {
				tp = readPage(t, path)
				pages[path] = tp
			}
			if !tp.anchors[anchor] {
				var have []string
				for a := range tp.anchors {
					have = append(have, a)
				}
				sort.Strings(have)
				t.Errorf("%s:%d: link %s: %s has no heading #%s (its anchors: %s)", l.page, l.line, target, path, anchor, strings.Join(have, " "))
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d links checked", checked)
	}
}

// normalise drops what a run changes from one time to the next in a line
// of output (a search's speed and time in ms) and trailing spaces.
var varying = regexp.MustCompile(`\b(nps|time) [0-9]+\b`)

func normalise(l string) string {
	return varying.ReplaceAllString(strings.TrimRight(l, " \t"), "$1 N")
}

// matchOutput reports whether the output got has the lines a page shows
// (want): blank lines aside, line for line, where "..." alone stands for
// any lines (none included) and "..." in a line for any text.
func matchOutput(want, got []string) bool {
	clean := func(ls []string) []string {
		var out []string
		for _, l := range ls {
			if l = normalise(l); strings.TrimSpace(l) != "" {
				out = append(out, l)
			}
		}
		return out
	}
	w, g := clean(want), clean(got)
	// memo[i][j]: w[i:] matches g[j:], 0 unknown, 1 yes, 2 no.
	memo := make([][]int8, len(w)+1)
	for i := range memo {
		memo[i] = make([]int8, len(g)+1)
	}
	var match func(i, j int) bool
	match = func(i, j int) bool {
		if i == len(w) {
			return j == len(g)
		}
		if memo[i][j] != 0 {
			return memo[i][j] == 1
		}
		ok := false
		switch l := strings.TrimSpace(w[i]); {
		case l == "...":
			for k := j; k <= len(g) && !ok; k++ {
				ok = match(i+1, k)
			}
		case j == len(g):
		default:
			ok = lineMatches(w[i], g[j]) && match(i+1, j+1)
		}
		memo[i][j] = 2
		if ok {
			memo[i][j] = 1
		}
		return ok
	}
	return match(0, 0)
}

// lineMatches reports whether a line of output is the line a page shows,
// where "..." stands for any text.
func lineMatches(want, got string) bool {
	parts := strings.Split(want, "...")
	if len(parts) == 1 {
		return want == got
	}
	if !strings.HasPrefix(got, parts[0]) {
		return false
	}
	rest := got[len(parts[0]):]
	for k, p := range parts[1:] {
		if k == len(parts)-2 {
			return strings.HasSuffix(rest, p)
		}
		i := strings.Index(rest, p)
		if i < 0 {
			return false
		}
		rest = rest[i+len(p):]
	}
	return true
}

// errorLine reads "line N: message", the way piped input reports a
// failing line.
var errorLine = regexp.MustCompile(`^line ([0-9]+): (.*)$`)

// show lays out lines for a failure message.
func show(lines []string) string {
	if len(lines) == 0 {
		return "\t(nothing)\n"
	}
	var b bytes.Buffer
	for _, l := range lines {
		b.WriteString("\t" + l + "\n")
	}
	return b.String()
}
