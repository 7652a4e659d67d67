#!/usr/bin/env python3
"""Lists English sentences oomlens prints without the catalogue (issue 19).

Usage: scripts/untranslated-strings.py [SRC_DIR] [--count]
Prints FILE:LINE: "literal" for each string literal that is written to a
terminal stream (fmt::print(stderr|stdout, ...), fprintf, std::cerr/cout,
puts) or handed to a `say(...)`/`note(...)`/`warn(...)` sink, holds an
English phrase (two words in a row), and is not the argument of tr(),
trf(), N_() or print_error(), which the catalogue covers. Exit 0 when
none is found, 1 otherwise (--count prints only how many).

A survey, not a proof: a sentence built in one place and printed in
another is found by the CLI test (tests/cli/zh_cli.sh, zh_leaks.py) that
runs the binary.
"""
import pathlib
import re
import sys

SINKS = re.compile(
    r"(fmt::print\s*\(\s*(?:stderr|stdout)\s*,|std::fprintf\s*\(\s*stderr\s*,|fprintf\s*\(\s*stderr\s*,|"
    r"std::cerr\s*<<|std::cout\s*<<|\bputs\s*\(|\bsay\s*\(|\bnote\s*\(|\bwarn\s*\()")
TRANSLATED = re.compile(r"\b(?:tr|trf|N_|print_error)\s*\($")
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
PHRASE = re.compile(r"[A-Za-z]{2,}[ ,;]+[A-Za-z]{2,}")


def statement_at(text, start):
    """The text from `start` to the end of its statement (';' at depth 0)."""
    depth, i, n = 0, start, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            m = LITERAL.match(text, i)
            i = m.end() if m else i + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth < 0:
                return text[start:i]
        elif c == ";" and depth <= 0:
            return text[start:i]
        i += 1
    return text[start:]


# The "oomlens CMD: " prefix of a line is the program's name, not a sentence.
PREFIX = re.compile(r"^oomlens(?: [a-z]+)?: ")


def literal_runs(stmt):
    """Adjacent literals ("a" "b": one string to the compiler) as (start, text)."""
    run_start, parts, end = None, [], None
    for lit in LITERAL.finditer(stmt):
        if parts and stmt[end:lit.start()].strip() == "":
            parts.append(lit.group(1))
        else:
            if parts:
                yield run_start, "".join(parts)
            run_start, parts = lit.start(), [lit.group(1)]
        end = lit.end()
    if parts:
        yield run_start, "".join(parts)


def untranslated(path):
    text = path.read_text(encoding="utf-8", errors="replace")
    for m in SINKS.finditer(text):
        stmt = statement_at(text, m.start())
        for start, s in literal_runs(stmt):
            if not PHRASE.search(PREFIX.sub("", s.replace("\\n", " "))):
                continue
            if TRANSLATED.search(stmt[:start].rstrip()):
                continue
            line = text.count("\n", 0, m.start() + start) + 1
            yield line, s


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    root = pathlib.Path(args[0] if args else "src")
    found = []
    for path in sorted(root.rglob("*.cpp")) + sorted(root.rglob("*.h")):
        for line, s in untranslated(path):
            found.append(f'{path}:{line}: "{s}"')
    if "--count" in sys.argv:
        print(len(found))
    else:
        print("\n".join(found))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
