//go:build !amd64

package engine

import "sync/atomic"

// prefetch does nothing where there is no assembly for it.
func prefetch(p *atomic.Uint64) {}
