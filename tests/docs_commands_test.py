#!/usr/bin/env python3
"""The commands the documentation shows run as shown (ctest: docs_commands).

README.md and docs/*.md are read in order. In each, the lines of every ```sh block are run
with the built hanji first on PATH, in a temporary folder of that file's own that holds a copy
of samples/; a ```yaml block whose first line is a comment naming a file (`# tight.yaml, next
to your CV`) is written there as that file first, so that the commands after it can use it.
A command must exit 0, or with the status a comment on its line gives (`# exit 1`).
`hanji watch` must build, stay running and build again when its CV is saved; `hanji serve`
(given `--port 0`, a free port) must answer its page on 127.0.0.1, and `--open` must call
the browser opener (a stub here). Every `make TARGET` the files name, in a block or in the
text, must be a target `make -n` accepts. Every relative link must lead to a file there, and
an #anchor to a heading of it.

usage: docs_commands_test.py SOURCE_DIR HANJI_BINARY
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

SHELL_FENCES = {"sh", "shell", "bash", "console"}
COMMAND_TIMEOUT = 30  # seconds; a command takes milliseconds, this only ends a hang
LONG_RUNNING_WAIT = 15  # seconds for watch or serve to print what it is doing


class Failure(Exception):
    pass


def split_comment(line):
    """(code, comment): a `#` outside quotes that starts a word begins the comment."""
    quote = None
    for i, c in enumerate(line):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i + 1:].strip()
    return line.rstrip(), ""


def code_blocks(text):
    """(fence info, first line number, lines) of every fenced block."""
    blocks, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        m = re.match(r"^\s*```(\S*)", lines[i])
        if not m:
            i += 1
            continue
        info, start, body = m.group(1).lower(), i + 2, []
        i += 1
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append(lines[i])
            i += 1
        i += 1
        blocks.append((info, start, body))
    return blocks


def shell_commands(start, body):
    """(line number, code, comment) per command; a line ending in `\\` goes on."""
    commands, pending, pending_line = [], "", 0
    for offset, raw in enumerate(body):
        line = raw.strip()
        if line.startswith("$ "):
            line = line[2:]
        if not pending:
            pending_line = start + offset
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        code, comment = split_comment(pending + line)
        pending = ""
        if code:
            commands.append((pending_line, code, comment))
    return commands


def words(code):
    try:
        return shlex.split(code)
    except ValueError as e:
        raise Failure(f"cannot split {code!r}: {e}")


def command_word(tokens):
    """The first word that is not an environment assignment."""
    for t in tokens:
        if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", t):
            return t
    return None


def hanji_subcommand(tokens):
    if "hanji" not in tokens:
        return None
    rest = tokens[tokens.index("hanji") + 1:]
    return rest[0] if rest else None


class Runner:
    def __init__(self, source, hanji):
        self.source = source
        self.hanji = hanji
        self.counts = {"hanji": 0, "other": 0, "watch": 0, "serve": 0, "make": 0, "links": 0}
        self.make_targets = set()

    def env(self, folder):
        env = dict(os.environ)
        for name in ("HANJI_DATA_DIR", "SOURCE_DATE_EPOCH", "XDG_CONFIG_HOME"):
            env.pop(name, None)
        bin_dir = os.path.join(folder, ".bin")
        env["PATH"] = bin_dir + os.pathsep + os.path.dirname(self.hanji) + os.pathsep + env.get("PATH", "")
        env["HOME"] = os.path.join(folder, ".home")
        env["XDG_CONFIG_HOME"] = os.path.join(folder, ".home", ".config")
        return env

    def prepare(self, folder):
        shutil.copytree(os.path.join(self.source, "samples"), os.path.join(folder, "samples"))
        os.makedirs(os.path.join(folder, ".home", ".config"))
        bin_dir = os.path.join(folder, ".bin")
        os.makedirs(bin_dir)
        # `hanji serve --open` runs xdg-open: a stub that records the address instead.
        opener = os.path.join(bin_dir, "xdg-open")
        with open(opener, "w") as f:
            f.write('#!/bin/sh\necho "$1" >> "$(dirname "$0")/opened"\n')
        os.chmod(opener, 0o755)

    def run_file(self, name):
        path = os.path.join(self.source, name)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        self.check_links(name, text)
        for m in re.finditer(r"`((?:[A-Z_]+=\S+ )*make(?: [^`]*)?)`", text):
            self.check_make(name, text[:m.start()].count("\n") + 1, m.group(1))
        with tempfile.TemporaryDirectory(prefix="hanji-docs-") as folder:
            self.prepare(folder)
            for info, start, body in code_blocks(text):
                if info in ("yaml", "yml", "json") and body:
                    m = re.match(r"^#\s*([\w.-]+\.(?:ya?ml|json))\b", body[0].strip())
                    if m:
                        with open(os.path.join(folder, m.group(1)), "w", encoding="utf-8") as f:
                            f.write("\n".join(body) + "\n")
                if info not in SHELL_FENCES:
                    continue
                for line, code, comment in shell_commands(start, body):
                    where = f"{name}:{line}: {code}"
                    tokens = words(code)
                    if command_word(tokens) == "make":
                        self.check_make(name, line, code)
                        continue
                    sub = hanji_subcommand(tokens)
                    if sub in ("watch", "serve"):
                        self.long_running(where, folder, code, tokens, sub)
                        continue
                    m = re.search(r"\bexit (\d+)", comment)
                    self.run_command(where, folder, code, int(m.group(1)) if m else 0)
                    self.counts["hanji" if sub else "other"] += 1

    def run_command(self, where, folder, code, expected):
        try:
            r = subprocess.run(["sh", "-c", code], cwd=folder, env=self.env(folder), capture_output=True,
                               timeout=COMMAND_TIMEOUT, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise Failure(f"{where}\n  did not end within {COMMAND_TIMEOUT} s")
        if r.returncode != expected:
            out = (r.stdout + r.stderr).decode("utf-8", "replace")[-3000:]
            raise Failure(f"{where}\n  exit {r.returncode}, the docs say {expected}:\n{out}")

    def long_running(self, where, folder, code, tokens, sub):
        if sub == "serve":
            code += " --port 0"  # the last --port wins: a free port, whatever the docs name
        proc = subprocess.Popen(["sh", "-c", "exec " + code], cwd=folder, env=self.env(folder),
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        lines, lock = [], threading.Lock()

        def read():
            for raw in proc.stdout:
                with lock:
                    lines.append(raw.decode("utf-8", "replace"))

        reader = threading.Thread(target=read, daemon=True)
        reader.start()

        def wait_for(pattern, count=1):
            """The count-th line that matches pattern, once printed."""
            deadline = time.monotonic() + LONG_RUNNING_WAIT
            while time.monotonic() < deadline:
                with lock:
                    found = [m for m in (re.search(pattern, l) for l in lines) if m]
                if len(found) >= count:
                    return found[count - 1]
                if proc.poll() is not None:
                    break
                time.sleep(0.05)
            with lock:
                said = "".join(lines)
            raise Failure(f"{where}\n  no {count} lines matching {pattern!r} (exit {proc.poll()}):\n{said}")

        try:
            if sub == "watch":
                built = r"\.pdf: \d+ pages?, "  # one line per build: "[12:00:01] cv.pdf: 2 pages, 27 KB in 9 ms"
                wait_for(built, 1)
                cv = next(t for t in tokens[tokens.index("watch") + 1:] if re.search(r"\.(ya?ml|json)$", t))
                with open(os.path.join(folder, cv), "a", encoding="utf-8") as f:
                    f.write("\n# saved again\n")
                wait_for(built, 2)
                self.counts["watch"] += 1
            else:
                url = wait_for(r"(http://127\.0\.0\.1:\d+/)").group(1)
                with urllib.request.urlopen(url, timeout=10) as response:
                    page = response.read().decode("utf-8", "replace")
                    if response.status != 200 or "<html" not in page.lower():
                        raise Failure(f"{where}\n  {url} answered {response.status}: {page[:200]}")
                if "--open" in tokens:
                    opened = os.path.join(folder, ".bin", "opened")
                    deadline = time.monotonic() + LONG_RUNNING_WAIT
                    while not os.path.exists(opened) and time.monotonic() < deadline:
                        time.sleep(0.05)
                    with open(opened) as f:
                        if url not in f.read():
                            raise Failure(f"{where}\n  --open did not open {url}")
                    os.remove(opened)
                self.counts["serve"] += 1
            if proc.poll() is not None:
                raise Failure(f"{where}\n  ended (exit {proc.returncode}) instead of running on")
        finally:
            if proc.poll() is None:
                proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            reader.join(timeout=5)

    def check_make(self, name, line, code):
        tokens = words(code)
        i = tokens.index("make")
        args = tokens[i + 1:]
        target = next((a for a in args if "=" not in a), "all")
        if (target, tuple(args)) in self.make_targets:
            return
        self.make_targets.add((target, tuple(args)))
        r = subprocess.run(["make", "-n", *args], cwd=self.source, capture_output=True,
                           timeout=COMMAND_TIMEOUT, stdin=subprocess.DEVNULL)
        if r.returncode != 0:
            out = (r.stdout + r.stderr).decode("utf-8", "replace")[-2000:]
            raise Failure(f"{name}:{line}: make -n {' '.join(args)} exits {r.returncode}:\n{out}")
        self.counts["make"] += 1

    def check_links(self, name, text):
        base = os.path.dirname(os.path.join(self.source, name))
        prose = re.sub(r"```.*?```", "", text, flags=re.S)
        prose = re.sub(r"``.*?``|`[^`\n]*`", "", prose)  # `[text](url)` in code is no link
        for m in re.finditer(r"\]\(([^)\s]+)\)", prose):
            target = m.group(1)
            if re.match(r"^[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            file = os.path.normpath(os.path.join(base, path)) if path else os.path.join(self.source, name)
            line = prose[:m.start()].count("\n") + 1  # in the text without its code
            if not os.path.exists(file):
                raise Failure(f"{name}:{line}: the link {target} leads to no file")
            if anchor:
                with open(file, encoding="utf-8") as f:
                    if anchor not in heading_anchors(f.read()):
                        raise Failure(f"{name}:{line}: {os.path.relpath(file, self.source)} has no heading #{anchor}")
            self.counts["links"] += 1


def heading_anchors(text):
    """The anchors GitHub gives a file's headings."""
    anchors, seen = set(), {}
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    for m in re.finditer(r"^#{1,6}\s+(.*?)\s*$", prose, flags=re.M):
        slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        anchors.add(slug if n == 0 else f"{slug}-{n}")
    return anchors


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    source, hanji = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    runner = Runner(source, hanji)
    files = ["README.md"] + sorted(os.path.join("docs", f) for f in os.listdir(os.path.join(source, "docs"))
                                   if f.endswith(".md"))
    failures = []
    for name in files:
        try:
            runner.run_file(name)
        except Failure as e:
            failures.append(str(e))
    c = runner.counts
    print(f"{len(files)} files: {c['hanji']} hanji commands, {c['watch']} watch, {c['serve']} serve, "
          f"{c['other']} other commands, {c['make']} make targets, {c['links']} links")
    # The documentation shows all of these; finding none would mean the reading above broke.
    for kind, least in (("hanji", 20), ("watch", 1), ("serve", 1), ("make", 5), ("links", 10)):
        if c[kind] < least:
            failures.append(f"only {c[kind]} {kind} found in the docs (expected at least {least})")
    for f in failures:
        print("FAIL: " + f, file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
