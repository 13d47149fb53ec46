// Package atomicfile writes a user's file whole or not at all: the data goes
// to a temporary file in the same directory, which then takes the file's
// name, so a crash never leaves half a file.
//
// Only a regular file is ever replaced. What the name points at decides
// what happens:
//   - nothing: the file is created (mode 0644);
//   - a regular file: replaced when overwriting is allowed, keeping its mode
//     (and, for root, its owner);
//   - a symbolic link: followed, and its target is written as above (the
//     link stays a link);
//   - a FIFO or a character device (a terminal, /dev/stdout, a pipe the user
//     made): written straight, with no temporary file, when overwriting is
//     allowed, since the user named it on purpose; it is never replaced;
//   - anything else (a directory, a block device, a socket): refused with
//     the reason.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"boardrepl/internal/textfile"
)

// missingDir is the error for a file whose folder does not exist; it is an
// fs.ErrNotExist.
type missingDir string

func (e missingDir) Error() string        { return string(e) }
func (e missingDir) Is(target error) bool { return target == fs.ErrNotExist }

// ErrExist is returned (wrapped) when the file exists and may not be
// overwritten.
var ErrExist = errors.New("file exists")

// ErrEmptyName is returned for an empty file name.
var ErrEmptyName = errors.New("empty file name")

// maxLinks bounds the symbolic links followed, as the kernel does (ELOOP).
const maxLinks = 40

// Write writes data to name. Unless overwrite, an existing file is an error
// wrapping ErrExist, and stays as it was.
func Write(name string, data []byte, overwrite bool) error {
	return WriteFrom(name, overwrite, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFrom writes to name what fill writes, as Write does (so a long
// output need not be held whole): when fill fails, the file stays as it
// was (a FIFO or a device has had what was written).
func WriteFrom(name string, overwrite bool, fill func(io.Writer) error) error {
	if name == "" {
		return ErrEmptyName
	}
	target, st, err := resolve(name)
	if err != nil {
		return err
	}
	if st == nil {
		return create(name, target, fill, overwrite, 0o644, nil)
	}
	mode := st.Mode()
	switch {
	case mode.IsRegular():
		if !overwrite {
			return fmt.Errorf("%s: %w", name, ErrExist)
		}
		return create(name, target, fill, true, mode.Perm(), st)
	case mode&(fs.ModeNamedPipe|fs.ModeCharDevice) != 0:
		if !overwrite {
			return fmt.Errorf("%s: %w (%s)", name, ErrExist, textfile.Kind(mode))
		}
		return writeStraight(name, target, fill)
	default:
		return fmt.Errorf("%s is %s: only a regular file, a FIFO or a character device can be written", name, textfile.Kind(mode))
	}
}

// resolve follows symbolic links from name and returns the path finally
// named and what is there (nil when nothing is).
func resolve(name string) (string, os.FileInfo, error) {
	p := name
	for i := 0; ; i++ {
		st, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil, nil
		}
		if err != nil {
			return "", nil, err
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			return p, st, nil
		}
		if i == maxLinks {
			return "", nil, fmt.Errorf("%s: too many levels of symbolic links", name)
		}
		to, err := os.Readlink(p)
		if err != nil {
			return "", nil, err
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = to
	}
}

// writeStraight writes to a FIFO or a character device in place: it is
// opened for writing only, never created, truncated or renamed over.
func writeStraight(name, target string, fill func(io.Writer) error) error {
	f, err := os.OpenFile(target, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	// It must still be what was checked, not a file put there meanwhile.
	if st, err := f.Stat(); err != nil || st.Mode().IsRegular() {
		f.Close()
		return fmt.Errorf("%s changed while it was opened", name)
	}
	if err := fill(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// create writes what fill writes to a temporary file next to target and renames it to
// target (overwrite) or links it there (fails if target appeared). old, when
// not nil, is the regular file being replaced: its owner is kept.
func create(name, target string, fill func(io.Writer) error, overwrite bool, perm fs.FileMode, old os.FileInfo) error {
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp*")
	if err != nil {
		// Name the file asked for and its folder, not the temporary name.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		if errors.Is(err, fs.ErrNotExist) {
			return missingDir(fmt.Sprintf("%s: the folder %s does not exist", name, filepath.Dir(target)))
		}
		return fmt.Errorf("%s: cannot write in %s: %w", name, filepath.Dir(target), err)
	}
	tn := tmp.Name()
	defer os.Remove(tn)
	w := bufio.NewWriterSize(tmp, 64<<10)
	if err := fill(w); err != nil {
		tmp.Close()
		return err
	}
	if err := w.Flush(); err != nil {
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
	if err := os.Chmod(tn, perm); err != nil {
		return err
	}
	if old != nil {
		if sys, ok := old.Sys().(*syscall.Stat_t); ok && os.Geteuid() == 0 {
			os.Lchown(tn, int(sys.Uid), int(sys.Gid)) // best effort
		}
	}
	if overwrite {
		return os.Rename(tn, target)
	}
	// A hard link fails when target exists, with no window between a check
	// and the rename.
	if err := os.Link(tn, target); err != nil {
		if _, serr := os.Lstat(target); serr == nil || errors.Is(err, os.ErrExist) {
			return fmt.Errorf("%s: %w", name, ErrExist)
		}
		// A file system without hard links: checked, then renamed.
		return os.Rename(tn, target)
	}
	return nil
}
