#pragma once
// The pieces of a run's VerdictInput that tests write again and again.
#include <cstdint>
#include <string>
#include <utility>

#include "diagnose/signal_sender.h"
#include "diagnose/verdict.h"

namespace oomlens::testing {

/// A traced sender of `sig`: kind "process", "self", "kernel",
/// "oomlens_forward" or "oomlens_guard", the sending pid and its comm.
inline diagnose::SignalSender sender(std::string kind, int sig, int64_t pid, std::string comm = {}) {
  diagnose::SignalSender s;
  s.kind = std::move(kind);
  s.sig = sig;
  s.pid = pid;
  s.comm = std::move(comm);
  return s;
}

/// A kernel OOM kill of a process of the job's tree: its role "main", "worker" or "other".
inline diagnose::TreeKill tree_kill(int64_t pid, std::string comm, std::string role) {
  diagnose::TreeKill k;
  k.pid = pid;
  k.comm = std::move(comm);
  k.role = std::move(role);
  return k;
}

}  // namespace oomlens::testing
