package scripting

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// pseudoFilesystems are the Linux file systems whose files are not data
// (their sizes are 0 or made up, reading them may never end or have
// effects), by statfs magic number.
var pseudoFilesystems = map[int64]string{
	0x9fa0:     "/proc",
	0x62656572: "/sys",
	0x64626720: "debugfs",
	0x74726163: "tracefs",
	0x73636673: "securityfs",
	0x27e0eb:   "cgroup",
	0x63677270: "cgroup2",
	0xcafe4a11: "bpf",
	0x1cd1:     "devpts",
	0x62656570: "configfs",
	0x6165676c: "pstore",
	0xde5e81e4: "efivarfs",
}

// pseudoFS names the pseudo file system f is on, or "".
func pseudoFS(f *os.File) string {
	var st syscall.Statfs_t
	if err := syscall.Fstatfs(int(f.Fd()), &st); err != nil {
		return ""
	}
	return pseudoFilesystems[int64(st.Type)]
}

// dirFlags open a directory on the way to a fixture (openNoFollow):
// O_PATH needs no read permission on it, only search.
const dirFlags = unix.O_PATH | unix.O_DIRECTORY | unix.O_NOFOLLOW | unix.O_CLOEXEC
