#!/usr/bin/env python3
"""An entry's keys of the user's own (`gpa: 3.9`) and its misspelt keys: the CV schema takes
and refuses them as `hanji check` does.

usage: schema_keys.py HANJI SCHEMA

hanji keeps a key of an entry it does not know (RenderCV's templates print such keys) unless
it is a plausible typo of one of the entry type's keys (closest_match: at most max(1, len/3)
edits, an edit being an insertion, deletion, substitution or swap of neighbours, ASCII case
ignored); the schema writes that rule out as a regular expression. For every entry type in
SCHEMA, this writes CVs with one section per candidate key: keys of the user's own, every
spelling one edit from each of the type's keys (with a few letters to insert and substitute),
a sample of those two edits away, and the keys in upper case. `hanji check` says which keys
it refuses; the schema must refuse exactly those (but may take a misspelling three or more edits away, which it does
not write out), with one message naming the key, and every misspelling up to two edits that
closest_match's bound takes must be among them. Exit status 1, naming the keys, otherwise.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import jsonschema

CUSTOM = {"gpa": 3.9, "advisor": "Dr. Ada Lovelace", "thesis": "On Types", "GPA": "4.0/4.0", "note": None,
          "courses": "Compilers, Typography", "honors": "cum laude", "x": 1}
# hanji check reports so many errors in a file, so the keys are checked in files of this many.
KEYS_PER_FILE = 100


def one_edit(word, letters):
    """Every spelling one edit from `word` (with `letters` inserted and substituted)."""
    out = set()
    for i in range(len(word) + 1):
        for c in letters:
            out.add(word[:i] + c + word[i:])
            if i < len(word):
                out.add(word[:i] + c + word[i + 1:])
        if i < len(word):
            out.add(word[:i] + word[i + 1:])
        if i + 1 < len(word):
            out.add(word[:i] + word[i + 1] + word[i] + word[i + 2:])
    return out


def distance(a, b):
    """Optimal string alignment distance, as hanji's edit_distance (ASCII case ignored)."""
    a, b = a.lower(), b.lower()
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def candidates(own, every_entry_key):
    """Keys to try on an entry of a type with keys `own`: the user's own and misspellings."""
    near, twice = set(), set()
    for key in own:
        for first in one_edit(key, "ax_"):
            near.add(first)
            twice.update(one_edit(first, "x") if len(first) >= 5 else ())
    # Every sixth spelling two edits away, in a fixed order: the test stays in seconds.
    near.update(sorted(twice)[::6])
    near.update(key.upper() for key in own)
    near.update(key.capitalize() for key in own)
    near.update(CUSTOM)
    # A key of another type decides an entry's type (a `name` makes an entry a normal one).
    return sorted(k for k in near if k and k not in every_entry_key and re.fullmatch(r"[A-Za-z_]+", k))


def main(hanji, schema_path):
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    validator = jsonschema.Draft7Validator(schema)
    definitions = schema["definitions"]
    entry_types = {name: d for name, d in sorted(definitions.items()) if name.endswith("_entry") and "properties" in d}
    every_entry_key = {key for d in entry_types.values() for key in d["properties"]}
    problems = []
    count = 0
    with tempfile.TemporaryDirectory() as folder:
        for name, definition in entry_types.items():
            own = [key for key in definition["properties"] if key != "tags"]
            required = definition.get("then", {}).get("required", [])
            base = {key: "x" for key in required}
            keys = candidates(own, every_entry_key)
            hanji_refuses = set()
            for start in range(0, len(keys), KEYS_PER_FILE):
                chunk = keys[start:start + KEYS_PER_FILE]
                sections = {f"s{i}": [dict(base, **{key: CUSTOM.get(key, "x")})] for i, key in enumerate(chunk)}
                path = os.path.join(folder, f"{name}-{start}.yaml")
                with open(path, "w", encoding="utf-8") as f:
                    json.dump({"cv": {"name": "Jane Doe", "sections": sections}}, f)
                checked = subprocess.run([hanji, "check", path], capture_output=True, text=True)
                refused = set(re.findall(r"error: unknown key '([^']*)' in", checked.stderr))
                others = re.findall(r"error: (?!unknown key).*", checked.stderr)
                if others:
                    problems.append(f"{name}: hanji check says more than unknown keys: {others[:3]}")
                if f"hanji: {len(refused)} error" not in checked.stderr and refused:
                    problems.append(f"{name}: hanji check did not report every error: {checked.stderr[-200:]}")
                hanji_refuses |= refused
            for key in keys:
                count += 1
                document = {"cv": {"name": "Jane Doe", "sections": {"s": [dict(base, **{key: CUSTOM.get(key, "x")})]}}}
                errors = list(validator.iter_errors(document))
                schema_refuses = bool(errors)
                nearest = min(distance(key, k) for k in own)
                # The schema writes out misspellings up to two edits; those of three or more
                # (of a key of nine letters or more) are left to hanji check.
                if schema_refuses != (key in hanji_refuses) and not (key in hanji_refuses and nearest > 2):
                    problems.append(f"{name}: '{key}': hanji {'refuses' if key in hanji_refuses else 'takes'} it, "
                                    f"the schema {'refuses' if schema_refuses else 'takes'} it")
                elif schema_refuses and (len(errors) != 1 or f"'{key}'" not in errors[0].message):
                    problems.append(f"{name}: '{key}': not one message naming it: "
                                    + "; ".join(e.message[:120] for e in errors))
                # The rule itself: a misspelling within two edits is refused, as closest_match does.
                if nearest <= min(2, max(1, len(key) // 3)) and key not in hanji_refuses:
                    problems.append(f"{name}: '{key}' is {nearest} edits from a key, yet hanji takes it")
    for line in problems[:40]:
        print(line)
    print(f"{count} keys on {len(entry_types)} entry types, {len(problems)} problems")
    return 1 if problems or count < 1000 else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
