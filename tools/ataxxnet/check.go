package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/ataxx"
)

// check compares the evaluations on held-out data: for the hand-written
// evaluation and the network, the mean squared error of
// sigmoid(eval/scale) against the game's result and against the search's
// score.
func check(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("ataxxnet check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	netPath := fs.String("net", "", "the network file (default: the built-in one)")
	valEvery := fs.Int("val", 50, "the held-out games, as train's -val")
	scaleFlag := fs.Int("scale", 0, "the scale of sigmoid(eval/scale) (0: the network's)")
	dump := fs.String("dump", "", "write the held-out positions to this file, one position string a line, and stop")
	peer := fs.String("peer", "", "a file of another evaluation of the held-out positions: one line each, in -dump's order, ending in the score (side to move's view)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return errors.New("check: DATA files are needed")
	}
	var net rules.Network
	if *netPath != "" {
		file, err := os.ReadFile(*netPath)
		if err == nil {
			net, err = ataxx.FromBitboards(0, 0).ReadNetwork(file)
		}
		if err != nil {
			return err
		}
	}
	var set []sample
	for _, p := range fs.Args() {
		_, va, err := readData(p, *valEvery)
		if err != nil {
			return err
		}
		set = append(set, va...)
	}
	if *dump != "" {
		return dumpPositions(*dump, set, stdout)
	}
	var peerEvals []float64
	if *peer != "" {
		var err error
		if peerEvals, err = readPeer(*peer, len(set)); err != nil {
			return err
		}
	}
	scale := *scaleFlag
	if scale == 0 {
		scale = fitScale(set)
	}
	var hEval, nEval, scores []float64
	var hRes, nRes, hSc, nSc, dis float64
	for _, s := range set {
		g := ataxx.FromBitboards(s.us, s.them)
		if net != nil {
			g.SetNetwork(net)
		}
		nv := float64(g.Evaluate())
		g.UseNetwork(false)
		hv := float64(g.Evaluate())
		hEval, nEval, scores = append(hEval, hv), append(nEval, nv), append(scores, float64(s.score))
		sc := scoreProb(s.score, scale)
		ph, pn := sigmoid(hv/float64(scale)), sigmoid(nv/float64(scale))
		r := float64(s.result)
		hRes += (ph - r) * (ph - r)
		nRes += (pn - r) * (pn - r)
		hSc += (ph - sc) * (ph - sc)
		nSc += (pn - sc) * (pn - sc)
		if (hv > 0) != (nv > 0) {
			dis++
		}
	}
	k := float64(len(set))
	fmt.Fprintf(stdout, "%d held-out positions, scale %d\n", len(set), scale)
	fmt.Fprintf(stdout, "hand-written: error against results %.5f, against scores %.5f\n", hRes/k, hSc/k)
	fmt.Fprintf(stdout, "network:      error against results %.5f, against scores %.5f\n", nRes/k, nSc/k)
	fmt.Fprintf(stdout, "they disagree on the sign in %.1f %% of positions\n", 100*dis/k)
	// Each evaluation at the scale that suits it best: evaluations in
	// other units (another engine's) are compared fairly, by how well they
	// order and space the positions, not by their unit.
	fmt.Fprintln(stdout, "error against results, each at its best scale:")
	type evalRow struct {
		name string
		v    []float64
	}
	for _, r := range []evalRow{{"hand-written", hEval}, {"network", nEval}, {"search scores", scores}, {"peer", peerEvals}} {
		if r.v == nil {
			continue // no -peer
		}
		sc, e := bestScale(r.v, set)
		fmt.Fprintf(stdout, "  %-13s %.5f (scale %d)\n", r.name, e, sc)
	}
	return nil
}

// bestScale finds the S from 50 to 2000 (by 10) for which
// sigmoid(v/S) best predicts the results (least squares), and that error.
// Scores beyond ±20 S (the search's wins) count as ±20 S.
func bestScale(v []float64, set []sample) (int, float64) {
	best, bestErr := 0, math.Inf(1)
	for s := 50; s <= 2000; s += 10 {
		var e float64
		for i, x := range v {
			d := sigmoid(max(-20, min(20, x/float64(s)))) - float64(set[i].result)
			e += d * d
		}
		if e /= float64(len(v)); e < bestErr {
			best, bestErr = s, e
		}
	}
	return best, bestErr
}

// dumpPositions writes the held-out positions, one position string a line
// (the side to move is x: a sample keeps the side to move's pieces and the
// opponent's, not their colours), for another engine to evaluate.
func dumpPositions(path string, set []sample, stdout io.Writer) error {
	var b strings.Builder
	for _, s := range set {
		b.WriteString(ataxx.FromBitboards(s.us, s.them).Position())
		b.WriteByte('\n')
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %d held-out positions to %s\n", len(set), path)
	return nil
}

// readPeer reads another evaluation of the n held-out positions: one
// non-empty line each, its last field the score.
func readPeer(path string, n int) ([]float64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var v []float64
	for i, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		x, err := strconv.Atoi(f[len(f)-1])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: the line does not end in a score: %q", path, i+1, line)
		}
		v = append(v, float64(x))
	}
	if len(v) != n {
		return nil, fmt.Errorf("%s: %d scores for %d held-out positions (make it from -dump's file, one score a position)", path, len(v), n)
	}
	return v, nil
}
