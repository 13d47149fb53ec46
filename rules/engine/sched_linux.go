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

// threads lists the thread ids of process pid (/proc/PID/task).
func threads(pid int) ([]int, error) {
	tasks, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
	if err != nil {
		return nil, err
	}
	tids := make([]int, 0, len(tasks))
	for _, t := range tasks {
		if tid, err := strconv.Atoi(t.Name()); err == nil {
			tids = append(tids, tid)
		}
	}
	return tids, nil
}

// setPolicy sets thread tid's (0: the calling thread's) scheduling policy
// and its real-time priority (0 for the normal policy).
func setPolicy(tid, pol int, priority int32) error {
	param := struct{ priority int32 }{priority}
	if _, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, uintptr(tid), uintptr(pol), uintptr(unsafe.Pointer(&param))); errno != 0 {
		return errno
	}
	return nil
}

// lowerPriority puts the threads of the engine process pid back on the
// normal policy when the runner (the calling thread) runs at a real-time
// one, as timed matches are run (chrt -r 1): the engines would inherit it,
// and with two games at a time the runner and the searching engines (a Go
// engine runs its garbage collector's and scheduler's threads beside its
// search) are more real-time threads than cores, served in round-robin
// slices of 100 ms, so that an engine that has answered can wait that long
// for a runner whose clock of it runs on (docs/engine.md, entry 124). At a
// normal priority the engines are preempted by the runner at once. The
// threads the engine starts later inherit the normal policy from the
// thread that starts them; one started while the list is read is caught
// by a later pass.
func lowerPriority(pid int) error {
	if own, err := policy(0); err != nil || !realTime(own) {
		return nil
	}
	for try := 0; try < lowerPriorityTries; try++ {
		tids, err := threads(pid)
		if err != nil {
			return fmt.Errorf("listing its threads to run them at normal priority: %v", err)
		}
		lowered := 0
		for _, tid := range tids {
			if p, err := policy(tid); err != nil || !realTime(p) {
				continue // ended, or already normal
			}
			if err := setPolicy(tid, schedOther, 0); err != nil && err != syscall.ESRCH {
				return fmt.Errorf("setting its thread %d to normal priority: %v", tid, err)
			}
			lowered++
		}
		if lowered == 0 {
			return nil
		}
	}
	return fmt.Errorf("its threads kept appearing at real-time priority after %d passes", lowerPriorityTries)
}
