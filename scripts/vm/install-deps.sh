#!/usr/bin/env bash
# The qemu VM tests' packages (qemu-system-x86, busybox-static, cpio): the
# `vm` set of the one installer, scripts/install-deps.sh (same exit codes:
# 0 installed, 1 could not install).
exec bash "$(dirname "$0")/../install-deps.sh" vm
