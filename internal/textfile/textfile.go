// Package textfile reads users' text files: a UTF-8 byte-order mark at the
// start (which some editors write) is not part of the text, and what is read
// whole is bounded (MaxSize, MaxLine), so a huge file or one that is not
// text (/dev/zero) is an error, not all the memory.
package textfile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// BOM is the UTF-8 byte-order mark.
const BOM = "\ufeff"

// Strip drops a UTF-8 byte-order mark at the start of data.
func Strip(data []byte) []byte { return bytes.TrimPrefix(data, []byte(BOM)) }

// MaxSize bounds a text file read whole: 32 MiB is several million moves
// of any game, or a hundred thousand positions.
const MaxSize = 32 << 20

// MaxLine bounds one line of a text file read whole.
const MaxLine = 1 << 20

// ReadFile reads a whole regular file without its byte-order mark, within
// MaxSize and MaxLine. Anything else is refused as Open refuses it.
// Standard input is read with ReadAll.
func ReadFile(name string) ([]byte, error) { return readWith(Open, name) }

// ReadFileArg reads a file the user named on the command line, as ReadFile
// does but opened with OpenArg: a named pipe is read too.
func ReadFileArg(name string) ([]byte, error) { return readWith(OpenArg, name) }

func readWith(open func(string) (*os.File, error), name string) ([]byte, error) {
	f, err := open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := ReadAll(f)
	if err != nil {
		var pe *os.PathError
		if !errors.As(err, &pe) {
			err = fmt.Errorf("%s: %w", name, err)
		}
	}
	return data, err
}

// OpenArg opens a file the user named on a batch command's line: a regular
// file as Open opens it, or a named pipe (the shell's <(cmd) is one), which
// the user chose and whose writer is there: it is opened as it is, waiting
// for that writer, and read as the text comes. A file a script or a
// directory walk reaches is opened with Open instead, which refuses a pipe
// that would wait past the caller's timeout. Anything else is refused as
// Open refuses it.
func OpenArg(name string) (*os.File, error) {
	if st, err := os.Stat(name); err != nil || st.Mode()&fs.ModeNamedPipe == 0 {
		return Open(name)
	}
	return openChecked(name, 0, func(m fs.FileMode) bool { return m.IsRegular() || m&fs.ModeNamedPipe != 0 })
}

// Open opens a regular file to read, for a caller that streams it (with
// NewReader) rather than reading it whole. Anything else is refused with
// what it is ("open fifo: a FIFO, not a regular file"): a FIFO would wait
// for a writer for ever, whatever timeout the caller has, and a device or
// /dev/zero never ends. It is refused before it is opened when a stat says
// so (opening a device can have effects), and the file is opened without
// waiting (O_NONBLOCK) and checked again on its descriptor, so what is read
// is what was checked.
func Open(name string) (*os.File, error) {
	if st, err := os.Stat(name); err == nil && !st.Mode().IsRegular() {
		return nil, NotRegular(name, st.Mode())
	}
	return openChecked(name, syscall.O_NONBLOCK, fs.FileMode.IsRegular)
}

// openChecked opens name to read (with the extra open flags) and keeps it
// only when what was opened is what accept takes, checked on the
// descriptor: a file swapped after a stat is not read.
func openChecked(name string, flags int, accept func(fs.FileMode) bool) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NOCTTY|flags, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !accept(st.Mode()) {
		f.Close()
		return nil, NotRegular(name, st.Mode())
	}
	return f, nil
}

// ErrNotRegular is wrapped by the error of ReadFile for a file that is not
// a regular file.
var ErrNotRegular = errors.New("not a regular file")

// NotRegular is the error for opening name, which is what m says and not
// a regular file: "open fifo: a FIFO, not a regular file", wrapping
// ErrNotRegular.
func NotRegular(name string, m fs.FileMode) error {
	return &os.PathError{Op: "open", Path: name, Err: fmt.Errorf("%s, %w", Kind(m), ErrNotRegular)}
}

// ErrTooLarge is wrapped by the errors of ReadAll and ReadFile for a text
// past MaxSize or a line past MaxLine.
var ErrTooLarge = errors.New("too large")

// ReadAll reads r to its end without the byte-order mark, and fails as soon
// as the text passes MaxSize or a line passes MaxLine (without reading on).
func ReadAll(r io.Reader) ([]byte, error) {
	br := bufio.NewReader(r)
	var out []byte
	line, lineLen := 1, 0
	buf := make([]byte, 64<<10)
	for {
		n, err := br.Read(buf)
		chunk := buf[:n]
		for len(chunk) > 0 {
			i := bytes.IndexByte(chunk, '\n')
			seg := chunk
			if i >= 0 {
				seg = chunk[:i]
			}
			if lineLen+len(seg) > MaxLine {
				return nil, fmt.Errorf("line %d is longer than %d MiB (%w): this is not a text file boardrepl reads", line, MaxLine>>20, ErrTooLarge)
			}
			if i < 0 {
				lineLen += len(seg)
				break
			}
			line, lineLen = line+1, 0
			chunk = chunk[i+1:]
		}
		if len(out)+n > MaxSize {
			return nil, fmt.Errorf("larger than %d MiB (%w): too large a text file for boardrepl", MaxSize>>20, ErrTooLarge)
		}
		out = append(out, buf[:n]...)
		if err == io.EOF {
			return Strip(out), nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// NewReader returns a reader of r's text without its byte-order mark.
func NewReader(r io.Reader) io.Reader {
	br := bufio.NewReader(r)
	if b, err := br.Peek(len(BOM)); err == nil && string(b) == BOM {
		_, _ = br.Discard(len(BOM))
	}
	return br
}

// Kind names what a file that is not a regular file is, with its article,
// for a message: "a directory", "a FIFO", "a character device"...
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}
