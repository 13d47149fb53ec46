//go:build !linux

package scripting

import "os"

// pseudoFS: only Linux's /proc and /sys are recognised.
func pseudoFS(*os.File) string { return "" }
