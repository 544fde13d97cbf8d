# ExerciseCatalog: `make demo` and `make test` are all a new machine needs.
SWIFT       ?= swift
APT_PACKAGES = libsqlite3-dev libxml2-dev libssl-dev pkg-config
CATALOG      = .build/release/catalog
DEMO         = .demo
SAMPLE       = catalog/sample
SUDO        := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build demo test bench clean

## deps: install the Debian packages that are missing (and only those)
deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	@command -v $(SWIFT) >/dev/null || { echo "error: swift is not on PATH (install the Swift 6 toolchain)" >&2; exit 1; }

## build: the release build of the `catalog` command
build: deps
	$(SWIFT) build -c release --product catalog

## demo: the main job on the project's sample catalog, in the ignored scratch folder .demo/
demo: build
	@rm -rf $(DEMO) && mkdir -p $(DEMO) && cp -R catalog reviews $(DEMO)/ && rm -rf $(DEMO)/catalog/sample $(DEMO)/.catalog
	@echo "== the sample catalog as committed: 24 exercises, every one reviewed"
	$(CATALOG) --root $(DEMO) status
	@echo
	@echo "== why a record is not cleared: low confidence"
	$(CATALOG) --root $(DEMO) show s011 | head -n 4
	@echo
	@echo "== lint: one soft rule broken (blocks s018), one overridden with a justification (s019)"
	@$(CATALOG) --root $(DEMO) lint || echo "(lint exits 1: the sample keeps that error on purpose)"
	@echo
	@echo "== upstream publishes its next release: a rename, a changed cue, a removal, rotated media links"
	$(CATALOG) --root $(DEMO) import $(SAMPLE)/exercisedb-sample-next.json
	@echo
	$(CATALOG) --root $(DEMO) status
	@echo
	@echo "== what to review next: the reviews the release made stale"
	$(CATALOG) --root $(DEMO) queue
	@echo
	$(CATALOG) --root $(DEMO) show s006 | head -n 5
	@echo
	@echo "demo done: scratch catalog in $(DEMO)/ (git-ignored); the work tree is unchanged"

## test: unit, real-data and end-to-end tests
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## bench: timings side by side with a baseline (see bench/)
bench: build
	@echo "bench: not yet written (issue 6)"

clean:
	rm -rf .build $(DEMO) .catalog dist
