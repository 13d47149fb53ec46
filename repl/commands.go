package repl

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"boardrepl/internal/command"
	"boardrepl/rules"
	"boardrepl/rules/analysis"
)

// Command is one REPL command.
type Command struct {
	command.Spec // name, aliases, argument synopsis, summary, help
	Group        string
	// Run executes the command; args are the words after the name, rest the
	// text after the name as typed.
	Run func(ctx context.Context, r *REPL, args []string, rest string) error
	// Complete lists candidates for argument number i (0-based) given the
	// words before it.
	Complete func(r *REPL, i int, prev []string, word string) []string
	// WakesAI: after the command succeeds, the computer moves if it plays
	// the side to move (see 'help ai').
	WakesAI bool
}

var commands []*Command

func init() {
	commands = []*Command{
		// Play.
		{Spec: command.Spec{Name: "moves", Aliases: []string{"legal"}, Args: "[SQUARE]", Summary: "the legal moves; with a square, that piece's moves drawn on the board",
			Help: "Lists the legal moves of the side to move, sorted. With a square, lists\nthe moves of the piece there and marks its destinations on the board."},
			Group: "play", Run: cmdMoves, Complete: completeSquares},
		{Spec: command.Spec{Name: "play", Args: "[COLOR] MOVE...", Summary: "play moves (typing a move alone does the same)",
			Help: "Plays the moves in turn and shows the board. A move can also be typed\nwithout 'play'. An illegal move says why and stops there.\nAs GTP writes it, 'play COLOR MOVE...' plays from the side COLOR, its name\nor initial (black, white, b, w in Konobi and Tablut; red, blue, r, b in\nAtaxx; north, south, n, s in Oware), which must be the side to move.\n  play e5-e8      play black d4"},
			Group: "play", Run: cmdPlayAs, Complete: completeMoves, WakesAI: true},
		{Spec: command.Spec{Name: "undo", Aliases: []string{"back"}, Args: "[N]", Summary: "take back the last move (playing the computer: yours and its reply), or N",
			Help: "Takes back N moves (default 1); they can be replayed with redo. A forced\npass goes back together with the move before it. When the computer plays\none side ('ai'), undo alone takes back its reply and your move, so that it\nis your turn again; 'undo 1' takes back one move (the computer then waits:\n'ai' makes it move). After 'agree' or 'resign', undo takes back the end of\nthe game (and nothing else)."},
			Group: "play", Run: cmdUndo},
		{Spec: command.Spec{Name: "redo", Aliases: []string{"forward"}, Args: "[N]", Summary: "replay N undone moves (default 1)",
			Help: "Replays N moves taken back by undo or goto (default 1)."},
			Group: "play", Run: cmdRedo},
		{Spec: command.Spec{Name: "goto", Args: "N", Summary: "go to ply N of the line (0 = its start)",
			Help: "Goes to ply N of the current line, 0 being its start; the moves after it\ncan be replayed with redo. 'history' shows the plies."},
			Group: "play", Run: cmdGoto},
		{Spec: command.Spec{Name: "history", Aliases: []string{"hist"}, Summary: "the moves played, numbered",
			Help: "Lists the moves of the line by move number, and the undone moves that\nredo would replay."},
			Group: "play", Run: cmdHistory},
		{Spec: command.Spec{Name: "new", Args: "[GAME] [KEY=VALUE...]", Summary: "start a new game (this game, or another, with options)",
			Help: "Starts a new game: the same game and options without arguments; another\ngame by its id or alias; options as KEY=VALUE ('rules' lists them).\n  new            new oware awale          new ataxx blocks=4"},
			Group: "play", Run: cmdNew, Complete: completeNew, WakesAI: true},
		{Spec: command.Spec{Name: "clear_board", Summary: "a new game, the same game and options (GTP's clear_board)",
			Help: "Starts a new game of the same game with the same options, as 'new' without\narguments and GTP's clear_board do."},
			Group: "play", Run: cmdClearBoard, WakesAI: true},
		{Spec: command.Spec{Name: "boardsize", Args: "N", Summary: "a new game on an N x N board (GTP's boardsize; Konobi)",
			Help: "As GTP's boardsize: starts a new game of the current game with the option\nsize=N, the other options unchanged. Konobi has boards of 2x2 to 25x25\n('rules' shows the option); the other games have one board and refuse it.\n  boardsize 5"},
			Group: "play", Run: cmdBoardsize, Complete: completeBoardsize, WakesAI: true},
		{Spec: command.Spec{Name: "position", Aliases: []string{"pos", "fen"}, Args: "STRING|startpos|fen STRING [moves M...]", Summary: "set up a position from its position string",
			Help: "Replaces the position with STRING, the game's position string (as 'export'\nprints it; for Tablut also the server's JSON state). The move history starts\nagain from there. As in engine consoles, 'position startpos' is the start\nposition, 'position fen STRING' the same as 'position STRING', and\n'moves M...' at the end plays moves from there.\n  position startpos moves f2 a1b3     position fen x5o/7/7/7/7/7/o5x o 0 1"},
			Group: "play", Run: cmdPosition},
		{Spec: command.Spec{Name: "show", Aliases: []string{"board", "showboard"}, Summary: "draw the board",
			Help: "Draws the board: the last move in [brackets], squares it captured in\n(parentheses), and who is to move. 'legend' explains the marks.\n'showboard' is GTP's name for it; 'd' also prints the position string."},
			Group: "play", Run: cmdShow},
		{Spec: command.Spec{Name: "d", Aliases: []string{"display"}, Summary: "draw the board and print its position string (uai's d)",
			Help: "Draws the board as 'show' does, then prints the position string\n(as 'export' writes it and 'position' reads it), as the engine consoles'\nd and display do.\nIn Oware, d typed at the prompt is this command, not the pit D: play the\npit with D or 'play d'. In lines read from a pipe or a file, d where a\nmove stands is the pit D (printf 'c\\nj\\nd\\n' plays C, J and D)."},
			Group: "play", Run: cmdDisplay},
		{Spec: command.Spec{Name: "flip", Summary: "turn the board around",
			Help: "Turns the board 180 degrees (again to turn it back) and draws it."},
			Group: "play", Run: cmdFlip},
		{Spec: command.Spec{Name: "quiet", Args: "[on|off]", Summary: "after a move, only the status line (no board)",
			Help: "quiet on: after each move print only the status line (who is to move, the\nlast move and its captures); 'show' still draws the board. quiet off draws\nthe board again (the default; --quiet starts quiet). Without an argument,\nsays which is in force."},
			Group: "play", Run: cmdQuiet, Complete: func(*REPL, int, []string, string) []string { return []string{"on", "off"} }},
		{Spec: command.Spec{Name: "legend", Summary: "explain the marks on the board",
			Help: "Explains the pieces, special squares and marks of the current board."},
			Group: "play", Run: cmdLegend},
		{Spec: command.Spec{Name: "rules", Summary: "the rules of the current game in brief, and its options",
			Help: "Describes the current game: sides, start position, the options and their\nvalues, and how moves are written."},
			Group: "play", Run: cmdRules},
		{Spec: command.Spec{Name: "result", Summary: "whether the game is over, and how",
			Help: "Prints the result: who won and why, the score where the game has one, or\n'ongoing'."},
			Group: "play", Run: cmdResult},
		{Spec: command.Spec{Name: "agree", Aliases: []string{"draw"}, Summary: "end the game by the players' agreement",
			Help: "Ends the game here by agreement, with what the game's rules give: in Oware\neach player takes the seeds of his own row; in the other games it is a\ndraw. Moves are refused afterwards; undo takes the agreement back (and\nnothing else), goto or new leave it.\nA saved record keeps the agreed result."},
			Group: "play", Run: cmdAgree},
		{Spec: command.Spec{Name: "resign", Args: "[SIDE]", Summary: "give the game up (yours, when you play the computer)",
			Help: "Ends the game here: SIDE resigns and the other side wins. Without SIDE\nthe side to move resigns; when the computer plays the side to move (and\nnot the other: 'ai'), your side does. Moves are refused afterwards; undo\ntakes the resignation back (and nothing else). A saved record keeps the\nresult, with the reason in its Termination tag:\n  [Termination \"white wins (black resigned)\"]\n  resign          resign black"},
			Group: "play", Run: cmdResign, Complete: completeSides},
		{Spec: command.Spec{Name: "games", Summary: "the games boardrepl plays",
			Help: "Lists the games with their ids, aliases and a line of description."},
			Group: "play", Run: cmdGames},
		{Spec: command.Spec{Name: "perft", Args: "N", Summary: "count the leaf nodes of the move tree to depth N (Ctrl-C stops it)",
			Help: "Counts the positions reached by every sequence of N legal moves from the\ncurrent position, printing perft 1, 2, ... N as each depth completes.\nCtrl-C interrupts a long count and says how far the last depth got."},
			Group: "play", Run: cmdPerft},
		{Spec: command.Spec{Name: "divide", Args: "N", Summary: "perft N split by the first move",
			Help: "Like perft N, with the count below each legal move printed as it\ncompletes (in move order), then the total. Ctrl-C stops it and says how\nmany root moves were counted."},
			Group: "play", Run: cmdDivide},
		// Engine.
		{Spec: command.Spec{Name: "go", Args: "[LIMIT...] [multipv N] [exact|infinite] | perft N", Summary: "search this position, depth by depth (Ctrl-C stops it)",
			Help: "Searches the current position with the alpha-beta engine (its playing\nsearch unless exact: see below). After each depth it prints\n  depth D score S nodes N nps N time MS pv MOVES\n(MS: milliseconds) then  bestmove MOVE score S depth D  (the move is not\nplayed: type it, or 'play MOVE'). Scores are from the side to move's\nview: 100 is about a piece (a seed in Oware), #N a win in N plies, #-N a\nloss in N plies. Without a limit it searches for " + goDefault.String() + "; 'go infinite'\nsearches until Ctrl-C. Ctrl-C stops any search and prints the best move\nso far. The limits (LIMIT), in any order:\n" + limitsHelp + "\n" + goConsoleHelp + "\n  go           go depth 6        go time 10s nodes 1000000    go depth 7 exact\n  go movetime 300     go btime 60000 wtime 60000 binc 1000 winc 1000\n  go depth 8 multipv 3     go mate 2     go perft 4"},
			Group: "engine", Run: cmdGo, Complete: completeLimits(true)},
		{Spec: command.Spec{Name: "genmove", Args: "[COLOR] [depth N] [time T] [nodes N] [exact]", Summary: "the engine chooses a move for the side to move and plays it",
			Help: "Searches like 'hint' (" + hintDefault.String() + " unless limited), then plays the move it finds\n(as GTP's genmove does) and shows the board; the computer then replies if\nit plays the other side ('ai'). COLOR, as GTP writes it, names the side to\nmove: its name or initial (black, white, b, w in Konobi and Tablut; red,\nblue, r, b in Ataxx; north, south, n, s in Oware); another side is refused\n(the prompt plays in turn).\n" + limitsHelp + "\n  genmove        genmove depth 4        genmove black"},
			Group: "engine", Run: cmdGenmove, Complete: completeGenmove, WakesAI: true},
		{Spec: command.Spec{Name: "hint", Args: "[depth N] [time T] [nodes N] [exact] [multipv N]", Summary: "a quick search: a move to play, its score and line",
			Help: "Searches the current position briefly (" + hintDefault.String() + " unless limited) and suggests\na move with its score for the side to move and the expected line. The\nmove is not played. Where the game has an opening book (Oware with\ntournament endings) it suggests the book's move, and says so.\n  multipv N  the N best moves (all, when there are fewer), one line each,\n             the best first: hint 1: MOVE (...), hint 2: ... (searched,\n             never from the book; each line is one more search)\n" + limitsHelp + "\n  hint       hint depth 6 multipv 3"},
			Group: "engine", Run: cmdHint, Complete: completeHint},
		{Spec: command.Spec{Name: "eval", Summary: "the static evaluation of this position, term by term",
			Help: "Prints the game's static evaluation of the current position (no search),\nfrom the side to move's view: positive favours the side to move, 100 is\nabout a piece (a seed in Oware, a step of connection distance in Konobi).\nEach term is listed (material, mobility...), then their total; in Ataxx\nwithout blocks the evaluation is a network trained on self-play games, one\nterm (network), and with blocks the hand-written terms."},
			Group: "engine", Run: cmdEval},
		{Spec: command.Spec{Name: "ai", Aliases: []string{"computer"}, Args: "[SIDE|both|off] [LEVEL]", Summary: "the computer plays a side, or both, at a level 1-9",
			Help: aiHelp},
			Group: "engine", Run: cmdAI, Complete: completeAI},
		{Spec: command.Spec{Name: "analyse", Aliases: []string{"analyze"}, Args: "[depth N] [time T] [nodes N] [exact] [--svg FILE] [--annotate FILE [--force]]", Summary: "score every move so far; mark the bad ones ? and ??",
			Help: "Judges every move of the game from its start up to the current position\n" +
				"(depth " + strconv.Itoa(analysis.DefaultDepth) + " unless limited, 12 in Oware and 8 on Konobi boards up to 5x5,\n" +
				"where a ply costs less; the engine's selective search, as in play, a\n" +
				"fresh table for every position): the move played is scored by a search\n" +
				"of the position after it one ply shallower, so that it and the engine's\n" +
				"best move are judged at the same depth; each line gives its score for the\n" +
				"side that played it and, when the engine prefers another move, that move,\n" +
				"its score, the loss and its line:\n" +
				"  ply 3 red g1g3? +16, best e2 +242 (loss 226) line e2 a3 e2c3\n" +
				"A move losing " + strconv.Itoa(analysis.Dubious) + " or more (about a piece) and " + strconv.Itoa(analysis.DubiousChances) + " points of the mover's\n" +
				"expected score (in %, from the score by the logistic curve of chess sites:\n" +
				"+300 is 75 %) is marked ?, " + strconv.Itoa(analysis.Blunder) + " or more and " + strconv.Itoa(analysis.BlunderChances) + " points ??, so that a\n" +
				"loss in a game already decided is no blunder; one that throws away a\n" +
				"proven win is ?? (missed a win in N plies), one that walks into a proven\n" +
				"loss the best move avoids is ?? (allows a loss in N plies). A marked move\n" +
				"is searched again 2, then " + strconv.Itoa(analysis.DefaultConfirm) + " plies deeper and keeps the mildest mark: a\n" +
				"verdict is only given when it holds at every depth.\n" +
				"Then the best move now and the (up to 3) worst moves.\n" +
				"  --svg FILE  also draw the evaluation graph (score per ply, ? and ?? marked)\n" +
				"              as an SVG picture in FILE (a new file, or an SVG picture)\n" +
				"  --annotate FILE  also save the game as a record in FILE with the analysis\n" +
				"              in it, as lichess annotates games: each move's score\n" +
				"              { [%eval 0.17] }, and for a marked move its glyph, { (0.17 → -1.20)\n" +
				"              Mistake. e2 was best. } and the engine's line as a variation;\n" +
				"              'load FILE' reads it back. An existing FILE is kept unless --force.\n" +
				"Ctrl-C stops it; what was printed stays.\n" + limitsHelp},
			Group: "engine", Run: cmdAnalyse, Complete: completeLimits(false)},
		{Spec: command.Spec{Name: "study", Args: "[depth N] [time T] [nodes N] [exact] | off", Summary: "step through the game with the engine's verdicts (as lichess's analysis board)",
			Help: "Analyses the whole game as 'analyse' does (the same limits; undone moves\n" +
				"included) and keeps the analysis to browse it: next and prev (at the\n" +
				"terminal also the Right and Left arrow keys, on an empty line), goto N,\n" +
				"undo and redo step through the game, and each position shows the board,\n" +
				"the moves around it with their marks (the last one in brackets), the\n" +
				"verdict on the move that led there and the engine's best move and line\n" +
				"from there (Ataxx, f2 b2 f2d4 a2 g1e2, then 'goto 3'):\n" +
				"  study: ply 3 of 5\n" +
				"    1. f2 b2 2. [f2d4?] a2? 3. g1e2??\n" +
				"  ply 3 red f2d4? -180, best g2 +55 (loss 235 at depth 8; ?? at depth 6 not confirmed) line ...\n" +
				"  now blue to move: best c3 +167 line c3 b6 ...\n" +
				"The prompt reads 'ataxx study 3/5>'. While a study is on, next and prev\n" +
				"step through it instead of loading the saved positions; 'study off' gives\n" +
				"them back. Playing a move other than the game's next one, or starting\n" +
				"another game, ends the study (it says so). The analysis is kept: 'study'\n" +
				"again with the same limits (or after 'analyse' at the end of the game)\n" +
				"browses it at once; other limits, or a changed game, analyse again.\n" +
				"  study        study depth 4        study off"},
			Group: "engine", Run: cmdStudy, Complete: completeStudy},
		// Edit.
		{Spec: command.Spec{Name: "set", Aliases: []string{"put"}, Args: "SQUARE PIECE | score SIDE N", Summary: "put a piece on a square, ignoring the rules",
			Help: "Puts PIECE (written as in position strings: a letter, or a seed count for\npits) on SQUARE. The position must stay valid (one king, nothing on a\nblock...); the move history starts again from the edited position.\nIn Oware the board and the scores hold 48 seeds at most: set A 7 at the\nstart (51) is refused, saying how many to take off first; 'move B A 3'\nmoves seeds instead, keeping them in the game. 'set score SIDE N' sets\nwhat a side has captured (Oware), within the same 48.\n  set e4 K        set A 0        set score north 10"},
			Group: "edit", Run: cmdSet, Complete: completeSquares},
		{Spec: command.Spec{Name: "clear", Aliases: []string{"remove"}, Args: "SQUARE...", Summary: "empty squares (alone: clear the screen)",
			Help: "Removes what stands on the squares (for pits: sets them to 0).\nAlone, as in a shell, it clears the screen (at a terminal; Ctrl-L does\ntoo)."},
			Group: "edit", Run: cmdClear, Complete: completeSquares},
		{Spec: command.Spec{Name: "move", Aliases: []string{"mv"}, Args: "FROM TO [N]", Summary: "move a piece ignoring the rules (no capture)",
			Help: "Moves the piece on FROM to TO, whatever the rules say, replacing what\nstands there. The side to move does not change.\nOn a pit board (Oware) it moves N seeds (all of them without N) from pit\nFROM into pit TO, adding them to those there: the seeds in the game stay\nas many, as on a real board.\n  move e4 e6      move B A 3"},
			Group: "edit", Run: cmdMove, Complete: completeSquares},
		{Spec: command.Spec{Name: "side", Aliases: []string{"turn"}, Args: "SIDE", Summary: "set the side to move",
			Help: "Sets the side to move, by name (white, red...), initial or number 0/1."},
			Group: "edit", Run: cmdSide, Complete: completeSides},
		{Spec: command.Spec{Name: "reset", Summary: "back to the start position of this game",
			Help: "Sets up the start position of the current game and options, forgetting\nthe moves and edits."},
			Group: "edit", Run: cmdReset, WakesAI: true},
		{Spec: command.Spec{Name: "store", Args: "N", Summary: "save the position in slot N (0-9)",
			Help: "Saves the current position (and its game and options) in slot N, 0 to 9."},
			Group: "edit", Run: cmdStore, Complete: completeSlots},
		{Spec: command.Spec{Name: "recall", Args: "N", Summary: "load the position of slot N",
			Help: "Loads the position saved in slot N; the move history starts again there."},
			Group: "edit", Run: cmdRecall, Complete: completeSlots},
		{Spec: command.Spec{Name: "slots", Summary: "list the saved positions",
			Help: "Lists the slots that hold a position; '>' marks the last used."},
			Group: "edit", Run: cmdSlots},
		{Spec: command.Spec{Name: "next", Summary: "load the next saved position (in a study: the next ply)",
			Help: "Loads the position of the next used slot after the last one used,\nwrapping around. In a study ('study'; the prompt says so) it steps one ply\nforward instead, as the Right arrow key does."},
			Group: "edit", Run: studyStep(1, cmdNext)},
		{Spec: command.Spec{Name: "prev", Summary: "load the previous saved position (in a study: the ply before)",
			Help: "Loads the position of the used slot before the last one used, wrapping\naround. In a study ('study'; the prompt says so) it steps one ply back\ninstead, as the Left arrow key does."},
			Group: "edit", Run: studyStep(-1, cmdPrev)},
		{Spec: command.Spec{Name: "export", Args: "[FORMAT] | svg FILE", Summary: "print the position string (and other formats), or draw the board as SVG",
			Help: "Prints the position string, and the position in every other format the\ngame offers (Tablut: the server's JSON). With FORMAT, only that one.\n  export svg FILE   draws the board as an SVG diagram in FILE: pieces,\n                    special squares, the last move framed, captured squares\n                    crossed, coordinates on every side. FILE must be new or\n                    an SVG picture (which is replaced)."},
			Group: "edit", Run: cmdExport, Complete: completeFormats},
		// Files.
		{Spec: command.Spec{Name: "players", Args: "[NAME NAME]", Summary: "the players' names written in saved records",
			Help: "With two names, sets the players of the first and the second side (in the\norder 'rules' lists the sides), for the records 'save' writes; with none,\nshows them. Names are single words; '?' means unknown. After a Konobi swap\nthe players have exchanged colours: names go with the sides as they stand\nnow, and a saved record names who plays each colour after the swap.\n  players alice bob"},
			Group: "files", Run: cmdPlayers},
		{Spec: command.Spec{Name: "save", Args: "FILE", Summary: "write the game to a file (save! FILE overwrites)",
			Help: "Writes the game as a record: tags (game, options, start position, date,\nplayers, result) and the moves in the game's notation, with their glyphs,\ncomments and variations. The file is written\nwhole or not at all; an existing file is kept unless you type save!.\nA replaced file keeps its mode; a symbolic link is followed; save! writes\nstraight into a FIFO or a character device; a directory is refused. Quotes\naround the name are removed (save \"my game.txt\"); an empty name is refused."},
			Group: "files", Run: saveCommand(false), Complete: completeFiles},
		{Spec: command.Spec{Name: "save!", Args: "FILE", Summary: "write the game to a file, replacing it",
			Help: "Like save, but replaces an existing file."},
			Group: "hidden", Run: saveCommand(true), Complete: completeFiles},
		{Spec: command.Spec{Name: "load", Args: "FILE", Summary: "read a game record, a move list or a position from a file",
			Help: "Reads a file written by save (or any record in that form), a plain or\nnumbered list of moves (played from the start of the current game), an\nAtaxx PGN game (cuteataxx's, lichess's style) or an OGN game (Aualé's),\nor a position string. Glyphs, NAGs, comments and variations are kept\n(history shows the glyphs; save writes them all back); a result the moves\ncontradict is refused, one they do not reach unexplained is warned of.\nSee docs/files.md."},
			Group: "files", Run: cmdLoad, Complete: completeFiles, WakesAI: true},
		{Spec: command.Spec{Name: "explore", Args: "FILE... [plies N]", Summary: "the moves games played from this position, like an opening explorer", Help: exploreHelp},
			Group: "files", Run: cmdExplore, Complete: completeExplore},
		{Spec: command.Spec{Name: "run", Aliases: []string{"source"}, Args: "FILE [ARGS...]", Summary: "run the commands in a file, or a Lua script (FILE.lua)",
			Help: "Runs the lines of FILE as if typed; the first failing line stops it.\nA Lua script (FILE.lua; a file without a known extension when it\ncompiles as Lua, as 'boardrepl run' decides) is a Lua script (see scripts/README.md), run with\nits ARGS (arg[1]...) against the current game: current() is a copy of it,\nset_current(g) makes g the game (moves played on the copy are played here,\nso undo takes them back). Its checks are reported as they fail, then\n\"N passed, N failed\"; a failed check or a script error stops piped input.\nCtrl-C stops a script.\n  run setup.txt        run scripts/ataxx_openings.lua"},
			Group: "files", Run: cmdRun, Complete: completeFiles, WakesAI: true},
		{Spec: command.Spec{Name: "lua", Args: "CODE", Summary: "run Lua against the current game; an expression's value is printed",
			Help: "Runs CODE as Lua (the API of scripts/README.md) against the current game:\ncurrent() is a copy of it, set_current(g) puts g in its place. As at the\nstandalone Lua prompt, an expression (or '= EXPR', or a 'return') prints\nits values (a table by its content: {\"a6\", \"a7a5\", ...}), and a chunk\nleft open (a block, bracket or string) continues on the next lines\n(prompt '>> ') until it is complete; Ctrl-C drops it. Each\nchunk runs in a fresh Lua state: nothing is kept from one to the next.\n  lua current():perft(2)       lua = #current():moves()\n  lua for _, m in ipairs(current():moves()) do\n  >> print(m) end\n  lua local g = current(); g:play(g:search{depth=3}.best); set_current(g)"},
			Group: "files", Run: cmdLua},
		// Session.
		{Spec: command.Spec{Name: "help", Aliases: []string{"?"}, Args: "[COMMAND]", Summary: "this list, or a command's full help",
			Help: "Lists the commands, or explains one."},
			Group: "session", Run: cmdHelp, Complete: completeCommands},
		{Spec: command.Spec{Name: "list_commands", Summary: "the names of the commands, one per line (GTP's list_commands)",
			Help: "Prints the name of every command of the prompt, one per line, sorted\n(without their aliases), as GTP's list_commands does."},
			Group: "session", Run: cmdListCommands},
		{Spec: command.Spec{Name: "quit", Aliases: []string{"exit", "q"}, Summary: "leave (Ctrl-D does too)",
			Help: "Leaves boardrepl."},
			Group: "session", Run: func(context.Context, *REPL, []string, string) error { return errQuit }},
	}
}

// lookup finds a command by name or alias.
func lookup(name string) *Command {
	for _, c := range commands {
		if c.Matches(name) {
			return c
		}
	}
	return nil
}

// nearest returns the command names closest to a mistyped one.
func nearest(word string) []string {
	best, out := 3, []string(nil)
	for _, c := range commands {
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			d := distance(word, n)
			if strings.HasPrefix(n, word) && len(word) >= 2 {
				d = min(d, 1)
			}
			if d < best {
				best, out = d, []string{c.Name}
			} else if d == best && !contains(out, c.Name) {
				out = append(out, c.Name)
			}
		}
	}
	// A short word is near a name one edit away; a longer one, two: "zz"
	// is near nothing, though two edits make it "go" or "ai".
	if near := 1 + len(word)/5; best > near {
		return nil
	}
	if len(out) > 3 {
		out = out[:3]
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// distance is the Levenshtein distance (with transpositions) of two words.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

func noArgs(name string, args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("%s takes no arguments (got %q)", name, strings.Join(args, " "))
	}
	return nil
}

// count reads an optional count argument.
func count(name string, args []string, def int) (int, error) {
	if len(args) == 0 {
		return def, nil
	}
	if len(args) > 1 {
		return 0, fmt.Errorf("usage: %s [N]", name)
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s %s: want a number", name, args[0])
	}
	return n, nil
}

func cmdHelp(_ context.Context, r *REPL, args []string, _ string) error {
	if len(args) > 1 {
		return errors.New("usage: help [COMMAND]")
	}
	if len(args) == 1 {
		c := lookup(args[0])
		if c == nil {
			if near := nearest(args[0]); len(near) > 0 {
				return fmt.Errorf("no command %q (did you mean %s?)", args[0], strings.Join(near, " or "))
			}
			return fmt.Errorf("no command %q (type 'help' for the list)", args[0])
		}
		fmt.Fprint(r.out, c.FullHelp())
		return nil
	}
	fmt.Fprintf(r.out, "Type a move to play it (%s moves look like: %s).\n", r.s.Info().Name, sample(r.s.Game()))
	groups := []struct{ id, title string }{{"play", "Play"}, {"engine", "Engine"}, {"edit", "Edit"}, {"files", "Files"}, {"session", "Session"}}
	for _, gr := range groups {
		fmt.Fprintf(r.out, "%s:\n", gr.title)
		for _, c := range commands {
			if c.Group != gr.id {
				continue
			}
			fmt.Fprint(r.out, c.Line(26))
		}
	}
	fmt.Fprintln(r.out, "'help COMMAND' explains one; Tab completes commands, moves and files.")
	return nil
}

func sample(g rules.Game) string {
	ms := rules.MoveTexts(g)
	if len(ms) == 0 {
		return "none now"
	}
	if len(ms) > 3 {
		ms = ms[:3]
	}
	return strings.Join(ms, ", ")
}

// plural writes a count with its noun: "1 move", "3 moves".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
