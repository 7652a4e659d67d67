#pragma once
// Every piece of user-facing text the HTML pages and the plot print, in
// one place, so a translation (issue 19, zh_CN through gettext) wraps these
// and nothing else. Machine-readable names (JSON keys, the kernel's terms
// such as anon-rss, oom_memcg, OOM Killer) are not here: they stay as
// they are in every language.
namespace oomlens::render::ui {

// The run page and the plot (report --html, plot -o x.html / x.svg).
inline constexpr const char* kRunTitle = "oomlens run";
inline constexpr const char* kMemoryOverTime = "Memory over time";
inline constexpr const char* kVerdict = "Verdict";
inline constexpr const char* kConfidence = "confidence";
inline constexpr const char* kEvidence = "Evidence";
inline constexpr const char* kAdvice = "Advice";
inline constexpr const char* kGuardEvents = "The guard's events";
inline constexpr const char* kNoGuardEvents = "The guard did not warn or act.";
inline constexpr const char* kPeakSites = "Allocation sites at the peak";
inline constexpr const char* kSummaryText = "Summary (as oomlens report prints it)";
inline constexpr const char* kTime = "time";
inline constexpr const char* kEvent = "event";
inline constexpr const char* kTrigger = "trigger";
inline constexpr const char* kWorkingSet = "working set";
inline constexpr const char* kShareOfLimit = "of the limit";
inline constexpr const char* kWhatWasDone = "what was done";
inline constexpr const char* kMainProcess = "main";
inline constexpr const char* kWorker = "worker";
inline constexpr const char* kWorkers = "workers";
inline constexpr const char* kOtherProcesses = "other processes";
inline constexpr const char* kTreeAnonShmem = "tree anon+shmem";
inline constexpr const char* kFilePages = "file pages (apart)";
inline constexpr const char* kLimit = "limit";
inline constexpr const char* kMemAvailable = "MemAvailable";
inline constexpr const char* kOomKill = "OOM kill";
inline constexpr const char* kMainExit = "main exit";
inline constexpr const char* kMainKilled = "main killed";
inline constexpr const char* kCgroupCounter = "memcg oom_kill";
inline constexpr const char* kGuardWarning = "warning";
inline constexpr const char* kGuardAction = "action";
inline constexpr const char* kGuardEscalation = "escalation";
inline constexpr const char* kBudgetExceeded = "budget exceeded";
inline constexpr const char* kStackNote =
    "Stacked: anon+shmem (what the memory limit compares), each process's share from its last PSS "
    "refresh, scaled to the cgroup's anon+shmem at every sample. File pages are drawn apart.";
inline constexpr const char* kStackNoteHeld =
    "Stacked: anon+shmem PSS per process, held from its last refresh (the cgroup's anon+shmem is not "
    "in this record). File pages are drawn apart.";

// The sweep page.
inline constexpr const char* kSweepTitle = "oomlens sweep";
inline constexpr const char* kSweepPoints = "Points";
inline constexpr const char* kSweepFits = "Fits";
inline constexpr const char* kSweepPredictions = "Predictions";
inline constexpr const char* kSweepChart = "Peak anon+shmem against";
inline constexpr const char* kPoorFit = "poor fit";

// The log page (explain --html).
inline constexpr const char* kLogTitle = "oomlens explain";
inline constexpr const char* kTimeline = "Timeline";
inline constexpr const char* kFilters = "Filters";
inline constexpr const char* kFrom = "from";
inline constexpr const char* kUntil = "until";
inline constexpr const char* kOwner = "owner";
inline constexpr const char* kComm = "comm";
inline constexpr const char* kAnyOwner = "any owner";
inline constexpr const char* kShown = "shown";
inline constexpr const char* kNoEvents = "No OOM-killer report was found.";
inline constexpr const char* kChecks = "Checks";
inline constexpr const char* kVictim = "victim";
inline constexpr const char* kRestOfTable = "rest of the task table by application (rss)";
inline constexpr const char* kMemcgUsage = "memcg usage against its limit";
inline constexpr const char* kZones = "Mem-Info zones: free against the min watermark";
inline constexpr const char* kRawLines = "raw lines";
inline constexpr const char* kLinesNotShown = "lines not shown";
inline constexpr const char* kGlobal = "global";
inline constexpr const char* kTimeUnknown = "time unknown";
inline constexpr const char* kLogOrder = "in log order:";

}  // namespace oomlens::render::ui
