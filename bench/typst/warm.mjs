// Typst's side of the warm-rebuild comparison: how long Typst 0.14 (through typst.ts's Node
// compiler, one process, its caches kept) takes to rebuild cv.typ -- the two-page English sample
// written in Typst -- after a one-word edit, to PDF and to SVG.
//
//   node warm.mjs [--edits N] [--out DIR]
//
// The compiler is created once; one cold compile is timed, then N edits for each output: every
// edit swaps one word of a wrapped highlight in the in-memory copy of cv.typ (addSource, so
// nothing is written to disk), compiles and exports. Each timing covers the source update, the
// compile and the export. Edits alternate between two words ("alternating"), and a second run
// puts a word never used before in that place ("fresh"): Typst memoizes by content, so an
// alternating edit finds much of its work cached from two edits before, a fresh one does not.
// Every compile must give two pages, or the script says so and exits 1.

import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const mainPath = join(here, 'cv.typ');
const EXPECTED_PAGES = 2;
// The edited word: in a highlight that wraps onto two lines, so each edit re-breaks a paragraph.
const EDIT_SITE = 'The server achieved up to 70k concurrent users per MMO world.';
const EDIT_WORD = 'achieved';
const ALTERNATE_WORD = 'reached';

function parseArgs(argv) {
  const args = { edits: 30, out: null };
  for (let i = 0; i < argv.length; ++i) {
    if (argv[i] === '--edits') args.edits = Number(argv[++i]);
    else if (argv[i] === '--out') args.out = argv[++i];
    else fail(`unknown argument ${argv[i]} (usage: node warm.mjs [--edits N] [--out DIR])`);
  }
  if (!Number.isInteger(args.edits) || args.edits < 2) fail('--edits takes a whole number, 2 or more');
  return args;
}

function fail(message) {
  console.error(`warm.mjs: ${message}`);
  process.exit(1);
}

// A word made of letters only, different for every n: "a", "b", ..., "z", "ba", "bb", ...
function freshWord(n) {
  let word = '';
  do {
    word = String.fromCharCode(97 + (n % 26)) + word;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `re${word}ed`;
}

function compileChecked(compiler, what) {
  const result = compiler.compile({ mainFilePath: mainPath });
  if (result.hasError()) {
    result.printErrors();
    fail(`${what}: cv.typ did not compile`);
  }
  const doc = result.result;
  if (doc.numOfPages !== EXPECTED_PAGES)
    fail(`${what}: cv.typ gave ${doc.numOfPages} pages, not ${EXPECTED_PAGES}: the comparison needs the same two pages`);
  return doc;
}

function exportChecked(compiler, doc, format, what) {
  if (format === 'pdf') {
    const pdf = compiler.pdf(doc);
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') fail(`${what}: the PDF export is not a PDF`);
    return pdf;
  }
  const svg = compiler.plainSvg(doc);
  if (!svg.startsWith('<svg')) fail(`${what}: the SVG export is not an SVG`);
  return svg;
}

const millisSince = (start) => Number(process.hrtime.bigint() - start) / 1e6;

function percentile(sorted, p) {
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

function median(sorted) {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// N timed edits of the in-memory cv.typ, each followed by a compile and one export.
function timeEdits(compiler, source, format, edits, wordFor) {
  const times = [];
  let last = null;
  for (let i = 0; i < edits; ++i) {
    const edited = source.replace(EDIT_SITE, EDIT_SITE.replace(EDIT_WORD, wordFor(i)));
    const start = process.hrtime.bigint();
    compiler.addSource(mainPath, edited);
    const doc = compileChecked(compiler, `${format} edit ${i + 1}`);
    last = exportChecked(compiler, doc, format, `${format} edit ${i + 1}`);
    times.push(millisSince(start));
  }
  return { times: times.sort((a, b) => a - b), last };
}

function typstVersion(compiler) {
  const result = compiler.compile({ mainFileContent: '#metadata(str(sys.version)) <typst-version>' });
  if (result.hasError()) return 'unknown';
  const found = compiler.query(result.result, { selector: '<typst-version>', field: 'value' });
  return Array.isArray(found) && found.length ? found[0] : 'unknown';
}

const args = parseArgs(process.argv.slice(2));
const source = readFileSync(mainPath, 'utf8');
if (!source.includes(EDIT_SITE)) fail(`cv.typ no longer holds the edited sentence "${EDIT_SITE}"`);

const loadStart = process.hrtime.bigint();
const compiler = NodeCompiler.create({ workspace: here, fontArgs: [{ fontPaths: [join(repo, 'fonts')] }] });
const loadMs = millisSince(loadStart);

const coldStart = process.hrtime.bigint();
const coldDoc = compileChecked(compiler, 'cold compile');
const coldPdf = exportChecked(compiler, coldDoc, 'pdf', 'cold compile');
const coldMs = millisSince(coldStart);

const alternate = (i) => (i % 2 === 0 ? ALTERNATE_WORD : EDIT_WORD);
const runs = [];
for (const format of ['pdf', 'svg']) {
  runs.push({ format, mode: 'alternating', ...timeEdits(compiler, source, format, args.edits, alternate) });
  const offset = format === 'pdf' ? 0 : args.edits; // the SVG run's words are new to the caches too
  runs.push({ format, mode: 'fresh', ...timeEdits(compiler, source, format, args.edits, (i) => freshWord(offset + i)) });
}

const version = typstVersion(compiler);
const label = `typst ${version}`;
const ms = (x) => x.toFixed(1);
console.log(`${label} load ${ms(loadMs)} ms (compiler created, fonts from fonts/ indexed)`);
console.log(`${label} cold pdf ${ms(coldMs)} ms (first compile and PDF export, ${EXPECTED_PAGES} pages, ${(coldPdf.length / 1024).toFixed(1)} KB)`);
for (const run of runs) {
  const name = run.mode === 'alternating' ? '' : ' fresh';
  console.log(`${label} warm${name} ${run.format} median ${ms(median(run.times))} ms p90 ${ms(percentile(run.times, 90))} ms ` +
    `min ${ms(run.times[0])} ms (${run.times.length} edits, ${run.mode} words)`);
}

if (args.out) {
  mkdirSync(args.out, { recursive: true });
  for (const run of runs.filter((r) => r.mode === 'fresh'))
    writeFileSync(join(args.out, `typst-cv.${run.format}`), run.last);
  console.log(`${label} last fresh edit written to ${join(args.out, 'typst-cv.pdf')} and .svg`);
}
