# oomlens: the commands in the README. Every target installs what it needs
# from Debian packages first (scripts/install-deps.sh; apt-get as root).
BUILD      ?= build
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
JOBS       ?= $(shell nproc)
FUZZ_SECONDS ?= 60
CMAKE_FLAGS ?=

.PHONY: all deps build test unit-test asan-test fuzz demo bench clean

all: build

deps:
	@bash scripts/install-deps.sh build

configure = cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS) >/dev/null

# `make` / `make build`: the binaries only; `make test` builds everything.
build: deps
	@$(configure)
	@cmake --build $(BUILD) -j $(JOBS) --target oomlens oomlens-daemon

# The whole test suite: unit + CLI + live (root, real cgroups and OOM kills)
# tests, then the same unit tests under ASan+UBSan, then a bounded libFuzzer run.
test:
	@bash scripts/install-deps.sh test
	@bash scripts/run-tests.sh

# The demo builds only what it runs: oomlens and the test leaker.
demo: deps
	@$(configure)
	@cmake --build $(BUILD) -j $(JOBS) --target oomlens oomlens-test-leaker
	@bash scripts/demo.sh $(BUILD)

# Every libFuzzer target for longer than make test does (scripts/fuzz.sh):
# FUZZ_SECONDS (default 600) each.
fuzz:
	@bash scripts/install-deps.sh test
	@FUZZ_SECONDS=$${FUZZ_SECONDS:-600} INPUT_FUZZ_SECONDS=$${FUZZ_SECONDS:-600} bash scripts/fuzz.sh

bench:
	@bash scripts/install-deps.sh bench
	@bash bench/run.sh

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD) build-bench

# cgroup v2 tests in a qemu VM (this machine's kernel has only the v1 memory
# controller): builds, installs qemu/busybox-static/cpio, fetches a Debian
# cloud kernel, boots it once (tests/vm/README.md). OOMLENS_VM_EXPLAIN=0
# skips the explain-v2 scenario.
.PHONY: test-vm
test-vm: deps
	@$(configure)
	@cmake --build $(BUILD) -j $(JOBS) --target oomlens oomlens-daemon oomlens-test-leaker
	@bash scripts/vm/test-vm.sh $(BUILD)

# Install like a tool (README "Install"): oomlens, oomlens-daemon, the Python
# hook, man pages, bash/zsh/fish completions, deploy/ examples under
# share/oomlens/deploy (nothing enabled). PREFIX=/usr/local, DESTDIR= staging.
# `make deb`: build/deb/oomlens_VERSION_ARCH.deb (CPack; scripts/make-deb.sh).
PREFIX ?= /usr/local
INSTALL_TARGETS = oomlens oomlens-daemon oomlens_man oomlens_completions oomlens_deb_files
.PHONY: install deb
install: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS) --target $(INSTALL_TARGETS)
	@DESTDIR=$(DESTDIR) cmake --install $(BUILD) --prefix $(PREFIX)

deb: deps
	@bash scripts/make-deb.sh $(BUILD)

# The real engines (tests/engines/README.md): a single-node Slurm (slurmctld,
# slurmd, munged, slurmdbd on mariadbd for sacct) and Docker's dockerd, each started by the test in a
# temporary directory and stopped and removed afterwards; no service is
# enabled. Root. Each skips with the reason where the machine cannot run it
# (a failure under CI=true).
.PHONY: test-slurm test-container
test-slurm: build
	@bash scripts/install-deps.sh engines
	@bash scripts/engines/test-slurm.sh $(BUILD)

test-container: build
	@bash scripts/install-deps.sh engines
	@bash scripts/engines/test-container.sh $(BUILD)
