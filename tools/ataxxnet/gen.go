package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"boardrepl/rules/ataxx"
	"boardrepl/rules/engine"
)

// gen plays self-play games and writes their positions, each with the
// search's score and the game's result, as training data (README.md,
// "Data"). Game i of a run is the same whatever -j, -shard or resumption:
// its openings come from (seed, i) and its engine forgets its table at the
// start of every game.
func gen(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("ataxxnet gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "the data file (appended to; games already in it are not played again)")
	games := fs.Int("games", 1000, "games of the whole run (a shard plays its part of them)")
	nodes := fs.Int64("nodes", 5000, "nodes per move of the searches")
	minOpen := fs.Int("opening-min", 4, "fewest random plies at the start of a game")
	maxOpen := fs.Int("opening-max", 8, "most random plies at the start of a game")
	balance := fs.Int("balance", 300, "a game whose first searched position scores beyond this (either way) is dropped: its random opening was unbalanced")
	seed := fs.Uint64("seed", 1, "seed of the openings")
	jobs := fs.Int("j", runtime.NumCPU(), "games in parallel")
	shardFlag := fs.String("shard", "", "K/N: play only the games whose number is K-1 modulo N")
	useNet := fs.Bool("net", false, "search with the network evaluation (the default is the hand-written one)")
	adjudicate := fs.Bool("adjudicate", false, "end a game when a search proves who wins (a won game or a known win in its score): the proven winner is the result, and the positions from there on are not written")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: ataxxnet gen -o FILE [-games N] [-nodes N] [-seed N] [-j N] [-shard K/N] [-net] [-adjudicate]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() != 0 {
		fs.Usage()
		return errors.New("gen: -o FILE is needed, and no other arguments")
	}
	if *games < 1 || *nodes < 1 || *jobs < 1 || *minOpen < 0 || *maxOpen < *minOpen {
		return errors.New("gen: -games, -nodes and -j must be positive, 0 <= -opening-min <= -opening-max")
	}
	k, n := 1, 1
	if *shardFlag != "" {
		a, b, ok := strings.Cut(*shardFlag, "/")
		var err1, err2 error
		k, err1 = strconv.Atoi(a)
		n, err2 = strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
			return fmt.Errorf("gen: -shard %q: want K/N with 1 <= K <= N", *shardFlag)
		}
	}
	done, err := resume(*out)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(*out, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	var todo []int
	for i := 0; i < *games; i++ {
		if i%n == k-1 && !done[i] {
			todo = append(todo, i)
		}
	}
	fmt.Fprintf(stderr, "ataxxnet gen: %d games to play (%d already in %s)\n", len(todo), len(done), *out)
	cfg := genConfig{nodes: *nodes, minOpen: *minOpen, maxOpen: *maxOpen, balance: *balance, seed: *seed, net: *useNet, adjudicate: *adjudicate}
	start := time.Now()
	var mu sync.Mutex
	var werr error
	positions, played := 0, 0
	next := make(chan int)
	var wg sync.WaitGroup
	for j := 0; j < *jobs; j++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := engine.New(engine.Options{HashEntries: 1 << 18, Selective: true})
			for i := range next {
				block, np := cfg.play(e, i)
				mu.Lock()
				if werr == nil {
					// One write a game: a run killed midway leaves at most
					// one partial block, which resume cuts off.
					_, werr = f.WriteString(block)
				}
				positions += np
				played++
				if played%100 == 0 {
					el := time.Since(start).Seconds()
					fmt.Fprintf(stderr, "ataxxnet gen: %d/%d games, %d positions, %.0f positions/s\n", played, len(todo), positions, float64(positions)/el)
				}
				mu.Unlock()
			}
		}()
	}
	for _, i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
	if werr != nil {
		return werr
	}
	fmt.Fprintf(stderr, "ataxxnet gen: %d games, %d positions in %.0f s\n", played, positions, time.Since(start).Seconds())
	return f.Close()
}

type genConfig struct {
	nodes            int64
	minOpen, maxOpen int
	balance          int
	seed             uint64
	net              bool
	adjudicate       bool
}

// play plays game i and returns its block for the data file (its
// positions, then the line "# game I ..." that closes it) and the number
// of positions in it.
func (c genConfig) play(e *engine.Engine, i int) (string, int) {
	rng := rand.New(rand.NewPCG(c.seed, uint64(i)))
	g0, err := ataxx.Info.NewGame(nil, "")
	if err != nil {
		panic(err)
	}
	g := g0.(*ataxx.Game)
	g.UseNetwork(c.net)
	e.NewGame()
	opening := c.minOpen + rng.IntN(c.maxOpen-c.minOpen+1)
	type row struct {
		pos   string
		score int
		side  int
	}
	var rows []row
	dropped := false
	adjudicated, provenWinner := false, -1
	for ply := 0; ply < 1000; ply++ {
		if over, _ := g.Outcome(); over {
			break
		}
		if ply < opening {
			ms := g.Moves(nil)
			g.Play(ms[rng.IntN(len(ms))])
			continue
		}
		res, err := e.Search(context.Background(), g, engine.Limits{Nodes: c.nodes}, nil)
		if err != nil {
			panic(err) // the game is not over: a search always has a move
		}
		if len(rows) == 0 && c.balance > 0 && abs(res.Score) > c.balance {
			dropped = true
			break
		}
		if c.adjudicate && abs(res.Score) >= engine.KnownWin {
			adjudicated, provenWinner = true, g.SideToMove()
			if res.Score < 0 {
				provenWinner = 1 - provenWinner
			}
			break
		}
		if !g.IsPass(res.Best) {
			rows = append(rows, row{g.Position(), res.Score, g.SideToMove()})
		}
		g.Play(res.Best)
	}
	over, winner := g.Outcome()
	if adjudicated {
		over, winner = true, provenWinner
	}
	var b strings.Builder
	if !dropped {
		for _, r := range rows {
			res := "0.5" // a draw, or the 1000-ply cap (never reached in practice)
			switch {
			case over && winner == r.side:
				res = "1"
			case over && winner == 1-r.side:
				res = "0"
			}
			fmt.Fprintf(&b, "%s\t%d\t%s\n", r.pos, r.score, res)
		}
	}
	result := "*"
	switch {
	case dropped:
		result = "dropped"
		rows = nil
	case over && winner == 0:
		result = "1-0"
	case over && winner == 1:
		result = "0-1"
	case over:
		result = "1/2-1/2"
	}
	if adjudicated {
		result += " adjudicated"
	}
	fmt.Fprintf(&b, "# game %d opening %d plies %d result %s\n", i, opening, g.Ply(), result)
	return b.String(), len(rows)
}

// resume reads the data file (when there is one), cuts off a block that a
// killed run left unfinished, and returns the games it holds.
func resume(path string) (map[int]bool, error) {
	done := map[int]bool{}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return done, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	var end int64 // the end of the last complete block
	var off int64
	for lineNo := 1; ; lineNo++ {
		line, err := r.ReadString('\n')
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		off += int64(len(line))
		if rest, ok := strings.CutPrefix(line, "# game "); ok {
			num, _, _ := strings.Cut(rest, " ")
			i, err := strconv.Atoi(num)
			if err != nil || i < 0 {
				return nil, fmt.Errorf("%s:%d: %q: want \"# game N ...\"", path, lineNo, strings.TrimSpace(line))
			}
			done[i] = true
			end = off
		}
	}
	if end < off {
		if err := os.Truncate(path, end); err != nil {
			return nil, err
		}
	}
	return done, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
