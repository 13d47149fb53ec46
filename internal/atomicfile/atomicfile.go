// Package atomicfile writes a user's file whole or not at all: the data goes
// to a temporary file in the same directory, which then takes the file's
// name, so a crash never leaves half a file.
package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrExist is returned (wrapped) when the file exists and may not be
// overwritten.
var ErrExist = errors.New("file exists")

// Write writes data to name. Unless overwrite, an existing file is an error
// wrapping ErrExist, and stays as it was.
func Write(name string, data []byte, overwrite bool) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	tn := tmp.Name()
	defer os.Remove(tn)
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tn, 0o644); err != nil {
		return err
	}
	if overwrite {
		return os.Rename(tn, name)
	}
	// A hard link fails when name exists, with no window between a check
	// and the rename.
	if err := os.Link(tn, name); err != nil {
		if _, serr := os.Stat(name); serr == nil || errors.Is(err, os.ErrExist) {
			return fmt.Errorf("%s: %w", name, ErrExist)
		}
		// A file system without hard links: check, then rename.
		return os.Rename(tn, name)
	}
	return nil
}
