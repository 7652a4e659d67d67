#pragma once
// The pieces decide_verdict() (verdict.cpp) tells its verdict with, shared
// with verdict_clauses.cpp where they are written: private to diagnose/.
#include <cstdint>
#include <optional>
#include <string>

#include "diagnose/verdict.h"

namespace oomlens::diagnose::detail {

// A kernel kill of the job's tree.
std::string pss_age_clause(const TreeKill& k);
std::string describe_kill(const TreeKill& k);
void kernel_kill_verdict(Verdict& v, const char* cause, const TreeKill& victim, const std::vector<TreeKill>* others);
const char* memcg_clause(const TreeKill& k);

// Who sent the signal.
std::string daemon_list(const VerdictInput& in);
std::string unknown_sender(const VerdictInput& in);
std::optional<std::string> daemon_sender(const VerdictInput& in);
bool daemon_kill_evidence(const VerdictInput& in, Verdict& v, std::string* who);

// /dev/shm.
std::string shm_sentence(const VerdictInput& in);
bool shm_was_full(const VerdictInput& in);
void add_shm_advice(Verdict& v);
void add_shmem_left(const VerdictInput& in, Verdict& v);

// An allocation that failed, kills elsewhere, the guard's stop.
std::string limit_clause(const VerdictInput& in);
void add_memory_error_detail(const VerdictInput& in, const StderrFindings& se, Verdict& v);
std::string elsewhere(const VerdictInput& in);
const GuardStop* guard_ended_it(const VerdictInput& in);
void add_limit_advice(const VerdictInput& in, Verdict& v);

}  // namespace oomlens::diagnose::detail
