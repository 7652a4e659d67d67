#pragma once
// Internal to make_advice() (advice.cpp): the sentences of its rules that take
// more than a line, and the helpers they share. Each returns the advice text,
// translated; nullopt where its rule does not apply. Not installed; included
// only from src/diagnose/advice*.cpp.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diagnose/explain_detail.h"

namespace oomlens::detail {

/// Figures and shared memory (advice_causes.cpp).
/// A check's figure `name` in bytes as people read it (`1.2 GiB`); nullopt when the check has none.
std::optional<std::string> bytes_figure(const Check& c, std::string_view name);
/// Rule 5: a cgroup's shared memory `sh` (bytes) beside the victim's anon: delete it, cap /dev/shm.
std::string shm_cap_advice(uint64_t sh);
/// A memcg's `shmem` (bytes) is most of its page-cache count and at least 10 % of its limit.
bool shmem_is_most_of_the_rest(const MemcgInfo& m, uint64_t shmem);
/// Rule 3 with task-table rows (no_killable_task's figures).
std::string no_killable_rows_advice(const OomEvent& e, const std::vector<Check>& checks,
                                    const ExplainContext& context);
/// Rule 4a: for each kernel-side cause's check in `checks`, in kCauseAdvice's order, its advice appended to `out`.
void add_cause_advice(const std::vector<Check>& checks, std::vector<std::string>& out);

/// The victim (advice_victim.cpp).
/// A global OOM whose report prints the RAM, under 256 MiB (a router or a small board).
bool small_device(const OomEvent& e, const ExplainContext& context);
/// What a small device with `ram` bytes of RAM can do when its processes filled it; `task_table`: the report printed
/// its task table (the advice then points at its largest rows).
std::string small_device_advice(uint64_t ram, bool task_table);
/// Rule 6, a global kill of a victim with oom_score_adj < 0 (`v.oom_score_adj` set); `name` its comm.
std::string protected_victim_advice(const OomEvent& e, const Victim& v, const std::string& name,
                                    const ExplainContext& context);
/// victim_share_unknown's held_bytes: the RAM (`memcg`: the limit) above which the victim held under 1 %.
std::optional<std::string> share_unknown_advice(const std::vector<Check>& checks, const std::string& name, bool memcg);
/// A kill record alone of a victim that held 1-64 MiB, no RAM known: as share_unknown_advice().
std::optional<std::string> kill_record_small_victim_advice(const OomEvent& e, const Victim& v, const std::string& name,
                                                           const ExplainContext& context);
/// Rule 6, a ≤ 5.0 sacrificed child that held little (or an unknown share) of its parent: look at the parent.
std::optional<std::string> sacrificed_parent_advice(const OomEvent& e, const std::vector<Check>& checks);
/// A global OOM's victim in a Docker, Podman, containerd or LXC container, or in a daemon's systemd service (a
/// `.service` unit other than a user manager `user@N.service`): give the container, or the unit (MemoryMax=), a
/// limit. nullopt for any other cgroup (a session or transient scope: a user's job, `oomlens run`).
std::optional<std::string> container_limit_advice(const OomEvent& e, const std::string& victim_name);
/// A memcg OOM whose limit is a systemd unit's own (the OOM memcg's last name a `.service` or `.scope` under
/// system.slice or user.slice): the unit setting that holds it, as a clause, e.g. "`systemctl set-property
/// foo.service MemoryMax=SIZE`; MemoryHigh= below it …" (cgroup v1: MemoryLimit=; a user manager's unit:
/// `systemctl --user`). nullopt otherwise (the limit may be a parent slice's, or no systemd unit's).
std::optional<std::string> systemd_unit_limit_clause(const OomEvent& e);

/// A server whose memory its own settings size, by the victim's comm (as printed, up to 15 bytes): MySQL and
/// MariaDB (`mysqld`, `mariadbd`, Bitnami's `mysqld.bin`), PostgreSQL (`postgres`, `postmaster`), a JVM (`java`),
/// MongoDB (`mongod`), Redis (`redis-server`). The advice when that server alone used most of the RAM: which
/// settings to size below the RAM. nullopt for any other comm.
std::optional<std::string> server_settings_advice(std::string_view comm, const std::string& victim_name);
/// A JVM (`java`) that filled its memory cgroup's limit (`limit`, as people read it, or nullopt): its heap
/// (`-Xmx`, by default a quarter of what the JVM sees: the host's RAM for one unaware of containers) and the memory
/// outside it must fit below the limit. nullopt for any other comm.
std::optional<std::string> jvm_limit_advice(std::string_view comm, const std::string& victim_name,
                                            const std::optional<std::string>& limit);
/// A virtual machine's emulator process as the victim: its comm `qemu-system-*` (as printed, cut at 15 bytes),
/// `qemu-kvm`, a vCPU thread's `CPU N/KVM`, or Proxmox VE's `kvm` (its QEMU binary) in `/qemu.slice/` or a libvirt
/// `machine-qemu…` scope (task_memcg). Its memory is the guest's RAM.
bool vm_emulator_victim(const OomEvent& e, const Victim& v);
/// Rule 6, a global kill of a VM's emulator (vm_emulator_victim()): size the guests to the host, not a job's limit.
std::string vm_guest_advice(const OomEvent& e, const Victim& v, const std::string& name,
                            const ExplainContext& context);

}  // namespace oomlens::detail
