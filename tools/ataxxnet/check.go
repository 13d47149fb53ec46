package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

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
	scale := *scaleFlag
	if scale == 0 {
		scale = fitScale(set)
	}
	var hRes, nRes, hSc, nSc, dis float64
	for _, s := range set {
		g := ataxx.FromBitboards(s.us, s.them)
		if net != nil {
			g.SetNetwork(net)
		}
		nv := float64(g.Evaluate())
		g.UseNetwork(false)
		hv := float64(g.Evaluate())
		sc := sigmoid(max(-20, min(20, float64(s.score)/float64(scale))))
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
	return nil
}
