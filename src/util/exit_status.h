#pragma once
// Every exit status oomlens uses, in one place. docs/oomlens.md (EXIT STATUS)
// lists the common ones and each subcommand's page its own;
// tests/util/exit_status_test.cpp checks docs/oomlens.md against
// kCommonExitStatuses.
#include <array>

namespace oomlens {

// Common to all subcommands (docs/oomlens.md).
/// Bad usage (unknown option, missing value), or an error that left nothing
/// to show (`explain` could read no source, `report`/`plot` cannot read the record).
inline constexpr int kExitUsage = 2;
/// oomlens itself failed (cannot set up the job's cgroup, spawn, attach; no
/// oomlens-daemon beside oomlens).
inline constexpr int kExitOwnFailure = 125;

// `run` and `protect -- CMD`, as a shell reports them (POSIX 2.8.2).
inline constexpr int kExitCannotExec = 126;  ///< the command was found but could not be executed
inline constexpr int kExitNotFound = 127;    ///< the command was not found

/// Success.
inline constexpr int kExitSuccess = 0;
/// `run`: its guard stopped the job (verdict `stopped_by_guard`): EX_TEMPFAIL
/// from sysexits.h, "retry with more memory"; `--keep-job-status` keeps the
/// job's own (docs/run.md).
inline constexpr int kExitGuardStopped = 75;

// Per subcommand.
inline constexpr int kExitFound = 0;          ///< explain: a report was found
inline constexpr int kExitNone = 1;           ///< explain: no report found
inline constexpr int kExitSomeFailed = 1;     ///< protect PID...: some pids could not be set
inline constexpr int kExitBudgetExceeded = 3;  ///< run --budget: the tree's PSS went over it
inline constexpr int kExitNoVerdict = 3;       ///< report: the record has no verdict line
inline constexpr int kExitTopNoMatch = 1;      ///< top --once/--json --filter: no process matches
inline constexpr int kExitSweepPointFailed = 1;   ///< sweep: some point left no verdict (its command could not run)
inline constexpr int kExitSweepInterrupted = 130;  ///< sweep: SIGINT/SIGTERM/SIGHUP stopped it (128 + SIGINT)

/// The statuses docs/oomlens.md's EXIT STATUS section lists (common to all
/// subcommands, and run's guard stop, which a scheduler must tell apart).
inline constexpr std::array<int, 4> kCommonExitStatuses = {kExitSuccess, kExitUsage, kExitGuardStopped,
                                                           kExitOwnFailure};

}  // namespace oomlens
