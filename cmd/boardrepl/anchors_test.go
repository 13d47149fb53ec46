package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardrepl/rules/line"
	"boardrepl/rules/record"
	"boardrepl/rules/record/native"
)

// The records written by the anchors' own programs (fixtures/README.md):
// each is read by convert, load, play and analyse, keeps the annotations
// its format holds, and replays to the game the anchor recorded.

const (
	cuteataxxPGN = "../../fixtures/ataxx/games/cuteataxx.pgn"
	fiftyPassPGN = "../../fixtures/ataxx/games/cuteataxx-fifty-pass.pgn"
	lichessPGN   = "../../fixtures/ataxx/games/lichess-style.pgn"
	aualeOGN     = "../../fixtures/oware/games/auale.ogn"
)

func runArgs(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb strings.Builder
	code := dispatch(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func readAll(t *testing.T, name string) []*record.Record {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	rs, _, err := record.ParseAll(string(b))
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// lastWritten replays a converted record and goes back before a forced
// pass the anchor did not write (cuteataxx's FinalFEN is the position after
// the last move it wrote).
func lastWritten(t *testing.T, r *record.Record) *line.Line {
	t.Helper()
	l, err := line.Replay(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	for l.Cursor() > 0 && l.At(l.Cursor()-1).Forced {
		if err := l.Goto(l.Cursor() - 1); err != nil {
			t.Fatal(err)
		}
	}
	return l
}

func TestCuteataxxFixture(t *testing.T) {
	raw := readAll(t, cuteataxxPGN)
	if len(raw) != 4 {
		t.Fatalf("%d games", len(raw))
	}
	out, errs, code := runArgs(t, "", "convert", "--from", "ataxx-pgn", cuteataxxPGN)
	if code != 0 {
		t.Fatalf("convert: %d %s", code, errs)
	}
	conv, _, err := record.ParseAll(out)
	if err != nil || len(conv) != 4 {
		t.Fatalf("converted: %v, %d records", err, len(conv))
	}
	for i, r := range conv {
		l := lastWritten(t, r)
		if got, want := l.Game().Position(), raw[i].Get("FinalFEN"); got != want {
			t.Errorf("game %d ends at %s, cuteataxx's FinalFEN %s", i+1, got, want)
		}
		if r.Get("Result") != raw[i].Get("Result") || r.Get("Red") != raw[i].Get("Black") {
			t.Errorf("game %d: tags %v, cuteataxx %v", i+1, r.Tags, raw[i].Tags)
		}
		// cuteataxx's { movetime N } comments are kept.
		if len(r.Moves[0].After) != 1 || !strings.HasPrefix(r.Moves[0].After[0], "movetime ") {
			t.Errorf("game %d: first move %+v", i+1, r.Moves[0])
		}
	}
	// play reads the PGN without -g (a FEN tag, no Variant) and ends each
	// game as cuteataxx's Result says (the first was adjudicated: easy fill).
	out, errs, code = runArgs(t, readFile(t, cuteataxxPGN), "play")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 8 || lines[3] != "result: blue wins 21-28 (no moves left for either side)" ||
		lines[5] != "result: red wins 33-16 (no moves left for either side)" || lines[7] != "result: blue wins 13-36 (no moves left for either side)" {
		t.Errorf("play: %d\n%s\n%s", code, out, errs)
	}
	for i, want := range []string{raw[1].Get("FinalFEN"), raw[2].Get("FinalFEN"), raw[3].Get("FinalFEN")} {
		if lines[2+2*i] != want {
			t.Errorf("play game %d: %s, want %s", i+2, lines[2+2*i], want)
		}
	}
}

// A game cuteataxx ended by the fifty-move rule on a forced pass, which it
// wrote (0000) before the result: play and convert read it to its end,
// the written pass being the forced one, not a move after the end.
func TestCuteataxxFiftyPassFixture(t *testing.T) {
	raw := readAll(t, fiftyPassPGN)
	if len(raw) != 1 {
		t.Fatalf("%d games", len(raw))
	}
	out, errs, code := runArgs(t, readFile(t, fiftyPassPGN), "play")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 || lines[0] != raw[0].Get("FinalFEN") || lines[1] != "result: draw 25-23 (fifty-move rule)" {
		t.Errorf("play: %d\n%s\n%s", code, out, errs)
	}
	out, errs, code = runArgs(t, "", "convert", "--from", "ataxx-pgn", fiftyPassPGN)
	if code != 0 {
		t.Fatalf("convert: %d %s", code, errs)
	}
	conv, _, err := record.ParseAll(out)
	if err != nil || len(conv) != 1 {
		t.Fatalf("converted: %v, %d records", err, len(conv))
	}
	l, err := line.Replay(conv[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := l.Game().Position(), raw[0].Get("FinalFEN"); got != want {
		t.Errorf("converted game ends at %s, cuteataxx's FinalFEN %s", got, want)
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The lichess-style file is cuteataxx's first game written as lichess
// exports annotated games: its glyphs, comments, clocks and nested
// variations are kept, and it ends where cuteataxx's game ends.
func TestLichessStyleFixture(t *testing.T) {
	raw := readAll(t, lichessPGN)
	r, format, _, err := native.Convert(raw[0], "")
	if err != nil || format != native.AtaxxPGN {
		t.Fatalf("%s %v", format, err)
	}
	if got, want := lastWritten(t, r).Game().Position(), readAll(t, cuteataxxPGN)[0].Get("FinalFEN"); got != want {
		t.Errorf("ends at %s, cuteataxx's game at %s", got, want)
	}
	m := r.Moves
	if m[2].Glyph != "?!" || m[5].Glyph != "?" || len(m[5].Variations) != 1 || len(m[5].Variations[0][0].Variations) != 1 ||
		m[2].After[0] != "(-0.10 → 0.35) Inaccuracy. d2 was best." || m[0].After[0] != "[%eval -0.20] [%clk 0:00:59]" {
		t.Errorf("annotations: %+v %+v %+v", m[0], m[2], m[5])
	}
	// Written back as PGN and as a record, the annotations come back.
	for _, to := range []string{"ataxx-pgn", "record"} {
		out, errs, code := runArgs(t, "", "convert", "--from", "ataxx-pgn", "--to", to, lichessPGN)
		out = strings.Join(strings.Fields(out), " ")
		if code != 0 || !strings.Contains(out, "2. e2c2?! { (-0.10 → 0.35) Inaccuracy. d2 was best. } { [%eval 0.35] [%clk 0:00:59] } (2. d2 b2 3. c2)") ||
			!strings.Contains(out, "(3... c3 (3... b3) 4. d2)") {
			t.Errorf("convert --to %s: %d %s\n%s", to, code, errs, out)
		}
	}
	// load reads it (the game, its glyphs) and save writes the annotations.
	dir := t.TempDir()
	saved := filepath.Join(dir, "saved.rec")
	out, errs, code := runArgs(t, "load "+lichessPGN+"\nsave "+saved+"\n", "-g", "ataxx")
	if code != 0 || !strings.Contains(out, "loaded "+lichessPGN+" (ataxx-pgn): ataxx, 66 moves") {
		t.Fatalf("load: %d\n%s\n%s", code, out, errs)
	}
	if s := strings.Join(strings.Fields(readFile(t, saved)), " "); !strings.Contains(s, "3... b1d2? { (0.25 → -1.05) Mistake. c3 was best. }") {
		t.Errorf("saved:\n%s", s)
	}
}

func TestAualeFixture(t *testing.T) {
	out, errs, code := runArgs(t, "", "convert", "--from", "ogn", aualeOGN)
	if code != 0 || errs != "" {
		t.Fatalf("convert: %d %s", code, errs)
	}
	r, err := record.Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	if r.Get("Options") != "end=tournament" || r.Get("Result") != "1-0" || r.Moves[0].After[0] != "South opens on the right" {
		t.Errorf("record: %v %+v", r.Tags, r.Moves[0])
	}
	// Aualé's board at the end: north (its South) 26 seeds captured, south
	// 16; the capture counts it wrote (+N) are checked move by move.
	l := lastWritten(t, r)
	if f := strings.Fields(l.Game().Position()); f[1] != "26" || f[2] != "16" || !l.Result().Over() || l.Result().Winner != 0 {
		t.Errorf("ends at %s, %s", l.Game().Position(), l.FormatResult())
	}
	out, errs, code = runArgs(t, readFile(t, aualeOGN), "play")
	if code != 0 || out != "0,0,5,0,0,0/0,0,1,0,0,0 26 16 s\nresult: north wins 31-17 (north has captured more than 24 seeds)\n" {
		t.Errorf("play: %d %q %s", code, out, errs)
	}
	// Written back as OGN: one comment a move, as Aualé keeps it.
	out, _, code = runArgs(t, "", "convert", "--from", "ogn", "--to", "ogn", aualeOGN)
	out = strings.Join(strings.Fields(out), " ")
	if code != 0 || !strings.Contains(out, "1. A { South opens on the right } 1... a 2. D { the first capture comes later } 2... a 3.") {
		t.Errorf("to ogn: %d\n%s", code, out)
	}
}

// analyse reads each fixture, and --annotate writes it back in its own
// format, the anchor's annotations kept and the analysis's added; the
// result replays to the same game.
func TestAnnotateFixtures(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ file, from, keep string }{
		{lichessPGN, "ataxx-pgn", "(3... c3 (3... b3) 4. d2)"},
		{aualeOGN, "ogn", "{ South opens on the right"},
	} {
		ann := filepath.Join(dir, filepath.Base(c.file))
		_, errs, code := runArgs(t, "", "analyse", "--depth", "1", "--confirm", "0", "--annotate", ann, c.file)
		if code != 0 {
			t.Fatalf("%s: %d %s", c.file, code, errs)
		}
		text := strings.Join(strings.Fields(readFile(t, ann)), " ")
		if !strings.Contains(text, c.keep) || !strings.Contains(text, "[%eval ") || !strings.Contains(text, `[Annotator "boardrepl"]`) {
			t.Errorf("%s annotated:\n%s", c.file, text)
		}
		a, _, code := runArgs(t, "", "convert", "--from", c.from, ann)
		b, _, code2 := runArgs(t, "", "convert", "--from", c.from, c.file)
		if code != 0 || code2 != 0 {
			t.Fatalf("%s: convert %d %d", c.file, code, code2)
		}
		ra, _ := record.Parse(a)
		rb, _ := record.Parse(b)
		la, err := line.Replay(ra, nil)
		if err != nil {
			t.Fatal(err)
		}
		lb, err := line.Replay(rb, nil)
		if err != nil {
			t.Fatal(err)
		}
		if pa, pb := la.Game().Position(), lb.Game().Position(); pa != pb {
			t.Errorf("%s: the annotated game ends at %s, the game at %s", c.file, pa, pb)
		}
	}
}
