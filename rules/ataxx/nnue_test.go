package ataxx

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// randomWeights makes a network of random weights within the clip, of
// one output bucket, as a trainer could have written it.
func randomWeights(seed uint64) *NetworkWeights { return randomBuckets(seed, 1) }

// randomBuckets is randomWeights with that many output buckets.
func randomBuckets(seed uint64, buckets int) *NetworkWeights {
	rng := rand.New(rand.NewPCG(seed, 1))
	u := func(r float64) float64 { return (rng.Float64()*2 - 1) * r }
	w := &NetworkWeights{B1: make([]float64, NetHidden), Scale: 300}
	for i := 0; i < NetInputs; i++ {
		row := make([]float64, NetHidden)
		for h := range row {
			row[h] = u(0.3)
		}
		w.W1 = append(w.W1, row)
	}
	for h := range w.B1 {
		w.B1[h] = u(0.5)
	}
	for range buckets {
		out := make([]float64, 2*NetHidden)
		for h := range out {
			out[h] = u(0.5 * math.Sqrt(64.0/NetHidden)) // the output's spread whatever the size
		}
		w.W2, w.B2 = append(w.W2, out), append(w.B2, u(0.5))
	}
	return w
}

// floatEval is the network of w in floats, for the position of g, from
// the definition in nnue.go (not from the engine's accumulators).
func floatEval(w *NetworkWeights, g *Game) float64 {
	// Colour c's view: for each 2x2 window, bottom row first, the state
	// of each square (0 empty, 1 c's, 2 the other's) in base 3, the
	// window's corner nearest a1 the lowest digit.
	view := func(c int) []float64 {
		a := append([]float64(nil), w.B1...)
		for r := 0; r < 6; r++ {
			for f := 0; f < 6; f++ {
				state := 0
				for i, sq := range [4][2]int{{r, f}, {r, f + 1}, {r + 1, f}, {r + 1, f + 1}} {
					bit := uint64(1) << (7*sq[0] + sq[1])
					d := 0
					switch {
					case g.bb[c]&bit != 0:
						d = 1
					case g.bb[1-c]&bit != 0:
						d = 2
					}
					state += d * []int{1, 3, 9, 27}[i]
				}
				for h := range a {
					a[h] += w.W1[81*(6*r+f)+state][h]
				}
			}
		}
		return a
	}
	// The bucket: pieces*B/50, by the pieces counted here.
	pieces := 0
	for s := 0; s < nsq; s++ {
		if (g.bb[0]|g.bb[1])&(1<<s) != 0 {
			pieces++
		}
	}
	b := pieces * len(w.W2) / 50
	y := w.B2[b]
	for k, a := range [2][]float64{view(g.side), view(1 - g.side)} {
		for h, x := range a {
			x = math.Min(math.Max(x, 0), 1)
			y += w.W2[b][k*NetHidden+h] * x * x
		}
	}
	return y * float64(w.Scale)
}

// netGame sets up pos with the network of file (parsed once a file).
func netGame(t *testing.T, file []byte, pos string) *Game {
	t.Helper()
	g, err := parse(pos)
	if err != nil {
		t.Fatal(err)
	}
	n, ok := parsed[string(file)]
	if !ok {
		if n, err = parseNetwork(file); err != nil {
			t.Fatal(err)
		}
		parsed[string(file)] = n
	}
	g.net = n
	g.refreshAcc()
	return g
}

var parsed = map[string]*network{}

// The accumulators that Play and Unplay keep equal those computed from
// scratch, in every position of random games and after every take-back;
// the engine's integer evaluation is the network's definition in floats
// on the file's weights (within the integer divisions' truncation), and
// the file's weights are the trainer's rounded to their steps; with one
// output bucket and with the most.
func TestNetworkIncremental(t *testing.T) {
	for _, buckets := range []int{1, NetMaxBuckets} {
		t.Run(fmt.Sprintf("buckets=%d", buckets), func(t *testing.T) { testIncremental(t, randomBuckets(7, buckets)) })
	}
}

func testIncremental(t *testing.T, w *NetworkWeights) {
	file, err := EncodeNetwork(w)
	if err != nil {
		t.Fatal(err)
	}
	q := dequantise(t, file)
	checkRounding(t, w, q)
	rng := rand.New(rand.NewPCG(3, 4))
	worst := 0.0
	for game := 0; game < 40; game++ {
		g := netGame(t, file, StartPosition)
		var seen []string
		var evals []int
		for ply := 0; ply < 200; ply++ {
			if over, _ := g.Outcome(); over {
				break
			}
			fresh := netGame(t, file, g.Position())
			if g.accs[len(g.accs)-1] != fresh.accs[0] {
				t.Fatalf("game %d ply %d: the accumulators of %s differ from those computed from scratch", game, ply, g.Position())
			}
			v := g.Evaluate()
			worst = math.Max(worst, math.Abs(float64(v)-floatEval(q, g)))
			seen, evals = append(seen, g.Position()), append(evals, v)
			ms := g.Moves(nil)
			g.Play(ms[rng.IntN(len(ms))])
		}
		for i := len(seen) - 1; i >= 0; i-- {
			g.Unplay()
			if g.Position() != seen[i] || g.Evaluate() != evals[i] {
				t.Fatalf("game %d: after taking back to ply %d: %s scores %d, want %s scoring %d", game, i, g.Position(), g.Evaluate(), seen[i], evals[i])
			}
		}
	}
	// The integers are exact but for two truncating divisions: the
	// output sum by QA (under one QA*QB step) and the evaluation's by
	// QA*QB (under one unit).
	if worst >= 2 {
		t.Errorf("the engine's evaluation is up to %.2f units from the network's definition on the file's weights, want under 2", worst)
	}
	t.Logf("engine against the definition on the file's weights: at most %.2f units", worst)
}

// dequantise is DecodeNetwork, failing the test on an error.
func dequantise(t *testing.T, file []byte) *NetworkWeights {
	t.Helper()
	w, err := DecodeNetwork(file)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// checkRounding: every weight of the file q is the trainer's w rounded to
// the nearest step (the output weights first clipped to ±NetClipOut).
func checkRounding(t *testing.T, w, q *NetworkWeights) {
	t.Helper()
	near := func(what string, x, y, step float64) {
		if math.Abs(x-y) > step/2+1e-12 {
			t.Fatalf("%s: %g stored as %g, more than half a step (%g) away", what, x, y, step)
		}
	}
	for i := range w.W1 {
		for h := range w.W1[i] {
			near(fmt.Sprintf("W1[%d][%d]", i, h), w.W1[i][h], q.W1[i][h], 1.0/netQA)
		}
	}
	for h := range w.B1 {
		near(fmt.Sprintf("B1[%d]", h), w.B1[h], q.B1[h], 1.0/netQA)
	}
	for k := range w.W2 {
		for h := range w.W2[k] {
			near(fmt.Sprintf("W2[%d][%d]", k, h), math.Max(-NetClipOut, math.Min(NetClipOut, w.W2[k][h])), q.W2[k][h], 1.0/netQB)
		}
		near(fmt.Sprintf("B2[%d]", k), w.B2[k], q.B2[k], 1.0/(netQA*netQB))
	}
}

// Swapping the colours and the side to move changes nothing the network
// sees: each colour's view is the same, so the score is the same.
func TestNetworkColourSwap(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, file := range [][]byte{netFile, must(EncodeNetwork(randomWeights(9))), must(EncodeNetwork(randomBuckets(9, NetMaxBuckets)))} {
		for game := 0; game < 20; game++ {
			g := netGame(t, file, StartPosition)
			for ply := 0; ply < 120; ply++ {
				if over, _ := g.Outcome(); over {
					break
				}
				sw := netGame(t, file, swapColours(g.Position()))
				if a, b := g.Evaluate(), sw.Evaluate(); a != b {
					t.Fatalf("%s scores %d, its colour swap %s %d", g.Position(), a, sw.Position(), b)
				}
				ms := g.Moves(nil)
				g.Play(ms[rng.IntN(len(ms))])
			}
		}
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// swapColours exchanges x and o in a position string, side to move too.
func swapColours(pos string) string {
	f := strings.Fields(pos)
	f[0] = strings.Map(func(r rune) rune {
		switch r {
		case 'x':
			return 'o'
		case 'o':
			return 'x'
		}
		return r
	}, f[0])
	if f[1] == "x" {
		f[1] = "o"
	} else {
		f[1] = "x"
	}
	return strings.Join(f, " ")
}

// A network is evaluated, and kept up to date, without allocating.
func TestNetworkAllocs(t *testing.T) {
	g := netGame(t, netFile, "x5o/7/2x4/3o3/7/7/o5x x 0 3")
	ms := g.Moves(nil)
	for _, m := range ms { // grow the stacks once
		g.Play(m)
		g.Unplay()
	}
	allocs := testing.AllocsPerRun(100, func() {
		for _, m := range ms {
			g.Play(m)
			_ = g.Evaluate()
			g.Unplay()
		}
	})
	if allocs != 0 {
		t.Errorf("Play, Evaluate and Unplay allocate %v times a round", allocs)
	}
}

func TestNetworkFile(t *testing.T) {
	good := must(EncodeNetwork(randomWeights(1)))
	if _, err := parseNetwork(good); err != nil {
		t.Fatalf("a file EncodeNetwork wrote: %v", err)
	}
	if _, err := parseNetwork(netFile); err != nil {
		t.Fatalf("ataxx.nnue: %v", err)
	}
	header := netMagic + fmt.Sprintf("inputs 2916 hidden %d qa 255 qb 64 scale 300\n", netHidden)
	if !bytes.HasPrefix(good, []byte(header)) {
		t.Fatalf("a network of one bucket begins %q, want the header of the networks before buckets, %q", good[:len(header)], header)
	}
	size := 2*(netInputs*netHidden+3*netHidden) + 4
	eight := must(EncodeNetwork(randomBuckets(1, 8)))
	header8 := netMagic + fmt.Sprintf("inputs 2916 hidden %d buckets 8 qa 255 qb 64 scale 300\n", netHidden)
	if !bytes.HasPrefix(eight, []byte(header8)) {
		t.Fatalf("a network of 8 buckets begins %q, want %q", eight[:len(header8)], header8)
	}
	if len(eight)-len(header8) != size+7*(4*netHidden+4) {
		t.Errorf("a network of 8 buckets has %d bytes of weights, want %d", len(eight)-len(header8), size+7*(4*netHidden+4))
	}
	body := good[len(header):]
	big := bytes.Clone(good)
	// Input 0's weight into unit 0 at the int16 maximum: with the other
	// windows' largest weights it overflows.
	big[len(header)], big[len(header)+1] = 0xff, 0x7f
	for _, c := range []struct{ name, file, want string }{
		{"empty", "", "not a network file"},
		{"text", "hello\n", "not a network file"},
		{"no header", netMagic, "no header line"},
		{"bad header", netMagic + "inputs 98\n", "header"},
		{"other sizes", netMagic + "inputs 2916 hidden 96 qa 255 qb 64 scale 300\n" + string(body), fmt.Sprintf("this build reads inputs 2916 hidden %d", netHidden)},
		{"piece-square network", "boardrepl ataxx nnue 1\ninputs 98 hidden 128 qa 255 qb 64 scale 525\n" + string(body), "a network of piece inputs"},
		{"too many buckets", strings.Replace(header8, "buckets 8", "buckets 9", 1) + string(eight[len(header8):]), "1 to 8 buckets"},
		{"no buckets", strings.Replace(header8, "buckets 8", "buckets 0", 1) + string(eight[len(header8):]), "1 to 8 buckets"},
		{"fewer buckets than weights", strings.Replace(header8, "buckets 8", "buckets 7", 1) + string(eight[len(header8):]), "bytes of weights, want"},
		{"no scale", strings.Replace(header, "scale 300", "scale 0", 1) + string(body), "a scale of 1 to 10000"},
		{"truncated", header + string(body[:100]), fmt.Sprintf("100 bytes of weights, want %d", size)},
		{"longer", header + string(body) + "x", fmt.Sprintf("%d bytes of weights, want %d", size+1, size)},
		{"overflow", string(big), "beyond int16"},
	} {
		_, err := parseNetwork([]byte(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error saying %q", c.name, err, c.want)
		}
	}
	g := netGame(t, good, StartPosition)
	if err := g.SetNetworkFile([]byte("junk")); err == nil {
		t.Error("SetNetworkFile took junk")
	}
	if g.net == nil || g.Evaluate() != netGame(t, good, StartPosition).Evaluate() {
		t.Error("a refused file changed the game's network")
	}
}

// The built-in network is on in new games and off with UseNetwork(false),
// which gives the hand-written evaluation back; blocks turn it off too.
func TestUseNetwork(t *testing.T) {
	g0, err := Info.NewGame(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	g := g0.(*Game)
	g.Play(must1(g.ParseMove("f2")))
	if !g.UsesNetwork() || g.EvalTerms()[0].Name != "network" {
		t.Fatalf("a new game evaluates with %v", g.EvalTerms())
	}
	c := g.Clone().(*Game)
	c.Play(must1(c.ParseMove("a2")))
	c.Unplay()
	if c.Evaluate() != g.Evaluate() {
		t.Error("a clone scores the position otherwise")
	}
	g.UseNetwork(false)
	if g.UsesNetwork() || len(g.accs) != 0 {
		t.Fatal("UseNetwork(false) left the network on")
	}
	m, mob, f, h, tm, sq := g.evalTerms()
	if g.Evaluate() != m+mob+f+h+tm+sq {
		t.Error("without the network the hand-written evaluation does not score")
	}
	b, err := Info.NewGame([]string{"blocks=4", "pattern=1"}, "")
	if err != nil {
		t.Fatal(err)
	}
	if b.(*Game).UsesNetwork() {
		t.Error("a game with blocks uses the network")
	}
}

func must1[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// The AVX2 loops compute what the Go ones do, on accumulators beyond the
// clamp on both sides and on the extreme weights.
func TestNetworkLoops(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for round := 0; round < 2000; round++ {
		var a, w, a2 [netHidden]int16
		for i := range a {
			a[i] = int16(rng.IntN(1200) - 600)
			w[i] = int16(rng.IntN(255) - 127)
		}
		if round == 0 {
			for i := range a {
				a[i], w[i] = 255, 127
			}
		}
		if got, want := screluDot(&a, &w), screluDotGo(&a, &w); got != want {
			t.Fatalf("screluDot %d, want %d", got, want)
		}
		a2 = a
		addRow(&a, &w)
		addRowGo(&a2, &w)
		if a != a2 {
			t.Fatal("addRow differs from addRowGo")
		}
		// Up to all 36 windows at once, from rows of both signs.
		var rows [2 * netWindows][netHidden]int16
		for r := range rows {
			for i := range rows[r] {
				rows[r][i] = int16(rng.IntN(255) - 127)
			}
		}
		var subs, adds []*[netHidden]int16
		for k := range rng.IntN(netWindows + 1) {
			subs, adds = append(subs, &rows[2*k]), append(adds, &rows[2*k+1])
		}
		var d1, d2 [netHidden]int16
		accUpdate(&d1, &a, subs, adds)
		accUpdateGo(&d2, &a, subs, adds)
		if d1 != d2 {
			t.Fatalf("accUpdate of %d windows differs from accUpdateGo", len(subs))
		}
	}
}
