package scripting

import (
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// openNoFollow opens the file at p, an absolute path with no symbolic link
// in it (resolve made it so), for reading without following any link: one
// component at a time from the root directory, each with O_NOFOLLOW, so
// that a component turned into a link since p was resolved (another
// process swapping a fixture, or a directory above it, for a link to
// /etc/passwd) fails the open with ELOOP or ENOTDIR instead of leading out
// of the roots. What is opened is then the file the path named when
// resolve checked it, or one put there since, inside the same directory.
// A FIFO opens without waiting for a writer (O_NONBLOCK), a terminal does
// not become the controlling one (O_NOCTTY); the caller checks what was
// opened (fstat) before reading.
func openNoFollow(p string) (*os.File, error) {
	fd, err := openat(unix.AT_FDCWD, "/", dirFlags)
	if err != nil {
		return nil, err
	}
	parts := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, name := range parts {
		flags := dirFlags
		if i == len(parts)-1 {
			flags = unix.O_RDONLY | unix.O_NOFOLLOW | unix.O_NONBLOCK | unix.O_NOCTTY | unix.O_CLOEXEC
		}
		next, err := openat(fd, name, flags)
		unix.Close(fd)
		if err != nil {
			return nil, err
		}
		fd = next
	}
	return os.NewFile(uintptr(fd), p), nil
}

// openat is unix.Openat, tried again when a signal interrupts it.
func openat(dir int, name string, flags int) (int, error) {
	for {
		fd, err := unix.Openat(dir, name, flags, 0)
		if err != unix.EINTR {
			return fd, err
		}
	}
}
