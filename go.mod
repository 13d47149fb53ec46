module boardrepl

go 1.26.0

require (
	github.com/chzyer/readline v1.5.1
	github.com/fatih/color v1.19.0
	github.com/mattn/go-isatty v0.0.20
	github.com/rogpeppe/go-internal v1.16.0
	github.com/yuin/gopher-lua v1.1.2
	golang.org/x/sys v0.42.0
	pgregory.net/rapid v1.3.0
)

require (
	github.com/mattn/go-colorable v0.1.14 // indirect
	golang.org/x/tools v0.26.0 // indirect
)
