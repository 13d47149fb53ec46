package engine

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"boardrepl/rules"
)

// A Player chooses moves: the computer opponents of the REPL (ai) and of
// self-play matches.
type Player interface {
	// Spec is the specification the player was made from, canonical:
	// "random", "ab:depth=4", "mcts:playouts=2000".
	Spec() string
	// NewGame prepares for a new game; seed drives every random choice.
	NewGame(seed uint64)
	// Move chooses a move in g (which it does not change). g must not be
	// over.
	Move(ctx context.Context, g rules.Game) (rules.Move, error)
}

// playerKinds declares every kind of player once: its name, what it does,
// its settings with their types and ranges, and how to make it. ParsePlayer
// reads specifications against it and PlayerHelp is written from it; a new
// kind is one more entry.
var playerKinds = []*playerKind{
	{
		Name:   "random",
		Help:   "a uniformly random legal move",
		Seeded: true,
		make:   func(string, playerSettings) (Player, error) { return &randomPlayer{}, nil },
	},
	{
		Name:    "ab",
		Aliases: []string{"alphabeta"},
		Help:    "alpha-beta search (depth=4 when no limit is given)",
		Settings: []playerSetting{
			{Key: "depth", Kind: wholeNumber, Min: 1, Max: MaxPly - 1, Help: "search to depth N"},
			{Key: "time", Kind: duration, Help: "search for T per move (100ms, 2s)"},
			{Key: "nodes", Kind: wholeNumber, Min: 1, Help: "search about N nodes per move"},
			{Key: "threads", Kind: wholeNumber, Min: 1, Help: "search with N threads"},
			{Key: "hash", Kind: wholeNumber, Min: 1024, Max: MaxHashEntries, Help: "N transposition table entries of 24 bytes (at least 1024; refused when the process may not take them)"},
			{Key: "contempt", Kind: wholeNumber, Min: 0, Max: 10000, Help: "Tablut: count a draw N units (100 = a piece) against this player (default 20; 0: a plain draw)"},
			{Key: "cycle", Kind: wholeNumber, Min: 0, Max: 10000, Help: "Tablut: charge N units to the side that repeats a position the rules let go on (default 1000; 0: no repetition detection, as builds before it)"},
			{Key: "book", Kind: bookChoice, Help: "1 plays the game's own opening book without searching (Oware with end=tournament; the default), 0 searches every move, FILE plays the book in FILE instead (position;move[;score;depth] lines, as 'boardrepl openings --write-book' writes them) and searches the positions it does not hold"},
		},
		Note: "depth, time and nodes combine: the first limit reached stops",
		make: func(spec string, set playerSettings) (Player, error) {
			p := &abPlayer{spec: spec}
			p.lim = Limits{Depth: int(set.int("depth")), Time: set.dur("time"), Nodes: set.int("nodes")}
			if p.lim.Depth == 0 && p.lim.Time == 0 && p.lim.Nodes == 0 {
				p.lim.Depth, p.defaultLim = 4, true
			}
			opts := Options{HashEntries: 1 << 18, Selective: true, Threads: int(set.int("threads"))}
			if h := set.int("hash"); h != 0 {
				if err := CheckTable(int(h), 0); err != nil {
					return nil, fmt.Errorf("player %q: hash=%d: %v", spec, h, err)
				}
				opts.HashEntries = int(h)
			}
			// 0 given in a spec means none: the engine's options say that
			// with a negative value (their 0 is the default).
			if c, ok := set["contempt"]; ok {
				opts.Contempt = cmp.Or(int(c.n), -1)
			}
			if c, ok := set["cycle"]; ok {
				opts.Cycle = cmp.Or(int(c.n), -1)
			}
			if b, ok := set["book"]; ok {
				switch b.s {
				case "0":
					opts.NoBook = true
				case "1":
				default:
					bk, err := LoadBook(b.s)
					if err != nil {
						return nil, fmt.Errorf("player %q: %v", spec, err)
					}
					opts.Book = bk
				}
			}
			p.e = New(opts)
			return p, nil
		},
	},
	{
		Name:   "mcts",
		Help:   "Monte Carlo tree search",
		Seeded: true,
		Settings: []playerSetting{
			{Key: "playouts", Kind: wholeNumber, Min: 1, Help: "N playouts per move"},
			{Key: "time", Kind: duration, Help: "search for T per move"},
			{Key: "c", Kind: positiveNumber, Help: "exploration constant X (default 1.4)"},
			{Key: "cap", Kind: wholeNumber, Min: 1, Help: "end a playout after N plies"},
		},
		make: func(spec string, set playerSettings) (Player, error) {
			o := MCTSOptions{Playouts: int(set.int("playouts")), Time: set.dur("time"), C: set["c"].f, MaxPlayout: int(set.int("cap"))}
			return &mctsPlayer{spec: spec, m: NewMCTS(o)}, nil
		},
	},
	{
		Name:     "uai",
		Synopsis: "uai:[time=T|depth=N|nodes=N] COMMAND [ARG...]",
		Help: "an outside engine speaking UAI, run as COMMAND (split at spaces, no " +
			"quoting), asked \"go movetime T\" (default time=100ms), \"go depth N\" or " +
			"\"go nodes N\"; e.g. uai:nodes=20000 ./boardrepl uai or uai:time=100ms ./autaxx; " +
			"in games other than Ataxx it is sent boardrepl's position strings, as " +
			"another boardrepl build reads them with uai -g GAME (uai:nodes=20000 ./old uai -g konobi), " +
			"the game's start and every move since (position fen START moves ...), so that it sees repetitions",
		parseRest: uaiDialect.parsePlayer,
	},
	{
		Name:     "ugi",
		Synopsis: "ugi:[time=T|depth=N|nodes=N] COMMAND [ARG...]",
		Help: "an outside engine speaking UGI (the protocol of cutegames), with the settings of uai: " +
			"and sent the same positions, its handshake and new game in UGI's words (ugi, ugiok, " +
			"uginewgame); boardrepl's own plays any game: ugi:nodes=2000 ./boardrepl ugi -g konobi",
		parseRest: ugiDialect.parsePlayer,
	},
}

// playerKind is one kind of player.
type playerKind struct {
	Name    string
	Aliases []string
	// Synopsis replaces the generated one (KIND:KEY=VALUE,...) for a kind
	// whose text after "KIND:" has its own form.
	Synopsis string
	Help     string // what the player does
	Settings []playerSetting
	Note     string // a line after the settings
	// Seeded: the player draws its choices from each game's seed
	// (NewGame), so that its games vary without openings (SeededPlayer).
	Seeded bool
	// make builds the player from its canonical spec and its settings.
	make func(spec string, set playerSettings) (Player, error)
	// parseRest, when set, reads the whole text after "KIND:" instead.
	parseRest func(spec, rest string) (Player, error)
}

// settingKind is the type of a setting's value.
type settingKind int8

const (
	wholeNumber    settingKind = iota // from Min (to Max when not 0)
	duration                          // a positive Go duration: 100ms, 2s
	positiveNumber                    // a number above 0
	bookChoice                        // 0, 1 or a file name
)

// playerSetting is one KEY=VALUE setting of a kind of player.
type playerSetting struct {
	Key      string
	Kind     settingKind
	Min, Max int64
	Help     string
}

// placeholder is the value's name in help: N, T or X.
func (s *playerSetting) placeholder() string {
	switch s.Kind {
	case duration:
		return "T"
	case positiveNumber:
		return "X"
	case bookChoice:
		return "0|1|FILE"
	}
	return "N"
}

// settingValue is a parsed setting.
type settingValue struct {
	n int64
	d time.Duration
	f float64
	s string // bookChoice: the text given
}

// playerSettings are the settings given in a specification, by key.
type playerSettings map[string]settingValue

func (s playerSettings) int(k string) int64         { return s[k].n }
func (s playerSettings) dur(k string) time.Duration { return s[k].d }

// parse reads one value, or says what is wanted.
func (s *playerSetting) parse(v string) (settingValue, error) {
	switch s.Kind {
	case duration:
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return settingValue{}, fmt.Errorf("want a duration like 100ms or 2s")
		}
		return settingValue{d: d}, nil
	case bookChoice:
		return settingValue{s: v}, nil
	case positiveNumber:
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f > 0) || math.IsInf(f, 1) {
			return settingValue{}, fmt.Errorf("want a positive number")
		}
		return settingValue{f: f}, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	switch {
	case s.Max != 0 && (err != nil || n < s.Min || n > s.Max):
		return settingValue{}, fmt.Errorf("want a whole number from %d to %d", s.Min, s.Max)
	case err != nil || n < s.Min:
		return settingValue{}, fmt.Errorf("want a whole number >= %d", s.Min)
	}
	return settingValue{n: n}, nil
}

// PlayerHelp documents the player specifications (written from the table).
var PlayerHelp = playerHelp()

func playerHelp() string {
	var b strings.Builder
	b.WriteString("player specifications (KIND, or KIND:KEY=VALUE,KEY=VALUE...):\n")
	for _, k := range playerKinds {
		syn := k.Synopsis
		if syn == "" {
			syn = k.Name
			if len(k.Aliases) > 0 {
				syn += " (" + strings.Join(k.Aliases, ", ") + ")"
			}
		}
		writeHelpLine(&b, "  ", syn, k.Help)
		for _, s := range k.Settings {
			writeHelpLine(&b, "    ", s.Key+"="+s.placeholder(), s.Help)
		}
		if k.Note != "" {
			writeHelpLine(&b, "    ", "", "("+k.Note+")")
		}
	}
	b.WriteString("  e.g. random, ab:depth=6, ab:time=100ms,threads=2, mcts:playouts=2000\n")
	return b.String()
}

// writeHelpLine writes "indent term  text", the text wrapped in a column.
func writeHelpLine(b *strings.Builder, indent, term, text string) {
	const col, width = 30, 78
	line := indent + term
	if len(line) >= col-1 {
		b.WriteString(line + "\n")
		line = ""
	}
	line += strings.Repeat(" ", col-len(line))
	n := len(line)
	for i, w := range strings.Fields(text) {
		if i > 0 && n+1+len(w) > width {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			line, n = strings.Repeat(" ", col), col
		} else if i > 0 {
			line += " "
			n++
		}
		line += w
		n += len(w)
	}
	b.WriteString(line + "\n")
}

// kindNames lists the kinds for messages: "random, ab, mcts, uai or ugi".
func kindNames() string {
	n := make([]string, len(playerKinds))
	for i, k := range playerKinds {
		n[i] = k.Name
	}
	return strings.Join(n[:len(n)-1], ", ") + " or " + n[len(n)-1]
}

// findKind returns the kind of player named name (or one of its aliases),
// or nil.
func findKind(name string) *playerKind {
	for _, k := range playerKinds {
		if k.Name == name || slices.Contains(k.Aliases, name) {
			return k
		}
	}
	return nil
}

// SeededPlayer reports whether a player specification is of a kind that
// draws its choices from each game's seed (playerKind.Seeded: random,
// mcts:), so that its games vary without openings and a repeated game is
// chance.
func SeededPlayer(spec string) bool {
	name, _, _ := strings.Cut(strings.TrimSpace(spec), ":")
	k := findKind(name)
	return k != nil && k.Seeded
}

// ParsePlayer reads a player specification (see PlayerHelp).
func ParsePlayer(spec string) (Player, error) {
	spec = strings.TrimSpace(spec)
	name, rest, _ := strings.Cut(spec, ":")
	if name == "" {
		return nil, fmt.Errorf("empty player specification (want %s; e.g. ab:depth=4)", kindNames())
	}
	kind := findKind(name)
	if kind == nil {
		return nil, fmt.Errorf("player %q: unknown kind %q (want %s)", spec, name, kindNames())
	}
	if kind.parseRest != nil {
		return kind.parseRest(spec, rest)
	}
	set := playerSettings{}
	var parts []string
	if rest != "" {
		for _, p := range strings.Split(rest, ",") {
			k, v, ok := strings.Cut(p, "=")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			if !ok || k == "" || v == "" {
				return nil, fmt.Errorf("player %q: %q is not KEY=VALUE", spec, p)
			}
			i := slices.IndexFunc(kind.Settings, func(s playerSetting) bool { return s.Key == k })
			if i < 0 {
				keys := make([]string, len(kind.Settings))
				for j, s := range kind.Settings {
					keys[j] = s.Key
				}
				if len(keys) == 0 {
					return nil, fmt.Errorf("player %q: %s takes no settings", spec, kind.Name)
				}
				return nil, fmt.Errorf("player %q: unknown setting %q for %s (settings: %s)", spec, k, kind.Name, strings.Join(keys, ", "))
			}
			if _, dup := set[k]; dup {
				return nil, fmt.Errorf("player %q: %s given twice", spec, k)
			}
			val, err := kind.Settings[i].parse(v)
			if err != nil {
				return nil, fmt.Errorf("player %q: %s=%s: %v", spec, k, v, err)
			}
			set[k] = val
			parts = append(parts, k+"="+v)
		}
	}
	canon := kind.Name
	if len(parts) > 0 {
		canon += ":" + strings.Join(parts, ",")
	}
	return kind.make(canon, set)
}

type randomPlayer struct {
	rng *rand.Rand
	buf []rules.Move
}

func (p *randomPlayer) Spec() string { return "random" }

func (p *randomPlayer) NewGame(seed uint64) { p.rng = rand.New(rand.NewPCG(seed, 0x72616e64)) }

func (p *randomPlayer) Move(ctx context.Context, g rules.Game) (rules.Move, error) {
	if p.rng == nil {
		p.NewGame(0)
	}
	p.buf = g.Moves(p.buf[:0])
	if len(p.buf) == 0 {
		return 0, ErrGameOver
	}
	return p.buf[p.rng.IntN(len(p.buf))], nil
}

// PlayerProgram is the program an outside engine player runs (uai:, ugi::
// the first word of its command), "" for the players of this engine.
func PlayerProgram(p Player) string {
	if u, ok := p.(*uaiPlayer); ok {
		return u.argv[0]
	}
	return ""
}

// PlayerBook is the opening book file a player plays from (ab:book=FILE),
// nil for none.
func PlayerBook(p Player) *Book {
	if ab, ok := p.(*abPlayer); ok {
		return ab.e.opts.Book
	}
	return nil
}

type abPlayer struct {
	spec string
	lim  Limits
	// defaultLim: the spec gave no limit (lim is the default depth,
	// which a clock replaces).
	defaultLim bool
	e          *Engine
	clock      *MoveClock // the clock of the next move, nil for none
	last       Result     // the last search
}

// clockedPlayer is a player that is told its clock before each of its
// moves (PlayGame does, when the match has a time control).
type clockedPlayer interface {
	setClock(mc *MoveClock)
}

// reporter is a player that says what it found for its last move.
type reporter interface {
	lastEval() MoveEval
}

// abClockOverhead is kept in hand by an ab player on a clock: in the
// process there is no pipe to cross, only the scheduler.
const abClockOverhead = 20 * time.Millisecond

func (p *abPlayer) Spec() string           { return p.spec }
func (p *abPlayer) NewGame(seed uint64)    { p.e.NewGame() }
func (p *abPlayer) setClock(mc *MoveClock) { p.clock = mc }
func (p *abPlayer) lastEval() MoveEval     { return searchEval(p.last.Info, p.last.Book) }
func (p *abPlayer) Move(ctx context.Context, g rules.Game) (rules.Move, error) {
	lim := p.lim
	if p.clock != nil {
		lim = p.clock.Limits(p.lim, p.defaultLim, g, abClockOverhead)
	}
	res, err := p.e.Search(ctx, g, lim, nil)
	p.last = res
	return res.Best, err
}

// EngineOf returns the alpha-beta engine and the limits of an ab player.
func EngineOf(p Player) (*Engine, Limits, bool) {
	if ab, ok := p.(*abPlayer); ok {
		return ab.e, ab.lim, true
	}
	return nil, Limits{}, false
}

type mctsPlayer struct {
	spec string
	m    *MCTS
}

func (p *mctsPlayer) Spec() string        { return p.spec }
func (p *mctsPlayer) NewGame(seed uint64) { p.m.Reseed(seed) }
func (p *mctsPlayer) Move(ctx context.Context, g rules.Game) (rules.Move, error) {
	res, err := p.m.Search(ctx, g)
	return res.Best, err
}
