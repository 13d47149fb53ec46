package main

import (
	"regexp"

	"github.com/rogpeppe/go-internal/testscript"
)

// cmdDistinct is the transcripts' `distinct FILE REGEXP` (FILE may be
// stdout): REGEXP has two groups, and among the lines of FILE it matches
// (there must be some) those with the same first group have different
// second groups: `distinct stdout '^depth (\d+) multipv \d+ .* pv (\S+)'`
// says that the lines of each depth start with different moves.
func cmdDistinct(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: distinct FILE REGEXP")
	}
	re, err := regexp.Compile("(?m)" + args[1])
	if err != nil || re.NumSubexp() != 2 {
		ts.Fatalf("distinct: %q: want a regular expression with two groups (%v)", args[1], err)
	}
	ms := re.FindAllStringSubmatch(ts.ReadFile(args[0]), -1)
	if len(ms) == 0 {
		ts.Fatalf("distinct: no line of %s matches %q", args[0], args[1])
	}
	seen := map[[2]string]string{}
	for _, m := range ms {
		k := [2]string{m[1], m[2]}
		if prev, ok := seen[k]; ok {
			ts.Fatalf("distinct: %q and %q share %q in %q", prev, m[0], m[2], m[1])
		}
		seen[k] = m[0]
	}
}
