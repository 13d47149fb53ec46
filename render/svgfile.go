package render

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"boardrepl/internal/atomicfile"
)

// WriteSVGFile writes an SVG picture to name, atomically. It replaces an
// existing file only when that file is itself an SVG picture (an earlier
// export), so a mistyped name never destroys a record or a script; a name
// that is not a regular file (a directory, a device) is refused.
func WriteSVGFile(name string, data []byte) error {
	if name == "" {
		return errors.New("no file name")
	}
	fi, err := os.Stat(name)
	switch {
	case err == nil && !fi.Mode().IsRegular():
		return fmt.Errorf("%s is not a regular file", name)
	case err == nil:
		if !isSVGFile(name) {
			return fmt.Errorf("%s exists and is not an SVG picture: choose another name", name)
		}
	case !errors.Is(err, os.ErrNotExist):
		return err
	}
	return atomicfile.Write(name, data, true)
}

// isSVGFile reports whether the file starts like an SVG picture.
func isSVGFile(name string) bool {
	f, err := os.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	head = bytes.TrimSpace(head[:n])
	return bytes.HasPrefix(head, []byte("<svg")) || bytes.HasPrefix(head, []byte("<?xml")) && bytes.Contains(head, []byte("<svg"))
}
