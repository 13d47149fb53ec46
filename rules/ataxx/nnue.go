package ataxx

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/bits"

	"boardrepl/rules"
)

// The learned evaluation: a small network trained on our own self-play
// games (tools/ataxxnet, whose README gives the data, the loss and the
// training command of the network in ataxx.nnue).
//
// Inputs: the 36 squares of 2x2 squares on the board (windows), each in
// one of its 81 states (each of its 4 squares empty, one of mine or one of
// the opponent's), seen from one colour's side: window w in state k is
// input 81*w+k (windowInputs), so that exactly 36 inputs are active. The
// pattern of a window says what no piece alone does: a hole beside two of
// our pieces, a pair that a jump next door takes at once. The hidden layer
// of 128 units (netHidden) is computed for both colours from the same
// weights: the accumulator of a colour is the bias plus the weight rows of
// its active inputs. The output is
//
//	y = b2[k] + sum_i w2[k][i]*screlu(acc_tomove[i]) + sum_i w2[k][128+i]*screlu(acc_other[i])
//
// with screlu(x) = clamp(x, 0, 1)^2, and the evaluation is y*scale (the
// trainer fits y so that 1/(1+e^-y) predicts the side to move's score).
// k is the output bucket: a file may have 1 to 8 sets of output weights
// (netMaxBuckets), and the position's pieces choose one of its B,
// k = pieces*B/50 (outputBucket), so that an opening, a middle game and a
// nearly full board each have their own last layer over the same hidden
// units.
//
// Quantisation: the first layer's weights and biases are stored times QA
// (255) as int16, so that an accumulator's 1.0 is 255; the output weights
// times QB (64), the output bias times QA*QB as int32. Then screlu of an
// accumulator is at most 255^2, the output weights are kept within
// ±127 (±NetClipOut) so that 255*w fits an int16 (as the AVX2 code
// needs) and the output sum an int32.
//
// The accumulators are kept up to date by Play and Unplay (a stack of
// them beside the undo stack): a move changes a few squares, and each
// window over one of them takes its old state's row away and adds its new
// one; Unplay drops the top. Blocked squares are no
// input: with blocks on the board the hand-written evaluation stays.

const (
	netWindows = (size - 1) * (size - 1) // 2x2 windows
	netStates  = 81                      // 3^4: each square empty, mine or the opponent's
	netInputs  = netWindows * netStates
	netHidden  = 128
	netQA      = 255
	netQB      = 64
	netMagic   = "boardrepl ataxx nnue 2\n"
	// netMagicPieces began the files of the networks of piece inputs
	// (before net6), which this build no longer reads.
	netMagicPieces = "boardrepl ataxx nnue 1\n"

	netMaxBuckets = 8
)

type network struct {
	w1      [netInputs][netHidden]int16
	b1      [netHidden]int16
	w2      [netMaxBuckets][2][netHidden]int16 // by bucket: [0] the side to move's accumulator, [1] the other's
	b2      [netMaxBuckets]int32
	buckets int   // output buckets in use, 1 to netMaxBuckets
	scale   int32 // evaluation units per output unit
}

// windowSquares[w] are the squares of window w: its corner nearest a1,
// the square to its right, the one above it and the one above right; the
// state of the window is the sum of 3^i times square i's state (0 empty,
// 1 mine, 2 the opponent's).
// squareWindows[s] has bit w set for each window w over square s.
var windowSquares, squareWindows = func() (ws [netWindows][4]int, sw [nsq]uint64) {
	for r := 0; r < size-1; r++ {
		for c := 0; c < size-1; c++ {
			w := r*(size-1) + c
			s := r*size + c
			ws[w] = [4]int{s, s + 1, s + size, s + size + 1}
			for _, q := range ws[w] {
				sw[q] |= 1 << w
			}
		}
	}
	return
}()

// windowBits are the 4 bits of window w's squares among b, square i of
// windowSquares as bit i.
func windowBits(w int, b uint64) uint64 {
	b >>= windowSquares[w][0]
	return b&3 | b>>(size-2)&12
}

// base3[k] is the sum of 3^i over the bits i of k: the state of a window
// whose squares of bits k hold the side's pieces (twice that for the
// opponent's).
var base3 = func() (t [16]int) {
	for k := range t {
		for i, pow := range [4]int{1, 3, 9, 27} {
			t[k] += pow * (k >> i & 1)
		}
	}
	return
}()

// windowInputs are window w's active inputs in the views of both sides,
// with a the pieces of one and b the other's: first a's view (a's pieces
// the side's own), then b's.
func windowInputs(w int, a, b uint64) (aView, bView int) {
	ka, kb := base3[windowBits(w, a)], base3[windowBits(w, b)]
	base := w * netStates
	return base + ka + 2*kb, base + kb + 2*ka
}

// WindowInputs is windowInputs for the trainer: window w's (0 to 35)
// input in the side's view (us its pieces, them the opponent's), then in
// the opponent's.
func WindowInputs(w int, us, them uint64) (ours, theirs int) { return windowInputs(w, us, them) }

// NetWindows is the number of windows, each one active input.
const NetWindows = netWindows

// outputBucket is the bucket of a position with the given number of
// pieces (0 to 49) among b: pieces*b/50.
func outputBucket(pieces, b int) int { return pieces * b / (nsq + 1) }

// accumulator holds the hidden layer of both colours' views.
type accumulator [2][netHidden]int16

//go:embed ataxx.nnue
var netFile []byte

// defaultNet is the network of ataxx.nnue, which every new game uses.
var defaultNet = func() *network {
	n, err := parseNetwork(netFile)
	if err != nil {
		panic("rules/ataxx: ataxx.nnue: " + err.Error())
	}
	return n
}()

// BuiltinNetwork returns a copy of the file ataxx.nnue.
func BuiltinNetwork() []byte { return bytes.Clone(netFile) }

// parseNetwork reads a network file (EncodeNetwork's format).
func parseNetwork(b []byte) (*network, error) {
	rest, ok := bytes.CutPrefix(b, []byte(netMagic))
	if !ok && bytes.HasPrefix(b, []byte(netMagicPieces)) {
		return nil, errors.New("a network of piece inputs (\"boardrepl ataxx nnue 1\", before net6): this build reads networks of 2x2 windows (\"boardrepl ataxx nnue 2\"); the commits that read the older file are named in rules/ataxx/NNUE.md")
	}
	if !ok {
		return nil, errors.New("not a network file (it must start with " + fmt.Sprintf("%q", netMagic) + ")")
	}
	nl := bytes.IndexByte(rest, '\n')
	if nl < 0 {
		return nil, errors.New("no header line")
	}
	var in, hid, buckets, qa, qb, scale int
	// A file of one bucket may leave "buckets" out (the format of the
	// networks before buckets).
	header := string(rest[:nl])
	if _, err := fmt.Sscanf(header, "inputs %d hidden %d buckets %d qa %d qb %d scale %d", &in, &hid, &buckets, &qa, &qb, &scale); err != nil {
		buckets = 1
		if _, err := fmt.Sscanf(header, "inputs %d hidden %d qa %d qb %d scale %d", &in, &hid, &qa, &qb, &scale); err != nil {
			return nil, fmt.Errorf("header %q: want \"inputs N hidden N [buckets N] qa N qb N scale N\"", header)
		}
	}
	if in != netInputs || hid != netHidden || qa != netQA || qb != netQB || buckets < 1 || buckets > netMaxBuckets || scale < 1 || scale > 10000 {
		return nil, fmt.Errorf("header %q: this build reads inputs %d hidden %d, 1 to %d buckets, qa %d qb %d and a scale of 1 to 10000", header, netInputs, netHidden, netMaxBuckets, netQA, netQB)
	}
	n := &network{buckets: buckets, scale: int32(scale)}
	body := rest[nl+1:]
	want := 2*(netInputs*netHidden+netHidden) + buckets*(2*2*netHidden+4)
	if len(body) != want {
		return nil, fmt.Errorf("%d bytes of weights, want %d", len(body), want)
	}
	r := bytes.NewReader(body)
	for _, v := range []any{&n.w1, &n.b1, n.w2[:buckets], n.b2[:buckets]} {
		if err := binary.Read(r, binary.LittleEndian, v); err != nil {
			return nil, err
		}
	}
	for b := range buckets {
		for k := range n.w2[b] {
			for h, w := range n.w2[b][k] {
				if w < -127 || w > 127 {
					return nil, fmt.Errorf("output weight %d of bucket %d is %d, beyond ±127", k*netHidden+h, b, w)
				}
			}
		}
	}
	// No accumulator may overflow: the bias and, for each window, the
	// largest (smallest) of its states' weights stay within int16 (each
	// window is in exactly one state).
	for h := 0; h < netHidden; h++ {
		lo, hi := int(n.b1[h]), int(n.b1[h])
		for w := range netWindows {
			wlo, whi := math.MaxInt, math.MinInt
			for k := range netStates {
				v := int(n.w1[w*netStates+k][h])
				wlo, whi = min(wlo, v), max(whi, v)
			}
			lo += wlo
			hi += whi
		}
		if lo < math.MinInt16 || hi > math.MaxInt16 {
			return nil, fmt.Errorf("hidden unit %d can reach %d to %d, beyond int16", h, lo, hi)
		}
	}
	return n, nil
}

// NetworkWeights are a network's weights as the trainer holds them: W1[i]
// is input i's row (NetHidden values), W2[k] bucket k's output weights
// (the side to move's NetHidden then the other colour's), B2[k] its bias
// (1 to NetMaxBuckets buckets), Scale the evaluation units of one output
// unit.
type NetworkWeights struct {
	W1    [][]float64
	B1    []float64
	W2    [][]float64
	B2    []float64
	Scale int
}

// NetInputs and NetHidden are the sizes of the network this build reads,
// NetMaxBuckets the most output buckets.
const (
	NetInputs     = netInputs
	NetHidden     = netHidden
	NetMaxBuckets = netMaxBuckets
)

// OutputBucket is the output bucket (0 to buckets-1) of a position with
// that many pieces.
func OutputBucket(pieces, buckets int) int { return outputBucket(pieces, buckets) }

// NetClipOut bounds the output weights (the trainer clips them): 127/64.
const NetClipOut = 127.0 / netQB

// NetClip bounds the first layer's weights (the trainer clips them): with
// |w| <= NetClip no accumulator of 36 rows and a bias leaves int16.
const NetClip = 32767.0 / netQA / (netWindows + 1)

// DecodeNetwork reads a network file (EncodeNetwork's format, checked as
// the engine checks it) back into floats: each stored integer over its
// step. The trainer starts from it with -init.
func DecodeNetwork(file []byte) (*NetworkWeights, error) {
	n, err := parseNetwork(file)
	if err != nil {
		return nil, err
	}
	w := &NetworkWeights{Scale: int(n.scale)}
	for i := range netInputs {
		row := make([]float64, netHidden)
		for h := range row {
			row[h] = float64(n.w1[i][h]) / netQA
		}
		w.W1 = append(w.W1, row)
	}
	for h := range netHidden {
		w.B1 = append(w.B1, float64(n.b1[h])/netQA)
	}
	for k := range n.buckets {
		out := make([]float64, 2*netHidden)
		for h := range netHidden {
			out[h] = float64(n.w2[k][0][h]) / netQB
			out[netHidden+h] = float64(n.w2[k][1][h]) / netQB
		}
		w.W2, w.B2 = append(w.W2, out), append(w.B2, float64(n.b2[k])/(netQA*netQB))
	}
	return w, nil
}

// EncodeNetwork quantises w into the network file's format: the header
// lines, then little-endian int16 rows of the first layer (times QA), its
// biases (times QA), the output weights (times QB) and the output bias as
// an int32 (times QA*QB).
func EncodeNetwork(w *NetworkWeights) ([]byte, error) {
	nb := len(w.W2)
	if len(w.W1) != netInputs || len(w.B1) != netHidden || nb < 1 || nb > netMaxBuckets || len(w.B2) != nb {
		return nil, fmt.Errorf("want %d rows of %d weights, %d biases and 1 to %d buckets of output weights and a bias", netInputs, netHidden, netHidden, netMaxBuckets)
	}
	q := func(x float64, scale float64) int16 {
		v := math.Round(x * scale)
		return int16(max(math.MinInt16, min(math.MaxInt16, v)))
	}
	n := network{buckets: nb}
	for i, row := range w.W1 {
		if len(row) != netHidden {
			return nil, fmt.Errorf("row %d has %d weights, want %d", i, len(row), netHidden)
		}
		for h, x := range row {
			n.w1[i][h] = q(x, netQA)
		}
	}
	for h := range netHidden {
		n.b1[h] = q(w.B1[h], netQA)
	}
	for k, out := range w.W2 {
		if len(out) != 2*netHidden {
			return nil, fmt.Errorf("bucket %d has %d output weights, want %d", k, len(out), 2*netHidden)
		}
		for h := range netHidden {
			n.w2[k][0][h] = max(-127, min(127, q(out[h], netQB)))
			n.w2[k][1][h] = max(-127, min(127, q(out[netHidden+h], netQB)))
		}
		n.b2[k] = int32(math.Round(w.B2[k] * netQA * netQB))
	}
	var b bytes.Buffer
	b.WriteString(netMagic)
	// One bucket is written as before buckets, which older builds read.
	if nb == 1 {
		fmt.Fprintf(&b, "inputs %d hidden %d qa %d qb %d scale %d\n", netInputs, netHidden, netQA, netQB, w.Scale)
	} else {
		fmt.Fprintf(&b, "inputs %d hidden %d buckets %d qa %d qb %d scale %d\n", netInputs, netHidden, nb, netQA, netQB, w.Scale)
	}
	for _, v := range []any{&n.w1, &n.b1, n.w2[:nb], n.b2[:nb]} {
		if err := binary.Write(&b, binary.LittleEndian, v); err != nil {
			return nil, err
		}
	}
	if _, err := parseNetwork(b.Bytes()); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// UseNetwork turns the learned evaluation on (the default of every new
// game) or off (the hand-written one, for comparisons: the uai option
// Network).
func (g *Game) UseNetwork(on bool) {
	g.net = nil
	if on {
		g.net = defaultNet
	}
	g.refreshAcc()
}

// NetworkGame: an Ataxx network (rules.Network).
func (n *network) NetworkGame() string { return Info.ID }

// ReadNetwork checks a network file (EncodeNetwork's format) and returns
// its network for SetNetwork (rules.Networker).
func (g *Game) ReadNetwork(b []byte) (rules.Network, error) {
	n, err := parseNetwork(b)
	if err != nil {
		return nil, err
	}
	return n, nil
}

// SetNetwork makes n, which ReadNetwork returned, the game's evaluation
// in place of ataxx.nnue's (and turns the network on).
func (g *Game) SetNetwork(n rules.Network) {
	g.net = n.(*network)
	g.refreshAcc()
}

// SetNetworkFile is ReadNetwork then SetNetwork.
func (g *Game) SetNetworkFile(b []byte) error {
	n, err := g.ReadNetwork(b)
	if err != nil {
		return err
	}
	g.SetNetwork(n)
	return nil
}

// UsesNetwork reports whether Evaluate uses the network in this position
// (it is on and no square is blocked).
func (g *Game) UsesNetwork() bool { return g.net != nil && g.blocks == 0 }

// refreshAcc computes the accumulator of the position from scratch and
// makes it the only one on the stack (the position was set up, not
// played to).
func (g *Game) refreshAcc() {
	g.accs = g.accs[:0]
	if g.net == nil {
		return
	}
	var a accumulator
	a[0], a[1] = g.net.b1, g.net.b1
	for w := range netWindows {
		red, blue := windowInputs(w, g.bb[0], g.bb[1])
		addRow(&a[0], &g.net.w1[red])
		addRow(&a[1], &g.net.w1[blue])
	}
	g.accs = append(g.accs, a)
}

// pushAcc puts on the stack the accumulator of the position Play just
// made from the one whose pieces were old.
func (g *Game) pushAcc(old [2]uint64) {
	n := len(g.accs)
	if n < cap(g.accs) {
		g.accs = g.accs[:n+1]
	} else {
		g.accs = append(g.accs, accumulator{})
	}
	w1 := &g.net.w1
	var touched uint64
	for b := (old[0] ^ g.bb[0]) | (old[1] ^ g.bb[1]); b != 0; b &= b - 1 {
		touched |= squareWindows[tz(b)]
	}
	var subs, adds [2][netWindows]*[netHidden]int16
	k := 0
	for ; touched != 0; touched &= touched - 1 {
		w := tz(touched)
		oldRed, oldBlue := windowInputs(w, old[0], old[1])
		newRed, newBlue := windowInputs(w, g.bb[0], g.bb[1])
		subs[0][k], adds[0][k] = &w1[oldRed], &w1[newRed]
		subs[1][k], adds[1][k] = &w1[oldBlue], &w1[newBlue]
		k++
	}
	for c := 0; c < 2; c++ {
		accUpdate(&g.accs[n][c], &g.accs[n-1][c], subs[c][:k], adds[c][:k])
	}
}

// addRowGo, accUpdateGo and screluDotGo are the network's loops in Go,
// for processors without AVX2 (nnue_amd64.go chooses).
func addRowGo(a, w *[netHidden]int16) {
	for i := range a {
		a[i] += w[i]
	}
}

// accUpdateGo is dst = src - the rows of subs + the rows of adds.
func accUpdateGo(dst, src *[netHidden]int16, subs, adds []*[netHidden]int16) {
	*dst = *src
	for k := range subs {
		subAddRowGo(dst, subs[k], adds[k])
	}
}

// subAddRowGo is a += w - s.
func subAddRowGo(a, s, w *[netHidden]int16) {
	for i := range a {
		a[i] += w[i] - s[i]
	}
}

// screluDotGo is sum_i w[i]*clamp(a[i], 0, QA)^2. Each term is at most
// 255*255*127 and there are netHidden (128), so the sum fits an int32 (EncodeNetwork
// and parseNetwork keep |w| <= 127).
func screluDotGo(a, w *[netHidden]int16) int32 {
	var s int32
	for i := range a {
		x := int32(min(max(a[i], 0), netQA))
		s += x * x * int32(w[i])
	}
	return s
}

// netEvaluate is the network's score of the position for the side to
// move.
func (g *Game) netEvaluate() int {
	a := &g.accs[len(g.accs)-1]
	n := g.net
	k := 0
	if n.buckets > 1 {
		k = outputBucket(bits.OnesCount64(g.bb[0]|g.bb[1]), n.buckets)
	}
	w2 := &n.w2[k]
	sum := int64(screluDot(&a[g.side], &w2[0])) + int64(screluDot(&a[1-g.side], &w2[1]))
	y := sum/netQA + int64(n.b2[k]) // the output times QA*QB
	v := int(y * int64(n.scale) / (netQA * netQB))
	return max(-rules.EvalLimit+1, min(rules.EvalLimit-1, v))
}

// FromBitboards returns the position with red's pieces on the squares of
// red (bit 7*rank+file, rank and file from 0) and blue's on blue, red to
// move, no blocks (the trainer's check of a network).
func FromBitboards(red, blue uint64) *Game {
	g := &Game{bb: [2]uint64{red & full, blue & full &^ red}, full: 1, fifty: true}
	g.net = defaultNet
	g.rehash()
	return g
}
