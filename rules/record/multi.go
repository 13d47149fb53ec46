package record

import "strings"

// ParseAll reads a file of several records (puzzle files, game
// collections): a tag line after move text starts a new record; lines
// starting with '#' are comments. It returns the records and the line each
// starts on. Errors (*Error) carry the line in the whole text, and so do the
// records' moves.
func ParseAll(text string) ([]*Record, []int, error) {
	var recs []*Record
	var starts []int
	for _, c := range split(text) {
		r, err := Parse(c.text)
		if err != nil {
			if re, ok := err.(*Error); ok {
				return nil, nil, &Error{Line: re.Line + c.line - 1, Msg: re.Msg}
			}
			return nil, nil, err
		}
		for i := range r.Moves {
			if r.Moves[i].Line > 0 {
				r.Moves[i].Line += c.line - 1
			}
		}
		recs = append(recs, r)
		starts = append(starts, c.line)
	}
	return recs, starts, nil
}

// chunk is one record of a multi-record text and the line it starts on.
type chunk struct {
	text string
	line int
}

// split cuts a text into records: a tag line after move text starts a new
// record.
func split(text string) []chunk {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	var out []chunk
	var cur []string
	start := 1
	sawMoves := false
	flush := func() {
		if strings.TrimSpace(strings.Join(cur, "")) != "" {
			out = append(out, chunk{strings.Join(cur, "\n") + "\n", start})
		}
		cur = nil
		sawMoves = false
	}
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "#") {
			l, t = "", "" // a comment line (kept as a blank for the line numbers)
		}
		if strings.HasPrefix(t, "[") && sawMoves {
			flush()
			start = i + 1
		}
		if len(cur) == 0 && t == "" {
			start = i + 2
			continue
		}
		if t != "" && !strings.HasPrefix(t, "[") && !strings.HasPrefix(t, ";") {
			sawMoves = true
		}
		cur = append(cur, l)
	}
	flush()
	return out
}
