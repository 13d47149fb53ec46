package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"boardrepl/internal/atomicfile"
	"boardrepl/internal/textfile"

	"github.com/chzyer/readline"
)

// lineReader is what the REPL needs from a line editor; chzyer/readline
// provides it at a terminal.
type lineReader interface {
	Readline() (string, error)
	SetPrompt(prompt string)
	Close() error
}

// terminalConfig says where the terminal front end reads and writes.
type terminalConfig struct {
	stdin   io.Reader
	stdout  io.Writer
	history string // the history file, "" for none
	// fake makes readline treat stdin as a terminal without touching any
	// real one (tests).
	fake bool
	// interrupts delivers Ctrl-C while a command runs; nil means SIGINT.
	interrupts <-chan os.Signal
	// pace is the least time a move of 'ai both' stays on the screen
	// (aiWatchPace; 0 in tests).
	pace time.Duration
}

// historyFile is the history file in the user's state directory
// ($XDG_STATE_HOME/boardrepl/history, ~/.local/state/boardrepl/history),
// or "" when there is no such directory.
func historyFile() string {
	dir := os.Getenv("XDG_STATE_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(dir, "boardrepl", "history")
}

// arrowKeys makes the Right and Left arrow keys, pressed on an empty line
// while a study is on, the commands next and prev: readline's own key
// handling (the keys move the cursor), filtered before it. The filter and
// the listener run on readline's goroutine, hence the atomics; the keys
// pressed ahead, while a command runs, wait in order in pending.
type arrowKeys struct {
	study   atomic.Bool // a study is on (set before each line is read)
	empty   atomic.Bool // the line being typed is empty
	pending chan string
}

func newArrowKeys() *arrowKeys {
	k := &arrowKeys{pending: make(chan string, 64)}
	k.empty.Store(true)
	return k
}

// filter turns an arrow key on an empty line of a study into Enter, and
// queues the command it stands for (take).
func (k *arrowKeys) filter(key rune) (rune, bool) {
	var cmd string
	switch key {
	case readline.CharForward:
		cmd = "next"
	case readline.CharBackward:
		cmd = "prev"
	}
	if cmd == "" || !k.study.Load() || !k.empty.Load() {
		return key, true
	}
	select {
	case k.pending <- cmd:
		return readline.CharEnter, true
	default: // too many keys ahead: this one moves the cursor, as ever
		return key, true
	}
}

// listen follows the line being typed, key by key (not readline's call
// when it starts reading a line, key 0: keys typed ahead may be there).
func (k *arrowKeys) listen(line []rune, pos int, key rune) ([]rune, int, bool) {
	if key != 0 {
		k.empty.Store(len(line) == 0)
	}
	return nil, 0, false
}

// take returns the command the next arrow key stood for ("" for none).
func (k *arrowKeys) take() string {
	select {
	case cmd := <-k.pending:
		return cmd
	default:
		return ""
	}
}

func newReadline(r *REPL, tc terminalConfig) (*readline.Instance, error) {
	cfg := &readline.Config{
		Prompt:            r.prompt(),
		AutoComplete:      completer{r},
		InterruptPrompt:   "^C",
		EOFPrompt:         "quit",
		HistorySearchFold: true,
		HistoryLimit:      historyLimit,
		Stdout:            tc.stdout,
		Stderr:            r.err,
	}
	if r.keys != nil {
		cfg.FuncFilterInputRune = r.keys.filter
		cfg.SetListener(r.keys.listen)
	}
	if f, ok := tc.stdin.(*os.File); !ok || f != os.Stdin {
		if rc, ok := tc.stdin.(io.ReadCloser); ok {
			cfg.Stdin = rc
		} else {
			cfg.Stdin = io.NopCloser(tc.stdin)
		}
	}
	if tc.fake {
		cfg.FuncIsTerminal = func() bool { return true }
		cfg.FuncMakeRaw = func() error { return nil }
		cfg.FuncExitRaw = func() error { return nil }
		cfg.FuncGetWidth = func() int { return 80 }
		cfg.FuncOnWidthChanged = func(func()) {}
	}
	return readline.NewEx(cfg)
}

// The history file is read and written here, not by readline, which read
// it whole with no bound (a history that was a link to /dev/full took all
// the memory before the first prompt) and followed it wherever it led.
const (
	historyLimit    = 1000    // lines kept, in the file and in memory
	maxHistoryBytes = 1 << 20 // bytes read from the end of the file
)

// history appends the lines typed to the history file.
type history struct {
	f    *os.File // nil once the history is not saved
	last string   // the last line saved (a line typed again is not)
	err  io.Writer
}

// openHistory opens the history file name (creating it and its folder)
// and returns its last historyLimit lines, read from at most its last
// maxHistoryBytes; a file holding more is rewritten with those. A file
// that is not a regular file (a FIFO, a device, a link to one) is neither
// read nor written: the error says what it is. A failed write later is
// said on errOut.
func openHistory(name string, errOut io.Writer) (*history, []string, error) {
	if err := os.MkdirAll(filepath.Dir(name), 0o700); err != nil {
		return nil, nil, err
	}
	f, err := openHistoryFile(name)
	if err != nil {
		return nil, nil, err
	}
	lines, whole, err := readHistory(f)
	if err == nil && !whole {
		// Only the lines kept stay in the file, as readline did.
		f.Close()
		f = nil
		var text strings.Builder
		for _, l := range lines {
			text.WriteString(l + "\n")
		}
		if err = atomicfile.Write(name, []byte(text.String()), true); err == nil {
			f, err = openHistoryFile(name)
		}
	}
	if err != nil {
		if f != nil {
			f.Close()
		}
		return nil, nil, err
	}
	h := &history{f: f, err: errOut}
	if len(lines) > 0 {
		h.last = lines[len(lines)-1]
	}
	return h, lines, nil
}

// openHistoryFile opens name to read and append, if it is a regular file
// or nothing. It is checked before opening (opening a device can have
// effects) and after, on the descriptor; the open does not wait (a FIFO).
func openHistoryFile(name string) (*os.File, error) {
	if st, err := os.Stat(name); err == nil && !st.Mode().IsRegular() {
		return nil, textfile.NotRegular(name, st.Mode())
	}
	f, err := os.OpenFile(name, os.O_RDWR|os.O_APPEND|os.O_CREATE|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0o600)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = textfile.NotRegular(name, st.Mode())
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// readHistory reads the last historyLimit non-blank lines of f from at
// most its last maxHistoryBytes (a line cut there is dropped); whole is
// false when something was left.
func readHistory(f *os.File) (lines []string, whole bool, err error) {
	st, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	off := max(st.Size()-maxHistoryBytes, 0)
	data, err := io.ReadAll(io.NewSectionReader(f, off, maxHistoryBytes))
	if err != nil {
		return nil, false, err
	}
	text := string(data)
	if off > 0 {
		_, text, _ = strings.Cut(text, "\n")
	}
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	whole = off == 0 && len(lines) <= historyLimit
	if len(lines) > historyLimit {
		lines = lines[len(lines)-historyLimit:]
	}
	return lines, whole, nil
}

// add appends a line typed to the file (a blank line, or the line saved
// last, is not); after a failed write, the history is no longer saved,
// which is said once.
func (h *history) add(line string) {
	line = strings.TrimSpace(line)
	if h.f == nil || line == "" || line == h.last {
		return
	}
	h.last = line
	if _, err := h.f.WriteString(line + "\n"); err != nil {
		fmt.Fprintf(h.err, "boardrepl: the history is no longer saved: %v\n", err)
		h.close()
	}
}

func (h *history) close() {
	if h.f != nil {
		h.f.Close()
		h.f = nil
	}
}

// savingReader is readline with the history file: each line read is
// saved.
type savingReader struct {
	*readline.Instance
	h *history
}

func (s savingReader) Readline() (string, error) {
	line, err := s.Instance.Readline()
	if err == nil {
		s.h.add(line)
	}
	return line, err
}

// runTerminal is the interactive loop: a banner and the board, then one
// command per line until Ctrl-D or quit. Ctrl-C at the prompt clears the
// line; during a command it cancels the command.
func (r *REPL) runTerminal(tc terminalConfig) int {
	r.interactive, r.pace, r.keys = true, tc.pace, newArrowKeys()
	rl, err := newReadline(r, tc)
	if err != nil {
		fmt.Fprintf(r.err, "boardrepl: %v\n", err)
		return 1
	}
	defer rl.Close()
	var lr lineReader = rl
	if tc.history != "" {
		h, lines, err := openHistory(tc.history, r.err)
		if err != nil {
			fmt.Fprintf(r.err, "boardrepl: this session's history is not saved: %v\n", err)
		} else {
			defer h.close()
			for _, l := range lines {
				rl.SaveHistory(l)
			}
			lr = savingReader{rl, h}
		}
	}
	sigc := tc.interrupts
	if sigc == nil {
		c := make(chan os.Signal, 1)
		signal.Notify(c, os.Interrupt)
		defer signal.Stop(c)
		sigc = c
	}
	return r.loop(lr, sigc)
}

func (r *REPL) loop(rl lineReader, sigc <-chan os.Signal) int {
	fmt.Fprintln(r.out, r.banner())
	r.show()
	for {
		rl.SetPrompt(r.prompt())
		if r.keys != nil {
			r.keys.study.Store(r.study != nil)
		}
		line, err := rl.Readline()
		if r.keys != nil && err == nil && line == "" {
			line = r.keys.take() // an arrow key in a study
		}
		if errors.Is(err, readline.ErrInterrupt) {
			if r.luaBuf != "" {
				r.luaBuf = ""
				fmt.Fprintln(r.out, "(the unfinished Lua chunk is dropped)")
				continue
			}
			if line == "" {
				fmt.Fprintln(r.out, "(type quit or press Ctrl-D to leave)")
			}
			continue
		}
		if errors.Is(err, io.EOF) {
			return 0
		}
		if err != nil {
			fmt.Fprintf(r.err, "boardrepl: %v\n", err)
			return 1
		}
		err = r.execInterruptible(line, sigc)
		if errors.Is(err, errQuit) {
			return 0
		}
		if err != nil {
			fmt.Fprintf(r.err, "error: %v\n", err)
		}
	}
}

// execInterruptible runs a line with a context that an interrupt cancels.
func (r *REPL) execInterruptible(line string, sigc <-chan os.Signal) error {
	// Forget interrupts that came while no command ran.
	for drained := false; !drained; {
		select {
		case <-sigc:
		default:
			drained = true
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-sigc:
			cancel()
		case <-done:
		}
	}()
	return r.Exec(ctx, line)
}
