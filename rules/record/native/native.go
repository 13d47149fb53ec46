// Package native turns a record read in another game's format (an Ataxx
// PGN game, an OGN game of Oware) into boardrepl's own, for the commands
// that read any record (load, analyse): the record is recognised by its
// tags, since the scanner reads every format alike.
package native

import (
	"strings"

	"boardrepl/rules/ataxx"
	"boardrepl/rules/oware"
	"boardrepl/rules/record"
	"boardrepl/rules/record/ogn"
	"boardrepl/rules/record/pgn"
)

// Formats a record may be read in.
const (
	Record   = "record"
	AtaxxPGN = "ataxx-pgn"
	OGN      = "ogn"
)

// FormatOf says what format a record is in: a record without a Game tag
// is an Ataxx PGN game when it has a FEN tag or Variant "ataxx", an OGN
// game when it has South and North tags; game, when not "", is the game
// the caller expects (another game's format is not tried).
func FormatOf(r *record.Record, game string) string {
	if r.Has(record.TagGame) {
		return Record
	}
	switch {
	case (r.Has("FEN") || strings.EqualFold(r.Get("Variant"), ataxx.Info.ID)) && (game == "" || game == ataxx.Info.ID):
		return AtaxxPGN
	case r.Has("South") && r.Has("North") && (game == "" || game == oware.Info.ID):
		return OGN
	}
	return Record
}

// Convert returns the record in boardrepl's form (as convert reads it,
// replaying it: pgn.ImportRecord, ogn.ImportRecord), its format, and the
// warning the replay gave; a record in boardrepl's own format is returned
// as it is.
func Convert(r *record.Record, game string) (*record.Record, string, string, error) {
	switch f := FormatOf(r, game); f {
	case AtaxxPGN:
		out, warn, err := pgn.ImportRecord(r)
		return out, f, warn, err
	case OGN:
		out, warn, err := ogn.ImportRecord(r)
		return out, f, warn, err
	}
	return r, Record, "", nil
}
