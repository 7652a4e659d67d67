#pragma once
// GPU memory per process through NVML, loaded at run time with dlopen() so
// oomlens neither links against nor requires the NVIDIA driver. Absent
// library, failed nvmlInit or missing symbols: load() returns nullptr and
// `top` hides the GPU column.
//
// Source: NVML API (nvml.h): nvmlInit_v2, nvmlDeviceGetCount_v2,
// nvmlDeviceGetHandleByIndex_v2, nvmlDevice{Compute,Graphics}RunningProcesses
// _v3 (else _v2; both fill nvmlProcessInfo_v2_t {pid, usedGpuMemory bytes,
// gpuInstanceId, computeInstanceId}). usedGpuMemory is
// NVML_VALUE_NOT_AVAILABLE (~0ULL) under some drivers/containers: unknown.
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

namespace oomlens::top {

class GpuMemory {
 public:
  /// nullptr when the library does not load or NVML does not initialise.
  [[nodiscard]] static std::unique_ptr<GpuMemory> load(const std::string& library = "libnvidia-ml.so.1");
  ~GpuMemory();
  GpuMemory(const GpuMemory&) = delete;
  GpuMemory& operator=(const GpuMemory&) = delete;

  /// Bytes of GPU memory per host pid, summed over devices; pids whose use
  /// NVML does not report are absent.
  [[nodiscard]] std::unordered_map<int, uint64_t> per_pid();

 private:
  GpuMemory() = default;
  struct Api;
  void* handle_ = nullptr;
  std::unique_ptr<Api> api_;
};

}  // namespace oomlens::top
