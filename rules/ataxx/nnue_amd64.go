package ataxx

import "golang.org/x/sys/cpu"

// The accumulator updates and the output layer in AVX2 where the processor
// has it (nnue_amd64.s); the Go loops of nnue_generic.go otherwise. Both
// compute the same integers.

//go:noescape
func addRowAVX2(a, w *int16, n int)

//go:noescape
func subRowAVX2(a, w *int16, n int)

//go:noescape
func screluDotAVX2(a, w *int16, n int) int32

// The assembly takes the values 32 at a time.
const _ uint = -(netHidden % 32) // netHidden must be a multiple of 32

var haveAVX2 = cpu.X86.HasAVX2

func addRow(a, w *[netHidden]int16) {
	if haveAVX2 {
		addRowAVX2(&a[0], &w[0], netHidden)
		return
	}
	addRowGo(a, w)
}

func subRow(a, w *[netHidden]int16) {
	if haveAVX2 {
		subRowAVX2(&a[0], &w[0], netHidden)
		return
	}
	subRowGo(a, w)
}

func screluDot(a, w *[netHidden]int16) int32 {
	if haveAVX2 {
		return screluDotAVX2(&a[0], &w[0], netHidden)
	}
	return screluDotGo(a, w)
}
