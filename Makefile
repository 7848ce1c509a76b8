# Tessera: `make run` (the demo) and `make test` set everything up on a fresh Debian 12 with Swift 6.3.
SWIFT ?= swift
SWIFT_FLAGS ?=

.PHONY: run test bench build release bootstrap clean translations deb deb-check vm-check

bootstrap:
	scripts/bootstrap

# The gettext catalogs (Resources/po) compiled into .build/locale, where a binary in .build finds them.
translations:
	scripts/translations build

build: bootstrap translations
	$(SWIFT) build $(SWIFT_FLAGS)

release: bootstrap translations
	$(SWIFT) build -c release $(SWIFT_FLAGS)

run: release
	@scripts/run-demo

test:
	scripts/bootstrap test
	scripts/check-strings
	scripts/translations check
	scripts/translations build
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	scripts/test-postgres scripts/headless $(SWIFT) test --skip-build $(SWIFT_FLAGS)
	scripts/test-postgres scripts/end-to-end

bench:
	scripts/bootstrap bench
	scripts/bench

# The store-terminal package: dist/tessera_<version>_amd64.deb (packaging/README.md).
deb:
	scripts/bootstrap deb
	scripts/make-deb

# Lints the package, then installs it into a fresh debootstrap Debian 12 root and runs it there
# (needs root: debootstrap, chroot, mounts).
deb-check: deb
	scripts/deb-check

# The package on a real boot: a Debian 12 image booted in QEMU with systemd, logind, udev and a
# virtio-gpu display; the screens, watchdog, power cuts and an upgrade checked there (needs root).
vm-check: deb
	scripts/bootstrap vm
	scripts/vm-check

clean:
	rm -rf .build dist
