#!/bin/sh
# Installs the Debian packages hanji needs to build, test and render, but only those that
# are missing: a machine that has them all is left alone (no apt-get, no root needed).
# `deps.sh fuzz` also installs clang and its libFuzzer runtime, for `make fuzz`; `deps.sh
# browser` chromium, for `make test-browser`.
set -eu

PACKAGES="cmake make g++ pkg-config
libhpdf-dev libharfbuzz-dev libfreetype-dev libfmt-dev libyaml-cpp-dev libunibreak-dev
libhyphen-dev hyphen-en-us libfribidi-dev libdeflate-dev libmimalloc-dev icc-profiles-free libfontconfig-dev librsvg2-dev fonts-dejavu-core libgtest-dev zlib1g-dev libjpeg-dev libharfbuzz-bin poppler-utils qpdf mupdf-tools
python3-jsonschema python3-yaml python3-pdfminer libcpp-httplib-dev libcmark-dev cmark
libphonenumber-dev libcurl4-openssl-dev libutf8proc-dev"
if [ "${1:-}" = "fuzz" ]; then
  PACKAGES="$PACKAGES clang libclang-rt-14-dev"
fi
# Node and npm, for the readers test's pdf.js (tests/readers) and the browser test: they count
# as there when their commands are, whoever installed them (a Node from elsewhere brings its
# own npm and conflicts with Debian's package).
command -v node >/dev/null 2>&1 || PACKAGES="$PACKAGES nodejs"
command -v npm >/dev/null 2>&1 || PACKAGES="$PACKAGES npm"
# `deps.sh browser`: what `make test-browser` drives (puppeteer-core itself comes from npm).
if [ "${1:-}" = "browser" ]; then
  PACKAGES="$PACKAGES chromium"
fi

missing=""
for p in $PACKAGES; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done
[ -z "$missing" ] && exit 0

echo "hanji: installing missing packages:$missing"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "hanji: need root to install:$missing (run as root or install them yourself)" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
# A fresh machine may have empty package lists: update once if the first try fails.
$SUDO apt-get install -y --no-install-recommends $missing || {
  $SUDO apt-get update && $SUDO apt-get install -y --no-install-recommends $missing
}
