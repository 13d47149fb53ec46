package scripting

import (
	"context"
	"errors"
	"runtime"
	"runtime/metrics"
	"time"
)

// maxScriptMemory bounds the heap a script may grow (gopher-lua has no
// memory limit of its own: a loop doubling a string or filling a table
// would otherwise run until the machine runs out of memory). A variable so
// tests can lower it.
var maxScriptMemory uint64 = 1 << 30

// errMemory is the cause given when a script is stopped for its memory.
var errMemory = errors.New("memory: the script used too much memory and was stopped")

// memWatch watches the heap of one script run.
type memWatch struct {
	limit  uint64 // heap bytes the process may reach
	cancel context.CancelCauseFunc
}

// withMemoryLimit returns a context that is cancelled, with errMemory as its
// cause, when the process's heap grows more than maxScriptMemory beyond what
// it was at the start. The watch polls between Lua instructions' worth of
// time; the bounded built-ins also ask before a big allocation (reserve).
// The watch ends with stop.
func withMemoryLimit(parent context.Context) (context.Context, *memWatch) {
	ctx, cancel := context.WithCancelCause(parent)
	w := &memWatch{limit: heapBytes() + maxScriptMemory, cancel: cancel}
	go func() {
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if !w.fits(0) {
					cancel(errMemory)
					return
				}
			}
		}
	}()
	return ctx, w
}

// fits reports whether n more bytes keep the heap under the limit; before
// saying no it collects the garbage, which the heap figure includes.
func (w *memWatch) fits(n uint64) bool {
	if heapBytes()+n <= w.limit {
		return true
	}
	runtime.GC()
	return heapBytes()+n <= w.limit
}

func (w *memWatch) stop() { w.cancel(context.Canceled) }

// heapBytes reads the bytes held by live and not yet swept heap objects,
// without stopping the world.
func heapBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// stoppedForMemory reports whether ctx was cancelled for the memory limit.
func stoppedForMemory(ctx context.Context) bool {
	return errors.Is(context.Cause(ctx), errMemory)
}
