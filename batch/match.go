package batch

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"boardrepl/internal/atomicfile"
	"boardrepl/internal/textfile"
	"boardrepl/rules"
	"boardrepl/rules/engine"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
)

var matchCmd = &Command{
	Name:    "match",
	Summary: "self-play between two players (random, alpha-beta, MCTS, UAI engines) with statistics",
	Usage: `usage: boardrepl match -g GAME [-o KEY=VALUE]... [-p POSITION] --p1 SPEC --p2 SPEC
                       --games N [--seed S] [--concurrency N] [--max-plies N]
                       [--openings FILE [KEY=VALUE...]] [--opening N]
                       [--tc TC] [--timemargin MS] [--resign ...] [--draw ...]
                       [--record DIR] [--pgn FILE] [--stop-after N]
                       [--sprt SPEC] [--shard K/N] [-v] [--json]

Plays N games between two players and prints a table: wins per player and
per colour with percentages, draws, the average length, the Elo difference
of p1 over p2 with its 95% interval and the likelihood of superiority
(LOS), and the same from the pairs of games. Colours alternate: p1 moves
first in games 1, 3, 5...; games 2k-1 and 2k are a pair: they share their
opening (from --openings, then --opening N random plies), one with each
colour. Games that repeat an earlier game move for move are reported on
stderr (deterministic players need --opening or --openings to vary).
The options with settings take them as one word or, as cutechess writes
them, as the KEY=VALUE words that follow (--openings file=o.txt order=random).

` + engine.PlayerHelp + `
  --games N      number of games (required)
  --seed S       seed of every random choice (default: from the clock,
                 reported on stderr); the same seed replays the same match
  --concurrency N, -j N
                 games played at once (default 1); results do not depend on it
  --max-plies N  the move cap (default 1000): a game that reaches it is
                 adjudicated, a win when the evaluation of the side to move is
                 at least 200 either way, else a draw, and reported as such
  --openings FILE [format=fen|epd|moves|pgn] [order=sequential|random]
                 [plies=N] [start=N]   (also file=FILE, as cutechess)
                 play the games from the openings of FILE, each with both
                 colours: one position string a line (fen; epd: EPD
                 operations after it ignored; Ataxx: the FEN of cuteataxx's
                 and cutegames' opening files), one move list a line from the
                 start (moves), or game records (pgn: PGN or boardrepl
                 records, their start and moves); by default a line is a
                 position when it reads as one, else a move list. Blank lines
                 and lines starting with # are skipped. order=random shuffles
                 the book by the seed; start=N begins at the N-th opening;
                 plies=N keeps N plies of a move list. Pair k plays opening
                 start+k (cycling): the same game number always gets the
                 same opening, under --shard and on resume too
  --opening N    random plies at the start of each game, after the book's
                 (default 0)
  --tc TC        the time control, as cutechess writes it: [MOVES/]TIME[+INC]
                 (seconds or M:SS: 10+0.1, 40/60+0.5, 1:30+1), inf, st=S (a
                 fixed time a move), nodes=N, depth=N (limits a move for ab:
                 and uai: players whose spec has none), terms separated by
                 spaces or commas. On a clock each player's time runs while it
                 thinks, its increment is added after its move, and it loses
                 on time when it runs out; ab: players budget it with the
                 engine's time manager, uai: players are sent go btime wtime
                 binc winc [movestogo]. Only on an idle machine: a busy one
                 makes timed games lose on time
  --timemargin MS  milliseconds a player may go over its time (default 0)
  --resign movecount=N score=S [twosided=true]
                 adjudicate a loss for a player whose reported score (ab: its
                 search's; uai: its last info score; 100 is a piece) was at or
                 below -S for N moves in a row; twosided: only when the
                 opponent's was also at or above S for its last N moves
  --draw movenumber=N movecount=M score=S
                 adjudicate a draw when both players' scores were within S of
                 0 for M moves each in a row, after move N; a capture starts
                 the count again
  --record DIR   write every game as a record DIR/game-0001.txt ...; a run
                 with the same DIR resumes: games already there are counted,
                 not played again (the seed is taken from them), each record
                 replayed first: its result is the replay's, and a record
                 that disagrees with it or with this match is refused
  --pgn FILE     append every game, in game order as they finish, to FILE in
                 the game's record format (Ataxx: PGN as cutechess and
                 cuteataxx write it; the others: boardrepl records), with
                 Event, Site, Round, the players, Result, Termination,
                 PlyCount, TimeControl and each move's {score/depth time}
                 when the player reported one; on resume only the new games
                 are appended (-pgnout FILE is the same)
  --stop-after N stop after N new games, as if interrupted
  --sprt elo0=E0,elo1=E1[,alpha=A,beta=B][,model=pentanomial|trinomial]
                 stop as soon as a sequential probability ratio test
                 decides between H0 "p1 is E0 Elo stronger than p2" and H1
                 "p1 is E1 Elo stronger" (alpha and beta default to 0.05);
                 the LLR (fishtest's GSPRT) and its bounds are reported. The
                 pentanomial model (the default) counts the pairs of games,
                 each pair one result, and decides after a pair; trinomial
                 counts the games. --games is then the most games to play
  -v             print a line per game
  --shard K/N    play only part K of N of the games: pair k (games 2k+1 and
                 2k+2) when k is K-1 modulo N, so that pairs stay whole; needs
                 --seed. Run the N parts on N machines and add them up with
                 'boardrepl merge' (see docs/scaling.md for Slurm and Kubernetes
                 recipes); the totals are those of the whole match
  --json         one object per finished game
                 {"game","p1","p2","p1_side","winner","winner_side","result",
                 "reason","score","plies","adjudicated","ending","opening",
                 "start","moves","job"}, then a summary {"summary":true,"games",
                 "p1_wins","p2_wins","draws",...,"elo","elo_margin","los",
                 "pentanomial",...,"job":{...},"complete",...}: "job" is what
                 the games depend on (game, options, players, seed, games,
                 move cap, openings with the book's SHA-256, time control,
                 adjudication, SPRT), and a game line's "job" its digest, by
                 which merge knows the parts of one job

Ctrl-C stops the match after the games in progress are dropped; the table
covers the finished games and says how to resume.
`,
}

// matchFlags are match's own flags.
type matchFlags struct {
	p1, p2     string
	games      int
	seed       string
	jobs       int
	maxPlies   int
	opening    int
	openings   string
	tc         string
	timeMargin int
	resign     string
	draw       string
	recordDir  string
	pgn        string
	stopAfter  int
	sprt       string
	verbose    bool
}

// settingFlags are the flags whose value cutechess users write as the
// KEY=VALUE words that follow them (-openings file=o.epd order=random).
var settingFlags = map[string]bool{"openings": true, "tc": true, "resign": true, "draw": true, "sprt": true}

// joinSettings joins the KEY=VALUE words that follow a setting flag (and
// its value) into that value, so that the flag package sees one word.
func joinSettings(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		out = append(out, a)
		if a == "--" {
			return append(out, args[i+1:]...)
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || !settingFlags[name] {
			continue
		}
		if !hasValue {
			if i+1 == len(args) {
				break
			}
			i++
			out[len(out)-1] += "=" + args[i]
		}
		for i+1 < len(args) && isSetting(args[i+1]) {
			i++
			out[len(out)-1] += " " + args[i]
		}
	}
	return out
}

// isSetting reports whether an argument is a KEY=VALUE word.
func isSetting(a string) bool {
	k, _, ok := strings.Cut(a, "=")
	return ok && k != "" && !strings.HasPrefix(a, "-") && !strings.ContainsAny(k, "/. ")
}

type matchGameJSON struct {
	Game        int      `json:"game"`
	P1          string   `json:"p1"`
	P2          string   `json:"p2"`
	P1Side      string   `json:"p1_side"`
	Winner      string   `json:"winner"`
	WinnerSide  string   `json:"winner_side,omitempty"`
	Result      string   `json:"result"`
	Reason      string   `json:"reason,omitempty"`
	Score       string   `json:"score,omitempty"`
	Plies       int      `json:"plies"`
	Adjudicated bool     `json:"adjudicated"`
	Ending      string   `json:"ending,omitempty"`
	Opening     string   `json:"opening,omitempty"`
	Start       string   `json:"start,omitempty"`
	Resumed     bool     `json:"resumed,omitempty"`
	Moves       []string `json:"moves"`
	// Job is the digest of the match's identity (jobDigest of the
	// summary's "job"): merge adds up only the games of one job.
	Job string `json:"job,omitempty"`
}

// matchJobJSON is the identity of a match: everything its games depend
// on, the same in every shard of it. Merge refuses parts of two jobs.
type matchJobJSON struct {
	Game       string           `json:"game"`
	Options    []string         `json:"options"`
	Position   string           `json:"position,omitempty"`
	P1         string           `json:"p1"`
	P2         string           `json:"p2"`
	P1Book     string           `json:"p1_book,omitempty"` // the SHA-256 of ab:book=FILE's text
	P2Book     string           `json:"p2_book,omitempty"`
	P1Program  string           `json:"p1_program,omitempty"` // the SHA-256 of a uai:/ugi: player's program
	P2Program  string           `json:"p2_program,omitempty"`
	Seed       uint64           `json:"seed"`
	Games      int              `json:"games"`
	MaxPlies   int              `json:"max_plies"`
	Opening    int              `json:"opening"`
	Openings   *openingsJobJSON `json:"openings,omitempty"`
	TC         string           `json:"tc"`
	TimeMargin int64            `json:"timemargin_ms"`
	Resign     string           `json:"resign,omitempty"`
	Draw       string           `json:"draw,omitempty"`
	SPRT       string           `json:"sprt,omitempty"`
}

// openingsJobJSON is an opening book as a match reads it: the SHA-256 of
// the file's text (without a byte-order mark) and the settings.
type openingsJobJSON struct {
	SHA256 string `json:"sha256"`
	Format string `json:"format,omitempty"`
	Order  string `json:"order"`
	Plies  int    `json:"plies,omitempty"`
	Start  int    `json:"start,omitempty"`
}

// matchJob is the identity of the match cfg, whose start is g (book: the
// SHA-256 of the openings file's text, "" without a book; players: of the
// files each player reads; sprt: its stop rule, nil for none).
func matchJob(cfg engine.MatchConfig, g rules.Game, book string, players [2]playerFiles, sprt *engine.SPRT) *matchJobJSON {
	j := &matchJobJSON{Game: cfg.Info.ID, Options: []string{}, P1: cfg.P1, P2: cfg.P2,
		P1Book: players[0].book, P2Book: players[1].book, P1Program: players[0].program, P2Program: players[1].program, Seed: cfg.Seed, Games: cfg.Games,
		MaxPlies: cmp.Or(cfg.MaxPlies, engine.DefaultMaxPlies), Opening: cfg.Opening, TC: cfg.TC.String(), TimeMargin: cfg.TimeMargin.Milliseconds()}
	if opts, err := cfg.Info.ParseOptions(cfg.Options); err == nil {
		j.Options = append(j.Options, cfg.Info.FormatOptions(opts)...)
	}
	if cfg.Position != "" {
		j.Position = g.Position()
	}
	if b := cfg.Openings; b != nil {
		j.Openings = &openingsJobJSON{SHA256: book, Format: b.Spec.Format, Order: "sequential", Plies: b.Spec.Plies, Start: b.Spec.Start}
		if b.Spec.Random {
			j.Openings.Order = "random"
		}
	}
	if cfg.Resign != (engine.ResignRule{}) {
		j.Resign = cfg.Resign.String()
	}
	if cfg.Draw != (engine.DrawRule{}) {
		j.Draw = cfg.Draw.String()
	}
	if sprt != nil {
		j.SPRT = sprt.String()
	}
	return j
}

// playerFiles is what a player reads beside its spec, as SHA-256 digests
// ("" for none): the book of ab:book=FILE, the program a uai: or ugi:
// player runs (found on PATH as the match will run it; a program not
// found has none here, and the match then fails to start it). A part
// played against another build of an outside engine is then another job.
// A wrapper script's digest covers the script, not what it runs.
type playerFiles struct{ book, program string }

func filesOf(p engine.Player) playerFiles {
	var f playerFiles
	if b := engine.PlayerBook(p); b != nil {
		f.book = b.SHA256
	}
	if prog := engine.PlayerProgram(p); prog != "" {
		f.program = programDigest(prog)
	}
	return f
}

// programDigest is the SHA-256 of the program found on PATH as prog, in
// hex ("" when it cannot be found or read).
func programDigest(prog string) string {
	path, err := exec.LookPath(prog)
	if err != nil {
		return ""
	}
	fh, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer fh.Close()
	h := sha256.New()
	if _, err := io.Copy(h, fh); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

// jobDigest is the first 64 bits of the SHA-256 of a job's JSON, in hex.
func jobDigest(job any) string {
	b, _ := json.Marshal(job)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// textDigest is the SHA-256 of a text, in hex.
func textDigest(text []byte) string {
	sum := sha256.Sum256(text)
	return hex.EncodeToString(sum[:])
}

type matchSummaryJSON struct {
	Summary       bool           `json:"summary"`
	Game          string         `json:"game"`
	P1            string         `json:"p1"`
	P2            string         `json:"p2"`
	Seed          uint64         `json:"seed"`
	Games         int            `json:"games"`
	P1Wins        int            `json:"p1_wins"`
	P2Wins        int            `json:"p2_wins"`
	Draws         int            `json:"draws"`
	Adjudicated   int            `json:"adjudicated"`
	Endings       map[string]int `json:"endings"`
	AvgPlies      float64        `json:"avg_plies"`
	SideWins      map[string]int `json:"side_wins"`
	P1Score       float64        `json:"p1_score"`
	DistinctGames int            `json:"distinct_games"`
	eloJSON
	Pentanomial pentaJSON `json:"pentanomial"`
	// Job is the match's identity (the game lines carry its digest).
	Job      *matchJobJSON `json:"job,omitempty"`
	Complete bool          `json:"complete"`
	SPRT     *sprtJSON     `json:"sprt,omitempty"`
	// Total is the number of games of the whole match (--games), Shard
	// the part this run played (--shard K/N), Shards how many runs merge
	// added up.
	Total  int    `json:"total,omitempty"`
	Shard  string `json:"shard,omitempty"`
	Shards int    `json:"shards,omitempty"`
}

// eloJSON is an Elo estimate: null where it is unbounded.
type eloJSON struct {
	Elo       *float64 `json:"elo"`
	EloMargin *float64 `json:"elo_margin"`
	EloLow    *float64 `json:"elo_low"`
	EloHigh   *float64 `json:"elo_high"`
	LOS       float64  `json:"los"`
}

// pentaJSON is the pairs' statistics.
type pentaJSON struct {
	Pairs int `json:"pairs"`
	LL    int `json:"ll"`
	LD    int `json:"ld"`
	WL    int `json:"wl"`
	DD    int `json:"dd"`
	WD    int `json:"wd"`
	WW    int `json:"ww"`
	eloJSON
}

type sprtJSON struct {
	Test     string  `json:"test"`
	Model    string  `json:"model"`
	LLR      float64 `json:"llr"`
	Lower    float64 `json:"lower"`
	Upper    float64 `json:"upper"`
	Decision string  `json:"decision"`
}

func runMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := matchCmd
	var gf gameFlags
	var mf matchFlags
	fs := newFlagSet(c)
	gf.register(fs)
	fs.StringVar(&mf.p1, "p1", "", "player 1")
	fs.StringVar(&mf.p2, "p2", "", "player 2")
	fs.IntVar(&mf.games, "games", 0, "number of games")
	fs.StringVar(&mf.seed, "seed", "", "seed")
	fs.IntVar(&mf.jobs, "j", 1, "games in parallel")
	fs.IntVar(&mf.jobs, "concurrency", 1, "games in parallel")
	fs.IntVar(&mf.maxPlies, "max-plies", engine.DefaultMaxPlies, "move cap")
	fs.IntVar(&mf.opening, "opening", 0, "random opening plies")
	fs.StringVar(&mf.openings, "openings", "", "openings file")
	fs.StringVar(&mf.tc, "tc", "", "time control")
	fs.IntVar(&mf.timeMargin, "timemargin", 0, "time margin in ms")
	fs.StringVar(&mf.resign, "resign", "", "resign adjudication")
	fs.StringVar(&mf.draw, "draw", "", "draw adjudication")
	fs.StringVar(&mf.recordDir, "record", "", "record directory")
	fs.StringVar(&mf.pgn, "pgn", "", "PGN file")
	fs.StringVar(&mf.pgn, "pgnout", "", "PGN file")
	fs.IntVar(&mf.stopAfter, "stop-after", 0, "stop after N games")
	fs.StringVar(&mf.sprt, "sprt", "", "SPRT stop rule")
	fs.BoolVar(&mf.verbose, "v", false, "a line per game")
	var part shard
	fs.Var(&part, "shard", "play only part K of N of the games")
	g, code, quit := gf.start(c, fs, joinSettings(args), stdout, stderr)
	if quit {
		return code
	}
	cfg := engine.MatchConfig{Info: g.Info(), Options: gf.opts, Position: gf.position,
		P1: mf.p1, P2: mf.p2, Games: mf.games, Jobs: mf.jobs, MaxPlies: mf.maxPlies, Opening: mf.opening,
		TimeMargin: time.Duration(mf.timeMargin) * time.Millisecond}
	switch {
	case mf.p1 == "" || mf.p2 == "":
		return fail(stderr, c.Name, usagef("missing --p1 or --p2"))
	case mf.games < 1:
		return fail(stderr, c.Name, usagef("missing --games N (N >= 1)"))
	case mf.jobs < 1:
		return fail(stderr, c.Name, usagef("--concurrency %d: want at least 1", mf.jobs))
	case mf.maxPlies < 1:
		return fail(stderr, c.Name, usagef("--max-plies %d: want at least 1", mf.maxPlies))
	case mf.opening < 0 || mf.stopAfter < 0 || mf.timeMargin < 0:
		return fail(stderr, c.Name, usagef("--opening, --stop-after and --timemargin cannot be negative"))
	}
	var players [2]playerFiles // what the players read, for the job
	for i, s := range []string{mf.p1, mf.p2} {
		p, err := engine.ParsePlayer(s)
		if err != nil {
			return fail(stderr, c.Name, usageError{err.Error()})
		}
		players[i] = filesOf(p)
	}
	var err error
	if mf.tc != "" {
		if cfg.TC, err = engine.ParseTimeControl(mf.tc); err != nil {
			return fail(stderr, c.Name, usagef("--tc %s: %v", mf.tc, err))
		}
	}
	if mf.resign != "" {
		if cfg.Resign, err = engine.ParseResignRule(mf.resign); err != nil {
			return fail(stderr, c.Name, usagef("--resign %s: %v", mf.resign, err))
		}
	}
	if mf.draw != "" {
		if cfg.Draw, err = engine.ParseDrawRule(mf.draw); err != nil {
			return fail(stderr, c.Name, usagef("--draw %s: %v", mf.draw, err))
		}
	}
	book := "" // the SHA-256 of the openings file's text
	if mf.openings != "" {
		spec, err := engine.ParseOpeningSpec(mf.openings)
		if err != nil {
			return fail(stderr, c.Name, usagef("--openings %s: %v", mf.openings, err))
		}
		text, err := textfile.ReadFile(spec.File)
		if err != nil {
			return fail(stderr, c.Name, err)
		}
		book = textDigest(text)
		if cfg.Openings, err = engine.LoadOpenings(spec, string(text), g.Info(), gf.opts, gf.position); err != nil {
			return fail(stderr, c.Name, err)
		}
	}
	var sprt *engine.SPRT
	if mf.sprt != "" {
		t, err := engine.ParseSPRT(mf.sprt)
		if err != nil {
			return fail(stderr, c.Name, usageError{"--sprt: " + err.Error()})
		}
		sprt = &t
	}
	seedGiven := mf.seed != ""
	if part.n > 0 && !seedGiven {
		return fail(stderr, c.Name, usagef("--shard needs --seed: every shard must play the games of the same match"))
	}
	if seedGiven {
		s, err := strconv.ParseUint(mf.seed, 10, 64)
		if err != nil {
			return fail(stderr, c.Name, usagef("--seed %q: want a whole number", mf.seed))
		}
		cfg.Seed = s
	}

	// Resume from the records already written.
	done := map[int]engine.GameResult{}
	if mf.recordDir != "" {
		if err := os.MkdirAll(mf.recordDir, 0o755); err != nil {
			return fail(stderr, c.Name, err)
		}
		found, err := loadMatchRecords(mf.recordDir, &cfg, seedGiven, done)
		if err != nil {
			return fail(stderr, c.Name, usageError{err.Error()})
		}
		seedGiven = seedGiven || found
		if len(done) > 0 {
			fmt.Fprintf(stderr, "match: resuming: %d of %d games already in %s\n", len(done), cfg.Games, mf.recordDir)
		}
	}
	if !seedGiven {
		cfg.Seed = uint64(time.Now().UnixNano()) % 1_000_000_000
		fmt.Fprintf(stderr, "match: seed %d\n", cfg.Seed)
	}
	job := matchJob(cfg, g, book, players, sprt) // the match's identity, in its JSON lines
	digest := jobDigest(job)
	var pgnOut *pgnStream
	if mf.pgn != "" {
		if pgnOut, err = openPGN(mf.pgn); err != nil {
			return fail(stderr, c.Name, err)
		}
		defer pgnOut.Close()
	}

	ctx, stop := interruptContext()
	defer stop()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	var sum engine.Summary
	var repeats engine.Repeats
	warned := false
	sides := g.Info().Sides
	decided := false
	emit := func(r engine.GameResult, resumed bool) {
		sum.Add(r)
		if first := repeats.Add(r); first >= 0 && !warned {
			warned = true
			why := "the players are deterministic and nothing varies the start; give --opening N (random plies) or --openings FILE"
			if cfg.Opening > 0 || cfg.Openings != nil {
				why = "their openings came out the same and the players are deterministic; more --opening plies or a bigger --openings book vary them more"
			}
			if engine.SeededPlayer(cfg.P1) || engine.SeededPlayer(cfg.P2) {
				// random and mcts: players draw each game's choices anew, so
				// a repeat is chance (a small board, a short game).
				why = "the same moves came again by chance (random and mcts: players choose anew every game, but a small board or a short game leaves few choices)"
			}
			fmt.Fprintf(stderr, "match: game %d repeats game %d move for move (the same start and moves, p1 on the same side): %s\n", r.Index+1, first+1, why)
		}
		if sprt != nil && !decided && sprt.Decision(sprt.Of(sum)) != 0 {
			decided = true
			cancel()
		}
		if gf.json {
			l := matchGameLine(cfg, sides, r, resumed)
			l.Job = digest
			writeJSON(stdout, l)
		} else if mf.verbose {
			tag := ""
			if resumed {
				tag = " (resumed)"
			}
			fmt.Fprintf(stdout, "game %d: p1 %s, %s, %d plies%s\n", r.Index+1, sides[r.P1Side], r.Text, r.Plies, tag)
		}
	}
	inShard := 0
	for i := 0; i < cfg.Games; i++ {
		if part.hasPair(i) {
			inShard++
		}
	}
	bar := newProgress(stderr, "match", inShard)
	bar.set(len(done))
	played := 0
	next := 0 // the next game number to report, in order
	flushDone := func(upTo int) {
		for ; next < upTo; next++ {
			if r, ok := done[next]; ok {
				emit(r, true)
			}
		}
	}
	var writeErr error
	runErr := cfg.Run(ctx, func(i int) bool { _, ok := done[i]; return ok || !part.hasPair(i) }, func(r engine.GameResult) {
		flushDone(r.Index)
		if mf.recordDir != "" && writeErr == nil {
			writeErr = writeMatchRecord(mf.recordDir, cfg, g, r)
		}
		if pgnOut != nil && writeErr == nil {
			writeErr = pgnOut.write(cfg, g, r)
		}
		emit(r, false)
		next = r.Index + 1
		played++
		bar.set(len(done) + played)
		if mf.stopAfter > 0 && played >= mf.stopAfter {
			cancel()
		}
	})
	complete := runErr == nil || decided
	if complete && !decided {
		flushDone(cfg.Games)
	}
	if decided {
		fmt.Fprintf(stderr, "match: the SPRT decided after %d games\n", sum.Games)
	}
	bar.finish()
	if writeErr != nil {
		fmt.Fprintf(stderr, "boardrepl match: %v\n", writeErr)
	}
	if runErr != nil && !errors.Is(runErr, context.Canceled) && !decided {
		return fail(stderr, c.Name, runErr)
	}
	distinct := sum.Games - repeats.Count()
	if gf.json {
		j := summaryJSON(cfg, sides, sum, distinct, complete)
		j.Total, j.Job = cfg.Games, job
		if part.n > 0 {
			j.Shard = part.String()
		}
		if sprt != nil {
			llr := sprt.Of(sum)
			j.SPRT = &sprtJSON{Test: sprt.String(), Model: sprt.Model(), LLR: math.Round(llr*1000) / 1000, Lower: math.Round(sprt.LowerBound()*1000) / 1000,
				Upper: math.Round(sprt.UpperBound()*1000) / 1000, Decision: sprtDecision(*sprt, llr)}
		}
		writeJSON(stdout, j)
	} else {
		printMatchTable(stdout, cfg, sides, sum, distinct)
		if sprt != nil {
			llr := sprt.Of(sum)
			fmt.Fprintf(stdout, "SPRT %s: LLR %.2f (bounds %.2f, %.2f): %s\n", sprt, llr, sprt.LowerBound(), sprt.UpperBound(), sprtDecision(*sprt, llr))
		}
	}
	if !complete {
		how := "run it again with --record DIR to make a match resumable"
		if mf.recordDir != "" {
			how = "run the same command again to resume"
		}
		fmt.Fprintf(stderr, "match: stopped after %d of %d games; %s\n", sum.Games, cfg.Games, how)
		if mf.stopAfter > 0 && played >= mf.stopAfter {
			return ExitOK
		}
		return ExitFail
	}
	if writeErr != nil {
		return ExitFail
	}
	return ExitOK
}

func sprtDecision(t engine.SPRT, llr float64) string {
	switch t.Decision(llr) {
	case 1:
		return "H1 accepted"
	case -1:
		return "H0 accepted"
	}
	return "undecided"
}

func winnerName(w int) string {
	switch w {
	case 1:
		return "p1"
	case 2:
		return "p2"
	}
	return "draw"
}

func matchGameLine(cfg engine.MatchConfig, sides [2]string, r engine.GameResult, resumed bool) matchGameJSON {
	j := matchGameJSON{Game: r.Index + 1, P1: cfg.P1, P2: cfg.P2, P1Side: sides[r.P1Side], Winner: winnerName(r.Winner),
		Result: r.Text, Reason: r.Reason, Score: r.Score, Plies: r.Plies, Adjudicated: r.Adjudicated, Ending: engine.Endings[r.End],
		Opening: r.Opening, Resumed: resumed, Moves: r.Moves}
	if cfg.Position != "" || cfg.Openings != nil {
		j.Start = r.Start
	}
	if r.WinnerSide >= 0 {
		j.WinnerSide = sides[r.WinnerSide]
	}
	if j.Moves == nil {
		j.Moves = []string{}
	}
	return j
}

// finite rounds x to a tenth, nil when it is infinite.
func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	x = math.Round(x*10) / 10
	if x == 0 {
		x = 0 // not -0
	}
	return &x
}

// signed writes a whole number of Elo with its sign ("+12", "-3", "+0").
func signed(x float64) string {
	x = math.Round(x)
	if x == 0 {
		x = 0 // not -0
	}
	return fmt.Sprintf("%+.0f", x)
}

func eloOf(e engine.EloEstimate) eloJSON {
	return eloJSON{Elo: finite(e.Elo), EloMargin: finite(e.Margin()), EloLow: finite(e.Low), EloHigh: finite(e.High), LOS: math.Round(e.LOS*10000) / 10000}
}

func summaryJSON(cfg engine.MatchConfig, sides [2]string, s engine.Summary, distinct int, complete bool) matchSummaryJSON {
	p := s.Penta
	return matchSummaryJSON{Summary: true, Game: cfg.Info.ID, P1: cfg.P1, P2: cfg.P2, Seed: cfg.Seed, Games: s.Games,
		P1Wins: s.P1Wins, P2Wins: s.P2Wins, Draws: s.Draws, Adjudicated: s.Adjudicated, Endings: endings(s),
		AvgPlies: math.Round(s.AvgPlies()*10) / 10, SideWins: map[string]int{sides[0]: s.SideWins[0], sides[1]: s.SideWins[1]},
		P1Score: math.Round(s.Score()*10000) / 10000, DistinctGames: distinct, eloJSON: eloOf(s.Elo()),
		Pentanomial: pentaJSON{Pairs: p.Pairs(), LL: p.LL, LD: p.LD, WL: p.WL, DD: p.DD, WD: p.WD, WW: p.WW, eloJSON: eloOf(p.Elo())},
		Complete:    complete}
}

// endings counts the games by how they ended, but for the rules' endings:
// {"move cap":N,"resign":N,"draw":N,"time":N}.
func endings(s engine.Summary) map[string]int {
	m := map[string]int{}
	for e, n := range engine.Endings {
		if n != "" {
			m[n] = s.Ends[e]
		}
	}
	return m
}

func pct(n, of int) string {
	if of == 0 {
		return "  -   "
	}
	return fmt.Sprintf("%6.2f %%", 100*float64(n)/float64(of))
}

// eloText says an Elo estimate in words, never "+inf ± inf": the point
// and the half-width of its 95 % interval; the bound that holds when the
// interval reaches a sure win or loss; for results all alike (a clean
// sweep), the exact interval of EloEstimate (unit: what the results are,
// "games" or "pairs").
func eloText(e engine.EloEstimate, unit string) string {
	var s string
	lowInf, highInf := math.IsInf(e.Low, -1), math.IsInf(e.High, 1)
	n := fmt.Sprintf("%d %s", e.N, unit)
	if e.N == 1 {
		n = "1 " + strings.TrimSuffix(unit, "s")
	}
	switch {
	case e.N == 0:
		return "no " + unit
	case e.Alike && e.Score >= 1:
		s = fmt.Sprintf("above %s at 95 %% (p1 won %d of %s: a one-sided bound)", signed(e.Low), e.N, n)
	case e.Alike && e.Score <= 0:
		s = fmt.Sprintf("below %s at 95 %% (p1 lost %d of %s: a one-sided bound)", signed(e.High), e.N, n)
	case e.Alike:
		s = fmt.Sprintf("%s (95 %%: %s to %s from %s, every one scoring %.0f %%)", signed(e.Elo), signed(e.Low), signed(e.High), n, 100*e.Score)
	case lowInf && highInf:
		s = fmt.Sprintf("%s (95 %%: unbounded, too few %s)", signed(e.Elo), unit)
	case highInf:
		s = fmt.Sprintf("%s (95 %%: %s and up)", signed(e.Elo), signed(e.Low))
	case lowInf:
		s = fmt.Sprintf("%s (95 %%: up to %s)", signed(e.Elo), signed(e.High))
	default:
		s = fmt.Sprintf("%s ± %.0f (95 %%)", signed(e.Elo), e.Margin())
	}
	return fmt.Sprintf("%s, LOS %.1f %%", s, 100*e.LOS)
}

// printMatchTable prints the statistics of a match (distinct: how many of
// its games are not repeats of another).
func printMatchTable(w io.Writer, cfg engine.MatchConfig, sides [2]string, s engine.Summary, distinct int) {
	fmt.Fprintf(w, "%s: %d games, p1 %s vs p2 %s, seed %d\n", cfg.Info.ID, s.Games, cfg.P1, cfg.P2, cfg.Seed)
	width := max(len(cfg.P1), len(cfg.P2)) + 3
	fmt.Fprintf(w, "%-*s %14s  %14s  %14s\n", width, "player", "wins", "draws", "losses")
	row := func(name string, wins, losses int) {
		fmt.Fprintf(w, "%-*s %5d %8s  %5d %8s  %5d %8s\n", width, name, wins, pct(wins, s.Games), s.Draws, pct(s.Draws, s.Games), losses, pct(losses, s.Games))
	}
	row("p1 "+cfg.P1, s.P1Wins, s.P2Wins)
	row("p2 "+cfg.P2, s.P2Wins, s.P1Wins)
	fmt.Fprintf(w, "by colour: %s %s, %s %s, draws %s\n", sides[0], strings.TrimSpace(pct(s.SideWins[0], s.Games)),
		sides[1], strings.TrimSpace(pct(s.SideWins[1], s.Games)), strings.TrimSpace(pct(s.Draws, s.Games)))
	for side := 0; side < 2; side++ {
		p2Games := s.P1Games[1-side]
		fmt.Fprintf(w, "as %s: p1 won %d of %d, p2 won %d of %d\n", sides[side], s.P1WinsAs[side], s.P1Games[side], s.P2WinsAs[side], p2Games)
	}
	fmt.Fprintf(w, "average length %.1f plies; adjudicated at the move cap: %d, by resignation: %d, as a draw: %d; lost on time: %d\n",
		s.AvgPlies(), s.Ends[engine.EndMoveCap], s.Ends[engine.EndResign], s.Ends[engine.EndDraw], s.Ends[engine.EndTime])
	fmt.Fprintf(w, "Elo difference p1 - p2: %s\n", eloText(s.Elo(), "games"))
	p := s.Penta
	fmt.Fprintf(w, "pairs: %d (LL %d, LD %d, WL %d, DD %d, WD %d, WW %d): Elo %s\n", p.Pairs(), p.LL, p.LD, p.WL, p.DD, p.WD, p.WW, eloText(p.Elo(), "pairs"))
	if distinct < s.Games {
		fmt.Fprintf(w, "only %d of the %d games are distinct: the others repeat one move for move, and the margins above count them as new\n", distinct, s.Games)
	}
}

// recordName is the file of game i (0-based) in a record directory.
func recordName(dir string, i int) string {
	return filepath.Join(dir, fmt.Sprintf("game-%04d.txt", i+1))
}

// matchRecord is one game as a record: its moves replayed on a rules/line
// line, an adjudication or a loss on time as the line's declared end, the
// match's tags (Round, Seed, the players, Winner, the opening, how it
// ended).
func matchRecord(cfg engine.MatchConfig, g rules.Game, r engine.GameResult) (*record.Record, error) {
	l, err := line.ReplayTexts(cfg.Info, g.Options(), r.Start, r.Moves)
	if err != nil {
		return nil, fmt.Errorf("game %d: %v", r.Index+1, err)
	}
	if r.End != engine.EndRules {
		res := rules.Result{Status: rules.Draw, Winner: -1, Reason: r.Reason}
		if r.WinnerSide >= 0 {
			res = rules.Result{Status: rules.Win, Winner: r.WinnerSide, Reason: r.Reason}
		}
		if err := l.End(res); err != nil {
			return nil, fmt.Errorf("game %d: %v", r.Index+1, err)
		}
	}
	sides := cfg.Info.Sides
	tags := []record.Tag{
		{Name: "Round", Value: strconv.Itoa(r.Index + 1)},
		{Name: "Seed", Value: strconv.FormatUint(cfg.Seed, 10)},
		{Name: "P1", Value: cfg.P1},
		{Name: "P2", Value: cfg.P2},
		{Name: "P1Side", Value: sides[r.P1Side]},
	}
	names := [2]string{cfg.P1, cfg.P2}
	if r.P1Side == 1 {
		names = [2]string{cfg.P2, cfg.P1}
	}
	for side, n := range names {
		tags = append(tags, record.Tag{Name: l.SideTag(side), Value: n})
	}
	tags = append(tags, record.Tag{Name: "Winner", Value: winnerName(r.Winner)})
	if r.Opening != "" {
		tags = append(tags, record.Tag{Name: "Opening", Value: r.Opening})
	}
	if r.Score != "" {
		tags = append(tags, record.Tag{Name: "Score", Value: r.Score})
	}
	if r.Adjudicated {
		tags = append(tags, record.Tag{Name: "Adjudicated", Value: "yes"})
	}
	if r.End != engine.EndRules {
		tags = append(tags, record.Tag{Name: "Ending", Value: engine.Endings[r.End]})
	}
	rec := l.Record(tags...)
	if cfg.Position != "" {
		rec.Set(record.TagPosition, r.Start)
		rec.SortTags()
	}
	return rec, nil
}

// writeMatchRecord writes one game as a record (matchRecord), through a
// temporary file.
func writeMatchRecord(dir string, cfg engine.MatchConfig, g rules.Game, r engine.GameResult) error {
	rec, err := matchRecord(cfg, g, r)
	if err != nil {
		return err
	}
	return atomicfile.Write(recordName(dir, r.Index), []byte(rec.Format()), true)
}

// loadMatchRecords reads the finished games of a record directory into
// done, each replayed and checked against this match (resumeRecord): a
// record that disagrees is an error that names it and what disagrees. The
// records' seed must be one, and --seed's when it was given (seedGiven);
// it becomes the match's. found reports whether there was any record.
func loadMatchRecords(dir string, cfg *engine.MatchConfig, seedGiven bool, done map[int]engine.GameResult) (found bool, err error) {
	recs := map[int]*record.Record{}
	var seed uint64
	for i := 0; i < cfg.Games; i++ {
		name := recordName(dir, i)
		b, err := textfile.ReadFile(name)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return false, err
		}
		rec, err := record.Parse(string(b))
		if err != nil {
			return false, fmt.Errorf("%s: %v", name, err)
		}
		if rec.Get(record.TagGame) != cfg.Info.ID || rec.Get("P1") != cfg.P1 || rec.Get("P2") != cfg.P2 {
			return false, fmt.Errorf("%s is a game of %s between %s and %s, not of this match (%s, %s against %s)",
				name, rec.Get(record.TagGame), rec.Get("P1"), rec.Get("P2"), cfg.Info.ID, cfg.P1, cfg.P2)
		}
		s, err := strconv.ParseUint(rec.Get("Seed"), 10, 64)
		if err != nil {
			return false, fmt.Errorf("%s: no match seed", name)
		}
		if found && s != seed {
			return false, fmt.Errorf("%s: seed %d, but other games in %s have seed %d", name, s, dir, seed)
		}
		seed, found = s, true
		recs[i] = rec
	}
	if !found {
		return false, nil
	}
	if seedGiven && seed != cfg.Seed {
		return false, fmt.Errorf("--record %s holds games of seed %d, not %d", dir, seed, cfg.Seed)
	}
	cfg.Seed = seed // the openings of a random book depend on it
	for i := 0; i < cfg.Games; i++ {
		rec, ok := recs[i]
		if !ok {
			continue
		}
		r, err := resumeRecord(cfg, i, rec)
		if errors.Is(err, errUnfinished) {
			continue // play it again
		}
		if err != nil {
			return false, fmt.Errorf("%s: %v", recordName(dir, i), err)
		}
		done[i] = r
	}
	return true, nil
}

// progress is a one-line progress bar on stderr, drawn only when stderr is
// a terminal.
type progress struct {
	w       io.Writer
	on      bool
	label   string
	total   int
	n       int
	start   time.Time
	lastDrw time.Time
}

func newProgress(w io.Writer, label string, total int) *progress {
	p := &progress{w: w, label: label, total: total, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 && os.Getenv("TERM") != "dumb" {
			p.on = true
		}
	}
	return p
}

func (p *progress) set(n int) {
	p.n = n
	if !p.on || (time.Since(p.lastDrw) < 100*time.Millisecond && n < p.total) {
		return
	}
	p.lastDrw = time.Now()
	const width = 30
	fill := 0
	if p.total > 0 {
		fill = width * n / p.total
	}
	eta := ""
	if n > 0 && n < p.total {
		left := time.Duration(float64(time.Since(p.start)) / float64(n) * float64(p.total-n))
		eta = " eta " + left.Round(time.Second).String()
	}
	fmt.Fprintf(p.w, "\r%s [%s%s] %d/%d%s\x1b[K", p.label, strings.Repeat("=", fill), strings.Repeat(" ", width-fill), n, p.total, eta)
}

func (p *progress) finish() {
	if p.on {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
