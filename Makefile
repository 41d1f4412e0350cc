# Thin wrapper around CMake. On a fresh Debian machine `make pdf` and `make test` do
# everything: scripts/deps.sh first installs the Debian packages that are missing (and does
# nothing when none are).
BUILD   ?= build
LAYOUT  ?=
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
SAMPLES := $(wildcard samples/*.yaml)
LAYOUT_FLAG := $(if $(LAYOUT),--layout $(LAYOUT),)

.PHONY: all build deps configure pdf test golden-update bench clean

all: build

deps:
	@./scripts/deps.sh

# Order-only: the packages (cmake, compilers, libraries) must be there before configuring.
$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

configure: $(BUILD)/CMakeCache.txt

build: deps configure
	cmake --build $(BUILD) -j $(JOBS)

pdf: build
	@mkdir -p out
	@set -e; for f in $(SAMPLES); do \
	  ./$(BUILD)/hanji build $$f -o out/$$(basename $$f .yaml).pdf $(LAYOUT_FLAG); \
	done

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# Rewrites tests/golden/*.trace from the current pipeline; review the diff before committing.
golden-update: build
	HANJI_GOLDEN_UPDATE=1 ./$(BUILD)/tests/golden_test

bench: build
	./$(BUILD)/hanji_bench $(SAMPLES)

clean:
	rm -rf $(BUILD) out
