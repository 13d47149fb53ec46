package tablutnet

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestCLIUsage(t *testing.T) {
	for _, c := range []struct {
		run  func([]string, io.Reader, io.Writer, io.Writer) int
		args []string
		code int
		want string
	}{
		{RunClient, []string{"-h"}, 0, "usage: boardrepl tablut-client"},
		{RunClient, nil, 2, "--role is required"},
		{RunClient, []string{"--role", "red"}, 2, `--role "red": want white or black`},
		{RunClient, []string{"--role", "white", "--player", "x"}, 2, "--player"},
		{RunClient, []string{"--role", "white", "--timeout", "0"}, 2, "--timeout"},
		{RunServer, []string{"-h"}, 0, "usage: boardrepl tablut-server"},
		{RunServer, []string{"--white-port", "7000", "--black-port", "7000"}, 2, "two ports"},
		{RunServer, []string{"--errors", "-1"}, 2, "--errors"},
		{RunServer, []string{"extra"}, 2, "unexpected argument"},
	} {
		var out, errb strings.Builder
		code := c.run(c.args, strings.NewReader(""), &out, &errb)
		if code != c.code || !strings.Contains(out.String()+errb.String(), c.want) {
			t.Errorf("%q: exit %d (want %d), output %q %q", c.args, code, c.code, out.String(), errb.String())
		}
	}
}

// TestCLIGame runs tablut-server and two tablut-clients through their
// command-line entry points, on loopback with ports the system picks.
func TestCLIGame(t *testing.T) {
	// The signal package starts its goroutine once per process.
	_, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	stop()
	checkLeaks(t)
	dir := t.TempDir()
	pr, pw := io.Pipe()
	var serverErr strings.Builder
	srvCode := make(chan int, 1)
	go func() {
		srvCode <- RunServer([]string{"--white-port", "0", "--black-port", "0", "--time", "5", "--connect-timeout", "10",
			"--log", dir, "--record", filepath.Join(dir, "server.txt")}, nil, pw, &serverErr)
		pw.Close()
	}()
	sc := bufio.NewScanner(pr)
	if !sc.Scan() {
		t.Fatalf("server: %s", serverErr.String())
	}
	m := regexp.MustCompile(`^white on 127\.0\.0\.1:(\d+), black on 127\.0\.0\.1:(\d+)$`).FindStringSubmatch(sc.Text())
	if m == nil {
		t.Fatalf("server said %q", sc.Text())
	}
	var console strings.Builder
	go func() {
		for sc.Scan() {
			console.WriteString(sc.Text() + "\n")
		}
	}()
	var wg sync.WaitGroup
	var outs [2]syncBuffer
	var errs [2]syncBuffer
	var codes [2]int
	for side, args := range [][]string{
		{"--role", "white", "--port", m[1], "--player", "random", "--seed", "3", "--timeout", "5", "--name", "Ann"},
		{"--role", "black", "--port", m[2], "--player", "first", "--timeout", "5", "--record", filepath.Join(dir, "black.txt"), "--verbose"},
	} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[side] = RunClient(append(args, "--host", "127.0.0.1"), nil, &outs[side], &errs[side])
		}()
		if side == 0 {
			// white must be accepted first; give him a moment
			for !strings.Contains(outs[0].String(), "connected") {
				time.Sleep(time.Millisecond)
			}
		}
	}
	wg.Wait()
	if c := <-srvCode; c != 0 || codes != [2]int{0, 0} {
		t.Fatalf("exit codes: server %d, clients %v\nserver: %s\nwhite: %s%s\nblack: %s%s", c, codes, serverErr.String(), outs[0].String(), errs[0].String(), outs[1].String(), errs[1].String())
	}
	black, err := os.ReadFile(filepath.Join(dir, "black.txt"))
	if err != nil {
		t.Fatal(err)
	}
	server, _ := os.ReadFile(filepath.Join(dir, "server.txt"))
	// The two records differ only in the names black does not know.
	if strings.Replace(string(black), `[White "?"]`, `[White "Ann"]`, 1) != strings.Replace(string(server), `[Black "boardrepl"]`, `[Black "boardrepl"]`, 1) {
		t.Errorf("records differ:\n%s\n%s", black, server)
	}
	if !strings.Contains(outs[0].String(), "result: ") || !strings.Contains(outs[0].String(), `[White "Ann"]`) {
		t.Errorf("white's output:\n%s", outs[0].String())
	}
	// --verbose: a search line after each of black's moves (the first
	// legal move: depth 1), none from white.
	if !regexp.MustCompile(`(?m)^search: [a-i][1-9]-[a-i][1-9] depth 1 score \+0 nodes [0-9]+ in 0s, sent after `).MatchString(outs[1].String()) ||
		strings.Contains(outs[0].String(), "search: ") {
		t.Errorf("--verbose: black's output:\n%s\nwhite's:\n%s", outs[1].String(), outs[0].String())
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "_Ann_vs_boardrepl_*_gameLog.txt"))
	if len(logs) != 1 {
		t.Errorf("game logs %q", logs)
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
