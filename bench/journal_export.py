#!/usr/bin/env python3
"""Writes a journal export-format stream (systemd.io/JOURNAL_EXPORT_FORMATS)
made of the lines of a raw dmesg-format log (`[  12.345678] text`), for
systemd-journal-remote to turn into a journal file (bench/logs_bench.sh).

usage: journal_export.py LOG KERNEL_ENTRIES OTHER_PER_KERNEL > stream
Each of the first KERNEL_ENTRIES lines becomes one _TRANSPORT=kernel entry
(MESSAGE without the time stamp, _SOURCE_MONOTONIC_TIMESTAMP from it, one
boot, _HOSTNAME=benchhost); after each, OTHER_PER_KERNEL entries of
_TRANSPORT=syslog (a cron-like daemon's lines) follow.
"""
import sys

BOOT = "5e1f0c2a9b8d4e6f8a7b6c5d4e3f2a1b"
MACHINE = "0123456789abcdef0123456789abcdef"

def main():
    log, kernel, other = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    out = sys.stdout.buffer
    realtime = 1764547200000000  # 2025-12-01
    common = f"_BOOT_ID={BOOT}\n_MACHINE_ID={MACHINE}\n_HOSTNAME=benchhost\n".encode()
    n = 0
    buf = []
    with open(log, "rb") as f:
        for line in f:
            if n >= kernel:
                break
            line = line.rstrip(b"\n")
            mono = 0
            if line.startswith(b"[") and b"]" in line:
                end = line.index(b"]")
                try:
                    mono = int(float(line[1:end]) * 1e6)
                except ValueError:
                    mono = 0
                line = line[end + 1:].lstrip(b" ")
            realtime += 1000
            buf.append(b"__REALTIME_TIMESTAMP=%d\n__MONOTONIC_TIMESTAMP=%d\n" % (realtime, mono + 1000))
            buf.append(common)
            buf.append(b"_TRANSPORT=kernel\nSYSLOG_IDENTIFIER=kernel\nPRIORITY=6\n"
                       b"_SOURCE_MONOTONIC_TIMESTAMP=%d\nMESSAGE=%s\n\n" % (mono, line))
            for i in range(other):
                realtime += 10
                buf.append(b"__REALTIME_TIMESTAMP=%d\n__MONOTONIC_TIMESTAMP=%d\n" % (realtime, mono + 1000 + i))
                buf.append(common)
                buf.append(b"_TRANSPORT=syslog\nSYSLOG_IDENTIFIER=CRON\n_PID=%d\nPRIORITY=6\n"
                           b"MESSAGE=(root) CMD (run-parts /etc/cron.hourly) job %d\n\n" % (1000 + i, n))
            n += 1
            if len(buf) > 4096:
                out.write(b"".join(buf))
                buf.clear()
    out.write(b"".join(buf))

main()
