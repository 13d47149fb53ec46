package konobi

import "boardrepl/rules"

// The engine's view of Konobi: a cheap outcome test and a static evaluation
// from the side to move's view, built on connection distance: how many
// stones each colour still needs to join its two edges, whether the
// opponent could lengthen that with one stone (a point every shortest
// connection passes through), and the tempo of the colour to place.

var (
	_ rules.Evaluator = (*Game)(nil)
	_ rules.Outcomer  = (*Game)(nil)
)

// The evaluation is a weighted sum of features (Features), from the colour
// to place's view; the weights are in evalWeights (see EvalWeights).
const (
	fOwnDist = iota // empty points the colour to place must still fill to connect
	fOppDist        // the same for the opponent
	fOwnCut         // 1 if one point lies on all the colour to place's shortest connections
	fOppCut         // 1 if one point lies on all the opponent's shortest connections
	fTempo          // 1: the colour to place is half a stone ahead
	nFeatures
)

// FeatureNames names the features of Features, in order.
var FeatureNames = [nFeatures]string{"own distance", "opponent distance", "own cut point", "opponent cut point", "tempo"}

// evalWeights are the weights of the features, fitted by Texel's method on
// 44,982 positions of our self-play games (tools/konobitune):
// about 100 per stone of difference in connection distance, little for a
// cut point, 74 for the tempo. They replaced the hand-set ones (distances
// ±100, cut points ±50, tempo 50) after an SPRT: +28 ± 22 Elo, H1, 980
// games at 20,000 nodes a move.
var evalWeights = [nFeatures]int{
	-104, // own distance
	100,  // opponent distance
	3,    // own cut point
	9,    // opponent cut point
	74,   // tempo
}

// EvalWeights returns the weights of the features (FeatureNames).
func EvalWeights() []int { return append([]int(nil), evalWeights[:]...) }

const inf = 0xffff

// Outcome reports whether the game is over and who won; Konobi has no
// draws. It agrees with Result.
func (g *Game) Outcome() (over bool, winner int) {
	if g.winner >= 0 {
		return true, int(g.winner)
	}
	return false, -1
}

// distFrom fills dist with, for every point, the number of empty points
// colour c must fill to reach it from its edges with bits from (a point's
// own emptiness included): 0-1 breadth-first search, orthogonal steps, and
// diagonal steps between two of c's stones (which count as linked for
// winning); the opponent's stones block. Unreached points hold inf.
func (g *Game) distFrom(c, from uint8, dist *[maxCell]uint16) {
	n, w := g.n, g.w
	var dq [2 * maxCell]int16
	for i := range dist[:w*w] {
		dist[i] = inf
	}
	head, tail := maxCell, maxCell // deque in dq[head:tail]
	for r := 0; r < n; r++ {
		for p, e := g.idx(r, 0), g.idx(r, n); p < e; p++ {
			if g.edge[p]&from == 0 {
				continue
			}
			switch g.cells[p] {
			case c:
				dist[p] = 0
				head--
				dq[head] = int16(p)
			case empty:
				dist[p] = 1
				dq[tail] = int16(p)
				tail++
			}
		}
	}
	orth := [4]int{1, -1, w, -w}
	diag := [4]int{w + 1, w - 1, -w + 1, -w - 1}
	for head < tail {
		p := int(dq[head])
		head++
		dp := dist[p]
		for _, d := range orth {
			q := p + d
			var cost uint16
			switch g.cells[q] {
			case c:
			case empty:
				cost = 1
			default:
				continue
			}
			if nd := dp + cost; nd < dist[q] {
				dist[q] = nd
				if cost == 0 {
					head--
					dq[head] = int16(q)
				} else {
					dq[tail] = int16(q)
					tail++
				}
			}
		}
		if g.cells[p] == c {
			for _, d := range diag {
				q := p + d
				if g.cells[q] == c && dp < dist[q] {
					dist[q] = dp
					head--
					dq[head] = int16(q)
				}
			}
		}
	}
}

// edges returns the edge bits colour c starts from and must reach.
func edges(c uint8) (from, goal uint8) {
	if c == white {
		return edgeLeft, edgeRight
	}
	return edgeBottom, edgeTop
}

// connection measures colour side's connection: dist is the number of
// empty points it must still fill to join its two edges (2*N*N when it no
// longer can), cut whether one empty point lies on every shortest
// connection (an opponent's stone there lengthens them all). When on is not
// nil, the empty points on a shortest connection get bit path in it, and
// the cut points bit cutBit too.
func (g *Game) connection(side int, on *[maxCell]uint8, path, cutBit uint8) (dist int, cut bool) {
	c := uint8(side + 1)
	from, goal := edges(c)
	var ds, dg [maxCell]uint16
	g.distFrom(c, from, &ds)
	g.distFrom(c, goal, &dg)
	n := g.n
	best := uint16(inf)
	for r := 0; r < n; r++ {
		for p, e := g.idx(r, 0), g.idx(r, n); p < e; p++ {
			if g.edge[p]&goal != 0 && ds[p] < best {
				best = ds[p]
			}
		}
	}
	if best == inf {
		return 2 * n * n, false
	}
	// Every shortest connection fills one empty point at each distance
	// 1..best from the start; a distance with a single such point is a cut.
	var width [maxCell]uint16
	for r := 0; r < n; r++ {
		for p, e := g.idx(r, 0), g.idx(r, n); p < e; p++ {
			if g.cells[p] == empty && ds[p] != inf && dg[p] != inf && ds[p]+dg[p]-1 == best {
				width[ds[p]]++
			}
		}
	}
	for k := uint16(1); k <= best; k++ {
		if width[k] == 1 {
			cut = true
			break
		}
	}
	if on != nil {
		for r := 0; r < n; r++ {
			for p, e := g.idx(r, 0), g.idx(r, n); p < e; p++ {
				if g.cells[p] == empty && ds[p] != inf && dg[p] != inf && ds[p]+dg[p]-1 == best {
					on[p] |= path
					if width[ds[p]] == 1 {
						on[p] |= cutBit
					}
				}
			}
		}
	}
	return int(best), cut
}

// Distance returns the number of empty points colour side (0 black, 1
// white) must still fill to join its two edges through empty points and its
// own stones (orthogonal steps, and diagonal steps between two of its own
// stones, which count as linked for winning); the opponent's stones block.
// A colour that can no longer connect gets 2*N*N.
func (g *Game) Distance(side int) int {
	d, _ := g.connection(side, nil, 0, 0)
	return d
}

// features fills f with the features of the position, from the colour to
// place's view (and marks the connections for move ordering).
func (g *Game) features(f *[nFeatures]int) {
	me := g.SideToMove()
	on := g.clearOrder()
	dm, cm := g.connection(me, on, ordOwnPath, ordOwnCut)
	do, co := g.connection(1-me, on, ordOppPath, ordOppCut)
	f[fOwnDist], f[fOppDist] = dm, do
	f[fOwnCut], f[fOppCut] = b2i(cm), b2i(co)
	f[fTempo] = 1
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Features returns the features of the position, for the tuner
// (tools/konobitune).
func (g *Game) Features() []float64 {
	var f [nFeatures]int
	g.features(&f)
	out := make([]float64, nFeatures)
	for i, x := range f {
		out[i] = float64(x)
	}
	return out
}

// terms fills t with the weighted features.
func (g *Game) terms(t *[nFeatures]int) {
	g.features(t)
	for i := range t {
		t[i] *= evalWeights[i]
	}
}

// Evaluate scores the position for the colour to place: the weighted
// connection distances, cut points and tempo.
func (g *Game) Evaluate() int {
	var t [nFeatures]int
	g.terms(&t)
	sum := 0
	for _, x := range t {
		sum += x
	}
	return sum
}

// EvalTerms lists the terms of Evaluate.
func (g *Game) EvalTerms() []rules.EvalTerm {
	var t [nFeatures]int
	g.terms(&t)
	out := make([]rules.EvalTerm, nFeatures)
	for i, x := range t {
		out[i] = rules.EvalTerm{Name: FeatureNames[i], Value: x}
	}
	return out
}
