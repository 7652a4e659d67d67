#!/bin/bash
# Slurm epilog: when a job ended OUT_OF_MEMORY, append oomlens's explanation of
# the kills in its cgroup to the job's output file, written as the job's user.
# The job's cgroup is gone by now, so the kernel log is filtered on its path
# (…/job_<id>/… on cgroup v1 and v2), from the job's start.
# Install: Epilog=/etc/slurm/epilog.d/oomlens.sh in slurm.conf (runs as root).
set -u
OOMLENS=${OOMLENS:-/usr/bin/oomlens}
job=${SLURM_JOB_ID:-}
[ -n "$job" ] || exit 0
info=$(scontrol show job "$job" 2>/dev/null) || exit 0
state=$(sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' <<<"$info" | head -1)
[ "$state" = OUT_OF_MEMORY ] || exit 0
start=$(sed -n 's/.*StartTime=\([0-9T:-]*\).*/\1/p' <<<"$info" | head -1)
out=$(sed -n 's/.*StdOut=\([^ ]*\).*/\1/p' <<<"$info" | head -1)
user=${SLURM_JOB_USER:-$(sed -n 's/.*UserId=\([^(]*\)(.*/\1/p' <<<"$info" | head -1)}
[ -n "$out" ] && [ -n "$user" ] || exit 0
# Refuse symlinks and anything not a regular file: the file is the user's,
# and root must not be tricked into writing elsewhere.
[ -L "$out" ] && { logger -t oomlens-epilog "job $job: $out is a symlink, not writing"; exit 0; }
[ -e "$out" ] && [ ! -f "$out" ] && exit 0
report=$("$OOMLENS" explain --since "$start" --cgroup "job_${job}/" --color never 2>/dev/null) || exit 0
[ -n "$report" ] || exit 0
# Written by the job's user (runuser drops root), appending only; O_NOFOLLOW via
# a final check inside the user's shell.
runuser -u "$user" -- /bin/sh -c '[ -L "$1" ] && exit 1; cat >> "$1"' sh "$out" <<EOT

==== oomlens: this job was OOM-killed ====
$report
EOT
exit 0
