package oware

// Endgame databases: every position with at most EndgameSeeds seeds on the
// board is solved exactly by retrograde analysis, under the default (seed)
// endings. A database is built the first time a position of its seed count
// is asked about (with the smaller ones it depends on), then kept in memory
// for the life of the process and on disk (see loadLayer); building is
// serialised by a mutex and the finished databases are read without locks.
//
// What is stored. For every board with n seeds and side to move, the value
// is the best final seed difference the side to move can secure from the
// seeds on the board: the seeds it will capture or collect minus those the
// opponent will, under optimal play by both. The scores already banked play
// no part in the play on the board (the final result is banked plus board),
// so the value is the same whatever the scores, and the game-theoretic
// result of a position is the sign of (own score - other score + value).
// Maximising the difference also maximises the result (win, draw, loss).
//
// The rules, as Game.Result applies them:
//   - famine: no legal move: each side collects its own row (at a famine
//     every seed left is in the mover's row: he takes them all);
//   - indetermination: no capture can be reached any more by any sequence
//     of moves: each side collects its own row;
//   - a capture of c seeds moves to the database of n-c seeds: the move is
//     worth c minus the opponent's value there.
//
// Endless play. Within one seed count the capture-free moves (grand slams
// included) form cycles. When a capture is still reachable but both sides
// can avoid every capture forever, and neither wants to leave the cycle,
// the abapa rules never end the game (players may then agree to stop). The
// database values such endless play as an even split of the seeds on the
// board: 0 for both sides, so a position's value is the result of whoever
// can force a better finite ending, and 0 when neither can. This keeps the
// value independent of the history (the repetition ending of end=tournament,
// "each takes his own row at the repeated position", depends on which
// position repeats first) and makes the game a draw, apart from the banked
// scores, when both sides can keep the seeds circling.
//
// The databases are exact under end=abapa-literal and answer under
// end=abapa too: there a repeated position also ends the game (each takes
// his own row), which depends on the history and so is not in the tables;
// the search sees the repetitions within its horizon, and a side that can
// repeat a position may end a game the tables value otherwise. Under
// end=tournament the game also ends on a majority score, and the
// indetermination rule does not apply: the databases do not answer
// (EndgameValue), and the engine's evaluation takes the tournament tables'
// value (tournamentTables, built the same way without the indetermination
// ending) as a close estimate.
//
// Algorithm, per seed count n (all smaller counts done): enumerate the
// boards (compositions of n into 12 pits, ranked by the combinatorial number
// system), and for both sides to move record the terminal positions, the
// best capturing move (from the smaller databases) and the capture-free
// moves (edges within n). The indeterminate positions are those from which
// no capturing position is reachable along the edges (a fixed point). The
// other values start at 0 and are improved in place by sweeps of
// v(b) = max(best capture, max over edges of -v(child)) until a sweep
// changes nothing. Starting from 0, every value stays between 0 and the true
// value (it only ever claims results that a finite sequence of moves
// forces), and a fixed point with that property is the true value under the
// even-split rule for endless play: a position whose side to move can force
// a result >= t > 0 gets it after as many sweeps as that forcing takes.
// Then the distances (see distances) are found the same way.
//
// The engine (rules/engine) asks Game.EndgameValue at the leaves of its
// searches and ranks the answers between the evaluations and the wins at a
// known distance (engine.KnownWin). A game that ends inside the search is
// still a win or a loss at a known distance, ranked above or below every
// database answer: the search finds the shortest wins as before, plays the
// database's result (win, draw, loss) exactly, and its margin when no move
// ends the game; a side that loses either way prefers an unknown distance
// to ending the game, so it may keep the seeds circling when it can.

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"boardrepl/internal/atomicfile"
)

// EndgameSeeds is the largest number of seeds on the board for which the
// endgame databases answer. Building all of them takes about 1.6 s the
// first time (BenchmarkEndgameBuild; up to 10 seeds 0.35 s), 5.4 million
// positions, 11 MB in memory; later processes load them from the disk
// cache in a few milliseconds.
const EndgameSeeds = 12

// TournamentTableSeeds is the largest number of seeds on the board for
// which, under end=tournament, the databases are the evaluation (see
// Game.Evaluate).
var TournamentTableSeeds = EndgameSeeds

// maxEndgameSeeds bounds the seed counts the code can index (the ranks fit
// in 32 bits up to 20 seeds).
const maxEndgameSeeds = 20

// binom[n][k] is n choose k for n < 32, k <= 11.
var binom [32][12]uint64

func init() {
	for n := range binom {
		binom[n][0] = 1
		for k := 1; k < 12 && k <= n; k++ {
			binom[n][k] = binom[n-1][k-1]
			if k <= n-1 {
				binom[n][k] += binom[n-1][k]
			}
		}
	}
}

// layerSize is the number of boards with n seeds: C(n+11, 11).
func layerSize(n int) int { return int(binom[n+11][11]) }

// rank numbers the boards with the same number of seeds from 0 to
// layerSize-1: the composition c0..c11 is the set of bar positions
// p_j = c0+...+cj + j (j = 0..10) among n+11 slots, ranked in the
// combinatorial number system.
func (b *board) rank() uint32 {
	lo, hi := b[0], b[1]
	var r uint64
	s := 0
	for j := 0; j < 8; j++ {
		s += int(lo>>(8*uint(j))) & 0xFF
		r += binom[s+j][j+1]
	}
	for j := 8; j < 11; j++ {
		s += int(hi>>(8*uint(j-8))) & 0xFF
		r += binom[s+j][j+1]
	}
	return uint32(r)
}

// egDB holds the databases: layers[n] those of n seeds.
type egDB struct {
	mu     sync.Mutex
	layers [maxEndgameSeeds + 1]atomic.Pointer[egLayer]
	// tournament: the tables of end=tournament, which has no
	// indetermination ending (see tournamentTables).
	tournament bool
}

// egLayer is the database of one seed count: val[2*rank+side] is the value
// of the board of rank `rank` with `side` to move, dist[2*rank+side] the
// number of plies to the capture or the end that settles it (255 for 255
// or more, 0 when the value is 0 or the game is over).
type egLayer struct {
	val  []int8
	dist []uint8
}

var endgames egDB

// tournamentTables are the tables of end=tournament: the same retrograde
// analysis without the indetermination ending, which the tournament rules
// do not have. Where no capture can happen any more, the seeds go on
// circling until a side cannot move (a famine: each takes his own row)
// or a position repeats; the abapa tables end such a game at once, each
// side taking his own row, and a side that can starve the other there
// (or be starved) is valued wrongly: in 0,0,0,1,1,0/0,0,1,0,0,0 22 23 n
// (TestTournamentTablesFamine) north takes all three seeds, where the
// abapa tables give him two. Endless play is valued as in the abapa
// tables (an even split); the repetition ending, which depends on the
// history, is left to the search. Against Aalina's own tournament tables,
// on 15,873 random positions of 1 to 12 seeds, the tournament tables give
// another winner in 1,369 positions, the abapa tables in 2,724
// (docs/engine.md, entry 87).
var tournamentTables = egDB{tournament: true}

// BuildLog, when not nil, is told when the endgame tables are built (the
// first use on a machine takes seconds): one line before, one after. The
// command line sets it to stderr.
var BuildLog io.Writer

// layer returns the database of n seeds, building it (and the smaller ones)
// when needed.
func (d *egDB) layer(n int) *egLayer {
	if l := d.layers[n].Load(); l != nil {
		return l
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	var start time.Time
	built := false
	var notCached error // why a layer built could not be cached
	for k := 0; k <= n; k++ {
		if d.layers[k].Load() == nil {
			l := loadLayer(k, d.tournament)
			if l == nil {
				if !built && BuildLog != nil && n >= 8 { // the small ones take no time
					start = time.Now()
					fmt.Fprintf(BuildLog, "oware: building the endgame tables up to %d seeds (once; a few seconds)...\n", n)
				}
				built = true
				l = d.build(k)
				if err := saveLayer(k, d.tournament, l); err != nil && notCached == nil {
					notCached = err
				}
			}
			d.layers[k].Store(l)
		}
	}
	if built && BuildLog != nil && n >= 8 {
		where := "kept in memory"
		switch dir := egCacheDir(); {
		case notCached != nil:
			where += ", not cached: " + notCached.Error()
		case dir != "":
			where = "cached in " + dir
		}
		fmt.Fprintf(BuildLog, "oware: endgame tables up to %d seeds built in %d ms (%s)\n", n, time.Since(start).Milliseconds(), where)
	}
	return d.layers[n].Load()
}

// value looks up a position whose layer is built.
func (d *egDB) value(b *board, side uint8) int {
	l := d.layers[b.total()].Load()
	return int(l.val[2*int(b.rank())+int(side)])
}

// build solves the boards with n seeds; every smaller layer is built.
func (d *egDB) build(n int) *egLayer {
	size := 2 * layerSize(n)
	val := make([]int8, size)
	const noExit = -128
	exit := make([]int8, size)   // best capturing move, or noExit
	state := make([]uint8, size) // see the st* flags
	start := make([]uint32, size+1)
	edges := make([]uint32, 0, size)

	// Pass 1: terminal positions, captures, edges, in index order.
	idx := 0
	forBoards(n, func(cur *board) {
		for side := uint8(0); side < 2; side++ {
			i := idx
			idx++
			start[i] = uint32(len(edges))
			m := cur.legalMask(side)
			if m == 0 { // famine
				val[i] = int8(cur.rowSum(side) - cur.rowSum(1-side))
				state[i] = stFinal
				exit[i] = noExit
				continue
			}
			best := noExit
			for ; m != 0; m &= m - 1 {
				c := pos{b: *cur, side: side}
				c.play(ctz(m))
				if got := int(c.score[side]); got > 0 {
					if w := got - d.value(&c.b, c.side); w > best {
						best = w
					}
					continue
				}
				edges = append(edges, 2*c.b.rank()+uint32(c.side))
			}
			exit[i] = int8(best)
			if best != noExit {
				state[i] |= stReach
			}
		}
	})
	start[size] = uint32(len(edges))

	// Pass 2: the positions from which a capture is reachable.
	for changed := true; changed; {
		changed = false
		for i := 0; i < size; i++ {
			if state[i]&(stReach|stFinal) != 0 {
				continue
			}
			for _, e := range edges[start[i]:start[i+1]] {
				if state[e]&stReach != 0 {
					state[i] |= stReach
					changed = true
					break
				}
			}
		}
	}
	// The others are indeterminate: each side collects its own row (not in
	// the tournament tables, where the game goes on).
	idx = 0
	forBoards(n, func(cur *board) {
		if d.tournament {
			return
		}
		for side := uint8(0); side < 2; side++ {
			if state[idx]&(stReach|stFinal) == 0 {
				val[idx] = int8(cur.rowSum(side) - cur.rowSum(1-side))
				state[idx] |= stFinal
			}
			idx++
		}
	})

	// Pass 3: values, improved in place from 0 until nothing changes.
	active := make([]uint32, 0, size)
	for i := 0; i < size; i++ {
		if state[i]&stFinal != 0 {
			continue
		}
		if start[i] == start[i+1] { // only captures
			val[i] = exit[i]
			continue
		}
		active = append(active, uint32(i))
	}
	for changed := true; changed; {
		changed = false
		for _, i := range active {
			best := int(exit[i])
			for _, e := range edges[start[i]:start[i+1]] {
				if v := -int(val[e]); v > best {
					best = v
				}
			}
			if int8(best) != val[i] {
				val[i] = int8(best)
				changed = true
			}
		}
	}
	return &egLayer{val: val, dist: distances(val, exit, state, start, edges)}
}

// distances works out, once the values are known, how many plies each
// position takes to settle its value: the winner (value > 0) heads for the
// nearest capture or end that secures it, the loser (value < 0) for the
// farthest among those that concede no more. A move that secures the value
// at once (a capture, or the end of the game) counts 1; the search uses the
// distances to make progress (a won position of the database could
// otherwise be kept circling without the capture that wins). The winners'
// distances only decrease from "unknown" and the losers' are set once all
// the moves they would choose are known, then decrease with them: sweeps
// until nothing changes reach the exact distances.
func distances(val, exit []int8, state []uint8, start, edges []uint32) []uint8 {
	const unknown = 0xFFFF
	size := len(val)
	dist := make([]uint16, size)
	var active []uint32
	for i := 0; i < size; i++ {
		if state[i]&stFinal != 0 || val[i] == 0 {
			continue
		}
		dist[i] = unknown
		active = append(active, uint32(i))
	}
	for changed := true; changed; {
		changed = false
		for _, i := range active {
			v := val[i]
			d := uint16(unknown)
			if v > 0 {
				if exit[i] == v {
					d = 1
				}
				for _, e := range edges[start[i]:start[i+1]] {
					if -val[e] == v && dist[e] != unknown && dist[e]+1 < d {
						d = dist[e] + 1
					}
				}
			} else {
				d = 0
				if exit[i] == v {
					d = 1
				}
				for _, e := range edges[start[i]:start[i+1]] {
					if -val[e] != v {
						continue
					}
					if dist[e] == unknown {
						d = unknown
						break
					}
					d = max(d, dist[e]+1)
				}
			}
			if d != dist[i] {
				dist[i] = d
				changed = true
			}
		}
	}
	out := make([]uint8, size)
	for i, d := range dist {
		out[i] = uint8(min(d, 255))
	}
	return out
}

// forBoards calls fn with every board of n seeds in rank order. The rank
// grows with the bar positions taken from the last: the fewer seeds in pit
// 11 the higher, then pit 10, and so on; pit 0 takes what is left.
func forBoards(n int, fn func(b *board)) {
	var b board
	var rec func(pit, left int)
	rec = func(pit, left int) {
		if pit == 0 {
			b.set(0, uint8(left))
			fn(&b)
			return
		}
		for k := left; k >= 0; k-- {
			b.set(pit, uint8(k))
			rec(pit-1, left-k)
		}
	}
	rec(nPits-1, n)
}

const (
	stFinal = 1 << iota // famine or indetermination: the value is set
	stReach             // a capture is reachable
)

// endgameValue returns the database value of p (building it if needed):
// the best final difference of board seeds for the side to move. ok is
// false above EndgameSeeds seeds.
func endgameValue(p *pos) (v int, ok bool) {
	v, _, ok = endgameEntry(p)
	return v, ok
}

// endgameEntry returns the value of p and its distance in plies (see
// egLayer).
func endgameEntry(p *pos) (v, dist int, ok bool) {
	return endgameEntryUpTo(p, EndgameSeeds)
}

// endgameEntryUpTo is endgameEntry for the positions of up to max seeds on
// the board.
func endgameEntryUpTo(p *pos, max int) (v, dist int, ok bool) {
	return endgames.entryUpTo(p, max)
}

// entryUpTo is endgameEntryUpTo in the tables d.
func (d *egDB) entryUpTo(p *pos, max int) (v, dist int, ok bool) {
	n := p.b.total()
	if n > max {
		return 0, 0, false
	}
	l := d.layer(n)
	i := 2*int(p.b.rank()) + int(p.side)
	return int(l.val[i]), int(l.dist[i]), true
}

// EndgameValue is the exact value of the position under perfect play from
// the side to move's view, in evaluation units: 100 per seed of the final
// difference of the two players' seeds (scores banked plus what the seeds
// on the board bring), so positive when the side to move wins, 0 for a
// draw. The last two digits order the positions of the same result by
// progress: when the final difference is not 0, the side that gains seeds
// on the board (database value > 0) loses progress(dist) units, the other
// side gains them, dist being the plies to the capture or end that secures
// the seeds: the engine then heads for the capture instead of circling.
// progress stays below half a unit (50), so the final margin is the score
// rounded to whole seeds (engine.KnownUnits: win+N). ok is false when
// the position has more than EndgameSeeds seeds on the board or the game
// is played with end=tournament. The engine uses it at the leaves of its
// searches; the first call for a seed count builds the databases up to it.
func (g *Game) EndgameValue() (score int, ok bool) {
	if g.tournament {
		return 0, false
	}
	return g.tableScore(EndgameSeeds)
}

// tableScore is the database's value of the position in evaluation units,
// as EndgameValue gives it, when it has max seeds or fewer on the board.
// Under end=tournament it is the value of the tournament tables
// (tournamentTables), which is not exact (the game also ends on a repeated
// position, each taking his own row, and on a majority of the seeds) but
// close, and Evaluate uses it as the static evaluation (see eval.go).
func (g *Game) tableScore(max int) (score int, ok bool) {
	d := &endgames
	if g.tournament {
		d = &tournamentTables
	}
	v, dist, ok := d.entryUpTo(&g.p, max)
	if !ok {
		return 0, false
	}
	me := g.p.side
	m := int(g.p.score[me]) - int(g.p.score[1-me]) + v
	if m == 0 {
		return 0, true
	}
	dist = progress(dist)
	switch {
	case v > 0:
		return 100*m - dist, true
	case v < 0:
		return 100*m + dist, true
	}
	return 100 * m, true
}

// The disk cache: each layer is kept in the user's cache directory
// (os.UserCacheDir()/boardrepl/oware-endgame/v3-NN.bin), written to a
// temporary file and renamed, so that a reader never sees half a file.
// A file holds a header naming the format version and the seed count, the
// values, the distances and an HMAC-SHA256 of all that, keyed with a secret
// of the user's own (see cacheKey); a file that does not match in every
// respect is ignored (and rebuilt). The user's cache is not used under go
// test (see testCacheEnv), nor when BOARDREPL_NO_DISK_CACHE is set; any
// error just leaves the database in memory.
//
// Why a key. Version 2 ended with a CRC-32, which catches damage but not a
// forgery: its values negated and the CRC recomputed, a v2-12.bin made
// 'analyse -g oware' print loss-6 for a loss by 2, without a word. A file
// that someone else could write (a cache directory others can write, a file
// copied from elsewhere) must not be believed, and only the user's own
// build of a layer can carry the MAC of his key. The other ways were
// weaker: checking a sample of entries against the retrograde rule catches
// a wholesale forgery, but not one that changes the few entries of the
// positions the forger cares about (a sample of thousands among 5.4 million
// misses them), and even a check of every entry does not tell the table
// from another fixed point of the rule where the seeds can circle; refusing
// a cache that others can write says nothing of a file the user copied in,
// and must judge every directory above it. The key costs one pass of
// HMAC-SHA256 over each file read or written: 12 to 17 ms for the 11 MB of
// the layers of 8 to 12 seeds, where the CRC-32 took 0.3 to 0.5 ms, in a
// load of 16 to 45 ms in all (BenchmarkEndgameCacheLoad on a 2-core machine
// shared with other builds, load average 10 to 19; building them takes
// 1.6 s).
const egFileVersion = "boardrepl oware endgame v3"

// testCacheEnv names the cache's directory under go test, where the
// user's cache is never used: the test binaries of one 'make test' (which
// sets it) and the processes they start then build each table once. Unset,
// tests keep the tables in memory. Its key is made beside it (DIR.key).
const testCacheEnv = "BOARDREPL_TEST_ENDGAME_CACHE"

// egCacheDir returns the directory of the cache, or "" for none.
var egCacheDir = func() string {
	if os.Getenv("BOARDREPL_NO_DISK_CACHE") != "" {
		return ""
	}
	if testing.Testing() {
		return os.Getenv(testCacheEnv)
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "boardrepl", "oware-endgame")
}

// egKeyPath returns the file of the cache's key (in the user's
// configuration directory, not in the cache), or "" for none.
var egKeyPath = func() string {
	if testing.Testing() {
		if dir := os.Getenv(testCacheEnv); dir != "" {
			return filepath.Clean(dir) + ".key"
		}
		return ""
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "boardrepl", "oware-endgame.key")
}

// egKeySize is the length of the key in bytes.
const egKeySize = 32

// layerPath is the cache file of the layer of n seeds: v3-NN.bin for the
// abapa tables, t1-NN.bin for the tournament ones.
func layerPath(n int, tournament bool) string {
	dir := egCacheDir()
	if dir == "" {
		return ""
	}
	if tournament {
		return filepath.Join(dir, fmt.Sprintf("t1-%02d.bin", n))
	}
	return filepath.Join(dir, fmt.Sprintf("v3-%02d.bin", n))
}

// layerHeader begins a cache file; the tournament tables' say so, so that
// neither kind is ever read as the other.
func layerHeader(n int, tournament bool) []byte {
	kind := ""
	if tournament {
		kind = " tournament"
	}
	return []byte(fmt.Sprintf("%s%s seeds=%d positions=%d\n", egFileVersion, kind, n, 2*layerSize(n)))
}

// layerMAC is the checksum of a cache file's body under key.
func layerMAC(key, body []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(body)
	return m.Sum(nil)
}

// cacheKey returns the key of the cache: 32 random bytes in a regular file
// of the user's own that nobody else may read or write (owned by the user,
// mode 0600 or stricter, not a symbolic link). With create, a missing key is
// made. A key file that others could read or write, or that is another
// user's, is an error: the cache is then not used at all.
func cacheKey(create bool) ([]byte, error) {
	path := egKeyPath()
	if path == "" {
		return nil, errors.New("no configuration directory for the cache's key")
	}
	key, err := readKey(path)
	if errors.Is(err, fs.ErrNotExist) && create {
		if err := makeKey(path); err != nil {
			return nil, fmt.Errorf("making the cache's key: %w", err)
		}
		key, err = readKey(path)
	}
	return key, err
}

func readKey(path string) ([]byte, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); ok && int(sys.Uid) != os.Getuid() {
		return nil, fmt.Errorf("the cache's key %s belongs to another user (uid %d)", path, sys.Uid)
	}
	if perm := st.Mode().Perm(); perm&0o077 != 0 {
		return nil, fmt.Errorf("the cache's key %s can be read or written by other users (mode %04o; 0600 is safe)", path, perm)
	}
	if st.Size() != egKeySize {
		return nil, fmt.Errorf("the cache's key %s is %d bytes long, not %d", path, st.Size(), egKeySize)
	}
	key := make([]byte, egKeySize)
	if _, err := io.ReadFull(f, key); err != nil {
		return nil, err
	}
	return key, nil
}

// makeKey writes a new random key to path, mode 0600, unless a key is
// there already (another process may make one at the same time: the first
// one linked in stays).
func makeKey(path string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	key := make([]byte, egKeySize)
	rand.Read(key)
	tmp, err := os.CreateTemp(dir, ".oware-endgame-key-*") // mode 0600
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(key)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Link(tmp.Name(), path); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	return nil
}

// openRegular opens path for reading when it is a regular file, not
// through a symbolic link, and without blocking on a FIFO.
func openRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if errors.Is(err, syscall.ELOOP) {
		return nil, fmt.Errorf("%s is a symbolic link", path)
	}
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	return f, nil
}

// loadLayer reads the layer of n seeds (of the tournament tables or the
// abapa ones) from the cache, or returns nil.
func loadLayer(n int, tournament bool) *egLayer {
	path := layerPath(n, tournament)
	if path == "" {
		return nil
	}
	key, err := cacheKey(false)
	if err != nil {
		return nil
	}
	f, err := openRegular(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	h := layerHeader(n, tournament)
	size := 2 * layerSize(n)
	data := make([]byte, len(h)+2*size+sha256.Size)
	if st, err := f.Stat(); err != nil || st.Size() != int64(len(data)) {
		return nil
	}
	if _, err := io.ReadFull(f, data); err != nil || !bytes.Equal(data[:len(h)], h) {
		return nil
	}
	body := data[:len(data)-sha256.Size]
	if !hmac.Equal(layerMAC(key, body), data[len(body):]) {
		return nil
	}
	l := &egLayer{val: make([]int8, size), dist: make([]uint8, size)}
	for i, b := range body[len(h) : len(h)+size] {
		l.val[i] = int8(b)
	}
	copy(l.dist, body[len(h)+size:])
	return l
}

// saveLayer writes the layer of n seeds to the cache (not the small ones,
// which build faster than they load). An error only means that the layer
// is built again next time; it says why the cache is not used.
func saveLayer(n int, tournament bool, l *egLayer) error {
	path := layerPath(n, tournament)
	if path == "" || n < 8 {
		return nil
	}
	key, err := cacheKey(true)
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	h := layerHeader(n, tournament)
	buf := make([]byte, 0, len(h)+2*len(l.val)+sha256.Size)
	buf = append(buf, h...)
	for _, v := range l.val {
		buf = append(buf, byte(v))
	}
	buf = append(buf, l.dist...)
	buf = append(buf, layerMAC(key, buf)...)
	if err := atomicfile.Write(path, buf, true); err != nil {
		return err
	}
	os.Remove(filepath.Join(dir, fmt.Sprintf("v2-%02d.bin", n))) // the unkeyed format, never read again
	return nil
}

// progress maps a distance in plies (up to 255) to at most 49 units: one
// unit a ply up to 32 plies, then one every four (no table distance is
// above 99 plies: TestEndgameDistances), so that it never reaches half a
// seed.
func progress(dist int) int {
	if dist <= 32 {
		return dist
	}
	return min(32+(dist-32+3)/4, 49)
}
