// `kernel_booting`: the OOM came while the kernel itself was still starting. Its allocating task is pid 1 named
// `swapper` or `swapper/N`: the kernel's own init thread (kernel_init(), running the drivers' initcalls) before it
// ran /sbin/init, which renames pid 1 (corpus 688: the AMD IOMMU's tables at 4.3 s; 563: ACPI at 35 s). No program
// held memory yet; the kernel's start-up needed more than the RAM it was given. A kdump (crash) kernel is given only
// its `crashkernel=` reservation, a few hundred MiB that the drivers of a large machine can outgrow: read as a kernel
// memory leak or a reserved area to look into, that is the wrong lead.
#include <string>
#include <vector>

#include "diagnose/explain_detail.h"
#include "util/format.h"
#include "util/i18n.h"

namespace oomlens::detail {

bool kernel_booting_oom(const OomEvent& e) {
  if (e.sysrq || !e.trigger || e.trigger->pid != 1) return false;
  const std::string_view c = e.trigger->comm;
  return c == "swapper" || c.starts_with("swapper/");
}

void kernel_booting(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  if (!kernel_booting_oom(e)) return;
  const auto ram = machine_ram_bytes(e, ctx);
  const std::optional<uint64_t> reserved = e.mem_info ? e.mem_info->reserved_bytes : std::nullopt;
  // What the page allocator had: RAM less the reserved pages, when both are printed and make sense.
  const std::string given = !ram ? std::string(tr("the RAM it was given (the report does not print how much)"))
                            : reserved && *reserved < *ram
                                ? trf("the {} of RAM it was given ({} of it reserved)", format_bytes(*ram),
                                      format_bytes(*reserved))
                                : trf("the {} of RAM it was given", format_bytes(*ram));
  Check c{"kernel_booting", CheckLevel::warn,
          trf("The kernel was still starting: the allocating task is its own init (pid 1, {}) before it ran any "
              "program, so no process held memory; the kernel's start-up (its drivers and their tables) needed more "
              "than {}.",
              e.trigger->comm, given),
          {}};
  if (ram) c.figures.emplace_back("ram_bytes", as_figure(*ram));
  out.push_back(std::move(c));
}

}  // namespace oomlens::detail
