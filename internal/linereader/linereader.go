// Package linereader reads the lines of a stream a peer writes (an engine
// protocol's commands) with a bound on their length: a longer line is read
// to its end and dropped, reported as an error, and the reading goes on
// with the next line, so that no line can take all the memory or end the
// session.
package linereader

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// Reader reads lines of at most Max bytes.
type Reader struct {
	r    *bufio.Reader
	max  int
	line int // lines read
	buf  []byte
}

// New returns a reader of the lines of r, each at most max bytes (its end,
// "\n" or "\r\n", not counted).
func New(r io.Reader, max int) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// TooLongError is a line longer than the reader takes; it was dropped.
type TooLongError struct {
	Line int // its number, from 1
	Max  int // the bound, in bytes
}

func (e *TooLongError) Error() string {
	return fmt.Sprintf("line %d is longer than %d bytes: ignored", e.Line, e.Max)
}

// Line returns the next line without its end ("\n", and a "\r" before
// it). A line longer than the bound is read to its end without being kept
// and returned as a *TooLongError; the next call reads the line after it.
// At the end of the input a last line without an end is returned first,
// then io.EOF.
func (l *Reader) Line() (string, error) {
	l.buf = l.buf[:0]
	tooLong := false
	for {
		chunk, err := l.r.ReadSlice('\n')
		if !tooLong && len(l.buf)+len(chunk) > l.max+2 { // room for "\r\n"
			tooLong, l.buf = true, l.buf[:0]
		}
		if !tooLong {
			l.buf = append(l.buf, chunk...)
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF && (len(l.buf) > 0 || tooLong):
			// a last line without its end
		case err != nil:
			return "", err
		}
		l.line++
		text := trimEnd(l.buf)
		if tooLong || len(text) > l.max {
			return "", &TooLongError{Line: l.line, Max: l.max}
		}
		return string(text), nil
	}
}

func trimEnd(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return b
}
