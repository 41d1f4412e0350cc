#!/usr/bin/env python3
"""Validates YAML files against a JSON Schema (draft-07), as an editor would.

usage: schema_check.py [--invalid] SCHEMA FILE...

Exit status 0 when every FILE is valid (with --invalid: when every FILE is invalid), else 1,
with the first problems of each file printed. Dates stay text, as YAML 1.2 (and the
yaml-language-server editors use) reads them: PyYAML would make 2021-03-01 a date object,
which no JSON Schema type matches.
"""
import json
import sys

import jsonschema
import yaml


class Loader(yaml.SafeLoader):
    pass


Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def main(argv):
    expect_invalid = argv[:1] == ["--invalid"]
    if expect_invalid:
        argv = argv[1:]
    with open(argv[0], encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    failed = False
    for path in argv[1:]:
        with open(path, encoding="utf-8") as f:
            document = yaml.load(f, Loader=Loader)
        errors = list(validator.iter_errors(document))
        if expect_invalid and not errors:
            print(f"{path}: valid, but should not be")
            failed = True
        elif not expect_invalid and errors:
            for error in errors[:5]:
                print(f"{path}: {'.'.join(map(str, error.absolute_path)) or '(top)'}: {error.message[:300]}")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
