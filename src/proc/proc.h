#pragma once
// /proc readers: pure parsers of the text plus thin readers that take the
// /proc root (default "/proc") so tests run on fixture trees.
//
// Units: /proc/meminfo, /proc/PID/status and /proc/PID/smaps_rollup print
// sizes in kB (1024 bytes: fs/proc/meminfo.c show_val_kb(),
// fs/proc/task_mmu.c SEQ_PUT_DEC(..., " kB")); they are returned in bytes.
// A field the kernel does not print (older kernels) is nullopt, never 0.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace oomlens::proc {

/// The value of `Key:   N kB` (or `Key: N`) in a /proc key-value file, in
/// bytes when the line ends with `kB`, else as printed. nullopt when absent
/// or malformed.
[[nodiscard]] std::optional<uint64_t> kv_field(std::string_view text, std::string_view key);

/// /proc/meminfo (fs/proc/meminfo.c: meminfo_proc_show()).
struct Meminfo {
  std::optional<uint64_t> mem_total_bytes;
  std::optional<uint64_t> mem_free_bytes;
  std::optional<uint64_t> mem_available_bytes;  ///< 3.14+
  std::optional<uint64_t> swap_total_bytes;
  std::optional<uint64_t> swap_free_bytes;
  std::optional<uint64_t> shmem_bytes;
  std::optional<uint64_t> commit_limit_bytes;
  std::optional<uint64_t> committed_as_bytes;
};
[[nodiscard]] Meminfo parse_meminfo(std::string_view text);
[[nodiscard]] std::optional<Meminfo> read_meminfo(const std::string& proc_root = "/proc");

/// /proc/PID/status (fs/proc/array.c: proc_pid_status(), task_mem()).
struct PidStatus {
  std::string name;                    ///< `Name:` (comm, escaped by the kernel)
  std::optional<int64_t> ppid;
  std::optional<uint32_t> uid;         ///< real uid
  std::optional<uint64_t> vm_rss_bytes;
  std::optional<uint64_t> rss_anon_bytes;   ///< 4.5+
  std::optional<uint64_t> rss_file_bytes;   ///< 4.5+
  std::optional<uint64_t> rss_shmem_bytes;  ///< 4.5+
  std::optional<uint64_t> vm_swap_bytes;
  std::optional<uint64_t> sig_cgt;     ///< `SigCgt:` mask of caught signals (bit N-1 = signal N)
  std::optional<uint64_t> cap_eff;     ///< `CapEff:` effective capabilities (bit N = capability N)
  /// `NSpid:` (4.1+): how many pid namespaces the process has a pid in,
  /// 1 in the initial one only.
  std::optional<size_t> ns_pid_levels;
};
[[nodiscard]] PidStatus parse_pid_status(std::string_view text);
/// nullopt when the process is gone (not an error).
[[nodiscard]] std::optional<PidStatus> read_pid_status(int pid, const std::string& proc_root = "/proc");

/// /proc/PID/smaps_rollup (4.14+; fs/proc/task_mmu.c: show_smaps_rollup()).
/// Pss_Anon/Pss_File/Pss_Shmem exist from 5.3.
struct SmapsRollup {
  std::optional<uint64_t> rss_bytes;
  std::optional<uint64_t> pss_bytes;
  std::optional<uint64_t> pss_anon_bytes;
  std::optional<uint64_t> pss_file_bytes;
  std::optional<uint64_t> pss_shmem_bytes;
  std::optional<uint64_t> uss_bytes;      ///< Private_Clean + Private_Dirty
  std::optional<uint64_t> swap_bytes;
  std::optional<uint64_t> swap_pss_bytes;
};
[[nodiscard]] SmapsRollup parse_smaps_rollup(std::string_view text);
[[nodiscard]] std::optional<SmapsRollup> read_smaps_rollup(int pid, const std::string& proc_root = "/proc");

/// /proc/PID/stat fields oomlens needs (fs/proc/array.c: do_task_stat()).
/// The comm is between the first '(' and the LAST ')', since comms may hold
/// spaces and parentheses.
/// The memory rlimits of /proc/PID/limits (fs/proc/base.c proc_pid_limits:
/// "Max address space", "Max data size"; soft and hard, in bytes). nullopt
/// each when "unlimited", absent or malformed: unknown and unlimited alike
/// mean no such limit to name.
struct MemoryRlimits {
  std::optional<uint64_t> as_soft_bytes, as_hard_bytes;      ///< RLIMIT_AS
  std::optional<uint64_t> data_soft_bytes, data_hard_bytes;  ///< RLIMIT_DATA
};
[[nodiscard]] MemoryRlimits parse_pid_limits(std::string_view text);
[[nodiscard]] std::optional<MemoryRlimits> read_pid_limits(int pid, const std::string& proc_root = "/proc");

struct PidStat {
  int64_t pid = 0;
  std::string comm;
  char state = '?';
  int64_t ppid = 0;
  uint32_t flags = 0;             ///< field 9, PF_* (include/linux/sched.h)
  uint64_t start_time_ticks = 0;  ///< field 22, clock ticks since boot
  uint64_t utime_ticks = 0;
  uint64_t stime_ticks = 0;
  std::optional<uint64_t> rss_pages;  ///< field 24, resident pages
  /// Field 52 (3.5+): the wait status, non-zero only once the process is a
  /// zombie (state Z); nullopt when the kernel does not print it.
  std::optional<int> exit_code;
};
[[nodiscard]] std::optional<PidStat> parse_pid_stat(std::string_view text);
[[nodiscard]] std::optional<PidStat> read_pid_stat(int pid, const std::string& proc_root = "/proc");

/// `oom_kill N` of /proc/vmstat text (mm/vmstat.c, 4.13+: counted once per
/// process the OOM killer kills, machine-wide); nullopt when absent.
[[nodiscard]] std::optional<uint64_t> parse_vmstat_oom_kill(std::string_view vmstat_text);
/// PROC_ROOT/vmstat's `oom_kill`.
[[nodiscard]] std::optional<uint64_t> read_vmstat_oom_kill(const std::string& proc_root = "/proc");

/// Pressure stall information (/proc/pressure/memory, cgroup v2
/// memory.pressure; kernel/sched/psi.c: psi_show()):
/// `some avg10=0.00 avg60=0.00 avg300=0.00 total=0` and a `full` line.
struct PsiLine {
  double avg10 = 0, avg60 = 0, avg300 = 0;  ///< percent of time stalled
  uint64_t total_us = 0;                    ///< cumulative stall time, µs
};
struct Pressure {
  std::optional<PsiLine> some;
  std::optional<PsiLine> full;  ///< absent for the cpu resource before 5.13
};
[[nodiscard]] Pressure parse_pressure(std::string_view text);
[[nodiscard]] std::optional<Pressure> read_pressure(const std::string& path);

/// /proc/PID/environ (fs/proc/base.c environ_read(): the environment the
/// process was exec'd with, NUL-separated `KEY=VALUE`), at most `cap`
/// bytes; nullopt when gone or unreadable (another user's process).
[[nodiscard]] std::optional<std::string> read_environ(int pid, const std::string& proc_root = "/proc",
                                                      size_t cap = 64 * 1024);
/// /proc/PID/comm text without its newline (fs/proc/base.c comm_show(); at
/// most TASK_COMM_LEN-1 = 15 bytes, spaces and `)` kept: `foo) Z ` is a
/// valid comm). Pure: for a comm read through a held /proc/PID fd.
[[nodiscard]] std::string parse_comm(std::string_view text);
/// /proc/PID/comm through parse_comm(); nullopt when the process is gone.
[[nodiscard]] std::optional<std::string> read_comm(int pid, const std::string& proc_root = "/proc");

/// /proc/sys/kernel/random/boot_id (drivers/char/random.c proc_do_uuid():
/// a random UUID made once per boot, printed "%pU" plus '\n'): the dashed
/// lowercase form, 36 characters ("372768f8-768b-4bfe-8327-a91c4972e3b4").
/// nullopt when the text is not such a UUID (pure). The journal's 32-hex
/// form of the same id is normalize_boot_id()'s.
[[nodiscard]] std::optional<std::string> parse_boot_id(std::string_view text);
/// The one normaliser of a boot id, to the journal's form (`_BOOT_ID`): 32
/// lowercase hex digits, no dashes (pure). nullopt when `id` is not 32 hex
/// digits once dashes and blanks (space, \t, \r, \n) are removed.
[[nodiscard]] std::optional<std::string> normalize_boot_id(std::string_view id);
/// The one reader of the boot id; nullopt when unreadable or malformed
/// (unknown, never ""). `proc_root` as for the other readers.
[[nodiscard]] std::optional<std::string> read_boot_id(const std::string& proc_root = "/proc");
/// /proc/PID/cmdline text as one line (pure): trailing NULs dropped, the
/// other NULs become spaces. "" for a kernel thread (an empty file).
[[nodiscard]] std::string cmdline_text(std::string raw);
/// /proc/PID/cmdline (fs/proc/base.c proc_pid_cmdline_read()), its first
/// `cap` bytes through cmdline_text(); "" when gone or a kernel thread.
[[nodiscard]] std::string read_cmdline(int pid, const std::string& proc_root = "/proc", size_t cap = 512);
/// /proc/PID/cmdline text as its arguments (pure): one per NUL-terminated
/// string (an empty argument kept), the last one with or without its NUL.
[[nodiscard]] std::vector<std::string> cmdline_args(std::string_view raw);
/// /proc/PID/cmdline as its arguments (cmdline_args(), the whole file: no
/// cap); empty when gone or a kernel thread.
[[nodiscard]] std::vector<std::string> read_cmdline_args(int pid, const std::string& proc_root = "/proc");
/// The value of `key` in environ text (pure); nullopt when absent.
[[nodiscard]] std::optional<std::string_view> environ_var(std::string_view environ, std::string_view key);
/// environ_var() as a decimal int (RANK, LOCAL_RANK); nullopt when absent or not a number.
[[nodiscard]] std::optional<int> environ_int(std::string_view environ, std::string_view key);

/// The pids in `proc_root` (default "/proc"): its entries whose names are
/// positive decimal numbers, in directory order; empty when unreadable. A
/// process listed may be gone by the time it is read.
[[nodiscard]] std::vector<int> list_pids(const std::string& proc_root = "/proc");

/// The integer of /proc/PID/oom_score or oom_score_adj text (surrounding
/// blanks and the newline ignored); nullopt when it is not one (pure).
[[nodiscard]] std::optional<int> parse_pid_int(std::string_view text);
/// Integer from /proc/PID/oom_score or oom_score_adj.
[[nodiscard]] std::optional<int> read_pid_int(int pid, std::string_view file,
                                              const std::string& proc_root = "/proc");

}  // namespace oomlens::proc
