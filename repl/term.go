package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"

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

func newReadline(r *REPL, tc terminalConfig) (*readline.Instance, error) {
	cfg := &readline.Config{
		Prompt:            r.prompt(),
		AutoComplete:      completer{r},
		InterruptPrompt:   "^C",
		EOFPrompt:         "quit",
		HistorySearchFold: true,
		HistoryLimit:      1000,
		Stdout:            tc.stdout,
		Stderr:            r.err,
	}
	if tc.history != "" {
		if err := os.MkdirAll(filepath.Dir(tc.history), 0o700); err == nil {
			cfg.HistoryFile = tc.history
		}
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

// runTerminal is the interactive loop: a banner and the board, then one
// command per line until Ctrl-D or quit. Ctrl-C at the prompt clears the
// line; during a command it cancels the command.
func (r *REPL) runTerminal(tc terminalConfig) int {
	rl, err := newReadline(r, tc)
	if err != nil {
		fmt.Fprintf(r.err, "boardrepl: %v\n", err)
		return 1
	}
	defer rl.Close()
	sigc := tc.interrupts
	if sigc == nil {
		c := make(chan os.Signal, 1)
		signal.Notify(c, os.Interrupt)
		defer signal.Stop(c)
		sigc = c
	}
	return r.loop(rl, sigc)
}

func (r *REPL) loop(rl lineReader, sigc <-chan os.Signal) int {
	fmt.Fprintln(r.out, r.banner())
	r.show()
	for {
		rl.SetPrompt(r.prompt())
		line, err := rl.Readline()
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
