package telnet

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"boardrepl/internal/atomicfile"
	"boardrepl/internal/command"
	"boardrepl/rules"
	gameline "boardrepl/rules/line"
	"boardrepl/rules/record"
)

// clientVerbs are the commands a player types at the table; any other line
// is a move. A verb without a summary is not listed (the other half of a
// pair listed together).
var clientVerbs command.Verbs[func(t *table, p *client)]

func init() {
	clientVerbs = command.Verbs[func(t *table, p *client)]{
		{Spec: command.Spec{Name: "moves", Summary: "list the legal moves"}, Run: (*table).sendMoves},
		{Spec: command.Spec{Name: "board", Summary: "show the board again"}, Run: (*table).showTo},
		{Spec: command.Spec{Name: "flip", Summary: "turn the board 180 degrees (again to turn it back)"},
			Run: func(t *table, p *client) { p.flip = !p.flip; t.showTo(p) }},
		{Spec: command.Spec{Name: "color off", Aliases: []string{"colour off"}, Summary: "plain text (color on: coloured board)"},
			Run: func(t *table, p *client) { p.color = false; p.printf("Colour off.\r\n") }},
		{Spec: command.Spec{Name: "color on", Aliases: []string{"colour on"}},
			Run: func(t *table, p *client) { p.color = true; p.printf("Colour on.\r\n") }},
		{Spec: command.Spec{Name: "resign", Summary: "give up this game"},
			Run: func(t *table, p *client) { t.forfeit(p, fmt.Sprintf("%s resigned", p.name)) }},
		{Spec: command.Spec{Name: "quit", Aliases: []string{"exit"}, Summary: "leave (you lose the game)"},
			Run: func(t *table, p *client) {
				p.printf("Bye.\r\n")
				p.close()
				t.forfeit(p, fmt.Sprintf("%s left the game", p.name))
			}},
		{Spec: command.Spec{Name: "help", Aliases: []string{"?"}, Summary: "this text"},
			Run: func(t *table, p *client) { p.printf("%s", clientHelp(t.s.cfg.Idle)) }},
	}
}

// clientHelp is the text of the client's help command, generated from
// clientVerbs; idle is the time a player may think on his turn.
func clientHelp(idle time.Duration) string {
	var b strings.Builder
	b.WriteString("Commands:\n")
	move := command.Spec{Name: "MOVE", Summary: "play a move in the game's notation when it is your turn"}
	b.WriteString(move.Line(clientHelpWidth))
	for _, v := range clientVerbs {
		if v.Summary != "" {
			b.WriteString(v.Line(clientHelpWidth))
		}
	}
	fmt.Fprintf(&b, "A player who leaves, or stays silent on his turn for longer than %s,\nloses the game. After a game both are offered a rematch, colours swapped.\n", idle)
	return b.String()
}

// clientHelpWidth is the width of the command column of clientHelp.
const clientHelpWidth = 11

// table is one game between two clients.
type table struct {
	s       *Server
	id      int
	game    int            // the game's number at the table: 2 and more are rematches
	l       *gameline.Line // the game, its moves (passes included) and its end
	players [2]*client     // players[i] plays side i (a swap exchanges them)
	last    string
	// captured is what the last move (not a pass) captured.
	captured []string
	result   string // how the game ended, for the log; "" while it goes on
	began    time.Time
	// unfinished says why the game stopped with no result (the server
	// stopped); "" otherwise.
	unfinished string
	// idle fires when the mover's time is up, at deadline: the clock is
	// restarted by each move and measured on the mover's input alone.
	idle     *time.Timer
	deadline time.Time
}

// runTable plays the games of two players, the first a new one and the
// others rematches with the colours swapped, and returns the clients to
// disconnect. A client whose opponent left before the first game began goes
// back to the waiting room.
func (s *Server) runTable(id int, first, second *client) []*client {
	close(first.paired)
	<-first.watchDone
	if first.isClosed() { // he left as the opponent came
		second.printf("\r\nThe other player left before the game began.\r\n")
		s.seat(second)
		s.logf("table %d: a player left before the game began", id)
		return []*client{first}
	}
	if first.name == second.name {
		second.name += "-2"
	}
	players := [2]*client{first, second}
	s.logf("table %d: %s (%s) vs %s (%s)", id, first.name, first.addr, second.name, second.addr)
	for game := 1; ; game++ {
		g, err := s.cfg.Info.New(s.opts)
		if err != nil { // validated in New; cannot happen
			first.printf("server error: %v\r\n", err)
			second.printf("server error: %v\r\n", err)
			break
		}
		t := &table{s: s, id: id, game: game, l: gameline.FromGame(g), players: players, began: time.Now()}
		t.l.Observe(func(p gameline.Ply) {
			if !p.Forced {
				t.captured = t.g().LastCaptured()
			}
		})
		t.play()
		t.saveRecord()
		s.logf("table %d: game %d: %s", id, game, t.result)
		if !t.rematch() {
			break
		}
		players[0], players[1] = t.players[1], t.players[0]
		s.logf("table %d: rematch, %s now plays %s", id, players[0].name, g.SideName(0))
	}
	for _, p := range players {
		p.close()
	}
	return players[:]
}

func (t *table) both(format string, a ...any) {
	msg := fmt.Sprintf(format, a...)
	for _, p := range t.players {
		p.write(msg)
	}
}

var nameRE = regexp.MustCompile(`[^\p{L}\p{N}_-]+`)

func cleanName(s string) string {
	s = nameRE.ReplaceAllString(s, "")
	if r := []rune(s); len(r) > 20 {
		s = string(r[:20])
	}
	return s
}

// g is the game's position now.
func (t *table) g() rules.Game { return t.l.Game() }

// mover is the client whose turn it is.
func (t *table) mover() *client { return t.players[t.g().SideToMove()] }

func (t *table) sideOf(c *client) int {
	if t.players[0] == c {
		return 0
	}
	return 1
}

func (t *table) play() {
	this := ""
	if o := t.g().Info().FormatOptions(t.g().Options()); strings.Join(o, " ") != strings.Join(t.g().Info().FormatOptions(t.s.opts), " ") {
		this = " This game: " + strings.Join(o, " ") + "." // what the game drew (Ataxx's blocks)
	}
	for i, p := range t.players {
		p.printf("\r\nYou play %s (%s), against %s.%s Type help for the commands.\r\n",
			t.g().SideName(i), order(i), t.players[1-i].name, this)
	}
	t.announcePasses(t.l.PassForced())
	t.show()
	t.idle = time.NewTimer(t.s.cfg.Idle)
	t.deadline = time.Now().Add(t.s.cfg.Idle)
	defer t.idle.Stop()
	for t.result == "" {
		select {
		case l, ok := <-t.players[0].lines:
			t.input(t.players[0], l, ok)
		case l, ok := <-t.players[1].lines:
			t.input(t.players[1], l, ok)
		case <-t.idle.C:
			t.timeUp()
		case <-t.s.stopping:
			t.stop(t.s.stopWhy)
		}
	}
}

// restartClock gives the mover his time from now.
func (t *table) restartClock() {
	t.idle.Reset(t.s.cfg.Idle)
	t.deadline = time.Now().Add(t.s.cfg.Idle)
}

// timeUp ends the mover's time: what he sent before the deadline and the
// table has not handled yet is handled first (his clock is his input's, not
// the table's), and unless it was a move he loses on time.
func (t *table) timeUp() {
	m, deadline := t.mover(), t.deadline
	for {
		select {
		case l, ok := <-m.lines:
			if ok && !l.at.After(deadline) {
				t.input(m, l, ok)
				if t.result != "" || !t.deadline.Equal(deadline) { // over, or he moved in time
					return
				}
				continue
			}
		default:
		}
		break
	}
	t.forfeit(m, fmt.Sprintf("%s lost on time (no move for %s)", m.name, t.s.cfg.Idle))
}

func order(side int) string {
	if side == 0 {
		return "you move first"
	}
	return "you move second"
}

// show sends both players the board, the last move and whose turn it is.
func (t *table) show() {
	for _, p := range t.players {
		t.showTo(p)
	}
}

func (t *table) showTo(p *client) {
	var b strings.Builder
	b.WriteString("\r\n")
	b.WriteString(t.s.cfg.Render(t.g(), p.color, p.flip))
	if t.last != "" {
		fmt.Fprintf(&b, "Last move: %s\r\n", t.last)
	}
	if r := t.l.Result(); r.Over() {
		fmt.Fprintf(&b, "Game over: %s\r\n", t.resultText())
	} else {
		m := t.mover()
		side := t.g().SideName(t.g().SideToMove())
		if m == p {
			fmt.Fprintf(&b, "Your move (%s).", side)
			if t.swapAvailable() {
				b.WriteString(" You may also answer swap: you take over the first stone and its colour, and your opponent plays on with yours.")
			}
			b.WriteString("\r\n> ")
		} else {
			fmt.Fprintf(&b, "Waiting for %s (%s) to move.\r\n", m.name, side)
		}
	}
	p.write(b.String())
}

func (t *table) swapAvailable() bool {
	for _, m := range t.g().Moves(nil) {
		if t.g().FormatMove(m) == "swap" {
			return true
		}
	}
	return false
}

// input handles one line (or the end of the connection) from player p.
func (t *table) input(p *client, l line, ok bool) {
	if !ok {
		if note := dropNote(p); note != "" {
			t.s.logf("table %d: %s%s", t.id, p.addr, note)
		}
		p.close()
		t.forfeit(p, p.leftWhy())
		return
	}
	if l.err != nil {
		p.printf("That line is too long; ignored.\r\n")
		return
	}
	cmd := strings.ToLower(l.text)
	if cmd == "" {
		return
	}
	if v, ok := clientVerbs.Lookup(cmd); ok {
		v.Run(t, p)
		return
	}
	t.move(p, l.text)
}

// sendMoves lists the legal moves to p.
func (t *table) sendMoves(p *client) {
	var ms []string
	for _, m := range t.g().Moves(nil) {
		ms = append(ms, t.g().FormatMove(m))
	}
	who := "you"
	if t.mover() != p {
		who = t.mover().name
	}
	p.printf("Legal moves for %s: %s\r\n", who, strings.Join(ms, " "))
}

func (t *table) move(p *client, text string) {
	if t.mover() != p {
		p.printf("It is not your turn: waiting for %s. (Type help for the commands.)\r\n", t.mover().name)
		return
	}
	m, err := t.g().ParseMove(text)
	if err != nil {
		p.printf("Illegal move %q: %v. Type moves for the legal moves.\r\n> ", text, err)
		return
	}
	side := t.g().SideToMove()
	played := t.l.Play(m)
	notation := played[0].Text
	t.last = fmt.Sprintf("%s (%s) played %s", p.name, t.g().SideName(side), notation)
	if c := t.captured; len(c) > 0 {
		t.last += ", capturing " + strings.Join(c, " ")
	}
	if notation == "swap" {
		t.players[0], t.players[1] = t.players[1], t.players[0]
		t.last = fmt.Sprintf("%s swapped: %s now plays %s, %s plays %s", p.name,
			p.name, t.g().SideName(t.sideOf(p)), t.players[1-t.sideOf(p)].name, t.g().SideName(1-t.sideOf(p)))
	}
	t.announcePasses(played[1:])
	t.restartClock()
	t.show()
	if r := t.l.Result(); r.Over() {
		t.result = t.resultText()
		t.both("\r\nThank you for playing.\r\n")
	}
}

// resultText is the result in the game's words, and which player won (a
// swap may have changed who plays which side): "white wins (...): ann
// wins".
func (t *table) resultText() string {
	r := t.l.Result()
	s := t.l.FormatResult()
	if r.Status == rules.Win && r.Winner >= 0 && r.Winner < 2 {
		s += ": " + t.players[r.Winner].name + " wins"
	}
	return s
}

// announcePasses tells both players of the forced passes the line played.
func (t *table) announcePasses(passes []gameline.Ply) {
	for _, e := range passes {
		who := t.players[e.Side]
		t.both("\r\n%s (%s) has no legal move and passes.\r\n", who.name, t.g().SideName(e.Side))
		t.last = fmt.Sprintf("%s passed (forced)", who.name)
	}
}

// forfeit ends the game: p loses.
func (t *table) forfeit(p *client, why string) {
	w := 1 - t.sideOf(p)
	winner := t.players[w]
	t.l.End(rules.Result{Status: rules.Win, Winner: w, Reason: why}) // the game goes on until now
	t.result = fmt.Sprintf("%s wins: %s", winner.name, why)
	winner.printf("\r\n%s. You win.\r\n", why)
	p.printf("\r\n%s. You lose.\r\n", why)
}

// stop ends the game with no result, through no player's fault: it is
// recorded as unfinished ('*').
func (t *table) stop(why string) {
	t.unfinished = why
	t.result = "unfinished: " + why
	t.both("\r\nSorry, %s. The game ends unfinished: no one wins, and it is recorded as unfinished (*).\r\n", why)
}

// rematch offers both players another game with the colours swapped, when
// both are still there and the server goes on; it says whether both
// accepted. A no, a player who leaves, or no answer from one of them within
// the idle limit ends the table, as the end of a game did before.
func (t *table) rematch() bool {
	if t.unfinished != "" {
		return false
	}
	for _, p := range t.players {
		if p.isClosed() {
			return false
		}
	}
	for i, p := range t.players {
		p.printf("\r\nA rematch, colours swapped (you would play %s, against %s)? Type yes or no: ", t.g().SideName(1-i), t.players[1-i].name)
	}
	timer := time.NewTimer(t.s.cfg.Idle)
	defer timer.Stop()
	var yes [2]bool
	answer := func(i int, l line, ok bool) (done, again bool) {
		p, other := t.players[i], t.players[1-i]
		switch word := strings.ToLower(l.text); {
		case !ok:
			p.close()
			other.printf("\r\n%s has left: no rematch. Bye.\r\n", p.name)
			return true, false
		case l.err != nil || word == "":
			p.printf("Please answer yes or no (a rematch, colours swapped): ")
		case word == "yes" || word == "y":
			if yes[i] = true; yes[1-i] {
				return true, true
			}
			p.printf("Waiting for %s's answer...\r\n", other.name)
		case word == "no" || word == "n" || isQuit(word):
			p.printf("Bye.\r\n")
			other.printf("\r\n%s does not want a rematch. Bye.\r\n", p.name)
			return true, false
		default:
			p.printf("Please answer yes or no (a rematch, colours swapped): ")
		}
		return false, false
	}
	for {
		var done, again bool
		select {
		case l, ok := <-t.players[0].lines:
			done, again = answer(0, l, ok)
		case l, ok := <-t.players[1].lines:
			done, again = answer(1, l, ok)
		case <-timer.C:
			for i, p := range t.players {
				if !yes[i] {
					t.both("\r\nNo answer from %s in %s: no rematch. Bye.\r\n", p.name, t.s.cfg.Idle)
					break
				}
			}
			return false
		case <-t.s.stopping:
			t.both("\r\nSorry, %s. Bye.\r\n", t.s.stopWhy)
			return false
		}
		if done {
			if again {
				t.both("\r\nRematch!\r\n")
			}
			return again
		}
	}
}

// saveRecord writes the finished game to the record directory as a game
// record (rules/record), atomically.
func (t *table) saveRecord() {
	if t.s.cfg.RecordDir == "" {
		return
	}
	info := t.g().Info()
	tags := []record.Tag{{Name: record.TagDate, Value: t.began.Format("2006.01.02")}}
	for side, p := range t.players {
		tags = append(tags, record.Tag{Name: t.l.SideTag(side), Value: p.name})
	}
	if t.unfinished != "" {
		tags = append(tags, record.Tag{Name: record.TagTermination, Value: "unfinished (" + t.unfinished + ")"})
	}
	r := t.l.Record(tags...)
	at := fmt.Sprintf("table%d", t.id)
	if t.game > 1 {
		at += fmt.Sprintf("-game%d", t.game)
	}
	name := fmt.Sprintf("%s-%s-%s-%s-%s.rec", t.began.Format("20060102-150405"), info.ID, at,
		safeFile(t.players[0].name), safeFile(t.players[1].name))
	if err := atomicfile.Write(filepath.Join(t.s.cfg.RecordDir, name), []byte(r.Format()), false); err != nil {
		t.s.logf("table %d: cannot write the record: %v", t.id, err)
	}
}

func safeFile(s string) string {
	s = nameRE.ReplaceAllString(s, "")
	if s == "" {
		return "anon"
	}
	return s
}
