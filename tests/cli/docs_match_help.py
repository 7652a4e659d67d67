#!/usr/bin/env python3
"""The docs name exactly the subcommands and options the binary has.

Usage: docs_match_help.py OOMLENS SOURCE_DIR

Truth is `oomlens --help` and `oomlens SUB --help` (CLI11's help: an
"Options:" section of `  -s,--long TYPE  description` lines, a
"Subcommands:" section of `  name  description` lines; `oomlens daemon
--help` is oomlens-daemon's). Fails, naming page, line and word, when:

1. docs/oomlens.md's SUBCOMMANDS section and the subcommands of
   `oomlens --help` differ, or a docs/ page has no subcommand (or the other
   way round: a subcommand has no page);
2. a page's SYNOPSIS or OPTIONS section names an option SUB --help does not
   list, or SUB --help lists an option (long or short name; -h/--help
   aside) that neither section names (OPTIONS: its terms, the lines
   starting with a code span);
3. a command line in any docs/ page or the README (a code block line or a
   code span starting `oomlens SUB` or `sudo oomlens SUB`) names a
   subcommand or an option of SUB that does not exist;
4. a code span in page SUB names a long option that is not SUB's, not
   another subcommand's when the span is a command line of it, and not one
   of the other programs' options listed in FOREIGN.
"""
import re
import subprocess
import sys
from pathlib import Path

# Other programs' options that the pages mention, by program: a typo in an
# oomlens option still fails, since it is not here.
FOREIGN = {
    "systemd-run": {"--user", "--scope", "--quiet", "--collect", "--expand-environment", "--version"},
    "docker": {"--oom-score-adj", "--cap-add", "--memory", "--memory-swap", "--rm", "--shm-size", "--ipc"},
    "dockerd": {"--data-root"},
    "dmesg": {"--time-format"},
    "systemctl": {"--now"},
    "zramctl": {"--find", "--size"},
    "journalctl": {"--file", "--directory", "--grep"},
}
FOREIGN_OPTIONS = set().union(*FOREIGN.values())

# Names, then one blank and the value type (`--since TEXT`); the description
# follows two or more blanks.
OPT_LINE = re.compile(r"^ {2}(-[^\s]+)(?: (\S+))?")
LONG = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*)")
SHORT = re.compile(r"(?<![\w-])(-[a-zA-Z])(?![\w-])")


def help_text(oomlens, *args):
    out = subprocess.run([oomlens, *args, "--help"], capture_output=True, text=True, timeout=30)
    if out.returncode != 0:
        sys.exit(f"{' '.join([oomlens, *args, '--help'])} exited {out.returncode}: {out.stderr}")
    return out.stdout


def parse_help(text):
    """{'options': {name: takes_value}, 'subcommands': [names]} from CLI11 help."""
    options, subs, section = {}, [], None
    for line in text.splitlines():
        if re.match(r"^\S.*:$", line):
            section = line[:-1]
            continue
        if section == "Options":
            m = OPT_LINE.match(line)
            if m:
                # A value is shown by its type: `--limit TEXT`, `-n,--limit UINT:...`.
                takes = bool(m.group(2) and re.match(r"^[A-Z]", m.group(2)))
                for name in m.group(1).split(","):
                    if name != "--" and name.startswith("-"):
                        options[name] = takes
        elif section == "Subcommands":
            m = re.match(r"^ {2}([a-z][a-z-]*)\b", line)
            if m:
                subs.append(m.group(1))
    return {"options": options, "subcommands": subs}


def sections(text):
    """{'NAME': [(lineno, line)], ...}: the page's `## SECTION` parts."""
    out, cur = {}, None
    for n, line in enumerate(text.splitlines(), 1):
        m = re.match(r"^##\s+(.+?)\s*$", line)
        if m:
            cur = m.group(1).upper()
            out.setdefault(cur, [])
            continue
        if cur:
            out[cur].append((n, line))
    return out


def code_pieces(text):
    """(lineno, code) for each code block line and each inline code span
    (a span may run over a line break)."""
    in_fence, prose = False, []
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip().startswith("```"):
            in_fence = not in_fence
            continue
        if in_fence or line.startswith("    "):
            yield n, line.strip()
            prose.append((n, ""))
            continue
        prose.append((n, line))
    joined = "\n".join(l for _, l in prose)
    for m in re.finditer(r"`([^`]+)`", joined):
        n = prose[joined.count("\n", 0, m.start())][0]
        yield n, " ".join(m.group(1).split())


def from_block(text, n):
    """Whether line n of text is a code block line (indented 4, or fenced)."""
    lines = text.splitlines()
    fences = sum(1 for l in lines[:n - 1] if l.strip().startswith("```"))
    return lines[n - 1].startswith("    ") or fences % 2 == 1


def command_lines(code):
    """(sub, [words after it]) for each `oomlens SUB ...` in a piece of code."""
    for m in re.finditer(r"(?:^|[\s$(])oomlens\s+([a-z][a-z0-9-]*)((?:\s+\S+)*)", code):
        yield m.group(1), m.group(2).split()


def main():
    oomlens, src = sys.argv[1], Path(sys.argv[2])
    top = parse_help(help_text(oomlens))
    subs = top["subcommands"]
    helps = {s: parse_help(help_text(oomlens, s))["options"] for s in subs}
    errors = []

    docs = {p.stem: p for p in sorted((src / "docs").glob("*.md"))}
    pages = {p: p.read_text() for p in [*docs.values(), src / "README.md"]}

    # 1. subcommands and pages
    listed = set()
    for n, line in sections(pages[docs["oomlens"]]).get("SUBCOMMANDS", []):
        m = re.match(r"^`([a-z][a-z-]*)`", line)
        if m:
            listed.add(m.group(1))
    for s in sorted(set(subs) ^ listed):
        where = "docs/oomlens.md SUBCOMMANDS lacks" if s in subs else "docs/oomlens.md SUBCOMMANDS names unknown"
        errors.append(f"{where} subcommand '{s}'")
    for s in subs:
        if s not in docs:
            errors.append(f"subcommand '{s}' has no page docs/{s}.md")
    for stem in docs:
        # Upper-case pages (ARCHITECTURE.md) are for developers, not man pages.
        if stem != "oomlens" and stem not in subs and not stem.isupper():
            errors.append(f"docs/{stem}.md: '{stem}' is not a subcommand of oomlens --help")

    # 2. each page's SYNOPSIS/OPTIONS against its --help, both ways
    for s in subs:
        if s not in docs:
            continue
        rel, secs = f"docs/{s}.md", sections(pages[docs[s]])
        if "OPTIONS" not in secs:
            errors.append(f"{rel}: no '## OPTIONS' section")
        named = set()
        for sec in ("SYNOPSIS", "OPTIONS"):
            for n, line in secs.get(sec, []):
                # SYNOPSIS lines: stop at `--` (the job's own arguments).
                line = re.split(r"\s--(?:\s|$)", line)[0] if sec == "SYNOPSIS" else line
                # OPTIONS: the terms (lines starting with a code span), not the
                # descriptions (rule 4 checks those).
                if sec == "OPTIONS" and not line.startswith("`"):
                    continue
                for name in LONG.findall(line) + (SHORT.findall(line) if sec == "OPTIONS" else []):
                    named.add(name)
                    if name not in helps[s] and name not in FOREIGN_OPTIONS:
                        errors.append(f"{rel}:{n}: {sec} names {name}, which `oomlens {s} --help` does not list")
        for name in helps[s]:
            if name in ("-h", "--help"):
                continue
            if name not in named:
                errors.append(f"{rel}: OPTIONS does not name {name} (listed by `oomlens {s} --help`)")
    for name in top["options"]:
        if name not in ("-h",) and name not in pages[docs["oomlens"]]:
            errors.append(f"docs/oomlens.md does not name {name} (listed by `oomlens --help`)")

    # 3. and 4. command lines and code spans everywhere
    for path, text in pages.items():
        rel = path.relative_to(src)
        page_sub = path.stem if path.parent.name == "docs" else None
        for n, code in code_pieces(text):
            for sub, words in command_lines(code):
                if sub not in subs:
                    # A command line (a code block line, or a span with an
                    # option in it) names a subcommand; a span such as
                    # `oomlens itself` is prose.
                    if from_block(text, n) or any(w.startswith("-") for w in words):
                        errors.append(f"{rel}:{n}: `oomlens {sub}`: no such subcommand")
                    continue
                opts = helps[sub]
                skip = False
                for w in words:
                    if skip:
                        skip = False
                        continue
                    if w in ("--", "|", ">", ";", "&&", "#", "\\") or w.startswith(("|", ">", "#")):
                        break
                    name = w.split("=")[0].strip("[]()|,")
                    if re.match(r"^--?[a-zA-Z]", name):
                        if name not in opts:
                            errors.append(f"{rel}:{n}: `oomlens {sub} ... {name}`: not an option of `oomlens {sub} --help`")
                        skip = opts.get(name, False) and "=" not in w
                    elif sub in ("run", "protect") and not w.startswith("["):
                        break  # the job's command line begins
            if page_sub in helps and not list(command_lines(code)):
                for name in LONG.findall(code):
                    if name not in helps[page_sub] and name not in FOREIGN_OPTIONS and \
                            not any(name in helps[o] for o in subs if f"oomlens {o}" in code):
                        errors.append(f"{rel}:{n}: `{code}` names {name}, not an option of `oomlens {page_sub}`")

    for e in errors:
        print(e)
    print(f"docs_match_help: {len(subs)} subcommands, {sum(len(h) for h in helps.values())} options, "
          f"{len(pages)} pages: {len(errors)} mismatch(es)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
