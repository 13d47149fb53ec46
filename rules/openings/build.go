package openings

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"boardrepl/internal/textfile"
	"boardrepl/rules"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
)

// Formats read what other programs write; the zero value reads nothing
// but boardrepl's records and move lists.
type Formats struct {
	// Convert turns a record in another program's format (an Ataxx PGN or
	// OGN game) into boardrepl's form: rules/record/native.Convert.
	Convert func(r *record.Record, game string) (rec *record.Record, format, warning string, err error)
	// IsLog recognises, by its first few kilobytes, a file that is one game
	// in a format the record scanner does not read, and ReadLog reads it
	// (the Tablut challenge server's logs: rules/record/tablutlog).
	IsLog   func(head []byte) bool
	ReadLog func(r io.Reader) (*record.Record, error)
}

// Foreign is what Build reads besides boardrepl's own records: main sets
// it to every format convert reads, so that this package, like the prompt,
// needs no game of its own (importing a game registers it).
var Foreign Formats

// DefaultPlies is the plies of a tree when none is asked for.
const DefaultPlies = 10

// Source is an input of Build, opened when its turn comes.
type Source struct {
	Name string
	Open func() (io.ReadCloser, error)
}

// BuildOptions configure Build.
type BuildOptions struct {
	// Info and Options are the game of the tree; with Info nil, the game
	// and options of the first record.
	Info    *rules.Info
	Options []string
	// Plies is the plies of each game in the tree; negative: the plies of
	// the first tree in the input when it comes before any record, else
	// DefaultPlies.
	Plies int
	// Jobs is the number of records replayed at once (1 when 0); the tree
	// does not depend on it.
	Jobs int
	// Keep, when not nil, says whether record i (from 0, counted over the
	// sources in order) is added: the records of a shard.
	Keep func(i int) bool
	// Refused, when not nil, is told of each record that is not added (an
	// illegal move, a result the moves contradict, another game) and of a
	// file whose rest cannot be read (a malformed record), in the order of
	// the input; the error names the file and line.
	Refused func(err error)
}

// Build reads the sources one record at a time and returns their tree:
// boardrepl's records and move lists and, as Foreign reads them, the other
// programs' (Ataxx PGN as cutechess and cuteataxx write it, OGN, the
// Tablut challenge server's game logs), several records a file, each
// replayed as load replays it; and trees written as JSON lines
// (WriteJSON), added whole. A malformed record counts as a record (of one
// shard) refused, and ends the reading of its file. The memory it takes is
// the tree's and a few records', whatever the length of the input. A
// cancelled ctx stops it with ctx's error.
func Build(ctx context.Context, srcs []Source, o BuildOptions) (*Tree, error) {
	b := &builder{o: o, plies: o.Plies, pending: map[int]result{}}
	if o.Info != nil {
		var err error
		if b.base, err = line.NewPairs(o.Info, o.Options, ""); err != nil {
			return nil, err
		}
	}
	jobs := max(o.Jobs, 1)
	b.work = make(chan item, 2*jobs)
	b.results = make(chan result, 2*jobs)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range b.work {
				b.results <- b.replay(it)
			}
		}()
	}
	added := make(chan error, 1)
	go func() { added <- b.collect() }()
	err := b.read(ctx, srcs)
	close(b.work)
	wg.Wait()
	close(b.results)
	if aerr := <-added; err == nil {
		err = aerr
	}
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	if b.t == nil && o.Info != nil {
		// Every record refused, or none (a shard of few games): an empty
		// tree of the game Build was told.
		plies := b.plies
		if plies < 0 {
			plies = DefaultPlies
		}
		t, err := New(o.Info, o.Options, plies)
		if err != nil {
			return nil, err
		}
		t.Refused, b.t = b.refused, t
	}
	if b.t == nil {
		return nil, errors.New("no game record in the input")
	}
	return b.t, nil
}

// builder is the state of one Build: the reader hands records to the
// workers, which replay them; collect adds their games to the tree in the
// order of the input.
type builder struct {
	o       BuildOptions
	t       *Tree
	base    *line.Line // the game Build was told, for records without tags
	work    chan item
	results chan result
	seq     int // the next item's number
	plies   int // the reader's: the plies of the tree (negative: not known yet)
	// collect's: the next result to add, the results that came before
	// their turn, and the records refused before the tree was made.
	next    int
	pending map[int]result
	refused int
}

// item is a record to replay.
type item struct {
	seq   int
	name  string
	n     int // its number in its file, from 1
	rec   *record.Record
	plies int   // the plies of its game to walk
	tree  *Tree // or a tree read from a file, added whole
	err   error // or a problem of the reader, reported in its turn
}

type result struct {
	seq   int
	game  Game
	plies int
	where string // the game's file, line and number
	tree  *Tree
	err   error
}

// read reads the sources in order and queues their records.
func (b *builder) read(ctx context.Context, srcs []Source) error {
	index := 0 // the number of the next record, over every source
	for _, s := range srcs {
		rc, err := s.Open()
		if err != nil {
			return err
		}
		err = b.readOne(ctx, s.Name, textfile.NewReader(rc), &index)
		rc.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// queue hands an item to the workers.
func (b *builder) queue(ctx context.Context, it item) error {
	it.seq = b.seq
	b.seq++
	if it.rec != nil {
		if b.plies < 0 {
			b.plies = DefaultPlies
		}
		it.plies = b.plies
	}
	select {
	case b.work <- it:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// refuse reports a problem in the order of the input.
func (b *builder) refuse(ctx context.Context, err error) error {
	return b.queue(ctx, item{err: err})
}

func (b *builder) readOne(ctx context.Context, name string, r io.Reader, index *int) error {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(4096)
	switch {
	case firstByte(head) == '{':
		if b.o.Keep != nil {
			return fmt.Errorf("%s: a tree (JSON lines) is added whole, not in shards", name)
		}
		t, _, err := ReadTree(name, br)
		if err != nil {
			return err
		}
		if b.plies < 0 {
			b.plies = t.Plies
		}
		return b.queue(ctx, item{name: name, tree: t})
	case Foreign.IsLog != nil && Foreign.IsLog(head):
		i := *index
		*index++
		if b.o.Keep != nil && !b.o.Keep(i) {
			return nil
		}
		rec, err := Foreign.ReadLog(br)
		if err != nil {
			return b.refuse(ctx, fmt.Errorf("%s: %v", name, err))
		}
		return b.queue(ctx, item{name: name, n: 1, rec: rec})
	}
	sc := record.NewScanner(br)
	for n := 1; ; n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		rec, err := sc.ReadRecord()
		if errors.Is(err, io.EOF) {
			return nil
		}
		i := *index
		*index++
		if err != nil && b.o.Keep != nil && !b.o.Keep(i) {
			return nil // another shard's to report
		}
		if err != nil {
			var re *record.Error
			if errors.As(err, &re) {
				err = fmt.Errorf("%s:%s: %s; the rest of the file is not read", name, lineCol(re.Line, re.Col), re.Msg)
			} else {
				err = fmt.Errorf("%s: %v; the rest of the file is not read", name, err)
			}
			return b.refuse(ctx, err)
		}
		if b.o.Keep != nil && !b.o.Keep(i) {
			continue
		}
		if err := b.queue(ctx, item{name: name, n: n, rec: rec}); err != nil {
			return err
		}
	}
}

func lineCol(ln, col int) string {
	if col > 0 {
		return fmt.Sprintf("%d:%d", ln, col)
	}
	return fmt.Sprint(ln)
}

// firstByte is the first byte of head that is not white space (0 for none).
func firstByte(head []byte) byte {
	for _, c := range head {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return c
		}
	}
	return 0
}

// replay turns a record into its game (in a worker).
func (b *builder) replay(it item) result {
	out := result{seq: it.seq, tree: it.tree, err: it.err, plies: it.plies}
	if it.rec == nil {
		return out
	}
	where := fmt.Sprintf("%s:%d", it.name, it.rec.Line)
	id := ""
	if b.base != nil {
		id = b.base.Info().ID
	}
	rec := it.rec
	if Foreign.Convert != nil {
		var err error
		if rec, _, _, err = Foreign.Convert(it.rec, id); err != nil {
			out.err = fmt.Errorf("%s: game %d: %v", where, it.n, err)
			return out
		}
	}
	l, err := line.Replay(rec, b.base)
	if err != nil {
		var me *line.MoveError
		if errors.As(err, &me) && me.Move.Line > 0 {
			out.err = fmt.Errorf("%s:%d: game %d: move %d %q: %v", it.name, me.Move.Line, it.n, me.Index, me.Move.Text, me.Err)
		} else {
			out.err = fmt.Errorf("%s: game %d: %v", where, it.n, err)
		}
		return out
	}
	if out.game, err = Walk(l, rec.ResultText(), it.plies); err != nil {
		out.err = fmt.Errorf("%s: game %d: %v", where, it.n, err)
	}
	out.where = fmt.Sprintf("%s: game %d", where, it.n)
	return out
}

// collect adds the results in the order of the input.
func (b *builder) collect() error {
	var first error
	for r := range b.results {
		b.pending[r.seq] = r
		for {
			next, ok := b.pending[b.next]
			if !ok {
				break
			}
			delete(b.pending, b.next)
			b.next++
			if err := b.add(next); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}

// add adds one result to the tree, which the first tree or game read
// makes: of the game Build was told, else of that game's.
func (b *builder) add(r result) error {
	switch {
	case r.tree != nil && b.t == nil:
		if o := b.o; o.Info != nil {
			if opts, _ := o.Info.ParseOptions(o.Options); r.tree.Info != o.Info || !slices.Equal(r.tree.Options, o.Info.FormatOptions(opts)) {
				return fmt.Errorf("a tree of %s, not of %s", r.tree.Describe(), describe(o.Info, o.Info.FormatOptions(opts)))
			}
		}
		b.t = r.tree
		b.t.Refused += b.refused
		return nil
	case r.tree != nil:
		return b.t.Merge(r.tree)
	case r.err == nil && b.t == nil:
		info, opts := r.game.Info, r.game.Options
		if b.o.Info != nil {
			info, opts = b.o.Info, b.o.Options
		}
		t, err := New(info, opts, r.plies)
		if err != nil {
			return err
		}
		b.t = t
		t.Refused = b.refused
	}
	if r.err == nil {
		if err := b.t.Add(r.game); err != nil {
			r.err = fmt.Errorf("%s: %v", r.where, err)
		}
	}
	if r.err != nil {
		if b.t != nil {
			b.t.Refused++
		} else {
			b.refused++
		}
		if b.o.Refused != nil {
			b.o.Refused(r.err)
		}
	}
	return nil
}
