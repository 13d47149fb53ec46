package engine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"boardrepl/rules"
)

// uaiPlayer is an outside engine speaking UAI (Autaxx, another boardrepl
// build's "uai" command) or UGI (a cutegames engine, "boardrepl ugi"), run
// as a child process. It is started at its first move and ended by Close. The position is sent as the game's own
// position string: for Ataxx that is the FEN UAI engines read (it holds
// all the rules look back on: the fifty-move counter); for the other games
// the engine must read boardrepl's strings, as "boardrepl uai -g GAME"
// does, and it gets the game's start and every move since (position fen
// START moves ...), so that it sees the repetitions the rules and its
// search look for.
type uaiPlayer struct {
	d    *dialect
	spec string
	argv []string
	lim  Limits
	// defaultLim: the spec gave no limit (lim is the default move time,
	// which a clock replaces).
	defaultLim bool
	clock      *MoveClock // the clock of the next move, nil for none
	eval       MoveEval   // from the last info line with a score

	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string
	waitErr chan error
	stderr  *tailBuffer
	newGame bool

	// startPos and moves: the game so far, set by the match before each move
	// (setHistory); empty start means the position alone is sent.
	startPos string
	moves    []string
}

// historyPlayer is a player that is told the game's start position and the
// moves played since, before each of its moves (PlayGame does).
type historyPlayer interface {
	setHistory(start string, moves []string)
}

func (p *uaiPlayer) setHistory(start string, moves []string) { p.startPos, p.moves = start, moves }

// A dialect is one of the protocols a uaiPlayer speaks: UAI and UGI differ
// in the words of the handshake (NAME, answered by NAMEok) and of the new
// game (NAMEnewgame), and in go's clock fields.
type dialect struct {
	name string
	// clocks are go's clock fields: side 0's time left and side 1's, then
	// their increments.
	clocks [4]string
}

var (
	uaiDialect = &dialect{"uai", [4]string{"btime", "wtime", "binc", "winc"}}
	ugiDialect = &dialect{"ugi", [4]string{"p1time", "p2time", "p1inc", "p2inc"}}
)

// clockFields writes go's clock fields, in milliseconds: left[0] and
// inc[0] are the time left and the increment of UAI's black (side 0) or
// UGI's player 1 (who had side 0 at the start), [1] of white or player 2:
// " btime 1000 wtime 900 binc 10 winc 10".
func (d *dialect) clockFields(left, inc [2]time.Duration) string {
	var b strings.Builder
	for i, v := range [4]time.Duration{left[0], left[1], inc[0], inc[1]} {
		fmt.Fprintf(&b, " %s %d", d.clocks[i], v.Milliseconds())
	}
	return b.String()
}

// parsePlayer reads "[KEY=VALUE ...] COMMAND [ARG...]" (the text after
// "uai:" or "ugi:"): leading time=T, depth=N or nodes=N words set the go
// command, the rest is the engine's command line, split at white space.
func (d *dialect) parsePlayer(spec, rest string) (Player, error) {
	words := strings.Fields(rest)
	p := &uaiPlayer{d: d, spec: d.name + ":" + strings.Join(words, " ")}
	for len(words) > 0 {
		k, v, ok := strings.Cut(words[0], "=")
		if !ok || strings.ContainsAny(k, "/.") {
			break
		}
		switch k {
		case "time":
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return nil, fmt.Errorf("player %q: time=%s: want a duration like 100ms or 2s", spec, v)
			}
			p.lim.Time = d
		case "depth", "nodes":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("player %q: %s=%s: want a whole number >= 1", spec, k, v)
			}
			if k == "depth" {
				p.lim.Depth = int(n)
			} else {
				p.lim.Nodes = n
			}
		default:
			return nil, fmt.Errorf("player %q: unknown setting %q for %s (settings: time, depth, nodes, then the command)", spec, k, d.name)
		}
		words = words[1:]
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("player %q: the engine's command is missing (%s:[time=T] COMMAND [ARG...])", spec, d.name)
	}
	if p.lim == (Limits{}) {
		p.lim.Time, p.defaultLim = 100*time.Millisecond, true
	}
	p.argv = words
	return p, nil
}

func (p *uaiPlayer) Spec() string           { return p.spec }
func (p *uaiPlayer) NewGame(seed uint64)    { p.newGame = true }
func (p *uaiPlayer) setClock(mc *MoveClock) { p.clock = mc }
func (p *uaiPlayer) lastEval() MoveEval     { return p.eval }

// noteInfo keeps the depth and score of an info line ("info depth 6 score
// cp 85 ..." or "score mate 3", in moves); a bound (lowerbound,
// upperbound) is not a score, as in cutechess, and in a search of several
// lines only the first line ("multipv 1") is the engine's choice.
func (p *uaiPlayer) noteInfo(f []string) {
	e := MoveEval{}
	for i := 1; i+1 < len(f); i++ {
		switch f[i] {
		case "multipv":
			if f[i+1] != "1" {
				return
			}
		case "depth":
			e.Depth, _ = strconv.Atoi(f[i+1])
		case "score":
			if i+2 >= len(f) {
				return
			}
			n, err := strconv.Atoi(f[i+2])
			if err != nil || i+3 < len(f) && (f[i+3] == "lowerbound" || f[i+3] == "upperbound") {
				return
			}
			switch f[i+1] {
			case "cp":
				e.Score, e.Scored = n, true
			case "mate":
				// mate N moves: the mover wins in 2N-1 plies, loses in 2|N|.
				e.Scored = true
				if n > 0 {
					e.Mate, e.Score = 2*n-1, mateScore
				} else {
					e.Mate, e.Score = 2*n, -mateScore
				}
			}
		}
	}
	if e.Scored {
		p.eval = e
	}
}

// tailBuffer keeps the last few KB an engine wrote on stderr, for errors.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tailBuffer) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if len(t.buf) > 4096 {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-4096:]...)
	}
	return len(b), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.buf))
}

func (p *uaiPlayer) fail(format string, a ...any) error {
	msg := fmt.Sprintf(format, a...)
	if s := p.stderr.String(); s != "" {
		msg += " (its stderr: " + s + ")"
	}
	return fmt.Errorf("%s engine %q: %s", p.d.name, strings.Join(p.argv, " "), msg)
}

func (p *uaiPlayer) start() error {
	cmd := exec.Command(p.argv[0], p.argv[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	p.stderr = &tailBuffer{}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s engine %q: %v", p.d.name, strings.Join(p.argv, " "), err)
	}
	p.cmd, p.stdin = cmd, in
	p.lines = make(chan string, 64)
	p.waitErr = make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
		p.waitErr <- cmd.Wait()
	}()
	if err := p.send(p.d.name); err != nil {
		return err
	}
	if _, err := p.expect(context.Background(), p.d.name+"ok", 10*time.Second); err != nil {
		p.Close()
		return err
	}
	if err := lowerPriority(cmd.Process.Pid); err != nil {
		p.Close()
		return p.fail("%v", err)
	}
	return nil
}

func (p *uaiPlayer) send(lines ...string) error {
	for _, l := range lines {
		if _, err := io.WriteString(p.stdin, l+"\n"); err != nil {
			return p.fail("writing %q: %v", l, err)
		}
	}
	return nil
}

// expect reads lines until one starts with word and returns it.
func (p *uaiPlayer) expect(ctx context.Context, word string, limit time.Duration) (string, error) {
	timer := time.NewTimer(limit)
	defer timer.Stop()
	stopped := false
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				return "", p.fail("ended before %q", word)
			}
			f := strings.Fields(l)
			if len(f) > 0 && f[0] == word {
				return l, nil
			}
			if len(f) > 0 && f[0] == "info" {
				p.noteInfo(f)
			}
			if msg, ok := strings.CutPrefix(l, "info string error:"); ok {
				// boardrepl's uai refused a command (another game's
				// position, say): stop here with its reason.
				return "", p.fail("it refused our input: %s", strings.TrimSpace(msg))
			}
		case <-timer.C:
			return "", p.fail("no %q within %v", word, limit)
		case <-ctx.Done():
			if !stopped {
				stopped = true
				p.send("stop")
				timer.Reset(2 * time.Second)
			}
		}
	}
}

// preparer is a player with work to do before its move that is not
// thinking (an engine's start, its new-game handshake): the match does it
// before the player's clock starts.
type preparer interface {
	prepare(ctx context.Context) error
}

// prepare starts the engine if it is not running and, at a new game, sends
// NAMEnewgame and waits for isready's readyok.
func (p *uaiPlayer) prepare(ctx context.Context) error {
	if p.cmd == nil {
		if err := p.start(); err != nil {
			return err
		}
		p.newGame = true
	}
	if p.newGame {
		if err := p.send(p.d.name+"newgame", "isready"); err != nil {
			return err
		}
		if _, err := p.expect(ctx, "readyok", 10*time.Second); err != nil {
			return err
		}
		p.newGame = false
	}
	return nil
}

// Move sends the position (see uaiPlayer) and a go command with the player's
// limits, and reads the bestmove, which must be legal.
func (p *uaiPlayer) Move(ctx context.Context, g rules.Game) (rules.Move, error) {
	if err := p.prepare(ctx); err != nil {
		return 0, err
	}
	goCmd, limit := p.goCommand()
	pos := "position fen " + g.Position()
	if p.startPos != "" && g.Info().ID != "ataxx" {
		pos = "position fen " + p.startPos
		if len(p.moves) > 0 {
			pos += " moves " + strings.Join(p.moves, " ")
		}
	}
	p.eval = MoveEval{}
	if err := p.send(pos, goCmd); err != nil {
		return 0, err
	}
	l, err := p.expect(ctx, "bestmove", limit)
	if err != nil {
		return 0, err
	}
	if ctx.Err() != nil {
		return 0, ctx.Err()
	}
	f := strings.Fields(l)
	if len(f) < 2 {
		return 0, p.fail("%q names no move", l)
	}
	m, err := g.ParseMove(f[1])
	if err != nil {
		return 0, p.fail("illegal move %q in %s: %v", f[1], g.Position(), err)
	}
	return m, nil
}

// goCommand is the go command of the next move and how long to wait for
// its bestmove: the spec's limits (go depth, nodes, movetime) and, on a
// time control, what MoveClock.Own leaves of them (the engine keeps its
// own overhead) and both sides' clocks and increments (go btime B wtime W
// binc BI winc WI [movestogo N]: b is side 0, the side that moves first).
func (p *uaiPlayer) goCommand() (string, time.Duration) {
	lim := p.lim
	var mc MoveClock
	if p.clock != nil {
		mc = *p.clock
		lim = mc.Own(p.lim, p.defaultLim, 0)
	}
	goCmd := "go"
	limit := time.Minute
	if lim.Depth > 0 {
		goCmd += " depth " + strconv.Itoa(lim.Depth)
		limit = time.Hour
	}
	if lim.Nodes > 0 {
		goCmd += " nodes " + strconv.FormatInt(lim.Nodes, 10)
		limit = time.Hour
	}
	if lim.Time > 0 {
		goCmd += " movetime " + strconv.FormatInt(lim.Time.Milliseconds(), 10)
		limit = 2*lim.Time + 5*time.Second
	}
	if mc.TC.Timed() {
		left := mc.Left
		if p.d == ugiDialect && mc.Swapped {
			// UGI's clocks are the players', not the sides': player 1 is
			// the one who started on side 0.
			left[0], left[1] = left[1], left[0]
		}
		goCmd += p.d.clockFields(left, [2]time.Duration{mc.TC.Inc, mc.TC.Inc})
		if mc.MovesToGo > 0 {
			goCmd += " movestogo " + strconv.Itoa(mc.MovesToGo)
		}
		if lim.Depth == 0 && lim.Nodes == 0 {
			limit = max(mc.Left[0], mc.Left[1]) + 5*time.Second
		}
	}
	return goCmd, limit
}

// Close ends the engine: quit, then a kill if it lingers.
func (p *uaiPlayer) Close() error {
	if p.cmd == nil {
		return nil
	}
	p.send("quit")
	p.stdin.Close()
	go func(lines chan string) {
		for range lines {
		}
	}(p.lines)
	var err error
	select {
	case err = <-p.waitErr:
	case <-time.After(2 * time.Second):
		p.cmd.Process.Kill()
		err = <-p.waitErr
	}
	p.cmd = nil
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return nil // killed or exited non-zero after quit: nothing lost
	}
	return err
}
