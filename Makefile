# shutbox - one GNU Makefile.
#
#   make            build the library and the shutbox command
#   make play       install what is missing, build, play (full screen)
#   make test       install what is missing, build, run every test
#   make web        the tests of shutbox serve: protocol and browser
#   make asan       the unit and command tests under AddressSanitizer
#   make ubsan      the same under UndefinedBehaviorSanitizer
#   make fuzz       libFuzzer on every reader (clang), FUZZ_TIME s each
#   make bench      the benchmarks: solver, history, simulator, full screen,
#                   server
#   make bench      the benchmarks (not part of the tests)
#   make format     clang-format every source file in place
#   make clean
#
# Quiet by default; V=1 shows every command.  Under CI (CI set), warnings
# are errors.  Objects go to $(BUILD), so the sanitizer builds live beside
# the plain one.

CC ?= cc
PKG_CONFIG ?= pkg-config
BUILD ?= build
CFLAGS ?= -O2 -g
SANITIZE ?=

WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	-Wconversion -Wno-sign-conversion -Wpointer-arith -Wformat=2 \
	-Wundef -Wvla
ifneq ($(CI),)
WARN += -Werror
endif

PKGS_LIB := gmp
PKGS_PROG := jansson sqlite3
# The full-screen game: its files set the feature macros curses wants.
PKGS_TUI := ncursesw
PKGS_TEST := cmocka

pkg_cflags = $(shell $(PKG_CONFIG) --cflags $(1) 2>/dev/null)
pkg_libs = $(shell $(PKG_CONFIG) --libs $(1) 2>/dev/null || echo $(2))

ALL_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -Iinclude $(WARN) \
	$(CFLAGS) $(SANITIZE)
LDFLAGS_ALL := $(LDFLAGS) $(SANITIZE) -pthread
LIB_LIBS := $(call pkg_libs,$(PKGS_LIB),-lgmp) -lm
# The server: civetweb has no pkg-config file in Debian.
PROG_LIBS := $(call pkg_libs,$(PKGS_PROG),-ljansson -lsqlite3) \
	$(call pkg_libs,$(PKGS_TUI),-lncursesw -ltinfo) \
	$(call pkg_libs,libqrencode,-lqrencode) -lcivetweb
TEST_LIBS := $(call pkg_libs,$(PKGS_TEST),-lcmocka)

ifeq ($(V),1)
Q :=
say = @:
else
Q := @
say = @printf '  %-6s %s\n' $(1) $(2);
endif

LIB_SRC := $(wildcard lib/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
LIB := $(BUILD)/libshutbox.a
FRONT_SRC := $(wildcard front/*.c)
FRONT_OBJ := $(FRONT_SRC:%.c=$(BUILD)/%.o)
FRONT := $(BUILD)/libshutfront.a
PROG_SRC := $(wildcard programs/*.c programs/*/*.c)
PROG_OBJ := $(PROG_SRC:%.c=$(BUILD)/%.o)
SHUTBOX := $(BUILD)/shutbox
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
BENCH_SRC := $(wildcard bench/*.c)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)

.PHONY: all play test check unit cli tui asan ubsan fuzz fuzz-deps bench \
	format format-check deps deps-test deps-web web clean shutbox

# A link at the top, so that ./shutbox works after make, make check and
# make test.  It names the plain build only: the sanitizer builds and
# others in a directory of their own leave it alone.
LINK := $(if $(filter build,$(BUILD)),shutbox)

all: $(SHUTBOX) $(LINK)

# Made every time (it costs nothing), so that a link left naming another
# build is put right.
shutbox: $(SHUTBOX)
	$(Q)ln -sf $(SHUTBOX) shutbox

$(BUILD)/lib/%.o: lib/%.c $(wildcard include/*.h lib/*.h) Makefile
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) $(call pkg_cflags,$(PKGS_LIB)) -c $< -o $@

# The front-end layer sees the public headers only.
$(BUILD)/front/%.o: front/%.c $(wildcard include/*.h front/*.h) Makefile
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) -Ifront -c $< -o $@

$(BUILD)/programs/%.o: programs/%.c $(wildcard include/*.h front/*.h \
		programs/*.h programs/*/*.h) Makefile
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) -Ifront -Iprograms \
		$(call pkg_cflags,$(PKGS_PROG)) -c $< -o $@

$(LIB): $(LIB_OBJ)
	$(call say,AR,$@)
	$(Q)rm -f $@
	$(Q)ar rcs $@ $^

$(FRONT): $(FRONT_OBJ)
	$(call say,AR,$@)
	$(Q)rm -f $@
	$(Q)ar rcs $@ $^

$(SHUTBOX): $(PROG_OBJ) $(FRONT) $(LIB)
	$(call say,LINK,$@)
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $(PROG_OBJ) $(FRONT) $(LIB) \
		$(PROG_LIBS) $(LIB_LIBS)

# Unit tests see lib/ too, for the library's internal helpers, and the
# front-end layer.
$(BUILD)/tests/%: tests/unit/%.c $(FRONT) $(LIB) $(wildcard tests/unit/*.h)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) -Ilib -Ifront $(call pkg_cflags,$(PKGS_TEST)) \
		$(call pkg_cflags,$(PKGS_LIB)) -o $@ $< $(FRONT) $(LIB) \
		$(TEST_LIBS) $(LIB_LIBS) $(LDFLAGS_ALL)

# The analysis of a game is a part of the programs written on the library
# alone, so that its unit test links it with the library and nothing else.
$(BUILD)/tests/test_analysis: tests/unit/test_analysis.c \
		$(BUILD)/programs/analysis.o $(FRONT) $(LIB)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) -Ilib -Ifront -Iprograms \
		$(call pkg_cflags,$(PKGS_TEST)) -o $@ $< \
		$(BUILD)/programs/analysis.o $(FRONT) $(LIB) $(TEST_LIBS) \
		$(LIB_LIBS) $(LDFLAGS_ALL)

# What the server writes to a connection, with civetweb's writes stubbed
# by the test: send.o alone, without the server around it.
$(BUILD)/tests/test_send: tests/unit/test_send.c \
		$(BUILD)/programs/serve/send.o $(FRONT) $(LIB)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) -Ilib -Ifront -Iprograms \
		$(call pkg_cflags,$(PKGS_TEST)) -o $@ $< \
		$(BUILD)/programs/serve/send.o $(TEST_LIBS) $(LDFLAGS_ALL)

# The settings a table keeps: kept.o alone, pure, with jansson.
$(BUILD)/tests/test_kept: tests/unit/test_kept.c \
		$(BUILD)/programs/serve/kept.o $(FRONT) $(LIB)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) -Ilib -Ifront -Iprograms \
		$(call pkg_cflags,$(PKGS_TEST) jansson) -o $@ $< \
		$(BUILD)/programs/serve/kept.o $(TEST_LIBS) \
		$(call pkg_libs,jansson,-ljansson) $(LDFLAGS_ALL)

$(BUILD)/bench/%: bench/%.c $(LIB)
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $< $(LIB) $(LIB_LIBS) $(LDFLAGS_ALL)

deps:
	$(Q)sh scripts/deps.sh build

deps-test:
	$(Q)sh scripts/deps.sh test

deps-web:
	$(Q)sh scripts/deps.sh web

# The game: the full-screen game on a terminal, its setup screen first.
play: deps
	$(Q)$(MAKE) --no-print-directory all
	$(Q)./shutbox play

test: deps-web
	$(Q)$(MAKE) --no-print-directory check

# Every test, without the install step.
check: all unit cli tui web

unit: $(UNIT_BIN)
	$(Q)sh tests/run-unit.sh $(UNIT_BIN)

cli: $(SHUTBOX)
	$(Q)sh tests/cli/run.sh $(SHUTBOX)

# The full-screen game, played in a real terminal under tmux.
tui: $(SHUTBOX)
	$(Q)sh tests/tui/run.sh $(SHUTBOX)

# The server: its protocol with many clients and bad messages, a restart,
# and whole games in chromium (scripts/deps.sh web installs what it needs).
web: $(SHUTBOX)
	$(Q)sh tests/web/run.sh $(SHUTBOX)

asan:
	$(Q)SHUTBOX_TEST_SKIP="memory output-lines" $(MAKE) --no-print-directory \
		BUILD=build-asan CFLAGS="-O1 -g" \
		SANITIZE="-fsanitize=address -fno-omit-frame-pointer" check

ubsan:
	$(Q)$(MAKE) --no-print-directory BUILD=build-ubsan CFLAGS="-O1 -g" \
		SANITIZE="-fsanitize=undefined -fno-sanitize-recover=all" check

FUZZ_TIME ?= 60
# Each tests/fuzz/fuzz_NAME.c is built with libFuzzer and the sanitizers
# into build-fuzz/ and run for FUZZ_TIME seconds, one after the other, from
# its seed corpus tests/fuzz/corpus-NAME and what earlier runs found
# (build-fuzz/corpus-NAME).  FUZZ_NAMES picks some.  Inputs are up to 4 KiB
# unless FUZZ_LEN_NAME says otherwise.
# FUZZ_SRC_NAME: the program sources a target needs beside the library's
# and the front-end layer's (every one but main()'s for the whole game).
FUZZ_NAMES ?= spec input record args moves game store message sim
FUZZ_SRC_args := programs/util.c programs/solve.c programs/policy.c \
	programs/solve_win.c
FUZZ_SRC_sim := programs/util.c programs/solve.c programs/policy.c \
	programs/solve_win.c programs/sim.c programs/sim_out.c \
	programs/sim_svg.c
FUZZ_SRC_game := $(filter-out programs/shutbox.c,$(PROG_SRC))
FUZZ_SRC_store := $(FUZZ_SRC_game)
FUZZ_SRC_message := programs/serve/proto.c programs/serve/kept.c
# FUZZ_LEN_NAME: a longer limit, for a history file of a few pages.
FUZZ_LEN_store := 16384
FUZZ_BIN := $(FUZZ_NAMES:%=build-fuzz/fuzz_%)

# Each source is compiled once for every target (build-fuzz/obj/), so
# that make -j builds them side by side.
FUZZ_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -Iinclude \
	-Ifront -Iprograms
FUZZ_HDR := $(wildcard include/*.h lib/*.h front/*.h programs/*.h \
	programs/*/*.h)
fuzz_obj = $(patsubst %.c,build-fuzz/obj/%.o,$(1))

FUZZ_SAN := -fsanitize=fuzzer-no-link,address,undefined
# The solver's kernel is built with the sanitizers but without libFuzzer's
# coverage: its loops are the same for every rule set, and traced they
# took most of a run's time (the history's target analyses whole matches)
# and most of the build's.
FUZZ_UNTRACED := lib/solver_group.c lib/solver_group_avx2.c
$(call fuzz_obj,$(FUZZ_UNTRACED)): FUZZ_SAN := -fsanitize=address,undefined

build-fuzz/obj/%.o: %.c $(FUZZ_HDR) Makefile | fuzz-deps
	$(call say,CC,$<)
	$(Q)mkdir -p $(@D)
	$(Q)clang $(FUZZ_CFLAGS) $(FUZZ_SAN) -c -o $@ $<

.PRECIOUS: build-fuzz/obj/%.o
.SECONDEXPANSION:
build-fuzz/fuzz_%: $$(call fuzz_obj,tests/fuzz/fuzz_%.c $(LIB_SRC) \
		$(FRONT_SRC) $$(FUZZ_SRC_$$*)) | fuzz-deps
	$(call say,LD,$@)
	$(Q)clang -fsanitize=fuzzer,address,undefined -o $@ $^ \
		$(PROG_LIBS) $(LIB_LIBS)

fuzz-deps:
	$(Q)sh scripts/deps.sh fuzz

# One target's run: its log in build-fuzz/NAME.log, its end shown if it
# fails, and the crashing input in build-fuzz/.
fuzz_run = mkdir -p build-fuzz/corpus-$(1) && \
	echo "  FUZZ   tests/fuzz/fuzz_$(1).c" && \
	{ ./build-fuzz/fuzz_$(1) -max_total_time=$(FUZZ_TIME) \
		-max_len=$(or $(FUZZ_LEN_$(1)),4096) \
		-artifact_prefix=build-fuzz/ build-fuzz/corpus-$(1) \
		tests/fuzz/corpus-$(1) >build-fuzz/$(1).log 2>&1 || \
		{ tail -40 build-fuzz/$(1).log; false; }; } && \
	grep -E '^Done' build-fuzz/$(1).log

fuzz: $(FUZZ_BIN)
	$(Q)$(foreach n,$(FUZZ_NAMES),$(call fuzz_run,$(n)) && ) :

bench: $(BENCH_BIN) $(SHUTBOX)
	$(Q)sh scripts/deps.sh bench
	$(Q)for b in $(filter-out $(BUILD)/bench/tui,$(BENCH_BIN)); do \
		./$$b || exit 1; done
	$(Q)sh bench/history.sh ./$(SHUTBOX)
	$(Q)sh bench/sim.sh ./$(SHUTBOX)
	$(Q)sh bench/tui.sh ./$(SHUTBOX) ./$(BUILD)/bench/tui
	$(Q)node bench/ws.mjs ./$(SHUTBOX) 500 100 40 0
	$(Q)node bench/ws.mjs ./$(SHUTBOX) 500 100 20 500

SOURCES = $(wildcard include/*.h lib/*.[ch] front/*.[ch] programs/*.[ch] \
	programs/*/*.[ch] \
	tests/unit/*.[ch] tests/fuzz/*.[ch] bench/*.c)
format:
	$(Q)clang-format -i $(SOURCES)

format-check:
	$(Q)clang-format --dry-run --Werror $(SOURCES)

clean:
	$(Q)rm -rf build build-asan build-ubsan build-fuzz shutbox
