//go:build !linux

package engine

// adviseHuge does nothing outside Linux (see ttmem_linux.go).
func adviseHuge([]uint64) {}
