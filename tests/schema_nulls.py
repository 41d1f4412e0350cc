#!/usr/bin/env python3
"""A key written without a value (`date:`): the CV schema takes it exactly where `hanji check`
does.

usage: schema_nulls.py HANJI SCHEMA

For every key of every map the schema closes (the CV's top level, cv, settings, locale, social
networks, custom connections, each entry type, a section written as a map, a section's entries),
writes the smallest CV that has that key with no value, runs `hanji check` on it and validates
it against SCHEMA. Exit status 1, naming the keys, if the two disagree. The nulls in the schema
are derived from the reader's rule (a key without a value is absent, unless its table requires
it); this test holds the reader to it, key by key.
"""
import json
import os
import subprocess
import sys
import tempfile

import jsonschema
import yaml

NAME = {"name": "Jane Doe"}


def cv(**keys):
    return {"cv": dict(NAME, **keys)}


def with_null(required, key, filler="x"):
    """A map with the keys `required` needs (filled in) and `key` without a value."""
    out = {k: filler for k in required}
    out[key] = None
    return out


def cases(schema):
    definitions = schema["definitions"]
    for key in schema["properties"]:
        yield f"(top).{key}", {key: None} if key == "cv" else dict(cv(), **{key: None})
    for key in definitions["cv"]["properties"]:
        yield f"cv.{key}", cv(**{key: None})
    for key in definitions["settings"]["properties"]:
        yield f"settings.{key}", dict(cv(), settings={key: None})
    locale_map = definitions["locale"]["else"]
    for key in locale_map["properties"]:
        yield f"locale.{key}", dict(cv(), locale=dict({"language": "german"}, **{key: None}))
    social = {"network": "GitHub", "username": "jane"}
    for key in definitions["social_network"]["properties"]:
        yield f"social_networks.{key}", cv(social_networks=[dict(social, **{key: None})])
    connection = {"placeholder": "Blog", "url": "https://example.org"}
    for key in definitions["custom_connection"]["properties"]:
        yield f"custom_connections.{key}", cv(custom_connections=[dict(connection, **{key: None})])
    for name, definition in sorted(definitions.items()):
        if name.endswith("_entry") and "properties" in definition:
            required = definition.get("then", {}).get("required", [])
            for key in definition["properties"]:
                yield f"{name}.{key}", cv(sections={"s": [with_null(required, key)]})
    for key in definitions["section"]["properties"]:
        yield f"section.{key}", cv(sections={"s": dict({"title": "T", "entries": ["x"]}, **{key: None})})
    yield "sections.KEY", cv(sections={"s": None})


def main(hanji, schema_path):
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    validator = jsonschema.Draft7Validator(schema)
    disagree = []
    count = 0
    with tempfile.TemporaryDirectory() as folder:
        for where, document in cases(schema):
            count += 1
            path = os.path.join(folder, f"{count}.yaml")
            with open(path, "w", encoding="utf-8") as f:
                yaml.safe_dump(document, f, allow_unicode=True)
            checked = subprocess.run([hanji, "check", path], capture_output=True, text=True)
            hanji_takes = checked.returncode == 0
            schema_takes = not any(validator.iter_errors(document))
            if hanji_takes != schema_takes:
                said = (checked.stderr.strip().splitlines() or [""])[0]
                disagree.append(f"{where} without a value: hanji {'takes' if hanji_takes else 'refuses'} it "
                                f"({said}), the schema {'takes' if schema_takes else 'refuses'} it")
    for line in disagree:
        print(line)
    print(f"{count} keys without a value, {len(disagree)} where the schema and hanji check disagree")
    return 1 if disagree or count < 60 else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
