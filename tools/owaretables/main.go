// Command owaretables compares boardrepl's Oware endgame tables with
// Aalina's (joansalasoler/aalina, its oware-leaves.bin), which are built
// for the tournament endings: see README.md.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"boardrepl/rules"
	"boardrepl/rules/oware"
)

func main() {
	n := flag.Int("n", 20000, "random positions to draw (the finished ones are left out)")
	seed := flag.Uint64("seed", 7, "seed of the positions")
	aalina := flag.String("aalina", "", "compare with this output of LeavesDump (one line a position, in the order printed without -aalina)")
	flag.Parse()
	rows := positions(*n, *seed)
	if *aalina == "" {
		w := bufio.NewWriter(os.Stdout)
		for _, r := range rows {
			fmt.Fprintln(w, r.aalina)
		}
		w.Flush()
		return
	}
	if err := compare(rows, *aalina); err != nil {
		fmt.Fprintln(os.Stderr, "owaretables:", err)
		os.Exit(1)
	}
}

// row is a position, its notation for Aalina, the seeds on its board, the
// side to move's banked seeds, and the seeds of the board the side to
// move ends with by our abapa tables and by our tournament tables.
type row struct {
	pos, aalina       string
	seeds, banked     int
	abapa, tournament int
}

// positions draws boards of 1 to 12 seeds (each seed in a random pit), the
// side to move at random, the 48-n banked seeds split as evenly as can be
// (north the smaller half), so that the seeds the board brings decide the
// winner.
func positions(n int, seed uint64) []row {
	rng := rand.New(rand.NewPCG(seed, seed))
	var out []row
	for k := 0; k < n; k++ {
		seeds := 1 + rng.IntN(12)
		var pits [12]int // A..F, G..L
		for i := 0; i < seeds; i++ {
			pits[rng.IntN(12)]++
		}
		side := "ns"[rng.IntN(2)]
		ns := (48 - seeds) / 2
		ss := 48 - seeds - ns
		str := func(p []int) string {
			s := make([]string, len(p))
			for i, x := range p {
				s[i] = strconv.Itoa(x)
			}
			return strings.Join(s, ",")
		}
		pos := fmt.Sprintf("%s/%s %d %d %c", str(pits[:6]), str(pits[6:]), ns, ss, side)
		r := row{pos: pos, seeds: seeds, banked: ns}
		if side == 's' {
			r.banked = ss
		}
		var ok bool
		if r.abapa, ok = captures(pos, "abapa", seeds, r.banked); !ok {
			continue // the game is over
		}
		r.tournament, _ = captures(pos, "tournament", seeds, r.banked)
		// Aalina: F-E-D-C-B-A-G-H-I-J-K-L-north-south-S|N (our north is
		// its South, the first to move).
		var aa []string
		for i := 5; i >= 0; i-- {
			aa = append(aa, strconv.Itoa(pits[i]))
		}
		for i := 6; i < 12; i++ {
			aa = append(aa, strconv.Itoa(pits[i]))
		}
		turn := "S"
		if side == 's' {
			turn = "N"
		}
		r.aalina = strings.Join(append(aa, strconv.Itoa(ns), strconv.Itoa(ss), turn), "-")
		out = append(out, r)
	}
	return out
}

// captures is the seeds of the board the side to move ends with, by the
// tables the engine evaluates with under end (abapa: EndgameValue; under
// tournament, Evaluate, the tournament tables' value).
func captures(pos, end string, seeds, banked int) (int, bool) {
	g, err := oware.Info.Parse(rules.Options{"end": end}, pos)
	if err != nil {
		panic(err)
	}
	if g.Result().Over() {
		return 0, false
	}
	og := g.(*oware.Game)
	var score int
	if end == "tournament" {
		score = og.Evaluate()
	} else {
		score, _ = og.EndgameValue()
	}
	// score is 100 times the final margin, give or take under half a seed
	// for the distance: round it.
	m := (score + 50) / 100
	if score < 0 {
		m = -((-score + 50) / 100)
	}
	margin := m - (banked - (48 - seeds - banked)) // the board's part
	return (seeds + margin) / 2, true
}

// compare reads LeavesDump's lines ("flag captures found") and counts,
// for each of our tables, the positions where the captures or the winner
// differ from Aalina's, by Aalina's flag (1 exact, 3 a bound reached by a
// repetition).
func compare(rows []row, path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != len(rows) {
		return fmt.Errorf("%s: %d lines for %d positions", path, len(lines), len(rows))
	}
	type count struct{ caps, winner map[string]int }
	abapa, tour := count{map[string]int{}, map[string]int{}}, count{map[string]int{}, map[string]int{}}
	flags := map[string]int{}
	outcome := func(banked, caps int) int {
		switch t := banked + caps; {
		case t > 24:
			return 1
		case t < 24:
			return -1
		}
		return 0
	}
	var examples []string
	for i, r := range rows {
		f := strings.Fields(lines[i])
		if len(f) < 2 {
			return fmt.Errorf("%s:%d: %q: want \"flag captures ...\"", path, i+1, lines[i])
		}
		flag := f[0]
		caps, err := strconv.Atoi(f[1])
		if err != nil {
			return fmt.Errorf("%s:%d: %q: want \"flag captures ...\"", path, i+1, lines[i])
		}
		flags[flag]++
		want := outcome(r.banked, caps)
		for _, c := range []struct {
			n int
			c count
		}{{r.abapa, abapa}, {r.tournament, tour}} {
			if c.n != caps {
				c.c.caps[flag]++
			}
			if outcome(r.banked, c.n) != want {
				c.c.winner[flag]++
			}
		}
		if outcome(r.banked, r.tournament) != want && len(examples) < 10 && r.seeds <= 7 {
			examples = append(examples, fmt.Sprintf("  %s  tournament tables %d, Aalina %d (flag %s)", r.pos, r.tournament, caps, flag))
		}
	}
	fmt.Printf("%d positions; Aalina's flags: %v\n", len(rows), flags)
	fmt.Printf("abapa tables:      captures differ %v, winner differs %v\n", abapa.caps, abapa.winner)
	fmt.Printf("tournament tables: captures differ %v, winner differs %v\n", tour.caps, tour.winner)
	fmt.Println("positions of 7 seeds or fewer where the tournament tables name another winner:")
	fmt.Println(strings.Join(examples, "\n"))
	return nil
}
