package openings

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardrepl/rules"
	_ "boardrepl/rules/all"
	"boardrepl/rules/engine"
	"boardrepl/rules/record/native"
	"boardrepl/rules/record/tablutlog"
)

// The formats main reads.
func init() {
	Foreign = Formats{Convert: native.Convert, IsLog: tablutlog.IsLog, ReadLog: tablutlog.ReadRecord}
}

func textSource(name, text string) Source {
	return Source{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text)), nil }}
}

func fileSource(t *testing.T, path string) Source {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return textSource(filepath.Base(path), string(b))
}

// roots are the positions games started from, in the order of Nodes.
func roots(tr *Tree) []*Node {
	var out []*Node
	for _, n := range tr.Nodes() {
		if n.Starts > 0 {
			out = append(out, n)
		}
	}
	return out
}

func build(t *testing.T, srcs []Source, o BuildOptions) (*Tree, []string) {
	t.Helper()
	var refused []string
	o.Refused = func(err error) { refused = append(refused, err.Error()) }
	tr, err := Build(context.Background(), srcs, o)
	if err != nil {
		t.Fatal(err)
	}
	return tr, refused
}

func lookup(t *testing.T, id string) *rules.Info {
	t.Helper()
	info, err := rules.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return info
}

// nodeAt is the position after moves from the position string start.
func nodeAt(t *testing.T, tr *Tree, start string, moves ...string) *Node {
	t.Helper()
	opts, _ := tr.Info.ParseOptions(tr.Options)
	g, err := tr.Info.Parse(opts, start)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		mv, err := g.ParseMove(m)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		g.Play(mv)
	}
	n := tr.Lookup(g)
	if n == nil {
		t.Fatalf("%s then %v: not in the tree", start, moves)
	}
	return n
}

type want struct {
	games, red, draws, blue, plies int
}

func checkStats(t *testing.T, what string, s Stats, w want) {
	t.Helper()
	if s.Games != w.games || s.Wins[0] != w.red || s.Draws != w.draws || s.Wins[1] != w.blue || s.Plies != w.plies {
		t.Errorf("%s: got %d games (%d-%d-%d), %d plies; want %d games (%d-%d-%d), %d plies", what,
			s.Games, s.Wins[0], s.Draws, s.Wins[1], s.Plies, w.games, w.red, w.draws, w.blue, w.plies)
	}
}

// The four games cuteataxx-cli played (fixtures/ataxx/games/cuteataxx.pgn),
// counted by hand from the file: two start from x5o/7/7/7/7/7/oo3xx (red,
// who is x and moves first, won 1. e2 c1 ... in 66 plies: the 65 moves
// written, then blue, who has no move left (FinalFEN), passes; blue won
// 1. e1 b1d2 ... in 61), two from x5o/7/7/7/7/o6/o4xx (red won 1. g2 b1
// ... in 54; blue won 1. e1 b1 ... in 58).
func TestCuteataxxTree(t *testing.T) {
	tr, refused := build(t, []Source{fileSource(t, "../../fixtures/ataxx/games/cuteataxx.pgn")}, BuildOptions{Plies: 2})
	if len(refused) > 0 {
		t.Fatal(refused)
	}
	a, b := "x5o/7/7/7/7/7/oo3xx x 0 2", "x5o/7/7/7/7/o6/o4xx x 0 2"
	if tr.Info.ID != "ataxx" || tr.Games != 4 || tr.Len() != 10 || tr.KeyKind() != "hash" {
		t.Fatalf("%s: want ataxx, 4 games, 10 positions (2 starts, 4 after one ply, 4 after two)", tr.Heading())
	}
	roots := roots(tr)
	if len(roots) != 2 || roots[0].Position != a || roots[1].Position != b || roots[0].Starts != 2 {
		t.Fatalf("roots %v", roots)
	}
	ra := nodeAt(t, tr, a)
	checkStats(t, "A", ra.Stats, want{2, 1, 0, 1, 66 + 61})
	checkStats(t, "A e2", ra.Move("e2").Stats, want{1, 1, 0, 0, 66})
	checkStats(t, "A e1", ra.Move("e1").Stats, want{1, 0, 0, 1, 61})
	if sc, ok := ra.Move("e2").Score(0); !ok || sc != 1 {
		t.Errorf("A e2: red's score %v, want 1", sc)
	}
	if w, d, l := ra.Move("e1").For(0); w != 0 || d != 0 || l != 1 {
		t.Errorf("A e1 for red: %d-%d-%d, want 0-0-1", w, d, l)
	}
	rb := nodeAt(t, tr, b)
	checkStats(t, "B g2", rb.Move("g2").Stats, want{1, 1, 0, 0, 54})
	checkStats(t, "B e1", rb.Move("e1").Stats, want{1, 0, 0, 1, 58})
	n := nodeAt(t, tr, a, "e1")
	if n.Ply != 1 || n.Side != 1 || len(n.Moves) != 1 {
		t.Errorf("A e1: ply %d side %d moves %d", n.Ply, n.Side, len(n.Moves))
	}
	checkStats(t, "A e1 b1d2", n.Move("b1d2").Stats, want{1, 0, 0, 1, 61})
	if sc, _ := n.Move("b1d2").Score(1); sc != 1 {
		t.Errorf("A e1 b1d2: blue's score %v, want 1", sc)
	}
	leaf := nodeAt(t, tr, b, "e1", "b1")
	if leaf.Ply != 2 || len(leaf.Moves) != 0 || leaf.Games != 1 {
		t.Errorf("B e1 b1: ply %d, %d moves, %d games", leaf.Ply, len(leaf.Moves), leaf.Games)
	}
	// The text an explorer shows for A.
	var w bytes.Buffer
	tr.WriteNode(&w, ra)
	wantText := "ply 0: x5o/7/7/7/7/7/oo3xx x 0 2, red to move, 2 games (red 50%, draws 0%, blue 50%)\n" +
		"  move games         red draws  blue   score  length\n" +
		"  e1       1  50%     0%    0%  100%      0%    61.0\n" +
		"  e2       1  50%   100%    0%    0%    100%    66.0\n"
	if w.String() != wantText {
		t.Errorf("got\n%s\nwant\n%s", w.String(), wantText)
	}
}

// Transpositions are merged: f2 f6 g2 and g2 f6 f2 reach one position; a
// game that comes back to a position counts there once.
func TestTranspositions(t *testing.T) {
	tr, _ := build(t, []Source{textSource("t.rec", `[Game "ataxx"]
[Result "1-0"]

1. f2 f6 2. g2 g6 1-0

[Game "ataxx"]
[Result "1/2-1/2"]
[Termination "draw (agreed)"]

1. g2 f6 2. f2 g6 3. a7c5 1/2-1/2
`)}, BuildOptions{Plies: 4})
	start := "x5o/7/7/7/7/7/o5x x 0 1"
	n := nodeAt(t, tr, start, "f2", "f6", "g2")
	checkStats(t, "after 3 plies", n.Stats, want{2, 1, 1, 0, 4 + 5})
	if n.Ply != 3 || len(n.Moves) != 1 {
		t.Errorf("ply %d, %d moves", n.Ply, len(n.Moves))
	}
	checkStats(t, "g6 there", n.Move("g6").Stats, want{2, 1, 1, 0, 9})
	if nodeAt(t, tr, start, "g2", "f6", "f2") != n {
		t.Error("the transposition is another position")
	}
	if tr.Len() != 1+2+2+1+1 {
		t.Errorf("%d positions, want 7", tr.Len())
	}

	// Jumps there and back: the start again at ply 4, counted once.
	tr, _ = build(t, []Source{textSource("back.rec", "[Game \"ataxx\"]\n\n1. a7c5 g7e5 2. c5a7 e5g7 3. f2 *\n")}, BuildOptions{Plies: 5})
	root := nodeAt(t, tr, start)
	checkStats(t, "the start", root.Stats, want{1, 0, 0, 0, 5})
	if root.Position != start || root.Ply != 0 || root.Starts != 1 || len(root.Moves) != 2 {
		t.Errorf("the start: %q ply %d starts %d, %d moves", root.Position, root.Ply, root.Starts, len(root.Moves))
	}
	if e := root.Move("a7c5"); e == nil || e.Games != 1 {
		t.Errorf("a7c5: %+v", e)
	}
	if e := root.Move("f2"); e == nil || e.Games != 1 {
		t.Errorf("f2 (played at ply 4): %+v", e)
	}
	if tr.Len() != 5 {
		t.Errorf("%d positions, want 5 (the start, 3 between, after f2)", tr.Len())
	}
}

// Records that cannot be added are refused with their file and line, and
// the others are added; every format is read.
func TestBuildInputs(t *testing.T) {
	tr, refused := build(t, []Source{textSource("mixed.rec", `[Game "ataxx"]

1. f2 a1b3 *

[Game "ataxx"]

1. f2 a1a2 *

[Game "konobi"]

1. d4 *
`)}, BuildOptions{Plies: 3})
	if tr.Games != 1 || tr.Refused != 2 || len(refused) != 2 {
		t.Fatalf("%s; refused %q", tr.Heading(), refused)
	}
	if !strings.HasPrefix(refused[0], "mixed.rec:7: game 2: move 2 \"a1a2\": ") {
		t.Errorf("refused[0] = %q", refused[0])
	}
	if refused[1] != "mixed.rec:9: game 3: a game of konobi, but the tree is of ataxx" {
		t.Errorf("refused[1] = %q", refused[1])
	}
	_, refused = build(t, []Source{textSource("bad.rec", "[Game \"ataxx\"]\n\n1. f2 *\n\n[Game \"ataxx\"\n\n1. g2 *\n"), textSource("ok.rec", "[Game \"ataxx\"]\n\n1. g2 *\n")}, BuildOptions{Plies: 3})
	if len(refused) != 1 || !strings.HasPrefix(refused[0], "bad.rec:5:") || !strings.HasSuffix(refused[0], "the rest of the file is not read") {
		t.Errorf("a malformed file: %q", refused)
	}
	// In shards, the malformed record is one shard's to report.
	srcs := []Source{textSource("bad.rec", "[Game \"ataxx\"]\n\n1. f2 *\n\n[Game \"ataxx\"\n"), textSource("ok.rec", "[Game \"ataxx\"]\n\n1. g2 *\n\n[Game \"ataxx\"]\n\n1. f1 *\n")}
	total := 0
	for k := range 2 {
		tr, _ := build(t, srcs, BuildOptions{Plies: 1, Keep: func(i int) bool { return i%2 == k }})
		total += tr.Refused
	}
	if total != 1 {
		t.Errorf("the malformed record is refused %d times over 2 shards", total)
	}
	// A plain move list needs the game.
	tr, refused = build(t, []Source{textSource("l.txt", "f2 a1b3\n")}, BuildOptions{Info: lookup(t, "ataxx"), Plies: 3})
	if tr.Games != 1 || len(refused) != 0 {
		t.Errorf("a move list with the game: %s %q", tr.Heading(), refused)
	}
	// Nothing added, with the game told: an empty tree (a shard of few games).
	tr, refused = build(t, []Source{textSource("l.txt", "f2 a1a2\n")}, BuildOptions{Info: lookup(t, "ataxx"), Plies: 3})
	if tr.Games != 0 || tr.Refused != 1 || tr.Len() != 0 || tr.Plies != 3 || len(refused) != 1 {
		t.Errorf("all refused, with the game: %s %q", tr.Heading(), refused)
	}
	if _, err := Build(context.Background(), []Source{textSource("l.txt", "f2 a1b3\n")}, BuildOptions{Plies: 3}); err == nil || !strings.Contains(err.Error(), "no game record") {
		t.Errorf("a move list without the game: %v", err)
	}
	// The Tablut challenge server's log, OGN, konobi records.
	for _, c := range []struct {
		file   string
		id     string
		games  int
		first  string
		winner int
	}{
		{"../record/tablutlog/testdata/challenge_it.log", "tablut", 1, "e4-c4", 0},
		{"../../fixtures/oware/games/auale.ogn", "oware", 1, "F", -3},
		{"../../fixtures/konobi/games/referee-1.rec", "konobi", 1, "b10", 1},
	} {
		tr, refused := build(t, []Source{fileSource(t, c.file)}, BuildOptions{Plies: 2})
		if tr.Info.ID != c.id || tr.Games != c.games || len(refused) > 0 {
			t.Errorf("%s: %s %q", c.file, tr.Heading(), refused)
			continue
		}
		r := roots(tr)[0]
		if len(r.Moves) != 1 || c.winner != -3 && r.Moves[0].Move != c.first {
			t.Errorf("%s: the first move %v", c.file, r.Moves)
		}
		if c.winner >= 0 && r.Wins[c.winner] != 1 {
			t.Errorf("%s: wins %v", c.file, r.Wins)
		}
	}
}

// jsonOf writes a tree as JSON lines.
func jsonOf(t *testing.T, tr *Tree) string {
	t.Helper()
	var b bytes.Buffer
	if err := tr.WriteJSON(&b, tr.Summary()); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func fixtureSources(t *testing.T) []Source {
	var srcs []Source
	files, _ := filepath.Glob("../../fixtures/tablut/games/*.rec")
	for _, f := range files {
		srcs = append(srcs, fileSource(t, f))
	}
	return srcs
}

// A tree does not depend on the number of workers, nor on being built in
// shards and merged; its JSON reads back to the same tree; scores do not
// depend on the order of the searches.
func TestDeterminism(t *testing.T) {
	srcs := fixtureSources(t)
	if len(srcs) < 10 {
		t.Fatalf("%d fixture records", len(srcs))
	}
	o := BuildOptions{Plies: 6}
	one, _ := build(t, srcs, o)
	o.Jobs = 4
	four, _ := build(t, srcs, o)
	whole := jsonOf(t, one)
	if got := jsonOf(t, four); got != whole {
		t.Fatalf("-j 4 differs from -j 1")
	}
	ctx := context.Background()
	if err := one.Evaluate(ctx, 2, 1, nil); err != nil {
		t.Fatal(err)
	}
	var parts []*Tree
	for k := 0; k < 3; k++ {
		o := BuildOptions{Plies: 6, Keep: func(i int) bool { return i%3 == k }, Jobs: 2}
		p, _ := build(t, srcs, o)
		if err := p.Evaluate(ctx, 2, 3, nil); err != nil {
			t.Fatal(err)
		}
		// Through JSON, as merge reads the parts.
		back, _, err := ReadTree("part", strings.NewReader(jsonOf(t, p)))
		if err != nil {
			t.Fatal(err)
		}
		if jsonOf(t, back) != jsonOf(t, p) {
			t.Fatalf("part %d: the JSON does not read back to the same tree", k)
		}
		parts = append(parts, back)
	}
	merged := parts[2]
	for _, p := range parts[:2] {
		if err := merged.Merge(p); err != nil {
			t.Fatal(err)
		}
	}
	if a, b := jsonOf(t, merged), jsonOf(t, one); a != b {
		t.Errorf("merged shards differ from the whole:\n%s\n%s", firstDiff(a, b), "")
	}
	if one.Depth != 2 || one.Nodes()[0].Eval == nil {
		t.Errorf("not scored: depth %d", one.Depth)
	}
}

func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return la[i] + "\n" + lb[i]
		}
	}
	return "lengths differ"
}

func TestReadTreeErrors(t *testing.T) {
	tr, _ := build(t, []Source{fileSource(t, "../../fixtures/ataxx/games/cuteataxx.pgn")}, BuildOptions{Plies: 1})
	good := jsonOf(t, tr)
	for _, c := range []struct{ old, new, err string }{
		{`"games":2,"wins":1`, `"games":3,"wins":1`, `t.jsonl:1: position x5o/7/7/7/7/7/oo3xx x 0 2: wins 1, draws 0, losses 1, unfinished 0, but side_wins`},
		{`"key":"`, `"key":"0`, `t.jsonl:1: key "0`},
		{`"move":"e1"`, `"move":"e3"`, `t.jsonl:1: position x5o/7/7/7/7/7/oo3xx x 0 2: move "e3" is not a legal move`},
		{`"openings":true,"game":"ataxx"`, `"openings":true,"game":"oware"`, `t.jsonl:1: position "x5o/7/7/7/7/7/oo3xx x 0 2":`},
		{`"positions":6`, `"positions":7`, `t.jsonl:7: the summary counts 7 positions, but the file has 6`},
	} {
		bad := strings.Replace(good, c.old, c.new, 1)
		if bad == good {
			t.Fatalf("%q not in the JSON", c.old)
		}
		_, _, err := ReadTree("t.jsonl", strings.NewReader(bad))
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: got %v, want %q", c.new, err, c.err)
		}
	}
	cut := good[:strings.LastIndex(strings.TrimSuffix(good, "\n"), "\n")]
	if _, _, err := ReadTree("t.jsonl", strings.NewReader(cut)); err == nil || !strings.Contains(err.Error(), "the run was cut short") {
		t.Errorf("no summary: %v", err)
	}
}

// The book plays, in each position, the move that scored best; the engine
// plays it from the book file; the balanced openings are the last ply's
// positions scored within the band.
func TestExports(t *testing.T) {
	tr, _ := build(t, []Source{fileSource(t, "../../fixtures/ataxx/games/cuteataxx.pgn")}, BuildOptions{Plies: 2})
	book := tr.Book(1)
	got := map[string]string{}
	for _, e := range book {
		got[e.Position] = e.Move
		if e.Scored {
			t.Errorf("%s: scored without a depth", e.Position)
		}
	}
	// Hand-checked: red won after e2 and g2, blue after e1 at both starts;
	// after one ply the only move played.
	for pos, m := range map[string]string{"x5o/7/7/7/7/7/oo3xx x 0 2": "e2", "x5o/7/7/7/7/o6/o4xx x 0 2": "g2"} {
		if got[pos] != m {
			t.Errorf("book at %s: %q, want %s", pos, got[pos], m)
		}
	}
	if len(book) != 6 {
		t.Errorf("%d book entries, want 6 (2 starts, 4 after a ply)", len(book))
	}
	if len(tr.Book(2)) != 0 {
		t.Errorf("minGames 2: %v (no move was played twice)", tr.Book(2))
	}
	var b bytes.Buffer
	if err := WriteBook(&b, "a book\nof 4 games", book); err != nil {
		t.Fatal(err)
	}
	eb, err := engine.ParseBook("book.txt", b.String())
	if err != nil {
		t.Fatal(err)
	}
	opts, _ := tr.Info.ParseOptions(nil)
	g, _ := tr.Info.Parse(opts, "x5o/7/7/7/7/o6/o4xx x 0 2")
	res, err := engine.New(engine.Options{HashEntries: 1 << 16, Selective: true, Book: eb}).Search(context.Background(), g, engine.Limits{Depth: 2}, nil)
	if err != nil || !res.Book || res.BestText != "g2" {
		t.Errorf("the engine with the book: %s book %v (%v)", res.BestText, res.Book, err)
	}

	if _, err := tr.Balanced(100, 1); err == nil {
		t.Error("balanced without scores")
	}
	if err := tr.Evaluate(context.Background(), 2, 2, nil); err != nil {
		t.Fatal(err)
	}
	for _, band := range []int{0, 100, 1000} {
		bal, err := tr.Balanced(band, 1)
		if err != nil {
			t.Fatal(err)
		}
		in := map[*Node]bool{}
		for _, n := range bal {
			in[n] = true
		}
		for _, n := range tr.Nodes() {
			v := engine.ValueOf(n.Eval.Score)
			ok := n.Ply == 2 && v.Units != nil && *v.Units >= -band && *v.Units <= band
			if ok != in[n] {
				t.Errorf("band %d: %s (ply %d, %s) balanced %v", band, n.Position, n.Ply, v.Text, in[n])
			}
		}
	}
	for _, e := range tr.Book(1) {
		if !e.Scored || e.Depth < 1 {
			t.Errorf("%s: not scored at depth 2", e.Position)
		}
	}
}
