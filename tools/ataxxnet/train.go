package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"boardrepl/rules/ataxx"
)

const (
	nsq    = 49
	size   = 7
	hidden = ataxx.NetHidden
	inputs = ataxx.NetInputs
)

// sample is one training position, from the side to move's view: its
// pieces, the opponent's, the search's score and the game's result (1, 0.5
// or 0); side is the side to move (0 x, 1 o), and last marks the last
// position written of its game (-smooth reads no further).
type sample struct {
	us, them uint64
	score    int32
	result   float32
	side     uint8
	last     bool
}

// net is the network in floats, as trained: w1[i*hidden+h] is input i's
// weight into unit h; output bucket k's weights are w2[k*2*hidden:], the
// side to move's units then the other's, and its bias b2[k].
type net struct {
	w1 []float32
	b1 []float32
	w2 []float32
	b2 []float32
}

// emptyNet is a network of zeros (a worker's gradients) with that many
// output buckets.
func emptyNet(buckets int) *net {
	return &net{w1: make([]float32, inputs*hidden), b1: make([]float32, hidden), w2: make([]float32, buckets*2*hidden), b2: make([]float32, buckets)}
}

// buckets is the number of n's output buckets.
func (n *net) buckets() int { return len(n.b2) }

// newNet is the network training starts from, its weights drawn with rng.
func newNet(rng *rand.Rand, buckets int) *net {
	n := emptyNet(buckets)
	for i := range n.w1 {
		n.w1[i] = float32(rng.NormFloat64() * 0.1)
	}
	for i := range n.b1 {
		n.b1[i] = 0.1
	}
	for i := range n.w2 {
		n.w2[i] = float32(rng.NormFloat64() * 0.1)
	}
	return n
}

// params are n's weight arrays, in the order of paramClips.
func (n *net) params() [][]float32 {
	return [][]float32{n.w1, n.b1, n.w2, n.b2}
}

// paramClips bound the weights of params() after each step, to what the
// engine's integers hold: w1 and b1 as the accumulators' int16 allow, w2
// as the output's; b2 not at all.
var paramClips = [...]float32{ataxx.NetClip, ataxx.NetClip, ataxx.NetClipOut, float32(math.Inf(1))}

// sym[t][s] is square s under the t-th of the board's 8 symmetries.
var sym = func() (t [8][nsq]int) {
	for k := 0; k < 8; k++ {
		for s := 0; s < nsq; s++ {
			x, y := s%size, s/size
			if k&1 != 0 {
				x = size - 1 - x
			}
			if k&2 != 0 {
				y = size - 1 - y
			}
			if k&4 != 0 {
				x, y = y, x
			}
			t[k][s] = y*size + x
		}
	}
	return
}()

func transform(b uint64, t int) uint64 {
	if t == 0 {
		return b
	}
	var out uint64
	for ; b != 0; b &= b - 1 {
		out |= 1 << sym[t][bits.TrailingZeros64(b)]
	}
	return out
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// scoreProb is a search's score as the side to move's chance to win,
// sigmoid(score/scale), the score clamped to ±20 scales first (a proven
// win's score is far beyond, and exp would only round it to 1 or 0).
func scoreProb(score int32, scale int) float64 {
	return sigmoid(max(-20, min(20, float64(score)/float64(scale))))
}

// worker holds one goroutine's gradients and scratch space.
type worker struct {
	g                  *net
	accS, accO, dS, dO [hidden]float32
	featS, featO       []int
	bucket             int // the output bucket of the features
	loss               float64
}

// forward computes the output for the features of both views; it leaves
// the accumulators in w.
func (w *worker) forward(n *net) float32 {
	copy(w.accS[:], n.b1)
	copy(w.accO[:], n.b1)
	gather(&w.accS, n.w1, w.featS)
	gather(&w.accO, n.w1, w.featO)
	w2 := n.w2[w.bucket*2*hidden : (w.bucket+1)*2*hidden]
	y := n.b2[w.bucket]
	for h := 0; h < hidden; h++ {
		a := min(max(w.accS[h], 0), 1)
		b := min(max(w.accO[h], 0), 1)
		y += w2[h]*a*a + w2[hidden+h]*b*b
	}
	return y
}

// features fills the active inputs of both views and the output bucket
// of a network of that many buckets (the engine's, ataxx.OutputBucket).
func (w *worker) features(us, them uint64, buckets int) {
	w.bucket = ataxx.OutputBucket(bits.OnesCount64(us|them), buckets)
	w.featS, w.featO = w.featS[:0], w.featO[:0]
	for win := range ataxx.NetWindows {
		ours, theirs := ataxx.WindowInputs(win, us, them)
		w.featS, w.featO = append(w.featS, ours), append(w.featO, theirs)
	}
}

// step adds one sample's gradient of the squared error to w.g.
func (w *worker) step(n *net, s *sample, t int, target float32) {
	w.features(transform(s.us, t), transform(s.them, t), n.buckets())
	y := w.forward(n)
	p := float32(sigmoid(float64(y)))
	e := p - target
	w.loss += float64(e * e)
	gy := 2 * e * p * (1 - p)
	g := w.g
	k := w.bucket
	g.b2[k] += gy
	w2, gw2 := n.w2[k*2*hidden:(k+1)*2*hidden], g.w2[k*2*hidden:(k+1)*2*hidden]
	for h := 0; h < hidden; h++ {
		a, b := w.accS[h], w.accO[h]
		ca, cb := min(max(a, 0), 1), min(max(b, 0), 1)
		gw2[h] += gy * ca * ca
		gw2[hidden+h] += gy * cb * cb
		w.dS[h], w.dO[h] = 0, 0
		if a > 0 && a < 1 {
			w.dS[h] = gy * w2[h] * 2 * a
		}
		if b > 0 && b < 1 {
			w.dO[h] = gy * w2[hidden+h] * 2 * b
		}
		g.b1[h] += w.dS[h] + w.dO[h]
	}
	scatter(g.w1, &w.dS, w.featS)
	scatter(g.w1, &w.dO, w.featO)
}

const beta1, beta2, eps = 0.9, 0.999, 1e-8

// adamStep is what one step of Adam needs besides the gradients: the
// learning rate, the bias corrections 1-beta^step and 1/(positions in the
// batch).
type adamStep struct {
	rate, c1, c2 float64
	inv          float32
}

// adam sums the workers' gradients of a batch (in the workers' order),
// moves n's weights by one step of Adam with moments m1 and m2, clips them
// to what the engine's integers hold, and clears the workers' gradients for
// the next batch. Each of len(ws) goroutines takes its own part of every
// weight array; no weight depends on another's, so the result is the same
// whatever the split.
func adam(n *net, ws []*worker, m1, m2 [][]float32, a adamStep) {
	ps := n.params()
	gs := make([][][]float32, len(ws))
	for j, w := range ws {
		gs[j] = w.g.params()
	}
	var wg sync.WaitGroup
	for j := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k, p := range ps {
				lo, hi := j*len(p)/len(ws), (j+1)*len(p)/len(ws)
				p, m1, m2, g0 := p[lo:hi], m1[k][lo:hi], m2[k][lo:hi], gs[0][k][lo:hi]
				for _, gw := range gs[1:] {
					for x, v := range gw[k][lo:hi] {
						g0[x] += v
					}
					clear(gw[k][lo:hi])
				}
				clip := paramClips[k]
				for x, g := range g0 {
					g *= a.inv
					m1[x] = beta1*m1[x] + (1-beta1)*g
					m2[x] = beta2*m2[x] + (1-beta2)*g*g
					upd := a.rate * (float64(m1[x]) / a.c1) / (math.Sqrt(float64(m2[x])/a.c2) + eps)
					p[x] = max(-clip, min(clip, p[x]-float32(upd)))
				}
				clear(g0)
			}
		}()
	}
	wg.Wait()
}

func train(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("ataxxnet train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "the network file to write")
	epochs := fs.Int("epochs", 20, "passes over the data")
	batch := fs.Int("batch", 16384, "positions a step")
	lr := fs.Float64("lr", 0.002, "Adam's learning rate at the start (cosine decay to a tenth of it)")
	wdl := fs.Float64("wdl", 0.5, "weight of the game's result in the target (the rest: the search's score)")
	scaleFlag := fs.Int("scale", 0, "evaluation units of one output unit (0: fitted to the data, scores against results)")
	seed := fs.Uint64("seed", 1, "seed of the initial weights, the shuffles and the symmetries")
	valEvery := fs.Int("val", 50, "every N-th game of the data is held out to measure the error")
	jobs := fs.Int("j", runtime.NumCPU(), "goroutines")
	buckets := fs.Int("buckets", 1, fmt.Sprintf("output buckets, 1 to %d, chosen by the pieces on the board (pieces*B/50)", ataxx.NetMaxBuckets))
	smooth := fs.Int("smooth", 1, "the search's part of the target is the mean over this position and the next N-1 of its game (each from this side's view)")
	initPath := fs.String("init", "", "start from this network file (its weights, buckets and scale) instead of random weights")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: ataxxnet train -o NET [flags] DATA...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		fs.Usage()
		return errors.New("train: -o NET and at least one data file are needed")
	}
	if *epochs < 1 || *batch < 1 || *jobs < 1 || *valEvery < 2 || *wdl < 0 || *wdl > 1 || *lr <= 0 || *smooth < 1 {
		return errors.New("train: -epochs, -batch, -j, -lr and -smooth must be positive, -val at least 2, -wdl from 0 to 1")
	}
	if *buckets < 1 || *buckets > ataxx.NetMaxBuckets {
		return fmt.Errorf("train: -buckets %d: want 1 to %d", *buckets, ataxx.NetMaxBuckets)
	}
	var start *ataxx.NetworkWeights
	if *initPath != "" {
		var err error
		if start, err = readInit(*initPath); err != nil {
			return err
		}
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if set["buckets"] && *buckets != len(start.W2) {
			return fmt.Errorf("train: -buckets %d, but %s has %d", *buckets, *initPath, len(start.W2))
		}
		if set["scale"] && *scaleFlag != start.Scale {
			return fmt.Errorf("train: -scale %d, but %s has scale %d (its outputs are in its own units)", *scaleFlag, *initPath, start.Scale)
		}
		*buckets, *scaleFlag = len(start.W2), start.Scale
	}
	var trainSet, valSet []sample
	for _, path := range fs.Args() {
		tr, va, err := readData(path, *valEvery)
		if err != nil {
			return err
		}
		trainSet, valSet = append(trainSet, tr...), append(valSet, va...)
	}
	if len(trainSet) == 0 || len(valSet) == 0 {
		return errors.New("train: the data holds too few games (some must be held out)")
	}
	scale := *scaleFlag
	if scale == 0 {
		scale = fitScale(trainSet)
	}
	fmt.Fprintf(stderr, "ataxxnet train: %d positions, %d held out; scale %d (sigmoid(score/%d) predicts the result)\n", len(trainSet), len(valSet), scale, scale)
	targets := func(set []sample) []float32 {
		t := make([]float32, len(set))
		for i, s := range set {
			t[i] = float32(*wdl*float64(s.result) + (1-*wdl)*smoothScore(set, i, *smooth, scale))
		}
		return t
	}
	trainT, valT := targets(trainSet), targets(valSet)

	rng := rand.New(rand.NewPCG(*seed, 0x6e6e7565))
	n := newNet(rng, *buckets) // drawn with -init too, so that the shuffles are the seed's either way
	if start != nil {
		n = fromWeights(start)
	}
	ws := make([]*worker, *jobs)
	for i := range ws {
		ws[i] = &worker{g: emptyNet(*buckets)}
	}
	// Adam's moments.
	var m1, m2 [][]float32
	for _, p := range n.params() {
		m1, m2 = append(m1, make([]float32, len(p))), append(m2, make([]float32, len(p)))
	}
	steps := *epochs * ((len(trainSet) + *batch - 1) / *batch)
	step := 0
	order := make([]int32, len(trainSet))
	for i := range order {
		order[i] = int32(i)
	}
	symOf := make([]uint8, len(trainSet))
	fmt.Fprintf(stderr, "ataxxnet train: held-out error %.6f at the start\n", validate(n, valSet, valT))
	for ep := 1; ep <= *epochs; ep++ {
		start := time.Now()
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for i := range symOf {
			symOf[i] = uint8(rng.IntN(8))
		}
		var loss float64
		for lo := 0; lo < len(order); lo += *batch {
			hi := min(lo+*batch, len(order))
			var wg sync.WaitGroup
			for j, w := range ws {
				w.loss = 0
				wg.Add(1)
				go func() {
					defer wg.Done()
					for k := lo + j; k < hi; k += len(ws) {
						i := order[k]
						w.step(n, &trainSet[i], int(symOf[i]), trainT[i])
					}
				}()
			}
			wg.Wait()
			for _, w := range ws {
				loss += w.loss
			}
			step++
			rate := *lr * (0.1 + 0.9*0.5*(1+math.Cos(math.Pi*float64(step)/float64(steps))))
			adam(n, ws, m1, m2, adamStep{
				rate: rate,
				c1:   1 - math.Pow(beta1, float64(step)),
				c2:   1 - math.Pow(beta2, float64(step)),
				inv:  float32(1 / float64(hi-lo)),
			})
		}
		fmt.Fprintf(stderr, "ataxxnet train: epoch %d: training error %.6f, held-out %.6f (%.0f s)\n",
			ep, loss/float64(len(order)), validate(n, valSet, valT), time.Since(start).Seconds())
	}
	b, err := ataxx.EncodeNetwork(n.weights(scale))
	if err != nil {
		return err
	}
	if err := checkQuantised(b, n, valSet, scale, stderr); err != nil {
		return err
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s (%d bytes)\n", *out, len(b))
	return nil
}

// readInit reads the network training starts from with -init.
func readInit(path string) (*ataxx.NetworkWeights, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("train: -init: %v", err)
	}
	w, err := ataxx.DecodeNetwork(b)
	if err != nil {
		return nil, fmt.Errorf("train: -init %s: %v", path, err)
	}
	return w, nil
}

// weights are n's weights as ataxx.EncodeNetwork takes them, with that
// scale; fromWeights is the inverse.
func (n *net) weights(scale int) *ataxx.NetworkWeights {
	w := &ataxx.NetworkWeights{B1: f64(n.b1), B2: f64(n.b2), Scale: scale}
	for k := range n.buckets() {
		w.W2 = append(w.W2, f64(n.w2[k*2*hidden:(k+1)*2*hidden]))
	}
	for i := 0; i < inputs; i++ {
		w.W1 = append(w.W1, f64(n.w1[i*hidden:i*hidden+hidden]))
	}
	return w
}

// fromWeights is the float network of w (the trainer's layout).
func fromWeights(w *ataxx.NetworkWeights) *net {
	n := emptyNet(len(w.W2))
	for i, row := range w.W1 {
		for h, x := range row {
			n.w1[i*hidden+h] = float32(x)
		}
	}
	for h, x := range w.B1 {
		n.b1[h] = float32(x)
	}
	for k, out := range w.W2 {
		for h, x := range out {
			n.w2[k*2*hidden+h] = float32(x)
		}
		n.b2[k] = float32(w.B2[k])
	}
	return n
}

func f64(x []float32) []float64 {
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = float64(v)
	}
	return out
}

// validate is the mean squared error on the held-out positions (as they
// are: no symmetry).
func validate(n *net, set []sample, t []float32) float64 {
	var w worker
	var loss float64
	for i := range set {
		w.features(set[i].us, set[i].them, n.buckets())
		p := sigmoid(float64(w.forward(n)))
		e := p - float64(t[i])
		loss += e * e
	}
	return loss / float64(len(set))
}

// checkQuantised compares the quantised network, as the engine reads it,
// with the float one on held-out positions.
func checkQuantised(file []byte, n *net, set []sample, scale int, stderr io.Writer) error {
	var w worker
	var sum, worst float64
	k := min(len(set), 2000)
	q, err := ataxx.FromBitboards(0, 0).ReadNetwork(file)
	if err != nil {
		return err
	}
	for i := 0; i < k; i++ {
		s := set[i]
		g := ataxx.FromBitboards(s.us, s.them)
		g.SetNetwork(q)
		w.features(s.us, s.them, n.buckets())
		want := float64(w.forward(n)) * float64(scale)
		d := math.Abs(float64(g.Evaluate()) - want)
		sum += d
		worst = max(worst, d)
	}
	fmt.Fprintf(stderr, "ataxxnet train: quantised against float on %d held-out positions: mean difference %.2f units, worst %.2f\n", k, sum/float64(k), worst)
	return nil
}

// fitScale finds the S for which sigmoid(score/S) best predicts the
// results (least squares, scanned from 50 to 1000 by 5).
func fitScale(set []sample) int {
	best, bestErr := 0, math.Inf(1)
	for s := 50; s <= 1000; s += 5 {
		var e float64
		for i := 0; i < len(set); i += 7 {
			d := sigmoid(float64(set[i].score)/float64(s)) - float64(set[i].result)
			e += d * d
		}
		if e < bestErr {
			best, bestErr = s, e
		}
	}
	return best
}

// smoothScore is the search's part of sample i's target: the mean of
// sigmoid(score/scale) over it and the next n-1 positions of its game (set
// holds whole games in order), each turned to sample i's side's view.
func smoothScore(set []sample, i, n, scale int) float64 {
	sum, k := 0.0, 0
	for j := i; j < len(set) && j < i+n; j++ {
		p := scoreProb(set[j].score, scale)
		if set[j].side != set[i].side {
			p = 1 - p
		}
		sum += p
		k++
		if set[j].last {
			break
		}
	}
	return sum / float64(k)
}

// readData reads a file of gen: "POSITION<TAB>SCORE<TAB>RESULT" lines, each
// game closed by a "# game" line. Every valEvery-th game goes to val.
func readData(path string, valEvery int) (train, val []sample, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	var game []sample
	games := 0
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "# game ") {
			if len(game) > 0 {
				game[len(game)-1].last = true
			}
			if games%valEvery == valEvery-1 {
				val = append(val, game...)
			} else {
				train = append(train, game...)
			}
			game = game[:0]
			games++
			continue
		}
		s, err := parseSample(text)
		if err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		game = append(game, s)
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", path, err)
	}
	return train, val, nil
}

// parseSample reads one data line; the position's blocks, clocks and
// move number are not inputs of the network.
func parseSample(text string) (sample, error) {
	parts := strings.Split(text, "\t")
	if len(parts) != 3 {
		return sample{}, fmt.Errorf("want POSITION<TAB>SCORE<TAB>RESULT")
	}
	fields := strings.Fields(parts[0])
	if len(fields) < 2 {
		return sample{}, fmt.Errorf("position %q: want the board and the side to move", parts[0])
	}
	var bb [2]uint64
	rows := strings.Split(fields[0], "/")
	if len(rows) != size {
		return sample{}, fmt.Errorf("position %q: want 7 ranks", parts[0])
	}
	for r, row := range rows {
		rank, file := size-1-r, 0
		for _, c := range row {
			switch {
			case c >= '1' && c <= '7':
				file += int(c - '0')
				continue
			case file >= size:
				return sample{}, fmt.Errorf("position %q: rank %d is too long", parts[0], rank+1)
			case c == 'x' || c == 'X':
				bb[0] |= 1 << (rank*size + file)
			case c == 'o' || c == 'O':
				bb[1] |= 1 << (rank*size + file)
			case c == '-':
			default:
				return sample{}, fmt.Errorf("position %q: %q is no piece", parts[0], c)
			}
			file++
		}
		if file != size {
			return sample{}, fmt.Errorf("position %q: rank %d has %d squares", parts[0], rank+1, file)
		}
	}
	side := 0
	switch fields[1] {
	case "x", "X":
	case "o", "O":
		side = 1
	default:
		return sample{}, fmt.Errorf("position %q: side %q", parts[0], fields[1])
	}
	score, err := strconv.Atoi(parts[1])
	if err != nil {
		return sample{}, fmt.Errorf("score %q: %v", parts[1], err)
	}
	res, err := strconv.ParseFloat(parts[2], 64)
	if err != nil || (res != 0 && res != 0.5 && res != 1) {
		return sample{}, fmt.Errorf("result %q: want 1, 0.5 or 0", parts[2])
	}
	return sample{us: bb[side], them: bb[1-side], score: int32(max(-1<<30, min(1<<30, score))), result: float32(res), side: uint8(side)}, nil
}
