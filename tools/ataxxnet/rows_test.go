package main

import (
	"math/rand/v2"
	"testing"
)

// The row loops give the same bits whichever way they run (AVX2 where the
// processor has it, the Go loops otherwise), so a network file does not
// depend on the machine that trained it.
func TestRowsMatchGoLoops(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	w1 := make([]float32, inputs*hidden)
	for i := range w1 {
		w1[i] = float32(rng.NormFloat64())
	}
	for trial := range 50 {
		feats := make([]int, rng.IntN(40))
		for i := range feats {
			feats[i] = rng.IntN(inputs)
		}
		if trial == 0 {
			feats = []int{0, inputs - 1}
		}
		var a, b, d [hidden]float32
		for h := range a {
			a[h] = float32(rng.NormFloat64())
			d[h] = float32(rng.NormFloat64()) * 1e-3
		}
		b = a
		gather(&a, w1, feats)
		gatherGo(&b, w1, feats)
		if a != b {
			t.Fatalf("trial %d: gather differs from the Go loop", trial)
		}
		g1, g2 := make([]float32, len(w1)), make([]float32, len(w1))
		copy(g1, w1)
		copy(g2, w1)
		scatter(g1, &d, feats)
		scatterGo(g2, &d, feats)
		for i := range g1 {
			if g1[i] != g2[i] {
				t.Fatalf("trial %d: scatter differs from the Go loop at %d", trial, i)
			}
		}
	}
}

// A feature outside the layer panics, as the Go loops would, instead of
// reading or writing beyond it.
func TestRowsRefuseFeatureOutOfRange(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	var acc [hidden]float32
	gather(&acc, make([]float32, inputs*hidden), []int{inputs})
}
