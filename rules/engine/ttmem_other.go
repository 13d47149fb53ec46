//go:build !linux

package engine

// adviseHuge does nothing outside Linux (see ttmem_linux.go).
func adviseHuge([]uint64) {}

// memRooms knows no bound outside Linux (see ttmem_linux.go): a table is
// then made as asked.
func memRooms() []memRoom { return nil }
