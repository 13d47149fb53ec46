// Package gtp speaks the Go Text Protocol, version 2, for Konobi, the
// connection game: so that GTP controllers (gogui and gogui-twogtp, HexGUI,
// GNU Go's match scripts) can show boardrepl's games and play its engine.
//
// A command is a line "[id] name [arguments]"; the answer is "=[id] text"
// or "?[id] error" and an empty line. Before a line is read, control
// characters other than tab and newline are dropped, everything from a '#'
// on is a comment, tabs are spaces, and an empty line is no command.
// Command names are case-sensitive; colours (b, w, black, white) and
// vertices (D4, pass, swap) are not.
//
// GTP's colours are the stones': black places first and joins top and
// bottom (Konobi's first side). Vertices follow Coords: GTP's columns skip
// the letter I, Konobi's do not. A pass is legal only when it is forced
// (Konobi passes when no placement is legal); the session plays a forced
// pass at once, and a controller may still send it, or ask genmove for it,
// afterwards. The pie rule's swap (White's first turn: the players exchange
// colours, the black stone stays, and the next stone placed is white) is
// the move "swap", also read as swap-sides and swap-pieces. genmove answers
// "resign" for the colour that has lost, as Hex engines do.
package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"boardrepl/internal/command"
	"boardrepl/internal/linereader"
	"boardrepl/internal/textfile"
	"boardrepl/protocol/searcher"
	"boardrepl/rules"
	"boardrepl/rules/engine"
	"boardrepl/rules/konobi"
	"boardrepl/rules/line"
)

// Config configures a session.
type Config struct {
	// Options are Konobi's options at the start (size=N); boardsize
	// changes the size afterwards.
	Options rules.Options
	// Coords is how vertices name columns (default GoCoords).
	Coords Coords
	// Search chooses genmove's moves; nil means boardrepl's engine (one
	// thread, the default table).
	Search searcher.Func
	// Limits bound every genmove's search (depth, nodes, time); a clock
	// (time_settings, time_left) adds its own time limit.
	Limits searcher.Limits
	// MoveTime is the time of a search given no limit at all (no Limits,
	// no clock); 0 means one second.
	MoveTime time.Duration
	// NoSwap keeps genmove from choosing the swap (a controller that
	// cannot relay it, such as gogui-twogtp); play still accepts it.
	NoSwap bool
	// Overhead is kept back from every clock budget for the controller's
	// latency (default 30 ms).
	Overhead time.Duration
	// Now reads the time a genmove takes off the clock (default time.Now).
	Now func() time.Time
}

// defaultOverhead is Config.Overhead's default.
const defaultOverhead = 30 * time.Millisecond

// Engine is one GTP session.
type Engine struct {
	cfg  Config
	out  *bufio.Writer
	line *line.Line
	clk  clock
	quit bool
}

// New starts a session on the empty board that writes its answers to out.
func New(out io.Writer, cfg Config) (*Engine, error) {
	if cfg.Search == nil {
		cfg.Search = searcher.Engine(0, 1)
	}
	if cfg.MoveTime == 0 {
		cfg.MoveTime = time.Second
	}
	if cfg.Overhead == 0 {
		cfg.Overhead = defaultOverhead
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	l, err := line.New(konobi.Info, cfg.Options, "")
	if err != nil {
		return nil, err
	}
	return &Engine{cfg: cfg, out: bufio.NewWriter(out), line: l}, nil
}

// Run answers the commands read from in until quit or the end of the
// input (or until ctx is cancelled: a genmove then answers with the best
// move found so far, and the session ends). A line longer than
// textfile.MaxLine is answered "? line N is longer than ...", and the
// session goes on. It returns the input's or the output's error.
func (e *Engine) Run(ctx context.Context, in io.Reader) error {
	lr := linereader.New(textfile.NewReader(in), textfile.MaxLine)
	for !e.quit && ctx.Err() == nil {
		text, err := lr.Line()
		answer, ok := "", false
		var tooLong *linereader.TooLongError
		switch {
		case errors.As(err, &tooLong):
			// The command cannot be read, nor its id: answered without.
			answer, ok = "? "+err.Error()+"\n\n", true
		case err == io.EOF:
			return nil
		case err != nil:
			return err
		default:
			answer, ok = e.Command(ctx, text)
		}
		if ok {
			e.out.WriteString(answer)
			if err := e.out.Flush(); err != nil {
				return err
			}
		}
	}
	return nil
}

// Command answers one line of input: the whole answer ("= D4\n\n"), and
// false for a line that holds no command (blank, or a comment).
func (e *Engine) Command(ctx context.Context, raw string) (string, bool) {
	f := fields(raw)
	if len(f) == 0 {
		return "", false
	}
	id := ""
	if isID(f[0]) {
		id, f = f[0], f[1:]
	}
	if len(f) == 0 {
		return "?" + id + " syntax error: a command must follow the id " + id + "\n\n", true
	}
	v, ok := verbs.Lookup(f[0])
	if !ok {
		return "?" + id + " unknown command\n\n", true
	}
	text, err := v.Run(ctx, e, f[1:])
	if err != nil {
		return "?" + id + " " + oneParagraph(err.Error()) + "\n\n", true
	}
	return "=" + id + " " + oneParagraph(text) + "\n\n", true
}

// fields preprocesses a line as GTP says (control characters other than
// tab dropped, a comment cut, tabs made spaces) and splits it at spaces.
func fields(raw string) []string {
	b := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case c == '#':
			i = len(raw)
		case c == '\t':
			b = append(b, ' ')
		case c < ' ' || c == 0x7f:
		default:
			b = append(b, c)
		}
	}
	return strings.FieldsFunc(string(b), func(r rune) bool { return r == ' ' })
}

// isID reports whether a word is a command's id: a number.
func isID(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return w != ""
}

// oneParagraph keeps an answer inside its response: an empty line would
// end it, so blank lines become a single space.
func oneParagraph(s string) string {
	s = strings.TrimRight(s, "\n")
	if !strings.Contains(s, "\n\n") {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l == "" {
			lines[i] = " "
		}
	}
	return strings.Join(lines, "\n")
}

// failure is an answer "? text": the standard messages of GTP (syntax
// error, illegal move, cannot undo, unacceptable size, cannot score), each
// followed by the reason.
func failure(kind, format string, a ...any) error {
	return errors.New(kind + ": " + fmt.Sprintf(format, a...))
}

// game is the position being played.
func (e *Engine) game() *konobi.Game { return e.line.Game().(*konobi.Game) }

// colour reads a GTP colour: 0 for b or black, 1 for w or white.
func colour(s string) (int, error) {
	switch strings.ToLower(s) {
	case "b", "black":
		return 0, nil
	case "w", "white":
		return 1, nil
	}
	return 0, failure("syntax error", "%q is not a colour: want b, w, black or white", s)
}

var colourName = [2]string{"black", "white"}

// handler runs a command with its arguments; it returns the answer's text
// or the error that fails it.
type handler = func(ctx context.Context, e *Engine, args []string) (string, error)

// verbs are the commands, in the order list_commands gives them; the
// subcommand's help lists them too.
var verbs command.Verbs[handler]

func init() {
	verbs = command.Verbs[handler]{
		{Spec: command.Spec{Name: "protocol_version", Summary: "2"}, Run: fixed("2")},
		{Spec: command.Spec{Name: "name", Summary: "boardrepl"}, Run: fixed("boardrepl")},
		{Spec: command.Spec{Name: "version", Summary: "the build's module version"}, Run: fixed(buildVersion())},
		{Spec: command.Spec{Name: "known_command", Args: "NAME", Summary: "true or false"}, Run: cmdKnown},
		{Spec: command.Spec{Name: "list_commands", Summary: "these commands, one a line"}, Run: cmdList},
		{Spec: command.Spec{Name: "quit", Summary: "answer, then end the session"}, Run: cmdQuit},
		{Spec: command.Spec{Name: "boardsize", Args: "N [N]", Summary: "a new empty board of N x N points (2 to 25)"}, Run: cmdBoardsize},
		{Spec: command.Spec{Name: "clear_board", Summary: "a new empty board of the same size"}, Run: cmdClear},
		{Spec: command.Spec{Name: "komi", Args: "K", Summary: "accepted and ignored: Konobi has no komi"}, Run: cmdKomi},
		{Spec: command.Spec{Name: "play", Args: "COLOUR VERTEX", Summary: "play a point, pass (when forced) or swap"}, Run: cmdPlay},
		{Spec: command.Spec{Name: "genmove", Args: "COLOUR", Summary: "search, play and answer a move (resign once lost)"}, Run: cmdGenmove},
		{Spec: command.Spec{Name: "reg_genmove", Args: "COLOUR", Summary: "genmove without playing the move"}, Run: cmdRegGenmove},
		{Spec: command.Spec{Name: "undo", Summary: "take back the last move"}, Run: cmdUndo},
		{Spec: command.Spec{Name: "showboard", Summary: "the board (X black, O white) and who is to place"}, Run: cmdShowboard},
		{Spec: command.Spec{Name: "final_score", Summary: "B+ or W+ once the game is over"}, Run: cmdFinalScore},
		{Spec: command.Spec{Name: "time_settings", Args: "MAIN BYO STONES", Summary: "the clock, in seconds (Canadian byo-yomi)"}, Run: cmdTimeSettings},
		{Spec: command.Spec{Name: "time_left", Args: "COLOUR SECONDS STONES", Summary: "what a colour has left on its clock"}, Run: cmdTimeLeft},
		{Spec: command.Spec{Name: "all_legal_moves", Args: "[COLOUR]", Summary: "the points where the colour to place may place"}, Run: cmdLegal},
		{Spec: command.Spec{Name: "boardrepl-position", Summary: "Konobi's position string"}, Run: cmdPosition},
		{Spec: command.Spec{Name: "gogui-analyze_commands", Summary: "the commands gogui's analyze menu offers"}, Run: fixed(analyzeCommands)},
		{Spec: command.Spec{Name: "hexgui-analyze_commands", Summary: "the same for HexGUI"}, Run: fixed(analyzeCommands)},
		{Spec: command.Spec{Name: "gogui-rules_game_id", Summary: "Konobi (gogui's game rules)"}, Run: fixed("Konobi")},
		{Spec: command.Spec{Name: "gogui-rules_board_size", Summary: "N"}, Run: cmdRulesSize},
		{Spec: command.Spec{Name: "gogui-rules_board", Summary: "the board, X O and ., top rank first"}, Run: cmdRulesBoard},
		{Spec: command.Spec{Name: "gogui-rules_side_to_move", Summary: "black or white"}, Run: cmdRulesSide},
		{Spec: command.Spec{Name: "gogui-rules_legal_moves", Summary: "the legal points (pass when forced); empty once over"}, Run: cmdRulesLegal},
		{Spec: command.Spec{Name: "gogui-rules_final_result", Summary: "the result in words"}, Run: cmdRulesResult},
	}
	Cmd.Usage, Cmd.Run = usage(), RunGTP
}

// analyzeCommands is the answer of gogui-analyze_commands and
// hexgui-analyze_commands: type/label/command lines.
const analyzeCommands = "plist/Legal Points/all_legal_moves %m\n" +
	"string/ShowBoard/showboard\n" +
	"string/Final Score/final_score\n" +
	"string/Position/boardrepl-position\n" +
	"varc/Reg GenMove/reg_genmove %c"

// buildVersion is the module version the binary was built from.
func buildVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		return info.Main.Version
	}
	return ""
}

func fixed(text string) handler {
	return func(context.Context, *Engine, []string) (string, error) { return text, nil }
}

// nargs checks the number of arguments.
func nargs(args []string, lo, hi int, synopsis string) error {
	if len(args) < lo || len(args) > hi {
		return failure("syntax error", "want %s", synopsis)
	}
	return nil
}

func cmdKnown(_ context.Context, _ *Engine, args []string) (string, error) {
	if err := nargs(args, 1, 1, "known_command NAME"); err != nil {
		return "", err
	}
	_, ok := verbs.Lookup(args[0])
	return strconv.FormatBool(ok), nil
}

func cmdList(context.Context, *Engine, []string) (string, error) {
	names := make([]string, len(verbs))
	for i, v := range verbs {
		names[i] = v.Name
	}
	return strings.Join(names, "\n"), nil
}

func cmdQuit(_ context.Context, e *Engine, _ []string) (string, error) {
	e.quit = true
	return "", nil
}

// newBoard starts a new game of n points a side (the current size when n
// is 0).
func (e *Engine) newBoard(n int) error {
	if n == 0 {
		n = e.game().Size()
	}
	opts, err := konobi.Info.ParseOptions([]string{"size=" + strconv.Itoa(n)})
	if err != nil {
		return err
	}
	l, err := line.New(konobi.Info, opts, "")
	if err != nil {
		return err
	}
	e.line = l
	e.clk.newGame()
	return nil
}

func cmdBoardsize(_ context.Context, e *Engine, args []string) (string, error) {
	if err := nargs(args, 1, 2, "boardsize N, or boardsize N N"); err != nil {
		return "", err
	}
	var n [2]int
	for i, a := range args {
		v, err := strconv.Atoi(a)
		if err != nil {
			return "", failure("syntax error", "board size %q is not a number", a)
		}
		n[i] = v
	}
	if len(args) == 2 && n[0] != n[1] {
		return "", failure("unacceptable size", "Konobi's board is square, not %d x %d", n[0], n[1])
	}
	spec := konobi.Info.Option("size")
	if int64(n[0]) < spec.Min || int64(n[0]) > spec.Max {
		return "", failure("unacceptable size", "%d: want %d to %d", n[0], spec.Min, spec.Max)
	}
	return "", e.newBoard(n[0])
}

func cmdClear(_ context.Context, e *Engine, args []string) (string, error) {
	if err := nargs(args, 0, 0, "clear_board"); err != nil {
		return "", err
	}
	return "", e.newBoard(0)
}

func cmdKomi(_ context.Context, _ *Engine, args []string) (string, error) {
	if err := nargs(args, 1, 1, "komi K"); err != nil {
		return "", err
	}
	if _, err := strconv.ParseFloat(args[0], 64); err != nil {
		return "", failure("syntax error", "komi %q is not a number", args[0])
	}
	return "", nil
}

// unwrittenPass reports whether the last ply is a pass that side was
// forced to make, played by the session and not yet sent or asked for.
func (e *Engine) unwrittenPass(side int) bool {
	p, ok := e.line.Last()
	return ok && p.Forced && p.Side == side
}

// writePass takes the forced pass just played as the controller's
// (play COLOUR pass, or genmove's answer): undo then takes it back alone.
func (e *Engine) writePass() error {
	_, err := e.line.PlayWritten("pass")
	return err
}

// illegal is an illegal move's failure, its reason's points named as GTP
// vertices.
func (e *Engine) illegal(err error) error {
	return failure("illegal move", "%s", e.cfg.Coords.reword(err.Error()))
}

// turn checks that side may move now. pending is set when the other
// colour is to move but must pass: the move then comes after that pass
// (a controller may leave forced passes out).
func (e *Engine) turn(side int) (pending bool, err error) {
	g := e.game()
	if res := g.Result(); res.Over() {
		return false, fmt.Errorf("the game is over: %s", rules.FormatResult(g, res))
	}
	if g.SideToMove() == side {
		return false, nil
	}
	if _, ok := rules.ForcedPass(g); ok {
		return true, nil
	}
	return false, fmt.Errorf("it is %s's turn, not %s's", colourName[g.SideToMove()], colourName[side])
}

// afterPass is the game after the forced pass of the side to move.
func (e *Engine) afterPass() *konobi.Game {
	c := e.game().Clone().(*konobi.Game)
	c.Play(konobi.MovePass)
	return c
}

func cmdPlay(_ context.Context, e *Engine, args []string) (string, error) {
	if err := nargs(args, 2, 2, "play COLOUR VERTEX"); err != nil {
		return "", err
	}
	side, err := colour(args[0])
	if err != nil {
		return "", err
	}
	v, err := e.cfg.Coords.parseVertex(args[1], e.game().Size())
	var off errOffBoard
	if errors.As(err, &off) {
		return "", failure("illegal move", "%s", off.msg)
	}
	if err != nil {
		return "", failure("syntax error", "%v", err)
	}
	if v.pass && e.unwrittenPass(side) {
		return "", e.writePass()
	}
	pending, err := e.turn(side)
	if err != nil {
		return "", e.illegal(err)
	}
	if pending {
		// Judged after the pass, which is played only for a legal move.
		if _, err := e.afterPass().ParseMove(v.text()); err != nil {
			return "", e.illegal(err)
		}
		e.line.PassForced()
	}
	if _, err := e.line.PlayText(v.text()); err != nil {
		return "", e.illegal(err)
	}
	return "", nil
}

// genmove chooses side's move: "resign" when side has lost, "pass" when
// the session played side's forced pass, else the move the search finds
// (played when play is set).
func (e *Engine) genmove(ctx context.Context, args []string, play bool) (string, error) {
	synopsis := "genmove COLOUR"
	if !play {
		synopsis = "reg_" + synopsis
	}
	if err := nargs(args, 1, 1, synopsis); err != nil {
		return "", err
	}
	side, err := colour(args[0])
	if err != nil {
		return "", err
	}
	g := e.game()
	if res := g.Result(); res.Over() && res.Winner != side {
		return "resign", nil
	}
	if e.unwrittenPass(side) {
		if play {
			return "pass", e.writePass()
		}
		return "pass", nil
	}
	pending, err := e.turn(side)
	if err != nil {
		return "", err
	}
	g = e.game()
	if pending {
		if play {
			e.line.PassForced()
			g = e.game()
		} else {
			g = e.afterPass()
		}
	}
	m, err := e.think(ctx, g)
	if err != nil {
		return "", err
	}
	text := g.FormatMove(m)
	if play {
		e.line.Play(m)
	}
	return e.cfg.Coords.format(text), nil
}

func cmdGenmove(ctx context.Context, e *Engine, args []string) (string, error) {
	return e.genmove(ctx, args, true)
}

func cmdRegGenmove(ctx context.Context, e *Engine, args []string) (string, error) {
	return e.genmove(ctx, args, false)
}

// think searches g for the side to move within the limits (the flags',
// the clock's) and counts the time it took on the clock.
func (e *Engine) think(ctx context.Context, g *konobi.Game) (rules.Move, error) {
	var s rules.Game = g.Clone()
	if e.cfg.NoSwap && g.SwapAvailable() {
		// The same position without the swap: the search only places.
		pos := strings.TrimSuffix(g.Position(), " swap") + " -"
		ng, err := konobi.Parse(pos)
		if err != nil {
			return 0, err
		}
		s = ng
	}
	lim := e.limits(g)
	side := g.SideToMove()
	start := e.cfg.Now()
	m, err := e.cfg.Search(ctx, s, lim, nil)
	e.clk.spend(side, e.cfg.Now().Sub(start))
	if err != nil {
		return 0, err
	}
	// The move of the searched copy, in the game played.
	return g.ParseMove(s.FormatMove(m))
}

// limits are the bounds of a search in g: the configured ones, with the
// clock's budget when it is tighter; the default move time when nothing
// bounds it.
func (e *Engine) limits(g rules.Game) searcher.Limits {
	lim := e.cfg.Limits
	if soft, hard, ok := e.clk.budget(g.SideToMove(), engine.MovesLeft(g), e.cfg.Overhead); ok {
		if lim.Time == 0 || hard < lim.Time {
			lim.Time, lim.Soft = hard, soft
		}
	} else if lim == (searcher.Limits{}) {
		lim.Time = e.cfg.MoveTime
	}
	return lim
}

func cmdUndo(_ context.Context, e *Engine, args []string) (string, error) {
	if err := nargs(args, 0, 0, "undo"); err != nil {
		return "", err
	}
	if _, err := e.line.Undo(1); err != nil {
		return "", failure("cannot undo", "no move to take back")
	}
	return "", nil
}

func cmdShowboard(_ context.Context, e *Engine, args []string) (string, error) {
	if err := nargs(args, 0, 0, "showboard"); err != nil {
		return "", err
	}
	g := e.game()
	n := g.Size()
	c := e.cfg.Coords
	var b strings.Builder
	files := "   "
	for col := 0; col < n; col++ {
		files += " " + string(c.letter(col))
	}
	b.WriteString("\n" + files + "\n")
	for r, row := range e.rows() {
		fmt.Fprintf(&b, " %2d %s %d\n", n-r, row, n-r)
	}
	b.WriteString(files + "\n")
	b.WriteString("black (X) joins top and bottom, white (O) left and right\n")
	switch res := g.Result(); {
	case res.Over():
		b.WriteString(rules.FormatResult(g, res))
	case g.SwapAvailable():
		b.WriteString("white to place, or swap")
	default:
		b.WriteString(colourName[g.SideToMove()] + " to place")
	}
	return b.String(), nil
}

// rows draws the board's ranks, the top one first: X black, O white, .
// empty, separated by spaces.
func (e *Engine) rows() []string {
	bd := e.game().Board()
	out := make([]string, bd.Rows)
	cell := make([]string, bd.Cols)
	for r := range out {
		for col := range cell {
			switch bd.At(r, col).Owner {
			case 0:
				cell[col] = "X"
			case 1:
				cell[col] = "O"
			default:
				cell[col] = "."
			}
		}
		out[r] = strings.Join(cell, " ")
	}
	return out
}

func cmdFinalScore(_ context.Context, e *Engine, args []string) (string, error) {
	if err := nargs(args, 0, 0, "final_score"); err != nil {
		return "", err
	}
	res := e.game().Result()
	if !res.Over() {
		return "", failure("cannot score", "the game is not over")
	}
	return [2]string{"B+", "W+"}[res.Winner], nil
}

// seconds reads a whole number of seconds (GTP's times are integers).
func seconds(s string) (time.Duration, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, failure("syntax error", "%q is not a number of seconds", s)
	}
	return time.Duration(n) * time.Second, nil
}

func stones(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, failure("syntax error", "%q is not a number of stones", s)
	}
	return n, nil
}

func cmdTimeSettings(_ context.Context, e *Engine, args []string) (string, error) {
	if err := nargs(args, 3, 3, "time_settings MAIN BYO STONES"); err != nil {
		return "", err
	}
	main, err := seconds(args[0])
	if err != nil {
		return "", err
	}
	byo, err := seconds(args[1])
	if err != nil {
		return "", err
	}
	n, err := stones(args[2])
	if err != nil {
		return "", err
	}
	e.clk.settings(main, byo, n)
	return "", nil
}

func cmdTimeLeft(_ context.Context, e *Engine, args []string) (string, error) {
	if err := nargs(args, 3, 3, "time_left COLOUR SECONDS STONES"); err != nil {
		return "", err
	}
	side, err := colour(args[0])
	if err != nil {
		return "", err
	}
	t, err := seconds(args[1])
	if err != nil {
		return "", err
	}
	n, err := stones(args[2])
	if err != nil {
		return "", err
	}
	e.clk.timeLeft(side, t, n)
	return "", nil
}

// placements lists the points where the colour to place may place, as
// GTP vertices, rank 1 first.
func (e *Engine) placements() []string {
	g := e.game()
	var out []string
	for _, m := range g.Moves(nil) {
		if m != konobi.MovePass && m != konobi.MoveSwap {
			out = append(out, e.cfg.Coords.format(g.FormatMove(m)))
		}
	}
	return out
}

func cmdLegal(_ context.Context, e *Engine, args []string) (string, error) {
	if err := nargs(args, 0, 1, "all_legal_moves [COLOUR]"); err != nil {
		return "", err
	}
	if len(args) == 1 {
		side, err := colour(args[0])
		if err != nil {
			return "", err
		}
		if side != e.game().SideToMove() {
			return "", nil
		}
	}
	return strings.Join(e.placements(), " "), nil
}

func cmdPosition(_ context.Context, e *Engine, _ []string) (string, error) {
	return e.game().Position(), nil
}

func cmdRulesSize(_ context.Context, e *Engine, _ []string) (string, error) {
	return strconv.Itoa(e.game().Size()), nil
}

func cmdRulesBoard(_ context.Context, e *Engine, _ []string) (string, error) {
	return strings.Join(e.rows(), "\n"), nil
}

func cmdRulesSide(_ context.Context, e *Engine, _ []string) (string, error) {
	return colourName[e.game().SideToMove()], nil
}

func cmdRulesLegal(_ context.Context, e *Engine, _ []string) (string, error) {
	g := e.game()
	if _, ok := rules.ForcedPass(g); ok {
		return "pass", nil
	}
	return strings.Join(e.placements(), " "), nil
}

func cmdRulesResult(_ context.Context, e *Engine, _ []string) (string, error) {
	g := e.game()
	res := g.Result()
	if !res.Over() {
		return "", failure("cannot score", "the game is not over")
	}
	return rules.FormatResult(g, res), nil
}
