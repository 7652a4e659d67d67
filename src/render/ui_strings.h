#pragma once
// Every piece of user-facing text the HTML pages and the plot print, in
// one place, marked N_() for the catalogue (po/): the renderers print each
// through tr() (util/i18n.h), so the pages follow the user's language.
// Machine-readable names (JSON keys, the kernel's terms such as anon-rss,
// oom_memcg, OOM Killer) are not here: they stay as they are in every
// language.
#include <string>
#include <string_view>

#include "util/i18n.h"

namespace oomlens::render::ui {

// The run page and the plot (report --html, plot -o x.html / x.svg).
inline constexpr const char* kRunTitle = N_("oomlens run");
inline constexpr const char* kMemoryOverTime = N_("Memory over time");
inline constexpr const char* kVerdict = N_("Verdict");
inline constexpr const char* kConfidence = N_("confidence");
inline constexpr const char* kEvidence = N_("Evidence");
inline constexpr const char* kAdvice = N_("Advice");
inline constexpr const char* kGuardEvents = N_("The guard's events");
inline constexpr const char* kNoGuardEvents = N_("The guard did not warn or act.");
inline constexpr const char* kPeakSites = N_("Allocation sites at the peak");
inline constexpr const char* kSummaryText = N_("Summary (as oomlens report prints it)");
inline constexpr const char* kTime = N_("time");
inline constexpr const char* kEvent = N_("event");
inline constexpr const char* kTrigger = N_("trigger");
inline constexpr const char* kWorkingSet = N_("working set");
inline constexpr const char* kShareOfLimit = N_("of the limit");
inline constexpr const char* kWhatWasDone = N_("what was done");
inline constexpr const char* kMainProcess = N_("main");
inline constexpr const char* kWorker = N_("worker");
inline constexpr const char* kWorkers = N_("workers");
inline constexpr const char* kOtherProcesses = N_("other processes");
inline constexpr const char* kTreeAnonShmem = N_("tree anon+shmem");
inline constexpr const char* kFilePages = N_("file pages (apart)");
inline constexpr const char* kLimit = N_("limit");
inline constexpr const char* kMemAvailable = N_("MemAvailable");
inline constexpr const char* kOomKill = N_("OOM kill");
inline constexpr const char* kMainExit = N_("main exit");
inline constexpr const char* kMainKilled = N_("main killed");
inline constexpr const char* kCgroupCounter = N_("memcg oom_kill");
inline constexpr const char* kGuardWarning = N_("warning");
inline constexpr const char* kGuardAction = N_("action");
inline constexpr const char* kGuardEscalation = N_("escalation");
inline constexpr const char* kBudgetExceeded = N_("budget exceeded");
/// Marker at the memory peak when the PSS in hand there was stale (verdict
/// peak.tree_pss_stale): followed by " {:.1f} s old".
inline constexpr const char* kStalePss = N_("PSS stale:");
inline constexpr const char* kStackNote =
    N_("Stacked: anon+shmem (what the memory limit compares), each process's share from its last PSS "
       "refresh, scaled to the cgroup's anon+shmem at every sample. File pages are drawn apart.");
inline constexpr const char* kStackNoteHeld =
    N_("Stacked: anon+shmem PSS per process, held from its last refresh (the cgroup's anon+shmem is not "
       "in this record). File pages are drawn apart.");

// The sweep page.
inline constexpr const char* kSweepTitle = N_("oomlens sweep");
inline constexpr const char* kSweepPoints = N_("Points");
inline constexpr const char* kSweepFits = N_("Fits");
inline constexpr const char* kSweepPredictions = N_("Predictions");
inline constexpr const char* kSweepChart = N_("Peak anon+shmem against");
inline constexpr const char* kPoorFit = N_("poor fit");

// The log page (explain --html).
inline constexpr const char* kLogTitle = N_("oomlens explain");
inline constexpr const char* kTimeline = N_("Timeline");
inline constexpr const char* kFilters = N_("Filters");
inline constexpr const char* kFrom = N_("from");
inline constexpr const char* kUntil = N_("until");
inline constexpr const char* kOwner = N_("owner");
inline constexpr const char* kComm = N_("comm");
inline constexpr const char* kAnyOwner = N_("any owner");
inline constexpr const char* kShown = N_("shown");
inline constexpr const char* kNoEvents = N_("No OOM-killer report was found.");
inline constexpr const char* kChecks = N_("Checks");
inline constexpr const char* kVictim = N_("victim");
inline constexpr const char* kRestOfTable = N_("rest of the task table by application (rss)");
inline constexpr const char* kMemcgUsage = N_("memcg usage against its limit");
inline constexpr const char* kZones = N_("Mem-Info zones: free against the min watermark");
inline constexpr const char* kRawLines = N_("raw lines");
inline constexpr const char* kLinesNotShown = N_("lines not shown");
inline constexpr const char* kGlobal = N_("global");
inline constexpr const char* kTimeUnknown = N_("time unknown");
inline constexpr const char* kLogOrder = N_("in log order:");

/// A process's role as the record stores it (monitor::role_name(): main,
/// worker, program, helper, other; "unknown" outside the tree) in the
/// user's language, for text lines (sites, the per-process table); any
/// other text as it is.
[[nodiscard]] inline std::string role_text(std::string_view role) {
  static constexpr const char* kRoles[] = {kMainProcess, kWorker, N_("program"), N_("helper"), N_("other"),
                                           N_("unknown")};
  for (const char* r : kRoles)
    if (role == r) return tr(r);
  return std::string(role);
}

}  // namespace oomlens::render::ui
