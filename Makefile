# Convenience wrapper around CMake. Every target works from a fresh clone.
#   make            release build in build/
#   make play       build, then play chess in the terminal (GAME=name for another)
#   make test       build, then run every test (release build, slow ones included)
#                   The program and the library need only jansson: make, make play and
#                   make install build without cmocka (the tests off, with a warning);
#                   the test targets need it and say so when it is missing.
#   make asan-test  the test suite again under AddressSanitizer + UBSan (build-asan/)
#   make clang      warning check with clang: library, program, tests and benchmarks (build-clang/)
#   make bench      build and run the benchmark programs
#   make install    install under PREFIX (default /usr/local); the installed ggn finds its
#                   games beside itself (PREFIX/share/ggn/games) and ggn.pc names PREFIX
#   make fuzz       libFuzzer targets (clang, build-fuzz/), each run FUZZ_SECONDS (default 45),
#                   FUZZ_JOBS at a time (default: the number of cores)
#   make valgrind-test  the fast suite under valgrind (build-valgrind/, label valgrind)
#   make web        the library in WebAssembly and the page, into web/dist/ (emscripten,
#                   build-web/; docs/web.md)
#   make python     build, then put libggn.so, ggn._fast and the shipped games into python/ggn/ so that
#                   `pip install --no-index --no-build-isolation python/` works (docs/python.md)
BUILD      ?= build
ASAN_BUILD ?= build-asan
CLANG_BUILD ?= build-clang
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 45
VALGRIND_BUILD ?= build-valgrind
PREFIX     ?= /usr/local
GAME       ?= chess
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
WERROR     := $(if $(GGN_WERROR),ON,OFF)

.PHONY: web all build play python test test-fast tests-on asan-test clang bench install clean fuzz fuzz-build valgrind-test

all: build

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DGGN_WERROR=$(WERROR)

build: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

play: build
	./$(BUILD)/ggn play $(GAME)

# The package is Python over the shared library (ctypes), with the C extension ggn._fast for a
# State's hot path when the build made it (Python's headers, python3-dev): both go beside it, with
# the games. Without the extension the package runs its ctypes path and says so (docs/python.md).
python: build
	cp -L $(BUILD)/libggn.so python/ggn/libggn.so
	rm -f python/ggn/_fast.*.so
	if ls $(BUILD)/_fast.*.so >/dev/null 2>&1; then cp $(BUILD)/_fast.*.so python/ggn/; \
	else echo "make python: no ggn._fast in $(BUILD) (python3-dev missing?): the package will run its ctypes path" >&2; fi
	rm -rf python/ggn/games && mkdir python/ggn/games && cp games/*.json python/ggn/games/

# The test targets turn the tests on in build/ (GGN_TESTS=ON) unless they are
# on already. cmocka is checked first, so that a missing one leaves build/ as
# it was (still good for make play) rather than configured to need it.
tests-on: $(BUILD)/CMakeCache.txt
	@pkg-config --exists cmocka || { echo "make: the tests need cmocka, which pkg-config does not find:" \
	  "install libcmocka-dev (bash .ci/deps does)" >&2; exit 1; }
	@grep -q '^GGN_TESTS:[A-Z]*=ON$$' $(BUILD)/CMakeCache.txt || cmake -S . -B $(BUILD) -DGGN_TESTS=ON

test: tests-on
	cmake --build $(BUILD) -j $(JOBS)
	cd $(BUILD) && ctest --output-on-failure --no-tests=error -j $(JOBS)

test-fast: tests-on
	cmake --build $(BUILD) -j $(JOBS)
	cd $(BUILD) && ctest --output-on-failure --no-tests=error -j $(JOBS) -LE slow

# ASan + UBSan at -O1 (asserts kept), as the sanitizers' own docs advise: at -O0 the suite took
# twice as long for no finding -O1 hides.
asan-test:
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-g -O1" -DGGN_SANITIZE=ON -DGGN_WERROR=$(WERROR) -DGGN_BENCH=OFF -DGGN_TESTS=ON
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS) -LE slow

clang:
	CC=clang cmake -S . -B $(CLANG_BUILD) -DCMAKE_BUILD_TYPE=Release -DGGN_WERROR=ON -DGGN_TESTS=ON
	cmake --build $(CLANG_BUILD) -j $(JOBS)

bench: build
	./$(BUILD)/bench/bench_ggn
	./$(BUILD)/bench/bench_perft

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

# libFuzzer: the whole library instrumented, tests and benchmarks off.
fuzz-build:
	CC=clang cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGGN_WERROR=$(WERROR) \
	  -DGGN_TESTS=OFF -DGGN_BENCH=OFF -DGGN_FUZZ=ON \
	  -DCMAKE_C_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
	cmake --build $(FUZZ_BUILD) -j $(JOBS)

web:
	JOBS=$(JOBS) web/build.sh

fuzz: fuzz-build
	fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

# The fast suite under valgrind (tests labelled `valgrind`; debug build, no sanitizers), less the
# few tests it names first (docs/limits.md).
valgrind-test:
	cmake -S . -B $(VALGRIND_BUILD) -DCMAKE_BUILD_TYPE=Debug -DGGN_WERROR=$(WERROR) -DGGN_BENCH=OFF -DGGN_TESTS=ON
	cmake --build $(VALGRIND_BUILD) -j $(JOBS)
	@cd $(VALGRIND_BUILD) && echo "valgrind-test: NOT run under valgrind (docs/limits.md says why; make asan-test runs them):" \
	  $$(ctest -N -LE 'slow|valgrind' | sed -n 's/^ *Test *#[0-9]*: //p')
	cd $(VALGRIND_BUILD) && ctest --output-on-failure -j $(JOBS) -L valgrind -LE slow -T memcheck \
	  --overwrite MemoryCheckCommand=$$(command -v valgrind) \
	  --overwrite MemoryCheckCommandOptions="--leak-check=full --error-exitcode=1 --errors-for-leak-kinds=definite,possible"

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(CLANG_BUILD) $(FUZZ_BUILD) $(VALGRIND_BUILD)
