package rules

import (
	"context"
	"fmt"
	"sync"
)

// Perft counts the leaf nodes of the legal move tree to the given depth.
// perft(0) = 1; a finished game has no moves, so it counts 0 at depth >= 1.
// It uses the game's own fast perft when it has one.
func Perft(g Game, depth int) uint64 {
	if p, ok := g.(Perfter); ok {
		return p.Perft(depth)
	}
	return GenericPerft(g, depth)
}

// GenericPerft counts through the Game interface only. It is the reference
// the fast perfts are tested against.
func GenericPerft(g Game, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	bufs := make([][]Move, depth)
	return genericPerft(g, depth, bufs)
}

func genericPerft(g Game, depth int, bufs [][]Move) uint64 {
	moves := g.Moves(bufs[depth-1][:0])
	bufs[depth-1] = moves
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for i := 0; i < len(moves); i++ {
		g.Play(moves[i])
		n += genericPerft(g, depth-1, bufs)
		g.Unplay()
	}
	return n
}

// DivideEntry is the perft count below one root move.
type DivideEntry struct {
	Move  string
	Nodes uint64
}

// Divide returns the perft(depth-1) count below each root move, in the order
// Moves lists them, using up to threads goroutines (threads < 1 means 1).
// depth must be at least 1.
func Divide(g Game, depth, threads int) ([]DivideEntry, error) {
	return DivideContext(context.Background(), g, depth, threads)
}

// ParallelPerft counts perft(depth) splitting the root moves over threads
// goroutines. With threads <= 1 or depth < 2 it is Perft.
func ParallelPerft(g Game, depth, threads int) uint64 {
	if threads <= 1 || depth < 2 {
		return Perft(g, depth)
	}
	n, _ := ParallelPerftContext(context.Background(), g, depth, threads)
	return n
}

// PerftContext is Perft that can be cancelled: it splits the tree into
// subtrees small enough to count in a moment (depth 4 or less, depth 2 when
// positions have many moves, as on a large Konobi board) and checks ctx
// between them. On cancellation it returns ctx's error.
func PerftContext(ctx context.Context, g Game, depth int) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if depth <= 2 {
		return Perft(g, depth), nil
	}
	moves := g.Moves(nil)
	if depth <= 4 && len(moves) <= wideBranching {
		return Perft(g, depth), nil
	}
	var n uint64
	for _, m := range moves {
		g.Play(m)
		k, err := PerftContext(ctx, g, depth-1)
		g.Unplay()
		if err != nil {
			return 0, err
		}
		n += k
	}
	return n, nil
}

// wideBranching is the number of moves above which PerftContext splits a
// subtree of depth 3 or 4 further (Tablut and Ataxx stay below it in most
// positions; a Konobi board of 10x10 or more does not).
const wideBranching = 64

// DivideContext is Divide that can be cancelled (see PerftContext). On
// cancellation it returns ctx's error and the entries counted so far are
// not complete.
func DivideContext(ctx context.Context, g Game, depth, threads int) ([]DivideEntry, error) {
	if depth < 1 {
		return nil, fmt.Errorf("divide needs depth >= 1")
	}
	moves := g.Moves(nil)
	out := make([]DivideEntry, len(moves))
	for i, m := range moves {
		out[i].Move = g.FormatMove(m)
	}
	if threads < 1 {
		threads = 1
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for t := 0; t < threads; t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := g.Clone()
			for i := range next {
				c.Play(moves[i])
				out[i].Nodes, _ = PerftContext(ctx, c, depth-1)
				c.Unplay()
			}
		}()
	}
feed:
	for i := range moves {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// ParallelPerftContext is ParallelPerft that can be cancelled (see
// PerftContext).
func ParallelPerftContext(ctx context.Context, g Game, depth, threads int) (uint64, error) {
	if threads <= 1 || depth < 2 {
		return PerftContext(ctx, g, depth)
	}
	d, err := DivideContext(ctx, g, depth, threads)
	if err != nil {
		return 0, err
	}
	var n uint64
	for _, e := range d {
		n += e.Nodes
	}
	return n, nil
}
