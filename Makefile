# ExerciseCatalog: `make demo` and `make test` are all a new machine needs.
SWIFT       ?= swift
APT_PACKAGES = libsqlite3-dev libxml2-dev libssl-dev libgif-dev libmicrohttpd-dev pkg-config
# The HTML report's browser check runs in Debian's headless Chromium; the workbench's browser
# tests drive it through chromium-driver with Selenium (from pip); the editor tests run vim on a
# pseudo-terminal (util-linux script) and a python3 check of the terminal's foreground group.
# zsh and fish: the completion scripts are checked with `zsh -n` and `fish --no-execute`.
TEST_PACKAGES = chromium chromium-driver vim python3 zsh fish
CATALOG      = .build/release/catalog
DEMO         = .demo
SAMPLE       = catalog/sample
SUDO        := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The Swift runtime linked in when the toolchain ships it statically (lib/swift_static).
STATIC_STDLIB := $(shell d=$$(dirname "$$(dirname "$$(command -v $(SWIFT))")" 2>/dev/null); [ -d "$$d/lib/swift_static" ] && echo --static-swift-stdlib)
# SwiftPM leaves empty TemporaryDirectory.* folders in $TMPDIR on every build and test run
# (five or six each): they go to .build/tmp, not /tmp. Tests' scratch catalogs go to /dev/shm when it
# is there (TestSupport's scratchRoot; CATALOG_TEST_SCRATCH chooses another folder), else there too.
SWIFTPM      = mkdir -p .build/tmp && TMPDIR=$(CURDIR)/.build/tmp $(SWIFT)
# The repository is itself a catalog. Every scratch catalog a target makes lives below it, so a
# `catalog` run there never looks for its root up into the repository (as GIT_CEILING_DIRECTORIES);
# and test, bench and eval run inside `guarded`, which fails when the repository's catalog/ or
# reviews/ changed all the same.
export CATALOG_CEILING_DIRECTORIES := $(CURDIR)
TREE_DIGEST  = find catalog reviews -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum

.PHONY: deps test-deps build commit-header man guarded test-steps bench-steps eval-steps demo test browser-test load-test screenshots triage bench bench-plan identical speed-identical eval calibrate fuzz clean vocab-defaults fixture

## deps: install the Debian packages that are missing (and only those)
deps:
	@$(MAKE) --no-print-directory install-missing PACKAGES="$(APT_PACKAGES)"
	@command -v $(SWIFT) >/dev/null || { echo "error: swift is not on PATH (install the Swift 6 toolchain)" >&2; exit 1; }

test-deps: deps
	@$(MAKE) --no-print-directory install-missing PACKAGES="$(TEST_PACKAGES)"
	@python3 -c "import selenium" 2>/dev/null || { echo "installing: selenium (pip)"; \
	  python3 -m pip install --quiet selenium 2>/dev/null || python3 -m pip install --quiet --break-system-packages selenium; }

install-missing:
	@missing=""; for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

## build: the release build of the `catalog` command, with the Swift runtime and Foundation
## linked in (a command starts in 5 ms instead of 10: no symbol binding across 20 libraries)
build: deps commit-header
	$(SWIFTPM) build -c release --product catalog $(STATIC_STDLIB)

## commit-header: Sources/CBuildInfo/commit.h (git-ignored), the commit `catalog --version` names;
## rewritten, and its module header and main.swift touched so it is compiled, only when the commit changed
commit-header:
	@c=$$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown); \
	  line="#define CATALOG_COMMIT \"$$c\""; \
	  if [ "$$(cat Sources/CBuildInfo/commit.h 2>/dev/null)" != "$$line" ]; then \
	    echo "$$line" > Sources/CBuildInfo/commit.h && touch Sources/CBuildInfo/shim.h Sources/catalog/main.swift; fi

## man: catalog.1, the manual page, from the command table (`man -l catalog.1`)
man:
	$(SWIFTPM) build --product catalog
	.build/debug/catalog __man > catalog.1

## guarded: runs `make STEP` and fails when it changed the repository's own catalog/ or reviews/
guarded:
	@before=$$($(TREE_DIGEST)); $(MAKE) --no-print-directory $(STEP); status=$$?; \
	  after=$$($(TREE_DIGEST)); if [ "$$before" != "$$after" ]; then \
	    echo "error: make $(STEP) changed the repository's own catalog/ or reviews/ (git status -- catalog reviews)" >&2; \
	    git status --short -- catalog reviews >&2; exit 1; fi; exit $$status

## demo: the main job on the project's sample catalog, in the ignored scratch folder .demo/
demo: build
	@rm -rf $(DEMO) && mkdir -p $(DEMO) && cp -R catalog reviews $(DEMO)/ && rm -rf $(DEMO)/catalog/sample $(DEMO)/.catalog
	@echo "== 1. the sample catalog as committed: 24 exercises, every one reviewed"
	$(CATALOG) --root $(DEMO) status
	@echo
	$(CATALOG) --root $(DEMO) show s011 | head -n 3
	@echo
	@$(CATALOG) --root $(DEMO) lint || echo "(lint exits 1: s018 breaks a soft rule without a justification)"
	@echo
	@echo "== 2. an editor fixes s018, then publishes the first signed build"
	CATALOG_EDITOR=demo $(CATALOG) --root $(DEMO) review s018 --set primaryMuscles=glutes,hamstrings --set secondaryMuscles=quads,adductors,lower-back
	@cd $(DEMO) && ../$(CATALOG) keygen --out demo-signing >/dev/null
	SOURCE_DATE_EPOCH=1793232000 $(CATALOG) --root $(DEMO) export --sign $(DEMO)/demo-signing.key
	$(CATALOG) verify $(DEMO)/dist/exercise-catalog-1.0.0 --key $(DEMO)/demo-signing.pub
	@echo
	@echo "== 3. upstream publishes its next release: a rename, a changed cue, a removal, rotated media links"
	$(CATALOG) --root $(DEMO) import $(SAMPLE)/exercisedb-sample-next.json
	@echo
	$(CATALOG) --root $(DEMO) revalidate --html $(DEMO)/revalidation.html
	@echo
	@echo "== 4. publishing is gated: 3 of 21 cleared records would leave automatic planning"
	@SOURCE_DATE_EPOCH=1793232000 $(CATALOG) --root $(DEMO) export || true
	@echo
	@echo "== 5. the editor reads the diffs and re-confirms both reviews; the removal upstream cost coverage"
	CATALOG_EDITOR=demo $(CATALOG) --root $(DEMO) accept s004 s006
	@SOURCE_DATE_EPOCH=1793232000 $(CATALOG) --root $(DEMO) export || true
	$(CATALOG) --root $(DEMO) coverage --html $(DEMO)/coverage.html | grep -A1 '^full-gym'
	@echo
	@echo "== 6. s020 is gone upstream and nothing replaces it yet: the editor publishes 1.0.1 knowingly"
	SOURCE_DATE_EPOCH=1793232000 $(CATALOG) --root $(DEMO) export --sign $(DEMO)/demo-signing.key --allow-coverage-drop --allow-plan-regression
	@echo
	$(CATALOG) --root $(DEMO) diff $(DEMO)/dist/exercise-catalog-1.0.0 $(DEMO)/dist/exercise-catalog-1.0.1
	@echo
	@echo "== 7. bulk confirmation takes only what is sure: the sample's records as if none were reviewed (a dry run)"
	@rm -rf $(DEMO)/bulk && mkdir -p $(DEMO)/bulk && cp -R catalog $(DEMO)/bulk/ && rm -rf $(DEMO)/bulk/catalog/sample
	CATALOG_EDITOR=demo $(CATALOG) --root $(DEMO)/bulk review --from-suggestions --all --confidence 0.9 --dry-run
	@echo
	@echo "demo done: scratch catalog, builds, revalidation.html and coverage.html in $(DEMO)/ (git-ignored); the work tree is unchanged"

## test: unit, real-data, end-to-end, load and browser tests
test: test-deps
	@$(MAKE) --no-print-directory guarded STEP=test-steps

test-steps:
	$(SWIFTPM) build --build-tests
	$(SWIFTPM) test --skip-build
	@$(MAKE) --no-print-directory load-test
	@$(MAKE) --no-print-directory browser-test

## load-test: `catalog serve` answers an ordinary request within 3 s while 500 slow clients
## dribble request heads at it (loopback only, about 12 s)
load-test:
	mkdir -p .build/tmp && TMPDIR=$(CURDIR)/.build/tmp python3 Tests/Load/slow_clients_test.py

## vocab-defaults: write the vocabularies built into `catalog` (what `init` writes) again from
## catalog/vocab/; a test fails while the two differ
vocab-defaults:
	$(SWIFTPM) build --build-tests
	mkdir -p .build/tmp && UPDATE_DEFAULT_VOCABULARY=1 TMPDIR=$(CURDIR)/.build/tmp $(SWIFT) test --skip-build --filter DefaultVocabularyTests >/dev/null || true
	$(SWIFTPM) build --build-tests
	$(SWIFTPM) test --skip-build --filter DefaultVocabularyTests

## fixture: the frozen build consumers' tests load, fixtures/build/exercise-catalog-1.0.0: the
## sample catalog's first build, as `make demo` publishes it (s018 fixed, unsigned). Only this
## target writes it, deliberately: `git diff fixtures/` then shows what changed, and a test
## fails while exporting the sample catalog would give other bytes
FIXTURE = .build/fixture
fixture:
	$(SWIFTPM) build --product catalog
	@rm -rf $(FIXTURE) && mkdir -p $(FIXTURE) && cp -R catalog reviews $(FIXTURE)/ && rm -rf $(FIXTURE)/catalog/sample $(FIXTURE)/.catalog
	@cd $(FIXTURE) && CATALOG_EDITOR=fixture ../debug/catalog review s018 --set primaryMuscles=glutes,hamstrings \
	  --set secondaryMuscles=quads,adductors,lower-back >/dev/null && SOURCE_DATE_EPOCH=1793232000 ../debug/catalog export
	@rm -rf fixtures/build && mkdir -p fixtures/build && cp -R $(FIXTURE)/dist/exercise-catalog-1.0.0 fixtures/build/
	@git status --short fixtures/build; git diff --stat fixtures/build

## triage: the change classifier on the triage corpus (Tests/Triage/pairs.json): its two error
## rates, as the README states them, and every pair it gets wrong
triage: deps
	$(SWIFTPM) build --build-tests
	@out=$$($(SWIFTPM) test --skip-build --filter TriageCorpusTests 2>&1); status=$$?; \
	  echo "$$out" | grep -E '^(triage corpus|  (expected|substantive|harmless|missed))'; \
	  echo "$$out" | grep -E '✘' || true; exit $$status

## browser-test: the workbench (`catalog serve`) in headless Chromium, on a loopback port in a
## scratch catalog; screenshots of the record and group pages go to .build/screenshots/
browser-test:
	mkdir -p .build/tmp && TMPDIR=$(CURDIR)/.build/tmp python3 Tests/Browser/workbench_test.py

## screenshots: the browser tests' screenshots of the record and group pages (not in git)
screenshots: test-deps
	$(SWIFTPM) build --product catalog
	@$(MAKE) --no-print-directory browser-test

## bench: timings of every step side by side with a python baseline (writes bench/results.md),
## then `catalog serve` under a bounded loopback load (writes bench/serve-results.md), then the
## planner (writes bench/plan-results.md)
bench: build
	@$(MAKE) --no-print-directory guarded STEP=bench-steps

bench-steps:
	python3 bench/bench.py
	python3 bench/serve_load.py
	python3 bench/plan_bench.py

## bench-plan: the reference planner alone: one week against loading the build, and the plan
## diff over every standard week (writes bench/plan-results.md)
bench-plan: build
	python3 bench/plan_bench.py

## identical: BASE=COMMIT: the working tree's `catalog` against COMMIT's, byte for byte (both
## release builds; BASE's in a temporary git worktree, its binary kept in .build/identical/bin):
## the same commands on the sample catalog, the real one (when ../shared/data/upstream is there),
## 100k generated records and the same shuffled, each followed by a next release. Compares every
## command's output and exit code, every file written (builds included) and the index's rows
## (stamps masked); prints the first differences and fails on any
identical: deps
	@test -n "$(BASE)" || { echo "error: name the commit to compare with: make identical BASE=COMMIT" >&2; exit 64; }
	python3 bench/identical.py $(BASE)

## speed-identical: BASE=COMMIT: both builds timed by turns (3 rounds, fresh folders, medians):
## each step of the pipeline at 100k records and the whole pipeline at 200k
speed-identical: deps
	@test -n "$(BASE)" || { echo "error: name the commit to compare with: make speed-identical BASE=COMMIT" >&2; exit 64; }
	python3 bench/identical.py $(BASE) --speed

## eval: suggestion accuracy per field, coverage and accuracy per confidence bucket on the
## project's own labels (eval/exercisedb-labels.tsv) and free-exercise-db's; fails when a bucket
## is more than 10 points below its confidence or a field below its bar (needs ../shared/data/upstream)
eval: build
	@$(MAKE) --no-print-directory guarded STEP=eval-steps

eval-steps:
	python3 eval/eval.py

## calibrate: re-measure each suggestion rule's accuracy into Sources/CatalogCore/Suggestions/Calibration.swift
calibrate: build
	python3 eval/eval.py --calibrate

## fuzz: libFuzzer on each parser for FUZZ_SECONDS (default 60) each; crashes go to Tests/Fuzz/regressions/
## (FUZZ_TARGETS="manifest" for one). The manifest target verifies beside the sample's build, the
## committed fixture (`make fixture` writes it)
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = json import canonical gif review diff manifest server
FUZZ_BUILD   = fixtures/build/exercise-catalog-1.0.0
fuzz: deps
	@mkdir -p .build/fuzz
	@for t in $(FUZZ_TARGETS); do \
	  echo "== fuzz $$t ($(FUZZ_SECONDS) s)"; \
	  Tests/Fuzz/build.sh $$t .build/fuzz/fuzz-$$t || exit 1; \
	  mkdir -p .build/fuzz/corpus/$$t Tests/Fuzz/regressions/$$t; \
	  TMPDIR=$(CURDIR)/.build/fuzz CATALOG_FUZZ_BUILD=$(CURDIR)/$(FUZZ_BUILD) .build/fuzz/fuzz-$$t -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 -timeout=10 \
	    -artifact_prefix=Tests/Fuzz/regressions/$$t/ .build/fuzz/corpus/$$t Tests/Fuzz/seeds/$$t 2>&1 | tail -n 3 || exit 1; \
	done

clean:
	rm -rf .build $(DEMO) .catalog dist
