# Thin wrapper around CMake. On a fresh Debian machine `make pdf` and `make test` do
# everything: scripts/deps.sh first installs the Debian packages that are missing (and does
# nothing when none are).
BUILD   ?= build
LAYOUT  ?=
# `make test SANITIZE=1`: the same, built with AddressSanitizer and UBSan in a folder of its own.
SANITIZE ?=
ifeq ($(SANITIZE),1)
BUILD := build-sanitize
CMAKE_OPTIONS := -DHANJI_SANITIZE=ON -DCMAKE_BUILD_TYPE= "-DCMAKE_CXX_FLAGS=-O1 -g1"
else
CMAKE_OPTIONS := -DCMAKE_BUILD_TYPE=Release
endif
# `make fuzz`: every libFuzzer target for FUZZ_TIME seconds each (clang, in build-fuzz/).
FUZZ_BUILD   := build-fuzz
FUZZ_TIME    ?= 60
FUZZ_TARGETS := yaml_loader markup line_breaker pipeline image
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
SAMPLES := $(wildcard samples/*.yaml samples/*.json)
LAYOUT_FLAG := $(if $(LAYOUT),--layout $(LAYOUT),)

# `make install PREFIX=~/.local`: hanji in PREFIX/bin, its layouts, fonts, locales and schemas
# in PREFIX/share/hanji.
PREFIX  ?= /usr/local

.PHONY: all build hanji deps configure pdf test test-readers readers-setup editor-setup test-browser browser-setup browser-deps install golden-update bench fuzz clean layouts-doc schemas locales-index gallery typst-setup typst-bench

all: build

deps:
	@./scripts/deps.sh

# Order-only: the packages (cmake, compilers, libraries) must be there before configuring.
$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) $(CMAKE_OPTIONS)

configure: $(BUILD)/CMakeCache.txt

build: deps configure
	cmake --build $(BUILD) -j $(JOBS)

# The command alone, without the tests (what `make pdf` and `make install` need): hanji and
# hanji-serve, the program behind `hanji serve`.
hanji: deps configure
	cmake --build $(BUILD) -j $(JOBS) --target hanji hanji-serve

install: hanji
	cmake --install $(BUILD) --prefix $(PREFIX)

# Every sample; one written in several languages ({ko: ..., en: ...}) once per language.
pdf: hanji
	@mkdir -p out
	@set -e; for f in $(SAMPLES); do \
	  name=$$(basename $$f); name=$${name%.*}; langs=$$(./$(BUILD)/hanji languages $$f); \
	  if [ $$(echo "$$langs" | wc -w) -gt 1 ]; then \
	    for lang in $$langs; do ./$(BUILD)/hanji build $$f --lang $$lang -o out/$$name-$$lang.pdf $(LAYOUT_FLAG); done; \
	  else \
	    ./$(BUILD)/hanji build $$f -o out/$$name.pdf $(LAYOUT_FLAG); \
	  fi; \
	done

# The readers test (ctest's `readers`) reads every sample's PDF with pdf.js too: pdfjs-dist from
# npm, in tests/readers (readers-setup). The schema's editor test runs yaml-language-server, what
# VS Code's YAML extension runs, from npm in tests/editor (editor-setup).
test: build readers-setup editor-setup
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# The readers test alone: every sample in every layout, and hanji's RenderCV-format files,
# read by poppler, mupdf, pdfminer and pdf.js; with RENDERCV_EXAMPLES=FOLDER (RenderCV's
# examples/ folder, John_Doe_*Theme_CV.yaml) their PDFs too.
test-readers: build readers-setup
	HANJI_RENDERCV_EXAMPLES=$(RENDERCV_EXAMPLES) ./$(BUILD)/tests/readers_test

READERS_MODULES := tests/readers/node_modules/.package-lock.json

readers-setup: $(READERS_MODULES)

$(READERS_MODULES): tests/readers/package.json tests/readers/package-lock.json | deps
	npm ci --ignore-scripts --omit=optional --no-audit --no-fund --prefix tests/readers
	@touch $@

EDITOR_MODULES := tests/editor/node_modules/.package-lock.json

editor-setup: $(EDITOR_MODULES)

$(EDITOR_MODULES): tests/editor/package.json tests/editor/package-lock.json | deps
	npm ci --ignore-scripts --omit=optional --no-audit --no-fund --prefix tests/editor
	@touch $@

# The live preview in a real browser: `hanji serve` on two samples, driven through Debian's
# chromium (headless) by puppeteer-core from npm (no download: it uses that chromium), its
# pages' pixels compared with hanji's PNG pages (decoded by pngjs, plain JavaScript).
# deps.sh browser installs chromium, Node and npm when they are missing. It runs hanji and
# hanji-serve only: the tests' own programs are not built for it.
test-browser: hanji browser-setup
	node tests/browser/preview.test.mjs $(BUILD)

# npm writes node_modules/.package-lock.json when it installs: a package-lock.json newer than
# it (a package added, another version) installs again.
BROWSER_MODULES := tests/browser/node_modules/.package-lock.json

browser-setup: $(BROWSER_MODULES)

$(BROWSER_MODULES): tests/browser/package.json tests/browser/package-lock.json | browser-deps
	npm ci --ignore-scripts --no-audit --no-fund --prefix tests/browser
	@touch $@

browser-deps:
	@./scripts/deps.sh browser

# Rewrites tests/golden/*.trace from the current pipeline; review the diff before committing.
golden-update: build
	HANJI_GOLDEN_UPDATE=1 ./$(BUILD)/tests/golden_test

# layouts/README.md, generated from the parameter registry (a test checks it is current).
layouts-doc: build
	./$(BUILD)/hanji layouts --reference > layouts/README.md

# schema/cv.schema.json and schema/layout.schema.json, generated from the tables that read CV and
# layout files (a test checks they are current).
schemas: hanji
	./$(BUILD)/hanji schema cv > schema/cv.schema.json
	./$(BUILD)/hanji schema layout > schema/layout.schema.json
	./$(BUILD)/hanji schema letter > schema/letter.schema.json
	./$(BUILD)/hanji schema self-introduction > schema/self-introduction.schema.json

# locales/index.txt: every name each locale file answers to, so that finding a language reads
# one file (a test checks it is current). Run after adding or renaming a locale.
locales-index: build
	HANJI_LOCALE_INDEX_UPDATE=1 ./$(BUILD)/tests/cv_readers_test --gtest_filter='LocaleIndex.IsCurrent'

# docs/gallery/: a page per layout (LAYOUT.md) with the first and last page of an English and
# a Korean sample, the first page of a right-to-left one and the cover letter in the three
# languages (the 자기소개서 in a few layouts), for choosing a layout by looking (the README
# shows the English and Korean first pages). scripts/gallery.sh says how (and which samples).
GALLERY_EN ?= samples/heungsub-lee.yaml
GALLERY_KO ?= samples/features.yaml
GALLERY_RTL ?= samples/dana-levi-he.yaml
gallery: build
	GALLERY_EN=$(GALLERY_EN) GALLERY_KO=$(GALLERY_KO) GALLERY_RTL=$(GALLERY_RTL) ./scripts/gallery.sh ./$(BUILD)/hanji

# Samples, stages, work in proportion to the input, the worst input inside each limit; then
# the CPU time of every hostile case (tests/hostile/*.yaml). Figures, not pass or fail: a time
# is never a test.
bench: build
	./$(BUILD)/hanji_bench $(LAYOUT_FLAG) $(SAMPLES)
	@./scripts/typst-bench.sh
	@if command -v chromium >/dev/null && [ -d tests/browser/node_modules/puppeteer-core ] && \
	    [ -d tests/browser/node_modules/pngjs ]; then \
	  node tests/browser/preview.test.mjs $(BUILD) --bench | grep '^bench:'; \
	else echo "preview bench: skipped (needs chromium and 'make browser-setup')"; fi
	./$(BUILD)/tests/hostile_test --gtest_also_run_disabled_tests --gtest_filter='HostileBench.*' | grep -v '^\['

# The Typst side of the warm-rebuild comparison: Typst 0.14 in Node, from npm only (its native
# compiler comes in a per-platform package; no install script runs). typst-bench says how to
# set up and exits 0 when Node or the package is missing.
typst-setup:
	npm ci --ignore-scripts --prefix bench/typst

typst-bench:
	@./scripts/typst-bench.sh

# Each target starts from the samples, the golden cases, fuzz/seeds and the inputs that once
# found a bug; what it learns stays in build-fuzz/corpus, what it finds in build-fuzz/findings
# (copy a finding into fuzz/regressions/TARGET once it is fixed: ctest replays them).
fuzz:
	@./scripts/deps.sh fuzz
	CC=clang CXX=clang++ cmake -S . -B $(FUZZ_BUILD) -DHANJI_FUZZ=ON -DHANJI_BUILD_TESTS=OFF \
	  -DCMAKE_BUILD_TYPE= "-DCMAKE_CXX_FLAGS=-O1 -g1"
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target $(addprefix fuzz_,$(FUZZ_TARGETS))
	@set -e; for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$t $(FUZZ_BUILD)/findings; \
	  echo "== fuzz_$$t for $(FUZZ_TIME) s"; \
	  ./$(FUZZ_BUILD)/fuzz/fuzz_$$t -dict=fuzz/hanji.dict -max_total_time=$(FUZZ_TIME) -timeout=5 \
	    -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_BUILD)/findings/$$t- \
	    $(FUZZ_BUILD)/corpus/$$t fuzz/seeds fuzz/regressions/$$t samples tests/golden; \
	done

clean:
	rm -rf $(BUILD) build-sanitize $(FUZZ_BUILD) out
