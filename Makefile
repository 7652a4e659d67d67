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

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

# The whole test suite: unit + CLI + live (root, real cgroups and OOM kills)
# tests, then the same unit tests under ASan+UBSan, then a bounded libFuzzer run.
test:
	@bash scripts/install-deps.sh test
	@bash scripts/run-tests.sh

demo: build
	@bash scripts/demo.sh $(BUILD)

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
test-vm: build
	@bash scripts/vm/test-vm.sh $(BUILD)

# The real engines (tests/engines/README.md): a single-node Slurm (slurmctld,
# slurmd, munged) and Docker's dockerd, each started by the test in a
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
