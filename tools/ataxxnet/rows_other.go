//go:build !amd64

package main

func gather(acc *[hidden]float32, w1 []float32, feats []int) { gatherGo(acc, w1, feats) }

func scatter(g1 []float32, d *[hidden]float32, feats []int) { scatterGo(g1, d, feats) }
