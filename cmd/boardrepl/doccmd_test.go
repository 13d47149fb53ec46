package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"boardrepl/repl"
	"boardrepl/rules"
)

// An shWord is a word of a shell line, or an operator (| && ; < > ...).
type shWord struct {
	s      string
	op     bool
	quoted bool
}

// shellWords splits a shell line as sh would for the lines of the manual:
// quotes, backslashes, comments and operators. $NAME, ${NAME}, $(...) and
// $((...)) are not expanded: they stand as the word "1" (a shard number, a
// count), which no check of a flag's value minds.
func shellWords(line string) []shWord {
	var out []shWord
	var cur strings.Builder
	in, quoted := false, false
	flush := func() {
		if in {
			out = append(out, shWord{s: cur.String(), quoted: quoted})
		}
		cur.Reset()
		in, quoted = false, false
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			flush()
		case c == '#' && !in:
			return out
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				j = len(line) - i - 1
			}
			cur.WriteString(line[i+1 : i+1+j])
			i += j + 1
			in, quoted = true, true
		case c == '"':
			for i++; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' && i+1 < len(line) && strings.IndexByte("\"\\$`", line[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(line[i])
			}
			in, quoted = true, true
		case c == '\\':
			if i+1 < len(line) {
				i++
				if line[i] != '\n' {
					cur.WriteByte(line[i])
					in = true
				}
			}
		case c == '$' && i+1 < len(line) && (line[i+1] == '(' || line[i+1] == '{'):
			open, close, depth := line[i+1], byte(')'), 0
			if open == '{' {
				close = '}'
			}
			j := i + 1
			for ; j < len(line); j++ {
				if line[j] == open {
					depth++
				} else if line[j] == close {
					if depth--; depth == 0 {
						break
					}
				}
			}
			cur.WriteString("1")
			i, in = j, true
		case c == '$' && i+1 < len(line) && (line[i+1] == '_' || isAlnum(line[i+1])):
			for i+1 < len(line) && (line[i+1] == '_' || isAlnum(line[i+1])) {
				i++
			}
			cur.WriteString("1")
			in = true
		case strings.IndexByte("|&;()<>", c) >= 0:
			op := string(c)
			if c == '>' && in && !quoted && cur.String() == "2" {
				cur.Reset()
				in = false
				op = "2>"
			}
			flush()
			for i+1 < len(line) && strings.IndexByte("|&>", line[i+1]) >= 0 && len(op) < 3 {
				i++
				op += string(line[i])
			}
			if strings.HasSuffix(op, "&") && i+1 < len(line) && isAlnum(line[i+1]) && strings.Contains(op, ">") {
				i++
				op += string(line[i]) // 2>&1
			}
			out = append(out, shWord{s: op, op: true})
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	flush()
	return out
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// wrappers are the commands that run the command after them (and their
// options): "time boardrepl ...", "timeout 8 ./boardrepl ...".
var wrappers = map[string]bool{"time": true, "/usr/bin/time": true, "timeout": true, "nice": true,
	"env": true, "exec": true, "nohup": true, "command": true}

// boardreplCommands finds the boardrepl commands of a shell line, each as
// its arguments: a simple command that starts with boardrepl (a path to it,
// after variable assignments or a wrapper such as time or timeout), and one
// inside a quoted word of a command (sh -c "...", a player spec
// 'uai:./boardrepl uai'). A line that does not start with a command name
// (a JSON or YAML line, a record's text) has none.
func boardreplCommands(line string) [][]string { return commandsOf(line, "boardrepl") }

// commandsOf finds the commands named name of a shell line, as
// boardreplCommands does for boardrepl.
func commandsOf(line, name string) [][]string {
	var cmds [][]string
	words := shellWords(line)
	for len(words) > 0 && words[0].op && words[0].s == "(" {
		words = words[1:]
	}
	if len(words) == 0 || words[0].quoted || !commandName.MatchString(words[0].s) {
		return nil
	}
	var args []string
	state := 0 // 0: at the start of a simple command, 1: in boardrepl's arguments, 2: after a wrapper, 3: in another command
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w.op && strings.ContainsAny(w.s, "<>") && !strings.Contains(w.s, "&"):
			i++ // a redirection and its file
			continue
		case w.op:
			if state == 1 {
				cmds = append(cmds, args)
			}
			state = 0
			continue
		}
		isBoardrepl := path.Base(w.s) == name
		switch {
		case state == 1:
			args = append(args, w.s)
		case state != 3 && isBoardrepl:
			args, state = []string{}, 1
			continue
		case state == 0 && !w.quoted && strings.Contains(w.s, "=") && !strings.HasPrefix(w.s, "-"):
			// VAR=value before the command
		case state == 0 && wrappers[w.s]:
			state = 2
		case state == 0:
			state = 3
		}
		if w.quoted && strings.Contains(w.s, name) {
			cmds = append(cmds, commandsOf(strings.TrimLeft(w.s, "[(\"' "), name)...)
		}
	}
	if state == 1 {
		cmds = append(cmds, args)
	}
	return cmds
}

// commandName: the first word of a command line (a name or a path).
var commandName = regexp.MustCompile(`^[A-Za-z0-9_./~-]+$`)

// checkMake checks the make commands of a shell line: each target named
// is one of the Makefile's. In a section "Outside tools", make builds
// another program: not checked.
func checkMake(line, section string, targets map[string]bool) string {
	if section == "Outside tools" {
		return ""
	}
	for _, args := range commandsOf(line, "make") {
		for _, a := range args {
			if !strings.HasPrefix(a, "-") && !strings.Contains(a, "=") && !placeholder.MatchString(a) && !targets[a] {
				return fmt.Sprintf("make %s: no such target in the Makefile", a)
			}
		}
	}
	return ""
}

// makeTargets reads the targets of the Makefile.
func makeTargets(t *testing.T) map[string]bool {
	data, err := os.ReadFile(filepath.Join(repoRoot, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]bool{}
	for _, l := range regexp.MustCompile(`(?m)^([a-z][a-z0-9-]*):`).FindAllStringSubmatch(string(data), -1) {
		m[l[1]] = true
	}
	return m
}

// subName: what a subcommand's name looks like.
var subName = regexp.MustCompile(`^[a-z][a-z-]*$`)

// placeholder: a word of the manual that stands for something to fill in
// (FILE, COMMAND, KEY=VALUE, N).
var placeholder = regexp.MustCompile(`^[A-Z][A-Z0-9_]*(=[A-Z][A-Z0-9_]*)?(\.\.\.)?$`)

// flagWord: a flag in a usage text or a synopsis, and whether a value
// follows it ("--depth N", "-o KEY=VALUE", "--color=WHEN").
var flagWord = regexp.MustCompile(`(?m)(?:^[ \t]*|\[)(--?[a-z][a-z0-9-]*)(=| (?:[A-Z][A-Z0-9_/=.|-]*|[a-z]+\|[a-z|]+)\b)?`)

// valueFlags returns the flags of a usage text that take a value.
func valueFlags(usage string) map[string]bool {
	m := map[string]bool{}
	for _, f := range flagWord.FindAllStringSubmatch(usage, -1) {
		if f[2] != "" {
			m[f[1]] = true
		}
	}
	return m
}

// checkCommand checks a boardrepl command of the manual (its arguments
// after "boardrepl") against the program: the subcommand exists, and its
// flags are accepted with their values: run in-process with -h after its
// arguments, an unknown flag or a value its flag cannot take fails before
// the help is printed (flags are read wherever they stand, and the files
// named need not exist then). A game named with -g must exist, and its -o
// options and -p position must be valid for it. A synopsis ("[-g GAME]")
// is checked against the command's help. It returns what is wrong, or "".
func checkCommand(args []string) string {
	for _, a := range args {
		if strings.HasSuffix(a, ":") || a == "..." {
			return "" // a message that names boardrepl, not a command
		}
	}
	for _, a := range args {
		if len(a) > 0 && a[0] != '-' && placeholder.MatchString(a) && (a == args[0] || args[0] == "help") {
			return "" // boardrepl COMMAND ..., boardrepl help COMMAND
		}
	}
	if len(args) > 0 && (args[0] == "--version" || args[0] == "-version") {
		args = append([]string{"version"}, args[1:]...)
	}
	sub := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		if !subName.MatchString(args[0]) {
			return "" // not a command name: output that starts with boardrepl's name
		}
		sub, args = args[0], args[1:]
	}
	usage := replUsage()
	c := lookup(sub)
	switch {
	case sub == "help":
		var out, errb bytes.Buffer
		if st := dispatch(append([]string{"help"}, args...), strings.NewReader(""), &out, &errb); st != 0 {
			return fmt.Sprintf("exit status %d: %s", st, strings.TrimSpace(errb.String()))
		}
		return ""
	case sub != "" && c == nil:
		return fmt.Sprintf("no subcommand %q (boardrepl help lists them)", sub)
	case c != nil:
		usage = c.Usage
	}
	if strings.Contains(strings.Join(args, " "), "[-") {
		return checkSynopsis(args, usage)
	}
	full := append([]string{}, args...)
	if sub != "" {
		full = append([]string{sub}, full...)
	}
	if c == runCmd {
		// run's first argument ends its flags (the script's own arguments
		// follow): -h goes before it.
		vf, i := valueFlags(usage), 0
		for i < len(args) && strings.HasPrefix(args[i], "-") {
			if vf[args[i]] {
				i++
			}
			i++
		}
		i = min(i, len(args))
		full = append(append(append([]string{sub}, args[:i]...), "-h"), args[i:]...)
	} else if i := slices.Index(full, "--"); i >= 0 {
		full = append(append(append([]string{}, full[:i]...), "-h"), full[i:]...)
	} else {
		if vf := valueFlags(usage); len(args) > 0 && vf[args[len(args)-1]] {
			full = append(full, "VALUE") // `play -p`: a flag named in the text
		}
		full = append(full, "-h")
	}
	var out, errb bytes.Buffer
	var st int
	if sub == "" {
		st = repl.Main(full, strings.NewReader(""), &out, &errb)
	} else {
		st = dispatch(full, strings.NewReader(""), &out, &errb)
	}
	if st != 0 || out.String() != usage {
		return fmt.Sprintf("boardrepl %s: exit status %d, %s", strings.Join(full, " "), st, firstLine(errb.String()+out.String()))
	}
	return checkGame(args, sub == "")
}

// checkGame checks the -g GAME, -o KEY=VALUE and -p POSITION of a command
// line: the game exists, and takes the options and the position. Without
// -g only the REPL's options are checked (on its default game).
func checkGame(args []string, isREPL bool) string {
	game, pos := "", ""
	var opts []string
	for i := 0; i+1 < len(args); i++ {
		v := args[i+1]
		switch args[i] {
		case "-g", "--game":
			game = v
		case "-o":
			opts = append(opts, v)
		case "-p":
			pos = v
		default:
			continue
		}
		i++
	}
	for _, a := range args {
		if k, v, ok := strings.Cut(a, "="); ok && (k == "-g" || k == "--game") {
			game = v
		}
	}
	if game == "" && !isREPL || placeholder.MatchString(game) || placeholder.MatchString(pos) {
		return ""
	}
	for _, o := range opts {
		if placeholder.MatchString(o) || strings.Contains(o, "=N") {
			return ""
		}
	}
	if game == "" {
		game = repl.DefaultGame
	}
	in, err := rules.Lookup(game)
	if err != nil {
		return err.Error()
	}
	if _, err := in.NewGame(opts, pos); err != nil {
		return fmt.Sprintf("-g %s: %v", game, err)
	}
	return ""
}

// checkSynopsis checks a usage synopsis of the manual ("[-g GAME] [--json]
// FILE..."): every flag it names is one of the command's.
func checkSynopsis(args []string, usage string) string {
	have := map[string]bool{}
	for _, f := range flagWord.FindAllStringSubmatch(usage, -1) {
		have[f[1]] = true
	}
	for _, f := range regexp.MustCompile(`(?:^|[\s\[|])(--?[a-z][a-z0-9-]*)`).FindAllStringSubmatch(strings.Join(args, " "), -1) {
		if !have[f[1]] {
			return fmt.Sprintf("synopsis: %s is not in the command's help", f[1])
		}
	}
	return ""
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return l
}

// replUsage is what 'boardrepl -h' prints: the REPL's flags.
var replUsage = sync.OnceValue(func() string {
	var out bytes.Buffer
	repl.Main([]string{"-h"}, strings.NewReader(""), &out, &out)
	return out.String()
})

// The REPL's prompt: "tablut w 1> ", "ataxx study 3/5> ", "oware edit> ".
func promptRE() *regexp.Regexp {
	var names []string
	for _, in := range rules.All() {
		names = append(names, regexp.QuoteMeta(in.ID))
		for _, a := range in.Aliases {
			names = append(names, regexp.QuoteMeta(a))
		}
	}
	// Longer names first, so tablut-brainking is not read as tablut.
	sort.Slice(names, func(i, j int) bool { return len(names[i]) > len(names[j]) })
	return regexp.MustCompile(`^(` + strings.Join(names, "|") + `)( [^>]*)?> (.*)$`)
}

// trailingComment is a comment after a command in the manual: "undo   # ...".
var trailingComment = regexp.MustCompile(`\s+# .*$`)

// A promptCmd is a line typed at the prompt in a block, with the lines a
// chunk of Lua continues on (">> ") and the output the page shows.
type promptCmd struct {
	line  int
	game  string
	state string // what the prompt shows after the game: "w 1", "edit", "study 3/5"
	text  string
	cont  []string
	want  []string
	shown bool
}

// A shellCmd is a "$ " command of a block, with the output shown.
type shellCmd struct {
	line int
	text string
	want []string
}

// TestDocsCommands checks every boardrepl command of the manual against
// the program, and runs its transcripts.
func TestDocsCommands(t *testing.T) {
	prompt := promptRE()
	names := replCommandNames(t)
	targets := makeTargets(t)
	checked, ran := 0, 0
	for _, name := range docPages(t) {
		p := readPage(t, name)
		for _, s := range p.spans {
			if msg := checkMake(s.text, s.section, targets); msg != "" {
				t.Errorf("%s:%d: `%s`: %s", s.page, s.line, s.text, msg)
			}
			for _, args := range boardreplCommands(s.text) {
				checked++
				if msg := checkCommand(args); msg != "" {
					t.Errorf("%s:%d: `%s`: %s", s.page, s.line, s.text, msg)
				}
			}
		}
		for _, b := range p.blocks {
			prompts, shells, lines := splitBlock(b, prompt)
			var session []string
			for _, l := range lines {
				for _, args := range boardreplCommands(l.text) {
					checked++
					if msg := checkCommand(args); msg != "" {
						t.Errorf("%s:%d: %s: %s", b.page, l.line, firstLine(l.text), msg)
					}
					if l.beforePrompts && (len(args) == 0 || strings.HasPrefix(args[0], "-")) {
						session = args // '$ boardrepl -g ataxx' opening a prompt block
					}
				}
				if msg := checkMake(l.text, b.section, targets); msg != "" {
					t.Errorf("%s:%d: %s: %s", b.page, l.line, firstLine(l.text), msg)
				}
			}
			if len(prompts) > 0 {
				for _, pc := range prompts {
					if w, _, _ := strings.Cut(pc.text, " "); names[w] {
						checked++
					}
				}
				if b.check["skip"] != nil {
					for _, pc := range prompts {
						if w, _, _ := strings.Cut(pc.text, " "); !names[w] {
							t.Errorf("%s:%d: %q: not a command of the prompt (a move? the block is not run: %s)", b.page, pc.line, pc.text, b.check["skip"][0])
						}
					}
					continue
				}
				if s := b.check["session"]; s != nil {
					session = boardreplCommands("boardrepl " + s[0])[0]
				} else if session == nil {
					session = []string{"-g", prompts[0].game}
				}
				ran++
				t.Run(b.where(), func(t *testing.T) { runPromptBlock(t, b, session, prompts) })
				continue
			}
			if b.check["skip"] != nil || len(shells) == 0 {
				continue
			}
			var run []*shellCmd
			for _, sc := range shells {
				if b.check["run"] != nil || hasOutput(sc.want) && len(boardreplCommands(sc.text)) > 0 {
					run = append(run, sc)
				}
			}
			if len(run) > 0 {
				ran++
				t.Run(b.where(), func(t *testing.T) { runShellBlock(t, b, run) })
			}
		}
	}
	t.Logf("%d commands checked, %d blocks run", checked, ran)
	if checked < 100 || ran < 5 {
		t.Errorf("only %d commands checked and %d blocks run: the pages were not read", checked, ran)
	}
}

// A cmdLine is a shell line of a block (its continuation lines joined).
type cmdLine struct {
	line          int
	text          string
	beforePrompts bool // it comes before the block's first prompt line
}

// splitBlock takes a block apart: its prompt lines with the output shown
// after each, its "$ " commands with theirs, and every shell line (a "$ "
// line, or any line of a block that has neither "$ " lines nor prompts).
func splitBlock(b *docBlock, prompt *regexp.Regexp) (prompts []*promptCmd, shells []*shellCmd, lines []cmdLine) {
	hasDollar := false
	for _, l := range b.lines {
		hasDollar = hasDollar || strings.HasPrefix(l, "$ ")
	}
	for i := 0; i < len(b.lines); i++ {
		l, at := b.lines[i], b.line+i
		if m := prompt.FindStringSubmatch(l); m != nil {
			text := strings.TrimSpace(trailingComment.ReplaceAllString(m[3], ""))
			prompts = append(prompts, &promptCmd{line: at, game: m[1], state: strings.TrimSpace(m[2]), text: text})
			continue
		}
		if strings.HasPrefix(l, ">> ") && len(prompts) > 0 {
			pc := prompts[len(prompts)-1]
			pc.cont = append(pc.cont, strings.TrimPrefix(l, ">> "))
			continue
		}
		if strings.HasPrefix(l, "$ ") || !hasDollar && len(prompts) == 0 {
			cmd := strings.TrimPrefix(l, "$ ")
			for strings.HasSuffix(cmd, "\\") && i+1 < len(b.lines) {
				i++
				cmd += "\n" + b.lines[i]
			}
			lines = append(lines, cmdLine{at, cmd, len(prompts) == 0})
			if strings.HasPrefix(l, "$ ") && len(prompts) == 0 {
				shells = append(shells, &shellCmd{line: at, text: cmd})
			}
			continue
		}
		switch {
		case len(prompts) > 0:
			pc := prompts[len(prompts)-1]
			pc.want = append(pc.want, l)
			pc.shown = pc.shown || strings.TrimSpace(l) != ""
		case len(shells) > 0:
			sc := shells[len(shells)-1]
			sc.want = append(sc.want, l)
		}
	}
	return prompts, shells, lines
}

func hasOutput(lines []string) bool {
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			return true
		}
	}
	return false
}

// runPromptBlock types the prompt lines of a block into a REPL reading a
// pipe (the REPL's flags session, in runDir, after the setup lines of its
// doc-check)
// and compares the output of each line with the one the page shows (only
// where it shows one; a line shown without output must not fail). After
// each line, 'help legend' marks the end of its output, and 'show' gives
// the side to move and the move number, which the next prompt must show.
func runPromptBlock(t *testing.T, b *docBlock, session []string, cmds []*promptCmd) {
	t.Helper()
	sep := runREPL(t, "help legend\n")
	var in strings.Builder
	for _, s := range b.check["setup"] {
		in.WriteString(s + "\n")
	}
	in.WriteString("help legend\nshow\nhelp legend\n")
	game := canonical(session)
	games := make([]string, len(cmds)) // the game each command is typed in
	for i, pc := range cmds {
		games[i] = game
		in.WriteString(pc.text + "\n")
		for _, c := range pc.cont {
			in.WriteString(c + "\n")
		}
		in.WriteString("help legend\nshow\nhelp legend\n")
		if w := strings.Fields(pc.text); len(w) > 1 && w[0] == "new" {
			if g, err := rules.Lookup(w[1]); err == nil {
				game = g.ID
			}
		}
	}
	t.Chdir(runDir(t))
	var out bytes.Buffer
	repl.Main(append(append([]string{}, session...), "--color=never", "--keep-going"), strings.NewReader(in.String()), &out, &out)
	// segs: the setup's output, then the show before each command, and
	// each command's output with the show after it.
	segs := strings.Split(out.String(), sep)
	if len(segs) != 2*len(cmds)+3 {
		t.Errorf("%s: the block's commands gave %d outputs, want %d:\n%s", b.where(), len(segs), 2*len(cmds)+3, out.String())
		return
	}
	if m := errorLine.FindStringSubmatch(segs[0]); m != nil || strings.Contains(segs[0], "\nline ") {
		t.Errorf("%s: a setup line of the doc-check fails:\n%s", b.where(), segs[0])
	}
	for i, pc := range cmds {
		if in, err := rules.Lookup(pc.game); err != nil || in.ID != games[i] {
			t.Errorf("%s:%d: the prompt says %s, but the game is %s", b.page, pc.line, pc.game, games[i])
		} else if want := promptState(segs[2*i+1]); want != "" && !strings.Contains(pc.state, "study") && pc.state != want {
			t.Errorf("%s:%d: the prompt says %q, but it is %q", b.page, pc.line, pc.game+" "+pc.state+">", pc.game+" "+want+">")
		}
		var got, errs []string
		for _, l := range strings.Split(strings.TrimSuffix(segs[2*i+2], "\n"), "\n") {
			if m := errorLine.FindStringSubmatch(l); m != nil {
				l = m[2]
				errs = append(errs, l)
			}
			got = append(got, l)
		}
		switch {
		case pc.shown && !matchOutput(pc.want, got):
			t.Errorf("%s:%d: %s> %s: the page shows\n%sbut it prints\n%s", b.page, pc.line, pc.game, pc.text, show(pc.want), show(got))
		case !pc.shown && len(errs) > 0:
			t.Errorf("%s:%d: %s> %s: fails: %s", b.page, pc.line, pc.game, pc.text, errs[0])
		}
	}
}

// statusLine is the status line 'show' ends with: who is to move and the
// move number, a finished game, or the editor.
var statusLine = regexp.MustCompile(`(?m)^(?:([a-z]+) to move, move ([0-9]+)|(game over):|(editing):)`)

// promptState is what the prompt shows after the game's id, as the output
// of 'show' tells it: "w 1", "over", "edit" ("" when it cannot tell).
func promptState(show string) string {
	all := statusLine.FindAllStringSubmatch(show, -1)
	if len(all) == 0 {
		return ""
	}
	switch m := all[len(all)-1]; {
	case m[3] != "":
		return "over"
	case m[4] != "":
		return "edit"
	default:
		return m[1][:1] + " " + m[2]
	}
}

// runDir makes the directory a block runs in: a new one holding a copy of
// the checkout's fixtures/ and scripts/, so that the paths a page names
// from the top of the checkout (fixtures/ataxx/games/cuteataxx.pgn) are
// there, and what the block writes is thrown away.
func runDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{"fixtures", "scripts"} {
		if err := os.CopyFS(filepath.Join(dir, d), os.DirFS(filepath.Join(repoRoot, d))); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// canonical is the id of the game a REPL command line plays.
func canonical(session []string) string {
	game := repl.DefaultGame
	for i, a := range session {
		if a == "-g" && i+1 < len(session) {
			game = session[i+1]
		}
	}
	if in, err := rules.Lookup(game); err == nil {
		return in.ID
	}
	return game
}

// runShellBlock runs "$ " commands of a block with sh, in a new directory
// (runDir; after the setup lines of its doc-check; $REPO is the top of the
// checkout), boardrepl being this test binary, and compares what each
// prints (stdout and stderr) with the page. A command shown without output
// must succeed. With "protocol: gtp" or "protocol: uxi" the block's one
// command is an engine, and the page shows what was sent to it among its
// answers: those lines are its input.
func runShellBlock(t *testing.T, b *docBlock, cmds []*shellCmd) {
	t.Helper()
	dir := runDir(t)
	root, _ := filepath.Abs(repoRoot)
	sh := func(line, stdin string) (string, error) {
		c := exec.Command("sh", "-c", line)
		c.Dir = dir
		c.Env = append(os.Environ(), "REPO="+root, "NO_COLOR=1")
		c.Stdin = strings.NewReader(stdin)
		var out bytes.Buffer
		c.Stdout, c.Stderr = &out, &out
		err := c.Run()
		return out.String(), err
	}
	for _, s := range b.check["setup"] {
		if out, err := sh(s, ""); err != nil {
			t.Errorf("%s: doc-check setup %q: %v\n%s", b.where(), s, err, out)
			return
		}
	}
	for _, sc := range cmds {
		stdin, want := "", sc.want
		if p := b.check["protocol"]; p != nil {
			var in []string
			in, want = protocolLines(p[0], sc.want)
			stdin = strings.Join(in, "\n") + "\n"
		}
		out, err := sh(sc.text, stdin)
		got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		switch {
		case hasOutput(want) && !matchOutput(want, got):
			t.Errorf("%s:%d: $ %s: the page shows\n%sbut it prints\n%s", b.page, sc.line, firstLine(sc.text), show(want), show(got))
		case !hasOutput(want) && err != nil:
			t.Errorf("%s:%d: $ %s: %v\n%s", b.page, sc.line, firstLine(sc.text), err, out)
		}
	}
}

// uxiCommands are the commands a UAI or UGI engine is sent.
var uxiCommands = map[string]bool{"uai": true, "ugi": true, "uci": true, "isready": true, "setoption": true,
	"position": true, "go": true, "stop": true, "query": true, "quit": true, "uainewgame": true,
	"uginewgame": true, "ucinewgame": true, "ponderhit": true, "debug": true}

// protocolLines splits an exchange with an engine, as a page shows it,
// into the lines sent to it and its answers. In GTP an answer starts with
// "=" or "?" and ends at a blank line; in UAI and UGI a line sent starts
// with one of uxiCommands.
func protocolLines(proto string, lines []string) (in, out []string) {
	answer := false
	for _, l := range lines {
		first, _, _ := strings.Cut(strings.TrimSpace(l), " ")
		switch {
		case proto == "uxi" && uxiCommands[first], proto == "gtp" && !answer && first != "" && l[0] != '=' && l[0] != '?':
			in = append(in, l)
		case proto == "gtp" && strings.TrimSpace(l) == "":
			answer = false
		default:
			answer = proto == "gtp"
			out = append(out, l)
		}
	}
	return in, out
}

// replCommandNames returns the prompt's command names and aliases, as
// 'help' lists them.
func replCommandNames(t *testing.T) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	for _, g := range replHelp(t) {
		for _, c := range g.cmds {
			names[c.name] = true
			for _, a := range c.aliases {
				names[a] = true
			}
		}
	}
	return names
}
