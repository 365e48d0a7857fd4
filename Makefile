# Front door. `make run` and `make test` do all set-up on a fresh Debian 12 machine.
BUILD      ?= build/release
TESTBUILD  ?= build/asan
FUZZBUILD  ?= build/fuzz
COVBUILD   ?= build/cov
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_GEN  := $(shell command -v ninja >/dev/null 2>&1 && echo "-G Ninja")

.PHONY: all bootstrap build run test bench fuzz-smoke fuzz-long fuzz-hours fuzz-cov stress docs clean

all: build

bootstrap:
	@scripts/bootstrap.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release

build: bootstrap $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

run: build
	@scripts/tour.sh $(BUILD)/z3ed samples/sample.sfc

$(TESTBUILD)/CMakeCache.txt:
	cmake -S . -B $(TESTBUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Debug -DZ3_SANITIZE=ON

test: bootstrap $(TESTBUILD)/CMakeCache.txt
	cmake --build $(TESTBUILD) -j $(JOBS)
	cd $(TESTBUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest --output-on-failure -j $(JOBS)

bench: build
	@$(BUILD)/bench/z3-bench --z3ed $(BUILD)/z3ed
	@$(if $(DISPLAY),,xvfb-run -a -s "-screen 0 1280x1024x24") $(BUILD)/bench/yaze-bench --yaze $(BUILD)/yaze --sample samples/sample.sfc

$(FUZZBUILD)/CMakeCache.txt:
	CC=clang cmake -S . -B $(FUZZBUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DZ3_FUZZ=ON

fuzz-smoke: bootstrap $(FUZZBUILD)/CMakeCache.txt
	cmake --build $(FUZZBUILD) -j $(JOBS)
	@scripts/fuzz-smoke.sh $(FUZZBUILD)/fuzz

# Every target for FUZZ_SECONDS (default an hour each), with dictionaries, merging
# what finds new coverage into fuzz/corpora (scripts/fuzz-long.sh; FUZZ_TARGETS picks some,
# FUZZ_REMAINING=1 runs only what each still lacks of its hour, FUZZ_JOBS=N N at a time).
fuzz-long: bootstrap $(FUZZBUILD)/CMakeCache.txt
	cmake --build $(FUZZBUILD) -j $(JOBS)
	@scripts/fuzz-long.sh $(FUZZBUILD)/fuzz

# Seconds and executions each target has had under fuzz-long, summed from fuzz/ledger.tsv,
# and the targets still short of an hour (scripts/fuzz-hours.sh).
fuzz-hours:
	@scripts/fuzz-hours.sh

# Line and branch coverage of each fuzzed parser from its corpus (scripts/fuzz-cov.sh):
# the corpora replayed through targets built with clang's source-based coverage.
$(COVBUILD)/CMakeCache.txt:
	CC=clang cmake -S . -B $(COVBUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Debug \
	  -DCMAKE_C_FLAGS="-fprofile-instr-generate -fcoverage-mapping"

fuzz-cov: bootstrap $(COVBUILD)/CMakeCache.txt
	cmake --build $(COVBUILD) -j $(JOBS) --target \
	  $(patsubst fuzz/%.c,%_replay,$(wildcard fuzz/*_fuzzer.c))
	@scripts/fuzz-cov.sh $(COVBUILD)

# The long runs of docs/crash-safety.md (make test runs them briefly): 16 agents and
# an editor on one ROM for STRESS_SECONDS, and STRESS_KILLS kill rounds per kind of save.
STRESS_SECONDS ?= 300
STRESS_KILLS ?= 60
stress: build
	tests/reliability/agents_stress.sh $(BUILD)/z3ed samples/sample.sfc $(STRESS_SECONDS) 16
	tests/reliability/kill_saves.sh $(BUILD)/z3ed samples/sample.sfc $(STRESS_KILLS)

# Regenerates docs/commands.md and the command-surface manifest from the command table.
docs: build
	$(BUILD)/z3ed help --markdown > docs/commands.md
	tests/cmd/surface.sh $(BUILD)/z3ed $(BUILD)/surface tests/cmd/surface.sha256 --update

clean:
	rm -rf build samples/sample.sfc
