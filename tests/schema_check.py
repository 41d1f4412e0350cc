#!/usr/bin/env python3
"""Validates YAML files against a JSON Schema (draft-07), as an editor would.

usage: schema_check.py [--invalid | --typos] SCHEMA FILE...

Exit status 0 when every FILE is valid (with --invalid: when every FILE is invalid), else 1,
with the first problems of each file printed.

With --typos, each FILE holds one typo and a line `# expect: PLACE: KEY` (PLACE as
python-jsonschema gives an error's path, dotted; "(top)" for the top level): the file must
give exactly ONE error, with no alternatives under it (an anyOf's branches would be noise), at
PLACE, and its message must name 'KEY'; best_match() must pick that error.

YAML is read as YAML 1.2 reads it, which is how hanji (yaml-cpp) and the yaml-language-server
editors use read a CV: `date: 2021-03-01` is text. PyYAML's safe_load follows YAML 1.1 and
makes it a datetime.date, which no JSON Schema type matches (a schema describes JSON values;
RenderCV's schema, which types dates as integer or string, fails the same way), so Loader
below drops PyYAML's timestamp rule. To check a CV with python-jsonschema yourself, load it
the same way (or with ruamel.yaml, which reads YAML 1.2).
"""
import json
import re
import sys

import jsonschema
import yaml


class Loader(yaml.SafeLoader):
    """PyYAML's safe loader without YAML 1.1's timestamps: dates stay text."""


Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def place(error):
    return ".".join(map(str, error.absolute_path)) or "(top)"


def check_typo(validator, path, text, document):
    """Problems with the one message a typo file must give; [] when it gives it."""
    expected = re.search(r"^# expect: (\S+): (\S+)$", text, re.MULTILINE)
    if not expected:
        return ["no '# expect: PLACE: KEY' line"]
    where, key = expected.groups()
    errors = list(validator.iter_errors(document))
    shown = "; ".join(f"{place(e)}: {e.message[:200]}" for e in errors) or "no error"
    if len(errors) != 1 or errors[0].context:
        return [f"expected one error naming '{key}' at {where}, got: {shown}" +
                (f" (with {len(errors[0].context)} alternatives)" if len(errors) == 1 else "")]
    best = jsonschema.exceptions.best_match(errors)
    if place(best) != where or f"'{key}'" not in best.message:
        return [f"expected an error naming '{key}' at {where}, got: {shown}"]
    print(f"{path}: {place(best)}: {best.message}")
    return []


def main(argv):
    mode = argv[0] if argv[:1] in (["--invalid"], ["--typos"]) else ""
    if mode:
        argv = argv[1:]
    with open(argv[0], encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    failed = False
    for path in argv[1:]:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        document = yaml.load(text, Loader=Loader)
        if mode == "--typos":
            for problem in check_typo(validator, path, text, document):
                print(f"{path}: {problem}")
                failed = True
            continue
        errors = list(validator.iter_errors(document))
        if mode == "--invalid" and not errors:
            print(f"{path}: valid, but should not be")
            failed = True
        elif mode != "--invalid" and errors:
            for error in errors[:5]:
                print(f"{path}: {place(error)}: {error.message[:300]}")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
