package engine

import (
	"context"
	"math/rand/v2"
	"testing"
)

// With 2^k entries a key's entry is its low k bits, as the mask of the
// power-of-two tables of earlier builds gave it: the same slots, so the
// same searches, node for node.
func TestTTIndexPowerOfTwo(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 0; k <= 27; k++ {
		n := uint64(1) << k
		tab := &tt{n: n}
		tab.rot = ttRotation(n)
		for range 1000 {
			key := rng.Uint64()
			if got, want := tab.index(key), 3*(key&(n-1)); got != want {
				t.Fatalf("2^%d entries, key %#x: word %d, the mask gives %d", k, key, got, want)
			}
		}
	}
}

// A table of any size is the size asked for: its entries are all used and
// no key falls outside them.
func TestTTAnySize(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 3, 1000, 1 << 10, 1<<10 + 1, 256 << 20 / EntryBytes, MaxHashEntries} {
		tab := &tt{n: uint64(n)}
		tab.rot = ttRotation(tab.n)
		seen := map[uint64]bool{}
		for range 20000 {
			i := tab.index(rng.Uint64())
			if i >= 3*uint64(n) || i%3 != 0 {
				t.Fatalf("%d entries: word %d", n, i)
			}
			seen[i] = true
		}
		if n <= 1000 && len(seen) != n {
			t.Errorf("%d entries: %d used by 20000 keys", n, len(seen))
		}
	}
	if got := len(newTT(1000).words); got != 3000 {
		t.Errorf("a table of 1000 entries has %d words, want 3000", got)
	}
}

// A search with a table of any size gives the value of the search without
// one (the exact search: the table only saves work).
func TestTTAnySizeSameValue(t *testing.T) {
	for _, tg := range testGames {
		t.Run(tg.id, func(t *testing.T) {
			without := New(Options{NoTT: true})
			for _, n := range []int{1, 1000, 1<<16 + 1} {
				with := New(Options{HashEntries: n})
				for _, g := range randomPositions(t, tg.id, 5, []int{0, 6, 14}) {
					with.NewGame()
					a, err := with.Search(context.Background(), g, Limits{Depth: tg.depth}, nil)
					if err != nil {
						t.Fatal(err)
					}
					b, err := without.Search(context.Background(), g, Limits{Depth: tg.depth}, nil)
					if err != nil {
						t.Fatal(err)
					}
					if a.Score != b.Score {
						t.Errorf("%s, %d entries: score %d, without a table %d", g.Position(), n, a.Score, b.Score)
					}
				}
			}
		})
	}
}

func TestCheckTableRange(t *testing.T) {
	for _, n := range []int{0, -1, MaxHashEntries + 1} {
		if err := CheckTable(n, 0); err == nil {
			t.Errorf("a table of %d entries accepted", n)
		}
	}
	if err := CheckTable(1024, 0); err != nil {
		t.Errorf("a table of 1024 entries: %v", err)
	}
}
