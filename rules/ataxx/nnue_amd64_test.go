package ataxx

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestAccUpdateOffset checks the AVX2 update's offset, which a network of
// more than 128 units uses: over arrays of 256 values, each half updated
// on its own must give what the plain sum gives, and leave the other half
// of dst alone.
func TestAccUpdateOffset(t *testing.T) {
	if !haveAVX2 {
		t.Skip("no AVX2 on this processor")
	}
	const n = 256
	rng := rand.New(rand.NewPCG(5, 6))
	row := func() *[n]int16 {
		var r [n]int16
		for i := range r {
			r[i] = int16(rng.IntN(255) - 127)
		}
		return &r
	}
	for trial := range 50 {
		src := row()
		var subs, adds []*[n]int16
		for range 1 + rng.IntN(netWindows) {
			subs, adds = append(subs, row()), append(adds, row())
		}
		want := *src
		for k := range subs {
			for i := range want {
				want[i] += adds[k][i] - subs[k][i]
			}
		}
		half := trial % 2 // the half updated
		var dst [n]int16
		for i := range dst {
			dst[i] = 7
		}
		s, a := (**int16)(unsafe.Pointer(&subs[0])), (**int16)(unsafe.Pointer(&adds[0]))
		accUpdateAVX2(&dst[0], &src[0], s, a, len(subs), 2*128*half)
		for i := range dst {
			w := int16(7) // outside the half: untouched
			if i/128 == half {
				w = want[i]
			}
			if dst[i] != w {
				t.Fatalf("trial %d, half %d: value %d is %d, want %d", trial, half, i, dst[i], w)
			}
		}
	}
}
