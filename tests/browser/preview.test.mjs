// The live preview in a real browser: starts `hanji serve` on copies of two samples and
// drives Debian's chromium (headless, through puppeteer-core) the way a person uses it.
//
//   node preview.test.mjs BUILD_DIR [--bench]
//
// Checks: the pages arrive as inline SVG; every word the PDF gives back is in the pages' DOM
// text (English and Korean); an edit to the YAML appears without a reload and with the scroll
// kept; an error shows in the panel at FILE:LINE:COL while the last good pages stay, and goes
// when fixed; a click on the name shows the name's line and runs --editor with it; the layout
// switch changes the preview and never the file; the PDF downloads; requests for paths
// outside the CV's folder, from another host, or POSTs from elsewhere are refused; the icon
// is served; chromium logs no console error, failed request or error status; the page's
// policy refuses a font from anywhere but the pages' data: URLs; a 자기소개서's count panel shows
// each answer's count, red when over, its Korean titles drawn with glyphs (counted in pixels)
// from the faces the server sends, with no Korean font on the system. Then the pixels: each page,
// English and Korean, screenshotted once every font face has loaded, against `hanji build
// --format png` of it at the same size; and the same page under a policy without font-src
// (as the preview once was: a box for every glyph) must fail that comparison (see "pixels").
// HANJI_BROWSER_SHOTS=FOLDER keeps the screenshots and the PNG pages, to look at.
// Prints how long an edit takes to reach the page (file written -> new SVG in the DOM); with
// --bench, over more edits, for `make bench`. Exit status 0 when every check holds.
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, copyFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { request } from "node:http";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";
import { PNG } from "pngjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const build = resolve(process.argv[2] ?? join(root, "build"));
const bench = process.argv.includes("--bench");
const hanji = join(build, "hanji");
const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
// HANJI_BROWSER_SHOTS=FOLDER keeps the screenshots and the PNG pages they are compared with.
const shots = process.env.HANJI_BROWSER_SHOTS;

let failures = 0;
function check(ok, what, detail = "") {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${detail ? ` (${detail})` : ""}`);
  if (!ok) failures++;
}

const words = (text) => text.split(/\s+/).filter(Boolean);

// How long to wait for something before calling it hung: a guard for a busy machine, never a
// time a check expects (the times the preview takes are printed, not asserted).
const kHangGuardMs = 60000;

/// The words of the PDF hanji builds from `cv`, as a PDF reader extracts them.
function pdfWords(cv, folder) {
  const pdf = join(folder, "reference.pdf");
  execFileSync(hanji, ["build", cv, "-o", pdf, "-q"]);
  return words(execFileSync("pdftotext", ["-enc", "UTF-8", pdf, "-"]).toString());
}

/// The words of `expected` that are not among `found` (each as many times as it occurs). A
/// reader may join what the pages space a little ("1 / 2" drawn, "1/2" extracted): such a
/// word counts as found when the pages' text holds it once the spaces are taken out.
function missingWords(expected, found) {
  const count = new Map();
  for (const w of found) count.set(w, (count.get(w) ?? 0) + 1);
  const joined = found.join("");
  const missing = [];
  for (const w of expected) {
    const n = count.get(w) ?? 0;
    if (n > 0) count.set(w, n - 1);
    else if (!joined.includes(w)) missing.push(w);
  }
  return missing;
}

/// Starts `hanji serve` and resolves with the process and its URL once it listens.
function serve(cv, extra = []) {
  const child = spawn(hanji, ["serve", cv, "--port", "0", ...extra], { stdio: ["ignore", "pipe", "pipe"] });
  let said = "";
  child.stderr.on("data", (d) => { said += d; });
  return new Promise((ok, fail) => {
    child.stdout.on("data", (d) => {
      said += d;
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(said);
      if (m) ok({ child, url: m[1], said: () => said });
    });
    child.on("exit", (code) => fail(new Error(`hanji serve ended (${code}): ${said}`)));
    setTimeout(() => fail(new Error(`hanji serve did not start: ${said}`)), kHangGuardMs);
  });
}

/// A raw HTTP request (the path sent exactly as given, no URL normalisation).
function raw(url, path, { method = "GET", headers = {} } = {}) {
  const { hostname, port } = new URL(url);
  return new Promise((ok, fail) => {
    const req = request({ hostname, port, path, method, headers }, (res) => {
      let body = "";
      res.on("data", (d) => { body += d; });
      res.on("end", () => ok({ status: res.statusCode, body, headers: res.headers }));
    });
    req.on("error", fail);
    req.end();
  });
}

const domText = (page) =>
  page.evaluate(() => [...document.querySelectorAll(".page svg")].map((svg) => svg.textContent).join(" "));
const version = (page) => page.evaluate(() => Number(document.body.dataset.version || 0));
const waitVersionAbove = (page, v, timeout = kHangGuardMs) =>
  page.waitForFunction((v) => Number(document.body.dataset.version || 0) > v, { timeout, polling: "raf" }, v);

/// Writes `text` over `file` and resolves with the milliseconds until the page showed the
/// build that followed (the page stamps window.hanjiShownAt when it swaps pages in).
async function editAndTime(page, file, text) {
  const before = await version(page);
  const written = Date.now();
  writeFileSync(file, text);
  await waitVersionAbove(page, before);
  return (await page.evaluate(() => window.hanjiShownAt)) - written;
}

/// What goes wrong in a tab as chromium sees it, from the moment it opens: console errors
/// (a font or picture the page's policy blocks is one), uncaught exceptions, requests that
/// fail, answers of 400 and up (a favicon not found is one).
function watch(page) {
  const seen = [];
  page.on("console", (m) => { if (m.type() === "error") seen.push(`console: ${m.text().slice(0, 120)}`); });
  page.on("pageerror", (e) => seen.push(`exception: ${String(e).slice(0, 120)}`));
  page.on("requestfailed", (r) => seen.push(`failed: ${r.url().slice(0, 60)} ${r.failure()?.errorText ?? ""}`));
  page.on("response", (r) => { if (r.status() >= 400) seen.push(`${r.status()}: ${r.url()}`); });
  return seen;
}

function checkClean(seen, what) {
  check(seen.length === 0, `${what}: no console error, failed request or error status in chromium`, seen.slice(0, 3).join("; "));
}

// ---- pixels ----------------------------------------------------------------------------------
//
// Each page the preview shows is compared with `hanji build --format png --dpi 96` of the same
// page. The page's box is made exactly as wide as the PNG (viewport = PNG width + main's
// 2 x 12 px padding, deviceScaleFactor 1), so one CSS px is one PNG pixel and the box is the
// paper at its real size; the box's height then comes within 0.1 px of the PNG's, and the
// screenshot is the PNG's size, from the box's top left corner. (Chromium paints the box on
// whole pixels: the figures below stay the same with its top moved by 1/8 to 3/4 px.)
//
// Chromium draws the glyphs from the pages' web fonts with its own rasteriser, librsvg from
// the outlines with cairo's: edges differ in antialiasing, glyphs do not. So the pictures are
// compared as ink (1 - luminance) averaged over kBlock x kBlock pixel blocks: a block differs
// when its ink differs by more than kBlockDifference, and the measure is the share of
// differing blocks among those either picture inks (kInkedBlock). The page's total ink is
// compared too, and must be a page of text's (at least kMinInk of its area).
//
// Measured (chromium 156 on Debian bookworm; A4, 794 x 1123 pixels), share of inked blocks
// that differ, and ink against the PNG's:
//   fonts loaded:                  English 0.40% and 0.51% (pages 1, 2), Korean 1.28%; ink 0.99-1.00x
//   fonts blocked (the control):   English 63.5% and 60.8%, Korean 53.9%; ink 1.19x, 1.22x, 0.75x
//   the good page moved by 1 px:   14-19% (2 px: 30-49%): a glyph out of place by 1/96 in shows
//   pixel by pixel, no blocks:     19-23% of inked pixels differ by more than 0.2 on a good page,
//                                  antialiasing alone (69-73% on the control): hence the blocks
// The tolerance, 10% of inked blocks and ink within 0.9-1.1x, is about 8x the worst good
// page and a fifth of the best control; the control must fail on the blocks alone.
const kDpi = 96;
const kBlock = 4;
const kBlockDifference = 0.1;
const kInkedBlock = 0.02;      // a block with less ink in both pictures is paper
const kMaxDiffering = 0.1;     // share of inked blocks that may differ
const kInkRatio = [0.9, 1.1];  // screenshot's ink / PNG's
const kMinInk = 0.01;          // a page of text inks at least 1% of its area

/// A decoded PNG as ink: 0 for white paper, 1 for black (Rec. 601 luminance).
function inkOf(png) {
  const ink = new Float32Array(png.width * png.height);
  for (let i = 0; i < ink.length; i++) {
    const [r, g, b] = [png.data[4 * i], png.data[4 * i + 1], png.data[4 * i + 2]];
    ink[i] = 1 - (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  }
  return ink;
}

/// Ink averaged over kBlock x kBlock blocks (the last row and column of blocks may be narrower).
function blockInk(ink, width, height) {
  const across = Math.ceil(width / kBlock), down = Math.ceil(height / kBlock);
  const sum = new Float32Array(across * down), count = new Uint16Array(across * down);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const b = Math.floor(y / kBlock) * across + Math.floor(x / kBlock);
      sum[b] += ink[y * width + x];
      count[b]++;
    }
  return sum.map((s, b) => s / count[b]);
}

/// How far `shot` (the preview's page) is from `reference` (hanji's PNG of it), same size.
function comparePictures(shot, reference) {
  const a = inkOf(shot), b = inkOf(reference);
  const total = (ink) => ink.reduce((s, v) => s + v, 0);
  const ba = blockInk(a, shot.width, shot.height), bb = blockInk(b, reference.width, reference.height);
  let inked = 0, differing = 0;
  for (let i = 0; i < ba.length; i++) {
    if (Math.max(ba[i], bb[i]) < kInkedBlock) continue;
    inked++;
    if (Math.abs(ba[i] - bb[i]) > kBlockDifference) differing++;
  }
  return { differing: inked ? differing / inked : 1, inkRatio: total(a) / total(b), ink: total(a) / a.length };
}

function drawnLikeThePng(m) {
  return m.differing <= kMaxDiffering && m.inkRatio >= kInkRatio[0] && m.inkRatio <= kInkRatio[1] && m.ink >= kMinInk;
}

const describe = (m) =>
  `${(100 * m.differing).toFixed(2)}% of inked blocks differ, ink ${m.inkRatio.toFixed(2)}x the PNG's, ${(100 * m.ink).toFixed(1)}% of the page`;

/// Opens the preview at `url` in a tab sized for `references` (the PNG pages), waits for its
/// fonts, and screenshots each page's box at the PNG's size. `withoutFonts`: the page is
/// answered with its policy less font-src, as the preview was before it had one.
async function look(browser, url, references, { withoutFonts = false } = {}) {
  const page = await browser.newPage();
  const seen = watch(page);
  const { width, height } = references[0];
  await page.setViewport({ width: width + 24, height: 160 + references.length * (height + 18), deviceScaleFactor: 1 });
  let policy = null;
  if (withoutFonts) {
    await page.setRequestInterception(true);
    page.on("request", async (request) => {
      if (request.url() !== url) return request.continue();
      try {
        const answer = await fetch(url);
        const headers = Object.fromEntries(answer.headers);
        headers["content-security-policy"] = policy = headers["content-security-policy"].replace(/; *font-src [^;]*/, "");
        await request.respond({ status: answer.status, headers, body: Buffer.from(await answer.arrayBuffer()) });
      } catch {
        await request.abort();  // no page: the checks below say so
      }
    });
  }
  try {
    await page.goto(url);
    await page.waitForFunction((n) => document.querySelectorAll(".page > svg text").length > 0 &&
                                      document.querySelectorAll(".page > svg").length === n,
                               { timeout: kHangGuardMs }, references.length);
    // Two frames for the pages to be laid out (which starts their fonts loading), then until
    // every font has loaded or failed.
    const fonts = await page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      await document.fonts.ready;
      return [...document.fonts].map((f) => `${f.family} ${f.status}`);
    });
    const boxes = await page.$$eval(".page", (all) => all.map((p) => {
      const r = p.getBoundingClientRect();
      return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
    }));
    const pictures = [];
    for (const box of boxes)
      pictures.push(PNG.sync.read(Buffer.from(await page.screenshot({ clip: { x: Math.round(box.x), y: Math.round(box.y), width, height } }))));
    return { fonts, boxes, pictures, seen, policy };
  } finally {
    await page.close();
  }
}

/// The preview of `sample` drawn as hanji's PNG pages draw it, with its fonts; and, without
/// them, not (the comparison can fail).
async function drawn(browser, folder, sample, label) {
  const cv = join(folder, `${label}.yaml`);
  copyFileSync(join(root, sample), cv);
  const stem = join(folder, `reference-${label}`);
  execFileSync(hanji, ["build", cv, "--format", "png", "--dpi", String(kDpi), "-o", `${stem}.png`, "-q"]);
  const references = [];
  for (let i = 1; existsSync(`${stem}-${i}.png`); i++) references.push(PNG.sync.read(readFileSync(`${stem}-${i}.png`)));
  const server = await serve(cv);
  try {
    const good = await look(browser, server.url, references);
    check(good.fonts.length > 0 && good.fonts.every((f) => f.endsWith(" loaded")), `${label}: every font face of the pages is loaded`,
          good.fonts.filter((f) => !f.endsWith(" loaded")).join(", ") || `${good.fonts.length} faces`);
    check(good.boxes.every((b) => b.width === references[0].width && Math.abs(b.height - references[0].height) < 1),
          `${label}: each page's box is the PNG's size in CSS px`,
          `${good.boxes.map((b) => `${b.width} x ${b.height.toFixed(1)}`).join(", ")} for ${references[0].width} x ${references[0].height}`);
    checkClean(good.seen, `${label}: the preview`);
    const measured = good.pictures.map((p, i) => comparePictures(p, references[i]));
    measured.forEach((m, i) => check(drawnLikeThePng(m), `${label}: page ${i + 1} is drawn as hanji's ${kDpi} dpi PNG draws it`, describe(m)));

    const bare = await look(browser, server.url, references, { withoutFonts: true });
    check(bare.policy !== null && !bare.policy.includes("font-src") && bare.fonts.every((f) => f.endsWith(" error")),
          `${label}, control: under a policy without font-src every face fails`, bare.policy ?? "the page was not intercepted");
    const unlike = bare.pictures.map((p, i) => comparePictures(p, references[i]));
    // The blocks alone must tell: the ink of a page of boxes can come near the page's.
    unlike.forEach((m, i) => check(m.differing > kMaxDiffering && !drawnLikeThePng(m),
                                   `${label}, control: page ${i + 1} without its fonts fails the comparison`, describe(m)));

    if (shots) {
      mkdirSync(shots, { recursive: true });
      references.forEach((_, i) => {
        copyFileSync(`${stem}-${i + 1}.png`, join(shots, `${label}-${i + 1}-png.png`));
        writeFileSync(join(shots, `${label}-${i + 1}-preview.png`), PNG.sync.write(good.pictures[i]));
        writeFileSync(join(shots, `${label}-${i + 1}-no-fonts.png`), PNG.sync.write(bare.pictures[i]));
      });
    }
  } finally {
    server.child.kill("SIGTERM");
  }
}

async function english(browser, folder) {
  const cv = join(folder, "cv.yaml");
  copyFileSync(join(root, "samples/heungsub-lee.yaml"), cv);
  const source = readFileSync(cv, "utf8");
  const nameLine = source.split("\n").findIndex((l) => /^  name: /.test(l)) + 1;
  const editorLog = join(folder, "editor.log");
  const server = await serve(cv, ["--editor", `sh -c 'echo "$0" > ${editorLog}' {file}:{line}:{col}`]);
  const page = await browser.newPage();
  const seen = watch(page);
  await page.setViewport({ width: 1100, height: 900 });
  try {
    await page.goto(server.url);
    await page.waitForSelector(".page svg text", { timeout: kHangGuardMs });
    const pages = await page.$$eval(".page > svg", (s) => s.length);
    const expected = pdfWords(cv, folder);
    const pdfPages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [join(folder, "reference.pdf")]).toString())[1]);
    const found = words(await domText(page));
    check(pages >= 1 && pages === pdfPages, "the pages arrive as inline SVG, as many as the PDF's", `${pages} of ${pdfPages}`);
    const missing = missingWords(expected, found);
    check(missing.length === 0, "every word of the PDF is in the pages' text", missing.slice(0, 8).join(" "));
    const sizes = await page.$$eval(".page > svg", (s) => s.map((svg) => svg.outerHTML.length));
    check(sizes.every((n) => n <= 150 * 1024), "each SVG page is at most 150 KB", sizes.map((n) => `${(n / 1024).toFixed(0)} KB`).join(", "));

    // An edit, seen without a reload and with the scroll kept.
    await page.evaluate(() => { window.notReloaded = true; window.scrollTo(0, 700); });
    const scrolled = await page.evaluate(() => window.scrollY);
    const edited = source.replace("  name: Heungsub Lee", "  name: Heungsub Zeta Lee");
    const ms = await editAndTime(page, cv, edited);
    const text = await domText(page);
    check(text.includes("Zeta"), "an edit to the YAML appears in the page");
    check(await page.evaluate(() => window.notReloaded === true), "without reloading the page");
    check(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled) < 2, "the scroll position stays", `at ${scrolled}px`);
    console.log(`     edit to page: ${ms} ms (file written -> new SVG in the DOM)`);

    // An error: the panel names the place; the last good pages stay; fixing it clears it.
    const broken = edited.replace("  email: heungsub.lee@subl.ee", "  emial: heungsub.lee@subl.ee");
    const errorLine = broken.split("\n").findIndex((l) => l.startsWith("  emial:")) + 1;
    await editAndTime(page, cv, broken);
    const panel = await page.$eval("#messages", (m) => m.textContent);
    check(new RegExp(`cv\\.yaml:${errorLine}:\\d+: error`).test(panel), "an error shows in the panel at FILE:LINE:COL", panel.slice(0, 120));
    check((await domText(page)).includes("Zeta"), "the last good pages stay on an error");
    await editAndTime(page, cv, edited);
    check((await page.$eval("#messages", (m) => m.children.length)) === 0, "the panel clears when the error is fixed");

    // A click on the name: its line, and the editor run with it.
    const box = await page.evaluate(() => {
      const run = [...document.querySelectorAll(".page svg text[data-src]")].find((t) => t.textContent.includes("Zeta"));
      if (!run) return null;
      run.scrollIntoView({ block: "center" });
      const r = run.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    check(box !== null, "the name's run carries its source place");
    if (box) {
      await page.mouse.click(box.x, box.y);
      await page.waitForFunction(() => document.getElementById("where").textContent.includes("("), { timeout: kHangGuardMs }).catch(() => {});
      const shown = await page.$eval("#where", (w) => w.textContent);
      check(new RegExp(`^cv\\.yaml:${nameLine}:\\d+`).test(shown), "a click on the name shows the name's line", shown);
      // The editor runs on its own: wait until it has written its line (or the guard ends).
      const readLog = () => (existsSync(editorLog) ? readFileSync(editorLog, "utf8") : "");
      for (const start = Date.now(); !readLog().endsWith("\n") && Date.now() - start < kHangGuardMs;)
        await new Promise((r) => setTimeout(r, 20));
      const logged = readLog().trim();
      check(logged.startsWith(`${cv}:${nameLine}:`), "--editor runs with the name's file and line", logged);
    }

    // The layout switch changes the preview, never the file.
    const fileBefore = readFileSync(cv, "utf8");
    const v = await version(page);
    await page.select("#layout", "sidebar");
    await waitVersionAbove(page, v);
    const chosen = await page.$eval("#layout", (s) => s.value);
    check(chosen === "sidebar" && readFileSync(cv, "utf8") === fileBefore, "the layout switch changes the preview, not the file");
    check(missingWords(["Zeta"], words(await domText(page))).length === 0, "the other layout shows the CV too");

    // The PDF of the pages shown.
    const pdf = await raw(server.url, "/cv.pdf");
    check(pdf.status === 200 && pdf.body.startsWith("%PDF-"), "the PDF downloads", `${pdf.status}`);

    // What is refused.
    for (const path of ["/../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/picture/..%2fcv.yaml", "/cv.yaml"]) {
      const r = await raw(server.url, path);
      check(r.status === 403 || r.status === 404, `${path} is refused`, `${r.status}`);
      check(!r.body.includes("root:") && !r.body.includes("Heungsub"), `${path} gives nothing away`);
    }
    const elsewhere = await raw(server.url, "/state", { headers: { Host: "attacker.example:80" } });
    check(elsewhere.status === 403, "a request naming another host is refused", `${elsewhere.status}`);
    const forged = await raw(server.url, "/open?place=cv.yaml:1:1", { method: "POST" });
    check(forged.status === 403, "a POST without the preview's header is refused", `${forged.status}`);

    // The icon, served here: the page links /favicon.svg, a browser may ask for /favicon.ico.
    for (const path of ["/favicon.svg", "/favicon.ico"]) {
      const icon = await raw(server.url, path);
      check(icon.status === 200 && icon.headers["content-type"] === "image/svg+xml" && icon.body.startsWith("<svg"),
            `${path} is the page's icon`, `${icon.status} ${icon.headers["content-type"]}`);
    }
    checkClean(seen, "everything above");

    // The policy lets the pages' fonts in as data: URLs, and no font from anywhere else, this
    // server included (each attempt is a console error: after the check above).
    const refused = await page.evaluate(async (elsewhere) => {
      const violated = [];
      document.addEventListener("securitypolicyviolation", (e) => violated.push(e.effectiveDirective));
      for (const url of ["/favicon.svg", elsewhere])
        await new FontFace("probe", `url(${url})`).load().catch(() => {});
      await new Promise((r) => setTimeout(r, 50));  // the events are queued as tasks
      return violated;
    }, "http://127.0.0.2:9/font.woff");
    check(refused.length === 2 && refused.every((d) => d === "font-src"), "a font from this server or elsewhere is refused by the page's policy",
          refused.join(", ") || "nothing refused");

    if (bench) {
      const times = [];
      for (let i = 0; i < 15; i++) times.push(await editAndTime(page, cv, edited.replace("Zeta", `Zeta${i}`)));
      times.sort((a, b) => a - b);
      console.log(`bench: preview update after a save, 2-page sample: median ${times[7]} ms, best ${times[0]} ms, worst ${times[14]} ms (15 edits)`);
      console.log(`bench: SVG page sizes: ${sizes.map((n) => `${(n / 1024).toFixed(1)} KB`).join(", ")}`);
    }
  } finally {
    await page.close();
    server.child.kill("SIGTERM");
  }
}

async function korean(browser, folder) {
  const cv = join(folder, "ko.yaml");
  copyFileSync(join(root, "samples/heungsub-lee-ko.yaml"), cv);
  const server = await serve(cv);
  const page = await browser.newPage();
  const seen = watch(page);
  try {
    await page.goto(server.url);
    await page.waitForSelector(".page svg text", { timeout: kHangGuardMs });
    const missing = missingWords(pdfWords(cv, folder), words(await domText(page)));
    check(missing.length === 0, "every word of the Korean PDF is in the pages' text", missing.slice(0, 8).join(" "));
    const source = readFileSync(cv, "utf8");
    await editAndTime(page, cv, source.replace("이흥섭 (Heungsub Lee)", "이흥섭 고침 (Heungsub Lee)"));
    check((await domText(page)).includes("고침"), "a Korean edit appears in the page");
    checkClean(seen, "the Korean preview");
  } finally {
    await page.close();
    server.child.kill("SIGTERM");
  }
}

// ---- the count panel's Korean, in pixels ------------------------------------------------------
//
// The panel's text is drawn with faces the server sends (the layout's own fonts cut down to the
// panel's characters), not the system's: chromium here has no Korean font, and neither have many
// Linux and Docker machines. Where a font lacks a character, chromium draws a box: one hollow
// rectangle, one connected shape, per character. A Hangul syllable drawn with its glyph is two
// to four jamo, most of them apart (지 = ㅈ + ㅣ, 동 = ㄷ + ㅗ + ㅇ). So the title's dark shapes
// are counted, apart from its background, at 2 device pixels a CSS px: drawn, "2. 지원동기" is
// 12 shapes ("2", ".", then 2 + 3 + 3 + 2), "1. 성장과정" 14; as boxes (the preview before it
// sent its faces) 6 and 6, one a character. A title passes with at least one shape per
// character plus one per syllable, which a row of boxes never reaches.
const kInkAgainstBackground = 0.3;  // luminance apart from the row's background: ink
const kSpeck = 3;                   // shapes of fewer device pixels are antialiasing, not ink

/// The connected shapes (4-neighbour) of pixels whose luminance is kInkAgainstBackground or
/// more from the background's, the colour of the picture's top left pixel.
function inkShapes(png) {
  const { width, height, data } = png;
  const luminance = (i) => (0.299 * data[4 * i] + 0.587 * data[4 * i + 1] + 0.114 * data[4 * i + 2]) / 255;
  const background = luminance(0);
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < ink.length; i++) ink[i] = Math.abs(luminance(i) - background) >= kInkAgainstBackground ? 1 : 0;
  const seen = new Uint8Array(width * height);
  let shapes = 0;
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || seen[start]) continue;
    let size = 0;
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const at = stack.pop();
      size++;
      const x = at % width, y = (at - x) / width;
      for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) {
        const next = ny * width + nx;
        if (nx < 0 || nx >= width || ny < 0 || ny >= height || !ink[next] || seen[next]) continue;
        seen[next] = 1;
        stack.push(next);
      }
    }
    if (size >= kSpeck) shapes++;
  }
  return shapes;
}

/// Whether a title's screenshot shows its Hangul as glyphs, not boxes (see above).
function hangulDrawn(png, text) {
  const characters = [...text.replace(/\s/g, "")].length;
  const syllables = [...text].filter((c) => c >= "\uAC00" && c <= "\uD7A3").length;
  const shapes = inkShapes(png);
  return { drawn: syllables > 0 && shapes >= characters + syllables, shapes, needed: characters + syllables };
}

/// A 자기소개서 with one answer over its limit: it still renders, and the side panel shows each
/// answer's count beside the pages, the one over its limit in red (its pixels, not only its class),
/// its Korean titles drawn with glyphs (in pixels, with no Korean font on the system), and the
/// count follows an edit live.
async function counts(browser, folder) {
  const cv = join(folder, "intro.yaml");
  const over = "열두 글자가 넘는 긴 답입니다.";  // 17 characters: 7 over a limit of 10
  const source = "cv:\n  name: 김서연\nlocale: korean\nself_introduction:\n  questions:\n" +
    `    - title: 성장과정\n      limit: {max: 10}\n      answer: ${over}\n` +
    "    - title: 지원동기\n      limit: {max: 100, unit: chars_no_spaces}\n      answer: 짧은 답.\n";
  writeFileSync(cv, source);
  const server = await serve(cv);
  const page = await browser.newPage();
  const seen = watch(page);
  await page.setViewport({ width: 1400, height: 900, deviceScaleFactor: 2 });
  try {
    await page.goto(server.url);
    await page.waitForSelector("#counts li", { timeout: kHangGuardMs });
    check((await domText(page)).includes("열두"), "an answer over its limit still renders in the preview");
    // The panel's own faces, loaded, and its titles drawn in them.
    const faces = await page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.family.startsWith("hanji-panel")).map((f) => `${f.family} ${f.weight} ${f.status}`);
    });
    check(faces.length >= 2 && faces.every((f) => f.endsWith(" loaded")), "the count panel's faces (the layout's fonts) are loaded",
          faces.join(", ") || "none");
    for (const title of await page.$$("#counts li .title")) {
      const text = await title.evaluate((t) => t.textContent);
      const png = PNG.sync.read(Buffer.from(await title.screenshot()));
      const measured = hangulDrawn(png, text);
      check(measured.drawn, `the panel's Korean title "${text}" is drawn with glyphs, not boxes`,
            `${measured.shapes} shapes, ${measured.needed} needed`);
      if (shots) {
        mkdirSync(shots, { recursive: true });
        writeFileSync(join(shots, `panel-title-${[...text][0]}.png`), PNG.sync.write(png));
      }
    }
    const items = await page.$$eval("#counts li", (lis) => lis.map((li) => ({ text: li.textContent, over: li.classList.contains("over") })));
    check(items.length === 2, "each answer's count is shown", JSON.stringify(items));
    check(items[0]?.over && items[0].text.includes("17 / 10") && items[0].text.includes("7 over"),
          "the answer over its limit shows its count, its limit and how far over", items[0]?.text);
    check(!items[1]?.over && items[1]?.text.includes("4 / 100"), "the answer within its limit is not marked", items[1]?.text);
    // The pixels: the red row is red on the screen, the other is not.
    const rows = await page.$$("#counts li");
    const redShare = async (row) => {
      const png = PNG.sync.read(Buffer.from(await row.screenshot()));
      let red = 0;
      for (let i = 0; i < png.data.length; i += 4)
        if (png.data[i] > 180 && png.data[i + 1] < 80 && png.data[i + 2] < 80) red++;
      return red / (png.width * png.height);
    };
    const overRed = await redShare(rows[0]), withinRed = await redShare(rows[1]);
    check(overRed > 0.5, "the count over its limit is drawn red", overRed.toFixed(2));
    check(withinRed < 0.05, "a count within its limit is not red", withinRed.toFixed(2));
    // Shortened within its limit, the count follows live and the red goes.
    const before = await version(page);
    writeFileSync(cv, source.replace(over, "짧게 고침."));
    await waitVersionAbove(page, before);
    await page.waitForFunction(() => !document.querySelector("#counts li.over"), { timeout: kHangGuardMs });
    const fixed = await page.$eval("#counts li", (li) => li.textContent);
    check(fixed.includes("6 / 10"), "the count follows an edit live", fixed);
    checkClean(seen, "the count panel");
  } finally {
    await page.close();
    server.child.kill("SIGTERM");
  }
}

const folder = mkdtempSync(join(tmpdir(), "hanji-browser-"));
// Nothing in these runs reaches past 127.0.0.1: no GPU, no QUIC, no first-run, sync,
// component or background fetches, and a fresh profile in the test's folder (puppeteer adds
// --headless=new, chromium's only headless mode now, and more of its own defaults).
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  userDataDir: join(folder, "chromium-profile"),
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"],
});
try {
  await english(browser, folder);
  if (!bench) {
    await korean(browser, folder);
    await counts(browser, folder);
    await drawn(browser, folder, "samples/heungsub-lee.yaml", "English");
    await drawn(browser, folder, "samples/heungsub-lee-ko.yaml", "Korean");
  }
} catch (error) {
  check(false, "the browser test ran to the end", String(error?.stack ?? error));
} finally {
  await browser.close();
  rmSync(folder, { recursive: true, force: true });
}
console.log(failures === 0 ? "browser test: all checks hold" : `browser test: ${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
