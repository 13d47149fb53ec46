// Command ataxxnet makes boardrepl's Ataxx network: it plays the self-play
// games that are its data (gen) and trains the network on them (train).
// See README.md.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
)

const usage = `usage: ataxxnet COMMAND [flags]

  gen     play self-play games and write their positions, scores and results
  train   train a network on such data and write it
  check   compare evaluations (ours, a network, another engine's) on held-out games

ataxxnet COMMAND -h lists a command's flags.`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = gen(os.Args[2:], os.Stderr)
	case "train":
		err = train(os.Args[2:], os.Stdout, os.Stderr)
	case "check":
		err = check(os.Args[2:], os.Stdout, os.Stderr)
	case "-h", "-help", "--help", "help":
		fmt.Println(usage)
		return
	default:
		fmt.Fprintf(os.Stderr, "ataxxnet: unknown command %q\n%s\n", os.Args[1], usage)
		os.Exit(2)
	}
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "ataxxnet:", err)
		os.Exit(1)
	}
}
