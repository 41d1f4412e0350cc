// Reads PDFs the way pdf.js does (the reader of Firefox, of PDF viewers on the web, and of
// résumé parsers that run in a browser or in Node): its text items, in the order pdf.js gives
// them, for the readers test (tests/readers_test.cc).
//
//   node pdfjs_read.mjs FILE.pdf ...
//
// For each FILE.pdf writes FILE.pdf.pdfjs.txt: one line per text item,
//   PAGE<TAB>EOL<TAB>FONT<TAB>SIZE<TAB>X<TAB>Y<TAB>TEXT
// where EOL is 1 when pdf.js ends a line after the item, FONT the font pdf.js loaded it in
// (its internal name: a change of name is a change of font), SIZE the item's font size and X,
// Y its origin in pt (y up), TEXT the item's string with tabs and line breaks as spaces. A file
// pdf.js cannot open gets "ERROR<TAB>message".
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { readFileSync, writeFileSync } from "node:fs";

const flat = (s) => s.replace(/[\t\r\n]/g, " ");

for (const file of process.argv.slice(2)) {
  let out = "";
  try {
    const data = new Uint8Array(readFileSync(file));
    const doc = await getDocument({ data, verbosity: 0, isEvalSupported: false, useSystemFonts: false }).promise;
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      for (const item of content.items) {
        const [a, , , d, x, y] = item.transform;
        const size = Math.max(Math.abs(a), Math.abs(d));
        out += [p, item.hasEOL ? 1 : 0, item.fontName, size.toFixed(2), x.toFixed(2), y.toFixed(2), flat(item.str)].join("\t") + "\n";
      }
      page.cleanup();
    }
    await doc.destroy();
  } catch (error) {
    out = `ERROR\t${flat(String(error))}\n`;
  }
  writeFileSync(`${file}.pdfjs.txt`, out);
}
