package tablutnet

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"boardrepl/internal/safetext"
	"boardrepl/rules"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
	"boardrepl/rules/record/tablutlog"
	"boardrepl/rules/tablut"
)

// ServerConfig configures one game of the challenge server's part.
type ServerConfig struct {
	// White and Black are the listeners of the two players (the server's
	// ports 5800 and 5801). Serve closes them when it returns.
	White, Black net.Listener
	// MoveTime is the time a player has for his name and for each move
	// (the server's -t, 60 s by default).
	MoveTime time.Duration
	// ConnectTimeout bounds the wait for each player to connect (the
	// server's 300 s by default).
	ConnectTimeout time.Duration
	// Errors is the number of refused moves a player may make before he
	// loses (the server's -e, 0 by default).
	Errors int
	// LogDir, when set, receives the game log, named as the server names
	// it: _WHITE_vs_BLACK_MILLIS_gameLog.txt. GameLog, when set, receives
	// it too.
	LogDir  string
	GameLog io.Writer
	// Out receives the server's console messages (nil: nothing).
	Out io.Writer
	Now func() time.Time
}

// ServerResult is what a game left behind.
type ServerResult struct {
	Names   [2]string
	Record  *record.Record
	Final   string // the final turn: WHITEWIN, BLACKWIN or DRAW
	LogPath string // the game log's file, if one was written
}

type player struct {
	conn net.Conn
	name string
	errs int
	gone bool // the connection failed: nothing more is sent to it
}

// Serve plays one game between the first player to connect to White and
// the first to connect to Black, as the challenge server does, and returns
// when it is over. It returns an error, and no game, when a player does not
// connect or name himself in time; once the game has started every ending
// (a refused move past the limit, a time-out, a lost connection) is a result.
func Serve(ctx context.Context, cfg ServerConfig) (*ServerResult, error) {
	defer cfg.White.Close()
	defer cfg.Black.Close()
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = 60 * time.Second
	}
	if cfg.ConnectTimeout <= 0 {
		cfg.ConnectTimeout = 300 * time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	out := cfg.Out
	if out == nil {
		out = io.Discard
	}
	stop := context.AfterFunc(ctx, func() { cfg.White.Close(); cfg.Black.Close() })
	defer stop()

	fmt.Fprintln(out, "Waiting for connections...")
	var ps [2]*player
	defer func() {
		for _, p := range ps {
			if p != nil {
				p.conn.Close()
			}
		}
	}()
	for side, ln := range []net.Listener{cfg.White, cfg.Black} {
		p, err := accept(ctx, ln, cfg, out, [2]string{"white", "black"}[side])
		if err != nil {
			return nil, fmt.Errorf("%s player: %w", [2]string{"white", "black"}[side], err)
		}
		ps[side] = p
		fmt.Fprintf(out, "%s player name:\t%s\n", [2]string{"White", "Black"}[side], p.name)
		// Names may arrive before the game; the connection is watched for
		// cancellation from here on.
		stopConn := context.AfterFunc(ctx, func() { p.conn.SetDeadline(time.Unix(1, 0)) })
		defer stopConn()
	}
	fmt.Fprintln(out, "Clients connected..")

	res := &ServerResult{Names: [2]string{ps[0].name, ps[1].name}, Record: &record.Record{}}
	var logs []io.Writer
	if cfg.GameLog != nil {
		logs = append(logs, cfg.GameLog)
	}
	if cfg.LogDir != "" {
		if err := os.MkdirAll(cfg.LogDir, 0o755); err != nil {
			return nil, err
		}
		res.LogPath = filepath.Join(cfg.LogDir, "_"+ps[0].name+"_vs_"+ps[1].name+"_"+strconv.FormatInt(cfg.Now().UnixMilli(), 10)+"_gameLog.txt")
		f, err := os.OpenFile(res.LogPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		logs = append(logs, f)
	}
	lg := &gameLog{w: io.MultiWriter(logs...), now: cfg.Now}

	g, _ := tablut.Info.New(nil)
	// The game is a rules/line line: its moves, a forfeit as its declared
	// end, its record.
	l := line.FromGame(g)
	tags := []record.Tag{
		{Name: record.TagDate, Value: cfg.Now().Format("2006.01.02")},
		{Name: "White", Value: record.OrUnknown(ps[0].name)},
		{Name: "Black", Value: record.OrUnknown(ps[1].name)},
	}
	forfeit := func(loser int, why string) {
		l.End(rules.Result{Status: rules.Win, Winner: 1 - loser, Reason: why})
	}

	st, msg := tablutlog.StateOf(g)
	lg.fine("<init>", "Players:\t"+ps[0].name+"\tvs\t"+ps[1].name)
	lg.fine("<init>", "Repeated moves allowed:\t0\tCache:\t-1")
	lg.fine("<init>", "Inizio partita")
	lg.fine("<init>", "Stato:\n"+tablutlog.StateText(st))

	broadcast := func(msg []byte) {
		for _, p := range ps {
			if p.gone {
				continue
			}
			p.conn.SetWriteDeadline(time.Now().Add(cfg.MoveTime))
			if err := WriteMessage(p.conn, msg); err != nil {
				p.gone = true
			}
		}
	}
	broadcast(msg)
	cache := 0
	for !st.Final() {
		side := g.SideToMove()
		p := ps[side]
		turnLetter := tablutlog.TurnLetters[st.Turn]
		fmt.Fprintf(out, "Waiting for %s...\n", turnLetter)
		var data []byte
		var err error
		if p.gone {
			err = net.ErrClosed
		} else {
			p.conn.SetReadDeadline(time.Now().Add(cfg.MoveTime))
			data, err = ReadMessage(p.conn)
		}
		if err != nil {
			if ctx.Err() != nil {
				res.Record = l.Record(tags...)
				return res, ctx.Err()
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				fmt.Fprintln(out, "Timeout!!!!")
				fmt.Fprintf(out, "Player %s has lost!\n", turnLetter)
				forfeit(side, g.SideName(side)+" ran out of time")
				lg.warning("checkMove", "Timeout! Player "+turnLetter+" lose!")
			} else if malformed(err) {
				// The stream cannot be read past this, but the player is
				// still there: he gets the final state before he is dropped.
				fmt.Fprintf(out, "Player %s sent a malformed message: %v\n", turnLetter, err)
				forfeit(side, g.SideName(side)+" sent a malformed message")
				lg.warning("checkMove", "Player "+turnLetter+" sent a malformed message: "+err.Error())
			} else {
				fmt.Fprintf(out, "Player %s has left the game!\n", turnLetter)
				forfeit(side, g.SideName(side)+" left the game")
				lg.warning("checkMove", "Player "+turnLetter+" disconnected: "+err.Error())
				p.gone = true
			}
			st.Turn = [2]string{tablutlog.TurnWhiteWin, tablutlog.TurnBlackWin}[1-side]
			lg.fine("endGame", "Stato:\n"+tablutlog.StateText(st))
			msg, _ = json.Marshal(st)
			broadcast(msg)
			break
		}
		var a tablutlog.Action
		jerr := json.Unmarshal(data, &a)
		a.Turn = st.Turn
		// Only what is checked of the client's text reaches the log and
		// the record: squares (from, to) or "?". The console gets it all,
		// escaped.
		from, to := squareText(a.From), squareText(a.To)
		fmt.Fprintf(out, "Suggested move: Turn: %s Pawn from %s to %s\n", turnLetter, safetext.Printable(a.From), safetext.Printable(a.To))
		lg.fine("checkMove", "Turn: "+turnLetter+" Pawn from "+from+" to "+to)
		var m rules.Move
		var class string
		var merr error
		switch {
		case jerr != nil:
			fmt.Fprintf(out, "The action is not readable: %s\n", safetext.Printable(fmt.Sprintf("%v: %s", jerr, shorten(data))))
			class, merr = "ActionException", errors.New("the action is not a JSON object with from and to")
		case from == "?" || to == "?":
			class, merr = "ActionException", errors.New("from and to must be squares such as e3")
		default:
			m, merr = g.ParseMove(strings.ToLower(from) + "-" + strings.ToLower(to))
			class = tablut.ServerException(merr)
		}
		if merr != nil {
			lg.warning("checkMove", refusalMessage(class, turnLetter))
			p.errs++
			if p.errs > cfg.Errors {
				fmt.Fprintf(out, "TOO MANY ERRORS FOR %s PLAYER; PLAYER %s WIN!\n", strings.ToUpper(g.SideName(side)), strings.ToUpper(g.SideName(1-side)))
				forfeit(side, fmt.Sprintf("%s's move %s-%s was refused: %v", g.SideName(side), from, to, merr))
				st.Turn = [2]string{tablutlog.TurnWhiteWin, tablutlog.TurnBlackWin}[1-side]
				lg.fine("endGame", "Stato:\n"+tablutlog.StateText(st))
			} else {
				fmt.Fprintf(out, "Error for %s player...\n", g.SideName(side))
			}
			msg, _ = json.Marshal(st)
			broadcast(msg)
			continue
		}
		before := g.Board()
		pieceAt := map[string]string{}
		for _, c := range before.Cells {
			pieceAt[c.Name] = c.Piece
		}
		l.Play(m)
		lg.fine("movePawn", "Movimento pedina")
		captured := g.LastCaptured()
		r := g.Result()
		capMethod := [2]string{"checkCaptureWhite", "checkCaptureBlack"}[side]
		soldiers := 0
		for _, sq := range captured {
			switch pieceAt[sq] {
			case "K":
				lg.fine(capMethod, "Nero vince con re catturato in: "+sq)
			case "B":
				soldiers++
				lg.fine(capMethod, "Pedina nera rimossa in: "+sq)
			default:
				soldiers++
				lg.fine(capMethod, "Pedina bianca rimossa in: "+sq)
			}
		}
		if r.Status == rules.Win && r.Winner == 0 {
			lg.fine(capMethod, "Bianco vince con re in "+strings.ToLower(a.To))
		}
		if soldiers > 0 {
			cache = 0
			lg.fine("checkMove", "Capture! Draw cache cleared!")
		}
		if r.Status == rules.Draw {
			lg.fine("checkMove", "Partita terminata in pareggio per numero di stati ripetuti")
			lg.fine("checkMove", "Equal states found: 1")
		}
		cache++
		lg.fine("checkMove", "Current draw cache size: "+strconv.Itoa(cache))
		st, msg = tablutlog.StateOf(g)
		lg.fine("checkMove", "Stato:\n"+tablutlog.StateText(st))
		broadcast(msg)
		if st.Final() {
			lg.fine("endGame", "Stato:\n"+tablutlog.StateText(st))
		}
	}
	res.Final = st.Turn
	res.Record = l.Record(tags...)
	fmt.Fprintln(out, "END OF THE GAME")
	fmt.Fprintln(out, "RESULT: "+map[string]string{tablutlog.TurnWhiteWin: "PLAYER WHITE WIN", tablutlog.TurnBlackWin: "PLAYER BLACK WIN", tablutlog.TurnDraw: "DRAW"}[st.Turn])
	if lg.err != nil {
		return res, fmt.Errorf("writing the game log: %w", lg.err)
	}
	return res, nil
}

// squareText is a square of a client's action as the log and the record
// may hold it: as sent when it is two ASCII letters or digits (a square, or
// one off the board such as z3, which is refused as the Java server refuses
// it), else "?" (the move is then refused as a badly formed action).
func squareText(s string) string {
	if len(s) != 2 {
		return "?"
	}
	for _, c := range []byte(s) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return "?"
		}
	}
	return s
}

// malformed says whether a read failed on what the player sent (a length
// beyond the protocol's, bytes that are not UTF-8) rather than on the
// connection.
func malformed(err error) bool {
	return errors.Is(err, ErrTooLong) || errors.Is(err, ErrNotUTF8)
}

// accept waits for one player and reads his name. A client that sends no
// readable name in time (a bad length, bytes that are not UTF-8, silence,
// a closed connection) is dropped, and the next one on the port is waited
// for, until ConnectTimeout has passed since the wait began.
func accept(ctx context.Context, ln net.Listener, cfg ServerConfig, out io.Writer, side string) (*player, error) {
	type dl interface{ SetDeadline(time.Time) error }
	until := time.Now().Add(cfg.ConnectTimeout)
	for {
		if d, ok := ln.(dl); ok {
			d.SetDeadline(until)
		}
		conn, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				return nil, fmt.Errorf("nobody connected within %v", cfg.ConnectTimeout)
			}
			return nil, err
		}
		conn.SetReadDeadline(time.Now().Add(cfg.MoveTime))
		data, err := ReadMessage(conn)
		if err != nil {
			conn.Close()
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			why := fmt.Sprintf("reading the name: %v", err)
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				why = fmt.Sprintf("no name within %v", cfg.MoveTime)
			}
			if _, ok := ln.(dl); !ok { // no deadline: the wait could not end
				return nil, errors.New(why)
			}
			fmt.Fprintf(out, "A %s player from %s was dropped (%s); waiting for another.\n", side, conn.RemoteAddr(), why)
			continue
		}
		var name string
		if json.Unmarshal(data, &name) != nil {
			name = string(data) // Gson is lenient: a bare word is a name too
		}
		return &player{conn: conn, name: tablutlog.CleanName(name)}, nil
	}
}
