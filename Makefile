# Thin wrapper around CMake. `make pdf` and `make test` work on a fresh Debian machine:
# both install missing packages first (scripts/deps.sh).
BUILD   ?= build
LAYOUT  ?=
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
SAMPLES := $(wildcard samples/*.yaml)
LAYOUT_FLAG := $(if $(LAYOUT),--layout $(LAYOUT),)

.PHONY: all build deps configure pdf test bench golden-update clean

all: build

deps:
	@./scripts/deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

configure: $(BUILD)/CMakeCache.txt

build: configure
	cmake --build $(BUILD) -j $(JOBS)

pdf: deps build
	@mkdir -p out
	@set -e; for f in $(SAMPLES); do \
	  n=$$(basename $$f .yaml); \
	  ./$(BUILD)/hanji build $$f -o out/$$n.pdf $(LAYOUT_FLAG); \
	  echo "out/$$n.pdf"; \
	done

test: deps build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

bench: deps build
	./$(BUILD)/hanji_bench $(SAMPLES)

clean:
	rm -rf $(BUILD) out
