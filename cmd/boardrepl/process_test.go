package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// started is boardrepl run as a child process, its stdout read line by line.
type started struct {
	cmd    *exec.Cmd
	lines  chan string
	stderr lockedBuffer
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func startMain(t *testing.T, args ...string) *started {
	return startCmd(t, exec.Command(os.Args[0], args...))
}

func startCmd(t *testing.T, cmd *exec.Cmd) *started {
	t.Helper()
	s := &started{cmd: cmd, lines: make(chan string, 1000)}
	s.cmd.Env = append(os.Environ(), "BOARDREPL_TEST_MAIN=1")
	s.cmd.Stderr = &s.stderr
	out, err := s.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() { s.cmd.Process.Kill(); s.cmd.Wait() })
	return s
}

// waitLine reads stdout up to a line starting with prefix and returns every
// line read; it fails if the output ends first. The deadline only guards
// against a hang; nothing is timed.
func (s *started) waitLine(t *testing.T, prefix string) []string {
	t.Helper()
	var got []string
	deadline := time.After(2 * time.Minute)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				t.Fatalf("output ended before %q; got %q, stderr %q", prefix, got, s.stderr.String())
			}
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-deadline:
			t.Fatalf("no %q line after 2 minutes", prefix)
		}
	}
}

// finish waits for the process's end and returns the rest of stdout and
// its exit status.
func (s *started) finish(t *testing.T) ([]string, int) {
	t.Helper()
	var rest []string
	for l := range s.lines {
		rest = append(rest, l)
	}
	err := s.cmd.Wait()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return rest, 0
	case errors.As(err, &ee) && ee.Exited():
		return rest, ee.ExitCode()
	}
	t.Fatalf("process did not exit by itself: %v (stderr %q)", err, s.stderr.String())
	return nil, 0
}

var interruptedLine = regexp.MustCompile(`^perft: interrupted at depth (\d+) \((?:depth 1|depths 1-(\d+)) done\)$`)

// checkInterrupted checks that perft stopped with status 1 and that the
// depths it says are done are exactly the depth lines printed.
func checkInterrupted(t *testing.T, s *started, printed []string) {
	t.Helper()
	rest, code := s.finish(t)
	printed = append(printed, rest...)
	if code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	msg := strings.TrimSpace(s.stderr.String())
	m := interruptedLine.FindStringSubmatch(msg)
	if m == nil {
		t.Fatalf("stderr %q, want the interrupted line", msg)
	}
	depths := 0
	for _, l := range printed {
		if strings.HasPrefix(l, "depth ") {
			depths++
			if !strings.HasPrefix(l, fmt.Sprintf("depth %d ", depths)) {
				t.Errorf("depth line %q out of order", l)
			}
		}
	}
	if m[1] != fmt.Sprint(depths+1) {
		t.Errorf("stderr says depth %s was interrupted, but %d depths were printed", m[1], depths)
	}
}

// Ctrl-C stops perft cleanly: the depths done stand, one line says where it
// stopped, status 1.
func TestPerftInterrupt(t *testing.T) {
	s := startMain(t, "perft", "-g", "oware", "-d", "40")
	printed := s.waitLine(t, "depth 3 ")
	if err := s.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	checkInterrupted(t, s, printed)
}

// Started with SIGINT ignored (a shell's background job), perft keeps
// ignoring it, and SIGTERM still stops it cleanly.
func TestPerftSIGINTIgnored(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	// As a shell starts a background job: SIGINT ignored, which exec keeps.
	s := startCmd(t, exec.Command(sh, "-c", `trap "" INT; exec "$0" "$@"`, os.Args[0], "perft", "-g", "oware", "-d", "40", "-t", "2"))
	printed := s.waitLine(t, "depth 3 ")
	if err := s.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	// Still running: more depths come after the SIGINT.
	printed = append(printed, s.waitLine(t, "depth 9 ")...)
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	checkInterrupted(t, s, printed)
}
