package openings

import (
	"context"
	"fmt"
	"sync"

	"boardrepl/rules"
	"boardrepl/rules/engine"
)

// evalTable is the size of the table of each evaluating engine, in
// entries: the same whatever the number of workers, so that no figure
// depends on it.
const evalTable = 1 << 18

// Evaluate scores every position of the tree that has no score yet and is
// not a finished game: the selective search (the engine's playing search,
// without an opening book, a draw scored as a draw) to depth, on the
// position string parsed afresh and with a fresh table for each position,
// so that a score depends on its position alone, not on the order of the
// searches nor on jobs, the number of positions searched at once.
// progress, when not nil, is called after each search with the number
// done and the number to do. A cancelled ctx stops it with ctx's error.
func (t *Tree) Evaluate(ctx context.Context, depth, jobs int, progress func(done, total int)) error {
	if depth < 1 || depth >= engine.MaxPly {
		return fmt.Errorf("depth %d: want 1 to %d", depth, engine.MaxPly-1)
	}
	if t.Depth != 0 && t.Depth != depth {
		return fmt.Errorf("the tree is scored at depth %d, not %d", t.Depth, depth)
	}
	t.Depth = depth
	var todo []*Node
	for _, n := range t.Nodes() {
		if n.Eval == nil {
			todo = append(todo, n)
		}
	}
	opts, err := t.Info.ParseOptions(t.Options)
	if err != nil {
		return err
	}
	work := make(chan *Node)
	errs := make(chan error, 1)
	var mu sync.Mutex
	done := 0
	var wg sync.WaitGroup
	for w := 0; w < max(jobs, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := engine.New(engine.Options{HashEntries: evalTable, Selective: true, NoBook: true, Contempt: -1})
			for n := range work {
				ev, err := evaluate(ctx, e, t.Info, opts, n.Position, depth)
				if err != nil {
					select {
					case errs <- err:
					default:
					}
					continue
				}
				mu.Lock()
				n.Eval = ev
				done++
				if progress != nil {
					progress(done, len(todo))
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for _, n := range todo {
		select {
		case work <- n:
		case err := <-errs:
			errs <- err
			break feed
		case <-ctx.Done():
			break feed
		}
	}
	close(work)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
	}
	return ctx.Err()
}

// evaluate searches one position; a finished game has no score (nil).
func evaluate(ctx context.Context, e *engine.Engine, info *rules.Info, opts rules.Options, pos string, depth int) (*Eval, error) {
	g, err := info.Parse(opts, pos)
	if err != nil {
		return nil, fmt.Errorf("position %q: %v", pos, err)
	}
	if over, _ := rules.Outcome(g); over {
		return nil, nil
	}
	e.NewGame()
	res, err := e.Search(ctx, g, engine.Limits{Depth: depth}, nil)
	if err != nil {
		return nil, fmt.Errorf("position %q: %v", pos, err)
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return &Eval{Depth: res.Depth, Score: res.Score}, nil
}
