# flipfive - GTP engine for Othello and Gomoku/Renju.
# `make help` lists the targets.

CC      ?= cc
# The release build prefers clang when it is installed and CC was not given:
# the same code, the same nodes and bench signature, but the endgame solver
# runs 7-13 % faster than with gcc 12 on the machines we measure on. The
# debug and sanitizer builds use CC.
ifeq ($(origin CC),default)
REL_CC  := $(or $(shell command -v clang 2>/dev/null),$(CC))
else
REL_CC  := $(CC)
endif
ARCH    ?=
CSTD     = -std=c11
WARN     = -Wall -Wextra -Wshadow -Wpedantic -Wstrict-prototypes -Wmissing-prototypes
DEFS     = -D_POSIX_C_SOURCE=200809L
# Integer evaluation and no FP contraction: bench signatures must not depend
# on the compiler.
COMMON   = $(CSTD) $(WARN) $(DEFS) -pthread -ffp-contract=off -MMD -MP $(if $(ARCH),-march=$(ARCH))
RELEASE  = -O2 -DNDEBUG
DEBUGF   = -O0 -g3
SANFLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
TSANFLAGS = -O1 -g -fsanitize=thread -fno-omit-frame-pointer
# The tests of threads (interrupts, clocks, EOF, exact parallel solves, Lazy
# SMP games), which make tsan runs.
TSAN_TESTS ?= tests/threads.bats
LDLIBS   = -lm -pthread

# The sources sit in one folder per layer, listed lowest first in
# src/LAYERS with the folders each may include from (README "Module map").
# Every object is compiled with only its own folder and those on the include
# path, so an include from a higher layer does not build; `make layers`
# checks the whole table (scripts/layers). Each folder but the programs'
# (tools/: src/tools/main.c is build/flipfive, tool_NAME.c build/flipfive-NAME,
# each linked with the folder's other files;
# fuzz/: libFuzzer harnesses fuzz_NAME.c, `make fuzz`, each linked with the
# folder's other files, what they share) is a static library, and every
# program links the libraries highest layer first: the linker takes from
# them only the objects the program calls. build/pbrain-flipfive is
# src/tools/main.c compiled a second time to speak the Piskvork protocol by
# default (Gomocup managers look for pbrain-* programs).
LAYER_TABLE := $(shell sed 's/\#.*//' src/LAYERS | awk 'NF')
LAYERS   := $(shell sed 's/\#.*//' src/LAYERS | awk 'NF { print $$1 }')
PROGDIRS  = tools fuzz
LIBDIRS   = $(filter-out $(PROGDIRS),$(LAYERS))
LIBORDER := $(shell sed 's/\#.*//' src/LAYERS | awk 'NF && $$1 != "tools" && $$1 != "fuzz" { l = $$1 " " l } END { print l }')
$(foreach d,$(LAYERS),$(eval INC_$(d) := $(addprefix -Isrc/,$(d) $(shell sed 's/\#.*//' src/LAYERS | awk '$$1 == "$(d)" { $$1 = ""; print }'))))
incs      = $(INC_$(firstword $(subst /, ,$(1))))
ALL_SRC  = $(wildcard $(LAYERS:%=src/%/*.c))
TOOL_SRC = $(wildcard src/tools/tool_*.c)
TOOL_SUPPORT = $(filter-out src/tools/main.c $(TOOL_SRC),$(wildcard src/tools/*.c))
FUZZ_SRC = $(wildcard src/fuzz/fuzz_*.c)
FUZZ_SUPPORT = $(filter-out $(FUZZ_SRC),$(wildcard src/fuzz/*.c))
LIB_SRC  = $(filter-out $(PROGDIRS:%=src/%/%),$(ALL_SRC))
TOOLS    = $(patsubst src/tools/tool_%.c,flipfive-%,$(TOOL_SRC))

BATS    ?= bats
TESTS   ?= tests

.PHONY: all run test bench debug sanitize tsan clean help tools fuzz fuzz-build valgrind layers

all: build/flipfive build/pbrain-flipfive $(addprefix build/,$(TOOLS))

help:
	@echo "make            release build: build/flipfive, build/pbrain-flipfive (Piskvork), build/flipfive-* tools"
	@echo "make run        build, then play GTP on stdin/stdout"
	@echo "make test       build, then run every bats test in tests/ (installs bats when root with apt)"
	@echo "make bench      bench signature, perft(11) and FFO #40-#49"
	@echo "make debug      build/debug/flipfive with asserts, -O0 -g"
	@echo "make sanitize   ASan+UBSan build, then the whole test suite against it"
	@echo "make tsan       ThreadSanitizer build, then the suite's tests of threads (TSAN_TESTS) against it"
	@echo "make fuzz       libFuzzer harnesses (clang), each run FUZZ_SECONDS (default 60) on its corpus"
	@echo "make valgrind   every listed command under valgrind memcheck (errors and leaks fail)"
	@echo "make layers     the layering of src/ (src/LAYERS): no upward include, no cycle of modules"
	@echo "make clean      remove build/"
	@echo "variables: CC=gcc|clang  ARCH=native (adds -march=...)  TESTS=tests/x.bats"

# On x86-64 the endgame solver is compiled a second time with AVX2, BMI1/2
# and POPCNT, and the engine runs that copy when the CPU has them
# (othello8_solve.c): the binary still runs on any x86-64 CPU, and the
# solver is 5-14 % faster where it can be. Elsewhere, one copy.
SIMD_FLAGS = -DO8S_SIMD -mavx2 -mbmi -mbmi2 -mpopcnt
is_x86_64  = $(findstring x86_64,$(shell $(1) -dumpmachine 2>/dev/null))

# --- one set of objects and libraries per build flavour -----------------
# $(1) name, $(2) folder, $(3) flags, $(4) compiler
define flavour
$(1)_SIMD := $$(if $$(call is_x86_64,$(4)),$(2)/obj/othello8/othello8_solve_simd.o)
$(1)_LIBS = $$(LIBORDER:%=$(2)/lib/lib%.a)
$(2)/obj/%.o: src/%.c
	@mkdir -p $$(@D)
	$(4) $$(COMMON) $$(call incs,$$*) $(3) $$(if $$($(1)_SIMD),-DO8S_DISPATCH) -c $$< -o $$@
$(2)/obj/othello8/othello8_solve_simd.o: src/othello8/othello8_solve.c
	@mkdir -p $$(@D)
	$(4) $$(COMMON) $$(INC_othello8) $(3) $$(SIMD_FLAGS) -c $$< -o $$@
$(2)/lib/lib%.a:
	@mkdir -p $$(@D)
	@rm -f $$@
	$$(AR) rcs $$@ $$^
$(2)/flipfive: $(2)/obj/tools/main.o $$($(1)_LIBS)
	$(4) $(3) $$^ $$(LDLIBS) -o $$@
$(2)/flipfive-%: $(2)/obj/tools/tool_%.o $$(TOOL_SUPPORT:src/%.c=$(2)/obj/%.o) $$($(1)_LIBS)
	$(4) $(3) $$^ $$(LDLIBS) -o $$@
$(2)/obj/tools/pbrain.o: src/tools/main.c
	@mkdir -p $$(@D)
	$(4) $$(COMMON) $$(call incs,tools) $(3) -DFLIPFIVE_PISKVORK_MAIN -c $$< -o $$@
$(2)/pbrain-flipfive: $(2)/obj/tools/pbrain.o $$($(1)_LIBS)
	$(4) $(3) $$^ $$(LDLIBS) -o $$@
-include $$(wildcard $(2)/obj/*/*.d)
endef
# A layer's library holds its folder's objects ($(1) flavour, $(2) folder,
# $(3) layer); the 8x8 backend's also the AVX2 copy of the solver.
define layer_lib
$(2)/lib/lib$(3).a: $$(patsubst src/%.c,$(2)/obj/%.o,$$(filter src/$(3)/%,$$(LIB_SRC))) $$(if $$(filter othello8,$(3)),$$($(1)_SIMD))
endef

$(eval $(call flavour,REL,build,$(RELEASE),$$(REL_CC)))
$(eval $(call flavour,DBG,build/debug,$(DEBUGF),$$(CC)))
$(eval $(call flavour,SAN,build/sanitize,$(SANFLAGS),$$(CC)))
$(eval $(call flavour,TSAN,build/tsan,$(TSANFLAGS),$$(CC)))
$(foreach f,REL:build DBG:build/debug SAN:build/sanitize TSAN:build/tsan FUZZ:build/fuzz,$(foreach l,$(LIBDIRS),\
    $(eval $(call layer_lib,$(word 1,$(subst :, ,$(f))),$(word 2,$(subst :, ,$(f))),$(l)))))

run: build/flipfive
	@./build/flipfive

# bats 1.5.0 or later; scripts/ensure-bats installs it (root with apt-get)
# or says how.
test: all
	@scripts/ensure-bats $(BATS)
	$(BATS) $(BATSFLAGS) $(TESTS)

bench: all
	./build/flipfive bench
	@if [ -x scripts/bench ]; then scripts/bench; fi

debug: build/debug/flipfive build/debug/pbrain-flipfive $(addprefix build/debug/,$(TOOLS))

sanitize: build/sanitize/flipfive build/sanitize/pbrain-flipfive $(addprefix build/sanitize/,$(TOOLS))
	@scripts/ensure-bats $(BATS)
	@rm -rf build/sanitize/reports; mkdir -p build/sanitize/reports
	FLIPFIVE_BUILD=build/sanitize \
	    ASAN_OPTIONS=detect_leaks=1:log_path=$(CURDIR)/build/sanitize/reports/asan \
	    UBSAN_OPTIONS=print_stacktrace=1:log_path=$(CURDIR)/build/sanitize/reports/ubsan \
	    $(BATS) $(BATSFLAGS) $(TESTS); status=$$?; \
	if ls build/sanitize/reports/* >/dev/null 2>&1; then \
	    echo "sanitizer reports (a leak need not fail the test that caused it):"; \
	    head -50 build/sanitize/reports/*; exit 1; fi; \
	echo "sanitize: no sanitizer report"; exit $$status

# Data races: the tests of threads against a ThreadSanitizer build; any
# report fails it.
tsan: build/tsan/flipfive build/tsan/pbrain-flipfive
	@scripts/ensure-bats $(BATS)
	@rm -rf build/tsan/reports; mkdir -p build/tsan/reports
	FLIPFIVE_BUILD=build/tsan \
	    TSAN_OPTIONS=log_path=$(CURDIR)/build/tsan/reports/tsan:second_deadlock_stack=1 \
	    $(BATS) $(BATSFLAGS) $(TSAN_TESTS); status=$$?; \
	if ls build/tsan/reports/* >/dev/null 2>&1; then \
	    echo "ThreadSanitizer reports:"; head -80 build/tsan/reports/*; exit 1; fi; \
	echo "tsan: no ThreadSanitizer report"; exit $$status

# Every file compiled alone on its own and lower folders, and the module
# graph of the release build's includes and symbols without a cycle.
layers: all
	CC=$(REL_CC) scripts/layers -o build/obj

clean:
	rm -rf build

# --- fuzzing (clang libFuzzer) and valgrind ------------------------------
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZFLAGS     = -O2 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_LIBS     = $(LIBORDER:%=build/fuzz/lib/lib%.a)
FUZZERS       = $(patsubst src/fuzz/%.c,build/fuzz/%,$(FUZZ_SRC))
# Input-handling modules get full libFuzzer instrumentation; the rest (rules,
# search) skip comparison tracing, which would otherwise take most of the time.
FUZZ_PARSERS  = gtp gtp_commands gtp_ext sgf record coord engine settings timeman buf util linein gomocup \
                pisk pisk_board pisk_commands pisk_info pisk_think pisk_swap2 \
                nboard nboard_commands nboard_ggf nboard_think $(patsubst src/fuzz/%.c,%,$(FUZZ_SRC) $(FUZZ_SUPPORT))

build/fuzz/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(COMMON) $(call incs,$*) $(FUZZFLAGS) -fsanitize=fuzzer-no-link \
	    $(if $(filter $(notdir $*),$(FUZZ_PARSERS)),,-fno-sanitize-coverage=trace-cmp) -c $< -o $@
build/fuzz/lib/lib%.a:
	@mkdir -p $(@D)
	@rm -f $@
	$(AR) rcs $@ $^
$(FUZZERS): build/fuzz/%: build/fuzz/obj/fuzz/%.o $(FUZZ_SUPPORT:src/%.c=build/fuzz/obj/%.o) $(FUZZ_LIBS)
	$(FUZZ_CC) $(FUZZFLAGS) -fsanitize=fuzzer $^ $(LDLIBS) -o $@
-include $(wildcard build/fuzz/obj/*/*.d)

fuzz-build: $(FUZZERS)

fuzz: fuzz-build build/flipfive
	scripts/fuzz $(FUZZ_SECONDS)

valgrind: build/flipfive
	scripts/valgrind-session
