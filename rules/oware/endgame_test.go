package oware

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardrepl/rules"
	"boardrepl/rules/engine"
)

// TestMain: this package's tests check the tables as built, never as
// loaded from the cache that 'make test' shares among the other packages'
// tests (testCacheEnv); they build each layer once in memory.
func TestMain(m *testing.M) {
	os.Unsetenv(testCacheEnv)
	os.Exit(m.Run())
}

func TestEndgameRankOrder(t *testing.T) {
	for n := 0; n <= 6; n++ {
		r := uint32(0)
		forBoards(n, func(b *board) {
			if b.total() != n {
				t.Fatalf("n=%d: board of %d seeds", n, b.total())
			}
			if got := b.rank(); got != r {
				t.Fatalf("n=%d: board %v has rank %d, want %d", n, *b, got, r)
			}
			r++
		})
		if int(r) != layerSize(n) {
			t.Fatalf("n=%d: %d boards, want %d", n, r, layerSize(n))
		}
	}
}

// boardString writes a board with side to move and no scores as a position
// string.
func boardString(b *board, side uint8) string {
	g := &Game{}
	g.reset(pos{b: *b, side: side})
	return g.Position()
}

// jacobi solves the positions reachable from roots through the public
// game (Moves, Play, Result) by value iteration: v_0 is the banked
// difference (the even split of the seeds left on the board) and v_k+1(p)
// is the best move's -v_k(child), or the final difference of a finished
// game; v_k is the value of the game cut after k plies. Once an iteration
// changes nothing, no later one does: that is the value under the
// database's rule for endless play, reached without its algorithm.
func jacobi(t *testing.T, roots []rules.Game) map[string]int {
	index := map[string]int{}
	var nodes []vnode
	var add func(g rules.Game) int
	add = func(g rules.Game) int {
		k := g.Position()
		if i, ok := index[k]; ok {
			return i
		}
		i := len(nodes)
		index[k] = i
		nodes = append(nodes, vnode{})
		og := g.(*Game)
		me := og.p.side
		var nd vnode
		if r := g.Result(); r.Over() {
			var n, s int
			if _, err := fmt.Sscanf(r.Score, "%d-%d", &n, &s); err != nil {
				t.Fatal(err)
			}
			nd.final, nd.v = true, n-s
			if me == 1 {
				nd.v = -nd.v
			}
		} else {
			nd.v = int(og.p.score[me]) - int(og.p.score[1-me])
			for _, m := range g.Moves(nil) {
				g.Play(m)
				nd.kids = append(nd.kids, add(g))
				g.Unplay()
			}
		}
		nodes[i] = nd
		return i
	}
	for _, g := range roots {
		add(g)
	}
	v := iterateValues(t, nodes)
	out := make(map[string]int, len(index))
	for k, i := range index {
		out[k] = v[i]
	}
	return out
}

// vnode is a position of a value iteration: final with its value v, or
// v its start and, for its moves, the values of the captures that leave
// this layer (exits) and the nodes the other moves lead to (kids).
type vnode struct {
	final bool
	v     int
	exits []int
	kids  []int
}

// iterateValues runs the value iteration from each node's v: v_k+1 of a
// node that is not final is the best of its exits and of minus v_k of its
// kids, until an iteration changes nothing.
func iterateValues(t *testing.T, nodes []vnode) []int {
	v := make([]int, len(nodes))
	for i := range nodes {
		v[i] = nodes[i].v
	}
	next := make([]int, len(nodes))
	for iter := 0; ; iter++ {
		changed := false
		for i := range nodes {
			nd := &nodes[i]
			if nd.final {
				next[i] = nd.v
				continue
			}
			best := -1000
			for _, x := range nd.exits {
				best = max(best, x)
			}
			for _, c := range nd.kids {
				best = max(best, -v[c])
			}
			next[i] = best
			changed = changed || best != v[i]
		}
		v, next = next, v
		if !changed {
			t.Logf("value iteration: %d positions, stable after %d plies", len(nodes), iter)
			return v
		}
	}
}

// bruteValue is a plain minimax through the public game to depth plies:
// the final difference of seeds for the side to move; complete is false
// when some line did not end within the depth.
func bruteValue(g rules.Game, depth int) (v int, complete bool) {
	if r := g.Result(); r.Over() {
		var n, s int
		fmt.Sscanf(r.Score, "%d-%d", &n, &s)
		if g.SideToMove() == 1 {
			return s - n, true
		}
		return n - s, true
	}
	if depth == 0 {
		return 0, false
	}
	v, complete = -1000, true
	for _, m := range g.Moves(nil) {
		g.Play(m)
		c, ok := bruteValue(g, depth-1)
		g.Unplay()
		v = max(v, -c)
		complete = complete && ok
	}
	return v, complete
}

// TestEndgameBruteForce compares every position of up to 5 seeds (and a
// sample of 6) with value iteration through the public game, and
// with a plain minimax where every line ends within 8 plies (which needs no
// rule for endless play).
func TestEndgameBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	var roots []*Game
	for n := 0; n <= 6; n++ {
		forBoards(n, func(b *board) {
			if n == 6 && rng.IntN(layerSize(n)) >= 1000 {
				return
			}
			for side := uint8(0); side < 2; side++ {
				g, err := Parse(nil, boardString(b, side))
				if err != nil {
					t.Fatal(err)
				}
				roots = append(roots, g)
			}
		})
	}
	gs := make([]rules.Game, len(roots))
	for i, g := range roots {
		gs[i] = g
	}
	vals := jacobi(t, gs)
	complete, tried := 0, 0
	for k, g := range roots {
		want, ok := endgameValue(&g.p)
		if !ok {
			t.Fatalf("%s: no database value", g.Position())
		}
		if got := vals[g.Position()]; got != want {
			t.Errorf("%s: database %d, value iteration %d", g.Position(), want, got)
		}
		if k%4 != 0 {
			continue // the minimax is slow: a quarter of them
		}
		tried++
		if v, ok := bruteValue(g, 8); ok {
			complete++
			if v != want {
				t.Errorf("%s: database %d, complete minimax %d", g.Position(), want, v)
			}
		}
	}
	t.Logf("%d positions checked; of %d tried, %d also by a complete minimax of 8 plies", len(roots), tried, complete)
}

// Hand-checked values (scores banked count in EndgameValue, not in the
// database value).
func TestEndgameHandChecked(t *testing.T) {
	cases := []struct {
		pos string
		v   int // database value: final board seeds, side to move minus other
		why string
	}{
		{"0,0,0,0,0,1/1,0,0,0,0,0 0 0 n", 0,
			"two seeds: no capture can ever happen (indetermination): each takes his own"},
		{"0,0,0,0,0,0/0,0,0,0,0,0 20 28 s", 0, "no seed at all"},
		{"0,0,0,0,1,1/0,0,0,0,0,0 0 0 s", -2,
			"famine: south has no seed, north's two are his"},
		{"0,1,0,0,0,0/0,0,0,0,0,0 0 0 n", 1,
			"famine: north cannot feed (B's seed stays in his row), he takes it"},
		{"1,0,0,0,0,0/1,0,0,0,0,1 0 0 n", 1,
			"A (only move) makes 2 in G: north takes 2; L's single seed is then south's (indetermination)"},
		{"1,0,0,0,0,0/1,0,0,0,0,0 0 0 n", 0,
			"two seeds: over at once, one each (A to G would be a grand slam and lose both)"},
	}
	for _, c := range cases {
		g, err := Parse(nil, c.pos)
		if err != nil {
			t.Fatal(err)
		}
		v, ok := endgameValue(&g.p)
		if !ok || v != c.v {
			t.Errorf("%s: value %d (%v), want %d: %s", c.pos, v, ok, c.v, c.why)
		}
	}
}

// endgamePositions collects positions of random games (end=abapa-literal) with at
// most maxSeeds seeds on the board.
func endgamePositions(t *testing.T, seed uint64, maxSeeds, count int) []*Game {
	rng := rand.New(rand.NewPCG(seed, 9))
	var out []*Game
	var buf []rules.Move
	for len(out) < count {
		// The literal abapa endings, which the databases value exactly (the
		// default also ends on a repetition, which depends on the history).
		g := New(rules.Options{"end": "abapa-literal"})
		for !g.Result().Over() {
			if g.p.b.total() <= maxSeeds && rng.IntN(4) == 0 {
				out = append(out, g.Clone().(*Game))
				break
			}
			buf = g.Moves(buf[:0])
			g.Play(buf[rng.IntN(len(buf))])
		}
	}
	return out
}

// endsAtOnce reports whether a move of g ends the game.
func endsAtOnce(g *Game) bool {
	c := g.Clone()
	for _, m := range c.Moves(nil) {
		c.Play(m)
		over := c.Result().Over()
		c.Unplay()
		if over {
			return true
		}
	}
	return false
}

// seedsOf rounds a score to seeds (100 each).
func seedsOf(x int) int { return (x + 50*sign(x)) / 100 }

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// TestEndgameEngine: searches of positions inside the databases return the
// exact value (the database's margin, or a win/loss at a known distance of
// the same sign), and the move chosen keeps the game-theoretic result.
func TestEndgameEngine(t *testing.T) {
	e := engine.New(engine.Options{HashEntries: 1 << 16})
	exact, wins := 0, 0
	for _, g := range endgamePositions(t, 1, EndgameSeeds, 40) {
		want, ok := g.EndgameValue()
		if !ok {
			t.Fatalf("%s: no database value", g.Position())
		}
		for _, depth := range []int{1, 3} {
			e.NewGame()
			res, err := e.Search(context.Background(), g, engine.Limits{Depth: depth}, nil)
			if err != nil {
				t.Fatal(err)
			}
			// The score is exact: its sign is the database's. Its margin is
			// the database's when no move ends the game at once (the
			// search scores a finished game as a win or loss at a known
			// distance, which it ranks above or below every margin).
			got := sign(engine.MatePlies(res.Score))
			if m, ok := engine.KnownMargin(res.Score); ok || res.Score == 0 {
				got = sign(m)
				if depth == 1 && !endsAtOnce(g) {
					exact++
				}
				if depth == 1 && !endsAtOnce(g) && seedsOf(m) != seedsOf(want) {
					t.Errorf("%s depth %d: score %s, database %+d", g.Position(), depth, engine.FormatScore(res.Score), want)
				}
			}
			if got != 0 {
				wins++
			}
			if got != sign(want) {
				t.Errorf("%s depth %d: score %s, database %+d", g.Position(), depth, engine.FormatScore(res.Score), want)
			}
			c := g.Clone().(*Game)
			c.Play(res.Best)
			var after int
			if r := c.Result(); r.Over() {
				n, s := c.finalScores()
				after = 100 * (n - s)
				if g.p.side == 1 {
					after = -after
				}
			} else {
				v, _ := c.EndgameValue()
				after = -v
			}
			if sign(after) != sign(want) {
				t.Errorf("%s depth %d: %s turns a result of %+d into %+d", g.Position(), depth, res.BestText, want, after)
			}
		}
	}
	t.Logf("80 searches: %d with the exact margin checked, %d won or lost", exact, wins)
}

// TestEndgameTournament: no database answers under end=tournament.
func TestEndgameTournament(t *testing.T) {
	g, err := Parse(rules.Options{"end": "tournament"}, "1,0,0,0,0,0/1,0,0,0,0,1 20 25 n")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := g.EndgameValue(); ok {
		t.Error("a database value under end=tournament")
	}
}

// BenchmarkEndgameBuild builds the databases from scratch up to each seed
// count (the time of a layer is the difference with the line above).
func BenchmarkEndgameBuild(b *testing.B) {
	for _, n := range []int{6, 8, 10, 11, 12} {
		b.Run(fmt.Sprintf("seeds=%d", n), func(b *testing.B) {
			positions := 0
			for i := 0; i < b.N; i++ {
				var d egDB
				positions = 0
				for k := 0; k <= n; k++ {
					l := d.build(k)
					d.layers[k].Store(l)
					positions += len(l.val)
				}
			}
			b.ReportMetric(float64(positions), "positions")
		})
	}
}

// TestEndgameConcurrentBuild: goroutines asking for different seed counts
// of a fresh database at once get the same values as the shared one.
func TestEndgameConcurrentBuild(t *testing.T) {
	var d egDB
	done := make(chan *egLayer)
	for n := 8; n >= 5; n-- {
		go func() { done <- d.layer(n) }()
	}
	for i := 0; i < 4; i++ {
		<-done
	}
	for n := 0; n <= 8; n++ {
		a, b := d.layer(n), endgames.layer(n)
		if len(a.val) != len(b.val) {
			t.Fatalf("%d seeds: %d and %d positions", n, len(a.val), len(b.val))
		}
		for i := range a.val {
			if a.val[i] != b.val[i] || a.dist[i] != b.dist[i] {
				t.Fatalf("%d seeds, index %d: %d/%d and %d/%d", n, i, a.val[i], a.dist[i], b.val[i], b.dist[i])
			}
		}
	}
}

// TestEndgameDistances: every won or lost position has a distance, below
// the 99 plies that EndgameValue can express (progress is monotone and
// stays below half a seed up to there).
func TestEndgameDistances(t *testing.T) {
	for n := 0; n <= EndgameSeeds; n++ {
		l := endgames.layer(n)
		maxWin, maxLoss := 0, 0
		for i, v := range l.val {
			d := int(l.dist[i])
			switch {
			case v > 0:
				maxWin = max(maxWin, d)
			case v < 0:
				maxLoss = max(maxLoss, d)
			}
		}
		if maxWin >= 99 || maxLoss >= 99 {
			t.Errorf("%d seeds: longest win %d plies, longest loss %d: more than EndgameValue can express", n, maxWin, maxLoss)
		}
		t.Logf("%d seeds: longest win %d plies, longest loss %d", n, maxWin, maxLoss)
	}
	for d := 1; d <= 99; d++ {
		if progress(d) < progress(d-1) || progress(d) >= 50 {
			t.Fatalf("progress(%d) = %d after %d", d, progress(d), progress(d-1))
		}
	}
}

// TestEndgamePlayout: the engine playing both sides from database
// positions keeps the result the database predicts (win, draw or loss)
// whenever the game ends. It need not end: the search ranks a finished game
// (a win or loss at a known distance) above or below every database result
// (at an unknown distance), so a side that loses either way keeps the game
// going when it can rather than end it, even with fewer seeds lost, and
// when nobody can force a capture the seeds circle for ever.
func TestEndgamePlayout(t *testing.T) {
	e := engine.New(engine.Options{HashEntries: 1 << 16})
	ended, exact := 0, 0
	for _, g := range endgamePositions(t, 2, 10, 30) {
		want, _ := g.EndgameValue()
		start := g.Position()
		c := g.Clone().(*Game)
		for ply := 0; ply < 400 && !c.Result().Over(); ply++ {
			e.NewGame()
			res, err := e.Search(context.Background(), c, engine.Limits{Depth: 2}, nil)
			if err != nil {
				t.Fatal(err)
			}
			c.Play(res.Best)
		}
		if !c.Result().Over() {
			continue
		}
		ended++
		n, s := c.finalScores()
		got := n - s
		if g.p.side == 1 {
			got = -got
		}
		if sign(got) != sign(want) {
			t.Errorf("%s: database %+d seeds, the game ended %+d (%s)", start, seedsOf(want), got, c.Position())
		}
		if got == seedsOf(want) {
			exact++
		}
	}
	t.Logf("%d of 30 games ended, %d of them with the database's margin", ended, exact)
	if ended < 10 {
		t.Errorf("only %d games ended: the test proves little", ended)
	}
}

// TestEndgameDiskCache: layers written to the cache load back the same; a
// damaged or foreign file is ignored and rebuilt.
func TestEndgameDiskCache(t *testing.T) {
	dir := tempCache(t)
	var d egDB
	d.layer(9)
	for n := 8; n <= 9; n++ {
		if _, err := os.Stat(layerPath(n, false)); err != nil {
			t.Fatalf("%d seeds: %v", n, err)
		}
		l := loadLayer(n, false)
		want := endgames.layer(n)
		if l == nil || !bytes.Equal(int8Bytes(l.val), int8Bytes(want.val)) || !bytes.Equal(l.dist, want.dist) {
			t.Fatalf("%d seeds: the file does not load back the same", n)
		}
	}
	data, _ := os.ReadFile(layerPath(9, false))
	data[len(data)/2] ^= 1
	if err := os.WriteFile(layerPath(9, false), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if loadLayer(9, false) != nil {
		t.Error("a damaged file loads")
	}
	if loadLayer(10, false) != nil {
		t.Error("a missing file loads")
	}
	if err := os.WriteFile(layerPath(8, false), append([]byte("boardrepl oware endgame v1"), data[26:]...), 0o644); err != nil {
		t.Fatal(err)
	}
	if loadLayer(8, false) != nil {
		t.Error("a file of another version loads")
	}
	var d2 egDB // rebuilds 8 and 9 and writes them again
	if l := d2.layer(9); !bytes.Equal(int8Bytes(l.val), int8Bytes(endgames.layer(9).val)) || loadLayer(9, false) == nil || loadLayer(8, false) == nil {
		t.Error("damaged files are not rebuilt")
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// tempCache points the cache at a new directory, and its key at a file
// in another, for the test; it returns the cache's directory.
func tempCache(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	dir, key := filepath.Join(root, "cache"), filepath.Join(root, "config", "oware-endgame.key")
	oldDir, oldKey := egCacheDir, egKeyPath
	egCacheDir = func() string { return dir }
	egKeyPath = func() string { return key }
	t.Cleanup(func() { egCacheDir, egKeyPath = oldDir, oldKey })
	return dir
}

// TestEndgameCacheForged: a cache file forged as someone without the
// user's key can (every value negated, the header kept, the checksum made
// again: a CRC-32 as format v2 had, or an HMAC under another key) is not
// believed: it is rebuilt and written again, and the values are the true
// ones. Format v2 loaded such a file (its CRC-32 recomputed) and gave
// wrong scores.
func TestEndgameCacheForged(t *testing.T) {
	want := endgames.layer(9) // built in memory before the cache is set
	tempCache(t)
	var d egDB
	d.layer(9)
	good, err := os.ReadFile(layerPath(9, false))
	if err != nil {
		t.Fatal(err)
	}
	h, size := len(layerHeader(9, false)), 2*layerSize(9)
	for _, c := range []struct {
		name string
		sum  func(body []byte) []byte
	}{
		{"CRC-32", func(body []byte) []byte { return binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE(body)) }},
		{"HMAC under another key", func(body []byte) []byte { return layerMAC([]byte("the forger's own key of 32 bytes"), body) }},
		{"SHA-256", func(body []byte) []byte { s := sha256.Sum256(body); return s[:] }},
	} {
		body := bytes.Clone(good[:len(good)-sha256.Size])
		for i := h; i < h+size; i++ {
			body[i] = byte(-int8(body[i]))
		}
		forged := append(body, c.sum(body)...)
		if err := os.WriteFile(layerPath(9, false), forged, 0o644); err != nil {
			t.Fatal(err)
		}
		if loadLayer(9, false) != nil {
			t.Errorf("%s: the forged file loads", c.name)
		}
		var d2 egDB
		l := d2.layer(9)
		if !bytes.Equal(int8Bytes(l.val), int8Bytes(want.val)) || !bytes.Equal(l.dist, want.dist) {
			t.Fatalf("%s: the values after a forged file are not the true ones", c.name)
		}
		if back, _ := os.ReadFile(layerPath(9, false)); !bytes.Equal(back, good) {
			t.Errorf("%s: the forged file is not written again", c.name)
		}
	}
	// A key that is another user's, that others can read, or that is a
	// symbolic link, makes the cache unused: nothing is loaded and nothing
	// written.
	key := egKeyPath()
	for _, c := range []struct {
		name, want     string
		spoil, restore func()
	}{
		{"another user's", "belongs to another user (uid 65534)", func() { os.Chown(key, 65534, 65534) },
			func() { os.Chown(key, os.Getuid(), os.Getgid()) }},
		{"readable", "can be read or written by other users (mode 0644", func() { os.Chmod(key, 0o644) }, nil},
		{"symlink", "is a symbolic link", func() {
			os.Rename(key, key+".real")
			os.Symlink(key+".real", key)
		}, nil},
	} {
		if c.name == "another user's" && os.Getuid() != 0 {
			t.Log("not root: a key of another user's is not tried")
			continue
		}
		c.spoil()
		if _, err := cacheKey(true); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("key %s: %v, want %q", c.name, err, c.want)
		}
		if loadLayer(9, false) != nil {
			t.Errorf("key %s: a layer loads", c.name)
		}
		os.Remove(layerPath(9, false))
		if err := saveLayer(9, false, want); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("key %s: saving: %v", c.name, err)
		}
		if _, err := os.Stat(layerPath(9, false)); err == nil {
			t.Errorf("key %s: a layer was written", c.name)
		}
		if c.restore != nil {
			c.restore()
		}
	}
	if ents, _ := os.ReadDir(filepath.Dir(key)); len(ents) != 2 {
		t.Errorf("the key's directory holds %d files, want the key and the link", len(ents))
	}
}

// BenchmarkEndgameCacheLoad reads the layers of 8 to 12 seeds from the
// cache, checksum checked (what a process pays on first use instead of
// building them); checksum alone times the HMAC-SHA256 of the same bytes,
// and crc32 the CRC-32 that format v2 checked instead.
func BenchmarkEndgameCacheLoad(b *testing.B) {
	for n := 8; n <= EndgameSeeds; n++ {
		endgames.layer(n)
	}
	root := b.TempDir()
	oldDir, oldKey := egCacheDir, egKeyPath
	egCacheDir = func() string { return filepath.Join(root, "cache") }
	egKeyPath = func() string { return filepath.Join(root, "oware-endgame.key") }
	defer func() { egCacheDir, egKeyPath = oldDir, oldKey }()
	var files [][]byte
	for n := 8; n <= EndgameSeeds; n++ {
		if err := saveLayer(n, false, endgames.layer(n)); err != nil {
			b.Fatal(err)
		}
		data, _ := os.ReadFile(layerPath(n, false))
		files = append(files, data)
	}
	key, _ := cacheKey(false)
	b.Run("load", func(b *testing.B) {
		for b.Loop() {
			for n := 8; n <= EndgameSeeds; n++ {
				if loadLayer(n, false) == nil {
					b.Fatalf("%d seeds: not loaded", n)
				}
			}
		}
	})
	b.Run("checksum", func(b *testing.B) {
		for b.Loop() {
			for _, f := range files {
				layerMAC(key, f[:len(f)-sha256.Size])
			}
		}
	})
	b.Run("crc32", func(b *testing.B) {
		for b.Loop() {
			for _, f := range files {
				crc32.ChecksumIEEE(f[:len(f)-sha256.Size])
			}
		}
	})
}

func int8Bytes(v []int8) []byte {
	b := make([]byte, len(v))
	for i, x := range v {
		b[i] = byte(x)
	}
	return b
}

// The tournament tables, hand-checked: in 0,0,0,1,1,0/0,0,1,0,0,0 22 23 n
// north can starve south: after D I C J E K D L south has sown his last
// seed and north cannot feed him, so north takes the three seeds left
// (25-23). The abapa tables end the game earlier, where no capture can
// happen any more (each takes his own row), and give north two of the
// three (24-24). Both the line and the values are checked.
func TestTournamentTablesFamine(t *testing.T) {
	const start = "0,0,0,1,1,0/0,0,1,0,0,0 22 23 n"
	g, err := Parse(rules.Options{"end": "tournament"}, start)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range strings.Fields("D I C J E K D L") {
		mv, err := g.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(mv)
	}
	if r := g.Result(); !r.Over() || r.Score != "25-23" {
		t.Fatalf("after the line: %+v, want north winning 25-23", r)
	}
	p, _ := Parse(nil, start)
	if v, _, _ := endgames.entryUpTo(&p.p, EndgameSeeds); v != 1 {
		t.Errorf("abapa tables: %d, want 1 (north takes 2 of the 3 seeds)", v)
	}
	if v, _, _ := tournamentTables.entryUpTo(&p.p, EndgameSeeds); v != 3 {
		t.Errorf("tournament tables: %d, want 3 (north takes all 3)", v)
	}
	tg, _ := Parse(rules.Options{"end": "tournament"}, start)
	if e := tg.Evaluate(); e <= 0 {
		t.Errorf("Evaluate under end=tournament: %d, want a win for north", e)
	}
}

// TestTournamentTablesIteration compares the tournament tables with value
// iteration over every position of up to 5 seeds: v_0 the even split (0),
// v_k+1(p) the best move's value, a capture worth its seeds plus minus the
// value of the (smaller) position it leaves in the same tables, any other
// move minus v_k of the position it leads to; a side that cannot move ends
// the game, each taking his own row. There is no other ending: once an
// iteration changes nothing, that is the value of the tournament rules
// without their repetition and majority endings, reached without the
// tables' algorithm. The abapa tables must differ somewhere: they end
// the game where no capture can happen any more.
func TestTournamentTablesIteration(t *testing.T) {
	index := map[uint64]int{}
	var nodes []vnode
	key := func(p *pos) uint64 { return uint64(p.b.rank())<<8 | uint64(p.b.total())<<1 | uint64(p.side) }
	var add func(p pos) int
	add = func(p pos) int {
		if i, ok := index[key(&p)]; ok {
			return i
		}
		i := len(nodes)
		index[key(&p)] = i
		nodes = append(nodes, vnode{})
		var nd vnode
		m := p.b.legalMask(p.side)
		if m == 0 {
			nd.final, nd.v = true, p.b.rowSum(p.side)-p.b.rowSum(1-p.side)
		}
		for ; m != 0; m &= m - 1 {
			c := pos{b: p.b, side: p.side}
			c.play(ctz(m))
			if got := int(c.score[p.side]); got > 0 {
				c.score = [2]uint8{}
				v, _, _ := tournamentTables.entryUpTo(&c, EndgameSeeds)
				nd.exits = append(nd.exits, got-v)
				continue
			}
			nd.kids = append(nd.kids, add(c))
		}
		nodes[i] = nd
		return i
	}
	var roots []pos
	for n := 0; n <= 5; n++ {
		forBoards(n, func(b *board) {
			for side := uint8(0); side < 2; side++ {
				roots = append(roots, pos{b: *b, side: side})
			}
		})
	}
	for _, p := range roots {
		add(p)
	}
	v := iterateValues(t, nodes)
	differ := 0
	for _, p := range roots {
		want := v[index[key(&p)]]
		got, _, _ := tournamentTables.entryUpTo(&p, EndgameSeeds)
		if got != want {
			t.Errorf("%s: tournament tables %d, value iteration %d", boardString(&p.b, p.side), got, want)
		}
		if ab, _, _ := endgames.entryUpTo(&p, EndgameSeeds); ab != got {
			differ++
		}
	}
	if differ == 0 {
		t.Error("the tournament tables are the abapa tables")
	}
	t.Logf("%d positions; the abapa tables differ in %d", len(roots), differ)
}

// The tournament tables are cached beside the abapa ones under their own
// name (t1-NN.bin) and header: they load back the same, and a tournament
// file put in an abapa file's place is not read as one.
func TestTournamentTablesCache(t *testing.T) {
	tempCache(t)
	d := egDB{tournament: true}
	d.layer(9)
	l := loadLayer(9, true)
	want := tournamentTables.layer(9)
	if l == nil || !bytes.Equal(int8Bytes(l.val), int8Bytes(want.val)) || !bytes.Equal(l.dist, want.dist) {
		t.Fatal("the tournament file does not load back the same")
	}
	if _, err := os.Stat(layerPath(9, false)); err == nil {
		t.Error("building the tournament tables wrote an abapa file")
	}
	data, err := os.ReadFile(layerPath(9, true))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(layerPath(9, false), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if loadLayer(9, false) != nil {
		t.Error("a tournament file loads as the abapa tables")
	}
}
