package main

import (
	"bytes"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"boardrepl/rules/ataxx"
)

// blocks splits a data file into its games' blocks, sorted (the games of
// a run with -j 2 come in the order they end).
func blocks(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	cur := ""
	for _, line := range strings.SplitAfter(string(b), "\n") {
		cur += line
		if strings.HasPrefix(line, "# game ") {
			out = append(out, cur)
			cur = ""
		}
	}
	if cur != "" {
		t.Fatalf("%s ends in an unfinished block %q", path, cur)
	}
	sort.Strings(out)
	return out
}

func run(t *testing.T, f func([]string, *bytes.Buffer) error, args ...string) string {
	t.Helper()
	var log bytes.Buffer
	if err := f(args, &log); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, log.String())
	}
	return log.String()
}

func genRun(args []string, log *bytes.Buffer) error { return gen(args, log) }

// A run in two shards, or stopped (a block cut midway) and resumed, holds
// the same games as one run in one go; every line is a position, a score
// and a result.
func TestGenShardsAndResume(t *testing.T) {
	dir := t.TempDir()
	one, a, b, cut := filepath.Join(dir, "one"), filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "cut")
	flags := []string{"-games", "6", "-nodes", "300", "-seed", "3", "-j", "2"}
	run(t, genRun, append([]string{"-o", one}, flags...)...)
	run(t, genRun, append([]string{"-o", a, "-shard", "1/2"}, flags...)...)
	run(t, genRun, append([]string{"-o", b, "-shard", "2/2"}, flags...)...)
	want := blocks(t, one)
	if len(want) != 6 {
		t.Fatalf("%d games, want 6", len(want))
	}
	both := append(blocks(t, a), blocks(t, b)...)
	sort.Strings(both)
	if strings.Join(both, "") != strings.Join(want, "") {
		t.Error("the two shards hold other games than the whole run")
	}
	// Three games and half of a fourth, as a killed run leaves them.
	part := strings.Join(want[:3], "") + want[3][:len(want[3])/2]
	if err := os.WriteFile(cut, []byte(part), 0o644); err != nil {
		t.Fatal(err)
	}
	log := run(t, genRun, append([]string{"-o", cut}, flags...)...)
	if !strings.Contains(log, "3 games to play (3 already in") {
		t.Errorf("the resumed run says %q", log)
	}
	if got := blocks(t, cut); strings.Join(got, "") != strings.Join(want, "") {
		t.Error("the resumed run holds other games than the whole run")
	}
	for _, blk := range want {
		for _, line := range strings.Split(strings.TrimSpace(blk), "\n") {
			if strings.HasPrefix(line, "# game ") {
				continue
			}
			if _, err := parseSample(line); err != nil {
				t.Errorf("%q: %v", line, err)
			}
		}
	}
}

// The same data, seed and -j train the same network.
func TestTrainReproducible(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d")
	run(t, genRun, "-o", data, "-games", "20", "-nodes", "300", "-seed", "1", "-j", "2")
	var nets [2][]byte
	for i := range nets {
		out := filepath.Join(dir, "n"+string(rune('0'+i)))
		var stdout bytes.Buffer
		run(t, func(args []string, log *bytes.Buffer) error { return train(args, &stdout, log) },
			"-o", out, "-epochs", "2", "-batch", "64", "-seed", "5", "-j", "2", "-val", "5", data)
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		nets[i] = b
	}
	if !bytes.Equal(nets[0], nets[1]) {
		t.Error("two trainings on the same data with the same flags wrote different networks")
	}
	// With output buckets: the file says so and the engine reads it.
	out := filepath.Join(dir, "n8")
	var stdout bytes.Buffer
	run(t, func(args []string, log *bytes.Buffer) error { return train(args, &stdout, log) },
		"-o", out, "-epochs", "1", "-batch", "64", "-seed", "5", "-j", "2", "-val", "5", "-buckets", "8", data)
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b[:80], []byte(" buckets 8 ")) {
		t.Errorf("a network of 8 buckets begins %q", b[:80])
	}
	if _, err := ataxx.FromBitboards(0, 0).ReadNetwork(b); err != nil {
		t.Errorf("the engine refuses a network of 8 buckets: %v", err)
	}
	var log bytes.Buffer
	if err := train([]string{"-o", out, "-buckets", "9", data}, &stdout, &log); err == nil || !strings.Contains(err.Error(), "-buckets 9: want 1 to 8") {
		t.Errorf("-buckets 9: got %v", err)
	}
}

// step's gradient is the derivative of the squared error: each weight
// nudged either way changes the error by what the gradient says, in the
// position's own output bucket and in the shared layer (a bucket the
// position does not use gets none).
func TestTrainGradient(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	n := newNet(rng, 8)
	for i := range n.w1 {
		n.w1[i] *= 2 // accumulators spread over SCReLU's slope
	}
	s := sample{us: 0x0000_0000_1c22_4181, them: 0x0001_4200_0008_1410}
	const target = 0.7
	errAt := func() float64 {
		var w worker
		w.features(s.us, s.them, n.buckets())
		e := sigmoid(float64(w.forward(n))) - target
		return e * e
	}
	w := &worker{g: emptyNet(8)}
	w.step(n, &s, 0, target)
	k := ataxx.OutputBucket(bits.OnesCount64(s.us|s.them), 8)
	checked := 0
	for pi, p := range n.params() {
		for x := range p {
			if pi == 2 && x/(2*hidden) != k || pi == 3 && x != k {
				if w.g.params()[pi][x] != 0 {
					t.Fatalf("param %d[%d], of another bucket than %d, has a gradient", pi, x, k)
				}
				continue
			}
			if x%7 != 0 && pi != 3 {
				continue
			}
			old := p[x]
			const h = 1e-3
			p[x] = old + h
			up := errAt()
			p[x] = old - h
			down := errAt()
			p[x] = old
			num, got := (up-down)/(2*h), float64(w.g.params()[pi][x])
			if math.Abs(num-got) > 1e-3*math.Max(1, math.Abs(num))+2e-5 {
				t.Errorf("param %d[%d]: gradient %.6g, the error changes by %.6g", pi, x, got, num)
			}
			checked++
		}
	}
	if checked < 100 {
		t.Fatalf("only %d weights checked", checked)
	}
}

func TestParseSampleErrors(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"x5o/7/7/7/7/7/o5x x 0 1\t12", "want POSITION<TAB>SCORE<TAB>RESULT"},
		{"x5o/7/7/7/7/o5x x 0 1\t12\t1", "want 7 ranks"},
		{"x5o/7/7/7/7/7/o5xx x 0 1\t12\t1", "rank 1 is too long"},
		{"x5o/7/7/7/7/7/o4x x 0 1\t12\t1", "rank 1 has 6 squares"},
		{"x5o/7/7/7/7/7/o5x y 0 1\t12\t1", "side \"y\""},
		{"x5o/7/7/7/7/7/o5x x 0 1\tten\t1", "score \"ten\""},
		{"x5o/7/7/7/7/7/o5x x 0 1\t12\t0.7", "want 1, 0.5 or 0"},
	} {
		if _, err := parseSample(c.line); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error saying %q", c.line, err, c.want)
		}
	}
}

// With -adjudicate a game stops where a search proves its winner: its
// positions are the first ones of the same game played out (the same
// opening, the same searches), and every one of them gets the proven
// winner's result, the one the game played out ends in.
func TestGenAdjudicate(t *testing.T) {
	dir := t.TempDir()
	full, adj := filepath.Join(dir, "full"), filepath.Join(dir, "adj")
	flags := []string{"-games", "8", "-nodes", "300", "-seed", "5", "-j", "2"}
	run(t, genRun, append([]string{"-o", full}, flags...)...)
	run(t, genRun, append([]string{"-o", adj, "-adjudicate"}, flags...)...)
	fb, ab := blocks(t, full), blocks(t, adj)
	if len(fb) != 8 || len(ab) != 8 {
		t.Fatalf("%d and %d games, want 8", len(fb), len(ab))
	}
	split := func(blk string) (lines []string, last string) {
		all := strings.Split(strings.TrimSpace(blk), "\n")
		return all[:len(all)-1], all[len(all)-1]
	}
	cut := 0
	for i := range fb {
		fl, flast := split(fb[i])
		al, alast := split(ab[i])
		if strings.HasSuffix(flast, "dropped") {
			if alast != flast {
				t.Errorf("game %d: %q, played out %q", i, alast, flast)
			}
			continue
		}
		if !strings.HasSuffix(alast, " adjudicated") {
			if alast != flast || len(al) != len(fl) {
				t.Errorf("game %d not adjudicated, yet %q and %d positions against %q and %d", i, alast, len(al), flast, len(fl))
			}
			continue
		}
		cut++
		if len(al) >= len(fl) {
			t.Errorf("game %d adjudicated with %d positions, played out %d", i, len(al), len(fl))
		}
		for k, l := range al {
			if l != fl[k] {
				t.Fatalf("game %d, position %d: %q, played out %q", i, k, l, fl[k])
			}
		}
		// The played-out game's result, from the side to move's view of
		// each position, is the adjudicated one.
		if want := strings.Fields(flast)[8]; strings.Fields(alast)[8] != want {
			t.Errorf("game %d adjudicated %q, played out %q", i, alast, flast)
		}
	}
	if cut == 0 {
		t.Error("no game was adjudicated")
	}
}

// -init starts from a network file: the float network it reads is the
// file's (the engine's evaluation of random positions, within the
// rounding of its integers), and flags that contradict the file are
// refused.
func TestTrainInit(t *testing.T) {
	file := ataxx.BuiltinNetwork()
	w, err := ataxx.DecodeNetwork(file)
	if err != nil {
		t.Fatal(err)
	}
	n := fromWeights(w)
	q, err := ataxx.FromBitboards(0, 0).ReadNetwork(file)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	var wk worker
	worst := 0.0
	for range 500 {
		var us, them uint64
		for s := range nsq {
			switch rng.IntN(3) {
			case 1:
				us |= 1 << s
			case 2:
				them |= 1 << s
			}
		}
		g := ataxx.FromBitboards(us, them)
		g.SetNetwork(q)
		wk.features(us, them, n.buckets())
		worst = max(worst, math.Abs(float64(wk.forward(n))*float64(w.Scale)-float64(g.Evaluate())))
	}
	// The engine divides its integer sums twice, each losing less than a
	// unit of its output times the scale over QA*QB.
	if worst > 3 {
		t.Errorf("the network -init reads is up to %.2f units from the engine's evaluation of its file", worst)
	}

	dir := t.TempDir()
	data, init := filepath.Join(dir, "d"), filepath.Join(dir, "init.nnue")
	if err := os.WriteFile(init, file, 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, genRun, "-o", data, "-games", "10", "-nodes", "300", "-seed", "2", "-j", "2")
	var stdout, log bytes.Buffer
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{[]string{"-buckets", "2"}, "-buckets 2, but"},
		{[]string{"-scale", "100"}, "-scale 100, but"},
	} {
		args := append([]string{"-o", filepath.Join(dir, "out"), "-init", init, "-val", "5"}, c.flags...)
		if err := train(append(args, data), &stdout, &log); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v, want %q", c.flags, err, c.want)
		}
	}
	if err := train([]string{"-o", filepath.Join(dir, "out"), "-init", data, data}, &stdout, &log); err == nil || !strings.Contains(err.Error(), "not a network file") {
		t.Errorf("-init of a data file: got %v", err)
	}
	out := run(t, func(args []string, log *bytes.Buffer) error { return train(args, &stdout, log) },
		"-o", filepath.Join(dir, "out"), "-init", init, "-epochs", "1", "-batch", "64", "-val", "5", "-j", "2", data)
	if !strings.Contains(out, fmt.Sprintf("scale %d ", w.Scale)) {
		t.Errorf("a run from the built-in network does not keep its scale %d:\n%s", w.Scale, out)
	}
}

// -smooth: the mean of sigmoid(score/scale) over a position and the next
// ones of its game, each from the first position's side, stopping at the
// game's end. By hand, at scale 100: sigmoid(0) = 0.5, sigmoid(1) =
// 0.7311, sigmoid(-1) = 0.2689.
func TestSmoothScore(t *testing.T) {
	set := []sample{
		{score: 100, side: 0},              // x: 0.7311
		{score: 100, side: 1},              // o: 0.7311 for o, 0.2689 for x
		{score: 0, side: 1, last: true},    // o again (x passed): 0.5
		{score: -100, side: 0, last: true}, // the next game
	}
	cases := []struct {
		i, n int
		want float64
	}{
		{0, 1, 0.7311},
		{0, 2, (0.7311 + 0.2689) / 2},
		{0, 3, (0.7311 + 0.2689 + 0.5) / 3},
		{0, 9, (0.7311 + 0.2689 + 0.5) / 3}, // the game ends at the third
		{1, 2, (0.7311 + 0.5) / 2},
		{3, 4, 0.2689},
	}
	for _, c := range cases {
		if got := smoothScore(set, c.i, c.n, 100); math.Abs(got-c.want) > 1e-4 {
			t.Errorf("smoothScore(%d, %d) = %.5f, want %.5f", c.i, c.n, got, c.want)
		}
	}
}

// readData marks the last position of each game and keeps each position's
// side, which -smooth needs to stay inside a game and to turn the scores.
func TestReadDataGameEnds(t *testing.T) {
	data := "x5o/7/7/7/7/7/o5x x 0 1\t10\t1\n" +
		"x5o/7/7/7/7/5x1/o5x o 0 1\t-10\t0\n" +
		"x5o/7/7/7/7/5xo/o5x x 0 2\t20\t1\n" +
		"# game 0 opening 4 plies 3 result 1-0\n" +
		"x5o/7/7/7/7/7/o5x o 0 1\t5\t0.5\n" +
		"# game 1 opening 4 plies 1 result 1/2-1/2\n" +
		"x5o/7/7/7/7/7/o5x x 0 1\t5\t0.5\n" +
		"# game 2 opening 4 plies 1 result 1/2-1/2\n"
	path := filepath.Join(t.TempDir(), "d.txt")
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	tr, val, err := readData(path, 2) // games 0 and 2 train, game 1 is held out
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range append(tr, val...) {
		got = append(got, fmt.Sprintf("%d/%v", s.side, s.last))
	}
	want := "0/false 1/false 0/true 0/true 1/true"
	if strings.Join(got, " ") != want {
		t.Errorf("side/last of the train then held-out positions: %s, want %s", strings.Join(got, " "), want)
	}
}
