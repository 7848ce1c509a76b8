# Tessera: `make run` (the demo) and `make test` set everything up on a fresh Debian 12 with Swift 6.3.
SWIFT ?= swift
SWIFT_FLAGS ?=

.PHONY: run test bench build release bootstrap clean

bootstrap:
	scripts/bootstrap

build: bootstrap
	$(SWIFT) build $(SWIFT_FLAGS)

release: bootstrap
	$(SWIFT) build -c release $(SWIFT_FLAGS)

run: release
	@scripts/run-demo

test:
	scripts/bootstrap test
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	scripts/test-postgres scripts/headless $(SWIFT) test --skip-build $(SWIFT_FLAGS)
	scripts/test-postgres scripts/end-to-end

bench:
	scripts/bootstrap bench
	scripts/bench

clean:
	rm -rf .build dist
