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
// outside the CV's folder, from another host, or POSTs from elsewhere are refused.
// Prints how long an edit takes to reach the page (file written -> new SVG in the DOM); with
// --bench, over more edits, for `make bench`. Exit status 0 when every check holds.
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync, readFileSync, copyFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { request } from "node:http";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const build = resolve(process.argv[2] ?? join(root, "build"));
const bench = process.argv.includes("--bench");
const hanji = join(build, "hanji");
const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";

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

async function english(browser, folder) {
  const cv = join(folder, "cv.yaml");
  copyFileSync(join(root, "samples/heungsub-lee.yaml"), cv);
  const source = readFileSync(cv, "utf8");
  const nameLine = source.split("\n").findIndex((l) => /^  name: /.test(l)) + 1;
  const editorLog = join(folder, "editor.log");
  const server = await serve(cv, ["--editor", `sh -c 'echo "$0" > ${editorLog}' {file}:{line}:{col}`]);
  const page = await browser.newPage();
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
  try {
    await page.goto(server.url);
    await page.waitForSelector(".page svg text", { timeout: kHangGuardMs });
    const missing = missingWords(pdfWords(cv, folder), words(await domText(page)));
    check(missing.length === 0, "every word of the Korean PDF is in the pages' text", missing.slice(0, 8).join(" "));
    const source = readFileSync(cv, "utf8");
    await editAndTime(page, cv, source.replace("이흥섭 (Heungsub Lee)", "이흥섭 고침 (Heungsub Lee)"));
    check((await domText(page)).includes("고침"), "a Korean edit appears in the page");
  } finally {
    await page.close();
    server.child.kill("SIGTERM");
  }
}

const folder = mkdtempSync(join(tmpdir(), "hanji-browser-"));
const browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: ["--no-sandbox"] });
try {
  await english(browser, folder);
  if (!bench) await korean(browser, folder);
} catch (error) {
  check(false, "the browser test ran to the end", String(error?.stack ?? error));
} finally {
  await browser.close();
  rmSync(folder, { recursive: true, force: true });
}
console.log(failures === 0 ? "browser test: all checks hold" : `browser test: ${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
