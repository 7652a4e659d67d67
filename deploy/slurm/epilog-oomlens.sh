#!/bin/bash
# Slurm epilog: when a job ended OUT_OF_MEMORY, writes oomlens's explanation
# of the kills in its cgroup to oomlens-<jobid>.txt in the directory of the
# job's output file (StdOut), and appends one line pointing at it to that
# output, both written as the job's user.
# The job's cgroup is gone by now, so the kernel log is filtered on its path
# (…/job_<id>/… on cgroup v1 and v2), from the job's start.
# Install: Epilog=/usr/share/oomlens/deploy/slurm/epilog-oomlens.sh in slurm.conf
# (or a copy under /etc/slurm/); slurmd runs it as root on the node.
# OOMLENS (default /usr/bin/oomlens) and SLURM_CONF are taken from the
# environment.
set -u
OOMLENS=${OOMLENS:-/usr/bin/oomlens}
job=${SLURM_JOB_ID:-}
[ -n "$job" ] || exit 0
info=$(scontrol show job "$job" 2>/dev/null) || exit 0
state=$(sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' <<<"$info" | head -1)
reason=$(sed -n 's/.*Reason=\([A-Za-z_]*\).*/\1/p' <<<"$info" | head -1)
# While the epilog runs the job is still COMPLETING (Slurm 22.05 shows
# JobState=COMPLETING Reason=OutOfMemory then; OUT_OF_MEMORY afterwards).
[ "$state" = OUT_OF_MEMORY ] || { [ "$state" = COMPLETING ] && [ "$reason" = OutOfMemory ]; } || exit 0
start=$(sed -n 's/.*StartTime=\([0-9T:-]*\).*/\1/p' <<<"$info" | head -1)
out=$(sed -n 's/.*StdOut=\([^ ]*\).*/\1/p' <<<"$info" | head -1)
user=${SLURM_JOB_USER:-$(sed -n 's/.*UserId=\([^(]*\)(.*/\1/p' <<<"$info" | head -1)}
[ -n "$out" ] && [ -n "$user" ] || exit 0
dir=$(dirname -- "$out")
expl=$dir/oomlens-$job.txt
report=$("$OOMLENS" explain --since "$start" --cgroup "job_${job}/" --color never 2>/dev/null) || exit 0
[ -n "$report" ] || exit 0
# Both files are the user's, in the user's directory: written by the user
# (runuser drops root), so root is never tricked into writing elsewhere. The
# explanation file is created new (noclobber: an existing file or symlink is
# left alone); the pointer is appended to the output only when it is a
# regular file and not a symlink.
runuser -u "$user" -- /bin/sh -c 'set -C; cat > "$1"' sh "$expl" <<EOT || { logger -t oomlens-epilog "job $job: cannot create $expl"; exit 0; }
==== oomlens: Slurm job $job was OOM-killed ====
$report
EOT
runuser -u "$user" -- /bin/sh -c '[ -f "$1" ] && [ ! -L "$1" ] || exit 0; printf "%s\n" "$2" >> "$1"' sh "$out" \
  "oomlens: this job was OOM-killed; the explanation is in $expl"
exit 0
