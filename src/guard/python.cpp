// --py-stacks / --py-tracemalloc (see python.h).
#include "guard/python.h"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>
#include <thread>

#include "cgroup/cgroup.h"
#include "proc/proc.h"
#include "supervise/process_control.h"
#include "util/fd.h"
#include "util/i18n.h"
#include "util/safe_open.h"
#include "util/file.h"

namespace oomlens::guard {
namespace {

std::string read_from(const std::string& path, size_t* off) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  in.seekg(static_cast<std::streamoff>(*off));
  std::stringstream ss;
  ss << in.rdbuf();
  std::string s = ss.str();
  *off += s.size();
  return s;
}

/// Creates `path` empty: new, in our mkdtemp directory (never through a
/// name planted there).
void create_empty(const std::string& path) {
  if (auto f = create_unique(path, 0644, 0)) UniqueFd owned(f->fd);  // closed at once
}

double mono_s() {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

}  // namespace

namespace {
// EXE_DIR/share/oomlens/SUB or EXE_DIR/../share/oomlens/SUB, whichever holds FILE.
std::optional<std::string> find_share_dir(const std::string& exe, const std::string& sub, const std::string& file) {
  namespace fs = std::filesystem;
  fs::path dir = fs::path(exe).parent_path();
  for (fs::path cand : {dir / "share/oomlens" / sub, dir / "../share/oomlens" / sub}) {
    std::error_code ec;
    if (fs::exists(cand / file, ec)) return fs::weakly_canonical(cand, ec).string();
  }
  return std::nullopt;
}
}  // namespace

std::optional<std::string> find_python_hook_dir(const std::string& exe) {
  return find_share_dir(exe, "python", "sitecustomize.py");
}

std::optional<std::string> find_python_module_dir(const std::string& exe) {
  return find_share_dir(exe, "pylib", "oomlens/__init__.py");
}

namespace {
// Bit signo - 1 of a `SigCgt:` mask (nullopt: not shown, so not caught).
bool caught_in(const std::optional<uint64_t>& sig_cgt, int signo) {
  if (signo < 1 || signo > 64) return false;
  return sig_cgt && ((*sig_cgt >> (signo - 1)) & 1);
}
}  // namespace

bool signal_caught(std::string_view status, int signo) { return caught_in(proc::parse_pid_status(status).sig_cgt, signo); }

PythonHooks::~PythonHooks() {
  if (!dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
}

int PythonHooks::stacks_signal() const { return SIGRTMIN + 7; }
int PythonHooks::tracemalloc_signal() const { return SIGRTMIN + 8; }

Status PythonHooks::setup(bool stacks, bool tracemalloc) {
  if (!stacks && !tracemalloc) return kOk;
  auto exe = own_executable();
  if (!exe) return SystemError{0, "cannot read /proc/self/exe to find the Python hooks"};
  auto hook = find_python_hook_dir(*exe);
  if (!hook)
    return SystemError{0, "the Python hooks (share/oomlens/python/sitecustomize.py) are not next to " + *exe +
                              " nor in ../share/oomlens/python"};
  hook_dir_ = *hook;
  char tmpl[] = "/tmp/oomlens-py-XXXXXX";
  if (!::mkdtemp(tmpl)) return SystemError{0, "cannot create a temporary directory for the Python hooks"};
  dir_ = tmpl;
  std::string pp = hook_dir_;
  if (const char* old = std::getenv("PYTHONPATH"); old && *old) pp += std::string(":") + old;
  ::setenv("PYTHONPATH", pp.c_str(), 1);
  ::setenv("OOMLENS_PY_PARENT_PID", std::to_string(::getpid()).c_str(), 1);
  if (stacks) {
    stacks_ = true;
    create_empty(dir_ + "/stacks.txt");
    ::setenv("OOMLENS_PY_STACKS_FILE", (dir_ + "/stacks.txt").c_str(), 1);
    ::setenv("OOMLENS_PY_STACKS_SIGNAL", std::to_string(stacks_signal()).c_str(), 1);
  }
  if (tracemalloc) {
    tracemalloc_ = true;
    create_empty(dir_ + "/tracemalloc.txt");
    ::setenv("OOMLENS_PY_TRACEMALLOC_FILE", (dir_ + "/tracemalloc.txt").c_str(), 1);
    ::setenv("OOMLENS_PY_TRACEMALLOC_SIGNAL", std::to_string(tracemalloc_signal()).c_str(), 1);
  }
  return kOk;
}

nlohmann::json PythonHooks::describe() const {
  nlohmann::json j = {{"py_stacks", stacks_}, {"py_tracemalloc", tracemalloc_}};
  if (!hook_dir_.empty()) j["hook_dir"] = hook_dir_;
  if (stacks_) j["stacks_signal"] = stacks_signal();
  if (tracemalloc_) j["tracemalloc_signal"] = tracemalloc_signal();
  return j;
}

namespace {
// Sends `sig` only when /proc/PID/status shows it caught; waits for `file`
// to grow (until `done` says the text is complete) up to wait_s.
nlohmann::json send_and_collect(const HookTarget& to, int sig, const std::string& file, size_t* off, double wait_s,
                                const std::function<bool(const std::string&)>& done) {
  nlohmann::json j = {{"pid", to.pid}, {"signal", sig}, {"sent", false}};
  const auto st = proc::read_pid_status(to.pid, to.proc_dir);  // the one reader of /proc/PID/status
  if (!st) {
    j["reason"] = N_("the process is gone");
    return j;
  }
  if (!caught_in(st->sig_cgt, sig)) {
    j["reason"] = N_("the signal is not caught there (not a Python process started by oomlens, or the hook "
                     "was not installed): not sent, it would kill the process");
    return j;
  }
  if (auto r = to.control->signal(to.pid, to.pidfd, sig); !r) {
    j["reason"] = N_("kill failed");
    j["error"] = r.error().message();  // ESRCH: it exited since its status was read
    return j;
  }
  j["sent"] = true;
  std::string text;
  const double end = mono_s() + wait_s;
  while (true) {
    text += read_from(file, off);
    if (done(text) || mono_s() >= end) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  // A dump is written in a few write(2)s: let the last ones land.
  if (wait_s > 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    text += read_from(file, off);
  }
  j["text"] = text;
  if (!done(text)) j["complete"] = false;
  return j;
}
}  // namespace

nlohmann::json PythonHooks::request_stacks(const HookTarget& to, double wait_s) {
  if (!stacks_) return nullptr;
  // faulthandler writes the whole dump in the signal handler; the main
  // thread's block is the last one and ends with a blank line or EOF.
  auto done = [](const std::string& t) { return !t.empty() && t.back() == '\n'; };
  return send_and_collect(to, stacks_signal(), dir_ + "/stacks.txt", &stacks_off_, wait_s, done);
}

nlohmann::json PythonHooks::send_tracemalloc(const HookTarget& to) {
  if (!tracemalloc_) return nullptr;
  tm_text_.clear();
  auto j = send_and_collect(to, tracemalloc_signal(), dir_ + "/tracemalloc.txt", &tm_off_, 0,
                            [](const std::string&) { return true; });
  if (j.contains("text")) {
    tm_text_ = j["text"].get<std::string>();
    j.erase("text");
    j.erase("complete");
  }
  return j;
}

std::optional<nlohmann::json> PythonHooks::collect_tracemalloc() {
  if (!tracemalloc_) return std::nullopt;
  tm_text_ += read_from(dir_ + "/tracemalloc.txt", &tm_off_);
  if (tm_text_.find("end\n") == std::string::npos) return std::nullopt;
  auto j = parse_tracemalloc_text(tm_text_);
  tm_text_.clear();
  return j;
}

nlohmann::json parse_tracemalloc_text(std::string_view text) {
  nlohmann::json j = {{"traced_bytes", nullptr}, {"peak_bytes", nullptr}, {"top", nlohmann::json::array()}};
  std::istringstream in{std::string(text)};
  std::string line;
  while (std::getline(in, line)) {
    if (line == "end") break;
    unsigned long long a = 0, b = 0;
    if (std::sscanf(line.c_str(), "traced_bytes %llu peak_bytes %llu", &a, &b) == 2) {
      j["traced_bytes"] = a;
      j["peak_bytes"] = b;
      continue;
    }
    if (std::sscanf(line.c_str(), "skipped estimated_bytes %llu max_bytes %llu", &a, &b) == 2) {
      j["skipped"] = {{"estimated_bytes", a}, {"max_bytes", b}};
      continue;
    }
    double elapsed = 0;
    if (std::sscanf(line.c_str(), "grouped %llu of %llu elapsed_s %lf", &a, &b, &elapsed) == 3) {
      j["traces_grouped"] = a;
      j["traces"] = b;
      j["elapsed_s"] = elapsed;
      j["partial"] = line.find(" partial") != std::string::npos;
      continue;
    }
    char where[1024];
    if (std::sscanf(line.c_str(), "%llu %llu %1023[^\n]", &a, &b, where) == 3 && j["top"].size() < 50)
      j["top"].push_back({{"size_bytes", a}, {"count", b}, {"where", std::string(where)}});
  }
  return j;
}

}  // namespace oomlens::guard
