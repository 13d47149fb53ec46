package engine

import (
	"sync/atomic"
	"unsafe"

	"boardrepl/rules"
)

// Bound kinds of a transposition table entry.
const (
	boundNone  = 0
	boundLower = 1 // score is a lower bound (a beta cut-off)
	boundUpper = 2 // score is an upper bound (no move raised alpha)
	boundExact = 3
)

// tt is a shared transposition table: a power-of-two array of entries of
// three words, read and written with atomic operations so that the threads of
// one search can share it without locks (a torn entry fails the key check).
//
// Word 0 holds key ^ w1 ^ w2, word 1 the move and the score, word 2 the
// depth, the bound and the generation. Entries of an older generation (an
// earlier game) never match and are always replaced, so what a search finds
// depends only on the current game, never on what the table held before.
type tt struct {
	words []atomic.Uint64
	mask  uint64
	gen   uint16
}

type ttEntry struct {
	move    rules.Move
	hasMove bool
	score   int
	depth   int
	bound   int
}

func newTT(entries int) *tt {
	n := 1
	for n < entries {
		n <<= 1
	}
	t := &tt{words: make([]atomic.Uint64, 3*n), mask: uint64(n - 1), gen: 1}
	t.prefault()
	return t
}

// prefault takes the table's memory from the system now: the operating
// system hands a fresh allocation over page by page at its first touch,
// and a table of many megabytes would otherwise pay for that inside the
// first searches, on the clock (a 64 MB table made the first search of a
// game 5 times slower). It asks for huge pages first where the system has
// them (ttmem_linux.go).
func (t *tt) prefault() {
	adviseHuge(unsafe.Slice((*uint64)(unsafe.Pointer(&t.words[0])), len(t.words)))
	for i := 0; i < len(t.words); i += 512 { // one word per 4 KB page
		t.words[i].Store(0)
	}
}

func (t *tt) newGeneration() {
	t.gen++
	if t.gen == 0 {
		// After 65535 games wipe the table once so that no stale entry of the
		// same generation number can match.
		for i := range t.words {
			t.words[i].Store(0)
		}
		t.gen = 1
	}
}

func (t *tt) probe(key uint64) (ttEntry, bool) {
	i := 3 * (key & t.mask)
	w0 := t.words[i].Load()
	w1 := t.words[i+1].Load()
	w2 := t.words[i+2].Load()
	if w0^w1^w2 != key || uint16(w2>>16) != t.gen || (w2>>8)&0xf == boundNone {
		return ttEntry{}, false
	}
	return ttEntry{
		move:    rules.Move(uint32(w1)),
		hasMove: w2&(1<<12) != 0,
		score:   int(int32(uint32(w1 >> 32))),
		depth:   int(int8(w2)),
		bound:   int(w2>>8) & 0xf,
	}, true
}

func (t *tt) store(key uint64, m rules.Move, hasMove bool, score, depth, bound int) {
	i := 3 * (key & t.mask)
	old2 := t.words[i+2].Load()
	if uint16(old2>>16) == t.gen {
		old0, old1 := t.words[i].Load(), t.words[i+1].Load()
		if old0^old1^old2 == key {
			// Same position: keep a deeper result unless this one is exact.
			if int(int8(old2)) > depth && bound != boundExact {
				return
			}
			if !hasMove && old2&(1<<12) != 0 {
				m, hasMove = rules.Move(uint32(old1)), true // keep the old best move
			}
		}
	}
	w1 := uint64(uint32(m)) | uint64(uint32(int32(score)))<<32
	w2 := uint64(uint8(int8(depth))) | uint64(bound)<<8 | uint64(t.gen)<<16
	if hasMove {
		w2 |= 1 << 12
	}
	t.words[i].Store(key ^ w1 ^ w2)
	t.words[i+1].Store(w1)
	t.words[i+2].Store(w2)
}
