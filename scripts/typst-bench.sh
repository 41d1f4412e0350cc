#!/bin/sh
# Typst's side of `make bench`: a warm rebuild of the two-page English sample written in Typst
# (bench/typst/cv.typ), timed by bench/typst/warm.mjs with Typst 0.14 running in Node. It needs
# Node and the npm package that carries the compiler; without them it says how to get them and
# exits 0, so `make bench` stays usable on a machine without Node.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
bench="$here/bench/typst"
package="$bench/node_modules/@myriaddreamin/typst-ts-node-compiler"

if ! command -v node >/dev/null 2>&1; then
  echo "typst comparison skipped: no node (install Node.js 18 or later, then: make typst-setup)"
  exit 0
fi
if [ ! -d "$package" ]; then
  echo "typst comparison skipped: run 'make typst-setup' (npm ci --ignore-scripts --prefix bench/typst)"
  exit 0
fi
exec node "$bench/warm.mjs" "$@"
