package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"boardrepl/rules"
	"boardrepl/telnet"

	"github.com/rogpeppe/go-internal/testscript"
)

// cmdTelnet is the transcripts' "telnet GAME [KEY=VALUE...] SCRIPT" command:
// it serves GAME as 'boardrepl serve' does (records in ./records) and plays
// SCRIPT with two telnet clients, a and b, a connecting first. Script lines:
//
//	a> TEXT     client a sends TEXT
//	a? TEXT     wait (5s at most) until client a has received TEXT
//
// Then it prints what each client received, every line prefixed with
// "a: " or "b: " (carriage returns dropped), for stdout assertions.
func cmdTelnet(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: telnet GAME [KEY=VALUE...] SCRIPT")
	}
	info, err := rules.Lookup(args[0])
	ts.Check(err)
	ts.Check(os.MkdirAll(ts.MkAbs("records"), 0o755))
	srv, err := telnet.New(telnet.Config{Info: info, Options: args[1 : len(args)-1], Idle: time.Minute,
		RecordDir: ts.MkAbs("records"), Render: serveRender(info)})
	ts.Check(err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	ts.Check(err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	defer func() { cancel(); <-done }()

	type client struct {
		conn net.Conn
		mu   sync.Mutex
		seen strings.Builder
		pos  int // what a '?' line has consumed
	}
	clients := map[string]*client{}
	dial := func(name string) *client {
		if c, ok := clients[name]; ok {
			return c
		}
		conn, err := net.Dial("tcp", ln.Addr().String())
		ts.Check(err)
		c := &client{conn: conn}
		go func() {
			buf := make([]byte, 4096)
			for {
				n, err := conn.Read(buf)
				c.mu.Lock()
				c.seen.Write(buf[:n])
				c.mu.Unlock()
				if err != nil {
					return
				}
			}
		}()
		clients[name] = c
		return c
	}
	sc := bufio.NewScanner(strings.NewReader(ts.ReadFile(args[len(args)-1])))
	for ln := 1; sc.Scan(); ln++ {
		l := sc.Text()
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if len(l) < 3 || (l[1] != '>' && l[1] != '?') {
			ts.Fatalf("line %d: %q: want 'a> TEXT' or 'a? TEXT'", ln, l)
		}
		c, text := dial(l[:1]), strings.TrimPrefix(l[2:], " ")
		if l[1] == '>' {
			_, err := io.WriteString(c.conn, text+"\r\n")
			ts.Check(err)
			continue
		}
		deadline := time.Now().Add(5 * time.Second)
		for {
			c.mu.Lock()
			s := c.seen.String()
			c.mu.Unlock()
			if i := strings.Index(s[c.pos:], text); i >= 0 {
				c.pos += i + len(text)
				break
			}
			if time.Now().After(deadline) {
				ts.Fatalf("line %d: client %s did not receive %q; got:\n%s", ln, l[:1], text, s)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	for _, name := range []string{"a", "b"} {
		c, ok := clients[name]
		if !ok {
			continue
		}
		c.conn.Close()
		c.mu.Lock()
		for _, l := range strings.Split(strings.ReplaceAll(c.seen.String(), "\r", ""), "\n") {
			fmt.Fprintf(ts.Stdout(), "%s: %s\n", name, l)
		}
		c.mu.Unlock()
	}
}
