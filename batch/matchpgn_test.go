package batch

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"boardrepl/rules"
	"boardrepl/rules/engine"
	"boardrepl/rules/line"
	"boardrepl/rules/record"
	"boardrepl/rules/record/pgn"
)

// The comment of a move, as cutechess's evalString writes it.
func TestEvalComment(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		e    engine.MoveEval
		want string
	}{
		{engine.MoveEval{Moved: true, Scored: true, Depth: 6, Score: 85, Time: 100 * ms}, "+0.85/6 0.10s"},
		{engine.MoveEval{Moved: true, Scored: true, Depth: 3, Score: -120, Time: 1500 * ms}, "-1.20/3 1.5s"},
		{engine.MoveEval{Moved: true, Scored: true, Depth: 4, Time: 12 * ms}, "0.00/4 0.012s"},
		{engine.MoveEval{Moved: true, Scored: true, Depth: 9, Mate: 5, Time: 12345 * ms}, "+M5/9 12s"},
		{engine.MoveEval{Moved: true, Scored: true, Depth: 9, Mate: -4}, "-M4/9 0s"},
		{engine.MoveEval{Moved: true, Scored: true, Book: true, Depth: 12}, "book"},
		{engine.MoveEval{Moved: true, Time: 3 * ms}, ""},
		{engine.MoveEval{}, ""},
	} {
		if got := evalComment(c.e); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}

// playMatch plays a short match on a clock whose every reading is 7 ms
// after the last (each move then takes 7 ms).
func playMatch(t *testing.T, id, p1, p2 string, games int) (engine.MatchConfig, rules.Game, []engine.GameResult) {
	t.Helper()
	info, err := rules.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := info.New(nil)
	clock := time.Unix(0, 0)
	cfg := engine.MatchConfig{Info: info, P1: p1, P2: p2, Games: games, Seed: 3, MaxPlies: 60,
		Now: func() time.Time { clock = clock.Add(7 * time.Millisecond); return clock }}
	var rs []engine.GameResult
	if err := cfg.Run(context.Background(), nil, func(r engine.GameResult) { rs = append(rs, r) }); err != nil {
		t.Fatal(err)
	}
	return cfg, g, rs
}

// The Ataxx stream is PGN as cuteataxx writes it (src/core/pgn.cpp): the
// roster with Black for x, the side that moves first, and White for o, the
// start in FEN, PlyCount, "1-0" when x wins; with cutechess's Termination,
// TimeControl and {score/depth time} comments. pgn.Import reads it back
// into the games played.
func TestPGNStreamAtaxx(t *testing.T) {
	cfg, g, rs := playMatch(t, "ataxx", "ab:depth=1", "random", 2)
	var stream strings.Builder
	for _, r := range rs {
		text, err := gameText(cfg, g, r, "2026.01.02")
		if err != nil {
			t.Fatal(err)
		}
		stream.WriteString(text + "\n")
	}
	// Each game of the stream starts with its Event tag.
	games := strings.SplitAfter(stream.String(), "\n\n[Event ")
	for i := range games {
		games[i] = strings.TrimSuffix(games[i], "[Event ")
		if i > 0 {
			games[i] = "[Event " + games[i]
		}
	}
	if len(games) != 2 {
		t.Fatalf("%d games in the stream:\n%s", len(games), stream.String())
	}
	roster := regexp.MustCompile(`^\[Event "boardrepl match"\]
\[Site "boardrepl"\]
\[Date "2026.01.02"\]
\[Round "1"\]
\[Black "ab:depth=1"\]
\[White "random"\]
\[Result "(1-0|0-1|1/2-1/2)"\]
\[FEN "x5o/7/7/7/7/7/o5x x 0 1"\]
\[SetUp "1"\]
\[Variant "ataxx"\]
\[PlyCount "[0-9]+"\]
\[Termination "normal"\]
\[TimeControl "-"\]
\[FinalFEN "[^"]+"\]
(\[Winner "(ab:depth=1|random)"\]
\[Loser "(ab:depth=1|random)"\]
)?
1\. [a-g][1-7](?:[a-g][1-7])? \{ [-+]?[0-9]+\.[0-9]{2}/1 0\.007s \} (?:1\.\.\. )?[a-g][1-7]`)
	if !roster.MatchString(games[0]) {
		t.Errorf("game 1 is not as cuteataxx and cutechess write it:\n%s", games[0])
	}
	if !strings.Contains(games[1], "[Black \"random\"]\n[White \"ab:depth=1\"]\n[Result") || !strings.Contains(games[1], "[Round \"2\"]") {
		t.Errorf("game 2: p1 plays White (o):\n%s", games[1])
	}
	recs, err := pgn.Import(stream.String())
	if err != nil {
		t.Fatal(err)
	}
	for i, rec := range recs {
		r := rs[i]
		if !slices.Equal(rec.MoveTexts(), r.Moves) {
			t.Errorf("game %d read back: %v, played %v", i+1, rec.MoveTexts(), r.Moves)
		}
		if !strings.Contains(games[i], "[FinalFEN \""+r.Final+"\"]") {
			t.Errorf("game %d: no FinalFEN %q", i+1, r.Final)
		}
		if want := record.ResultToken(true, r.WinnerSide); rec.ResultText() != want {
			t.Errorf("game %d: result %s, want %s (%s)", i+1, rec.ResultText(), want, r.Text)
		}
		if c := strings.Count(games[i], "{"); c != (len(r.Moves)+1-r.P1Side)/2 && c != (len(r.Moves)+r.P1Side)/2 {
			t.Errorf("game %d: %d comments for p1's moves of %d plies", i+1, c, len(r.Moves))
		}
		// The comments read back as the moves' own, each the one written
		// for the score that move's player reported.
		for j, m := range rec.Moves {
			want := []string(nil)
			if c := evalComment(r.Evals[j]); c != "" {
				want = []string{c}
			}
			if !slices.Equal(m.After, want) {
				t.Errorf("game %d ply %d: comments %q read back, %q written", i+1, j+1, m.After, want)
			}
		}
	}
}

// The other games' stream is boardrepl records with the same tags and
// comments, which record.Parse skips: each replays to the game played.
func TestPGNStreamRecord(t *testing.T) {
	cfg, g, rs := playMatch(t, "tablut", "random", "ab:depth=1", 2)
	cfg.TC = engine.TimeControl{Moves: 40, Time: time.Minute, Inc: 500 * time.Millisecond}
	for _, r := range rs {
		text, err := gameText(cfg, g, r, "2026.01.02")
		if err != nil {
			t.Fatal(err)
		}
		for _, tag := range []string{`[Game "tablut"]`, `[Event "boardrepl match"]`, `[Round "` + string(rune('1'+r.Index)) + `"]`, `[PlyCount "`, `[TimeControl "40/60+0.5"]`, `[Result "`, `[Termination "`} {
			if !strings.Contains(text, tag) {
				t.Errorf("game %d: no %s in\n%s", r.Index+1, tag, text)
			}
		}
		if !regexp.MustCompile(`\{ [-+]?[0-9]+\.[0-9]{2}/1 0\.007s \}`).MatchString(text) {
			t.Errorf("game %d: no comment of ab:depth=1:\n%s", r.Index+1, text)
		}
		rec, err := record.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		l, err := line.Replay(rec, nil)
		if err != nil || l.Game().Position() != r.Final || !slices.Equal(rec.MoveTexts(), r.Moves) {
			t.Errorf("game %d: replays to %v, %v; played %q", r.Index+1, l, err, r.Final)
		}
	}
}

// Cutechess users write an option's settings as the words after it.
func TestJoinSettings(t *testing.T) {
	for _, c := range []struct{ in, want []string }{
		{[]string{"--openings", "file=o.txt", "order=random", "--games", "4"}, []string{"--openings=file=o.txt order=random", "--games", "4"}},
		{[]string{"-openings", "o.txt", "plies=4"}, []string{"-openings=o.txt plies=4"}},
		{[]string{"--resign=movecount=3", "score=1000", "-v"}, []string{"--resign=movecount=3 score=1000", "-v"}},
		{[]string{"--tc", "40/60+0.5", "--p1", "ab"}, []string{"--tc=40/60+0.5", "--p1", "ab"}},
		{[]string{"--sprt", "elo0=0", "elo1=5", "--", "x=1"}, []string{"--sprt=elo0=0 elo1=5", "--", "x=1"}},
		{[]string{"--p1", "uai:nodes=5 ./e", "--games", "2"}, []string{"--p1", "uai:nodes=5 ./e", "--games", "2"}},
		{[]string{"--draw"}, []string{"--draw"}},
	} {
		if got := joinSettings(c.in); !slices.Equal(got, c.want) {
			t.Errorf("joinSettings(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A loss on time (here on a clock whose every reading is 2 s after the
// last: the first move takes 2 s of 1) goes to the record as the line's
// declared end, and resuming reads it back as such; in the PGN it is
// cutechess's "time forfeit" with cuteataxx's Adjudicated reason.
func TestTimeLossRecord(t *testing.T) {
	info, _ := rules.Lookup("ataxx")
	g, _ := info.New(nil)
	clock := time.Unix(0, 0)
	cfg := engine.MatchConfig{Info: info, P1: "ab:depth=1", P2: "random", Games: 2, Seed: 3,
		TC: engine.TimeControl{Time: time.Second}, Now: func() time.Time { clock = clock.Add(2 * time.Second); return clock }}
	p1, _ := engine.ParsePlayer(cfg.P1)
	p2, _ := engine.ParsePlayer(cfg.P2)
	r, err := cfg.PlayGame(context.Background(), 0, p1, p2)
	if err != nil {
		t.Fatal(err)
	}
	if r.End != engine.EndTime || r.Plies != 0 || r.Text != "blue wins (red loses on time)" {
		t.Fatalf("%+v", r)
	}
	dir := t.TempDir()
	if err := writeMatchRecord(dir, cfg, g, r); err != nil {
		t.Fatal(err)
	}
	done := map[int]engine.GameResult{}
	if _, err := loadMatchRecords(dir, &cfg, true, done); err != nil {
		t.Fatal(err)
	}
	if d := done[0]; d.End != engine.EndTime || d.Winner != 2 || d.WinnerSide != 1 || d.Text != r.Text || d.Adjudicated {
		t.Errorf("read back: %+v, played %+v", d, r)
	}
	text, err := gameText(cfg, g, r, "2026.01.02")
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range []string{`[Result "0-1"]`, `[Termination "time forfeit"]`, `[TimeControl "1"]`, `[Adjudicated "red loses on time"]`, `[Winner "random"]`, `[Loser "ab:depth=1"]`} {
		if !strings.Contains(text, tag) {
			t.Errorf("no %s in\n%s", tag, text)
		}
	}
}
