package telnet

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"unicode/utf8"
)

// Telnet protocol bytes (RFC 854).
const (
	iac  = 255
	dont = 254
	do   = 253
	wont = 252
	will = 251
	sb   = 250
	se   = 240
)

// errLineTooLong is returned for a line longer than the reader accepts.
var errLineTooLong = errors.New("line too long")

// lineReader reads lines from a telnet client: it drops option negotiation
// (IAC sequences, subnegotiations), accepts CRLF, CR NUL and LF line ends,
// replaces invalid UTF-8, and bounds the length of a line.
type lineReader struct {
	r   *bufio.Reader
	max int
	buf []byte
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{r: bufio.NewReader(r), max: max}
}

// ReadLine returns the next line without its end. A line over the limit is
// consumed to its end and reported as errLineTooLong. At EOF a final
// unterminated line is returned first, then io.EOF.
func (l *lineReader) ReadLine() (string, error) {
	l.buf = l.buf[:0]
	tooLong := false
	for {
		c, err := l.r.ReadByte()
		if err != nil {
			if len(l.buf) > 0 && !tooLong {
				return l.text(), nil
			}
			return "", err
		}
		switch c {
		case iac:
			b, err := l.r.ReadByte()
			if err != nil {
				return "", err
			}
			switch b {
			case iac: // an escaped 255 byte: data
				l.add(iac, &tooLong)
			case will, wont, do, dont:
				if _, err := l.r.ReadByte(); err != nil {
					return "", err
				}
			case sb: // skip to IAC SE
				if err := l.skipSub(); err != nil {
					return "", err
				}
			}
			// any other command (NOP, AYT, IP...) is dropped
		case '\r':
			// CR LF, CR NUL or a bare CR all end the line.
			if n, err := l.r.Peek(1); err == nil && (n[0] == '\n' || n[0] == 0) {
				l.r.ReadByte()
			}
			return l.finish(tooLong)
		case '\n':
			return l.finish(tooLong)
		case 0:
			// NUL bytes carry nothing
		default:
			l.add(c, &tooLong)
		}
	}
}

func (l *lineReader) add(c byte, tooLong *bool) {
	if len(l.buf) >= l.max {
		*tooLong = true
		return
	}
	l.buf = append(l.buf, c)
}

func (l *lineReader) finish(tooLong bool) (string, error) {
	if tooLong {
		return "", errLineTooLong
	}
	return l.text(), nil
}

func (l *lineReader) skipSub() error {
	for {
		c, err := l.r.ReadByte()
		if err != nil {
			return err
		}
		if c == iac {
			d, err := l.r.ReadByte()
			if err != nil {
				return err
			}
			if d == se {
				return nil
			}
		}
	}
}

// text is the current line as valid UTF-8 with control characters (other
// than tab) removed and outer spaces trimmed.
func (l *lineReader) text() string {
	s := string(l.buf)
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	s = strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' || r == 0x7f {
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}
