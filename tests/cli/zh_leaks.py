#!/usr/bin/env python3
"""Finds English sentences leaked into Chinese output (issue 19).

Usage: zh_leaks.py NAME < TEXT    Exit 0: none; 1: prints each leak.
A leak is two or more English words in a row (letters only, 2+ each) once
the allowed things are taken out: the kernel's names and terms a user greps
for, identifiers (with _ . = / - digits), units, paths, options, `code`,
quoted strings ('x', "x") and the comm/cgroup names the fixtures contain.
"""
import re
import sys

# The kernel's and the tools' own names, kept untranslated on purpose.
ALLOWED_PHRASES = [
    "OOM Killer", "Memory cgroup stats", "Memory cgroup out of memory", "Killed process", "Out of memory",
    "PyTorch DataLoader", "Alt+SysRq+F", "JSON Lines", "systemd journal", "Prometheus text",
    "Kubernetes Burstable", "BestEffort pod", "Guaranteed pod", "Slurm job", "Normal zone",
    "Simplified Chinese", "invoked oom-killer",
    # (errno texts are not allowed: util/strerror_tr.h translates them.)
]
ALLOWED_WORDS = {
    "OOM", "cgroup", "memcg", "anon", "rss", "file", "shmem", "PSS", "RSS", "RAM", "swap", "slab", "kmem",
    "failcnt", "pgtables", "total", "vm", "pid", "uid", "gfp", "mask", "order", "oom", "score", "adj",
    "zh", "CN", "en", "GiB", "MiB", "KiB", "kB", "B", "s", "ms", "HighMem", "Normal", "DMA", "tmpfs",
    "hugetlb", "hugetlbfs", "SysRq", "NUMA", "cpuset", "panic", "bf", "AMP", "float", "numpy", "tensor",
    "zram", "systemd", "Kubernetes", "pod", "Slurm", "docker", "container", "journal", "kmsg", "PASS",
    "WARN", "FAIL", "SIGKILL", "SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT", "HTTP", "GET", "NVML", "CMD",
    "PID", "NAME", "TIME", "SIZE", "FILE", "TEXT", "LANG", "EPOCH", "RFC", "HOST", "PORT", "N", "id",
    "boot", "ago", "all", "auto", "always", "never", "none", "term", "int", "kill", "exec", "off", "any",
    "ok", "Python", "PyTorch", "Linux", "oomlens", "run", "explain", "check", "top", "watch", "report",
    "plot", "sweep", "daemon", "protect", "update", "request", "limit", "scope", "slice", "service",
    # Role names other than worker (the catalogue's own term) are translated (render/ui_strings.h role_text).
    "worker", "workers", "zombie", "watchdog", "global", "selected",
    "no", "killable", "incomplete", "evidence", "counter", "only", "GPU", "CUDA", "comm", "UID", "NVIDIA",
}


def strip_allowed(text, extra):
    for word in extra:
        text = text.replace(word, " ")
    for p in ALLOWED_PHRASES:
        text = text.replace(p, " ")
    text = re.sub(r"`[^`]*`", " ", text)                     # code
    text = re.sub(r"'[^'\n]*'|\"[^\"\n]*\"", " ", text)        # quoted input echoed back
    text = re.sub(r"(?<![\w])(/|\./|~/)[^\s，。；：（）,;]*", " ", text)  # paths
    text = re.sub(r"--?[A-Za-z][\w-]*", " ", text)             # options
    text = re.sub(r"\b\w*[_=\d.+:/@]\w*[\w.=+:/@-]*", " ", text)  # identifiers, numbers, units with digits
    return text


def leaks(text, extra):
    out = []
    for line in text.splitlines():
        s = strip_allowed(line, extra)
        words = re.findall(r"[A-Za-z][A-Za-z'-]*|[^\sA-Za-z]+", s)
        run = []
        for w in words + ["|"]:
            if re.fullmatch(r"[A-Za-z][A-Za-z'-]*", w) and w not in ALLOWED_WORDS and len(w) >= 2:
                run.append(w)
                continue
            if re.fullmatch(r"[A-Za-z][A-Za-z'-]*", w):  # an allowed word between English words still joins them
                if run:
                    run.append(w)
                continue
            english = [x for x in run if x not in ALLOWED_WORDS]
            if len(english) >= 2:
                out.append((" ".join(run), line.strip()))
            run = []
    return out


def main():
    name = sys.argv[1] if len(sys.argv) > 1 else "stdin"
    extra = sys.argv[2:]
    found = leaks(sys.stdin.read(), extra)
    for words, line in found:
        print(f"  {name}: English '{words}' in: {line[:160]}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
