//go:build linux

package engine

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// An engine started by a runner at real-time priority runs at the normal
// one, all its threads. The runner's side is a goroutine locked to a thread
// set to SCHED_RR (skipped where that is not permitted); the thread ends
// with the goroutine, so no other test runs at real time.
func TestEngineLeavesRealTimePriority(t *testing.T) {
	logPath := t.TempDir() + "/positions.txt"
	spec := fmt.Sprintf("uai: env %s=%s %s -test.run=^TestFakeUAIEngine$", fakeUAIEnv, logPath, os.Args[0])
	type outcome struct {
		skip      string
		inherited int // a plain child's policy: the runner's, inherited
		engine    []int
		err       error
	}
	done := make(chan outcome)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with us
		var o outcome
		defer func() { done <- o }()
		if err := setPolicy(0, schedRR, 1); err != nil {
			o.skip = "cannot run at real-time priority here: " + err.Error()
			return
		}
		plain := exec.Command("sleep", "30")
		if o.err = plain.Start(); o.err != nil {
			return
		}
		o.inherited, o.err = policy(plain.Process.Pid)
		plain.Process.Kill()
		plain.Wait()
		if o.err != nil {
			return
		}
		pl, err := ParsePlayer(spec)
		if err != nil {
			o.err = err
			return
		}
		p := pl.(*uaiPlayer)
		if o.err = p.start(); o.err != nil {
			return
		}
		defer p.Close()
		tids, err := threads(p.cmd.Process.Pid)
		if err != nil {
			o.err = err
			return
		}
		for _, tid := range tids {
			pol, err := policy(tid)
			if err != nil {
				o.err = err
				return
			}
			o.engine = append(o.engine, pol)
		}
	}()
	o := <-done
	switch {
	case o.skip != "":
		t.Skip(o.skip)
	case o.err != nil:
		t.Fatal(o.err)
	case o.inherited != schedRR:
		t.Fatalf("a child of a SCHED_RR thread has policy %d, want it inherited (%d)", o.inherited, schedRR)
	case len(o.engine) < 2:
		t.Fatalf("the engine (a Go program) has %d threads, want several", len(o.engine))
	}
	for i, pol := range o.engine {
		if pol != schedOther {
			t.Errorf("engine thread %d of %d has policy %d, want SCHED_OTHER (%d)", i+1, len(o.engine), pol, schedOther)
		}
	}
}
