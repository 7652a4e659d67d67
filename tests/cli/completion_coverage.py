#!/usr/bin/env python3
"""Every option of every subcommand is in the generated completions, and
the completions work in the real shells.

Usage: completion_coverage.py OOMLENS

Truth is `oomlens SUB --help` (parsed as docs_match_help.py does). For each
of `oomlens --generate-completion bash|zsh|fish`: every subcommand and every
long and short option name of each is in the script (fish writes them as
`-l NAME`/`-s X` on the subcommand's lines), and no option that --help does
not list. Then, in the shells installed (scripts/install-deps.sh test has
bash-completion, zsh, fish): bash completes `oomlens ex`, `oomlens explain
--j`, `oomlens check --color a` and `oomlens run -- pyth`; zsh and fish
parse their scripts; fish completes `oomlens explain --`.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from docs_match_help import help_text, parse_help  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from ci import under_ci  # noqa: E402

failures = []


def check(name, cond, detail=""):
    print(("ok   " if cond else "FAIL ") + name + ("" if cond else f": {detail}"))
    if not cond:
        failures.append(name)


def gen(oomlens, shell):
    out = subprocess.run([oomlens, "--generate-completion", shell], capture_output=True, text=True, timeout=30)
    check(f"--generate-completion {shell} exits 0", out.returncode == 0, out.stderr)
    return out.stdout


def main():
    oomlens = sys.argv[1]
    root = parse_help(help_text(oomlens))
    subs = root["subcommands"]
    helps = {s: parse_help(help_text(oomlens, s))["options"] for s in subs}
    scripts = {sh: gen(oomlens, sh) for sh in ("bash", "zsh", "fish")}
    bad = subprocess.run([oomlens, "--generate-completion", "tcsh"], capture_output=True, text=True)
    check("--generate-completion tcsh exits 2", bad.returncode == 2, bad.returncode)

    for s in subs:
        for sh in ("bash", "zsh"):
            check(f"{sh}: subcommand {s}", re.search(rf"\b{s}\b", scripts[sh]) is not None)
        check(f"fish: subcommand {s}", f"-a {s} " in scripts["fish"])
        fish_lines = [l for l in scripts["fish"].splitlines() if f"__fish_seen_subcommand_from {s}'" in l]
        for name in helps[s]:
            for sh in ("bash", "zsh"):
                check(f"{sh}: {s} {name}", re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", scripts[sh]) is not None)
            flag = f"-l {name[2:]}" if name.startswith("--") else f"-s {name[1:]}"
            check(f"fish: {s} {name}", any(re.search(rf"{re.escape(flag)}(\s|$)", l) for l in fish_lines))
    # Nothing the parser does not list (hidden test-only options included).
    known = set().union(*[set(h) for h in helps.values()], set(root["options"]), {"--version", "--help", "-h"})
    for sh in ("bash", "zsh"):
        code = "\n".join(l for l in scripts[sh].splitlines() if not l.startswith("#"))  # not the header
        extra = {o for o in re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", code) if o not in known}
        check(f"{sh}: no option --help does not list", not extra, sorted(extra))

    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for sh, text in scripts.items():
            paths[sh] = os.path.join(tmp, "oomlens." + sh)
            with open(paths[sh], "w") as f:
                f.write(text)
        # bash: the function, called as bash calls it.
        def bash_complete(line):
            words = line.split(" ")
            prog = ("[ -f /usr/share/bash-completion/bash_completion ] && . /usr/share/bash-completion/bash_completion\n"
                    f". {paths['bash']}\n"
                    f"COMP_LINE={line!r}; COMP_POINT=${{#COMP_LINE}}\n"
                    f"COMP_WORDS=({' '.join(repr(w) for w in words)}); COMP_CWORD={len(words) - 1}\n"
                    "_oomlens oomlens; printf '%s\\n' \"${COMPREPLY[@]}\"\n")
            r = subprocess.run(["bash", "-c", prog], capture_output=True, text=True, timeout=30)
            return r.stdout.split()
        check("bash: oomlens ex -> explain", bash_complete("oomlens ex") == ["explain"], bash_complete("oomlens ex"))
        check("bash: oomlens explain --j -> --json", bash_complete("oomlens explain --j") == ["--json"])
        check("bash: oomlens check --color a -> always auto",
              sorted(bash_complete("oomlens check --color a")) == ["always", "auto"])
        got = bash_complete("oomlens run --limit 1G -- pyth")
        check("bash: oomlens run --limit 1G -- pyth -> a command", any(w.startswith("pyth") for w in got) or
              not shutil.which("python3"), got)
        got = bash_complete("oomlens run --li")
        check("bash: oomlens run --li -> --limit --limit-step --linger",
              sorted(got) == ["--limit", "--limit-step", "--linger"], got)
        if shutil.which("zsh"):
            r = subprocess.run(["zsh", "-n", paths["zsh"]], capture_output=True, text=True)
            check("zsh -n parses _oomlens", r.returncode == 0, r.stderr)
        else:
            check("zsh installed (scripts/install-deps.sh test)", not under_ci())
        if shutil.which("fish"):
            r = subprocess.run(["fish", "--no-execute", paths["fish"]], capture_output=True, text=True)
            check("fish --no-execute parses oomlens.fish", r.returncode == 0, r.stderr)
            r = subprocess.run(["fish", "--no-config", "-c", f"source {paths['fish']}; complete -C 'oomlens explain --'"],
                               capture_output=True, text=True, timeout=30)
            got = [l.split("\t")[0] for l in r.stdout.splitlines()]
            check("fish: oomlens explain -- lists --json and --since", "--json" in got and "--since" in got, got[:8])
        else:
            check("fish installed (scripts/install-deps.sh test)", not under_ci())

    print(f"completion_coverage: {len(subs)} subcommands, {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
