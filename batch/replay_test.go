package batch

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"boardrepl/rules/line"
	"boardrepl/rules/record"
)

// runStatus runs a batch command and returns its exit status and stderr.
func runStatus(run func([]string, *bytes.Buffer, *bytes.Buffer) int, args ...string) (int, string) {
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, errOut.String()
}

// copyDir copies the records of a match directory.
func copyDir(t *testing.T, from string) string {
	t.Helper()
	to := t.TempDir()
	files, _ := filepath.Glob(filepath.Join(from, "*.txt"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return to
}

// edit rewrites a record with the replacements of re (a regexp) by repl.
func edit(t *testing.T, file, re, repl string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	out := regexp.MustCompile(re).ReplaceAllString(string(b), repl)
	if out == string(b) {
		t.Fatalf("%s: no %s in\n%s", file, re, b)
	}
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A resumed match gives the totals of the match played at once, in every
// game, whatever ended the games: the rules, the move cap, a resignation,
// a draw adjudicated. Every record is replayed and agrees with its replay.
func TestResumeReplays(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"ataxx", []string{"-g", "ataxx", "--p1", "ab:depth=1", "--p2", "random", "--games", "6", "--seed", "5"}},
		{"ataxx move cap", []string{"-g", "ataxx", "--p1", "ab:depth=1", "--p2", "ab:depth=1", "--games", "4", "--seed", "2", "--max-plies", "9", "--opening", "2"}},
		{"ataxx resign", []string{"-g", "ataxx", "--p1", "ab:depth=2", "--p2", "ab:depth=1", "--games", "4", "--seed", "5", "--opening", "2", "--resign", "movecount=1 score=100"}},
		{"ataxx draw", []string{"-g", "ataxx", "--p1", "ab:depth=1", "--p2", "ab:depth=1", "--games", "2", "--seed", "5", "--opening", "2", "--draw", "movenumber=1 movecount=1 score=1000"}},
		{"oware", []string{"-g", "oware", "--p1", "ab:depth=2", "--p2", "random", "--games", "4", "--seed", "1"}},
		{"konobi", []string{"-g", "konobi", "-o", "size=4", "--p1", "random", "--p2", "random", "--games", "6", "--seed", "3"}},
		{"tablut", []string{"-g", "tablut", "--p1", "ab:depth=1", "--p2", "random", "--games", "4", "--seed", "1", "--max-plies", "40"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			whole := lastJSON(t, runCmd(t, match, append(tc.args, "--json")...))
			dir := t.TempDir()
			runCmd(t, match, append(tc.args, "--record", dir, "--stop-after", "3")...)
			resumed := lastJSON(t, runCmd(t, match, append(tc.args, "--record", dir, "--json")...))
			if a, b := mustJSON(whole), mustJSON(resumed); a != b {
				t.Errorf("whole match\n%s\nresumed\n%s", a, b)
			}
		})
	}
}

// readRecord and writeRecord read and write a record file of a test.
func readRecord(t *testing.T, file string) *record.Record {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(string(b))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return rec
}

func writeRecord(t *testing.T, file string, rec *record.Record) {
	t.Helper()
	if err := os.WriteFile(file, []byte(rec.Format()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// setResult sets the Result tag and the token after the moves.
func setResult(r *record.Record, tok string) {
	r.Set(record.TagResult, tok)
	r.Result = tok
}

// A record that disagrees with its replay or with the match is refused
// with its name and what disagrees (exit status 2, as a directory of
// another match is); the Elo never moves on resume.
func TestResumeRefusesForgedRecords(t *testing.T) {
	args := []string{"-g", "ataxx", "--p1", "ab:depth=1", "--p2", "random", "--games", "2", "--seed", "5"}
	played := t.TempDir()
	runCmd(t, match, append(args, "--record", played)...)
	g1 := func(dir string) string { return filepath.Join(dir, "game-0001.txt") }
	orig := readRecord(t, g1(played))
	// What game 1 was: p1 (ab:depth=1) has red in odd games; it won.
	winner, term, n := orig.Get("Winner"), orig.Get(record.TagTermination), len(orig.Moves)
	won := map[string]string{record.FirstWins: "red", record.SecondWins: "blue"}[orig.Get(record.TagResult)]
	if won == "" || winner == "draw" {
		t.Fatalf("game 1 is a draw; the cases below want a win:\n%s", orig.Format())
	}
	other := map[string]string{"p1": "p2", "p2": "p1"}[winner]
	flipped := map[string]string{record.FirstWins: record.SecondWins, record.SecondWins: record.FirstWins}[orig.Get(record.TagResult)]
	reason := line.TerminationReason(term)
	for _, tc := range []struct {
		name  string
		forge func(r *record.Record)
		extra []string
		want  string
	}{
		{"winner", func(r *record.Record) { r.Set("Winner", other) },
			nil, fmt.Sprintf("Winner says %s, but the replay gives %s (%s)", other, winner, term)},
		{"result", func(r *record.Record) { setResult(r, flipped) },
			nil, fmt.Sprintf("Result says %s wins, but the replay gives %s wins", map[string]string{"red": "blue", "blue": "red"}[won], won)},
		{"result draw", func(r *record.Record) { setResult(r, record.DrawResult) },
			nil, fmt.Sprintf("Result says a draw, but the replay gives %s wins", won)},
		{"termination", func(r *record.Record) { r.Set(record.TagTermination, won+" wins (forged)") },
			nil, fmt.Sprintf("Termination says the reason is \"forged\", but the replay gives %q", reason)},
		{"score", func(r *record.Record) { r.Set("Score", "99-0") },
			nil, fmt.Sprintf("Score says \"99-0\", but the replay gives %q", orig.Get("Score"))},
		// Blue's first move: a7 holds red's piece, or none after a jump.
		{"illegal move", func(r *record.Record) { r.Moves[1].Text = "a7c5" },
			nil, `move 2 "a7c5": `},
		{"a move after the end", func(r *record.Record) { r.AddMoves("g7") },
			nil, fmt.Sprintf("move %d \"g7\": the game was over before it (%s)", n+1, term)},
		{"the last move taken back", func(r *record.Record) { r.Moves = r.Moves[:n-1] },
			nil, fmt.Sprintf("the game is not over after its %d plies, and no Ending says how the match ended it", n-1)},
		{"p1 side", func(r *record.Record) { r.Set("P1Side", "blue") },
			nil, `P1Side says "blue", but in game 1 p1 has red`},
		{"round", func(r *record.Record) { r.Set("Round", "2") },
			nil, `Round says "2", but the file is game 1's`},
		{"side tag", func(r *record.Record) { r.Set("Red", "random") },
			nil, `Red says "random", but ab:depth=1 is red in game 1`},
		{"options", func(r *record.Record) { r.Set(record.TagOptions, "fifty=off") },
			nil, `Options says "fifty=off", but this match plays ""`},
		{"ending", func(r *record.Record) { r.Set("Ending", "resign") },
			[]string{"--resign", "movecount=1 score=100"}, fmt.Sprintf("the rules ended the game (%s), but Ending says resign", term)},
		{"adjudicated", func(r *record.Record) { r.Set("Adjudicated", "yes") },
			nil, fmt.Sprintf("the rules ended the game (%s), but Ending says move cap", term)},
		{"unknown ending", func(r *record.Record) { r.Set("Ending", "boredom") },
			nil, `Ending says "boredom": want move cap, resign, draw or time`},
		{"position", func(r *record.Record) { r.Set(record.TagPosition, "x5o/7/7/7/7/7/o4xx o 0 1") },
			nil, `Position says "x5o/7/7/7/7/7/o4xx o 0 1", but game 1 of this match starts from "x5o/7/7/7/7/7/o5x x 0 1"`},
		{"opening", func(r *record.Record) { r.Set("Opening", "book.txt:1") },
			nil, `Opening says "book.txt:1", but game 1 of this match starts from ""`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyDir(t, played)
			rec := readRecord(t, g1(dir))
			tc.forge(rec)
			writeRecord(t, g1(dir), rec)
			code, stderr := runStatus(match, append(append(args, tc.extra...), "--record", dir)...)
			if code != ExitUsage || !strings.Contains(stderr, g1(dir)+": "+tc.want) {
				t.Errorf("exit %d, stderr\n%s\nwant %s: %s", code, stderr, g1(dir), tc.want)
			}
		})
	}
}

// endedBy plays a match into a record directory and returns the first
// record whose Ending is ending.
func endedBy(t *testing.T, args []string, ending string) (dir string, file string) {
	t.Helper()
	dir = t.TempDir()
	runCmd(t, match, append(args, "--record", dir)...)
	files, _ := filepath.Glob(filepath.Join(dir, "game-*.txt"))
	for _, f := range files {
		if readRecord(t, f).Get("Ending") == ending {
			return dir, f
		}
	}
	t.Fatalf("%v: no game ended by %s", args, ending)
	return "", ""
}

// Adjudicated endings cannot be replayed from the moves; what can be
// checked is: the match has the rule (or the cap, or a clock) that ended
// the game, the game reached it, and the tags agree with the ending.
func TestResumeChecksAdjudications(t *testing.T) {
	resign := []string{"-g", "ataxx", "--p1", "ab:depth=2", "--p2", "ab:depth=1", "--games", "6", "--seed", "5", "--opening", "2"}
	resignRule := append(resign, "--resign", "movecount=1 score=100")
	resigned, resignFile := endedBy(t, resignRule, "resign")
	capped := []string{"-g", "ataxx", "--p1", "ab:depth=1", "--p2", "ab:depth=1", "--games", "6", "--seed", "2", "--opening", "2"}
	cappedDir, capFile := endedBy(t, append(capped, "--max-plies", "9"), "move cap")
	capPlies := len(readRecord(t, capFile).Moves)
	// The resigning player made the last move: the winner is the other.
	lastWon := record.FirstWins
	if readRecord(t, resignFile).Get(record.TagResult) == record.FirstWins {
		lastWon = record.SecondWins
	}
	for _, tc := range []struct {
		name, from, file string
		forge            func(r *record.Record)
		args             []string
		want             string
	}{
		{"no resign rule", resigned, resignFile, nil, resign, `Ending resign, but this match has no --resign rule`},
		{"the winner resigns", resigned, resignFile, func(r *record.Record) { setResult(r, lastWon) }, resignRule,
			`Ending resign: the player of the last move resigns, but Result says`},
		{"resign not adjudicated", resigned, resignFile, func(r *record.Record) { r.Set("Adjudicated", "") }, resignRule,
			`Ending resign is an adjudication, but Adjudicated does not say so`},
		{"another cap", cappedDir, capFile, nil, append(capped, "--max-plies", "12"),
			fmt.Sprintf("Ending move cap after %d plies, but this match's cap is 12 plies (--max-plies)", capPlies)},
		{"no clock", cappedDir, capFile, func(r *record.Record) { r.Set("Ending", "time") }, append(capped, "--max-plies", "9"),
			`Ending time (a loss on time) is not an adjudication, but Adjudicated says it is`},
		{"no draw rule", cappedDir, capFile, func(r *record.Record) { r.Set("Ending", "draw") }, append(capped, "--max-plies", "9"),
			`Ending draw, but this match has no --draw rule`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyDir(t, tc.from)
			file := filepath.Join(dir, filepath.Base(tc.file))
			if tc.forge != nil {
				rec := readRecord(t, file)
				tc.forge(rec)
				writeRecord(t, file, rec)
			}
			code, stderr := runStatus(match, append(tc.args, "--record", dir)...)
			if code != ExitUsage || !strings.Contains(stderr, file+": "+tc.want) {
				t.Errorf("exit %d, stderr\n%s\nwant %s: %s", code, stderr, file, tc.want)
			}
		})
	}
}

// The Konobi swap exchanges the players' colours: on the 2x2 board, after
// a1 swap the first player has white, and white's a2 b2 joins the left
// and right edges, so white's win is p1's (docs/rules/konobi.md, the pie
// rule). The record says so, and resuming counts it for p1; a record that
// gives it to p2 (as the colours alone would) is refused.
func TestResumeKonobiSwap(t *testing.T) {
	rec := `[Game "konobi"]
[Options "size=2"]
[Round "1"]
[Seed "1"]
[P1 "random"]
[P2 "first"]
[P1Side "black"]
[Black "random"]
[White "first"]
[Winner "p1"]
[Result "0-1"]
[Termination "white wins (white connected left and right)"]

1. a1 swap 2. a2 b1 3. b2 0-1
`
	args := []string{"-g", "konobi", "-o", "size=2", "--p1", "random", "--p2", "random", "--games", "1", "--seed", "1", "--json"}
	rec = strings.ReplaceAll(rec, `"first"`, `"random"`)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "game-0001.txt"), []byte(rec), 0o644)
	s := lastJSON(t, runCmd(t, match, append(args, "--record", dir)...))
	if s["p1_wins"].(float64) != 1 || s["side_wins"].(map[string]any)["white"].(float64) != 1 {
		t.Errorf("the swapped game: %v", s)
	}
	edit(t, filepath.Join(dir, "game-0001.txt"), `Winner "p1"`, `Winner "p2"`)
	code, stderr := runStatus(match, append(args, "--record", dir)...)
	if code != ExitUsage || !strings.Contains(stderr, `Winner says p2, but the replay gives p1 (white wins (white connected left and right))`) {
		t.Errorf("exit %d: %s", code, stderr)
	}
}
