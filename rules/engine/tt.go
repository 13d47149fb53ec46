package engine

import (
	"fmt"
	"math/bits"
	"strconv"
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

// EntryBytes is the size of one transposition table entry: a table of
// HashEntries entries takes HashEntries*EntryBytes bytes, no more.
const EntryBytes = 24

// MaxHashEntries is the largest table an engine makes: 4096 MiB.
const MaxHashEntries = 4096 << 20 / EntryBytes

// tt is a shared transposition table: an array of entries of three words,
// read and written with atomic operations so that the threads of one
// search can share it without locks (a torn entry fails the key check).
//
// The table has exactly the entries asked for, a power of two or not: a
// key's entry is the high word of the 128-bit product of the key, rotated,
// and the number of entries (Lemire's multiply-shift range reduction). The
// rotation brings the key's low bits to the top, so that with 2^k entries
// the entry is the key's low k bits, as a mask gives it
// (TestTTIndexPowerOfTwo: the same slots, so the same searches, as the
// power-of-two tables of earlier builds).
//
// Word 0 holds key ^ w1 ^ w2, word 1 the move and the score, word 2 the
// depth, the bound and the generation. Entries of an older generation (an
// earlier game) never match and are always replaced, so what a search finds
// depends only on the current game, never on what the table held before.
type tt struct {
	words []atomic.Uint64
	n     uint64 // entries
	rot   int    // the key's rotation (minus ceil(log2 n): to the right)
	gen   uint16
}

type ttEntry struct {
	move    rules.Move
	hasMove bool
	score   int
	depth   int
	bound   int
}

// newTT makes a table of entries entries (at least one, at most
// MaxHashEntries). A size the process may not get is refused before by
// CheckTable: Go cannot recover from an allocation that fails.
func newTT(entries int) *tt {
	n := uint64(min(max(entries, 1), MaxHashEntries))
	t := &tt{words: make([]atomic.Uint64, 3*n), n: n, rot: ttRotation(n), gen: 1}
	t.prefault()
	return t
}

// memRoom is one bound on the memory the process may still take: free
// bytes under it, what it is (for a message), and inPlace when memory let
// go stays counted against it (an address-space limit: a table let go
// leaves room only for a table that fits where it was).
type memRoom struct {
	free    uint64
	what    string
	inPlace bool
}

// tableSlack is what making a table takes beyond its entries and what the
// process needs to go on: the heap's bookkeeping, and room for the next
// arena of 64 MB the heap takes for the search's own allocations (a 1 GB
// table with 76 MB left under ulimit -v once failed on a 4 MB block).
func tableSlack(bytes uint64) uint64 { return 96<<20 + bytes/32 }

// CheckTable reports whether a table of entries entries (HashEntries) can
// be made: an error when it is out of range or does not fit in what the
// process may still take (see memRooms: the address-space, data and
// control-group limits, the memory available). freed is the size in
// entries of a table the caller lets go (and hands back to the system:
// debug.FreeOSMemory) before making this one, 0 for none. A front end
// asks before a size a user chose, since Go cannot recover from an
// allocation that fails.
func CheckTable(entries, freed int) error {
	if entries < 1 || entries > MaxHashEntries {
		return fmt.Errorf("a table of %d entries: want 1 to %d (%s)", entries, MaxHashEntries, megabytes(MaxHashEntries*EntryBytes))
	}
	need := uint64(entries) * EntryBytes
	back := uint64(max(freed, 0)) * EntryBytes
	for _, r := range memRooms() {
		free := r.free
		if !r.inPlace || back >= need {
			free += back
		}
		if need+tableSlack(need) > free {
			return fmt.Errorf("a table of %s does not fit: %s leaves %s", megabytes(need), r.what, megabytes(free))
		}
	}
	return nil
}

// megabytes writes a size in whole MB (MiB), rounded.
func megabytes(b uint64) string { return strconv.FormatUint((b+1<<19)>>20, 10) + " MB" }

// ttRotation is the rotation of the keys of a table of n entries: to the
// right by ceil(log2 n) bits.
func ttRotation(n uint64) int { return -bits.Len64(n - 1) }

// index is the first word of key's entry.
func (t *tt) index(key uint64) uint64 {
	hi, _ := bits.Mul64(bits.RotateLeft64(key, t.rot), t.n)
	return 3 * hi
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

// prefetch starts bringing key's entry into the cache, for a probe or a
// store soon after (an entry straddles at most two lines: both are asked
// for).
func (t *tt) prefetch(key uint64) {
	i := t.index(key)
	prefetch(&t.words[i])
	prefetch(&t.words[i+2])
}

func (t *tt) probe(key uint64) (ttEntry, bool) {
	i := t.index(key)
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
	i := t.index(key)
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
