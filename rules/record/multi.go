package record

import (
	"errors"
	"io"
	"strings"
)

// ParseAll reads a text of several records (puzzle files, game
// collections; see Scanner): each ends with its result, and the next starts
// with its tags. It returns the records and the line each starts on.
// Errors (*Error) carry the line in the whole text, and so do the records'
// moves.
func ParseAll(text string) ([]*Record, []int, error) {
	return ParseAllFrom(strings.NewReader(text))
}

// ParseAllFrom is ParseAll reading from rd; an error of rd stops it.
func ParseAllFrom(rd io.Reader) ([]*Record, []int, error) {
	s := NewScanner(rd)
	var recs []*Record
	var starts []int
	for {
		r, err := s.ReadRecord()
		if errors.Is(err, io.EOF) {
			return recs, starts, nil
		}
		if err != nil {
			return nil, nil, err
		}
		recs = append(recs, r)
		starts = append(starts, r.Line)
	}
}
