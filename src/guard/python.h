#pragma once
// --py-stacks and --py-tracemalloc: hooks into a Python job with no code
// change, through share/oomlens/python/sitecustomize.py put first on the
// job's PYTHONPATH.
//
// Environment change (documented in docs/run.md): PYTHONPATH gains the
// hook directory in front; OOMLENS_PY_PARENT_PID (oomlens's pid: only a
// Python process whose parent is oomlens, the job's main process, installs
// the hooks), OOMLENS_PY_STACKS_FILE,
// OOMLENS_PY_STACKS_SIGNAL, OOMLENS_PY_TRACEMALLOC_FILE,
// OOMLENS_PY_TRACEMALLOC_SIGNAL are added. Signals are real-time ones
// (SIGRTMIN+7, +8): an unhandled real-time signal kills, so oomlens sends
// one only after /proc/PID/status `SigCgt` shows it caught.
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "util/result.h"
#include "supervise/process_control.h"

namespace oomlens::guard {

/// Where sitecustomize.py is, relative to the oomlens binary `exe`
/// (/proc/self/exe): EXE_DIR/share/oomlens/python (the build tree, where
/// CMake copies it) or EXE_DIR/../share/oomlens/python (installed).
/// nullopt when neither holds sitecustomize.py.
[[nodiscard]] std::optional<std::string> find_python_hook_dir(const std::string& exe);
/// Where the `oomlens` Python package (`import oomlens`) is: the directory
/// holding oomlens/__init__.py, EXE_DIR/share/oomlens/pylib (build tree) or
/// EXE_DIR/../share/oomlens/pylib (installed); nullopt when neither.
[[nodiscard]] std::optional<std::string> find_python_module_dir(const std::string& exe);

/// Whether `signo` is caught according to /proc/PID/status text (the
/// `SigCgt:` hex mask, bit signo-1). False when the line is missing. Pure.
[[nodiscard]] bool signal_caught(std::string_view status_text, int signo);

/// Whom the hooks' signals go to, and through what.
struct HookTarget {
  int pid = -1;
  int pidfd = -1;                   ///< signalled through when held (>= 0)
  std::string proc_dir = "/proc";   ///< where PID/status (SigCgt) is read
  supervise::ProcessControl* control = nullptr;  ///< never null when a signal is sent
};

/// The hooks of one run: a private temporary directory for the files the
/// job writes, the environment to set before spawning, and the requests.
class PythonHooks {
 public:
  PythonHooks() = default;
  ~PythonHooks();
  PythonHooks(const PythonHooks&) = delete;
  PythonHooks& operator=(const PythonHooks&) = delete;

  /// Prepares (temp dir, setenv in this process so the job inherits it).
  /// Returns an error sentence when the hook directory cannot be found.
  [[nodiscard]] Status setup(bool stacks, bool tracemalloc);
  [[nodiscard]] bool stacks() const { return stacks_; }
  [[nodiscard]] bool tracemalloc() const { return tracemalloc_; }
  [[nodiscard]] int stacks_signal() const;
  [[nodiscard]] int tracemalloc_signal() const;

  /// Sends the stacks signal to `pid` if it is caught there and waits up to
  /// `wait_s` for the dump; returns {"sent":…, "text": new file content,
  /// "reason": why not}.
  nlohmann::json request_stacks(const HookTarget& to, double wait_s = 0.3);
  /// Asks for a tracemalloc snapshot (bounded top-N lines) without waiting:
  /// the job's handler runs between bytecodes and may take a while, and the
  /// guard must keep watching meanwhile. Returns {"sent":…, "reason":…}.
  nlohmann::json send_tracemalloc(const HookTarget& to);
  /// The snapshot once complete (parse_tracemalloc_text); nullopt while incomplete.
  std::optional<nlohmann::json> collect_tracemalloc();
  [[nodiscard]] nlohmann::json describe() const;

 private:
  bool stacks_ = false, tracemalloc_ = false;
  std::string dir_, hook_dir_;
  size_t stacks_off_ = 0, tm_off_ = 0;
  std::string tm_text_;
};

/// Parses the tracemalloc snapshot text the hook writes (pure):
/// {"traced_bytes", "peak_bytes", "top": [...]}, plus "skipped":
/// {"estimated_bytes", "max_bytes"} when the hook took no snapshot (it would
/// have cost more than OOMLENS_PY_TRACEMALLOC_MAX_BYTES), or "traces",
/// "traces_grouped", "elapsed_s", "partial" (grouping stopped at the
/// deadline) when it did.
[[nodiscard]] nlohmann::json parse_tracemalloc_text(std::string_view text);

}  // namespace oomlens::guard
