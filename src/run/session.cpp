// `oomlens run`: the step sequence of a supervision session (see
// session_state.h for how the session is split across files).
#include "run/session.h"
#include "supervise/stderr_relay.h"
#include "util/exit_status.h"
#include "util/i18n.h"
#include "util/json_opt.h"
#include "util/launch.h"
#include "util/strerror_tr.h"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cerrno>
#include <ctime>

#include "cgroup/memcg_files.h"
#include "supervise/clone_into_cgroup.h"
#include "run/session_state.h"
#include "supervise/systemd_scope.h"
#include "version.h"
#include "util/file.h"
#include "util/ascii.h"

namespace oomlens::run {

using nlohmann::json;

namespace {
using util::opt;
}  // namespace

std::string default_record_name(const std::string& argv0, long epoch_s) {
  std::string base = argv0.substr(argv0.rfind('/') == std::string::npos ? 0 : argv0.rfind('/') + 1);
  std::string cmd;
  for (char c : base)
    if (text::is_alnum(c) || c == '.' || c == '_' || c == '-') cmd += c;
  if (cmd.empty()) cmd = "job";
  if (cmd.size() > 40) cmd.resize(40);
  time_t t = static_cast<time_t>(epoch_s);
  tm tmv{};
  ::localtime_r(&t, &tmv);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tmv);
  return "oomlens-" + cmd + "-" + buf + ".jsonl";
}

int run_job(const RunOptions& options) {
  Session s(options);
  return s.run();
}

int Session::run() {
  if (attached())
    if (auto e = check_attach()) return *e;
  if (o_.capture_tty)
    if (auto e = open_pty()) return *e;
  if (auto e = open_record()) return *e;
  if (auto e = make_cgroup()) return *e;
  open_kernel_log();
  open_signal_trace();
  open_taskstats();
  setup_signals_and_tee();
  if (auto e = prepare_guard()) return *e;
  if (attached()) attach();
  else if (auto e = spawn()) return *e;
  if (pty_) pty_->enter_raw();  // restored in cleanup() (and on every exit path: pty.h)
  write_header();
  loop();
  after_loop();
  cleanup();
  join_kernel_reports();
  read_signal_trace();
  end_with(decide_run_end(gather_end_facts(), job_, snap_));
}

// --capture-tty: the pty before the record (no terminal: usage error).
std::optional<int> Session::open_pty() {
  pty_ = std::make_unique<supervise::JobPty>();
  if (auto st = pty_->open(); !st) {
    supervise::say(st.error().message());
    return st.error().errnum == 0 ? kExitUsage : kExitOwnFailure;  // no terminal: input_error
  }
  return std::nullopt;
}

// Step 1: the record, before anything else can fail later.
std::optional<int> Session::open_record() {
  if (auto st = record_.open(o_.record_path, o_.record_path_is_default); !st) {
    supervise::say(trf("{}; not starting the job", st.error().message()));
    return kExitOwnFailure;
  }
  supervise::say(trf("recording to {}", record_.path()));
  return std::nullopt;
}

// Step 2: the job's memory cgroup.
std::optional<int> Session::make_cgroup() {
  if (o_.limit) {
    auto jc = supervise::create_job_cgroup(*o_.limit, o_.allow_swap, o_.proc_root);
    if (!jc) {
      supervise::say(trf("cannot set a memory limit: {}; not starting the job", jc.error().message()));
      ::unlink(record_.path().c_str());
      return kExitOwnFailure;
    }
    job_.own_cgroup = std::move(*jc);
    for (const auto& st : job_.own_cgroup->stale)
      supervise::say(st.removed ? trf("removed {}, left behind by oomlens pid {}, which is gone", st.dir, st.owner_pid)
                     : trf("cannot remove {}, left behind by oomlens pid {}, which is gone: {}", st.dir, st.owner_pid,
                           tr_strerror(st.error ? st.error->errnum : 0)));
    if (job_.own_cgroup->via_systemd_run)
      supervise::say(trf("cannot make a cgroup here ({}): running the job under `systemd-run --scope -p MemoryMax={}`",
              job_.own_cgroup->not_delegated, job_.own_cgroup->limit_bytes));
  }
  // Under the root, as the cgroup directories are (cgroup/memcg_files.h).
  if (job_.own_cgroup) job_.hierarchy = job_.own_cgroup->hierarchy;
  else if (auto h = cgroup::find_memory_hierarchy(o_.proc_root)) job_.hierarchy = cgroup::under_root(*h, o_.proc_root);
  return std::nullopt;
}

// Step 3: the kernel log, positioned before the job exists.
void Session::open_kernel_log() {
  kmsg_ok_ = kw_.open(o_.proc_root);  // ROOT/dev/kmsg: a fixture tree has none
  if (!kmsg_ok_)
    supervise::say(trf("cannot read the kernel log ({}): the verdict will rest on exit status and cgroup counters", kw_.error()->message()));
}

// Step 3b: who sends signals, from before the job exists (trace/signal_trace.h).
void Session::open_signal_trace() {
  auto mounts = read_file("/proc/self/mounts");
  (void)sig_trace_.open(mounts.value_or(""), ::getpid());
  sig_trace_status_ = sig_trace_.status();
  sig_trace_tracefs_ = sig_trace_.tracefs_where();
}

// Step 4: signals (read synchronously through a signalfd), subreaper, stderr tee.
void Session::setup_signals_and_tee() {
  sigset_t sup = supervise::supervised_signals();
  if (pty_) sigaddset(&sup, SIGWINCH);  // window size changes go on to the job's pty
  sigset_t old_mask;
  ::sigprocmask(SIG_BLOCK, &sup, &old_mask);
  ::signal(SIGPIPE, SIG_IGN);
  sfd_.reset(::signalfd(-1, &sup, SFD_NONBLOCK | SFD_CLOEXEC));
  if (!attached()) ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  const bool tee = !::isatty(2) && !attached() && !pty_;  // an attached job's stderr is not ours
  if (tee) {  // through a relay that outlives oomlens (stderr_relay.h)
    if (auto r = supervise::start_stderr_relay(pass_fd_, old_mask)) {
      err_pipe_[0] = r->copy_fd;
      err_pipe_[1] = r->job_fd;
      relay_pid_ = r->pid;
      pass_fd_ = -1;  // the relay passes the bytes through; oomlens reads the copy
    } else {
      err_pipe_[0] = err_pipe_[1] = -1;
    }
  }
  if (pty_) {  // the loop reads the pty master where it would read the stderr pipe
    err_pipe_[0] = pty_->master();
    pass_fd_ = pty_->out_fd();
  }

  vm_oom_before_ = proc::read_vmstat_oom_kill(proc_dir());
  if (job_.own_cgroup) job_.cgroup_dir = job_.own_cgroup->dir;
  else if (job_.hierarchy)
    if (auto path = cgroup::memory_cgroup_path(*job_.hierarchy, attached() ? *o_.attach_pid : 0, o_.proc_root))
      job_.cgroup_dir = join_root(job_.hierarchy->mount_point, *path);
  if (job_.hierarchy && !job_.cgroup_dir.empty()) cg_oom_before_ = cgroup::oom_kill_count(job_.hierarchy->version, job_.cgroup_dir);
}

// Step 4b: the guard; its Python hooks change the job's environment, so
// before the spawn (guard/python.h).
std::optional<int> Session::prepare_guard() {
  guard_ = std::make_unique<guard::GuardRunner>(o_.guard, control_);
  if (auto st = guard_->prepare(); !st) {
    supervise::say(trf("{}; not starting the job", st.error().message()));
    ::unlink(record_.path().c_str());
    if (job_.own_cgroup && !job_.own_cgroup->via_systemd_run) (void)cgroup::kill_and_remove(job_.own_cgroup->dir, 2000, sigkill_through_control());
    return kExitOwnFailure;
  }
  return std::nullopt;
}

// Step 5: spawn.
std::optional<int> Session::spawn() {
  supervise::SpawnOptions so;
  so.argv = o_.argv;
  if (job_.own_cgroup && job_.own_cgroup->via_systemd_run) {
    supervise::ScopeRequest req{job_.own_cgroup->limit_bytes, job_.own_cgroup->swap_capped, ::geteuid() != 0, job_.own_cgroup->systemd_version};
    so.argv = supervise::systemd_run_argv(job_.own_cgroup->systemd_run, req, o_.argv);
    job_.systemd_run_argv = so.argv;
  } else if (job_.own_cgroup) {
    so.cgroup_dir = job_.own_cgroup->dir;
    so.clone_into_cgroup = job_.own_cgroup->hierarchy.version == cgroup::Version::v2;
  }
  so.stderr_fd = err_pipe_[1];
  if (pty_) {
    so.pty_slave = pty_->slave_path();
    so.pty_fds_mask = pty_->fds_mask();
  }
  if (o_.sites) {
    if (auto st = sites_.prepare(o_.record_path, o_.argv); !st) supervise::say(without_sites_note(st.error()));
    sites_.set_env();  // in oomlens only around the spawn: addr2line must not get it
  }
  job_.t0 = now_s();
  auto spawned = supervise::spawn_job(so);
  sites_.restore_env();
  if (err_pipe_[1] >= 0) ::close(err_pipe_[1]);
  err_pipe_[1] = -1;
  if (!spawned) {
    supervise::say(spawned.error().message());
    // Nothing ran: no record is left behind (as for every failure before the start).
    ::unlink(record_.path().c_str());
    if (job_.own_cgroup && !job_.own_cgroup->via_systemd_run) (void)cgroup::kill_and_remove(job_.own_cgroup->dir, 2000, sigkill_through_control());
    return exit_code_for_launch_error(spawned.error());
  }
  const auto& sp = *spawned;
  job_.pid = sp.pid;
  job_.pidfd = sp.pidfd;
  job_.cgroup_entry = sp.cgroup_entry;
  job_.clone3_error = sp.clone3_error;
  // Its limits now (inherited from us, whatever it has exec'd yet): a job
  // that dies before the first tick keeps them for the verdict (a
  // MemoryError under `ulimit -v` within ~30 ms); ticks re-read them.
  if (auto l = proc::read_pid_limits(job_.pid, proc_dir())) snap_.rlimits = *l;
  if (job_.own_cgroup && job_.own_cgroup->via_systemd_run) find_scope();
  // Lower our own oom_score_adj only after the fork (the job must not
  // inherit it), and only where the kernel lets us: decide by trying.
  own_adj_lowered_ = write_file("/proc/self/oom_score_adj", "-500").ok();
  return std::nullopt;
}

// Step 5b (systemd-run): systemd moves the job (same pid) into its scope
// before systemd-run execs the command; wait for that, then read the
// scope's memory files like those of a cgroup of our own.
void Session::find_scope() {
  job_.cgroup_entry = supervise::kEntrySystemdRun;
  if (auto d = supervise::wait_for_scope_cgroup(job_.own_cgroup->hierarchy, job_.pid, job_.own_cgroup->own_dir, 10000,
                                                 o_.proc_root)) {
    job_.own_cgroup->dir = *d;
    job_.cgroup_dir = *d;
    cg_oom_before_ = cgroup::oom_kill_count(job_.hierarchy->version, job_.cgroup_dir);
    return;
  }
  supervise::say(tr("systemd-run did not move the job into a scope within 10 s (or ended first): its memory is not "
         "watched through a cgroup"));
}

// Step 6: the header.
void Session::write_header() {
  utsname un{};
  ::uname(&un);
  json header = {{"type", "header"}, {"schema_version", monitor::kRecordSchemaVersion},
                 {"oomlens_version", OOMLENS_VERSION}, {"command", attached() ? job_.attached_cmd : o_.argv},
                 {"attached", attached()}, {"host", un.nodename},
                 {"kernel", un.release}, {"boot_id", opt(proc::read_boot_id(proc_dir()))},
                 {"start_epoch_s", static_cast<double>(std::time(nullptr))}, {"oomlens_pid", ::getpid()},
                 {"main_pid", job_.pid}, {"kmsg_start_seq", opt(kw_.start_seq())},
                 {"kernel_log_readable", kmsg_ok_}, {"signal_trace", sig_trace_status_},
                 {"signal_trace_tracefs", sig_trace_tracefs_.empty() ? json(nullptr) : json(sig_trace_tracefs_)},
                 {"oom_trace", sig_trace_.oom_status()},
                 {"own_oom_score_adj_lowered", own_adj_lowered_},
                 {"intervals", {{"tick_s", o_.tick_s}, {"write_s", o_.write_s}, {"pss_min_s", o_.pss_min_s},
                                {"pss_budget", o_.pss_budget}, {"linger_s", o_.linger_s}}},
                 {"proc_columns", monitor::proc_columns()}};
  header["limits"] = {{"cgroup_dir", job_.cgroup_dir.empty() ? json(nullptr) : json(job_.cgroup_dir)},
                      {"hierarchy", job_.hierarchy ? json(job_.hierarchy->version == cgroup::Version::v1 ? "v1" : "v2") : json(nullptr)},
                      {"created", job_.own_cgroup.has_value()},
                      {"limit_bytes", job_.own_cgroup ? json(job_.own_cgroup->limit_bytes) : json(nullptr)},
                      {"swap_capped", job_.own_cgroup ? json(job_.own_cgroup->swap_capped) : json(nullptr)},
                      {"cgroup_entry", job_.cgroup_entry.empty() ? json(nullptr) : json(job_.cgroup_entry)},
                      {"clone3_error", job_.clone3_error ? json(supervise::clone3_error_text(*job_.clone3_error))
                                                         : json(nullptr)},
                      {"systemd_run_argv", job_.systemd_run_argv.empty() ? json(nullptr) : json(job_.systemd_run_argv)},
                      {"oom_group", false}};
  // The guard starts here (wake-up sources are tried now): its settings and
  // what worked go into the header.
  guard::GuardHost gh;
  gh.main_pid = job_.pid;
  gh.main_pidfd = job_.pidfd;
  gh.proc_dir = proc_dir();
  gh.hierarchy = job_.hierarchy;
  gh.cgroup_dir = job_.cgroup_dir;
  gh.own_cgroup = job_.own_cgroup.has_value();
  gh.record_path = record_.path();
  gh.write = [this](const json& j, bool sync) { record_.write(j, sync); };
  gh.say = [](const std::string& m) { supervise::say(m); };
  guard_->start(std::move(gh), t_rel());
  header["guard"] = guard_->header_json();
  record_.write(header, true);
}

}  // namespace oomlens::run
