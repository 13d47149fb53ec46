package main

// The trainer's two row loops, which take most of its time: the forward
// pass adds the first layer's rows of the active inputs to an accumulator
// (gather), the backward pass adds a unit's gradient to those rows'
// gradients (scatter). rows_amd64.s does both in AVX2 where the processor
// has it, with the same additions in the same order, so a network trained
// either way is the same file.

// gatherGo is acc[h] += w1[f*hidden+h] for each f of feats, in order.
func gatherGo(acc *[hidden]float32, w1 []float32, feats []int) {
	for _, f := range feats {
		row := (*[hidden]float32)(w1[f*hidden:])
		for h := range acc {
			acc[h] += row[h]
		}
	}
}

// scatterGo is g1[f*hidden+h] += d[h] for each f of feats.
func scatterGo(g1 []float32, d *[hidden]float32, feats []int) {
	for _, f := range feats {
		row := (*[hidden]float32)(g1[f*hidden:])
		for h := range row {
			row[h] += d[h]
		}
	}
}
