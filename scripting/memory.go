package scripting

import (
	"context"
	"errors"
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

// withMemoryLimit returns a context that is cancelled, with errMemory as its
// cause, when the process's heap grows more than maxScriptMemory beyond what
// it was at the start. The watch ends with the returned cancel function.
func withMemoryLimit(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(parent)
	base, limit := heapBytes(), maxScriptMemory
	go func() {
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if heapBytes() > base+limit {
					cancel(errMemory)
					return
				}
			}
		}
	}()
	return ctx, func() { cancel(context.Canceled) }
}

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
