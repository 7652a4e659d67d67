// NVML through dlopen (see gpu.h). The few NVML types are declared here
// with their documented layouts; nothing from the NVIDIA headers is needed.
#include "top/gpu.h"

#include <dlfcn.h>

#include <algorithm>
#include <vector>

namespace oomlens::top {
namespace {

using nvmlReturn = int;  // NVML_SUCCESS = 0
using nvmlDevice = void*;
constexpr nvmlReturn kSuccess = 0;
constexpr nvmlReturn kInsufficientSize = 7;
constexpr unsigned long long kNotAvailable = ~0ULL;

struct ProcessInfoV2 {  // nvmlProcessInfo_v2_t (also returned by the _v3 calls)
  unsigned int pid;
  unsigned long long usedGpuMemory;
  unsigned int gpuInstanceId;
  unsigned int computeInstanceId;
};

}  // namespace

struct GpuMemory::Api {
  nvmlReturn (*init)() = nullptr;
  nvmlReturn (*shutdown)() = nullptr;
  nvmlReturn (*count)(unsigned int*) = nullptr;
  nvmlReturn (*handle)(unsigned int, nvmlDevice*) = nullptr;
  nvmlReturn (*compute)(nvmlDevice, unsigned int*, ProcessInfoV2*) = nullptr;
  nvmlReturn (*graphics)(nvmlDevice, unsigned int*, ProcessInfoV2*) = nullptr;
};

std::unique_ptr<GpuMemory> GpuMemory::load(const std::string& library) {
  void* h = ::dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!h) return nullptr;
  auto api = std::make_unique<Api>();
  auto sym = [h](const char* a, const char* b) -> void* {
    void* p = ::dlsym(h, a);
    return p || !b ? p : ::dlsym(h, b);
  };
  api->init = reinterpret_cast<nvmlReturn (*)()>(sym("nvmlInit_v2", "nvmlInit"));
  api->shutdown = reinterpret_cast<nvmlReturn (*)()>(sym("nvmlShutdown", nullptr));
  api->count = reinterpret_cast<nvmlReturn (*)(unsigned int*)>(sym("nvmlDeviceGetCount_v2", "nvmlDeviceGetCount"));
  api->handle = reinterpret_cast<nvmlReturn (*)(unsigned int, nvmlDevice*)>(
      sym("nvmlDeviceGetHandleByIndex_v2", "nvmlDeviceGetHandleByIndex"));
  // Only the _v3/_v2 entry points fill the 4-field struct; the unversioned
  // (v1) ones use a 2-field one, so they are not used.
  api->compute = reinterpret_cast<nvmlReturn (*)(nvmlDevice, unsigned int*, ProcessInfoV2*)>(
      sym("nvmlDeviceGetComputeRunningProcesses_v3", "nvmlDeviceGetComputeRunningProcesses_v2"));
  api->graphics = reinterpret_cast<nvmlReturn (*)(nvmlDevice, unsigned int*, ProcessInfoV2*)>(
      sym("nvmlDeviceGetGraphicsRunningProcesses_v3", "nvmlDeviceGetGraphicsRunningProcesses_v2"));
  if (!api->init || !api->shutdown || !api->count || !api->handle || !api->compute || api->init() != kSuccess) {
    ::dlclose(h);
    return nullptr;
  }
  std::unique_ptr<GpuMemory> g(new GpuMemory());
  g->handle_ = h;
  g->api_ = std::move(api);
  return g;
}

GpuMemory::~GpuMemory() {
  if (api_ && api_->shutdown) api_->shutdown();
  if (handle_) ::dlclose(handle_);
}

std::unordered_map<int, uint64_t> GpuMemory::per_pid() {
  std::unordered_map<int, uint64_t> out;
  unsigned int n = 0;
  if (api_->count(&n) != kSuccess) return out;
  for (unsigned int i = 0; i < n; ++i) {
    nvmlDevice dev = nullptr;
    if (api_->handle(i, &dev) != kSuccess) continue;
    // A process can be in both lists of one device: take the larger figure.
    std::unordered_map<int, uint64_t> dev_use;
    for (auto fn : {api_->compute, api_->graphics}) {
      if (!fn) continue;
      std::vector<ProcessInfoV2> infos(16);
      unsigned int cnt = static_cast<unsigned int>(infos.size());
      nvmlReturn r = fn(dev, &cnt, infos.data());
      if (r == kInsufficientSize) {
        infos.resize(cnt + 8);
        cnt = static_cast<unsigned int>(infos.size());
        r = fn(dev, &cnt, infos.data());
      }
      if (r != kSuccess) continue;
      for (unsigned int k = 0; k < cnt && k < infos.size(); ++k)
        if (infos[k].usedGpuMemory != kNotAvailable) {
          uint64_t& u = dev_use[static_cast<int>(infos[k].pid)];
          u = std::max<uint64_t>(u, infos[k].usedGpuMemory);
        }
    }
    for (const auto& [pid, bytes] : dev_use) out[pid] += bytes;
  }
  return out;
}

}  // namespace oomlens::top
