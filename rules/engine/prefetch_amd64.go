package engine

import "sync/atomic"

// prefetch asks the processor to bring the cache line of p in, without
// waiting for it (PREFETCHT0).
//
//go:noescape
func prefetch(p *atomic.Uint64)
