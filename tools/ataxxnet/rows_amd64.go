package main

import "golang.org/x/sys/cpu"

//go:noescape
func gatherAVX2(acc, w1 *float32, feats *int, nfeat, n int)

//go:noescape
func scatterAVX2(g1, d *float32, feats *int, nfeat, n int)

// The assembly takes 64 units at a time.
const _ uint = -(hidden % 64)

var haveAVX2 = cpu.X86.HasAVX2

func gather(acc *[hidden]float32, w1 []float32, feats []int) {
	if !haveAVX2 || len(feats) == 0 {
		gatherGo(acc, w1, feats)
		return
	}
	checkRows(len(w1), feats)
	gatherAVX2(&acc[0], &w1[0], &feats[0], len(feats), hidden)
}

func scatter(g1 []float32, d *[hidden]float32, feats []int) {
	if !haveAVX2 || len(feats) == 0 {
		scatterGo(g1, d, feats)
		return
	}
	checkRows(len(g1), feats)
	scatterAVX2(&g1[0], &d[0], &feats[0], len(feats), hidden)
}

// checkRows panics, as the Go loops would, when a feature's row is not
// within the n floats of the layer (the assembly does not check).
func checkRows(n int, feats []int) {
	for _, f := range feats {
		if f < 0 || (f+1)*hidden > n {
			panic("ataxxnet: feature row out of range")
		}
	}
}
