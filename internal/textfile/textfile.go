// Package textfile reads users' text files: a UTF-8 byte-order mark at the
// start (which some editors write) is not part of the text.
package textfile

import (
	"bufio"
	"bytes"
	"io"
	"os"
)

// BOM is the UTF-8 byte-order mark.
const BOM = "\ufeff"

// Strip drops a UTF-8 byte-order mark at the start of data.
func Strip(data []byte) []byte { return bytes.TrimPrefix(data, []byte(BOM)) }

// ReadFile reads a whole file without its byte-order mark.
func ReadFile(name string) ([]byte, error) {
	data, err := os.ReadFile(name)
	return Strip(data), err
}

// NewReader returns a reader of r's text without its byte-order mark.
func NewReader(r io.Reader) io.Reader {
	br := bufio.NewReader(r)
	if b, err := br.Peek(len(BOM)); err == nil && string(b) == BOM {
		_, _ = br.Discard(len(BOM))
	}
	return br
}
