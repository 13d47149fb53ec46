package render

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"boardrepl/internal/atomicfile"
)

// WriteSVGFile writes an SVG picture to name, atomically. It replaces an
// existing file only when that file is itself an SVG picture (an earlier
// export), so a mistyped name never destroys a record or a script; a name
// that is not a regular file (a directory, a device) is refused.
func WriteSVGFile(name string, data []byte) error {
	if err := CheckSVGName(name); err != nil {
		return err
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

// CheckSVGName refuses a file name that says the file is not an SVG
// picture: an empty name, or an extension other than .svg (x.png would
// hold SVG text that picture viewers refuse). A name without an extension
// is taken.
func CheckSVGName(name string) error {
	if name == "" {
		return errors.New("no file name")
	}
	switch ext := filepath.Ext(name); {
	case ext == "" || strings.EqualFold(ext, ".svg"):
		return nil
	default:
		return fmt.Errorf("%s: boardrepl draws SVG pictures only: name the file %s.svg", name, strings.TrimSuffix(name, ext))
	}
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
