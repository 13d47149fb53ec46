package engine

import (
	"bufio"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
)

// adviseHuge asks Linux to back the table with huge pages (transparent
// huge pages in "madvise" mode, the usual default): a table of many
// megabytes probed at random costs a TLB miss at nearly every probe with
// 4 KB pages. Failing is harmless (the kernel may not offer them).
func adviseHuge(words []uint64) {
	if len(words) == 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), len(words)*8)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}

// memRooms lists what bounds the memory this process may still take.
func memRooms() []memRoom { return hostMemory.rooms() }

// hostMemory reads this process's limits.
var hostMemory = memSource{root: "/", rlimit: func(res int) (uint64, bool) {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(res, &l); err != nil || l.Cur == ^uint64(0) { // RLIM_INFINITY
		return 0, false
	}
	return l.Cur, true
}}

// memSource is where the limits are read: the files of /proc and
// /sys/fs/cgroup below root, and the resource limits (tests give a
// directory laid out as / is, and limits of their own).
type memSource struct {
	root   string
	rlimit func(resource int) (cur uint64, ok bool)
}

func (s memSource) read(name string) string {
	b, err := os.ReadFile(filepath.Join(s.root, name))
	if err != nil {
		return ""
	}
	return string(b)
}

// rooms reads the bounds: the address-space and data-segment limits
// (ulimit -v, ulimit -d) against what the process has mapped, every memory
// limit of the process's control group and of the groups above it
// (cgroup v2 memory.max, v1 memory.limit_in_bytes) against its use, the
// memory the system has available (the table is touched at once, so it
// must be in memory, not only promised), and the commit limit when the
// system does not overcommit.
func (s memSource) rooms() []memRoom {
	var out []memRoom
	status := s.read("proc/self/status")
	for _, l := range []struct {
		res         int
		field, what string
	}{
		{syscall.RLIMIT_AS, "VmSize", "the address-space limit (ulimit -v)"},
		{syscall.RLIMIT_DATA, "VmData", "the data-segment limit (ulimit -d)"},
	} {
		limit, ok := s.rlimit(l.res)
		used, known := kbField(status, l.field)
		if ok && known {
			out = append(out, memRoom{free: sub(limit, used), what: l.what, inPlace: true})
		}
	}
	out = append(out, s.cgroupRooms()...)
	meminfo := s.read("proc/meminfo")
	if avail, ok := kbField(meminfo, "MemAvailable"); ok {
		out = append(out, memRoom{free: avail, what: "the memory available (MemAvailable)"})
	}
	if strings.TrimSpace(s.read("proc/sys/vm/overcommit_memory")) == "2" {
		limit, ok1 := kbField(meminfo, "CommitLimit")
		used, ok2 := kbField(meminfo, "Committed_AS")
		if ok1 && ok2 {
			out = append(out, memRoom{free: sub(limit, used), what: "the commit limit (vm.overcommit_memory=2)"})
		}
	}
	return out
}

// cgroupRooms reads the memory limits of the process's control group and
// of every group above it: cgroup v2's memory.max and memory.current, v1's
// memory.limit_in_bytes and memory.usage_in_bytes.
func (s memSource) cgroupRooms() []memRoom {
	var out []memRoom
	for _, l := range strings.Split(s.read("proc/self/cgroup"), "\n") {
		// "0::/user.slice/..." (v2) or "4:memory:/docker/..." (v1).
		f := strings.SplitN(l, ":", 3)
		if len(f) != 3 {
			continue
		}
		base, limitFile, usageFile, what := "", "", "", ""
		switch {
		case f[0] == "0" && f[1] == "":
			base, limitFile, usageFile, what = "sys/fs/cgroup", "memory.max", "memory.current", "cgroup memory.max"
		case hasWord(f[1], "memory"):
			base, limitFile, usageFile, what = "sys/fs/cgroup/memory", "memory.limit_in_bytes", "memory.usage_in_bytes", "cgroup memory.limit_in_bytes"
		default:
			continue
		}
		for dir := path.Clean("/" + f[2]); ; dir = path.Dir(dir) {
			d := path.Join(base, dir)
			limit, err1 := strconv.ParseUint(strings.TrimSpace(s.read(path.Join(d, limitFile))), 10, 64)
			used, err2 := strconv.ParseUint(strings.TrimSpace(s.read(path.Join(d, usageFile))), 10, 64)
			// "max" (v2), or v1's page-rounded 2^63 for none.
			if err1 == nil && err2 == nil && limit < 1<<62 {
				out = append(out, memRoom{free: sub(limit, used), what: "the " + what + " of " + dir})
			}
			if dir == "/" {
				break
			}
		}
	}
	return out
}

func hasWord(list, w string) bool {
	for _, x := range strings.Split(list, ",") {
		if x == w {
			return true
		}
	}
	return false
}

// kbField reads a "Name:   1234 kB" line of /proc/self/status or
// /proc/meminfo, in bytes.
func kbField(text, name string) (uint64, bool) {
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok || k != name {
			continue
		}
		f := strings.Fields(v)
		if len(f) == 0 {
			return 0, false
		}
		n, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil || n > 1<<53 {
			return 0, false
		}
		return n << 10, true
	}
	return 0, false
}

func sub(a, b uint64) uint64 {
	if b > a {
		return 0
	}
	return a - b
}
