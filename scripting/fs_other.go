//go:build !linux

package scripting

import (
	"os"

	"golang.org/x/sys/unix"
)

// pseudoFS: only Linux's /proc and /sys are recognised.
func pseudoFS(*os.File) string { return "" }

// dirFlags open a directory on the way to a fixture (openNoFollow).
const dirFlags = unix.O_RDONLY | unix.O_DIRECTORY | unix.O_NOFOLLOW | unix.O_CLOEXEC
