//go:build !linux

package engine

// lowerPriority is Linux's only (sched_linux.go): elsewhere the engines
// keep the runner's priority.
func lowerPriority(pid int) error { return nil }
