//go:build linux

package engine

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
	"unsafe"
)

// Linux's scheduling policies (sched(7)).
const (
	schedOther       = 0
	schedFIFO        = 1
	schedRR          = 2
	schedResetOnFork = 0x40000000
)

// lowerPriorityTries bounds the passes over an engine's threads.
const lowerPriorityTries = 5

// policy is thread tid's scheduling policy (0: the calling thread's).
func policy(tid int) (int, error) {
	p, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_GETSCHEDULER, uintptr(tid), 0, 0)
	if errno != 0 {
		return 0, errno
	}
	return int(p) &^ schedResetOnFork, nil
}

func realTime(p int) bool { return p == schedFIFO || p == schedRR }

// lowerPriority puts the threads of the engine process pid back on the
// normal policy when the runner (the calling thread) runs at a real-time
// one, as timed matches are run (chrt -r 1): the engines would inherit it,
// and with two games at a time the runner and the searching engines (a Go
// engine runs its garbage collector's and scheduler's threads beside its
// search) are more real-time threads than cores, served in round-robin
// slices of 100 ms, so that an engine that has answered can wait that long
// for a runner whose clock of it runs on (docs/engine.md, entry 124). At a
// normal priority the engines are preempted by the runner at once. The threads the engine starts later
// inherit the normal policy from the thread that starts them. A thread
// started while the list is read is caught by a later pass.
func lowerPriority(pid int) error {
	if own, err := policy(0); err != nil || !realTime(own) {
		return nil
	}
	dir := "/proc/" + strconv.Itoa(pid) + "/task"
	for try := 0; try < lowerPriorityTries; try++ {
		tasks, err := os.ReadDir(dir)
		if err != nil {
			return fmt.Errorf("listing its threads to run them at normal priority: %v", err)
		}
		lowered := 0
		for _, t := range tasks {
			tid, err := strconv.Atoi(t.Name())
			if err != nil {
				continue
			}
			if p, err := policy(tid); err != nil || !realTime(p) {
				continue // ended, or already normal
			}
			var param struct{ priority int32 }
			_, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, uintptr(tid), schedOther, uintptr(unsafe.Pointer(&param)))
			if errno != 0 && errno != syscall.ESRCH {
				return fmt.Errorf("setting its thread %d to normal priority: %v", tid, errno)
			}
			lowered++
		}
		if lowered == 0 {
			return nil
		}
	}
	return fmt.Errorf("its threads kept appearing at real-time priority after %d passes", lowerPriorityTries)
}
