package ataxx

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// The accumulator updates and the output layer in AVX2 where the processor
// has it (nnue_amd64.s); the Go loops of nnue.go otherwise. Both
// compute the same integers.

//go:noescape
func addRowAVX2(a, w *int16, n int)

//go:noescape
func accUpdateAVX2(dst, src *int16, subs, adds **int16, n, off int)

//go:noescape
func screluDotAVX2(a, w *int16, n int) int32

// The assembly takes the values 32 at a time, and accUpdateAVX2 128.
const _ uint = -(netHidden % 128) // netHidden must be a multiple of 128

var haveAVX2 = cpu.X86.HasAVX2

func addRow(a, w *[netHidden]int16) {
	if haveAVX2 {
		addRowAVX2(&a[0], &w[0], netHidden)
		return
	}
	addRowGo(a, w)
}

// accUpdate is dst = src - the rows of subs + the rows of adds, 128
// units at a time.
func accUpdate(dst, src *[netHidden]int16, subs, adds []*[netHidden]int16) {
	if haveAVX2 && len(subs) > 0 {
		s, a := (**int16)(unsafe.Pointer(&subs[0])), (**int16)(unsafe.Pointer(&adds[0]))
		for off := 0; off < netHidden; off += 128 {
			accUpdateAVX2(&dst[0], &src[0], s, a, len(subs), 2*off)
		}
		return
	}
	accUpdateGo(dst, src, subs, adds)
}

func screluDot(a, w *[netHidden]int16) int32 {
	if haveAVX2 {
		return screluDotAVX2(&a[0], &w[0], netHidden)
	}
	return screluDotGo(a, w)
}
