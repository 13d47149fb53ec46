package repl

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"boardrepl/rules"
)

// completer completes the word before the cursor: commands and legal moves
// first, then each command's arguments (games, options, squares, files...).
type completer struct{ r *REPL }

// Do implements readline.AutoCompleter: it returns the endings of the
// candidates for the word before pos, and the length of that word.
func (c completer) Do(line []rune, pos int) ([][]rune, int) {
	word, cands := c.r.candidates(string(line[:pos]))
	var out [][]rune
	for _, cand := range cands {
		if strings.HasPrefix(cand, word) {
			end := cand[len(word):]
			if !strings.HasSuffix(cand, "/") && !strings.HasSuffix(cand, "=") && !strings.HasSuffix(cand, "-") {
				end += " "
			}
			out = append(out, []rune(end))
		}
	}
	return out, len([]rune(word))
}

// Complete returns the candidates that complete the last word of before
// (the text before the cursor), sorted, without duplicates.
func (r *REPL) Complete(before string) []string {
	word, cands := r.candidates(before)
	var out []string
	for _, c := range cands {
		if strings.HasPrefix(c, word) {
			out = append(out, c)
		}
	}
	return out
}

// candidates returns the word being completed and all the candidates for
// its place (not yet filtered by the word).
func (r *REPL) candidates(before string) (string, []string) {
	words := strings.Fields(before)
	word := ""
	if len(words) > 0 && !strings.HasSuffix(before, " ") && !strings.HasSuffix(before, "\t") {
		word = words[len(words)-1]
		words = words[:len(words)-1]
	}
	var cands []string
	if len(words) == 0 {
		for _, c := range commands {
			if c.Group != "hidden" {
				cands = append(cands, c.Name)
			}
		}
		cands = append(cands, rules.MoveTexts(r.s.Game())...)
	} else if cmd := lookup(words[0]); cmd != nil {
		if cmd.Complete != nil {
			cands = cmd.Complete(r, len(words)-1, words[1:], word)
		}
	} else {
		// A line of moves: complete the next one after those typed.
		g := r.s.Game().Clone()
		for _, w := range words {
			m, err := g.ParseMove(w)
			if err != nil {
				return word, nil
			}
			g.Play(m)
		}
		cands = rules.MoveTexts(g)
	}
	sort.Strings(cands)
	return word, dedupe(cands)
}

func dedupe(s []string) []string {
	var out []string
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func completeCommands(r *REPL, i int, prev []string, word string) []string {
	if i != 0 {
		return nil
	}
	var out []string
	for _, c := range commands {
		out = append(out, c.Name)
	}
	return out
}

// completeMoves completes the moves of play, after GTP's colour if one
// comes first (play black d4).
func completeMoves(r *REPL, i int, prev []string, word string) []string {
	g := r.s.Game().Clone()
	if len(prev) > 0 {
		if _, err := g.ParseMove(prev[0]); err != nil {
			if _, ok, _ := colourArg(g, prev[0]); ok {
				prev = prev[1:]
			}
		}
	}
	for _, w := range prev {
		m, err := g.ParseMove(w)
		if err != nil {
			return nil
		}
		g.Play(m)
	}
	return rules.MoveTexts(g)
}

func completeSquares(r *REPL, i int, prev []string, word string) []string {
	if i > 1 {
		return nil
	}
	b := r.s.Game().Board()
	var out []string
	for _, c := range b.Cells {
		if c.Name != "" {
			out = append(out, c.Name)
		}
	}
	return out
}

func completeSides(r *REPL, i int, prev []string, word string) []string {
	if i != 0 {
		return nil
	}
	g := r.s.Game()
	return []string{g.SideName(0), g.SideName(1)}
}

func completeSlots(r *REPL, i int, prev []string, word string) []string {
	if i != 0 {
		return nil
	}
	var out []string
	for n := range r.s.Slots {
		out = append(out, strconv.Itoa(n))
	}
	return out
}

func completeFormats(r *REPL, i int, prev []string, word string) []string {
	if i != 0 {
		return nil
	}
	return append([]string{"string"}, formats(r.s.Game())...)
}

// completeNew offers game ids first, then the chosen game's options.
func completeNew(r *REPL, i int, prev []string, word string) []string {
	info := r.s.Info()
	var out []string
	if i == 0 {
		for _, in := range rules.All() {
			out = append(out, in.ID)
			out = append(out, in.Aliases...)
		}
	} else if in, err := rules.Lookup(prev[0]); err == nil {
		info = in
	}
	for _, o := range info.Options {
		out = append(out, o.Name+"=")
		for _, v := range o.Values {
			out = append(out, o.Name+"="+v)
		}
	}
	return out
}

// completeFiles offers the files and directories matching the word.
func completeFiles(r *REPL, i int, prev []string, word string) []string {
	if i != 0 {
		return nil
	}
	dir, base := filepath.Split(word)
	d := dir
	if d == "" {
		d = "."
	}
	ents, err := os.ReadDir(d)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		n := e.Name()
		if strings.HasPrefix(n, ".") && !strings.HasPrefix(base, ".") {
			continue
		}
		if !strings.HasPrefix(n, base) {
			continue
		}
		if e.IsDir() {
			n += "/"
		}
		out = append(out, dir+n)
	}
	return out
}
