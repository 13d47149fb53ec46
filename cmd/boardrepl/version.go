package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"boardrepl/internal/command"
)

var versionCmd = &command.Command{
	Name:    "version",
	Summary: "print boardrepl's version, VCS revision and Go version",
	Usage: `usage: boardrepl version   (or boardrepl --version)

Prints the module version, the VCS revision the binary was built from (with
its commit time, and "modified" when the work tree had uncommitted changes),
and the Go version and platform, all read from the binary's build
information:
  boardrepl (devel) revision 729aeac1f0c2 (2026-12-01T21:40:02Z, modified) go1.26.8 linux/amd64
A binary built by 'go run' or 'go test' carries no VCS revision.
`,
}

func init() {
	versionCmd.Run = func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		fs := versionCmd.Flags()
		if code, done := versionCmd.Parse(fs, args, stdout, stderr); done {
			return code
		}
		info, _ := debug.ReadBuildInfo()
		fmt.Fprintln(stdout, versionLine(info))
		return command.ExitOK
	}
}

// versionLine is the line 'boardrepl version' prints from the build
// information (nil when the binary has none).
func versionLine(info *debug.BuildInfo) string {
	v := "(unknown)"
	var rev, at string
	modified := false
	if info != nil {
		v = info.Main.Version
		if v == "" {
			v = "(devel)"
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	var b strings.Builder
	b.WriteString("boardrepl " + v)
	if rev != "" {
		b.WriteString(" revision " + rev[:min(len(rev), 12)])
		var notes []string
		if at != "" {
			notes = append(notes, at)
		}
		if modified {
			notes = append(notes, "modified")
		}
		if len(notes) > 0 {
			b.WriteString(" (" + strings.Join(notes, ", ") + ")")
		}
	} else {
		b.WriteString(" (no VCS revision: not built from a checkout with 'go build')")
	}
	fmt.Fprintf(&b, " %s %s/%s", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return b.String()
}
