package engine

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fakeRoot lays out files below a directory as they are below /.
func fakeRoot(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, text := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

const mb = 1 << 20

// The bounds come from the resource limits against /proc/self/status, the
// control groups from the process's own up to the root (v2 and v1), and
// /proc/meminfo.
func TestMemRooms(t *testing.T) {
	root := fakeRoot(t, map[string]string{
		"proc/self/status": "Name:\tboardrepl\nVmSize:\t 1600000 kB\nVmData:\t  140000 kB\n",
		"proc/self/cgroup": "0::/user.slice/job\n4:cpu,memory:/docker/abc\n",
		"proc/meminfo":     "MemTotal: 24000000 kB\nMemAvailable: 20000000 kB\nCommitLimit: 3000000 kB\nCommitted_AS: 1000000 kB\n",
		// v2: a limit on the group above the process's, none on its own.
		"sys/fs/cgroup/user.slice/job/memory.max":     "max\n",
		"sys/fs/cgroup/user.slice/job/memory.current": "100\n",
		"sys/fs/cgroup/user.slice/memory.max":         "4294967296\n",
		"sys/fs/cgroup/user.slice/memory.current":     "1073741824\n",
		// v1: unlimited is a page-rounded 2^63.
		"sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes": "2147483648\n",
		"sys/fs/cgroup/memory/docker/abc/memory.usage_in_bytes": "3221225472\n",
		"sys/fs/cgroup/memory/docker/memory.limit_in_bytes":     "9223372036854771712\n",
		"sys/fs/cgroup/memory/docker/memory.usage_in_bytes":     "3221225472\n",
		"proc/sys/vm/overcommit_memory":                         "2\n",
	})
	src := memSource{root: root, rlimit: func(res int) (uint64, bool) {
		if res == syscall.RLIMIT_AS {
			return 4000000 << 10, true
		}
		return 0, false // no data-segment limit
	}}
	var got []string
	for _, r := range src.rooms() {
		got = append(got, r.what+": "+megabytes(r.free))
	}
	want := []string{
		"the address-space limit (ulimit -v): 2344 MB",
		"the cgroup memory.max of /user.slice: 3072 MB",
		"the cgroup memory.limit_in_bytes of /docker/abc: 0 MB",
		"the memory available (MemAvailable): 19531 MB",
		"the commit limit (vm.overcommit_memory=2): 1953 MB",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Nothing to read: no bound.
	if r := (memSource{root: t.TempDir(), rlimit: src.rlimit}).rooms(); len(r) != 0 {
		t.Errorf("no /proc: %v", r)
	}
}

// CheckTable refuses a table that does not fit under a bound, counting a
// table let go first: under an address-space limit only when the new one
// fits where it was.
func TestCheckTableRooms(t *testing.T) {
	root := fakeRoot(t, map[string]string{
		"proc/self/status":         "VmSize:\t 1048576 kB\n",     // 1 GiB mapped
		"proc/meminfo":             "MemAvailable: 3145728 kB\n", // 3 GiB available
		"proc/self/cgroup":         "0::/\n",                     // no limit
		"sys/fs/cgroup/memory.max": "max\n",
	})
	saved := hostMemory
	defer func() { hostMemory = saved }()
	hostMemory = memSource{root: root, rlimit: func(res int) (uint64, bool) {
		return 4 << 30, res == syscall.RLIMIT_AS // ulimit -v 4 GiB: 3 GiB left
	}}
	entries := func(m int) int { return m * mb / EntryBytes }
	for _, tc := range []struct {
		table, freed int // MB
		ok           bool
		why          string
	}{
		{256, 0, true, ""},
		{2048, 0, true, ""},
		{3072, 0, false, "a table of 3072 MB does not fit: the address-space limit (ulimit -v) leaves 3072 MB"},
		{4096, 0, false, "a table of 4096 MB does not fit: the address-space limit (ulimit -v) leaves 3072 MB"},
		// 1 GiB let go: room for a table in its place, not a bigger one.
		{3072, 1024, false, "the address-space limit (ulimit -v) leaves 3072 MB"},
		{1024, 1024, true, ""},
	} {
		err := CheckTable(entries(tc.table), entries(tc.freed))
		if (err == nil) != tc.ok || err != nil && !strings.Contains(err.Error(), tc.why) {
			t.Errorf("%d MB, %d freed: %v", tc.table, tc.freed, err)
		}
	}
	// The memory available bounds it too, and a table let go counts there
	// (its memory is handed back to the system).
	hostMemory.rlimit = func(int) (uint64, bool) { return 0, false }
	if err := CheckTable(entries(3072), 0); err == nil || !strings.Contains(err.Error(), "the memory available (MemAvailable) leaves 3072 MB") {
		t.Errorf("3 GiB table, 3 GiB available: %v", err)
	}
	if err := CheckTable(entries(3072), entries(1024)); err != nil {
		t.Errorf("3 GiB table, 3 GiB available and 1 GiB let go: %v", err)
	}
}
