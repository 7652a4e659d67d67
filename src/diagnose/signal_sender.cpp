// The sender of the job's death signal (see signal_sender.h).
#include "diagnose/signal_sender.h"
#include "util/i18n.h"

#include <fmt/core.h>

#include <algorithm>

#include "diagnose/verdict.h"

namespace oomlens::diagnose {
namespace {

bool delivered(const trace::SignalGenerate& e) {
  return !e.result || *e.result == static_cast<int>(trace::SignalResult::delivered) ||
         *e.result == static_cast<int>(trace::SignalResult::lose_info);
}

bool in_window(const trace::SignalGenerate& e, const SenderQuery& q) {
  if (!e.ts_s) return !q.from_s && !q.to_s;
  if (q.from_s && *e.ts_s < *q.from_s) return false;
  if (q.to_s && *e.ts_s > *q.to_s) return false;
  return true;
}

bool is_oomlens(int64_t tid, const SenderQuery& q) {
  return tid == q.oomlens_pid || std::find(q.oomlens_tids.begin(), q.oomlens_tids.end(), tid) != q.oomlens_tids.end();
}

std::string name_of(int64_t pid, const std::string& comm) {
  return comm.empty() ? fmt::format("pid {}", pid) : fmt::format("pid {} ({})", pid, comm);
}

}  // namespace

std::optional<SignalSender> choose_signal_sender(const std::vector<trace::SignalGenerate>& events,
                                                 const SenderQuery& q) {
  std::vector<const trace::SignalGenerate*> to_main;
  for (auto& e : events)
    if (e.sig == q.sig && e.target_pid == q.main_pid && in_window(e, q) && delivered(e)) to_main.push_back(&e);
  if (to_main.empty())  // the delivered one fell out of the ring: an already-pending repeat still names a sender
    for (auto& e : events)
      if (e.sig == q.sig && e.target_pid == q.main_pid && in_window(e, q) &&
          e.result == std::optional<int>(static_cast<int>(trace::SignalResult::already_pending)))
        to_main.push_back(&e);
  if (to_main.empty()) return std::nullopt;

  const trace::SignalGenerate* pick = q.sig == 9 ? to_main.front() : to_main.back();
  SignalSender s;
  s.sig = pick->sig;
  s.code = pick->code;
  s.result = pick->result;
  s.pid = pick->sender_tid;
  s.comm = pick->sender_comm;
  s.ts_s = pick->ts_s;
  if (pick->code == trace::kSiKernel) {
    s.kind = "kernel";
  } else if (is_oomlens(pick->sender_tid, q)) {
    auto fw = std::find_if(q.forwarded.begin(), q.forwarded.end(), [&](auto& f) { return f.sig == q.sig; });
    if (fw == q.forwarded.end()) {
      s.kind = "oomlens_guard";
    } else {
      s.kind = "oomlens_forward";
      // The signal oomlens got: the last one to it before it forwarded.
      const trace::SignalGenerate* got = nullptr;
      for (auto& e : events)
        if (e.sig == q.sig && is_oomlens(e.target_pid, q) && in_window(e, q) && delivered(e) &&
            (!e.ts_s || !pick->ts_s || *e.ts_s <= *pick->ts_s))
          got = &e;
      if (got && got->code != trace::kSiKernel) {
        s.origin_pid = got->sender_tid;
        if (!got->sender_comm.empty()) s.origin_comm = got->sender_comm;
      } else if (fw->sender_pid && *fw->sender_pid > 0) {
        s.origin_pid = fw->sender_pid;
      }
    }
  } else if (pick->sender_tid == q.main_pid) {
    s.kind = "self";
    for (auto it = to_main.rbegin(); it != to_main.rend(); ++it)
      if ((*it)->sender_tid != q.main_pid) {
        s.origin_pid = (*it)->sender_tid;
        if (!(*it)->sender_comm.empty()) s.origin_comm = (*it)->sender_comm;
        break;
      }
  } else {
    s.kind = "process";
  }
  return s;
}

std::string sender_who(const SignalSender& s) {
  std::string who = name_of(s.pid, s.comm);
  if (s.kind == "kernel")
    return fmt::format(N_("the kernel (si_code SI_KERNEL, in the context of {})"), who);
  if (s.kind == "oomlens_guard")
    return fmt::format(N_("oomlens itself (pid {}: the guard's --action or escalation)"), s.pid);
  if (s.kind == "oomlens_forward")
    return fmt::format(N_("oomlens (pid {}), forwarding the {} it received{}"), s.pid, signal_name(s.sig),
                       s.origin_pid ? fmt::format(N_(" from {}"), name_of(*s.origin_pid, s.origin_comm.value_or(""))) : "");
  if (s.kind == "self")
    return fmt::format(N_("the job itself ({}){}"), who,
                       s.origin_pid ? fmt::format(N_(", re-raising what {} sent"),
                                                  name_of(*s.origin_pid, s.origin_comm.value_or("")))
                                    : "");
  return who;
}

std::string describe_sender(const SignalSender& s) {
  // One format of optional clauses, each a msgid (i18n::retranslate).
  return fmt::format(N_("signal trace: {} sent by {}{}{}"), signal_name(s.sig), sender_who(s),
                     s.cmdline && !s.cmdline->empty() ? fmt::format(N_("; its command line: {}"), *s.cmdline) : "",
                     s.result && *s.result != 0 ? fmt::format(" [{}]", trace::result_name(*s.result)) : "");
}

nlohmann::json signal_sender_to_json(const SignalSender& s) {
  auto opt = [](const auto& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
  return {{"kind", s.kind}, {"signal", s.sig}, {"signal_name", signal_name(s.sig)}, {"si_code", s.code},
          {"result", s.result ? nlohmann::json(trace::result_name(*s.result)) : nlohmann::json(nullptr)},
          {"pid", s.pid}, {"comm", s.comm.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.comm)},
          {"cmdline", opt(s.cmdline)}, {"trace_ts_s", opt(s.ts_s)},
          {"origin_pid", opt(s.origin_pid)}, {"origin_comm", opt(s.origin_comm)}};
}

std::optional<SignalSender> signal_sender_from_json(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("kind") || !j["kind"].is_string() || !j.contains("pid") ||
      !j["pid"].is_number_integer() || !j.contains("signal") || !j["signal"].is_number_integer())
    return std::nullopt;
  SignalSender s;
  s.kind = j["kind"].get<std::string>();
  s.sig = j["signal"].get<int>();
  s.pid = j["pid"].get<int64_t>();
  if (j.contains("si_code") && j["si_code"].is_number_integer()) s.code = j["si_code"].get<int>();
  if (j.contains("comm") && j["comm"].is_string()) s.comm = j["comm"].get<std::string>();
  if (j.contains("cmdline") && j["cmdline"].is_string()) s.cmdline = j["cmdline"].get<std::string>();
  if (j.contains("trace_ts_s") && j["trace_ts_s"].is_number()) s.ts_s = j["trace_ts_s"].get<double>();
  if (j.contains("origin_pid") && j["origin_pid"].is_number_integer()) s.origin_pid = j["origin_pid"].get<int64_t>();
  if (j.contains("origin_comm") && j["origin_comm"].is_string()) s.origin_comm = j["origin_comm"].get<std::string>();
  if (j.contains("result") && j["result"].is_string())
    for (int r = 0; r <= 4; ++r)
      if (trace::result_name(r) == j["result"].get<std::string>()) s.result = r;
  return s;
}

}  // namespace oomlens::diagnose
