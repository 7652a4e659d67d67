// Micro-benchmarks of the parse layer: throughput of ReportScanner on a
// noise-only log (the prefilter) and on one full OOM report (the assembler).
#include <benchmark/benchmark.h>

#include <string>

#include "kernel_log/report_scanner.h"

namespace {

std::string noise_log(size_t bytes) {
  std::string s;
  unsigned i = 0;
  while (s.size() < bytes) {
    s += '[';
    s += std::to_string(100000 + i);
    s += ".123456] br-4f2a: port 3(veth";
    s += std::to_string(i);
    s += ") entered forwarding state, memory section size 128 MiB\n";
    ++i;
  }
  return s;
}

constexpr const char* kReport =
    "[  459.754994] oomlens-test-le invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
    "[  459.755069] memory: usage 65536kB, limit 65536kB, failcnt 0\n"
    "[  459.755075] memory+swap: usage 65536kB, limit 65536kB, failcnt 0\n"
    "[  459.755076] kmem: usage 204kB, limit 9007199254740988kB, failcnt 0\n"
    "[  459.755078] Memory cgroup stats for /oomlens-try:\n"
    "[  459.755105] rss 66899968\n"
    "[  459.755138] Tasks state (memory values in pages):\n"
    "[  459.755139] [  pid  ]   uid  tgid total_vm      rss rss_anon rss_file rss_shmem pgtables_bytes swapents oom_score_adj name\n"
    "[  459.755142] [   4653]     0  4653    17824    17108    16288      820         0   180224        0             0 oomlens-test-le\n"
    "[  459.755146] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/oomlens-try,task_memcg=/oomlens-try,task=oomlens-test-le,pid=4653,uid=0\n"
    "[  459.755164] Memory cgroup out of memory: Killed process 4653 (oomlens-test-le) total-vm:71296kB, anon-rss:65152kB, file-rss:3280kB, shmem-rss:0kB, UID:0 pgtables:176kB oom_score_adj:0\n";

void BM_ScanNoise(benchmark::State& state) {
  const std::string log = noise_log(16 << 20);
  for (auto _ : state) {
    size_t events = 0;
    oomlens::ReportScanner scanner({}, [&](oomlens::OomEvent&&) { ++events; });
    scanner.feed_text(log);
    scanner.finish();
    benchmark::DoNotOptimize(events);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * log.size()));
}
BENCHMARK(BM_ScanNoise)->Unit(benchmark::kMillisecond);

void BM_ParseOneReport(benchmark::State& state) {
  const std::string log = kReport;
  for (auto _ : state) {
    auto events = oomlens::parse_log_text(log);
    benchmark::DoNotOptimize(events);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * log.size()));
}
BENCHMARK(BM_ParseOneReport);

}  // namespace
