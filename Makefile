# boardrepl: the two commands a newcomer needs are `make run` and `make test`.
GO ?= go
BIN := bin/boardrepl
PKGS := ./...

.PHONY: all build run install uninstall test test-long docs strength bench lint fuzz clean

all: build

# -buildvcs=auto stamps the git revision into the binary ('boardrepl
# version'), also where GOFLAGS turns it off; without git it is left out.
build:
	$(GO) build -buildvcs=auto -o $(BIN) ./cmd/boardrepl

# The REPL on the default game; pass flags with ARGS="-g oware".
run: build
	./$(BIN) $(ARGS)

# The binary in $(PREFIX)/bin: ~/.local/bin by default (no root needed; on
# the PATH of most systems), PREFIX=/usr/local for every user. DESTDIR
# prefixes it for packaging.
PREFIX ?= $(HOME)/.local
install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/boardrepl

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/boardrepl

# The Oware endgame tables the tests use (a few seconds to build), built
# once and shared by every test binary and the processes they start, kept
# while the Oware code is the same (rules/oware's own tests always build
# them afresh).
TABLES = bin/test-cache/oware-$(shell cat $(filter-out %_test.go,$(wildcard rules/oware/*.go)) | sha256sum | cut -c1-16)

# Test binaries run at once: twice the cores, since some mostly wait (the
# telnet table's clocks, the timeouts of scripts and servers) and would
# hold a core's turn idle.
TESTP ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) * 2 )))

# Everything CI checks: vet, then every test (vectors, transcripts, fuzz
# seeds, the commands of README.md and docs/), then the Lua check suite.
test:
	$(GO) vet $(PKGS)
	@rm -rf $(filter-out $(TABLES) $(TABLES).key,$(wildcard bin/test-cache/oware-*)) # tables of older code
	BOARDREPL_TEST_ENDGAME_CACHE=$(CURDIR)/$(TABLES) $(GO) test -p $(TESTP) $(PKGS)
	$(GO) run ./cmd/boardrepl run scripts/

# The tables of the prompt's commands in README.md and docs/repl.md,
# written from its 'help' (make test fails when they differ from it).
docs:
	BOARDREPL_UPDATE_DOCS=1 $(GO) test -count=1 -run '^TestDocsCommandTable$$' ./cmd/boardrepl

# The slow checks as well: the perft rows above 1e8 nodes, the longer
# random games (BOARDREPL_LONG=1).
test-long:
	BOARDREPL_LONG=1 BOARDREPL_TEST_ENDGAME_CACHE=$(CURDIR)/$(TABLES) $(GO) test -p $(TESTP) -timeout 60m $(PKGS)

# The engine's strength matches (ab:depth=3 against random, depth 4 against
# depth 2, MCTS against random in every game; a few minutes of CPU), then the
# Ataxx matches every engine change is tested with (minutes to hours): this
# build against the previous one (BASE=path), node-limited with an SPRT
# stop, and against Autaxx (AUTAXX=path); see tools/strength.sh.
strength: build
	BOARDREPL_STRENGTH=1 $(GO) test -timeout 30m -run '^TestStrength' -v ./rules/engine/
	NEW=$(BIN) tools/strength.sh

# Speed is measured here, never asserted in tests.
bench:
	$(GO) test -run '^$$' -bench . -benchmem $(PKGS)

# gofmt, go vet and staticcheck (pinned; fetched from the Go module proxy
# and built on first use, then cached).
STATICCHECK ?= $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)
	$(STATICCHECK) $(PKGS)

# Short runs of every fuzz target (FUZZTIME=30s by default; FUZZMINTIME
# bounds the minimisation of a new input, which otherwise stalls the slow
# network targets for a minute at a time).
FUZZTIME ?= 30s
FUZZMINTIME ?= 5s
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINTIME) $$pkg || exit 1; \
	  done; \
	done

clean:
	rm -rf bin
