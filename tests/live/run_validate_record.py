#!/usr/bin/python3
"""Validates oomlens run records (JSON Lines) against docs/schema/record.schema.json.
Usage: run_validate_record.py SCHEMA FILE... ; exit 0 when every line of every file validates.
A verdict file (--verdict-json) is a single verdict line and validates the same way."""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
validator = jsonschema.Draft7Validator(schema)
bad = 0
for path in sys.argv[2:]:
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            errors = list(validator.iter_errors(json.loads(line)))
            for e in errors[:3]:
                print(f"{path}:{n}: {'/'.join(map(str, e.absolute_path))}: {e.message[:300]}")
            bad += bool(errors)
print(f"{bad} invalid lines")
sys.exit(1 if bad else 0)
