#!/usr/bin/env python3
"""Writes oracles.json for tests/corpus (hand-checked facts, see README.md).

Kept as a script so each oracle sits beside the reasoning behind it; run it
after editing and commit both. Sizes are kB as printed; null = not printed.
"""
import json, os

def kill(pid, comm, vm, anon, file, shmem=None, uid=None, pgt=None, adj=None, **kw):
    k = {"pid": pid, "comm": comm, "total_vm_kb": vm, "anon_rss_kb": anon, "file_rss_kb": file,
         "shmem_rss_kb": shmem, "uid": uid, "pgtables_kb": pgt, "oom_score_adj": adj}
    k.update(kw)
    return k

def trig(comm, pid=None, **kw):
    t = {"comm": comm, "pid": pid}
    t.update(kw)
    return t

GH = "https://github.com/"
O = {}
def add(name, source, kinds, constraint, kills=(), memcg=None, trigger=None, **kw):
    o = {"source": source, "kinds": None if kinds is None else list(kinds), "constraint": constraint, "kills": list(kills),
         "memcg": memcg, "limit_kb": None, "trigger": trigger}
    o.update(kw)
    O[name] = o

add("01-ssr-821-ubuntu-5.x-syslog-global-kill-reaper.log", GH + "MaartenBaert/ssr/issues/821", ["kill"],
    "global (global_oom)",
    [kill(140113, "simplescreenrec", 3759660, 2511944, 0, 9920, 1000, 5624, 0, reaper=[16, 0, 9920])],
    task_memcg="/user.slice/user-1000.slice/session-22.scope",
    table_rows=[[140112, "bash", 0], [140113, "simplescreenrec", 0], [140134, "ssh-agent", 0], [147622, "sleep", 0]])
add("02-osrm-964-3.x-syslog-sacrifice-child.log", GH + "Project-OSRM/osrm-backend/issues/964", ["kill"],
    "global (Out of memory: prefix)", [kill(1057, "osrm-routed-eur", 14311984, 13056836, 31028, selected_score=209)])
add("03-ssdb-547-rhel6-2.6.32-uid-comma-blank-line.log", GH + "ideawu/ssdb/issues/547", ["kill"],
    "global (Out of memory: prefix)", [kill(3679, "ssdb-server", 2061740, 1375068, 1116, uid=0, selected_score=838)])
add("04-redis-2174-alios-2.6.32-syslog.log", GH + "redis/redis/issues/2174", ["kill"],
    "global (Out of memory: prefix)", [kill(21578, "redis-server", 9100804, 9066596, 64, uid=503, selected_score=555)])
add("05-cpanel-ssp-76-rhel6-bare-kill-line.log", GH + "cPanelSSP/SSP/issues/76", ["kill"],
    "not determinable (a bare kill line)", [kill(11726, "mysqld", 7823732, 2539268, 768, uid=498)])
add("06-k8s-50632-mail-quoted-multikill.log", GH + "kubernetes/kubernetes/issues/50632", None,
    "not determinable (bare kill lines)",
    [kill(p, "node", vm, a, f, 0, 1000) for p, vm, a, f in [
        (799153, 606096, 68308, 13648), (799402, 642596, 102060, 13664), (799889, 650784, 110296, 13516),
        (799707, 613964, 78132, 13696), (799791, 613964, 78776, 13704), (800660, 611820, 74736, 13592),
        (800329, 623756, 84900, 13660), (801542, 643292, 103412, 13516)]])
add("07-systemd-40208-6.17-no-killable-then-memcg-header-only.log", GH + "systemd/systemd/issues/40208",
    ["no_killable", "incomplete"], "memcg (second event: stack through mem_cgroup_out_of_memory)",
    trigger=trig("systemd", 20957, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=100),
    constraints=[None, "memcg"])
add("08-xiangshan-doc-9-riscv-4.18-no-killable-panic.log", GH + "OpenXiangShan/XiangShan-doc/issues/9", ["no_killable"],
    "global (no eligible task, 4.18 panics)", no_killable=True, panic="Out of memory and no killable processes...",
    trigger=trig("swapper", 1, note="from CPU: line of the panic dump"))
for n, src in [("09-earlyoom-220-5.9-page-allocation-failure-negative.log", "rfjakob/earlyoom/issues/220"),
               ("10-linux-xtensa-17-6.8-page-allocation-failure-negative.log", "jcmvbkbc/linux-xtensa/issues/17"),
               ("11-coreos-1106-4.9-syslog-page-allocation-failure-negative.log", "coreos/bugs/issues/1106"),
               ("12-baytrail-12-4.12-wrapped-page-allocation-failure-negative.log", "burzumishi/linux-baytrail-flexx10/issues/12"),
               ("13-dm-writeboost-72-3.18-page-allocation-failure-negative.log", "writeboost/dm-writeboost/issues/72"),
               ("14-cortx-5465-rhel7-3.10-syslog-page-allocation-failure-negative.log", "Seagate/cortx-prvsnr/issues/5465")]:
    add(n, GH + src, [], "n/a (no OOM report: page allocation failure)")
HOA = "global (stack: out_of_memory called by __alloc_pages)"
add("15-db1000n-555-uek-5.4-header-only.log", GH + "arriven/db1000n/issues/555", ["incomplete"], HOA,
    trigger=trig("app", 5641, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0))
add("16-db1000n-555-oracle-5.13-header-only.log", GH + "arriven/db1000n/issues/555", ["incomplete"], HOA,
    trigger=trig("systemd-journal", 405, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=-250))
add("17-osmonitor-54-android-arm-3.0-oom-adj-header-only.log", GH + "eolwral/OSMonitor/issues/54", ["incomplete"], HOA,
    trigger=trig("osmcore_L", None, gfp="0x200da", order=0, oom_score_adj=-1000))
add("18-serverfault-410413-arm-2.6.31-oomkilladj-header-only.log",
    "http://serverfault.com/questions/410413/an-oom-killer-that-i-cannot-explain/410427", ["incomplete"], HOA,
    trigger=trig("myshellscript", None, gfp="0xd0", order=2, oom_adj=0))
add("19-lkml-2009-06-arm-checkd-oomkilladj-header-only.log",
    "https://lkml.iu.edu/hypermail/linux/kernel/0906.2/02972.html", ["incomplete"], HOA,
    trigger=trig("checkd", None, gfp="0x44d0", order=2, oom_adj=0))
add("20-moby-38352-rhel7-3.10-syslog-dockerd-cpuset-header-only.log", GH + "moby/moby/issues/38352", ["incomplete"],
    "not determinable (stack cut before the allocator)",
    trigger=trig("thrash", 11554, gfp="0xd0", order=0, oom_score_adj=0))
add("21-coroot-330-journalctl-grep-header-no-year.log", GH + "coroot/coroot/issues/330", ["incomplete"],
    "not determinable (header only)",
    trigger=trig("mailpit", None, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=999), year_guessed=True)
add("22-relate-1383-debian-6.16-dmesgT-header-only.log", GH + "inducer/relate/issues/1383", ["incomplete"], HOA,
    trigger=trig("postgres", 1073875, gfp="0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_ZERO|__GFP_COMP)", order=0, oom_score_adj=0))
add("23-relate-1383-debian-6.x-dmesgT-bare-kill-journald.log", GH + "inducer/relate/issues/1383", ["kill"],
    "global (Out of memory: prefix)", [kill(3581527, "uwsgi", 517892, 263092, 29128, 0, 33, 740, 0)])
add("24-opensuse-13610-tumbleweed-5.14-short-precise-header-only.log",
    GH + "os-autoinst/os-autoinst-distri-opensuse/pull/13610", ["incomplete"], HOA,
    trigger=trig("systemd-journal", 396, gfp="0x1100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=-250),
    year_guessed=True)
add("25-doris-3525-rhel7-syslog-memcg-selected-ne-killed.log", GH + "apache/doris/issues/3525", ["kill"],
    "memcg (Memory cgroup out of memory prefix)", [kill(18177, "palo_be", 70347780, 45563572, 0, 0, 0)],
    selected_only=[[24984, "palo_be", 968]])
add("26-k8s-56891-3.10-dmesgT-memcg-v1-kill-then-next-header.log", GH + "kubernetes/kubernetes/issues/56891",
    ["kill", "incomplete"], "memcg (first event)",
    [kill(28438, "java", 20255636, 466160, 13684, adj=-998, adj_source="task table row")],
    memcg="/kubepods/pod95387fa4-da9c-11e7-9d36-5254b24cbf5e/6895a3e13439535852d3184ac2aadd26d7363cc035f171545ec7d4ce74073b0b (from \"Memory cgroup stats for\")",
    trigger=trig("java", 14881, gfp="0xd0", order=0, oom_score_adj=-998, note="header of the NEXT OOM event"),
    selected_only=[[24572, "java", 0]], table_rows=[[28438, "java", -998]], constraints=["memcg", None])
add("27-moby-15905-3.10-dmesgT-docker-scope-header-only.log", GH + "moby/moby/issues/15905", ["incomplete"],
    "not determinable (stack cut before the charge path)",
    trigger=trig("php.bin", 7215, gfp="0xd0", order=0, oom_score_adj=0))
add("28-install-docker-14-dmesg-grep-oom-kill-summary-only.log", GH + "dyrnq/install-docker/issues/14", ["incomplete"],
    "global (global_oom)",
    task_memcg="/system.slice/docker-00748bf4e957f82c239a1db8a88579059b7d40c7b5fbd3f43617d31d3f646f12.scope")
add("29-lkml-2008-02-686-bigmem-mail-wrapped-headers.log",
    "http://www.uwsg.indiana.edu/hypermail/linux/kernel/0802.0/1862.html", ["incomplete", "incomplete"], HOA,
    trigger=trig("df_inode", None, gfp="0xd0", order=0))
add("30-linux-mm-2013-i386-pae-3.2-lowmem-oom-kill-allocating-task.log",
    "https://lore.kernel.org/linux-mm/201301120331.r0C3VxXc016220@como.maths.usyd.edu.au/", ["kill"],
    "global (lowmem: Normal zone at its min watermark, HighMem free)",
    [kill(6345, "sleep", 1736, 44, 200)],
    trigger=trig("sh", 6344, gfp="0xd0", order=1, oom_score_adj=0),
    selected_only=[[6344, "sh", 0]], checks=["lowmem_exhausted", "oom_kill_allocating_task"],
    not_checks=["trigger_not_victim", "swap_absent", "victim_anon_vs_ram"], summary_not=["the machine"])
add("31-lkml-2020-arm64-5.4-kmemleak-slab-no-killable-panic-mail-wrapped.log",
    "https://lore.kernel.org/lkml/32b73685-48f2-b6dd-f000-8ea52cfee70a@linux.microsoft.com/",
    ["kill", "no_killable"], "global (global_oom; no eligible task, System is deadlocked)",
    [kill(541, "dbus-broker", 4400, 892, 380, 0, 999, 44, -900, reaper=[0, 0, 0])],
    task_memcg="/system.slice/dbus-broker.service", no_killable=True, panic="System is deadlocked on memory",
    trigger=trig("systemd", 1, gfp="0x40cc0(GFP_KERNEL|__GFP_COMP)", order=1, oom_score_adj=0),
    checks=["slab_unreclaimable_dominant"], slab_largest=["kmemleak_object", 2449340])
add("32-npd-480-4.19-bare-memcg-sacrifice-child.log", GH + "kubernetes/node-problem-detector/issues/480", ["kill"],
    "memcg (Memory cgroup out of memory prefix)",
    [kill(4015, "python", 32812, 23588, 1684, 0, selected_score=1923)])
add("33-npd-480-5.4-bare-memcg-kill-line.log", GH + "kubernetes/node-problem-detector/issues/480", ["kill"],
    "memcg (Memory cgroup out of memory prefix)", [kill(4249, "python", 32812, 23856, 1700, 0, 0, 112, 994)],
    text_not=["Kubernetes", "BestEffort"])
add("34-modoboa-3325-debian12-journalctl-grep-multikill.log", GH + "modoboa/modoboa/issues/3325", None,
    "global (Out of memory: prefix)",
    [kill(449360, "python", 197808, 80352, 0, 0, 0, 368, 0), kill(449361, "python", 202056, 85128, 0, 0, 0, 376, 0),
     kill(449479, "python", 224344, 90404, 0, 0, 0, 400, 0)])
add("35-rpi-5551-armv7-6.1-syslog-two-kills.log", GH + "raspberrypi/linux/issues/5551", None,
    "global (Out of memory: prefix)",
    [kill(13021, "kodi.bin", 1099788, 148084, 113576, 0, 1000, 1484, 0),
     kill(24355, "munin-cgi-graph", 77072, 0, 12968, 0, 33, 124, 0)])
add("36-rpi-5395-armv7-6.1-syslog-header-elided-meminfo.log", GH + "raspberrypi/linux/issues/5395", ["incomplete"],
    "global (Mem-Info; stack: out_of_memory from __alloc_pages)",
    trigger=trig("find", 17513, gfp="0xcd0(GFP_KERNEL|__GFP_RECLAIMABLE)", order=0, oom_score_adj=0))
add("37-openzfs-17412-rpi-6.12-header-only.log", GH + "openzfs/zfs/issues/17412", ["incomplete"], HOA,
    trigger=trig("gpg", 1134, gfp="0x440dc0(GFP_KERNEL_ACCOUNT|__GFP_COMP|__GFP_ZERO)", order=0, oom_score_adj=0))
add("38-stress-ng-243-s390x-5.19-syslog-header-only.log", GH + "ColinIanKing/stress-ng/issues/243", ["incomplete"],
    "not determinable (header only)",
    trigger=trig("stress-ng", 11352, gfp="0x140dca(GFP_HIGHUSER_MOVABLE|GFP_COMP|GFP_ZERO)", order=0, oom_score_adj=1000))

add("39-stress-ng-177-sparc64-kill-reaper-next-header.log", GH + "ColinIanKing/stress-ng/issues/177",
    ["kill", "incomplete"], "global (global_oom; first event)",
    [kill(1811, "stress-ng", 43240, 0, 64, 0, 1000, 104, 1000, reaper=[0, 0, 0])],
    task_memcg="/user.slice/user-1000.slice/session-1.scope",
    trigger=trig("systemd-journal", None, gfp="0x1100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=-250,
                 note="header of the NEXT OOM event"),
    constraints=["global", None],
    table_rows=[[p, "stress-ng", 1000] for p in (1807, 1808, 1810, 1811, 1812, 1817, 1818, 1821)])
add("40-qubes-3079-syslog-sacrifice-child-foreign-lines-reaper.log", GH + "QubesOS/qubes-issues/issues/3079", ["kill"],
    "global (Out of memory: prefix)",
    [kill(3388, "Xorg", 457280, 37592, 6692, 99764, selected_score=9, reaper=[0, 0, 99848])])
add("41-arc-linux-65-arc-bare-row-summary-kill-reaper.log",
    GH + "foss-for-synopsys-dwc-arc-processors/linux/issues/65", ["kill"], "global (CONSTRAINT_NONE)",
    [kill(20344, "futex_cmp_reque", 1864, 152, 0, 952, 0, 3, 0, reaper=[0, 0, 16])],
    table_rows=[[21391, "futex_cmp_reque", 0]])
add("42-zen-223-5.12-journalctl-ru-month-kill-reaper-other-pid.log", GH + "zen-kernel/zen-kernel/issues/223", ["kill"],
    "global (global_oom)", [kill(4959, "Xorg", 395632, 2188, 3968, 620, 0, 560, 0)],
    task_memcg="/system.slice/lightdm.service", year_guessed=True)

# Session mangle6: a blind test on reports found after the code was written.
add("43-rl-swarm-463-arm64-6.8-netcup-header-only.log", GH + "gensyn-ai/rl-swarm/issues/463", ["incomplete"], HOA,
    trigger=trig("p2pd", 116521, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0))
add("44-omr-3887-openwrt-logread-arm64-6.6-header-only.log", GH + "Ysurac/openmptcprouter/issues/3887", ["incomplete"],
    HOA, trigger=trig("v2ray", 32384, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    wall_prefix="2025-03-31T16:58:31")
add("45-omr-3079-markdown-backticks-oom-kill-and-kill.log", GH + "Ysurac/openmptcprouter/issues/3079", ["kill"],
    "global (global_oom)", [kill(1047436, "xray", 3945912, 2219436, 0, 0, 0, 5436, 0)],
    task_memcg="/system.slice/xray.service", year_guessed=True)
add("46-reth-8115-dmesg-four-bare-kills-huge-vm.log", GH + "paradigmxyz/reth/issues/8115", None,
    "global (Out of memory: prefix)",
    [kill(10263, "reth", 5382410624, 44717552, 0, 0, 1000, 790640, 0),
     kill(60546, "reth", 5383626404, 44783072, 0, 0, 1000, 1193532, 0),
     kill(32085, "reth", 5057062080, 38217524, 0, 0, 1000, 1199060, 0),
     kill(46653, "reth", 5065120296, 38309664, 0, 0, 1000, 1275744, 0)], checks=["pgtables_large"])
add("47-harvester-2419-sle15-5.3-kvm-vcpu-comm-memcg-header.log", GH + "harvester/harvester/issues/2419",
    ["incomplete"], "memcg (stack through mem_cgroup_out_of_memory)", constraints=["memcg"],
    trigger=trig("CPU 2/KVM", 10612, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=872), year_guessed=True,
    text_not=["Kubernetes", "BestEffort"])
add("48-shakenfist-177-4.15-syslog-kvm-vcpu-cpuset-header-only.log", GH + "shakenfist/shakenfist/issues/177",
    ["incomplete"], "not determinable (header only)",
    trigger=trig("CPU 0/KVM", 24430, gfp="0x15000c0(GFP_KERNEL_ACCOUNT)", order=0, oom_score_adj=0), year_guessed=True)
add("49-home-assistant-137573-proxmox-6.8-systemd-oom-unit-then-header.log", GH + "home-assistant/core/issues/137573",
    ["incomplete"], HOA,
    trigger=trig("CPU 1/KVM", 2106259, gfp="0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO)", order=0,
                 oom_score_adj=0), year_guessed=True)
add("50-proxmox-arm64-31-4.14-slub-failure-then-comm-space-header.log", GH + "jiangcuo/Proxmox-Arm64/issues/31",
    ["incomplete"], HOA,
    trigger=trig("pveproxy worker", 7318, gfp="0x14080c0(GFP_KERNEL|__GFP_ZERO)", order=0, oom_score_adj=0))
add("51-v2raya-558-rpi4-arm64-5.15-bare-meminfo.log", GH + "v2rayA/v2rayA/issues/558", ["incomplete"],
    "global (Mem-Info; stack: out_of_memory from __alloc_pages)",
    trigger=trig("v2ray", 31327, gfp="0x400dc0(GFP_KERNEL_ACCOUNT|__GFP_ZERO)", order=0, oom_score_adj=0))
add("52-v2ray-core-2197-raspi2-armv7-4.15-syslog-order2-header.log", GH + "v2ray/v2ray-core/issues/2197",
    ["incomplete"], HOA,
    trigger=trig("dhcpcd-run-hook", 23221, gfp="0x14000c0(GFP_KERNEL)", order=2, oom_score_adj=0), year_guessed=True,
    checks=["high_order_allocation"], summary_not=["ran out of memory"])
add("53-gpud-70-quoted-oom-kill-lxc-elided-oom-memcg.log", GH + "leptonai/gpud/pull/70", ["incomplete"],
    "memcg (CONSTRAINT_MEMCG)", memcg_elided=True, year_guessed=True,
    task_memcg="/lxc.payload.ny2g2r5hh3-lxc/kubepods.slice/kubepods-burstable.slice/"
               "kubepods-burstable-podeded8c65_6e8e_4c6e_a889_3e427565c740.slice/"
               "cri-containerd-ec9ee26695deb4cc72bc665efff1cf3a03fdfb12f1303e02fe9252985e084a95.scope")
add("54-harvester-7545-sle15-5.14-dmesgT-memcg-header.log", GH + "harvester/harvester/issues/7545", ["incomplete"],
    "memcg (stack through mem_cgroup_out_of_memory)", constraints=["memcg"],
    trigger=trig("harvester-netwo", 37753, gfp="0x1100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=999),
    text_not=["Kubernetes", "BestEffort"])
add("55-openwrt-v2ray-126-mips-5.4-logread-daemon-lines-header.log", GH + "kuoruan/openwrt-v2ray/issues/126",
    ["incomplete"], "not determinable (MIPS raw stack words, no call trace)",
    trigger=trig("hostapd", 1685, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    wall_prefix="2021-04-12T18:29:48")

# --- block A ---
# Helper corpus-a: formats and platforms the corpus lacked (6.6-6.13, arm64,
# ppc64le, talosctl dmesg, NixOS test driver, journalctl through less, userspace
# OOM killers next to or instead of a kernel kill). Excerpts as the search index
# showed them; see the README rows.
add("56-htop-1408-manjaro-6.6-dmesg-kill-then-next-header.log", GH + "htop-dev/htop/issues/1408",
    ["kill", "incomplete"], "global (global_oom; second event: stack through __alloc_pages)",
    [kill(2467259, "rustc", 2351628, 1788928, 256, 0, 1000, 4240, 0)],
    task_memcg="/user.slice/user-1000.slice/session-2.scope",
    trigger=trig("htop", 173079, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0,
                 note="header of the NEXT OOM event"),
    constraints=["global", "global"], summary_not=["because the machine ran out"])
add("57-nixpkgs-435587-nixos-6.12-journalctl-less-chopped-oom-kill-reaper.log", GH + "NixOS/nixpkgs/issues/435587",
    ["kill"], "global (global_oom)",
    [kill(1055041, "nix-env", 5120116, 5048356, 612, 0, 0, 10032, 200, reaper=[0, 612, 0])],
    table_rows=[[1055041, "nix-env", 200], [1055128, "Isolated Servic", 100], [1055244, "atop", 0]],
    year_guessed=True, text_not=["vte-s"], checks=["largest_task_rows_shown"], not_checks=["largest_tasks_by_comm"])
add("58-talos-11148-talosctl-dmesg-v2-kubepods-memcg-stats.log", GH + "siderolabs/talos/issues/11148",
    ["incomplete"], "memcg (memory: usage/limit and stats of mem_cgroup_print_oom_meminfo)",
    memcg="/kubepods/burstable/pod84c5437e-9503-4b52-8470-984c54f7e9f3 (from \"Memory cgroup stats for\")",
    limit_kb=4194304, wall_prefix="2025-06-04T04:51:57")
add("59-talos-11046-talosctl-dmesg-padded-apid-memcg-usage-limit.log", GH + "siderolabs/talos/issues/11046",
    ["incomplete"], "memcg (memory: usage/limit lines of mem_cgroup_print_oom_meminfo)",
    limit_kb=40960, wall_prefix="2025-05-18T15:40:20")
add("60-rippkgs-33-asahi-arm64-6.6-journalctl-header-cut.log", GH + "replit/rippkgs/issues/33", ["incomplete"],
    "not determinable (stack cut at out_of_memory)",
    trigger=trig("nix-daemon", 418137, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    year_guessed=True)
add("61-openshift-installer-3396-ppc64le-4.18-journalctl-podman-hyperkube-header.log",
    GH + "openshift/installer/pull/3396", ["incomplete"], "not determinable (header only)",
    trigger=trig("hyperkube", 1888, gfp="0x6200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=-999),
    year_guessed=True, text_not=["Kubernetes", "BestEffort"])
add("62-nixos-anywhere-348-oracle-6.5-xtrace-dmesg-tail-kexec-header.log", GH + "nix-community/nixos-anywhere/issues/348",
    ["incomplete"], HOA, trigger=trig("kexec", 3090, gfp="0x100cc2(GFP_HIGHUSER)", order=0, oom_score_adj=0),
    summary_not=["because the machine ran out", "global OOM killer"])
add("63-systemd-36434-fedora-6.13-short-monotonic-kswapd-page-allocation-failure-negative.log",
    GH + "systemd/systemd/issues/36434", [], "n/a (no OOM report: page allocation failure)")
add("64-earlyoom-128-earlyoom-output-then-ru-journal-sacrifice-child.log", GH + "rfjakob/earlyoom/issues/128",
    ["kill"], "global (Out of memory: prefix)",
    [kill(28367, "python3", 12438252, 12083484, 2368, 0, selected_score=714)], year_guessed=True,
    text_not=["bf16", "model training"])
add("65-systemd-23606-ubuntu-systemd-oomd-kill-no-kernel-report-negative.log", GH + "systemd/systemd/issues/23606",
    [], "n/a (no kernel OOM report: a systemd-oomd kill)")
add("66-heads-1626-5.10-init-kill-then-order1-header-compaction-disabled.log", GH + "linuxboot/heads/pull/1626",
    ["kill", "incomplete"], "global (global_oom; second event: stack through __alloc_pages)",
    [kill(472, "whiptail", 10276, 1028, 1276, 0, 0, 68, 0)], task_memcg="/",
    trigger=trig("gui-init", 1, gfp="0x400dc0(GFP_KERNEL_ACCOUNT|__GFP_ZERO)", order=1, oom_score_adj=0,
                 note="header of the NEXT OOM event"),
    constraints=["global", "global"], summary_not=["because the machine ran out"], checks=["high_order_allocation"],
    text_not=["smaller batch"])
add("67-talos-12526-userspace-oom-controller-wrapped-negative.log", GH + "siderolabs/talos/issues/12526", [],
    "n/a (no kernel OOM report: Talos userspace OOM controller)")
add("68-nixpkgs-122868-nixos-test-driver-5.10-padded-pid1-header.log", GH + "NixOS/nixpkgs/pull/122868",
    ["incomplete"], HOA,
    trigger=trig("systemd", 1, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    summary_not=["because the machine ran out", "global OOM killer"])
add("69-k8s-126053-amzn2-5.10-kernlog-memcg-header-adj1000.log", GH + "kubernetes/kubernetes/pull/126053",
    ["incomplete"], "memcg (stack through mem_cgroup_out_of_memory)", constraints=["memcg"],
    trigger=trig("dd", 21208, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=1000), year_guessed=True,
    text_not=["Kubernetes", "BestEffort"])

# --- block B ---
# Helper corpus-b: less common causes and negatives, found after the code was written (issue 12 item 8).
add("70-terrariumpi-155-rpi-4.14-terminal-padded-sacrifice-child-reaper-next-header.log",
    GH + "theyosh/TerrariumPI/issues/155", ["kill", "incomplete"], "global (Out of memory: prefix; first event)",
    [kill(4833, "python", 1059548, 830480, 2796, 0, adj=0, adj_source="task table row", selected_score=901,
          reaper=[0, 0, 0])],
    trigger=trig("python", None, order=0, oom_score_adj=0,
                 note="header of the NEXT OOM event; its gfp_mask is split by terminal padding (GFP_ZE…RO)"),
    constraints=["global", None], table_rows=[[4826, "pigpiod", 0], [4833, "python", 0]],
    checks=["largest_task_rows_shown"], not_checks=["largest_tasks_by_comm"])
add("71-rpi-2909-armv7-4.14-quoted-wrapped-stall-tail-then-order1-header.log", GH + "raspberrypi/linux/issues/2909",
    ["incomplete"], "not determinable (stack cut in dump_header)", constraints=[None],
    trigger=trig("python3", 530, order=1, oom_score_adj=0,
                 note="gfp_mask wrapped inside GFP_KERNEL_ACCOUNT by the mail quote"), year_guessed=True)
add("72-heads-1626-5.10-whiptail-kill-then-gui-init-order1-header.log", GH + "linuxboot/heads/pull/1626",
    ["kill", "incomplete"], "global (global_oom; next header: out_of_memory from __alloc_pages_slowpath)",
    [kill(472, "whiptail", 10276, 1028, 1276, 0, 0, 68, 0)], task_memcg="/",
    trigger=trig("gui-init", 1, gfp="0x400dc0(GFP_KERNEL_ACCOUNT|__GFP_ZERO)", order=1, oom_score_adj=0,
                 note="header of the NEXT OOM event"),
    constraints=["global", "global"], summary_not=["because the machine ran out"], checks=["high_order_allocation"])
add("73-bcachefs-886-6.15-printk-caller-sysrq-forced-header-meminfo.log", GH + "koverstreet/bcachefs/issues/886",
    ["incomplete"], "global (SysRq-f: order=-1 through moom_callback)",
    trigger=trig("kworker/0:3", 3997, gfp="0xcc0(GFP_KERNEL)", order=-1, oom_score_adj=0),
    checks=["sysrq"], summary_not=["ran out", ") (invoked by"])
add("74-zfs-2308-3.14-hung-task-under-memory-pressure-negative.log", GH + "openzfs/zfs/issues/2308", [],
    "n/a (no OOM report: hung task warning)")
add("75-earlyoom-214-journal-userspace-sigterm-only-negative.log", GH + "rfjakob/earlyoom/issues/214", [],
    "n/a (no OOM report: a userspace killer's journal lines)")
add("76-earlyoom-121-userspace-lines-then-ru-journal-sacrifice-child.log", GH + "rfjakob/earlyoom/issues/121",
    ["kill"], "global (Out of memory: prefix)",
    [kill(27541, "bash", 8118236, 8098448, 3264, 0, selected_score=572)], year_guessed=True)
add("77-bb-kernel-23-am335x-4.1-rt-no-killable-panic-memory-free.log", GH + "RobertCNelson/bb-kernel/issues/23",
    ["no_killable"], "global (no eligible task; the task table is empty)", no_killable=True,
    panic="Out of memory and no killable processes...", checks=["no_killable_task"],
    text_not=["List the processes with oom_score_adj -1000"])
add("78-opennmt-tutorial-6-colab-dataloader-worker-memcg-kill-line.log", GH + "ymoslem/OpenNMT-Tutorial/issues/6",
    ["kill"], "memcg (Memory cgroup out of memory prefix)",
    [kill(629, "onmt_train", 14119556, 6538204, 80652, 16, 0, 13432, 0)], text_not=["Kubernetes", "BestEffort"])
add("79-mtk-openwrt-feeds-67-mips-4.14-dmesg-r-priority-score0-kill-next-header.log",
    GH + "Nossiac/mtk-openwrt-feeds/issues/67", ["kill", "incomplete"], "global (Out of memory: prefix; first event)",
    [kill(472, "askfirst", 904, 28, 0, 0, adj=0, adj_source="task table row", selected_score=0)],
    table_rows=[[472, "askfirst", 0], [1272, "dropbear", 0], [1592, "chndns", 0]],
    trigger=trig("procd", 1, gfp="0x14201ca(GFP_HIGHUSER_MOVABLE|__GFP_COLD)", order=0, oom_score_adj=0,
                 note="header of the NEXT OOM event"),
    constraints=["global", None], text_not=["Contain memory-hungry jobs"], checks=["processes_hold_little"],
    not_checks=["largest_tasks_by_comm"])
add("80-talos-12526-userspace-oom-controller-sigkill-cgroup-negative.log", GH + "siderolabs/talos/issues/12526", [],
    "n/a (no OOM report: Talos' userspace OOM controller kills a cgroup)")
add("81-oomd-125-journal-pressure-kill-action-negative.log", GH + "facebookincubator/oomd/issues/125", [],
    "n/a (no OOM report: oomd's journal lines)")
add("82-containerd-4547-taskoom-events-without-kernel-report-negative.log", GH + "containerd/containerd/issues/4547", [],
    "n/a (no OOM report: containerd TaskOOM events, the cgroup's oom counter, without the kernel's lines)")

# --- block C ---
# Session corpus-c: reports as web pages show them (Server Fault, Unix & Linux SE, blogs, a vendor
# knowledge base), found after the code was written. Sentence-level gaps are in the session's report.
SF = "https://serverfault.com/questions/"
add("85-serverfault-564068-i386-3.10-year-stamp-kernel-colon-header.log", SF + "564068/linux-oom-situation",
    ["incomplete"], HOA, trigger=trig("squid", 15533, gfp="0x42d0", order=3, oom_score_adj=0),
    wall_prefix="2013-12-27T09:19:05",)
add("86-kylemanna-blog-arch-4.7-chromium-order2-adj300-header.log", "https://blog.kylemanna.com/linux/google-chrome-aw-snap/",
    ["incomplete"], HOA,
    trigger=trig("chromium", 7255, gfp="0x27000c0(GFP_KERNEL_ACCOUNT|__GFP_NOTRACK)", order=2, oom_score_adj=300),
    checks=["high_order_allocation"], summary_not=["ran out of memory"])
# The page quotes the selection and kill a second time with the same stamps: one report, read once.
add("87-ecomnet-blog-3.10-java-table-kill-then-quoted-again.log", "https://e-com-net.com/article/1718684909263990784.htm",
    ["kill"], "global (Out of memory: prefix)",
    [kill(17982, "java", 19803312, 2540308, 0, 0, selected_score=77)],
    table_rows=[[444, "systemd-journal", 0], [476, "auditd", -1000]])
add("88-alibabacloud-edas-dmesgT-2017-keystone-kill-then-next-header.log",
    "https://www.alibabacloud.com/help/en/edas/user-guide/why-does-the-running-process-of-an-application-suddenly-disappear",
    ["kill", "incomplete"], "global (Out of memory: prefix; first event)",
    [kill(43805, "keystone-all", 4446352, 4053140, 68, selected_score=249)],
    trigger=trig("keystone-all", None, gfp="0x280da", order=0, oom_score_adj=0, note="header of the NEXT OOM event"),
    constraints=["global", None], wall_prefix="2017-08-31T16:36:42")
add("89-redhat-kb-5788651-rhel8-4.18-blank-separated-header.log", "https://rhokp.service.nutius.com/solutions/5788651/",
    ["incomplete"], "not determinable (stack cut after out_of_memory)",
    trigger=trig("olm", 1614944, gfp="0x6200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=996), year_guessed=True,
    text_not=["Kubernetes", "BestEffort"])
# Before 4.8 no memcg OOM called out_of_memory() (mem_cgroup_out_of_memory() killed through oom_kill_process()
# itself), so this 3.14 trace through out_of_memory is a global OOM's even cut before its caller (first written "not
# determinable": corrected in blind set 13a).
add("90-programmer-group-arm-3.14-numbered-list-priority-prefix-header.log",
    "https://programmer.group/out-of-memory-oom-killer-output-information-analysis.html", ["incomplete"],
    "global (stack: out_of_memory, which no memcg OOM calls before 4.8; its caller cut)",
    trigger=trig("systemd-journal", 1371, gfp="0x800d0", order=0, oom_score_adj=0),)
add("91-serverfault-docker-java-4.4-journalctl-callbacks-suppressed-memcg-header.log",
    "https://itecnotes.com/server/docker-how-does-docker-deal-with-oom-killer-and-memory-limits", ["incomplete"],
    "memcg (stack through mem_cgroup_out_of_memory)", constraints=["memcg"],
    trigger=trig("java", 26686, gfp="0x2400040", order=0, oom_score_adj=0), year_guessed=True,
    text_not=["Kubernetes", "BestEffort"])
add("92-rajashekar-blog-rhel6-splunkd-header-cut-selection-no-kill.log", "https://www.rajashekar.org/oom-killer/",
    ["selected_no_kill"], "global (Out of memory: prefix)",
    trigger=trig("splunkd", None, gfp="0x201da", order=0), selected_only=[[27364, "java", 933]], year_guessed=True)
add("93-afnanmohannad-blog-elasticsearch-selection-and-kill-joined-cut.log",
    "https://www.afnanmohannad.com/post/when-linux-kills-your-elasticsearch-understanding-the-oom-killer", ["kill"],
    "global (Out of memory: prefix, joined before the kill)",
    [kill(2157, "java", 16692532, 1440940, None, selected_score=788)])
add("94-devto-plumbr-docker-memcg-v1-grep-out-of-order-selection-only.log",
    "https://dev.to/ivomagi/debugging-virtualised-containerised-environments-is-hard-onb", ["selected_no_kill"],
    "memcg (cgroup v1 `Task in ... killed as a result of limit of`)",
    memcg="/docker/264b771811d88f4dbd3249a54261f224a69ebffed6c7f76c7aa3bc83b3aaaf71",
    task_memcg="/docker/264b771811d88f4dbd3249a54261f224a69ebffed6c7f76c7aa3bc83b3aaaf71", limit_kb=3145728,
    trigger=trig("java", None, gfp="0xd0", order=0, oom_score_adj=0), selected_only=[[20611, "java", 1068]],
    checks=["memcg_swap_exhausted"], summary_not=["hit its 3.0 GiB limit"],
    text_not=["more swap would only delay", "Raise the cgroup's memory limit"])
add("95-unix-se-100873-debian-2.6.32-mysqld-pid-comm-oom-adj-header.log",
    "https://unix.stackexchange.com/questions/100873/oom-killer-killed-mysql-server", ["incomplete"], HOA,
    trigger=trig("mysqld", 1319, gfp="0x201da", order=0))
add("96-yugabyte-kb-postgres-kill-then-collapsed-table-elided.log",
    "https://support.yugabyte.com/hc/en-us/articles/35386426926989-Understanding-the-OOM-event-logs", ["kill"],
    "global (Out of memory: prefix)",
    [kill(2475067, "postgres", 2484556, 143224, 0, 452, 1011, 588, 900)], year_guessed=True,
    checks=["victim_oom_score_adj", "largest_task_rows_shown"], not_checks=["largest_tasks_by_comm"])
add("97-212clab-blog-kernlog-iso-stamp-reflowed-memcg-oom-kill.log",
    "https://212clab.pages.dev/en/troubleshooting/2026-03-23-java-oom/", ["kill"], "memcg (CONSTRAINT_MEMCG)",
    [kill(90057, "java", 2007864, 518828, None)], wall_prefix="2026-03-22T15:00:03",
    text_not=["Kubernetes", "BestEffort"])
add("98-elearningmedium-samsung-tv-arm-4.1-cpu-prefixed-stamp-double-spaced-header.log",
    "http://elearningmedium.com/linux-kernel-oom-log-analysis/", ["incomplete"], HOA,
    trigger=trig("vd-net-config", 467, gfp="0x80d0", order=0, oom_score_adj=-900),)
add("99-francesbagual-blog-3.x-syslog-memory-hog-meminfo-per-cpu-header.log",
    "http://francesbagual.net/2016/05/01/Troubleshooting-memory-issues-OOM-Killer.html", ["incomplete"],
    "global (Mem-Info after the header: show_mem, not the memcg dump)",
    trigger=trig("memory-hog-2048", None, gfp="0x2084d0", order=0, oom_score_adj=0), year_guessed=True)

# --- block blind-2025 ---
# Helper intake: the 18 reports of last session's blind test (issue 12), found again in the
# search index (README rows). Host names replaced (host01-host04, a registry host). A kill
# oracle with pid None: the log prints no pid (the victim must have pid 0 and that comm).
K8S = ["Kubernetes", "BestEffort"]
add("100-k8s-86420-syslog-containerd-sacrifice-child-systemd-lines.log", GH + "kubernetes/kubernetes/issues/86420",
    ["kill"], "global (Out of memory: prefix)", [kill(994, "containerd", 907784, 18912, 0, 0, selected_score=4)],
    year_guessed=True, text_not=["BestEffort"])
add("101-crun-1357-el9-table-oomkill-line-cut.log", GH + "containers/crun/issues/1357", ["incomplete"],
    "memcg (CONSTRAINT_MEMCG; the oom_memcg path is cut inside the pod's slice name)", constraints=["memcg"],
    memcg_elided=True, year_guessed=True,
    table_rows=[[p, "stress", 666] for p in (5072, 5074, 5075, 5076, 5077, 5078, 5079, 5080, 5081)],
    checks=["largest_task_rows_shown"], summary_not=["slice machine.slice"], text_not=K8S)
add("102-podman-20765-el9-5.14-memcg-stack-no-invoked-line.log", GH + "podman-container-tools/podman/issues/20765",
    ["incomplete"], "memcg (stack through mem_cgroup_out_of_memory; the paste starts at the CPU: line)",
    constraints=["memcg"], year_guessed=True, text_not=K8S,
    trigger=trig("stress", 5117, note="from the CPU: line (dump_header's dump_stack of the allocating task); "
                                      "no header, so gfp_mask, order and adj are not printed"))
add("103-docker-for-linux-1062-azure-5.3-global-header-adj-999.log", GH + "docker/for-linux/issues/1062",
    ["incomplete"], HOA, constraints=["global"], text_not=K8S,
    trigger=trig("exe", 46173, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=-999))
add("104-runc-1980-gce-4.4-bare-kernel-prefix-cpuset-header.log", GH + "opencontainers/runc/issues/1980",
    ["incomplete"], "not determinable (stack cut after oom_kill_process; `? mem_cgroup_iter` is an unreliable frame)",
    constraints=[None], text_not=K8S, trigger=trig("runc:[2:INIT]", 333, gfp="0x24000c0", order=0, oom_score_adj=998))
add("105-sysbox-30-gcp-5.3-syslog-runc-child-memcg-header.log", GH + "nestybox/sysbox/issues/30", ["incomplete"],
    "memcg (stack through mem_cgroup_out_of_memory)", constraints=["memcg"], year_guessed=True, text_not=K8S,
    trigger=trig("runc:[1:CHILD]", 7148, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=-999))
add("106-navigator-297-gce-4.13-terminal-padded-cp-cpuset-header.log", GH + "jetstack/navigator/issues/297",
    ["incomplete"], "not determinable (the excerpt ends at `Call Trace:`)", constraints=[None], text_not=K8S,
    trigger=trig("cp", 4289, gfp="0x14000c0(GFP_KERNEL)", order=0, oom_score_adj=-998))
add("107-containerd-10799-cos-6.6-journalctl-runc-init-memcg-header.log", GH + "containerd/containerd/pull/10799",
    ["incomplete"], "memcg (stack through try_charge_memcg)", constraints=["memcg"], year_guessed=True, text_not=K8S,
    trigger=trig("runc:[2:INIT]", 52432, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=-998))
add("108-kata-runtime-1310-4.14-shell-session-dmesg-cpuset-header.log", GH + "kata-containers/runtime/issues/1310",
    ["incomplete"], "memcg (stack through mem_cgroup_out_of_memory from mem_cgroup_oom_synchronize)",
    constraints=["memcg"], text_not=K8S,
    trigger=trig("mem", 93, gfp="0x14200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0))
add("109-juci-15-mips-4.1-mail-wrapped-header-adj-on-next-line.log", GH + "mkschreder/juci/issues/15", ["incomplete"],
    HOA, constraints=["global"], trigger=trig("hostapd", 3468, gfp="0x20858", order=0, oom_score_adj=0))
# Linux 2.4's `VM: killing process gammu-smsd` (arch/mips/mm/fault.c, label out_of_memory: the faulting task is
# killed) prints no pid: the victim's pid is null.
add("110-wl500g-90-linux-2.4-vm-killing-process.log", GH + "wl500g/wl500g/issues/90", ["kill"],
    "global (Linux 2.4, no memory cgroups: the MIPS page-fault handler's out_of_memory kills the faulting task)",
    [kill(None, "gammu-smsd", None, None, None)],
    summary_not=["within a cpuset", "memory-policy limit"], text_not=["oomlens run --limit"])
add("111-linuxquestions-855484-ubuntu-2.6.32-syslog-unpadded-day-oom-adj-header.log",
    "http://www.linuxquestions.org/questions/linux-kernel-70/kernel-oom-autopsy-trying-to-understand-the-oom-killer-log-entries-855484/",
    ["incomplete"], HOA, constraints=["global"], year_guessed=True,
    trigger=trig("mysqld", 13433, gfp="0x201da", order=0, note="2.6.32 prints oom_adj=0, not oom_score_adj"))
add("112-openj9-1371-yocto-4.1-rt-dmesgT-comm-with-space-lxc-cpuset-header.log", GH + "eclipse-openj9/openj9/issues/1371",
    ["incomplete"], "not determinable (stack cut after oom_kill_process)", constraints=[None],
    trigger=trig("JIT Compilation", 23660, gfp="0xd0", order=0, oom_score_adj=0), wall_prefix="2018-12-13T00:21:30")
add("113-kernel-sanitizers-21-3.18-page-allocation-failure-order4-negative.log", GH + "google/kernel-sanitizers/issues/21",
    [], "n/a (no OOM report: page allocation failure)")
add("114-systemd-32304-arch-fr-locale-systemd-oomd-kill-negative.log", GH + "systemd/systemd/issues/32304", [],
    "n/a (no kernel OOM report: a systemd-oomd kill)")
add("115-ingress-nginx-11987-gke-event-text-oom-kill-summary-negative.log", GH + "kubernetes/ingress-nginx/issues/11987",
    [], "n/a (no kernel OOM report: the text of a Kubernetes node event about an OOM kill)")
add("116-emqx-356-rhel6-2.6.32-bare-sacrifice-child-selected-ne-killed-next-header.log", GH + "emqx/emqx/issues/356",
    ["kill", "incomplete"], "global (Out of memory: prefix; next header: stack through __alloc_pages_nodemask)",
    [kill(28364, "sh", 106064, 180, 4, uid=0, adj=0, adj_source="task table row")],
    selected_only=[[16929, "beam.smp", 580]], table_rows=[[28364, "sh", 0]], constraints=["global", "global"],
    trigger=trig("rsyslogd", 1205, gfp="0x201da", order=0, oom_score_adj=0, note="header of the NEXT OOM event"))
add("117-k3s-12028-cachyos-6.14-comm-space-hash-uid-in-cpu-line-header.log", GH + "k3s-io/k3s/issues/12028",
    ["incomplete"], HOA, constraints=["global"], text_not=K8S,
    trigger=trig("StreamTrans #72", 38055, gfp="0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO)", order=0,
                 oom_score_adj=167))


# --- block blind2 ---
# The 26 reports of this session's second blind test (issue 12), 118-143 in the order of tests/blind2,
# where each truth was written before running oomlens (README rows). Host names replaced (host01-host08).
RPI3872 = GH + "raspberrypi/linux/issues/3872"
HEDGED = ["because the machine ran out", "global OOM killer"]
add("118-rpi-linux-3872-armv7-6.x-stack-meminfo-indented-no-header.log", RPI3872, ["incomplete"],
    "global (Mem-Info; stack: dump_header from oom_kill_process, out_of_memory from __alloc_pages)",
    constraints=["global"], summary_not=HEDGED)
# The same post's second report, from the text alone: a stack tail without an OOM frame and a Mem-Info,
# both of which a page allocation failure (warn_alloc) prints too. The README's truth (an incomplete OOM
# report) is what the post says; the text does not show an OOM, so no event (never an invented fact).
add("119-rpi-linux-3872-armv7-6.x-meminfo-dma-zone-plenty-free.log", RPI3872, [],
    "n/a (no OOM line in the text: a stack tail and a Mem-Info, which warn_alloc prints too)")
add("120-lru-marie-6-7.1-table-rss-anon-rows-oom-kill-cut.log", GH + "firelzrd/lru_marie/issues/6", ["incomplete"],
    "not determinable (the oom-kill: line is cut at its constraint)", constraints=[None],
    table_rows=[[p, c, 200] for p, c in [
        (4029, "kioworker"), (4046, "konsole"), (4058, "bwrap"), (4070, "bwrap"), (4071, "xdg-dbus-proxy"),
        (4074, "bwrap"), (4075, "sh"), (4076, "mprime"), (4147, "bash"), (4159, "htop"), (4272, "steamwebhelper")]],
    checks=["largest_task_rows_shown"])
# The kill line went through a translator (`Out of memory: Process stopped 2953 (python) …`): it is not
# read (translated text is never parsed). The truth's kill of python 2953 (anon 6719676 kB, file 4, shmem 0,
# UID 999, pgtables 13660 kB, adj 0) is on that line. The untranslated oom-kill: line names the chosen task
# (`task=python,pid= 2953 ,`; `uid=` became `liquid=`). Its task_memcg, /docker/<64 hex>, holds a
# translator's spaces (`…cddde 5 a33d…`), so it is not literally in the text: the rejoined path is checked by
# tests/kernel_log/mangled_lines_test.cpp.
add("121-moby-47418-dmesgT-2024-machine-translated-oom-kill-and-kill.log", GH + "moby/moby/issues/47418",
    ["incomplete"], "global (global_oom)", constraints=["global"], wall_prefix="2024-02-20T19:15:36",
    chosen=[2953, "python"])
add("122-nuc980-94-arm-4.4-bare-empty-table-no-killable-panic.log", GH + "OpenNuvoton/NUC980-linux-4.4.y/issues/94",
    ["no_killable"], "global (no eligible task; the task table is empty)", no_killable=True,
    panic="Out of memory and no killable processes", checks=["no_killable_task"],
    text_not=["List the processes with oom_score_adj -1000"])
add("123-zfs-12377-mips64el-no-killable-deadlocked-panic-relocated.log", GH + "openzfs/zfs/issues/12377",
    ["no_killable"], "global (no eligible task; System is deadlocked on memory)", no_killable=True,
    panic="System is deadlocked on memory", table_rows=[[710, "sshd", -1000]], checks=["no_killable_task"])
add("124-pynetlogo-53-ubuntu-5.4-syslog-gc-thread-hash-comm-header.log", GH + "quaquel/pyNetLogo/issues/53",
    ["incomplete"], HOA, constraints=["global"], year_guessed=True, summary_not=HEDGED,
    trigger=trig("GC Thread#9", 25671, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0))
add("125-chia-plotter-203-5.4-syslog-backtick-slash-comm-header.log", GH + "madMAx43v3r/chia-plotter/issues/203",
    ["incomplete"], HOA, constraints=["global"], year_guessed=True, summary_not=HEDGED,
    trigger=trig("phase1/add/0", 3533230, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0))
add("126-moby-38613-rhel7-3.10-syslog-dockerd-line-inside-memcg-header.log", GH + "moby/moby/issues/38613",
    ["incomplete"], "memcg (stack through mem_cgroup_oom_synchronize)", constraints=["memcg"], year_guessed=True,
    text_not=K8S, trigger=trig("python", 21154, gfp="0xd0", order=0, oom_score_adj=0))
add("127-mina-10456-ubuntu-4.15-dmesg-header-cpuset.log", GH + "MinaProtocol/mina/issues/10456", ["incomplete"],
    HOA, constraints=["global"], text_has=["because the machine ran out of memory"],
    trigger=trig("mina", 5338, gfp="0x14200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0))
add("128-earlyoom-205-userspace-sigterm-ipfs-negative.log", GH + "rfjakob/earlyoom/issues/205", [],
    "n/a (no kernel OOM report: earlyoom's own output)")
add("129-earlyoom-269-fr-locale-journal-no-kill-negative.log", GH + "rfjakob/earlyoom/issues/269", [],
    "n/a (no kernel OOM report: earlyoom's journal lines, no kill)")
add("130-tranx-41-terminal-padded-oom-kill-kill-reaper.log", GH + "pcyin/tranX/issues/41", ["kill"],
    "global (global_oom)",
    [kill(25315, "python3", 53312244, 31451456, 74816, 12296, 0, 69068, 0, reaper=[0, 74732, 12296])],
    task_memcg="/user.slice")
add("131-systemd-31573-fr-locale-systemd-oomd-failed-to-kill-negative.log", GH + "systemd/systemd/issues/31573", [],
    "n/a (no kernel OOM report: systemd-oomd's candidate list)")
K8S_POD = ("/kubepods/pod951f6bc5-c5a5-11ea-8707-80e455f266a2/"
           "024952d653ef1cd852f875a61bd27cf45cb1fd6cab3659ca7e5f12f037d99aa9")
add("132-kubedirector-356-k8s-v1-wrapped-task-in-memsw-limit-sacrifice-child-cut.log",
    GH + "bluek8s/kubedirector/issues/356", ["kill"], "memcg (Task in … killed as a result of limit of …)",
    [kill(62769, "cp", None, None, None, adj=-998, adj_source="task table row")],
    memcg=K8S_POD, task_memcg=K8S_POD, limit_kb=524288, selected_only=[[62685, "bash", 0]],
    table_rows=[[62685, "bash", -998], [62769, "cp", -998]], checks=["processes_hold_little"])
add("133-kata-containers-972-azure-5.4-containerd-memcg-header-adj-999.log", GH + "kata-containers/kata-containers/pull/972",
    ["incomplete"], "memcg (stack through mem_cgroup_out_of_memory)", constraints=["memcg"], text_not=K8S,
    trigger=trig("containerd", 26735, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=-999))
add("134-opencv-27378-riscv64-6.6-header-stack-meminfo-start.log", GH + "opencv/opencv/pull/27378", ["incomplete"],
    "global (Mem-Info; stack: out_of_memory from __alloc_pages)", constraints=["global"], summary_not=HEDGED,
    trigger=trig("opencv_perf_img", 2190, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0))
add("135-pgcenter-44-debian-3.16-syslog-only-first-line-quoted-header.log", GH + "lesovsky/pgcenter/issues/44",
    ["incomplete"], "not determinable (stack cut before out_of_memory)", constraints=[None], year_guessed=True,
    trigger=trig("pgcenter", 4082, gfp="0x280da", order=0, oom_score_adj=0))
add("136-picam-175-raspbian-5.15-syslog-kill-reaper-then-reboot-wrapped.log", GH + "iizukanao/picam/issues/175",
    ["kill"], "global (global_oom)", [kill(5655, "picam", 780700, 617416, 0, 0, 0, 716, 0, reaper=[0, 220, 0])],
    task_memcg="/", year_guessed=True)
add("137-rocm-6157-cachyos-6.19-dmesgT-2026-page-allocation-failure-negative.log",
    GH + "ROCm/legacy-rocm-build/issues/6157", [], "n/a (no OOM report: page allocation failure)")
add("138-lede-2453-mips-4.14-interleaved-page-allocation-failure-negative.log", GH + "coolsnowwolf/lede/issues/2453",
    [], "n/a (no OOM report: two page allocation failures interleaved)")
add("139-rpi-linux-3872-armv7-6.x-lowmem-cma-dma-zone-highmem-pages-table-header.log", RPI3872, ["incomplete"],
    "global (lowmem: the DMA zone's free is CMA, below min for unmovable allocations; HighMem free)",
    constraints=["global"], checks=["lowmem_exhausted"],
    not_checks=["swap_absent", "victim_anon_vs_ram"], summary_not=["the machine ran out"])
add("140-xbmc-25239-rpi-table-tail-kodi-victim-anon-0.log", GH + "xbmc/xbmc/issues/25239", ["kill"],
    "global (global_oom)", [kill(2190, "kodi.bin", 1512044, 0, 52, 0, 973, 2492, 0)], task_memcg="/",
    table_rows=[[31289, "avahi-daemon", 0], [730, "su", 0], [733, "bash", 0], [762, "htop", 0]],
    checks=["victim_held_little"])
add("141-lede-2878-openwrt-logread-mips-normal-below-min-table-nr-pmds.log", GH + "coolsnowwolf/lede/issues/2878",
    ["incomplete"], "global (Mem-Info: the Normal zone's free below its min)", constraints=["global"],
    table_rows=[[513, "ubusd", 0], [514, "askfirst", 0]], wall_prefix="2020-01-25T09:40:15",
    summary_not=["because the machine ran out"])
add("142-rpi-linux-6976-armv7-6.12-syslog-uid-cpu-line-header.log", GH + "raspberrypi/linux/issues/6976",
    ["incomplete"], HOA, constraints=["global"], year_guessed=True, summary_not=HEDGED,
    trigger=trig("MHD-connection", 938, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0))
add("143-iptvsimple-659-syslog-kodi-kill-shmem-foreign-lines.log", GH + "kodi-pvr/pvr.iptvsimple/issues/659", ["kill"],
    "global (global_oom)", [kill(706, "kodi.bin", 7060324, 3348376, 0, 36696, 1000, 7640, 0)], task_memcg="/",
    year_guessed=True)


# 150+: blind set 3
# Helper blind3: real public reports found by the search tool after the code was written (kernels
# 3.x-6.x, Jetson/arm32, SLE/KubeVirt, Unraid, NixOS, ClickHouse, Kubernetes v1/v2), truth written
# by hand before oomlens ran on them. Host names replaced (host01-host10). See the README rows.
HKB = GH + "harvester/harvesterhci.io/blob/main/kb/2025-12-10/how_harvester_eliminate_vm_oom.md"
add("150-harvester-kb-sle15-5.14-journal-elided-kubevirt-memcg-oom-kill-no-kill-line.log", HKB,
    ["incomplete"], "memcg (CONSTRAINT_MEMCG; the kill line is elided by the author)",
    memcg="/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod968a06fb_9ab9_4819_8caf_0392ddff3d9b.slice",
    task_memcg="/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod968a06fb_9ab9_4819_8caf_0392ddff3d9b.slice/"
               "cri-containerd-0f32894de86edf3d3832702af794874ef8d400b4969acdea4976b12040756e0d.scope",
    limit_kb=17024340, year_guessed=True,
    trigger=trig("virt-launcher", 40785, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=986),
    table_rows=[[38886, "pause", -998], [39079, "qemu-system-x86", 986]])
add("151-harvester-kb-sle15-5.3-dmesgT-kubevirt-memcg-kill-reaper-misspelt-task-memcg.log", HKB, ["kill"],
    "memcg (CONSTRAINT_MEMCG)",
    [kill(70870, "qemu-system-x86", 73209856, 66852088, 21948, 4, adj=830, adj_source="task table row",
          reaper=[0, 132, 4])],
    memcg="/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-podef91e487_dec5_4613_800b_eb23e1a1617d.slice",
    task_memcg="/kubepods.slice/kubepods-urstable.slice/kubepods-burstable-podef91e487_dec5_4613_800b_eb23e1a1617d.slice/"
               "cri-containerd-100093783c22a3ae1a42e21dd887b7c26eef52d56ba44c7273ef54507b6efe7c.scope",
    limit_kb=67579904, wall_prefix="2024-05-09T14:52:38",
    trigger=trig("CPU 11/KVM", 70888, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=830),
    table_rows=[[70675, "pause", -998], [70870, "qemu-system-x86", 830]])
add("152-obsidian-unraid-6.1-quoted-syslog-sysrq-forced-global-kill-then-show-memory.log",
    GH + "lolbraa/obsidian_notater (Unraid troubleshooting note, section 'Out of memory')", ["kill"],
    "global (global_oom; SysRq-f: order=-1 through moom_callback)",
    [kill(6009, "node", 264249252, 12123208, 0, 51828, 0, 36316, 0, reaper=[0, 0, 0])], task_memcg="/c71",
    trigger=trig("kworker/2:2", 8961, gfp="0xcc0(GFP_KERNEL)", order=-1, oom_score_adj=0), year_guessed=True,
    # h-left3: Mem-Info's `active_file:4190 inactive_file:20533` (96.6 MiB of `8373432 pages RAM`, 0.3 %) with
    # `Total swap = 0kB`: the page cache squeezed, the machine thrashing, though no zone is at its min.
    checks=["sysrq", "sysrq_thrashing"], not_checks=["swap_absent"], summary_not=["the machine ran out"],
    text_has=["the page cache on the file LRU lists down to 96.6 MiB"],
    table_rows=[[825, "udevd", -1000], [29551, "java", 0]])
add("153-shoc-38-jetson-tk1-sacrifice-child-kill-then-shell-killed.log", GH + "vetter/shoc/issues/38", ["kill"],
    "global (Out of memory: prefix)", [kill(2700, "DeviceMemory", 1838376, 2632, 628, selected_score=1)])
add("154-coreclr-16503-arm32-backticked-template-and-selection-only.log", GH + "dotnet/coreclr/issues/16503",
    ["selected_no_kill"], "global (Out of memory: prefix)", selected_only=[[31490, "corerun", 897]],
    year_guessed=True, text_not=["****"])
add("155-dgraph-2301-dmesgT-and-backtick-glued-syslog-two-sacrifice-child-kills.log", GH + "dgraph-io/dgraph/issues/2301",
    ["kill", "kill"], "global (Out of memory: prefix)",
    [kill(21070, "dgraph", 44275648, 32441532, 0, selected_score=957),
     kill(3327, "dgraph", 44678136, 32430992, 0, selected_score=956)],
    wall_prefix="2018-04-01T21:58:32", year_guessed=True)
add("156-ustclug-110-dmesgT-grep-ten-selections-without-kill-lines.log", GH + "ustclug/discussions/issues/110",
    ["selected_no_kill"] * 10, "global (Out of memory: prefix)",
    selected_only=[[23386, "nginx", 342], [23381, "nginx", 412], [23465, "nginx", 331], [23482, "nginx", 418],
                   [23469, "nginx", 386], [23484, "nginx", 425], [23470, "nginx", 558], [23494, "nginx", 311],
                   [4729, "nginx", 590], [4730, "nginx", 305]], wall_prefix="2017-01-21T20:25:45")
add("157-nixpkgs-307068-6.x-dmesg-grep-oom-kswapd-kill-then-next-header-rss-anon-table.log",
    GH + "NixOS/nixpkgs/pull/307068", ["kill", "incomplete"], "global (global_oom; second event: header only)",
    [kill(265, "plymouthd", 115232, 520, 11700, 0, 0, 128, 0)], task_memcg="/system.slice/plymouth-start.service",
    constraints=["global", None], table_rows=[[963, "systemd-oomd", -900]],
    trigger=trig("kswapd0", None, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0,
                 note="grep dropped the CPU: line, so no pid"))
add("158-pharos-cluster-1508-aws-5.0-memcg-parent-selected-child-killed-reaper-next-header.log",
    GH + "kontena/pharos-cluster/issues/1508", ["kill", "incomplete"], "memcg (CONSTRAINT_MEMCG; first event)",
    [kill(22964, "nginx", 14136, 844, 4, 0, reaper=[0, 0, 0])], selected_only=[[22232, "nginx", 1182]],
    memcg="/kubepods/burstable/poddfc7f441-06db-11ea-842a-0227fba247b6",
    task_memcg="/kubepods/burstable/poddfc7f441-06db-11ea-842a-0227fba247b6/"
               "aba6a64a8753ea5169d3f501d661492696ffeb640da38c613b81198435144dcd",
    constraints=["memcg", None], year_guessed=True,
    trigger=trig("nginx", 22232, gfp="0x7080c0(GFP_KERNEL_ACCOUNT|__GFP_ZERO)", order=0, oom_score_adj=999,
                 note="header of the NEXT OOM event"))
add("159-tugraph-977-issue-title-kill-line-cut-at-pgtables-and-reaper-of-another-pid.log",
    GH + "TuGraph-family/tugraph-db/issues/977", ["kill"], "global (Out of memory: prefix)",
    [kill(928883, "lgraph_server", 6521902656, 47809896, 0, 0, 0, None, None)])
add("160-tugraph-977-syslog-grep-docker-global-kill-then-next-header-rss-anon-table.log",
    GH + "TuGraph-family/tugraph-db/issues/977", ["kill", "incomplete"], "global (global_oom; first event)",
    [kill(2417, "lgraph_server", 6476392304, 15375224, 0, 0, 0, 34648, 0)],
    task_memcg="/docker/ac018ce0a44befba0638b94abc15633332831730d622ba67f68413fa879489b9",
    constraints=["global", None], year_guessed=True,
    trigger=trig("dockerd", None, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=-500,
                 note="grep dropped the CPU: line"))
add("161-h3-lichee-25-3.4-markdown-bold-kill-line-quoted-in-prose.log", GH + "friendlyarm/h3_lichee/issues/25",
    ["kill"], "not determinable (a kill line quoted in a sentence)", [kill(856, "apt-get", 40820, 32708, 736)])
add("162-openprescribing-5431-rfc3339-systemd-units-killed-by-oom-killer-negative.log",
    GH + "bennettoxford/openprescribing/issues/5431", [],
    "n/a (no kernel OOM report: systemd's 'killed by the OOM killer' unit lines)")
add("163-podman-1579-fc30-5.2-journalctl-runc-init-memcg-header-stack-cut.log",
    GH + "podman-container-tools/podman/issues/1579", ["incomplete"], "memcg (stack through mem_cgroup_out_of_memory)",
    constraints=["memcg"], year_guessed=True, text_not=K8S,
    trigger=trig("runc:[2:INIT]", 18415, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0))
add("164-kubernetesquestions-57855013-gke-event-quoting-kernel-memcg-kill-of-pause.log",
    "https://kubernetesquestions.com/questions/57855013", ["kill"], "memcg (Memory cgroup out of memory prefix)",
    [kill(605624, "pause", 1024, 4, 0, 0, selected_score=0)])
add("165-clickhouse-6260-centos-syslog-thread-selected-process-killed-logind-lines.log",
    GH + "ClickHouse/ClickHouse/issues/6260", ["kill"], "global (Out of memory: prefix)",
    [kill(19079, "clickhouse-serv", 40090428, 15314964, 0, 0)], selected_only=[[16959, "AsyncBlockInput", 947]],
    year_guessed=True)
add("166-clickhouse-66869-dmesgT-2024-mempolicy-constraint-docker-kill-table-tail.log",
    GH + "ClickHouse/ClickHouse/pull/66869", ["kill"], "mempolicy (CONSTRAINT_MEMORY_POLICY, nodemask=0)",
    [kill(4321, "clickhouse-serv", 62057180, 16469552, 2004, 0, 0, 78896, 0)],
    task_memcg="/docker/1c3dbe7d420309e6666b641b7e26a8855659bc8b687aa31e3943e75c540e8a2c",
    wall_prefix="2024-07-22T17:53:59", table_rows=[[4321, "clickhouse-serv", 0], [6000, "snapd", -900]],
    summary_not=["machine ran out"])
add("167-clickhouse-14862-dmesgT-grep-kill-docker-memcg-v1-thread-selected.log",
    GH + "ClickHouse/ClickHouse/issues/14862", ["kill"], "memcg (Task in ... killed as a result of limit of)",
    [kill(1295, "clickhouse-serv", 32828748, 10494108, 51264, 0)], selected_only=[[20423, "QueryPipelineEx", 1008]],
    memcg="/docker/bc8361b978f98b297522f69b7c85da05ac9bf5e84f7ae05fa61030b81cc5cc56",
    task_memcg="/docker/bc8361b978f98b297522f69b7c85da05ac9bf5e84f7ae05fa61030b81cc5cc56",
    wall_prefix="2020-09-15T00:01:24", text_not=K8S)
add("168-clickhouse-9945-inline-backticked-kill-then-4.19-sacrifice-child-block.log",
    GH + "ClickHouse/ClickHouse/issues/9945", ["kill", "kill"], "global (Out of memory: prefix)",
    [kill(28751, "clickhouse-serv", 9435880, 2477208, 0, 0, 107, 16508, 0),
     kill(1779, "clickhouse-serv", 55547844, 26644232, 0, 0, selected_score=818)])
add("169-meilisearch-711-syslog-oom-kill-and-reaper-without-kill-line-rsyslog-hup.log",
    GH + "meilisearch/meilisearch/issues/711", ["kill"], "global (global_oom)",
    # No kill line, but the reaper reaped the chosen pid: a kill whose sizes are not printed (uid from oom-kill:).
    [kill(513, "meilisearch", None, None, None, None, 0, None, None, reaper=[0, 4, 0])],
    task_memcg="/system.slice/meilisearch.service", year_guessed=True,
    table_rows=[[544, "nginx", 0], [1187, "sshd", 0]])
add("170-clickhouse-33004-dmesgT-4.18-memcg-header-slash-comm-gfp-nofs.log", GH + "ClickHouse/ClickHouse/issues/33004",
    ["incomplete"], "memcg (stack through mem_cgroup_out_of_memory)", constraints=["memcg"],
    wall_prefix="2022-01-04T20:38:58", text_not=K8S,
    trigger=trig("BgSchPool/D", 118034, gfp="0x600040(GFP_NOFS)", order=0, oom_score_adj=555))
add("171-nixpkgs-81151-nixos-test-driver-vm-prefix-5.4-mysqld-header.log", GH + "NixOS/nixpkgs/pull/81151",
    ["incomplete"], HOA, constraints=["global"],
    trigger=trig("mysqld", 867, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0))
add("172-bitnami-vms-999-lightsail-4.4-aws-syslog-mysqld-header-raw-stack-words.log", GH + "bitnami/vms/issues/999",
    ["incomplete"], "not determinable (raw stack words, no call trace)", constraints=[None], year_guessed=True,
    trigger=trig("mysqld.bin", 11648, gfp="0x24201ca", order=0, oom_score_adj=0))
add("173-clickhouse-14399-rfc3339-syslog-table-tail-and-selection-cut-before-kill.log",
    GH + "ClickHouse/ClickHouse/issues/14399", ["selected_no_kill"], "global (Out of memory: prefix)",
    selected_only=[[19259, "clickhouse-serv", 951]], table_rows=[[19259, "clickhouse-serv", 0], [18899, "vim", 0]],
    wall_prefix="2020-09-02T")
add("174-earlyoom-80-userspace-low-memory-invoking-kernel-oom-killer-negative.log", GH + "rfjakob/earlyoom/issues/80",
    [], "n/a (no kernel OOM report: earlyoom's own output)")
# 175+: blind set 4
# Helper blind4: real public reports found by the search tool (GitHub issues, vendor KB, blogs, and
# mails in public LKML/linux-mm/netdev/linux-riscv archives cited by their lore.kernel.org address),
# truth written by hand before oomlens ran on them. Host names replaced; no user names occur.
LORE = "https://lore.kernel.org/"
add("175-ert-7797-dmesg-time-format-iso-grep-oom-global-perl-kill-reaper.log", GH + "equinor/ert/issues/7797",
    ["kill"], "global (global_oom)",
    [kill(1440763, "perl", 87033376, 60356340, 0, 0, 21417, 169956, 0, reaper=[0, 0, 0])],
    task_memcg="/user.slice/user-21417.slice/user@21417.service", wall_prefix="2024-04-29T",
    trigger=trig("pool", None, gfp="0x6200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0,
                 note="grep kept no CPU: line"))
add("176-orioledb-394-dmesgT-2024-postgres-shmem-rss-kill-then-next-header-stack.log",
    GH + "orioledb/orioledb/issues/394", ["kill", "incomplete"], "global (global_oom; second event: header and stack)",
    [kill(558816, "postgres", 103014104, 3796, 1272, 87933848, 1000, 173412, 0)],
    task_memcg="/user.slice/user-1000.slice/session-3.scope", constraints=["global", "global"],
    wall_prefix="2024-12-09T04:42:16", checks=["shmem_dominant"],
    trigger=trig("python3", None, gfp="0x1100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0,
                 note="header of the NEXT OOM event; its CPU: line was not posted"))
add("177-tikv-970-3.10-sacrifice-child-kill-then-space-comm-header-raw-words-stack-cut.log", GH + "tikv/tikv/issues/970",
    ["kill", "incomplete"],
    "global (Out of memory: prefix; second event: stack cut at out_of_memory, which no memcg OOM calls before 4.8)",
    [kill(26196, "tikv-server", 4439216, 2920164, 0, selected_score=338)], constraints=["global", "global"],
    trigger=trig("split check wor", 26283, gfp="0x280da", order=0, oom_score_adj=0,
                 note="header of the NEXT OOM event"))
add("178-redhat-kb-7126558-rhel9-5.14-memcg-v1-kmem-annotated-comment-lines-header.log",
    "https://access.redhat.com/solutions/7126558", ["incomplete"],
    "memcg (memory: usage/limit lines of a memory cgroup)", constraints=["memcg"], limit_kb=33554432,
    trigger=trig("awx-manage", 3981798, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=989))
add("179-lore-netdev-2020-07-bpf-test-maps-quoted-printable-mail-oom-kill-then-header-slab-table.log",
    LORE + "netdev/20200717110656.GB1683270@localhost.localdomain/", ["kill", "incomplete"],
    "global (global_oom; second event: stack through __alloc_pages_slowpath)",
    [kill(211, "polkitd", 1541300, 7516, 0, 0, 997, 180, 0)], task_memcg="/system.slice/polkit.service",
    constraints=["global", "global"], table_rows=[[8645, "test_maps", 0]], slab_largest=["RAWv6", 78],
    not_checks=["slab_unreclaimable_dominant"],
    trigger=trig("test_maps", 8632, order=0, oom_score_adj=0,
                 note="the gfp mask is split by a quoted-printable soft line break"))
add("180-lkml-2019-08-5.2-memcg-v1-leaker-swap-in-memcg-full-report.log",
    LORE + "lkml/20190802074047.GQ11627@dhcp22.suse.cz/", ["kill"], "memcg (CONSTRAINT_MEMCG)",
    [kill(23793, "leaker", 2623712, 506500, 1268, 0, adj=0, adj_source="task table row", reaper=[0, 0, 0])], memcg="/leaker", task_memcg="/leaker",
    limit_kb=524288, table_rows=[[23777, "sh", 0], [23793, "leaker", 0]], checks=["victim_anon_vs_limit"],
    not_checks=["memcg_swap_disallowed", "memcg_swap_exhausted"], text_not=K8S,
    trigger=trig("leaker", 23793, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0))
add("181-linux-mm-2017-3.10-memcg-pagefault-panic-on-oom-compulsory-24g-free-hugepages-rows-elided.log",
    LORE + "linux-mm/9a22aefd-dfb8-2e4c-d280-fc172893bcb4@huawei.com/", ["panic"],
    "memcg (stack: check_panic_on_oom called by mem_cgroup_oom_synchronize; panic_on_oom=2)", constraints=["memcg"],
    panic="Out of memory: compulsory panic_on_oom is enabled", checks=["panic_on_oom"],
    summary_not=["the machine ran out"], table_rows=[[6331, "SMU", 0], [391, "systemd-udevd", -1000]],
    trigger=trig("DefSch0200", 8284, gfp="0xd0", order=0, oom_score_adj=0))
add("182-lxd-6576-ubuntu-4.4-lxd-container-ipdl-space-comm-memcg-header-first-bracket-cut.log",
    GH + "canonical/lxd/issues/6576", ["incomplete"], "memcg (stack through mem_cgroup_out_of_memory)",
    constraints=["memcg"], text_not=K8S,
    trigger=trig("IPDL Background", 28507, gfp="0x2400040", order=0, oom_score_adj=0))
add("183-marathon-1295-gentoo-3.14-mesos-docker-all-frames-unreliable-memcg-header.log",
    GH + "d2iq-archive/marathon/issues/1295", ["incomplete"],
    "memcg (stack: mem_cgroup_oom_synchronize, every frame marked ?)", constraints=["memcg"], text_not=K8S,
    trigger=trig("java", 32498, gfp="0xd0", order=0, oom_score_adj=0))
for n, src in [("184-dcache-3787-debian-4.9-two-cpus-interleaved-gfp-atomic-page-allocation-failure-negative.log",
                "dCache/dcache/issues/3787"),
               ("185-zfs-325-ubuntu-2.6.38-markdown-mangled-buddy-lists-swap-free-then-swapper-page-allocation-"
                "failure-negative.log", "openzfs/zfs/issues/325")]:
    add(n, GH + src, [], "n/a (no OOM report: page allocation failure)")
add("186-iopenv-arm-3.x-no-prefix-key-lines-then-full-print-mem-info-lowercase.log",
    "https://iopenv.com/V9TQFRR7Q/34-Out-of-memory-Kill-process-causing-system-crashes-and-kill-processes",
    ["kill", "incomplete"], "global (Out of memory: prefix; second event: stack through __alloc_pages_nodemask)",
    [kill(957, "app.out", 67472, 14496, 516, selected_score=524)], constraints=["global", "global"],
    trigger=trig("app.out", None, gfp="0x200da", order=0, oom_score_adj=0, note="no CPU: line"))
add("187-ecomnet-3947487-arm-board-app-line-upnp-mediaserve-header-clone-stack.log",
    "https://e-com-net.com/article/3947487.htm", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_nodemask)", constraints=["global"],
    trigger=trig("upnp_mediaserve", None, gfp="0x201da", order=0, oom_score_adj=0, note="no CPU: line"))
add("188-linux-mm-2019-01-4.20-memcg-v1-shmem-threads-snipped-constraint-none-oom-memcg-kills-then-no-killable.log",
    LORE + "linux-mm/f6d97ad3-ab04-f5e2-4822-96eac6ab45da@i-love.sakura.ne.jp/",
    ["kill", "kill", "kill", "kill", "no_killable", "no_killable"],
    "memcg (oom_memcg=/test1 and Memory cgroup prefixes, although the oom-kill: line says CONSTRAINT_NONE)",
    [kill(8204, "a.out", 10491132, 92, 444, 167028, selected_score=822),
     kill(8205, "a.out", 4348, 92, 0, 0), kill(8206, "a.out", 4348, 92, 0, 0),
     kill(8203, "a.out", 4348, 92, 1156, 0, selected_score=6)],
    memcg="/test1", task_memcg="/test1", limit_kb=204800, constraints=["memcg"] * 6, no_killable=True,
    chosen=[8204, "a.out"], checks=["shmem_dominant"], not_checks=["memcg_swap_exhausted"], text_not=K8S,
    trigger=trig("a.out", None, gfp="0x6200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0,
                 note="the poster snipped the CPU: lines"))
add("189-linux-riscv-2019-10-5.4-pagefault-oom-full-report-bad-page-map-between-kill-and-reaper.log",
    LORE + "linux-riscv/mvmpninsxx8.fsf@suse.de/", ["kill"], "global (global_oom; pagefault_out_of_memory)",
    [kill(28600, "python3", 5012428, 4959416, 12940, 0, 399, 10305536, 0, reaper=[4, 0, 0],
          pgtables_bytes_printed_as_kb=True)],
    task_memcg="/system.slice/obsworker.service", table_rows=[[28600, "python3", 0], [682, "systemd-udevd", -1000]],
    checks=["victim_anon_vs_ram"], not_checks=["swap_exhausted", "pgtables_large"], summary_not=["ran out of memory"],
    trigger=trig("python3", 28600, gfp="0x0()", order=0, oom_score_adj=0))
add("190-lkml-2020-06-5.7-next-five-level-mail-quoted-reaper-of-earlier-victim-then-xorg-pagefault-header.log",
    LORE + "lkml/20200601093142.GE1161@dhcp22.suse.cz/", ["incomplete"], "global (pagefault_out_of_memory)",
    constraints=["global"], trigger=trig("Xorg", 2978, gfp="0x0()", order=0, oom_score_adj=0))
add("191-nfs-ganesha-826-rhel8-4.18-rhsmcertd-worke-header-global-stack-code-line.log",
    GH + "nfs-ganesha/nfs-ganesha/issues/826", ["incomplete"], HOA, constraints=["global"],
    trigger=trig("rhsmcertd-worke", 726025, gfp="0x6280ca(GFP_HIGHUSER_MOVABLE|__GFP_ZERO)", order=0, oom_score_adj=0))
add("192-amazon-eks-ami-419-fcos-5.4-memcg-v2-podruntime-kubelet-kill-reaper-audit-then-exe-nofs-header.log",
    GH + "awslabs/amazon-eks-ami/pull/419", ["kill", "incomplete"],
    "memcg (CONSTRAINT_MEMCG; second event: stack through mem_cgroup_out_of_memory)",
    [kill(989, "kubelet", 856872, 49600, 0, 0, 0, 464, -999, reaper=[0, 0, 0])],
    memcg="/podruntime.slice", task_memcg="/podruntime.slice/kubelet.service", constraints=["memcg", "memcg"],
    trigger=trig("exe", 2052, gfp="0xc40(GFP_NOFS)", order=0, oom_score_adj=-999, note="header of the NEXT OOM event"))
add("193-crdroid-809-android-logcat-lmkd-kill-wifihal-line-userspace-negative.log",
    GH + "crdroidandroid/issue_tracker/issues/809", [], "n/a (no kernel OOM report: Android lmkd's logcat line)")
add("194-linux-stable-2019-09-5.2-kmem-limited-memcg-pagefault-global-oom-kills-xorg-7g-free-perf-lines.log",
    LORE + "stable/38bf326e-fc0a-31b7-5c90-7f3b6c4f740d@gmail.com/", ["kill"],
    "global (global_oom; pagefault_out_of_memory after a memcg kmem charge failed)",
    [kill(2782, "Xorg", 188912, 24884, 11664, 1464, adj=0, adj_source="task table row", reaper=[0, 0, 1468])], task_memcg="/",
    table_rows=[[2782, "Xorg", 0], [20281, "stat", 0]], checks=["trigger_not_victim"], not_checks=["swap_exhausted"],
    summary_not=["ran out of memory"],
    trigger=trig("stat", 20281, gfp="0x0()", order=0, oom_score_adj=0))
# 195+: blind set 5a
# Helper blind5a: real public reports found by the search tool (GitHub issues and pull requests), truth
# written by hand from the text before oomlens ran on them. Host names replaced; no user names occur.
add("195-py-autovod-7-dmesgT-2025-wrapped-rows-backticks-comma-grouped-kill-sizes.log", GH + "0jc1/py-autovod/issues/7",
    ["kill"], "global (global_oom)",
    # total-vm and anon-rss were posted with digit-group commas (`26,184,840kB`, `153,700,88kB`): every digit
    # is there, only the grouping is odd (15370088 kB is the victim row's 3842522 pages), so the values are read.
    # (Oracle fixed after scoring: it first said null, the helper's mistake, not oomlens's.)
    [kill(7899, "python", 26184840, 15370088, 0, 0, 0, 38964, 0)],
    task_memcg="/init.scope", wall_prefix="2025-03-30T08:24:00",
    table_rows=[[7899, "python", 0], [11794, "init", 0]])
add("196-triton-4154-azure-5.4-memcg-v1-kubepods-burstable-table-tritonserver-kill.log",
    GH + "triton-inference-server/server/issues/4154", ["kill"], "memcg (CONSTRAINT_MEMCG)",
    [kill(59249, "tritonserver", 38974820, 98544, 319140, 6144, adj=999, adj_source="task table row")],
    memcg="/kubepods/burstable/podcb040dc7-7546-49e2-ae77-320dc45ed2ce",
    task_memcg="/kubepods/burstable/podcb040dc7-7546-49e2-ae77-320dc45ed2ce/"
               "a82e417e149bceb2f24a3c73f90fd97b033185a234846eff07c07c4e32ca59a0",
    table_rows=[[7857, "pause", -998], [59241, "mpirun", 999], [59249, "tritonserver", 999]],
    not_checks=["victim_anon_vs_ram", "swap_absent"])
add("197-aws-efs-csi-1218-6.x-seven-memcg-kills-adj-minus-997-no-header.log",
    GH + "kubernetes-sigs/aws-efs-csi-driver/issues/1218", None, "memcg (Memory cgroup out of memory prefix)",
    [kill(140339, "python3", 120832, 15596, 8924, 0, 0, 276, -997),
     kill(141313, "mount", 22008, 164, 1012, 0, 0, 80, -997),
     kill(141314, "mount", 22008, 168, 940, 0, 0, 80, -997),
     kill(141315, "mount", 22008, 164, 1052, 0, 0, 88, -997),
     kill(141316, "mount", 22008, 168, 940, 0, 0, 84, -997),
     kill(141317, "mount", 22008, 168, 964, 0, 0, 84, -997),
     kill(141320, "python3", 153376, 24100, 9088, 0, 0, 332, -997)], text_not=K8S)
SYNTARA_POD = ("/user.slice/user-1000.slice/user@1000.service/user.slice/libpod-11017d9ed95ddc35b24735fce395331554737a06"
               "76defb9930e07b0ee6d802e5.scope/container/kubelet.slice/kubelet-kubepods.slice/kubelet-kubepods-burstable"
               ".slice/kubelet-kubepods-burstable-pod17d1d0b1_bbeb_4252_a45c_c9f426d1cb34.slice")
add("198-syntara-330-dmesgT-2026-6.x-rss-anon-table-kind-in-rootless-podman-memcg-kill-line-cut.log",
    GH + "syntara-orchestration/syntara/pull/330", ["kill"], "memcg (CONSTRAINT_MEMCG)",
    # the kill line is cut after `total-`: every size of it unknown; adj from the victim's row; uid from the
    # `oom-kill:` summary of the same pid (`task=uvicorn,pid=32550,uid=525287`; blind set 16a, corpus 489)
    [kill(32550, "uvicorn", None, None, None, uid=525287, adj=992, adj_source="task table row")],
    memcg=SYNTARA_POD,
    task_memcg=SYNTARA_POD + "/cri-containerd-799855c3e9e23ea07677c581b96f444dffb0932d7a907973bb08a8391803c559.scope",
    table_rows=[[32415, "pause", 0], [32550, "uvicorn", 992]], wall_prefix="2026-08-21T22:26:52",
    summary_not=["its container"])  # the limit hit is the pod's (kind's kubelet slices), not the podman node's
add("199-easydiffusion-759-arch-6.1-journalctl-newest-first-no-host-kill-oom-kill-row.log",
    GH + "easydiffusion/easydiffusion/issues/759", ["kill"], "global (global_oom)",
    [kill(569725, "uvicorn", 44099472, 19645212, 200140, 16384, 1000, 41196, 0)],
    task_memcg="/user.slice/user-1000.slice/session-1.scope", table_rows=[[569725, "uvicorn", 0]], year_guessed=True)
add("200-rust-analyzer-18734-nixos-6.12-journal-systemd-lines-uid-cpu-line-tainted-header-grep-separator.log",
    GH + "rust-lang/rust-analyzer/issues/18734", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_noprof)", constraints=["global"], year_guessed=True,
    trigger=trig("rustc", 102429, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0))
add("201-lede-11831-openwrt-6.6-logread-garbled-stack-gfp-atomic-page-allocation-failure-negative.log",
    GH + "coolsnowwolf/lede/issues/11831", [], "n/a (no OOM report: page allocation failure)")
add("202-photon-1535-vmware-log-guest-prefix-4.19-memcg-sacrifice-child-kill-reaper-next-header.log",
    GH + "vmware/photon/issues/1535", ["kill", "incomplete"],
    "memcg (Memory cgroup out of memory prefix; second event: header, cpuset and CPU lines only)",
    [kill(2625, "node", 22355612, 517580, 34160, 0, adj=999, adj_source="task table row", selected_score=1905,
          reaper=[0, 0, 0])],
    constraints=["memcg", None], table_rows=[[2623, "sh", 999], [2625, "node", 999]], text_not=K8S,
    trigger=trig("node", 19388, gfp="0x6000c0(GFP_KERNEL)", order=0, oom_score_adj=999,
                 note="header of the NEXT OOM event"))
add("203-reportportal-k8s-203-5.4-prose-backticked-pidless-phrase-memcg-kill-reaper-then-next-header.log",
    GH + "reportportal/kubernetes/issues/203", ["kill", "incomplete"],
    "memcg (Memory cgroup out of memory prefix; second event: stack through mem_cgroup_out_of_memory)",
    [kill(63214, "uwsgi", 3149468, 164992, 52176, 92, 0, 1372, 986, reaper=[0, 0, 92])],
    constraints=["memcg", "memcg"], text_not=K8S,
    trigger=trig("uwsgi", 63635, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=986,
                 note="header of the NEXT OOM event"))
add("204-docker-for-linux-1001-ubuntu-syslog-global-kill-then-systemd-lines-inside-kernel-prefix.log",
    GH + "docker/for-linux/issues/1001", ["kill"], "global (Out of memory: prefix)",
    [kill(401, "systemd-journal", 32724, 1112, 8888, 4)], year_guessed=True)
add("205-docker-for-linux-1001-ubuntu-syslog-four-kills-reapers-paren-comm-resolved.log",
    GH + "docker/for-linux/issues/1001", None, "global (Out of memory: prefix)",
    [kill(15784, "python3", 11964, 4288, 3028, 0, reaper=[0, 0, 0]),
     kill(15925, "(resolved)", 168424, 4064, 3584, 0, reaper=[0, 0, 0]),
     kill(15783, "python3", 11964, 4288, 3028, 0, reaper=[0, 0, 0]),
     kill(15934, "(resolved)", 168424, 4064, 3584, 0, reaper=[0, 0, 0])], year_guessed=True)
add("206-aquarium-695-dmesgT-grep-command-line-three-days-uvicorn-kills-116g-vm.log",
    GH + "aquarist-labs/aquarium/issues/695", ["kill", "kill", "kill"], "global (Out of memory: prefix)",
    [kill(1483, "uvicorn", 116345136, 3558264, 0, 0, 0, 50724, 0),
     kill(3455, "uvicorn", 116419464, 3559396, 0, 0, 0, 50768, 0),
     kill(2485, "uvicorn", 115749896, 3557108, 0, 0, 0, 50460, 0)], wall_prefix="2021-10-05T16:38:47")
# 207+: blind set 5b
# Helper blind5b: real public reports found by the search tool (GitHub issues; mails in the public LKML and
# stable archives cited by their lore.kernel.org address), truth written by hand from the text and the
# kernel's format before oomlens ran on them. Excerpts as the index showed them (cut where it cut); host
# names replaced (host02-host04). Causes: hugetlb pages in use with swap full, 32-bit 2.6.32, a nodemask
# covering every node, cpuset constraints (a movable-only node, a useless kill on another node), memcg v1
# on Kubernetes without a path, an unkillable trigger after a kill, two slab-allocation negatives.
add("207-fstack-24-3.10-two-node-hugepages-all-used-swap-full-meminfo-tail-table-cut.log",
    GH + "F-Stack/f-stack/issues/24", ["incomplete"],
    # Oracle fixed after scoring: a machine-wide Mem-Info (show_mem) is printed only for a page-allocator OOM,
    # never a memcg one, so the event is `global` in this project's sense (machine, cpuset or mempolicy).
    "global (machine-wide Mem-Info tail: not a memcg OOM; no header, no oom-kill line)", constraints=["global"],
    table_rows=[[1137, "systemd-journal", 0], [1170, "systemd-udevd", -1000], [1564, "dbus-daemon", -900]],
    # Free swap 0kB of 4194300kB; 2 x 1024 huge pages of 2 MiB, none free (4 GiB of 63.8 GiB RAM in hugetlb).
    checks=["swap_exhausted"], not_checks=["swap_absent"])
add("208-clickhouse-backup-543-rhel7-3.10-syslog-header-stack-cut-at-bare-prefix.log",
    GH + "Altinity/clickhouse-backup/issues/543", ["incomplete"], HOA, constraints=["global"], year_guessed=True,
    trigger=trig("clickhouse-back", 399012, gfp="0x201da", order=0, oom_score_adj=0))
add("209-modsecurity-550-rhel6-i686-2.6.32-no-prefix-nginx-oom-adj-header-per-cpu-meminfo.log",
    GH + "owasp-modsecurity/ModSecurity/issues/550", ["incomplete"], HOA, constraints=["global"],
    trigger=trig("nginx", 1535, gfp="0x280da", order=0, oom_score_adj=0, note="pid from the 2.6.32 `Pid: N, comm:` line"))
# nodemask=0-1 in the header equals mems_allowed=0-1 (every node of the machine): constrained_alloc() gives
# CONSTRAINT_NONE, and the stack goes through __alloc_pages_slowpath. The index's two excerpts of the comment
# are joined: the rest of the stack, Mem-Info and the table header are not in them.
add("210-modsecurity-nginx-36-debian-4.9-nodemask-all-nodes-header-then-headerless-table-rows-swapents.log",
    GH + "owasp-modsecurity/ModSecurity-nginx/issues/36", ["incomplete"],
    "global (nodemask=0-1 covers every node; stack: out_of_memory called by __alloc_pages_slowpath)",
    constraints=["global"], summary_not=["memory policy"], text_has=["of it pid 13918 alone"],
    table_rows=[[13918, "nginx", 0], [15419, "sshd", -1000]],
    trigger=trig("nginx", 13918, gfp="0x24280ca(GFP_HIGHUSER_MOVABLE|__GFP_ZERO)", order=0, oom_score_adj=0))
add("211-systemd-41372-yocto-6.18-console-kill-dbus-adj-900-systemd-unit-lines-then-udevd-adj-1000-header.log",
    GH + "systemd/systemd/issues/41372", ["kill", "incomplete"],
    "global (Out of memory: prefix; second event: stack through __alloc_pages_slowpath)",
    [kill(235, "dbus-daemon", 9540, 384, 472, 0, 999, 56, -900)], constraints=["global", "global"],
    checks=["trigger_protected"],
    trigger=trig("systemd-udevd", 171, gfp="0x440dc0(GFP_KERNEL_ACCOUNT|__GFP_ZERO|__GFP_COMP)", order=0,
                 oom_score_adj=-1000, note="header of the NEXT OOM event"))
add("212-k8s-83044-rhel7-3.10-syslog-memcg-v1-stats-cut-table-runc-init-sacrifice-child-dockerd-line.log",
    GH + "kubernetes/kubernetes/issues/83044", ["kill"], "memcg (Memory cgroup out of memory prefix)",
    [kill(1249, "runc:[2:INIT]", 19908, 2716, 532, 0, adj=978, adj_source="task table row", selected_score=978)],
    table_rows=[[6433, "pause", -998], [1092, "sh", 978], [1249, "runc:[2:INIT]", 978]], year_guessed=True,
    text_not=K8S)
add("213-openzfs-14686-aws-5.4-sudo-header-first-bracket-cut-tainted-p-oe-filemap-fault.log",
    GH + "openzfs/zfs/issues/14686", ["incomplete"], HOA, constraints=["global"],
    trigger=trig("sudo", 16473, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0))
# A cpuset bound to a movable-only node (130 GB free there): GFP_HIGHUSER cannot be served, so the OOM killer
# ran with CONSTRAINT_CPUSET and killed containerd, which was not the allocating task. The reaper lines are of
# other victims whose kill lines the mail leaves out: none is containerd's.
add("214-linux-stable-2025-5.8-cpuset-movable-node-runc-init-kill-containerd-indented-reapers-of-other-pids.log",
    LORE + "stable/20250826111001.920154411@linuxfoundation.org/", ["kill"], "cpuset (CONSTRAINT_CPUSET)",
    [kill(4100, "containerd", 4077036, 51184, 26016, 0, 0, 676, 0)], task_memcg="/system.slice/containerd.service",
    chosen=[4100, "containerd"], checks=["trigger_not_victim", "movable_only_nodes"], summary_not=["ran out"],
    text_not=K8S,
    trigger=trig("runc:[2:INIT]", 8291, gfp="0x500cc2(GFP_HIGHUSER|__GFP_ACCOUNT)", order=0, oom_score_adj=0))
add("215-lkml-2023-04-cpuset-oom-flowed-mail-wrapped-oom-kill-and-kill-mixed-prefixes.log",
    LORE + "lkml/e444e0ca-a2ff-37f2-1f1a-032b9fd63235@bytedance.com/", ["kill"], "cpuset (CONSTRAINT_CPUSET)",
    [kill(1968, "memkiller", 2099436, 1971712, 1024, 0, 0, 3904, 0)],
    task_memcg="/user.slice/user-0.slice/session-4.scope", chosen=[1968, "memkiller"], year_guessed=True,
    summary_not=["the machine ran out"])
# Two shortened examples of a patch mail: headers without gfp/order, oom-kill lines cut after mems_allowed,
# kill lines without sizes (null). Before the patch the victim (mem_on_node1) is not the allocating task.
add("216-lkml-2023-04-cpuset-oom-patch-shortened-before-after-examples-kill-lines-without-sizes.log",
    LORE + "lkml/20230410025056.22103-1-ligang.bdlg@bytedance.com/", ["kill", "kill"], "cpuset (CONSTRAINT_CPUSET)",
    [kill(13432, "mem_on_node1", None, None, None, adj=0, adj_source="task table row"),
     kill(2614, "mem_on_node0", None, None, None, adj=0, adj_source="task table row")],
    table_rows=[[13432, "mem_on_node1", 0], [13457, "mem_on_node0", 0], [2614, "mem_on_node0", 0]],
    summary_not=["the machine ran out"], trigger=trig("mem_on_node0", None, note="headers cut after `invoked oom-killer`"))
add("217-lkrg-172-5.x-slub-gfp-atomic-order7-cache-exhausted-lkrg-lines-negative.log", GH + "lkrg-org/lkrg/issues/172",
    [], "n/a (no OOM report: SLUB allocation failures)")
add("218-moby-35545-slub-gfp-0x20-memcg-kmalloc-1024-caches-unregister-netdevice-negative.log",
    GH + "moby/moby/issues/35545", [], "n/a (no OOM report: SLUB allocation failures)")
# 231+: blind set 6b (h-blind6b)
# Helper blind6b: real public reports found by the search tool (linux-mm/LKML mails cited by their
# lore.kernel.org address, GitHub issues), truth written by hand from the text and the kernel's format before
# oomlens ran on them. Kept as the index showed them (a line the index cut mid-way left out); host names
# replaced (host01, host02). Causes: SysRq-forced OOM (2.6.26, 4.2 order=-1), lowmem exhaustion on a PAE kernel
# (and a 32-bit report that is NOT lowmem: HighMem and swap full), tmpfs writes, memcg no-killable, the
# 5.0-rc1 memcg selection, a kswapd-invoked OOM; odd pastes: `> `/`>> ` quoting with syslog lines joined by the
# mail client, `/proc/kmsg` `<4>` priorities, Keenetic `[W]` level letters, printk caller ids, `(...snipped...)`.
# Two negatives: an i386 page allocation failure and Android's in-kernel lowmemorykiller.
# 2.6.26: the second `SysRq : Manual OOM execution` prints nothing more (a victim was still exiting): no report.
# The third report's selection line is wrapped by the mail (`kill process 3500 (x-session-manag)` / `score …`);
# its child 3568 is the one killed. Free swap 0 of 5947384 kB in the second report.
add("231-linux-mm-2010-2.6.26-sysrq-manual-oom-or-a-child-no-sizes-then-hald-swap-full-mail-wrapped.log",
    LORE + "linux-mm/AANLkTikq=v_7dbW1Z+LUbTKmnezKT0cd8ZTErwP1X0C+@mail.gmail.com/", ["kill", "kill", "kill"],
    "global (no memcg; first report forced by SysRq, stack through moom_callback)",
    [kill(2842, "a.out", None, None, None, selected_score=494723),
     kill(3956, "a.out", None, None, None, selected_score=1888511),
     kill(3568, "seahorse-agent", None, None, None)],
    selected_only=[[3500, "x-session-manag", 410763]],
    trigger=trig("events/0", 9, gfp="0xd0", order=0, note="pid from the 2.6.26 `Pid: N, comm:` line"),
    checks=["sysrq", "swap_exhausted"], not_checks=["swap_absent"],
    # h-causes: 2.6.26 prints order=0 for SysRq-f; `N pages of RAM` (x 4 kB buddy pages) gives the RAM.
    text_not=["order=-1"], text_has=["order=0"])
# 4.2-rc8: one real OOM (4802 killed), a second by a kworker (4803 killed), then SysRq-f four times (order=-1)
# re-killing the same 4803 that has not exited; the report of 128.05 is cut by the poster's `(...snipped...)`
# before its outcome. `Kill process N (…) sharing same memory` lines are not selections.
# h-repeat: 4803 killed four times in 122 s (75.3 to 196.9) is victim_killed_again on its 2nd-4th kills: it did not exit.
add("232-linux-mm-2015-4.2-sysrq-f-order-minus1-snipped-sharing-same-memory-same-victim-repeated.log",
    LORE + "linux-mm/201508292014.ICI39552.tQJOFFOVMSOFHL@I-love.SAKURA.ne.jp/",
    ["kill", "kill", "kill", "kill", "incomplete", "kill"], "global (no memcg; later reports forced by SysRq)",
    [kill(4802, "fool-sysrq-f", 2170956, 1562884, 0, selected_score=874)] +
    [kill(4803, "fool-sysrq-f", 2170956, 1563232, 0, selected_score=874) for _ in range(4)],
    table_rows=[[5801, "fool-sysrq-f", 0], [5802, "fool-sysrq-f", 0], [5803, "fool-sysrq-f", 0]],
    trigger=trig("fool-sysrq-f", 5803, gfp="0x280da", order=0, oom_score_adj=0), checks=["sysrq", "victim_killed_again"])
add("233-debos-216-5.6-tmpfs-scratch-shmem-write-cat-header-only.log", GH + "go-debos/debos/issues/216",
    ["incomplete"], "global (stack: out_of_memory called by __alloc_pages_slowpath, a tmpfs write)",
    constraints=["global"],
    trigger=trig("cat", 6165, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0))
# 4.9 prints the cpuset's mems as the nodemask (nodemask=0 on a one-node SoC): every node, no mempolicy.
add("234-yi-hack-allwinner-232-arm-4.9-proc-kmsg-quoted-priority-prefix-nodemask-0-header-one-row.log",
    GH + "roleoroleo/yi-hack-Allwinner/issues/232", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_nodemask; nodemask=0 is the only node)",
    constraints=["global"], summary_not=["memory policy"], table_rows=[[1589, "sleep", 0]],
    trigger=trig("adec_send_aacst", 1212, gfp="0x24201ca(GFP_HIGHUSER_MOVABLE|__GFP_COLD)", order=0,
                 oom_score_adj=0))
# 2.6.31-rc2 PAE, 4 GiB: a GFP_KERNEL (lowmem-only) allocation with HighMem 2236464 kB free and swap nearly
# unused; the Normal zone's buddy list holds 3636 kB and slab holds 206505 pages (806 MiB, all lowmem). The
# Normal zone line itself is lost in the mail's wrapping. The kill lines after `and continued to:` are later
# reports whose other lines the poster left out; several are wrapped inside a `Killed process` line.
# The header prints 2.6.31's oom_adj=0, not oom_score_adj (as 111). Lowmem exhaustion is likely but not
# decidable from the text: without the Normal zone line its min watermark (and free figure as show_free_areas()
# prints it) is unknown, and the lowmem_exhausted check states both; so no check is required or forbidden for it.
add("mangler-pending/235-linux-mm-2009-2.6.31-pae-lowmem-slab-double-quoted-syslog-joined-mysqld-then-23-bare-kills.log",
    LORE + "linux-mm/200907071057.31152.gene.heskett@verizon.net/", None,
    "global (stack: out_of_memory called by __alloc_pages_nodemask)",
    [kill(2385, "mysqld", None, None, None, selected_score=15451)] +
    [kill(p, c, None, None, None) for p, c in [
        (30192, "spamd"), (2506, "httpd"), (2507, "httpd"), (2508, "httpd"), (2510, "httpd"), (2511, "httpd"),
        (948, "spamd"), (963, "httpd"), (964, "httpd"), (965, "httpd"), (2512, "httpd"), (2513, "httpd"),
        (2514, "httpd"), (1995, "krunner_lock"), (3391, "kwin"), (3396, "plasma"), (6931, "kmail"),
        (16309, "spamd"), (3421, "krunner"), (3357, "klauncher"), (3526, "kcalc"), (3068, "X"),
        (3389, "ksmserver")]],
    trigger=trig("X", 3068, gfp="0xd0", order=0, note="2.6.31 prints oom_adj=0, not oom_score_adj"),
    year_guessed=True, not_checks=["swap_exhausted", "swap_absent"])
add("236-lkml-2006-i386-2.6.18-swapper-page-allocation-failure-lowmem-negative.log",
    LORE + "lkml/20061106114453.GL19180@charite.de/", [], "n/a (no OOM report: page allocation failure)")
# 2.6.24 i386, 2 GiB: HighMem free 452 kB below its min 512 kB, Normal's 40136 kB below min + the 36572 kB it
# keeps from HighMem allocations, swap full (0 of 899064 kB): RAM and swap ran out, not lowmem alone.
add("237-linux-mm-2008-i386-2.6.24-highmem-exhausted-swap-full-quoted-syslog-apache2-kill.log",
    LORE + "linux-mm/47E223E9.6000908@gmail.com/", ["kill"], HOA,
    [kill(5928, "apache2", None, None, None, selected_score=40674)],
    trigger=trig("smbd", 2757, gfp="0x1201d2", order=0), year_guessed=True,
    checks=["swap_exhausted"], not_checks=["lowmem_exhausted", "swap_absent"],
    # h-causes: `524272 pages of RAM` (2.6.24 show_mem()) x the buddy lists' 4 kB pages.
    text_has=["2.0 GiB RAM"])
add("238-linux-mm-2014-android-3.10-lowmemorykiller-ubifs-assert-negative.log",
    LORE + "linux-mm/1413810719.7906.268.camel@sauron.fi.intel.com/", [],
    "n/a (no OOM-killer report: Android's lowmemorykiller and UBIFS asserts)")
add("239-adguardvpncli-68-keenetic-mips-4.9-level-letter-prefix-meminfo-tail-table-rows.log",
    GH + "AdguardTeam/AdGuardVPNCLI/issues/68", ["incomplete"],
    "global (machine-wide Mem-Info tail: not a memcg OOM; no header, no kill line)", constraints=["global"],
    table_rows=[[201, "ndm", -999], [405, "bndstrg", -750], [409, "mtkiappd", -750], [410, "wind", -750]],
    year_guessed=True, not_checks=["swap_exhausted", "swap_absent"],)
# The memcg block belongs to a report whose header the poster elided (`:`); its table ends with the
# no-killable line. The header after it opens the NEXT report, cut after its cpuset line.
add("240-lkml-2021-memcg-no-killable-quoted-elided-then-next-header-crio.log",
    LORE + "lkml/YL51Tp/3jVHUrpuj@dhcp22.suse.cz/", ["no_killable", "incomplete"],
    "memcg (memory: usage/limit line; the next header is cut after its cpuset line)",
    constraints=["memcg", None], no_killable=True, limit_kb=204800,
    table_rows=[[1611298, "conmon", -1000], [1702509, "conmon", -1000], [1703345, "node", 999]],
    trigger=trig("node", None, gfp="0x6000c0(GFP_KERNEL)", order=0, oom_score_adj=999,
                 note="header of the NEXT OOM event"), checks=["no_killable_task"])
# linux-next 5.0-rc1: the summary says CONSTRAINT_NONE but names oom_memcg=/test1 and the selection is
# `Memory cgroup out of memory`: a memcg OOM. No `Killed process` line follows; the reaper line is of another
# pid (9750). The printk caller ids tell the snipped reports apart: T9771's header and T9924's no-killable line
# are two reports, each cut by `(...snipped...)`.
add("mangler-pending/241-linux-mm-2019-5.0-printk-caller-memcg-sacrifice-child-reaper-other-pid-interleaved-no-killable-snipped.log",
    LORE + "linux-mm/fbdfdfeb-5664-ddf3-4d65-c64f9851ac26@i-love.sakura.ne.jp/",
    ["selected_no_kill", "no_killable", "incomplete", "no_killable", "no_killable"],
    "memcg (Memory cgroup out of memory prefix, oom_memcg=/test1; the later reports cannot tell)",
    constraints=["memcg", None, None, None, None], memcg="/test1", task_memcg="/test1", chosen=[9692, "a.out"],
    selected_only=[[9692, "a.out", 904]], no_killable=True,
    trigger=trig("a.out", 9694, gfp="0x6200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    checks=["no_killable_task"])
# A vendor kernel's kswapd calls out_of_memory from balance_pgdat; show_mem's machine-wide Mem-Info follows.
add("242-adguardhome-5095-openwrt-arm64-5.15-logread-kswapd0-balance-pgdat-header.log",
    GH + "AdguardTeam/AdGuardHome/issues/5095", ["incomplete"],
    "global (stack: out_of_memory called by balance_pgdat in kswapd; machine-wide Mem-Info)",
    constraints=["global"], trigger=trig("kswapd0", 100, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0),)
# 219+: blind set 6a (h-blind6a)
# Helper blind6a: real public reports found by the search tool (GitHub issues), truth written by hand from the
# text and the kernel's format before oomlens ran on them. Excerpts as the index showed them (cut where it cut,
# two excerpts of one comment joined where said); host names replaced (host01-host06), a user name (user01).
# Themes: containers (k3d/kind nested in docker, GKE, CoreOS kubepods v1), training jobs (ComfyUI, ktransformers,
# a Slurm PyTorch job), odd prefixes (dmesg -H relative stamps, a zh_CN `dmesg -T`, JSON textPayload, bare
# HH:MM:SS), 6.8+ rss_anon tables, and three negatives (page allocation failure, Slurm-only, memory.high).
add("219-k3d-1250-centos9-journalctl-global-oom-kill-tail-adj-1000-kubepods-in-docker-scope-systemd-kills-cut.log",
    GH + "k3d-io/k3d/issues/1250", ["kill"], "global (global_oom, although the victim sits in a kubepods cgroup)",
    [kill(20227, "tail", 799520, 797192, 0, 0, 0, 1600, 1000)],
    task_memcg="/system.slice/docker-fc22a244e4e9a1704d1b2e9d1a5bdf3e2f66c0de47ce462a109fb474ec7da0aa.scope/kubepods/"
               "besteffort/podd8dcbcc6-5695-4b90-823b-ac11f60809ec/"
               "d1d9d0f61ec5d843e253fabee7c19ccd6623b752a2a7cb2de8deda6e7bc067d0",
    chosen=[20227, "tail"], year_guessed=True, checks=["victim_oom_score_adj"])
# `dmesg -H` (relative stamps `[  +0.000002]`): one oom-kill line, the index cut it inside task_memcg; the
# oom_memcg path before it is whole.
add("220-kind-3169-dmesg-H-relative-stamp-memcg-oom-kill-line-cut-in-task-memcg.log",
    GH + "kubernetes-sigs/kind/issues/3169", ["incomplete"], "memcg (CONSTRAINT_MEMCG)",
    memcg="/system.slice/docker-b2b75b11f95220f9267e53d48df2d654d585405c36b4c752302ab39da59d74e6.scope/kubelet.slice/"
          "kubelet-kubepods.slice/kubelet-kubepods-burstable.slice/"
          "kubelet-kubepods-burstable-pod68e0cbcc_0cf8_48fc_9a5c_bbb45350dd13.slice")
# Two excerpts of one 6.8+ task table (pid uid tgid total_vm rss rss_anon rss_file rss_shmem pgtables_bytes
# swapents oom_score_adj name) without its header; each ends in a row cut after a few columns.
add("221-comfyui-5177-6.8-rss-anon-table-rows-two-excerpts-no-header-cut-rows.log", GH + "Comfy-Org/ComfyUI/issues/5177",
    ["incomplete"], "not determinable (task-table rows only)", constraints=[None],
    table_rows=[[559, "systemd-udevd", -1000], [851, "systemd-oomd", -900], [21978, "yandex_browser", 300],
                [24455, "gvfs-udisks2-vo", 200]],
    not_checks=["largest_tasks_by_comm"])
# `dmesg -T` in a Chinese locale: `[四 3月 20 21:01:25 2025]` (Thursday, March), the year printed.
add("222-ktransformers-637-dmesgT-zh-locale-weekday-month-table-rows-cut.log", GH + "kvcache-ai/ktransformers/issues/637",
    ["incomplete"], "not determinable (task-table rows only)", constraints=[None],
    table_rows=[[2715, "dde-dconfig-dae", -900], [7960, "(sd-pam)", 0], [86682, "containerd", -999]],
    wall_prefix="2025-03-20T21:01:25", not_checks=["largest_tasks_by_comm"])
add("223-rtx-1680-aws-5.4-dmesgT-2021-python3-memcg-try-charge-header-stack-cut.log", GH + "RTXteam/RTX/issues/1680",
    ["incomplete"], "memcg (stack through mem_cgroup_out_of_memory / try_charge)", constraints=["memcg"],
    trigger=trig("python3", 1975, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0), wall_prefix="2021-09-29T07:12:20")
# Cloud Logging JSON of a GKE node's serial console: each kernel line is a textPayload string ending in an
# escaped `\\r\\n`; two headers (no CPU line, no stack), the second of a comm with slashes.
add("224-2i2c-2359-gke-serial-console-json-textpayload-escaped-crlf-two-headers-adj-991.log",
    GH + "2i2c-org/infrastructure/issues/2359", ["incomplete", "incomplete"], "not determinable (headers only)",
    constraints=[None, None], trigger=trig("node", None, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=991))
add("225-spdk-1252-fedora-5.4-dmesgT-kworker-order4-page-allocation-failure-nvme-negative.log",
    GH + "spdk/spdk/issues/1252", [], "n/a (no OOM report: page allocation failure)")
# Slurm's own lines (slurmstepd counts an oom-kill event in the step's cgroup) and the shell's `Killed`:
# no kernel line at all.
add("226-arjuna-52-slurm-pytorch-training-slurmstepd-oom-kill-event-shell-killed-no-kernel-lines-negative.log",
    GH + "ArjunaCluster/ArjunaUsers/issues/52", [], "n/a (no kernel report: slurmstepd's oom-kill count only)")
# The poster shortened the report: stamps are bare HH:MM:SS, the header ends at `invoked oom-killer`, the kill
# line stops after anon-rss and its sizes are wrapped onto an indented line.
add("227-containarium-1349-time-only-stamps-header-cut-kill-line-wrapped-indented-sizes-shortened.log",
    GH + "FootprintAI/Containarium/issues/1349", ["kill"], "global (Out of memory: prefix)",
    [kill(231848, "containarium", 2753240, 565600, None)],
    trigger=trig("sshpiperd", None, note="header cut after `invoked oom-killer`"))
add("228-containarium-1454-memory-high-throttled-events-no-oom-kill-negative.log",
    GH + "FootprintAI/Containarium/issues/1454", [], "n/a (no OOM report: memory.high throttling, no kill)")
# Two excerpts of one comment joined: the header and stack (cut inside the next line's host name), then from
# `Memory cgroup stats for` (whether that is the limit's cgroup or a child of it is cut off) through the 4.14
# table (`nr_ptes nr_pmds` columns), the selection and the kill line cut after `shmem-rss`.
add("229-coreos-2586-4.14-syslog-celery-memcg-oom-synchronize-header-then-nr-pmds-table-sacrifice-child-kill-cut.log",
    GH + "coreos/bugs/issues/2586", ["kill"], "memcg (Memory cgroup out of memory prefix)",
    [kill(11216, "celery", 519716, 223004, 5916, adj=993, adj_source="task table row", selected_score=1431)],
    trigger=trig("celery", 27714, gfp="0x14000c0(GFP_KERNEL)", order=0, oom_score_adj=993),
    table_rows=[[26113, "tini", 993], [11216, "celery", 993], [22285, "celery", 993]], year_guessed=True,
    text_has=["(or a parent cgroup: the excerpt starts after the limit's own lines)"])
# A write to memory.max below the usage: mem_cgroup_out_of_memory is called from memory_max_write, so the
# invoking task is the writer (openrc-run.sh), not an allocation inside the cgroup.
add("230-openrc-407-gentoo-5.4-memcg-oom-from-memory-max-write-openrc-run-header-stack-regs.log",
    GH + "OpenRC/openrc/issues/407", ["incomplete"], "memcg (stack: mem_cgroup_out_of_memory called by memory_max_write)",
    constraints=["memcg"], trigger=trig("openrc-run.sh", 14070, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0),
    # h-causes: the limit was lowered below the usage by the writer; no "hit its limit, raise it".
    checks=["limit_lowered"], not_checks=["trigger_not_victim"], text_not=["hit its", "Raise the", "raise the limit"],
    text_has=["a write to memory.max by openrc-run.sh (pid 14070)"])
# 243+: blind set 7a (h-blind7a)
# Helper blind7a: real public reports found by the search tool (GitHub issues), truth written by hand from the
# text and the kernel's format before oomlens ran on them. Excerpts as the index showed them (cut where it cut);
# host names replaced (host01), a user name (user01). Themes: ML training and serving (Ray/vLLM on Kubernetes,
# DeepSpeed in docker, a Jupyter container, Stable Diffusion WebUI, distributed-llama on an ARM board), containers
# (kubepods.slice pod memcg, docker cpuset, LXD, WSL2's cgroup v2 memory.stat), odd layouts (journal lines wrapped
# with indented continuations, two syslog lines joined by space padding, `#033` escaped ANSI, `...` elisions), and
# four negatives (Ray's memory monitor, raylet's kill count, kubectl's OOMKilled status, Ray's guess at a SIGKILL).
# The poster shortened each wrapped record (no UID/pgtables on the kill line): the victim's uid is null (the
# corpus reads a kill's uid from its kill line, as for 151, 180, 196); the summary's uid=0 is the chosen task's.
# The summary table before the record is the poster's own (not kernel lines).
add("243-geak-398-ray-vllm-journal-wrapped-indented-continuations-kubepods-pod-slice-memcg-kill-ray-idle-adj-1000-summary-table.log",
    GH + "AMD-AGI/GEAK/issues/398", ["kill"], "memcg (CONSTRAINT_MEMCG)",
    [kill(1703792, "ray::IDLE", 68545920, 37760, 77744, 0, None, None, 1000)],
    memcg="/kubepods.slice/kubepods-pod92ab2dc5_a66e_4d0c_b4e4_13676d33ef98.slice",
    trigger=trig("pt_nccl_heartbt", None, gfp="0x8cc0(GFP_KERNEL|__GFP_NOFAIL)", order=0, oom_score_adj=-997),
    constraints=["memcg"], chosen=[1703792, "ray::IDLE"])
# A docker container's table (cpuset = the container id, every row at -998): python 202779 holds 243385180
# pages (928 GiB) of the container's memory; the summary line is cut after `mems_allowed=0-7,o`.
add("244-llamafactory-3230-deepspeed-z3-docker-table-rows-adj-998-python-928g-rss-memcg-oom-kill-cut.log",
    GH + "hiyouga/LlamaFactory/issues/3230", ["incomplete"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    table_rows=[[199163, "docker-init", -998], [199244, "bash", -998], [199300, "jupyter-lab", -998],
                [200126, "sh", -998], [200191, "bash", -998], [201965, "python", -998], [202573, "python", -998],
                [202779, "python", -998], [202780, "python", -998], [202781, "python", -998],
                [202782, "python", -998], [206183, "sh", -998]])
# cgroup v2 memory.stat lines in bytes (`file 58085376`, `workingset_refault_anon`) are printed only by
# mem_cgroup_print_oom_meminfo: a memcg OOM, its `Memory cgroup stats for` line before the excerpt.
add("245-wsl-9669-wsl2-import-bsdtar-memcg-v2-memory-stat-bytes-table-oom-kill-cut.log",
    GH + "microsoft/WSL/issues/9669", ["incomplete"],
    "memcg (cgroup v2 memory.stat lines of mem_cgroup_print_oom_meminfo; summary cut)", constraints=["memcg"],
    table_rows=[[144, "init", 0], [153, "bsdtar", 0]])
# show_mem's `pages RAM` tail is machine-wide (global OOM); the last row is cut before its adj and name.
add("246-distributed-llama-59-arm-sbc-ubuntu-syslog-show-mem-tail-cma-table-rows-last-cut.log",
    GH + "b4rtaz/distributed-llama/issues/59", ["incomplete"],
    "global (machine-wide show_mem tail: not a memcg OOM; no header, no kill line)", constraints=["global"],
    table_rows=[[379, "systemd-journal", -250], [406, "multipathd", -1000], [420, "systemd-udevd", -1000],
                [553, "systemd-timesyn", 0], [612, "systemd-network", 0]],
    year_guessed=True)
# One header line; the reply's prose says the container has a 1 GB limit, but the line itself cannot tell.
add("247-ubcs3-2017-fall-4-jupyter-kernel-died-container-limit-journal-one-header-line-gfp-0xd0.log",
    GH + "ubcs3/2017-Fall/issues/4", ["incomplete"], "not determinable (header only)", constraints=[None],
    trigger=trig("python3", None, gfp="0xd0", order=0, oom_score_adj=0), year_guessed=True)
# Two syslog lines joined into one by space padding (the poster's backtick span); the third record is cut in
# its host name (`pop-`, left as it was).
add("248-a1111-sd-webui-2858-syslog-backtick-oom-kill-and-kill-joined-on-one-line-space-padded-python3.10.log",
    GH + "AUTOMATIC1111/stable-diffusion-webui/issues/2858", ["kill"], "global (global_oom)",
    [kill(48807, "python3.10", 32734412, 13482224, 65752, 14340, 1000, 37700, 0)],
    task_memcg="/user.slice/user-1000.slice/session-36.scope", constraints=["global"], year_guessed=True)
add("249-lxd-10401-amzn2-5.10-dmesgT-2022-mysqld-container-memcg-try-charge-filemap-fault-header-stack-cut.log",
    GH + "canonical/lxd/issues/10401", ["incomplete"], "memcg (stack through mem_cgroup_out_of_memory / try_charge)",
    constraints=["memcg"],
    trigger=trig("mysqld", 5307, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    wall_prefix="2022-05-11T22:33:38")
add("250-flingbot-11-ray-memory-monitor-outofmemoryerror-worker-killed-userspace-negative.log",
    GH + "real-stanford/flingbot/issues/11", [],
    "n/a (no kernel report: Ray's memory monitor killed the worker)")
add("251-k8s-131530-kubectl-describe-state-terminated-reason-oomkilled-exit-code-0-no-kernel-lines-negative.log",
    GH + "kubernetes/kubernetes/issues/131530", [], "n/a (no kernel report: kubectl's OOMKilled status only)")
add("252-vllm-1160-syslog-escaped-ansi-033-raylet-workers-killed-due-to-memory-pressure-wrapped-negative.log",
    GH + "vllm-project/vllm/issues/1160", [], "n/a (no kernel report: raylet's count of workers it killed)")
# Task rows only (the table header kept, the rest elided by the poster with `...`); pgtables_bytes in multiples
# of 64 KiB pages. The last row is cut before its adj and name.
add("253-ltp-1034-syslog-oom02-task-table-rows-elided-dots-7-digit-pids-64k-pgtables-last-row-cut.log",
    GH + "linux-test-project/ltp/issues/1034", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None],
    table_rows=[[1211, "systemd-udevd", -1000], [1501, "dbus-daemon", -900], [98679, "runltp", 0],
                [98867, "ltp-pan", 0], [2343580, "systemd-journal", -250], [912894, "oom02", -1000],
                [912895, "oom02", -1000], [913199, "sssd_be", 0], [913201, "polkitd", 0]],
    year_guessed=True)
add("254-verl-472-ray-worker-died-sigkill-possible-oom-killer-speculation-no-kernel-lines-negative.log",
    GH + "verl-project/verl/issues/472", [],
    "n/a (no kernel report: Ray lists the OOM killer as one possible cause)")
# 255+: blind set 7b (h-blind7b)
# Helper blind7b: real public reports found by the search tool (a vendor KB page, a blog, GitHub issues), truth
# written by hand from the text and the kernel's format before oomlens ran on them. Excerpts as the index showed
# them (a last line the index cut mid-word left out; two excerpts of one comment joined where said); host names
# replaced (host01-host03), user names (user01). Themes: old and rare kernels and arches (2.6 NUMA x86_64,
# RHEL6, armv5, armv7 6.1, arm64 6.12), pastes mangled by a web page (syslog records joined into one line), by
# markdown (a code fence glued to the first line) or by the poster (kill lines shortened and re-spaced, shell
# prompts that start with `[`), foreign /proc/meminfo lines after a header, and two negatives (a tracer's own
# lines, SLUB failures).
# A KB page flattened the syslog: four records on one line; the 2.6 kill line (no sizes) twice for one pid.
add("255-aslab-kb-38-2.6-x86_64-numa-syslog-joined-records-killed-process-twice.log",
    "https://www.aslab.com/support/kb/38.html", ["kill"],
    "not determinable (a bare 2.6 kill line; the NUMA note says only that the machine has several nodes)",
    [kill(2368, "jserver", None, None, None, printed_twice=True)], year_guessed=True,
    checks=["kill_line_repeated"], not_checks=["multi_kill"],
    text_has=["had no memory cgroups"], text_not=["whether a cgroup limit", "--limit"])
# One header line, then OSWatcher's own /proc/meminfo samples (`MemAvailable:`/`Slab:`): not the kernel's
# Mem-Info, so nothing about slab may be concluded from them. order=1 is not a costly order.
add("256-nenadnoveljic-blog-oracle-linux-header-gfp-kernel-account-order1-oswatcher-meminfo-lines.log",
    "https://nenadnoveljic.com/blog/slabinfo/", ["incomplete"], "not determinable (a header line only)",
    constraints=[None],
    trigger=trig("OSWatcher.sh", None, gfp="0x400dc0(GFP_KERNEL_ACCOUNT|__GFP_ZERO)", order=1, oom_score_adj=0),
    year_guessed=True,
    not_checks=["high_order_allocation", "slab_unreclaimable_dominant", "swap_absent", "swap_exhausted"])
add("257-bcc-1911-oomkill-tracer-output-garbled-no-kernel-lines-negative.log", GH + "iovisor/bcc/issues/1911", [],
    "n/a (no kernel report: the bcc oomkill tracer's own lines, their fields garbled)")
add("258-archlinuxarm-pkgbuilds-1308-armv5-slub-kmalloc-192-smsc95xx-negative.log",
    GH + "archlinuxarm/PKGBUILDs/issues/1308", [], "n/a (no OOM report: SLUB allocation failures in atomic context)")
add("259-squidanalyzer-69-rhel6-2.6.32-sshd-oom-adj-minus17-header-stack-cut.log", GH + "darold/squidanalyzer/issues/69",
    ["incomplete"], "global (stack: out_of_memory called by __alloc_pages_nodemask)", constraints=["global"],
    trigger=trig("sshd", 1743, gfp="0x201da", order=0, oom_score_adj=-1000), year_guessed=True)
# The markdown fence was typed on the header's line (```[  302.364929] kswapd3 invoked …); the stack is cut
# before it reaches out_of_memory.
add("260-rpi-7085-pi5-arm64-6.12-markdown-fence-glued-kswapd3-header.log", GH + "raspberrypi/linux/issues/7085",
    ["incomplete"], "not determinable (header and the start of the stack only)", constraints=[None],
    trigger=trig("kswapd3", 72, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0))
# Boot of an RPi4 with cma-512: the table tail, the kill, then the next report of `(ostnamed)` (systemd's name
# for a service's process before exec, parentheses in the comm), cut in its stack.
add("261-rpi-5297-armv7-6.1-boot-table-tail-systemd-network-kill-then-paren-comm-header.log",
    GH + "raspberrypi/linux/issues/5297", ["kill", "incomplete"],
    "global (global_oom; the next header is cut in its stack)", constraints=["global", None],
    kills=[kill(157, "systemd-network", 16348, 708, 5536, 0, 981, 56, 0)], task_memcg="/",
    chosen=[157, "systemd-network"],
    table_rows=[[279, "sshd", -1000], [289, "(resolved)", 0], [290, "systemd-udevd", 0]],
    trigger=trig("(ostnamed)", 295, gfp="0x400dc0(GFP_KERNEL_ACCOUNT|__GFP_ZERO)", order=0, oom_score_adj=0,
                 note="header of the NEXT OOM event"),
    # Issue 12: no RAM printed; the victim's row is not among the rows shown, so no share of them either.
    checks=["victim_share_unknown"], not_checks=["victim_held_little"], text_has=["so its share of RAM is unknown."])
# The poster left out the stack and Mem-Info; two excerpts of the table joined (rows 2127-130619 not shown).
# 7-digit pids and 6-digit uids shift the columns.
add("262-util-linux-3095-swapoff-header-tasks-state-two-excerpts-7-digit-pids.log", GH + "util-linux/util-linux/issues/3095",
    ["incomplete"], "not determinable (header and task table only)", constraints=[None],
    trigger=trig("swapoff", None, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    table_rows=[[1514, "udevd", -1000], [130620, "socat", 0], [2670436, "rsyslogd", 0], [3740402, "qemu-system-x86", 0],
                [4011303, "qemu-system-x86", 0]], checks=["swapoff_trigger"])
add("263-scylladb-667-rhel7-3.10-sacrifice-child-17tb-total-vm-then-next-header.log", GH + "scylladb/scylladb/issues/667",
    ["kill", "incomplete"], "global (Out of memory: prefix; the next header is cut in its stack)",
    constraints=["global", None], kills=[kill(29410, "scylla", 17180110272, 12801908, 0, selected_score=856)],
    table_rows=[[29911, "awk", 0], [30041, "watch", 0], [30355, "sleep", 0]],
    trigger=trig("rackspace-monit", 11854, gfp="0x201da", order=0, oom_score_adj=0, note="header of the NEXT OOM event"))
add("264-pandora-49-journal-single-letter-comm-r-sacrifice-child.log", GH + "genular/pandora/issues/49", ["kill"],
    "global (Out of memory: prefix)", [kill(27438, "R", 38349780, 1041924, 4, 0, selected_score=31)], year_guessed=True)
# Shell prompts `[user01@host03 ~]$ …` start with `[` like a dmesg stamp.
add("265-netdata-10875-shell-prompt-lines-memcg-kill-adj-1000.log", GH + "netdata/netdata/issues/10875", ["kill"],
    "memcg (Memory cgroup out of memory prefix)", [kill(4971, "netdata", 47820, 7560, 0, 0, 201, 100, 1000)],
    checks=["victim_oom_score_adj"])
# The poster shortened each kill line to pid, comm and anon-rss, padded them into columns, and dropped the
# fraction of the stamps; the hung-task line is earlier than the third kill but pasted after it.
add("266-cqlite-3393-poster-shortened-kill-lines-stamps-out-of-order.log", GH + "pmcfadin/cqlite/issues/3393",
    ["kill", "kill", "kill"], "global (Out of memory: prefix)",
    [kill(124094, "python3", None, 30531612, None), kill(1284427, "python3", None, 27181884, None),
     kill(1584490, "grep", None, 27968684, None)])
# 267+: blind set 8a (h-b8a)
# Helper blind8a: real public reports found by the search tool (GitHub issues and pull requests), truth written by hand
# from the text and the kernel's format before oomlens ran on them. Excerpts as the index showed them (a last line the
# index cut mid-word left out); host names replaced (host01). Themes: kernels 6.1-6.19 (6.x `CPU: N UID: U PID: P`
# lines, `rss_anon rss_file rss_shmem` table columns, `Memory cgroup out of memory: Killed process`), ML inference and
# training (llama-server on an AMD APU, PyTorch), containers (an LXC container on Proxmox, a GKE pod's init container),
# arm64 (RPi4 `Call trace:` with dump_backtrace), odd layouts (`dmesg -H` relative stamps, RFC 3339 syslog stamps,
# lowercase locale months with blank lines between records, a record the poster wrapped and shortened), and three
# negatives (Android lowmemorykiller on aarch64, PyTorch's CUDA out of memory, systemd's unit lines only).
# The kill's anon-rss is 976 kB: llama-server's memory was elsewhere (GPU/GTT on the APU); the reaper figures follow.
add("267-rocm-5844-cachyos-6.19-llama-server-global-kill-adj-200-wezterm-service-memcg-reaper-amdgpu-lines.log",
    GH + "ROCm/ROCm/issues/5844", ["kill"], "global (global_oom)",
    [kill(82743, "llama-server", 11548116, 976, 24704, 0, 1000, 19388, 200, reaper=[848, 32, 0])],
    task_memcg="/user.slice/user-1000.slice/user@1000.service/app.slice/app-org.wezfurlong.wezterm@a00df830f0b34b928e0fe7b457432534.service",
    constraints=["global"], chosen=[82743, "llama-server"],
    # Issue 12: 25.1 MiB held, no RAM printed: not "little" nor a share of 0. The excerpt is the kill record
    # alone and oom_score_adj 200 ranked the victim (its own check): no victim_share_unknown beside the kill line.
    checks=["victim_oom_score_adj"], not_checks=["victim_held_little", "victim_share_unknown"])
# `dmesg -H`: each stamp is the delta to the line before (`[  +0.000001]`); the table's last rows (6.x columns), the
# kill, then the next report's header (gdb), cut after its first stack frame.
add("268-scylladb-31063-fedora-6.19-dmesg-H-relative-stamps-table-tail-dbus-broker-kill-then-gdb-header-cut.log",
    GH + "scylladb/scylladb/pull/31063", ["kill", "incomplete"],
    "global (global_oom; the next header is cut in its stack)", constraints=["global", None],
    kills=[kill(11684, "dbus-broker-lau", 8972, 256, 3424, 0, 1001, 60, 200)],
    task_memcg="/user.slice/user-1001.slice/user@1001.service/session.slice/dbus-broker.service",
    chosen=[11684, "dbus-broker-lau"],
    table_rows=[[2549376, "systemd-userwor", 0], [2549377, "systemd-userwor", 0], [2549423, "test_ebpf", 0],
                [2549425, "sleep", 0]],
    trigger=trig("gdb", 2549135, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0,
                 note="header of the NEXT OOM event"))
# The Proxmox host's journal grep'ed: a lone memcg kill line, then a report (header, one stack frame, the 6.x table
# header, summary, kill) of the LXC container's service cgroup, then the next header.
add("269-pulse-734-pve-lxc-journal-grep-memcg-kills-lxc-ns-path-rss-anon-columns-header-cut.log",
    GH + "rcourtman/Pulse/issues/734", ["kill", "kill", "incomplete"],
    "memcg (Memory cgroup out of memory prefix; CONSTRAINT_MEMCG)", constraints=["memcg", "memcg", None],
    kills=[kill(3777481, "pulse", 15395264, 10461592, 10236, 0, 100999, 22784, 0),
           kill(3783517, "pulse", 14204856, 10461428, 10240, 0, 100999, 23156, 0)],
    memcg="/lxc/703/ns/system.slice/pulse.service", task_memcg="/lxc/703/ns/system.slice/pulse.service",
    trigger=trig("pulse", None, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0), year_guessed=True)
# The poster shortened the record: the header's gfp_mask and order replaced by `...`, the summary and the kill line
# wrapped onto indented lines, the kill line without file-rss, UID and pgtables; the task_memcg path holds the poster's
# `*`. The `pid N (comm): adj=... score=...` lines before it are the poster's own.
add("270-bsimvis-49-poster-shortened-wrapped-journal-record-kvrocks-adj-200-elided-header.log",
    GH + "MISP/bsimvis/issues/49", ["kill"], "global (global_oom)",
    [kill(405448, "kvrocks", 23754724, 7978652, None, None, None, None, 200)],
    task_memcg="/user.slice/user@1000.service/app.slice/app-org.gnome.Terminal.slice/tmux-spawn-*.scope",
    trigger=trig("XMLParser-pool-", None, oom_score_adj=200, note="the poster put `...` for gfp_mask and order"),
    constraints=["global"], chosen=[405448, "kvrocks"], year_guessed=True)
# A GKE (COS 6.1) pod's init container: dd writing through the page cache is charged to the container's memcg;
# 6.1 inlines mem_cgroup_out_of_memory, so out_of_memory is called straight from try_charge_memcg.
add("271-otel-operator-3479-gke-cos-6.1-dd-init-container-memcg-try-charge-memcg-header-stack.log",
    GH + "open-telemetry/opentelemetry-operator/issues/3479", ["incomplete"],
    "memcg (stack: out_of_memory called from try_charge_memcg)", constraints=["memcg"],
    trigger=trig("dd", 3656524, gfp="0x101cca(GFP_HIGHUSER_MOVABLE|__GFP_WRITE)", order=0, oom_score_adj=936))
# journalctl in a locale with lowercase months (`sep 14`), a blank line after each kernel record; systemd's unit lines
# (one stamped a second before the kernel's) and its `Killing process 3177 (tokio-runtime-w) with signal SIGKILL`
# are not kernel kills.
add("272-cosmic-greeter-269-lowercase-month-blank-lines-systemd-unit-lines-stamped-before-kernel-reaper.log",
    GH + "pop-os/cosmic-greeter/issues/269", ["kill"], "global (global_oom)",
    [kill(3093, "cosmic-greeter", 10131568, 3155784, 4868, 508, 1000, 18864, 0, reaper=[0, 144, 508])],
    task_memcg="/user.slice/user-1000.slice/user@1000.service/app.slice/cosmic-greeter.scope",
    constraints=["global"], chosen=[3093, "cosmic-greeter"], year_guessed=True)
add("273-cosmic-epoch-2920-popos-6.17-cosmic-comp-global-kill-cpuset-scheduler-service.log",
    GH + "pop-os/cosmic-epoch/issues/2920", ["kill"], "global (global_oom)",
    [kill(1958, "cosmic-comp", 88744872, 67374872, 4608, 84036, 1000, 167556, 0)],
    task_memcg="/user.slice/user-1000.slice/session-3.scope", constraints=["global"], chosen=[1958, "cosmic-comp"],
    year_guessed=True)
add("274-cryfs-350-rpi4-arm64-5.4-syslog-call-trace-dump-backtrace-header-stack-cut.log",
    GH + "cryfs/cryfs/issues/350", ["incomplete"], "global (stack: out_of_memory called by __alloc_pages_slowpath)",
    constraints=["global"], trigger=trig("cryfs", 3287, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    year_guessed=True)
# rsyslog's RFC 3339 stamps (`2025-09-30T00:03:00.064092+02:00 host01 kernel:`); task rows only (6.x columns), the
# last row, cut in its adj by the index, left out.
add("275-phoneblock-208-rfc3339-syslog-table-rows-rss-anon-columns-awstats.log", GH + "haumacher/phoneblock/issues/208",
    ["incomplete"], "not determinable (task-table rows only)", constraints=[None],
    table_rows=[[3589572, "cron", 0], [3589575, "sh", 0], [3589576, "update.sh", 0], [3589582, "awstats.pl", 0],
                [3589589, "sh", 0], [3589590, "run-parts", 0], [3589591, "awstats", 0], [3589592, "su", 0]],
    wall_prefix="2025-09-30T00:03:00", not_checks=["largest_tasks_by_comm"])
add("276-sugarchain-139-aarch64-lowmemorykiller-wrapped-continuations-negative.log",
    GH + "sugarchain-project/sugarchain/issues/139", [],
    "n/a (no OOM-killer report: Android lowmemorykiller kills on an aarch64 board)")
add("277-mgfn-35-torch-cuda-out-of-memory-training-negative.log", GH + "carolchenyx/MGFN./issues/35", [],
    "n/a (no kernel report: PyTorch's CUDA out of memory on the GPU)")
add("278-llama-cpp-20509-llama-server-systemd-unit-killed-by-oom-killer-no-kernel-lines-negative.log",
    GH + "ggml-org/llama.cpp/issues/20509", [],
    "n/a (no kernel report: systemd's lines that the OOM killer killed a process of the unit)")
# 279+: blind set 8b (h-b8b)
# Helper blind8b: real public reports found by the search tool (mailing-list archives mirrored on GitHub, a
# forum thread, blog posts and notes, a GitHub issue), truth written by hand from the text and the kernel's
# format before oomlens ran on them. Excerpts as posted (wraps, `> ` quoting, quoted-printable, `# ` comment
# prefixes, the poster's `...` host stamp); host names replaced (host01, host02). Themes: the less common causes
# (panic_on_oom=2, SysRq-f, lowmem on 32-bit HighMem kernels, a memcg filled by shmem after memory.max was lowered,
# no killable task), and negatives (a userspace killer, page allocation failures, show_mem() without an OOM, a
# SysRq-f that an OOM notifier satisfied).
# A vendor arm64 5.4 board (64 KiB pages: `12*64kB` is the smallest buddy block, `31744 pages RAM` is 1.9 GiB,
# 512 MiB of it CMA). panic_on_oom=2: check_panic_on_oom() dumps the header and table, then panics; no kill.
# The poster wrapped the long Mem-Info lines at ~100 columns.
add("279-l3b2w1-blog-arm64-5.4-cma-panic-on-oom-compulsory-oncealloc2-table-kdb.log",
    GH + "l3b2w1/l3b2w1.github.io/blob/master/_posts/2024-09-18-malloc-trigger-oom.md", ["panic"],
    "global (stack: out_of_memory called by __alloc_pages_slowpath; panic_on_oom=2)", constraints=["global"],
    panic="Out of memory: compulsory panic_on_oom is enabled", checks=["panic_on_oom"],
    table_rows=[[1415, "ash", 0], [1428, "oncealloc2", 0], [1440, "oncealloc2", 0]],
    summary_not=["was killed"], text_not=["124 MiB"],
    trigger=trig("oncealloc2", 1440, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0))
# Chinese notes (a translation of "Linux Kernel Programming" ch. 9): dmesg pasted as shell comments (`# ` before
# every line), `[...]` elisions by the author; the kill line's `shmem-rss` was broken by an inserted `# `.
add("280-kernel-notes-cn-sysrq-f-hash-commented-dmesg-elided-table-cpptools-kill-line-broken.log",
    "GitHub notes file (Chinese LKP ch. 9 notes, 'Triggering the OOM killer via Magic SysRq'; index file id 65889143603)",
    ["kill"], "global (global_oom; SysRq-f: order=-1 through moom_callback)", constraints=["global"],
    kills=[kill(6311, "cpptools", 1993888, 1926092, 16852, 0, 1000, 3992, 0)], task_memcg="/",
    chosen=[6311, "cpptools"],
    table_rows=[[411, "systemd-journal", 0], [425, "systemd-udevd", -1000], [6539, "cpptools-srv", 0],
                [6561, "sleep", 0]],
    trigger=trig("kworker/3:1", 4505, gfp="0xcc0(GFP_KERNEL)", order=-1, oom_score_adj=0),
    checks=["sysrq"], summary_not=["the machine ran out"])
# Ubuntu Forums 2008 (archived thread): the poster replaced date and host by `...`. 2.6.24 i386 with 4 GiB:
# Normal free 3732 kB under its min 3744 kB, HighMem 113132 kB free, swap nearly unused; header and Mem-Info only.
add("281-ubuntu-forums-2008-2.6.24-i386-hostname-elided-dots-nvidia-xorg-lowmem-exhausted-header-meminfo.log",
    "Ubuntu Forums, 'Something killing my X session. Firefox, perhaps?' (2008-09-08; archived copy, index file id 57122121039)",
    ["incomplete"], "global (stack: out_of_memory called by __alloc_pages)", constraints=["global"],
    trigger=trig("Xorg", 6186, gfp="0x2d0", order=0),
    checks=["lowmem_exhausted"], not_checks=["swap_exhausted", "swap_absent"])
# NixOS 6.5: `tee` wrote a memory.max (477 MiB) below the usage (701 MiB) of a thunderbird scope whose memory is
# shmem (610512896 bytes, all unevictable: killing frees none of it). Two kills, then no killable task left.
add("282-martins3-notes-nixos-6.5-memory-max-write-tee-thunderbird-scope-shmem-unevictable-two-kills-then-no-killable-wifi-lines.log",
    "GitHub notes file (Martins3's notes, '简单分析下 GPU 驱动'; index file id 70766723808)",
    ["kill", "kill", "no_killable"], "memcg (CONSTRAINT_MEMCG; memory_max_write in the stack)",
    [kill(265606, ".thunderbird-wr", 4796944, 8988, 239484, 0, 1000, 4056, 100),
     kill(265856, "Isolated Web Co", 2682760, 0, 99584, 148, 1000, 636, 100)],
    memcg="/user.slice/user-1000.slice/user@1000.service/app.slice/app-gnome-thunderbird-265606.scope",
    task_memcg="/user.slice/user-1000.slice/user@1000.service/app.slice/app-gnome-thunderbird-265606.scope",
    limit_kb=488280, constraints=["memcg"] * 3, no_killable=True, chosen=[265606, ".thunderbird-wr"],
    table_rows=[[265606, ".thunderbird-wr", 100], [265853, "external-editor", 100]],
    trigger=trig("tee", 492129, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0),
    checks=["limit_lowered", "shmem_dominant"],
    not_checks=["memcg_swap_exhausted", "memcg_swap_disallowed", "trigger_not_victim"],
    text_has=["a write to memory.max by tee (pid 492129)"], text_not=K8S + ["hit its"])
add("283-earlyoom-261-journal-sigterm-code-python3-userspace-killer-negative.log", GH + "rfjakob/earlyoom/issues/261",
    [], "n/a (no OOM report: a userspace killer's journal lines)")
# linux-mm 2016, quoted-printable (`=3D`, soft breaks `=` inside numbers and words), every line indented by 3.
# i386 4.9, 3 GiB: Normal free 42404 kB under its min 42416 kB, HighMem 120916 kB free, swap nearly unused.
# The selection's score is split by a soft break (`10=` / `6`): 106.
add("mangler-pending/284-linux-mm-2016-4.9-i386-x61s-quoted-printable-indented-xorg-i915-shmem-lowmem-normal-below-min-firefox-kill.log",
    LORE + "linux-mm/20161227114821.j3dl3r7segov6tb3@ikki.ethgen.ch/", ["kill"], "global (Out of memory: prefix)",
    [kill(15515, "firefox.real", 1164008, 447680, 97228, 7868, adj=0, adj_source="task table row", selected_score=106)],
    constraints=["global"],
    table_rows=[[216, "udevd", -1000], [2746, "Xorg", 0], [15515, "firefox.real", 0], [7466, "updatedb.mlocat", 0]],
    trigger=trig("Xorg", 2746, gfp="0x24200d4(GFP_USER|GFP_DMA32|__GFP_RECLAIMABLE)", order=0, oom_score_adj=0),
    checks=["lowmem_exhausted"], not_checks=["swap_exhausted", "swap_absent"])
# Michal Hocko's patch mail quoting Tetsuo's log: SysRq-f kills score-0 tasks (one named `(agetty)`, systemd's
# name before exec), then three SysRq-f with nothing eligible ("OOM request ignored").
add("285-linux-mm-2017-mhocko-sysrq-f-repeated-score0-agetty-paren-comm-then-request-ignored.log",
    LORE + "linux-mm/20170404134705.6361-1-mhocko@kernel.org/", ["kill", "kill"],
    "global (Out of memory: prefix; SysRq-f)", constraints=["global", "global"],
    kills=[kill(4468, "(agetty)", 43704, 1760, 0, 0, selected_score=0),
           kill(4469, "systemd-cgroups", 10704, 120, 0, 0, selected_score=0)],
    checks=["sysrq"], summary_not=["the machine ran out"])
# netdev 2022, quoted with `> `: a GFP_ATOMIC page allocation failure (bridge fdb entries filling slab), the
# poster's elision, then the no-killable panic of a kworker (pid 6, from the panic's CPU: line).
add("286-netdev-2022-turris-mox-arm64-5.18-quoted-gfp-atomic-page-allocation-failure-then-no-killable-deadlocked-panic.log",
    LORE + "netdev/7cf30a3e-a562-d582-4391-072a2c98ab05@blackwall.org/", ["no_killable"],
    "global (no eligible task; System is deadlocked on memory)", constraints=["global"], no_killable=True,
    panic="System is deadlocked on memory", checks=["no_killable_task"],
    trigger=trig("kworker/0:0", 6, note="from the CPU: line of the panic dump"))
add("287-lkml-2004-2.6.9-i386-throttle-vm-writeout-debug-show-mem-no-oom-negative.log",
    LORE + "lkml/20041115012620.GA5750@m.safari.iki.fi/", [],
    "n/a (no OOM report: show_mem() from the poster's debugging patch in throttle_vm_writeout)")
# The stack is cut by me between two wrapped frames (at line boundaries) to keep the excerpt short.
add("288-lkml-2006-2.6.17-i386-bridges-r8169-wrapped-syslog-gfp-atomic-page-allocation-failures-negative.log",
    LORE + "lkml/31296a430608101034v2ecfbf8an66510427da49af4d@mail.gmail.com/", [],
    "n/a (no OOM report: page allocation failures in atomic context)")
add("289-linux-mm-2010-2.6.34-i386-highmem-sysrq-show-mem-oops-fatal-exception-panic-flowed-negative.log",
    LORE + "linux-mm/4C50233A.4090304@xs4all.nl/", [],
    "n/a (no OOM report: SysRq show-memory, an oops in show_mem and a panic that is not an OOM panic)")
add("290-linux-mm-2015-nested-quote-sysrq-f-gpu-purge-oom-notifier-no-kill-negative.log",
    LORE + "linux-mm/20150709085505.GB13872@dhcp22.suse.cz/", [],
    "n/a (no OOM report: each SysRq-f was satisfied by the i915 OOM notifier; no report, no kill)")
# 291+: blind set 9a (h-b9a)
# Helper blind9a: real public reports found by the search tool in GitHub issues and pull requests, truth written by
# hand from the text and the kernel's format before oomlens ran on them. Excerpts as the index showed them (a last line
# the index cut mid-word left out); host names replaced (host01). Themes: journald outputs (`-o verbose` with
# `MESSAGE=`, `journalctl -r` newest first with a line the pager chopped at `>`), syslog with a blank line between
# records and wrapped at 72 columns, log exports (a Kibana table newest first with `|` columns, an SCT test log with
# RFC 3339 stamps and `!INFO | kernel:`), memcg v1 reports that start at `Task in … killed as a result of limit of`
# (a Kubernetes pod, an ECS task), Kubernetes/ECS/Cloud Foundry containers, a test suite's own output before its dmesg,
# a 6.x `rss_anon` table, and a negative (systemd-oomd's pressure kill, a userspace killer).
# `journalctl -o verbose --output-fields=MESSAGE`: each record is a cursor line (local time with its zone) and an
# indented `MESSAGE=` line; the third record is cut by the index.
add("291-walinuxagent-2749-journalctl-o-verbose-output-fields-message-memcg-kills-tail-python3.log",
    GH + "Azure/WALinuxAgent/issues/2749", ["kill", "kill"], "memcg (Memory cgroup out of memory prefix)",
    [kill(2855014, "tail", 4296, 60, 516, 0, 0, 40, 0), kill(2867622, "python3", 101920, 14452, 10080, 0, 0, 100, 0)],
    constraints=["memcg", "memcg"], text_not=K8S)
# The hourly kills of the agent's log collector (a 30 MiB memcg), then a postgres whose 464 MiB are shmem-rss: the
# figures of a kill line alone; adj 985 without a cgroup path in the text.
add("292-walinuxagent-2805-dmesgT-grep-memcg-kills-python3-hourly-postgres-shmem-rss-adj-985.log",
    GH + "Azure/WALinuxAgent/issues/2805", ["kill"] * 4, "memcg (Memory cgroup out of memory prefix)",
    [kill(179638, "python3", 81128, 13824, 9284, 0, 0, 196, 0), kill(305640, "python3", 80996, 13576, 9340, 0, 0, 200, 0),
     kill(432966, "python3", 80996, 13584, 9132, 0, 0, 200, 0),
     kill(926955, "postgres", 640668, 2684, 6932, 475016, 26, 1200, 985)],
    constraints=["memcg"] * 4, text_not=K8S)
# Ubuntu 18.04 syslog pasted with a blank line after each record; foreign python3/systemd lines; the stack is cut
# after oom_kill_process (nothing tells the constraint).
add("293-walinuxagent-2825-azure-5.4-syslog-blank-line-between-records-python3-header-stack-cut.log",
    GH + "Azure/WALinuxAgent/issues/2825", ["incomplete"], "not determinable (header and the start of the stack only)",
    constraints=[None], trigger=trig("python3", 7211, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0),
    year_guessed=True)
# Syslog wrapped at ~72 columns by the poster's mailer: the header's gfp_mask, the CPU: line's comm and five stack
# frames continue on unprefixed lines.
add("294-islandora-workbench-608-ubuntu-5.19-syslog-mail-wrapped-72-header-stack-alloc-pages-may-oom.log",
    GH + "mjordan/islandora_workbench/issues/608", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_may_oom)", constraints=["global"],
    trigger=trig("Worker-31", 910488, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    year_guessed=True)
# `journalctl -r`: newest first (reaper, kill, summary); the pager chopped the summary at the terminal's width with
# `>` inside the task_memcg path, before task= and pid=.
add("295-librephotos-153-journalctl-reverse-newest-first-reaper-kill-oom-kill-task-memcg-chopped-by-pager.log",
    GH + "LibrePhotos/librephotos/issues/153", ["kill"], "global (global_oom)",
    [kill(474878, "python", 6544688, 3913448, 0, 0, 0, 9392, 0, reaper=[0, 0, 0])],
    constraints=["global"], memcg_elided=True, year_guessed=True)
# Ubuntu 4.15 dmesg inside a container: a memcg v1 `score 1142 or sacrifice child` kill of postgres (shmem kept by
# the reaper), then the next report of readiness.sh (a probe, adj 999) through pagefault_out_of_memory, cut.
add("296-crunchy-containers-1140-ubuntu-4.15-memcg-v1-postgres-sacrifice-child-shmem-reaper-then-readiness-sh-pagefault-oom-header.log",
    GH + "CrunchyData/crunchy-containers/issues/1140", ["kill", "incomplete"],
    "memcg (Memory cgroup out of memory prefix; the next header's stack through mem_cgroup_out_of_memory)",
    [kill(86854, "postgres", 308932, 8396, 9808, 21140, selected_score=1142, reaper=[0, 0, 21140])],
    constraints=["memcg", "memcg"],
    trigger=trig("readiness.sh", 72865, gfp="0x14000c0(GFP_KERNEL)", order=0, oom_score_adj=999,
                 note="header of the NEXT OOM event"))
# LTP's oom05 output, a shell prompt, then dmesg whose first line lost its `[` and whose header's CPU: line the
# index cut (left out): header only.
add("297-ltp-614-rhel8-oom05-test-output-shell-prompt-dmesg-first-stamp-cut-cpuset-header.log",
    GH + "linux-test-project/ltp/issues/614", ["incomplete"],
    "not determinable (header only; oom05 tests a cpuset and a memcg)", constraints=[None],
    trigger=trig("oom05", None, gfp="0x6000c0(GFP_KERNEL)", order=0, oom_score_adj=0))
ISTIO_SCOPE = ("/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod0330b2c1_a15b_4cdd_b5e5_72d4a90bee82.slice/"
               "docker-b27201334a41cd0749d053b18378d7ea65617b8e26277197ea25c974da1a5a8a.scope")
# memcg v1 (3.10-4.18 layout) from `Task in … killed as a result of limit of …` to the table header: the container
# hit its 1 GiB limit; memory+swap limit equals the memory limit: no swap allowed.
add("298-istio-42734-syslog-memcg-v1-task-in-killed-as-result-of-limit-kubepods-docker-scope-memsw-equal-limit-table-header.log",
    GH + "istio/istio/issues/42734", ["incomplete"], "memcg (Task in … killed as a result of limit of …)",
    memcg=ISTIO_SCOPE, limit_kb=1048576, constraints=["memcg"], checks=["memcg_swap_disallowed"], year_guessed=True)
# A Kibana table export newest first (`date @ time | kernel | [uptime] …`, a `-- | -- | --` rule, `  | ` before
# each later row, blank rows); the kernel stamps belong to several Diego cells. Four envoy kills (uid 4294967294,
# the container's unmapped root); the lone `Memory cgroup stats for …:` rows are fragments of other reports.
add("mangler-pending/299-garden-runc-193-kibana-table-export-newest-first-pipe-columns-envoy-memcg-kills-uid-4294967294-stats-lines.log",
    GH + "cloudfoundry/garden-runc-release/issues/193", None, "memcg (Memory cgroup out of memory prefix)",
    [kill(1949510, "envoy", 3264844, 18812, 30452, 4, 4294967294, 732, 0),
     kill(2009943, "envoy", 3264844, 19012, 30712, 4, 4294967294, 740, 0),
     kill(2856839, "envoy", 3264844, 19840, 30904, 4, 4294967294, 724, 0),
     kill(1948188, "envoy", 3264844, 18908, 30932, 4, 4294967294, 724, 0)])
ECS_TASK = "/ecs/f209da7f990b45b585488946f0eec404/15e20c7f5997947ffa3adb2b2bff199eea61004e29501677c53751b2c549bb15"
# ECS task container (memcg v1, `dmesg -T` 2025): 1 GiB limit, memory+swap limit twice that but no swap used; the
# table (4.x nr_ptes nr_pmds columns) cut after three rows.
add("300-amazon-ecs-agent-4508-dmesgT-2025-memcg-v1-task-in-ecs-limit-memsw-double-celery-chrome-rows-cut.log",
    GH + "aws/amazon-ecs-agent/issues/4508", ["incomplete"], "memcg (Task in … killed as a result of limit of …)",
    memcg=ECS_TASK, limit_kb=1048576, constraints=["memcg"],
    table_rows=[[28573, "celery", 0], [21486, "chrome", 0], [21490, "cat", 0]],
    not_checks=["memcg_swap_disallowed", "memcg_swap_exhausted"], text_not=K8S)
# scylla-cluster-tests log: `RFC3339 host  !INFO | kernel: ` before 6.x task rows (rss_anon rss_file rss_shmem);
# rows only, the last cut by the index left out.
add("301-scylladb-25104-sct-log-rfc3339-host-bang-info-pipe-kernel-rss-anon-table-rows-scylla-adj-950.log",
    GH + "scylladb/scylladb/issues/25104", ["incomplete"], "not determinable (task-table rows only)", constraints=[None],
    table_rows=[[4681, "scylla", -950], [4779, "scylla-manager-", 0], [4884, "uuidd", 0], [5361, "sshd", 0],
                [5381, "sshd", 0], [8437, "sudo", 0]],
    wall_prefix="2025-07-08T10:52:57")
add("302-systemd-42321-test-55-oomd-journal-systemd-oomd-pressure-kill-journald-userspace-negative.log",
    GH + "systemd/systemd/pull/42321", [],
    "n/a (no kernel report: systemd-oomd, a userspace killer, killed a unit for memory pressure)")
# 303+: blind set 9b (h-b9b)
# Helper blind9b: real public reports found by the search tool in stored web pages (vendor knowledge bases of H3C,
# Alibaba Cloud and Red Hat, blogs in Chinese and English, translated copies of Server Fault questions on Portuguese and
# German Q&A sites, a Unix & Linux question), truth written by hand from the text and the kernel's format before oomlens
# ran on them. Excerpts as the index holds them (a page's start); a last line the index cut mid-line is left out except
# where noted; host names replaced (host01). Themes: text mangled by the page (a `cOnstraint=` typo, a kill record
# wrapped with its `(kvm)total-vm` space lost, code-gutter line numbers, `<host>` and `xxx` host placeholders, a gfp_mask
# masked with `****`, a selection and kill line run into a prose paragraph), containers and VMs (KubeVirt, libvirt's
# machine.slice with `\x2d` escapes, a memcg v1 agent cgroup), old and odd formats (RHEL5 `oomkilladj`, unprefixed call
# traces), and negatives (page allocation failures on C-SKY and RHEL6, an overcommit refusal on 6.18).
# H3C UIS knowledge base: the page typed `cOnstraint=`, broke the kill record after `Memory cgroup` and after
# `file-rss:31684kB,`, and lost the space in `(kvm)total-vm`. The `\x2d` in the scope name is systemd's own escape,
# part of the cgroup's name.
add("303-h3c-kb-uis-cas-kvm-memcg-machine-slice-x2d-escapes-constraint-mistyped-kill-line-wrapped-no-space.log",
    "https://knowledge.h3c.com/Theme/details/196317", ["kill"],
    "memcg (CONSTRAINT_MEMCG, typed `cOnstraint=` by the page; Memory cgroup out of memory)", constraints=["memcg"],
    kills=[kill(2016872, "kvm", 5556908, 1978036, 31684, 4, 0, 4552, 400)],
    memcg="/machine.slice", task_memcg="/machine.slice/machine-qemu\\x2d33\\x2dRHEL7\\x2d9\\x2d4.scope",
    chosen=[2016872, "kvm"], year_guessed=True)
# A Chinese blog on Harvester (KubeVirt): the code block's gutter numbers 1-7 came along, the author elided with `...`
# and replaced the host by `xxx`. Two memcg OOMs, each a header (the first by a vCPU thread `CPU 1/KVM`) and a kill.
add("304-warnerchen-blog-harvester-kubevirt-code-gutter-numbers-elided-two-memcg-kills-qemu-system-x86-adj-990.log",
    "https://warnerchen.github.io/2025/03/25/Harvester-VM-OOM-问题排查", ["kill", "kill"],
    "memcg (Memory cgroup out of memory prefix)", constraints=["memcg", "memcg"],
    kills=[kill(15621, "qemu-system-x86", 17962836, 15698676, 24744, 4, 107, 31552, 990),
           kill(37685, "qemu-system-x86", 19403216, 16439716, 24368, 4, 107, 33732, 990)],
    trigger=trig("CPU 1/KVM", None, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=990), year_guessed=True,
    text_not=["the machine ran out"])
# A Portuguese copy of a Server Fault question: Debian 9 (4.9) KVM guest, the host replaced by `<host>` by the
# poster, single-space `Jan 4` stamps. The stack is cut after out_of_memory (the next line ends in `kerne`, left out);
# its frames are `?` (unreliable): the caller is not shown. (Written first as global from the 4.9 header's
# `nodemask=0`, which upstream 4.9 prints only for the page allocator's OOM; corrected after the run, an oracle
# mistake: report 310 shows a vendor kernel printing `nodemask=0` in memcg OOMs, so the text cannot tell.)
add("305-sobrelinux-pt-copy-of-serverfault-debian9-4.9-tor-kvm-guest-host-placeholder-virtio-balloon-header-stack-cut.log",
    "https://sobrelinux.info/questions/754842/linux-oom-trying-to-understand-memory-statistics-mismatch-with-expected-value",
    ["incomplete"], "not determinable (stack cut at out_of_memory)", constraints=[None],
    trigger=trig("tor", 1439, gfp="0x24201ca(GFP_HIGHUSER_MOVABLE|__GFP_COLD)", order=0, oom_score_adj=0),
    year_guessed=True)
# A German copy of a Server Fault question: Linode 4.4, valgrind's memcheck under vm.overcommit_memory=2; the stack is
# cut after out_of_memory (the next frame, cut inside, left out): the caller is not shown.
add("306-stackovercoder-de-copy-of-serverfault-linode-4.4-valgrind-memcheck-overcommit-2-header-stack-cut.log",
    "https://stackovercoder.com.de/server/762017/how-to-get-the-linux-oom-killer-to-not-kill-my-process",
    ["incomplete"], "not determinable (stack cut at out_of_memory)", constraints=[None],
    trigger=trig("memcheck-amd64-", 3841, gfp="0x24002c2", order=0, oom_score_adj=0), year_guessed=True)
# Alibaba Cloud ECS help: RHEL 7.7 (3.10) table with two -1000 tasks only, then the 3.10 panic; the CPU: line names the
# kworker running a usermode helper (pgd_alloc in exec).
add("307-alibabacloud-ecs-kb-rhel7-3.10-table-sshd-udevd-adj-minus1000-no-killable-panic-kworker-usermodehelper.log",
    "https://www.alibabacloud.com/help/en/ecs/support/an-ecs-instance-goes-down-and-the-out-of-memory-and-no-killable-processes-error-message-appears-what-do-i-do",
    ["no_killable"], "global (no eligible task; 3.10 panics)", constraints=["global"], no_killable=True,
    panic="Out of memory and no killable processes...", checks=["no_killable_task"],
    table_rows=[[1799, "sshd", -1000], [29219, "systemd-udevd", -1000]],
    trigger=trig("kworker/u176:4", 3578, note="from the CPU: line of the panic dump"))
# Red Hat KB 25416 (a copy): RHEL5 2.6.18, bare `kernel: ` prefixes, an empty `kernel: ` line, the call trace
# unprefixed; header only.
add("308-redhat-kb-25416-rhel5-httpd-oomkilladj-bare-kernel-prefix-empty-line-unprefixed-call-trace-header-only.log",
    "https://rhokp.service.nutius.com/solutions/25416/ (a copy of Red Hat KB 25416)", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages)", constraints=["global"],
    trigger=trig("httpd", None, gfp="0x201d2", order=0, oom_adj=0))
# Red Hat KB 6958243 (a copy): RHEL7 3.10 memcg v1 OOM from a page fault (pagefault_out_of_memory ->
# mem_cgroup_oom_synchronize) in /agent, limit 1 GiB; cut after the kmem line.
add("309-redhat-kb-6958243-rhel7-3.10-s1-agent-memcg-v1-pagefault-oom-synchronize-task-in-agent-usage-lines-cut.log",
    "https://rhokp.service.nutius.com/solutions/6958243/ (a copy of Red Hat KB 6958243)", ["incomplete"],
    "memcg (Task in /agent killed as a result of limit of /agent)", constraints=["memcg"],
    memcg="/agent", task_memcg="/agent", limit_kb=1048576,
    trigger=trig("s1-agent", 13331, gfp="0xd0", order=0, oom_score_adj=0), year_guessed=True,
    text_not=["the machine ran out"])
# Alibaba Cloud Linux help: a table whose cells hold three `dmesg -T` excerpts, the gfp_mask masked with `****` by the
# page (so no gfp is checked): a memcg OOM, a parent memcg's OOM (task in /mm_test/2, limit of /mm_test), and
# Alinux's `limit of host` (a global OOM: Node 0 DMA32 free under low). Each is a header and one or two lines.
add("310-alibabacloud-alinux-kb-table-cells-dmesgT-masked-gfp-asterisks-memcg-parent-memcg-and-limit-of-host-three-headers.log",
    "https://alibabacloud.com/help/en/alinux/support/causes-of-and-solutions-to-the-issue-of-oom-killer-being-triggered",
    ["incomplete", "incomplete", "incomplete"], "memcg (Task in … killed as a result of limit of …; the third: of host)",
    constraints=["memcg", "memcg", "global"], memcg="/mm_test", task_memcg="/mm_test/2",
    trigger=trig("test", None, order=0, oom_score_adj=0, note="gfp_mask masked by the page"),
    wall_prefix="2021-09-08T18:01:32")
add("311-unix-se-593335-csky-4.9-usb-gadget-order10-gfp-atomic-page-allocation-failure-masked-comm-unprefixed-trace-negative.log",
    "https://unix.stackexchange.com/questions/593335/why-does-page-allocation-failure-occur-whereas-there-are-still-enough-memoryi",
    [], "n/a (no OOM report: an order-10 GFP_ATOMIC page allocation failure on C-SKY)")
add("312-redhat-kb-90883-rhel6-2.6.32-swapper-glusterfsd-order1-mode-0x20-page-allocation-failures-indented-irq-trace-negative.log",
    "https://access.redhat.com/solutions/90883", [],
    "n/a (no OOM report: order-1 atomic page allocation failures in network interrupts)")
# The blog's dmesg line is cut by the index after `not enough memory ` (the kernel goes on `for the allocation`).
add("313-link2xt-blog-arch-6.18-overcommit-never-vm-enough-memory-waybar-refused-cut-by-index-negative.log",
    "https://link2xt.codeberg.page/blog/2026-01-23-linux-out-of-memory.html", [],
    "n/a (no OOM report: __vm_enough_memory refused a mapping under vm.overcommit_memory=2)")
# A Chinese blog: the syslog's selection and kill lines run into one prose paragraph with the text before and after
# them (the index cut the paragraph's end); the title lines say `Out of memory: Kill process 解决` (no pid: not a
# record).
add("314-pjolsson-cn-blog-centos7-mongod-selection-and-kill-run-into-one-prose-paragraph-title-lines.log",
    "https://pjolsson.com/smcp/10662.html", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(5372, "mongod", 2539052, 2117096, 0, 0, 0, selected_score=130)])
# Blind set 10b (pages corpus, plus four GitHub issues where the pages gave no more unseen reports).
# A Portuguese copy of a Server Fault question: CentOS 7 (3.10) with vm.oom_kill_allocating_task=1, four OOMs cut out
# with `grep -A` (`--` separators); each selects the allocating task with score 0 and kills a child or a thread group
# member (918 for 996, rsyslogd 653 for its thread in:imjournal 663). The last kill line was cut by the index inside
# its numbers and is left out (a cut at a line boundary): the fourth event is a selection without a kill.
add("327-askoverflow-pt-copy-of-serverfault-centos7-3.10-oom-kill-allocating-task-grep-separators-four-events-last-kill-cut.log",
    "https://askoverflow.dev/pt/server/question/1158308/por-que-o-oom-killer-n%c3%a3o-detecta-o-%c3%b3bvio-processo-de-mau-comportamento",
    ["kill", "kill", "kill", "selected_no_kill"], "global (Out of memory (oom_kill_allocating_task): prefix)",
    [kill(918, "mysqld", 2184052, 18492, 0, 0, 27), kill(653, "rsyslogd", 308640, 340, 0, 156, 0),
     kill(23041, "bash", 115680, 0, 4, 0, 0)],
    constraints=["global", "global", "global", "global"],
    trigger=trig("mysqld", None, gfp="0x201da", order=0, oom_score_adj=0),
    selected_only=[[996, "mysqld", 0], [663, "in:imjournal", 0], [23040, "tmux", 0], [23241, "node", 0]],
    checks=["oom_kill_allocating_task"], text_has=["and killed bash (pid 23041) in its place"], year_guessed=True)
# A Chinese blog: RHEL6 `/var/log/messages` lines whose syslog prefix has no host name (`Aug 11 16:28:11 kernel:`),
# the RHEL6 `Killed process N, UID U, (comm)` kill format.
add("328-csdn-whatday-cn-blog-rhel6-messages-no-hostname-uid-comma-kill-format-selection-and-kill.log",
    "https://blog.csdn.net/whatday/article/details/104084048", ["kill"], "global (Out of memory: prefix)",
    [kill(3080, "forward", 1429064, 1130444, 136, uid=0, selected_score=559)], year_guessed=True)
# A Chinese copy of a Server Fault question: Ubuntu precise 3.13 on EC2, a docker container's memcg v1 OOM from a page
# fault (pagefault_out_of_memory -> mem_cgroup_oom_synchronize), pasted without prefixes. memory usage 229600 kB is
# under its 262144 kB limit; memory+swap is at its 524288 kB limit: the container used up its memory+swap. The
# `Memory cgroup stats for` line was cut by the index inside it and is left out.
add("329-linux22-cn-copy-of-serverfault-ubuntu-3.13-docker-memcg-v1-unprefixed-beam-smp-pagefault-memsw-limit-stats-cut.log",
    "https://linux22.com/archives/647910", ["incomplete"],
    "memcg (Task in /docker/... killed as a result of limit of /docker/...)",
    memcg="/docker/a4d47fb7bbc8a2bbc172bd26085c4509364b1b7eec61439669e08e281b181a0b",
    task_memcg="/docker/a4d47fb7bbc8a2bbc172bd26085c4509364b1b7eec61439669e08e281b181a0b", limit_kb=262144,
    trigger=trig("beam.smp", 20908, gfp="0xd0", order=0, oom_score_adj=0), checks=["memcg_swap_exhausted"],
    text_not=["the machine ran out"])
# A Chinese blog: MIPS 3.10 (an embedded streaming box), the `Stack :` word dump wrapped over unprefixed lines and cut
# by the author with `...`, the stack through out_of_memory <- __alloc_pages_nodemask, Mem-Info start. The zone line
# after `free_cma:0` was cut by the index inside it and is left out.
add("330-e-com-net-cn-blog-mips-3.10-hpc03c-stack-word-dump-author-dots-mem-info-cut.log",
    "https://e-com-net.com/article/1566739981093900288.htm", ["incomplete"], HOA,
    trigger=trig("HPC03C", 119, gfp="0x201da", order=0, oom_score_adj=0))
# A Japanese blog: `grep -i kill /var/log/messages*` after empty shell prompts, one selection line, no kill line.
add("331-relax-tech-jp-blog-grep-messages-empty-shell-prompts-selection-only-no-kill-line.log",
    "https://relax-tech.net/linux-oom-killer/", ["selected_no_kill"], "global (Out of memory: prefix)",
    selected_only=[[202647, "program01", 982]], year_guessed=True)
# A Beowulf mailing-list reply as the archive page was indexed: the quoted (`> `) syslog line had been wrapped in the
# mail before `(sge_qmaster)`, and the index joined the lines with spaces, so a second `> ` sits inside the selection
# line and the reply's prose runs on after `sacrifice child`.
add("332-beowulf-2015-pipermail-reply-flattened-quote-marker-inside-selection-line-sge-qmaster.log",
    "https://beowulf.org/pipermail/beowulf/2015-February/033050.html", ["selected_no_kill"],
    "global (Out of memory: prefix)", selected_only=[[7963, "sge_qmaster", 948]], year_guessed=True)
# A Japanese blog on a model-training job killed twice: the journal (Japanese month `12月 17`) shows systemd-oomd, a
# userspace killer, killing the terminal's scope under memory pressure; no kernel OOM report.
add("333-zenn-jp-model-training-journalctl-ja-month-systemd-oomd-pressure-kill-terminal-scope-userspace-negative.log",
    "https://zenn.dev/ykesamaru/articles/a0f4b14aabf0d3", [],
    "n/a (no kernel OOM report: systemd-oomd killed a scope under memory pressure)")
# An HPC centre's knowledge base: Slurm's `Detected 1 oom-kill event(s) in StepId=… cgroup` and srun's
# `task 0: Out Of Memory`, userspace reports of a cgroup OOM kill; no kernel OOM report.
add("334-osc-kb-slurmstepd-detected-oom-kill-events-cgroup-srun-task-out-of-memory-userspace-negative.log",
    "https://www.osc.edu/documentation/knowledge_base/out_of_memory_oom_or_excessive_memory_usage", [],
    "n/a (no kernel OOM report: slurmstepd and srun report a cgroup OOM kill)")
# Arch 6.19: the `oom-kill:` summary (cpuset=containerd.service: containerd invoked it) and the kill, indented by two
# spaces in the issue, then the poster's prose repeating the numbers with thousands separators.
add("335-nwg-displays-122-arch-6.19-indented-oom-kill-summary-cpuset-containerd-kill-shmem-then-prose-numbers.log",
    GH + "nwg-piotr/nwg-displays/issues/122", ["kill"], "global (global_oom)",
    [kill(22213, "nwg-displays", 35378480, 25348912, 256, 33580, 1000, 54816, 0)],
    task_memcg="/user.slice/user-1000.slice/session-2.scope")
# Debian 13 (6.12) journal lines without a host name; the poster elided the header's gfp/order and the summary's
# fields between the constraint and task_memcg with `...`. The kill line was cut by the index inside it (`UID:100`)
# and is left out. (Written first as global from `CONSTRAINT_NONE`; corrected after the run, an oracle mistake:
# 4.19 and 4.20 printed CONSTRAINT_NONE for memcg OOMs too (report 188), and the `...` hides whether `global_oom`
# or `oom_memcg=` followed; the kernel version is only in the prose. The text cannot tell.)
add("336-amplifier-358-debian13-6.12-journal-no-hostname-header-and-summary-elided-dots-kill-line-cut.log",
    GH + "microsoft/amplifier/issues/358", ["incomplete"],
    "not determinable (CONSTRAINT_NONE, the `...` hides global_oom or oom_memcg)", constraints=[None],
    task_memcg="/user.slice/user-1001.slice/user@1001.service/app.slice/muxterm-sessiond.service",
    chosen=[637010, "amplifier-agent"], trigger=trig("systemd", None, oom_score_adj=0), year_guessed=True)
# `dmesg -T | grep -B100 'killed process'` after the shell prompt: the same python (score 1031) selected twice, a
# child killed first (sacrifice child), then the parent itself a second later.
add("337-intel-prm-42-dmesgT-grep-B100-shell-prompt-python-child-killed-then-parent-same-score.log",
    GH + "intel/platform-resource-manager/issues/42", ["kill", "kill"], "global (Out of memory: prefix)",
    [kill(89879, "python", 146328, 0, 1824, 0), kill(89746, "python", 118026216, 109819332, 3324, 0, selected_score=1031)],
    wall_prefix="2019-03-14T01:57:54", checks=["sacrificed_child_held_little"])
# RHEL7 `/var/log/messages` lines grepped for the table header, one row, the selection and the kill, then a systemd line.
# (The victim's oom_score_adj 0 comes from its table row; first written null, corrected after the run: an oracle
# mistake.)
add("338-wmcore-8779-rhel7-messages-one-row-table-python-selection-kill-then-systemd-session-line.log",
    GH + "dmwm/WMCore/issues/8779", ["kill"], "global (Out of memory: prefix)",
    [kill(1736467, "python", 4783944, 4255316, 4, 0, adj=0, adj_source="task table row", selected_score=70)],
    table_rows=[[1736467, "python", 0]], year_guessed=True)
# 315+: blind set 10a (h-b10a)
# Helper blind10a: real public reports found by the search tool in GitHub issue and pull-request threads, truth written
# by hand from the text and the kernel's format before oomlens ran on them. Excerpts as the index showed them (a first or
# last line the index cut mid-line left out); host names replaced (host01..host06). Themes: Home Assistant OS and
# Raspberry Pi syslog/journal pastes (a `journalctl -r` newest-first kill before its summary, a `docker-<hash>.scope`
# placeholder, a bare `kernel:` header with a blank line), a 6.x rss_anon table tail with a `tmux: client` comm and a
# kill whose file-rss exceeds its anon-rss, a header opened by a markdown backtick, a `> `-quoted syslog, a cgroup v2
# memcg tail (usage lines only), bare 4.x kill lines under `dmesg -T`, an ASpeed BMC (ARM 4.7) unprefixed header, and
# negatives (flux-shell's own `Memory cgroup out of memory: killed 1 task` message; `journalctl -x` systemd catalog text).
# `journalctl -r`: newest first, so the kill record comes before its `oom-kill:` summary; the systemd scope line and a
# supervisor line are foreign; the lines before the fence are the poster's inline code and prose.
add("315-haos-2595-journalctl-reverse-newest-first-kill-before-oom-kill-summary-docker-scope-adj-minus300-inline-code-prose.log",
    GH + "home-assistant/operating-system/issues/2595", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(267303, "python3", 3600048, 1293204, 0, 0, 0, 5612, -300)],
    task_memcg="/system.slice/docker-7f399a191dea38b318f7e9419a85423dbde2229c5ef7cc972154f53a3b648b66.scope",
    year_guessed=True, text_not=K8S)
# A 6.x table tail (rss_anon rss_file rss_shmem columns, no table header in the excerpt), a `tmux: client` comm; the
# killed bitcoind held more file-rss (4.2 GiB of mapped block files) than anon-rss; a later workqueue line.
add("316-bitcoin-31561-6.x-rss-anon-table-tail-tmux-client-comm-tmux-spawn-scope-bitcoind-file-rss-over-anon-workqueue-line.log",
    GH + "bitcoin/bitcoin/issues/31561", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(31324, "bitcoind", 43571332, 1238108, 4398944, 0, 0, 31120, 0)],
    task_memcg="/user.slice/user-0.slice/user@0.service/tmux-spawn-b59c78ce-1ac5-4001-89ba-6d103ddba70e.scope",
    table_rows=[[190468, "bash", 0], [190481, "tmux: client", 0], [231918, "sshd", 0], [231925, "sshd", 0],
                [231926, "sshd", 0]])
# The header's first line opens with the poster's markdown backtick; the stack (through __alloc_pages_slowpath) is
# cut after the Code: line (the RSP line, cut by the index, left out).
add("317-btcrecover-503-debian12-6.1-imac-header-in-inline-backtick-python3.11-adj-200-gfp-zero-stack-cut-at-rsp.log",
    GH + "3rdIteration/btcrecover/issues/503", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_slowpath)", constraints=["global"],
    trigger=trig("python3.11", 24964, gfp="0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO)", order=0,
                 oom_score_adj=200))
# Syslog quoted with `> `: the victim's row, the summary (cpuset named by the container id, task_memcg /docker/<id>:
# a global OOM of the host, not the container's limit), the kill and the reaper; a dockerd line after.
add("318-db1000n-272-quoted-syslog-docker-cpuset-hex-id-global-kill-main-reaper-dockerd-line.log",
    GH + "arriven/db1000n/issues/272", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(50111, "main", 896552, 197036, 0, 0, 0, 508, 0, reaper=[0, 0, 0])],
    task_memcg="/docker/d1dfb06deee8498945c4fa337c6ec6d8336755e2f7be147ec3ec9190bfe224cc",
    table_rows=[[50111, "main", 0]], year_guessed=True, text_not=K8S)
# The tail of a cgroup v2 memcg report (`memory:` and `swap:` usage lines are mem_cgroup_print_oom_meminfo's; v2
# prints `swap:`, v1 `memory+swap:`): usage at the 1 GiB limit, swap limit max; the stats line, cut inside its path by
# the index, is left out, so the cgroup's name is not in the text. No header, no kill.
add("319-dpservice-74-k8s-cgroup-v2-syslog-stack-tail-registers-memory-usage-equals-limit-swap-max-stats-line-cut.log",
    GH + "ironcore-dev/dpservice/issues/74", ["incomplete"],
    "memcg (memory: usage … limit lines: the memcg's own meminfo)", constraints=["memcg"], limit_kb=1048576,
    not_checks=["memcg_swap_disallowed"], year_guessed=True)
# Raspberry Pi 5 (the thread's title), 2026: the poster replaced the container id with `<hash>` in task_memcg.
add("320-ha-core-170341-rpi5-2026-syslog-oom-kill-docker-hash-placeholder-scope-python3-adj-minus300-prose-after.log",
    GH + "home-assistant/core/issues/170341", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(3717320, "python3", 4214676, 2700552, 4232, 0, 0, 6964, -300)],
    task_memcg="/system.slice/docker-<hash>.scope", year_guessed=True, text_not=K8S)
# Bare `kernel: ` prefixes (journalctl -o cat-like), a blank line after the header, the table header and one row (hass,
# 6070765 pages ≈ 23 GiB); the unprefixed summary after it is cut by the index (left out). No stack: the constraint
# is not in the text.
add("321-ha-core-101822-bare-kernel-prefix-header-blank-line-table-header-one-hass-row-23-gib-summary-cut-by-index.log",
    GH + "home-assistant/core/issues/101822", ["incomplete"], "not determinable (header and one task row only)",
    constraints=[None], table_rows=[[7207, "hass", 0]],
    trigger=trig("hass", None, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    checks=["largest_task_rows_shown"], not_checks=["largest_tasks_by_comm"])
# Five bare 4.x `Killed process` lines (no shmem-rss, no pid line) under `dmesg -T` with the year: the constraint
# cannot be read.
add("322-bitcoin-sv-64-aws-t3-small-dmesgT-2019-five-bare-4.x-kill-lines-bitcoind.log",
    GH + "bitcoin-sv/bitcoin-sv/issues/64", None, "not determinable (bare kill lines)",
    [kill(16153, "bitcoind", 3079576, 1851736, 0), kill(16293, "bitcoind", 3166768, 1854152, 0),
     kill(16427, "bitcoind", 3207324, 1851280, 0), kill(16559, "bitcoind", 3204720, 1851108, 0),
     kill(16704, "bitcoind", 3110388, 1849332, 0)],
    wall_prefix="2019-04-18T16:35:01")
# ASpeed BMC (ARM, 4.7) console without prefixes: a 15-character comm ending in `-`, the old ARM `[<addr>] (fn) from`
# stack through __alloc_pages_nodemask, an Exception stack dump, Mem-Info with one-space continuations, cut (the
# `slab_reclaimabl` line, cut by the index, left out).
add("323-openbmc-1146-aspeed-arm-4.7-unprefixed-phosphor-hwmon-dash-comm-header-arm-stack-exception-stack-meminfo-cut.log",
    GH + "openbmc/openbmc/issues/1146", ["incomplete"], "global (stack: out_of_memory called by __alloc_pages_nodemask)",
    constraints=["global"],
    trigger=trig("phosphor-hwmon-", 706, gfp="0x24200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0))
add("324-flux-core-6289-flux-shell-userspace-oom-message-memory-cgroup-out-of-memory-killed-1-task-memory-peak-negative.log",
    GH + "flux-framework/flux-core/pull/6289", [],
    "n/a (no kernel report: flux-shell's own message after reading the cgroup's memory.events)")
add("325-bitcoin-31041-journalctl-x-systemd-unit-killed-by-oom-killer-catalog-text-no-kernel-lines-negative.log",
    GH + "bitcoin/bitcoin/issues/31041", [],
    "n/a (no kernel report: systemd's unit message and its catalog text only)")
# Raspberry Pi (thread): one 5.x+ kill line after the poster's `dmesg error messagesm`; the next kill line, cut by the
# index, is left out.
add("326-ha-core-84987-rpi-dmesg-bare-kill-line-hass-uid-998-after-typo-prose-line-next-kill-cut.log",
    GH + "home-assistant/core/issues/84987", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(3908, "hass", 4279884, 1762164, 0, 0, 998, 4788, 0)])
# 339+: blind set 11a (h-b11a)
# Helper blind11a: real public reports found by the search tool in GitHub issue and pull-request threads, truth written
# by hand from the text and the kernel's format before oomlens ran on them. Excerpts as the index showed them (a first or
# last line the index cut mid-line left out); host names replaced (host01..host03). Themes: an Orange Pi 5 Plus (arm64
# 6.1) header pasted twice (inline and in a <details> block) after a mali OOM-notifier line, a 6.12 header with the
# `CPU: N UID: U PID:` line and the `Tainted: [P]=…` line, an AWS syslog table tail and global kill of a python3 crawler,
# an inline-code kill line cut after anon-rss, a WSL2 issue template with a kill line of no numbers, a RHEL7 header
# whose first line is cut, an OpenBMC bare 4.x kill and reaper, a MIPS kill then header with a `Stack :` word dump, a
# Chinese-prose dmesg selection and kill, a Raspberry Pi 4.9 syslog header after a previous trace's last frame, and
# negatives (systemd's scope lines for a kernel OOM kill; earlyoom's journal lines).
# Orange Pi 5 Plus (rk35xx vendor 6.1): the mali GPU driver's OOM-notifier line, then the header; the poster pasted the
# first two lines inline and again (same stamps) at the top of the full dmesg in a <details> block: one OOM, printed
# once. The stack (out_of_memory <- __alloc_pages) is cut by the index after __filemap_get_folio (left out).
add("339-orangepi5plus-arm64-6.1-rk35xx-mali-oom-notifier-header-pasted-twice-inline-and-details-stack-cut.log",
    GH + "nyanmisaka/ffmpeg-rockchip/issues/25", ["incomplete"], HOA, constraints=["global"],
    trigger=trig("flexi_logger-fl", 2648, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0))
# 6.12-rc3: the CPU: line prints `UID: 0` before PID (6.12+), a separate `Tainted: [P]=…` line; kswapd0 invoked it with
# GFP_KERNEL; the stack is cut after oom_kill_process (the next frame, cut by the index, left out): the allocator or
# charge path is not in the text.
add("340-zfs-16566-6.12-rc3-kswapd0-header-cpu-uid-line-tainted-flags-line-stack-cut-at-oom-kill-process.log",
    GH + "openzfs/zfs/issues/16566", ["incomplete"], "not determinable (stack cut before the allocator)",
    constraints=[None], trigger=trig("kswapd0", 70, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0))
# AWS t3.medium (4 GiB, the prose) syslog: the last two rows of a 5.x table, `oom-kill:` (global_oom, a session scope),
# the kill of the crawler's python3 (3.5 GiB anon), then systemd's unit line; prose after.
add("341-falcosecurity-kernel-crawler-66-aws-syslog-table-tail-global-kill-python3-session-scope-systemd-unit-line.log",
    GH + "falcosecurity/kernel-crawler/pull/66", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(20221, "python3", 3838904, 3649764, 2684, 0, 1000, 7296, 0)],
    task_memcg="/user.slice/user-1000.slice/session-21.scope",
    table_rows=[[20156, "bash", 0], [20221, "python3", 0]], year_guessed=True)
# The poster quoted the kill line in inline code cut after `anon-rss:1172284kB, ` (file-rss and the rest not shown),
# then `Free swap  = 0kB` inline, then the syslog tail of the same OOM's show_mem (swap used up: 0 of 2097148 kB free).
# How the tail groups with the kill is not checked (kinds absent).
add("342-sabnzbd-1690-inline-code-kill-line-cut-after-anon-rss-then-syslog-show-mem-tail-free-swap-zero.log",
    GH + "sabnzbd/sabnzbd/issues/1690", None, "global (Out of memory: prefix)",
    [kill(2922, "sabnzbdplus", 3193576, 1172284, None)])
add("343-bleachbit-2162-systemctl-scope-kernel-oom-killer-killed-processes-sigkill-python3-userspace-negative.log",
    GH + "bleachbit/bleachbit/issues/2162", [],
    "n/a (no kernel report: systemd's scope lines after a kernel OOM kill; `Killing process [ID] (python3)` is systemd's)")
add("344-earlyoom-354-journal-no-hostname-sigterm-java-process-mrelease-failed-userspace-negative.log",
    GH + "rfjakob/earlyoom/issues/354", [],
    "n/a (no kernel report: earlyoom's SIGTERM of java and its failed process_mrelease)")
# WSL2 (5.15.90.1-microsoft-standard-WSL2) issue template: the poster typed the kill line only up to the comm
# (`Out of memory: Killed process 5017 (test) `): the victim's sizes are not printed (null).
add("345-wsl-10199-issue-template-wsl2-5.15-bare-kill-line-no-numbers-test.log",
    GH + "microsoft/WSL/issues/10199", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(5017, "test", None, None, None)])
# RHEL7 3.10 under VMware: the excerpt starts at the cpuset line (the `invoked oom-killer` line is not in it); cpuset
# is a container id but the stack (out_of_memory <- __alloc_pages_slowpath from an xfs page fault) is a global OOM.
add("346-mongodb-k8s-180-rhel7-3.10-header-first-line-cut-cpuset-container-id-xfs-filemap-fault-stack-cut.log",
    GH + "mongodb/mongodb-enterprise-kubernetes/issues/180", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_slowpath)", constraints=["global"],
    trigger=trig("mongodb-mms-aut", 22101))
# OpenBMC (a BMC, 4.x): a bare `Killed process` line (no `Out of memory:` prefix, 4.9-4.18 format) and the reaper.
add("347-openbmc-1887-bmc-bare-4.x-kill-python-and-reaper-fenced.log",
    GH + "openbmc/openbmc/issues/1887", ["kill"], "not determinable (a bare kill line)", constraints=[None],
    kills=[kill(935, "python", 113656, 102104, 0, 0, reaper=[0, 0, 0])])
# MIPS 3.18 (a ReSpeaker board): the kill of python (3.x, no shmem-rss), then upmpdcli's header with the `Stack :` word
# dump on unprefixed lines cut by `...`, the stack through __alloc_pages_nodemask (the last frame, cut, left out).
add("348-respeaker-101-mips-3.18-kill-python-then-upmpdcli-header-stack-word-dump-dots.log",
    GH + "respeaker/get_started_with_respeaker/issues/101", ["kill", "incomplete"],
    "global (second event: out_of_memory called by __alloc_pages_nodemask)", constraints=[None, "global"],
    kills=[kill(2502, "python", 71992, 15372, 28)],
    trigger=trig("upmpdcli", 1766, gfp="0x201da", order=0, oom_score_adj=0))
# Chinese prose around two raw dmesg lines: selection (score 752) and kill of python2 (3.x, 12 GiB anon).
add("349-alicloud-duplicity-3-cn-dmesg-python2-selection-and-kill-score-752-chinese-prose.log",
    GH + "alibaba-archive/alicloud-duplicity/issues/3", ["kill"], "global (Out of memory: prefix)",
    [kill(21518, "python2", 13345928, 12721928, 4, selected_score=752)])
# Raspberry Pi (BCM2835, 4.9.30-v7+) syslog: the last frame of a previous trace (kthread -> ret_from_fork), then the
# redis-server header and the ARM `(fn) from` stack through __alloc_pages_nodemask (cut after it).
add("350-nextbackup-22-rpi-4.9-syslog-previous-trace-kthread-frame-then-redis-server-header-arm-stack-cut.log",
    GH + "pbek/nextbackup/issues/22", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_nodemask)", constraints=["global"],
    trigger=trig("redis-server", 4689, gfp="0x24201ca(GFP_HIGHUSER_MOVABLE|__GFP_COLD)", order=0, oom_score_adj=0),
    year_guessed=True)
# 351+: blind set 11b (h-b11b)
# Helper blind11b: real public reports found by the search tool in stored web pages (a Virtuozzo knowledge base, a
# linux-390 mailing-list reply, a 2.6.24 commit message on a git web view, a database forum, Chinese and Japanese blogs,
# a Japanese message catalog, a Japanese copy of a Unix & Linux question, a hosting knowledge base, a 2007 Red Hat list
# summary, Fuchsia's Chinese docs), truth written by hand from the text and the kernel's format before oomlens ran on
# them. Excerpts as the index holds them (a page's start); a last line the index cut mid-line is left out; host names
# replaced (host01), user names replaced (user01..user03), Signed-off-by lines and a TODO(names) line left out. Themes:
# vendor and old formats (OpenVZ/Virtuozzo `Out of memory in UB N: OOM killed process`, 2.6.9 `Out of Memory: Killed
# process N (comm).`, RHEL5 `Killed process N, UID U, (comm).` without sizes), pages that mangled the text (stack frames
# split after `[<`, a kill and the next header run into one prose line, masked times and gfp values), 32-bit and
# non-x86 (i686 RHEL6, s390x, 2.6.9 i386, a 2.6.24 GFP_DMA boot OOM), and negatives (page allocation failures without a
# kill, a show_mem tail alone, a placeholder template line, Fuchsia's Zircon OOM log).
# Virtuozzo KB: the node's syslog wrapped each kill record after `OOM ` (the trailing space kept); the OpenVZ kernel
# names the victim's beancounter (UB 1234) and prints vm and rss (anon + file together, so neither is known) and its
# badness score. The message `Out of memory in UB N` is passed only by kernel/bc/oom_kill.c out_of_memory_in_ub():
# container 1234's own beancounter limits ran out, not the node (whose OOM passes `Out of memory`). No CONSTRAINT_*
# names a beancounter: the constraint stays null (h-openvz; was read as "names the container, not which limit").
add("351-plesk-kb-123671-virtuozzo-ub-oom-killed-process-php-cgi-wrapped-after-oom-rage-line.log",
    "http://kb.plesk.com/en/123671", ["kill", "kill"],
    "not determinable as a CONSTRAINT_* (OpenVZ `Out of memory in UB 1234`: container 1234's own beancounter limits)",
    constraints=[None, None],
    kills=[kill(21738, "php-cgi", 281988, None, None, selected_score=0),
           kill(21747, "php-cgi", 281988, None, None, selected_score=0)], year_guessed=True)
add("352-linux-390-list-sles11-s390x-quoted-page-allocation-failure-order4-webcontainer-comm-with-colons-negative.log",
    "https://www.mail-archive.com/linux-390@vm.marist.edu/msg69806.html", [],
    "n/a (no OOM report: order-4 page allocation failures on SLES 11 s390x, quoted in a reply)")
# A 2.6.24 commit message as a git web view rendered it: each stack frame split after `[<`; a boot-time OOM of
# swapper with gfp_mask 0x80d1 (GFP_KERNEL | __GFP_ZERO | __GFP_DMA: the 16 MB DMA zone ran out), header only.
add("353-repo-or-cz-commit-2.6.24-i386-swapper-boot-gfp-dma-oomkilladj-header-stack-frames-split-after-bracket.log",
    "https://repo.or.cz/linux-2.6/mini2440.git/commit/509a80c49c512ac88bd67b981145f925a306111b", ["incomplete"], HOA,
    constraints=["global"], trigger=trig("swapper", None, gfp="0x80d1", order=0, oom_adj=0))
add("354-aerospike-forum-cld-asd-page-allocation-failure-order1-unprefixed-2.6.32-trace-negative.log",
    "https://discuss.aerospike.com/t/page-allocation-failure/2856", [],
    "n/a (no OOM report: order-1 atomic page allocation failures and an unprefixed trace)")
# A Chinese blog: RHEL6 i686 (32-bit) messages run into one line with the author's `...`: the selection and the
# RHEL6 `Killed process N, UID U, (comm)` kill of mysqld, then the NEXT report's httpd header, its `Pid:` line, an
# elision and its show_mem tail (no kill of its own shown).
add("355-xcroot-cn-blog-rhel6-i686-selection-kill-and-next-httpd-header-run-into-one-line-elided.log",
    "https://xcroot.com/HelloWord/264.sh", ["kill", "incomplete"], "global (Out of memory: prefix)",
    constraints=["global", None],
    kills=[kill(9682, "mysqld", 47388, 3744, 80, uid=27, selected_score=9)],
    trigger=trig("httpd", 8911, gfp="0x201da", order=0, oom_score_adj=0, note="header of the NEXT OOM event"))
add("356-fuchsia-zh-cn-docs-zircon-oom-kill-job-log-not-linux-negative.log",
    "https://fuchsia.dev/fuchsia-src/development/kernel/memory/oom?hl=zh-cn", [],
    "n/a (no Linux OOM report: the Zircon kernel's OOM thread killing a job, in Fuchsia's docs)")
# A hosting knowledge base: the 2.6.9-era one-line kill record (`Out of Memory: Killed process N (comm).`, no sizes)
# after a `host kernel:` prefix; the article's prose runs on after the period.
add("357-mcloud-kb-2.6.9-style-out-of-memory-killed-process-mysql-no-sizes-prose-after-period.log",
    "https://portal.mcloud.rs/knowledgebase/article/54/what-is-an-oom-kill-process", ["kill"],
    "not determinable (a bare 2.6.9-era kill line)", constraints=[None], kills=[kill(2592, "mysql", None, None, None)],
    text_has=["had no memory cgroups"], text_not=["whether a cgroup limit", "--limit"])
# A Japanese blog: two RHEL5 kill records (`Killed process N, UID U, (comm).`, no sizes; RHEL5 has no memory cgroup)
# under times the poster masked (`Jun 1XX:XX:XX`), then, from a second grep, the header that invoked the OOM killer
# with its gfp_mask, order and oomkilladj masked (`XXXXXX`, `X`). The grep order is not the log's: kinds not checked.
add("358-fwoabw-jp-blog-rhel5-killed-process-uid-comma-no-sizes-masked-time-and-header-values.log",
    "http://www.fwoabw.info/entry/2014/06/17/172115", None, "global (Out of memory: prefix; RHEL5 has no memory cgroup)",
    kills=[kill(15645, "postmaster", None, None, None, uid=26), kill(15646, "httpd", None, None, None, uid=26)],
    trigger=trig("httpd", None, note="gfp_mask, order and oomkilladj masked by the poster"))
# A Japanese blog: only show_mem's tail (HighMem zone line, buddy lists, `Swap cache: … race 0+14`, swap totals),
# no header, no task table, no kill: show_mem also prints for page allocation failures and SysRq-m.
add("359-kakakikikeke-jp-blog-show-mem-tail-only-highmem-buddy-swap-cache-race-no-header-negative.log",
    "https://blog.kakakikikeke.com/2013/01/oom-killer.html", [],
    "n/a (no OOM report: a show_mem tail alone, without header or kill)")
add("360-ossmpedia-ja-message-catalog-2.6.9-page-allocation-failure-joined-syslog-trace-negative.log",
    "http://ossmpedia.org/messages/linux/2.6.9-34.EL/482.ja", [],
    "n/a (no OOM report: a message catalog's page allocation failure entry with an example trace joined into one line)")
add("361-linux33-jp-copy-of-unix-se-rhel7-page-allocation-failure-order4-bracketed-comm-negative.log",
    "https://linux33.com/archives/134813", [],
    "n/a (no OOM report: an order-4 page allocation failure line on RHEL7)")
# A 2007 Red Hat list summary: the kill line quoted as a template (`[PID] [process name]`), /proc/meminfo Low/High
# lines and a `free -lm` header; no OOM record.
add("362-redhat-list-2007-oom-killed-process-template-placeholders-lowmem-meminfo-negative.log",
    "https://listman.redhat.com/archives/redhat-list/2007-August/msg00060.html", [],
    "n/a (no OOM report: a template line with placeholders, meminfo lines)")
# 363+: blind set 12a (h-b12a)
# Helper blind12a: real public reports found by the search tool in GitHub issue and pull-request threads (web-platform-tests,
# canonical/github-runner-operator, threefoldtech/zos, OpenSCAP, kubespray twice, oobabooga/textgen, JuliaLang/julia,
# firecracker, ytmdl, systemd, RPi-Distro/raspberrypi-sys-mods), truth written by hand from the text and the kernel's
# format before oomlens ran on them. Excerpts as the index holds them (a thread's turn from its start or a later chunk);
# a last line the index cut mid-line is left out; host names replaced (host01). Themes: unusual prefixes (Google Cloud Logging's severity letter and RFC 3339 `Z` stamp; a bare `kernel:` line
# in backticks inside a sentence), CI and VM hosts (a kubespray CI node, a CircleCI runner, GitHub runners' qemu VMs
# whose guest RAM is shmem, firecracker microVM hosts), an LLM loader killed for CPU RAM (Amazon Linux), memcg
# headers without `out_of_memory` (4.4: oom_kill_process from mem_cgroup_out_of_memory), and two negatives (a
# systemd-oomd issue template, a Pi 5 6.18 zram issue's prose summary of an OOM dump).
# Google Cloud Logging (Logs Explorer) rows copied with their severity letter `A` and an RFC 3339 UTC stamp, a trailing
# space each: eight headers of containerd (adj -999), each its own report, no stack (the ninth, cut, left out).
add("363-wpt-live-30-gcp-cloud-logging-severity-letter-rfc3339-z-prefix-eight-containerd-headers-only.log",
    GH + "web-platform-tests/wpt.live/issues/30", ["incomplete"] * 8, "not determinable (headers only, no stack)",
    constraints=[None] * 8,
    trigger=trig("containerd", None, gfp="0x6200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=-999),
    wall_prefix="2020-06-25T09:57:22")
# `dmesg -T` kill lines of two LXD VMs' qemu (2023): the poster cut each after `shmem-rss:NkB,` (no UID, pgtables,
# oom_score_adj); the third, cut by the index, left out. Nearly all each victim held is shmem (the guest's RAM).
add("364-github-runner-operator-30-dmesgT-two-qemu-kills-shmem-guest-ram-lines-cut-after-comma.log",
    GH + "canonical/github-runner-operator/issues/30", ["kill", "kill"], "global (Out of memory: prefix)",
    [kill(3018113, "qemu-system-x86", 17906732, 44264, 0, 6236532),
     kill(3016510, "qemu-system-x86", 17915952, 43820, 0, 5447228)],
    wall_prefix="2023-02-02T15:07:36", checks=["shmem_dominant"])
# A firecracker host's dmesg: `oom-kill:` (global_oom, task_memcg=/ : the root cgroup), the kill and its reaper
# (16 kB file-rss and the 4 kB shmem left), between code fences and prose.
add("365-threefold-zos-1042-firecracker-global-oom-kill-task-memcg-root-kill-reaper-prose-after.log",
    GH + "threefoldtech/zos/issues/1042", ["kill"], "global (global_oom)",
    [kill(3120, "firecracker", 4202960, 4175940, 0, 4, 0, 8240, 0, reaper=[0, 16, 4])],
    task_memcg="/", chosen=[3120, "firecracker"])
# One header line quoted in backticks after a sentence, with a bare `kernel: ` prefix (no time): nothing else.
add("366-openscap-1796-one-chronyd-header-line-in-backticks-bare-kernel-prefix-in-prose.log",
    GH + "OpenSCAP/openscap/issues/1796", ["incomplete"], "not determinable (one header line)", constraints=[None],
    trigger=trig("chronyd", None, gfp="0x1100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0))
# A kubespray CI node's journal (Ubuntu 5.13, `Tainted: P O`): a qemu worker thread (adj 965) charging page cache to
# its memcg: mem_cgroup_out_of_memory from try_charge; cut inside pagecache_get_page (left out).
add("367-kubespray-8793-ci-5.13-journal-worker-adj-965-tainted-po-memcg-try-charge-page-cache-header-cut.log",
    GH + "kubernetes-sigs/kubespray/pull/8793", ["incomplete"], "memcg (stack: mem_cgroup_out_of_memory from try_charge)",
    constraints=["memcg"],
    trigger=trig("worker", 758598, gfp="0x101cca(GFP_HIGHUSER_MOVABLE|__GFP_WRITE)", order=0, oom_score_adj=965),
    year_guessed=True)
# A comment (no code fence) on a model loader killed: Amazon Linux `dmesg -T` 2024, `oom-kill:` global_oom and the
# kill of python (13.4 GiB anon).
add("368-oobabooga-textgen-440-amazon-linux-dmesgT-oom-kill-and-python-kill-unfenced-comment.log",
    GH + "oobabooga/textgen/issues/440", ["kill"], "global (global_oom)",
    [kill(6154, "python", 18109076, 14095848, 0, 0, 1000, 29036, 0)],
    task_memcg="/user.slice/user-1000.slice/session-3.scope", chosen=[6154, "python"], wall_prefix="2024-03-24T23:54:53")
# CircleCI (Ubuntu 14.04, 4.4 on Xen), dmesg filtered with `grep -v` (the command in the prose): java's header, a
# 64-hex docker cpuset, raw stack words, `[<addr>]` frames: 4.4's mem_cgroup_out_of_memory calls oom_kill_process
# itself (no out_of_memory frame); cut after it.
add("369-julia-24480-circleci-4.4-grep-v-filtered-java-memcg-cpuset-hex-raw-stack-words-header-cut.log",
    GH + "JuliaLang/julia/pull/24480", ["incomplete"], "memcg (stack: oom_kill_process called by mem_cgroup_out_of_memory)",
    constraints=["memcg"], trigger=trig("java", 29649, gfp="0x24000c0", order=0, oom_score_adj=0))
# A firecracker host (4.18, `Tainted: G OE`) `dmesg -T` 2020 in a <details> block: the jailer's short hex cpuset,
# `Hardware name: <redacted>`, stack through __alloc_pages_slowpath (global); cut by the index.
add("370-firecracker-1573-4.18-host-dmesgT-details-block-firecracker-short-hex-cpuset-redacted-hardware-global-header-cut.log",
    GH + "firecracker-microvm/firecracker/issues/1573", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_slowpath)", constraints=["global"],
    trigger=trig("firecracker", 89175, gfp="0x6200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    wall_prefix="2020-02-03T14:47:52")
# kern.log (Ubuntu 18.04, 4.15): three ytmdl rows (4.15 pgtables_bytes columns), the selection (score 279), the
# kill (no UID/adj on a 4.15 kill line: adj 0 from its row) and the reaper; 77 minutes later two rows (swapents
# 119762) and the next selection (score 424), whose kill line the index cut (left out).
add("371-ytmdl-71-kernlog-4.15-rows-sacrifice-child-kill-reaper-then-next-rows-and-selection-kill-cut.log",
    GH + "deepjyoti30/ytmdl/issues/71", ["kill", "selected_no_kill"], "global (Out of memory: prefix)",
    [kill(15889, "ytmdl", 5119936, 5029560, 0, 0, adj=0, adj_source="task table row", selected_score=279,
          reaper=[0, 0, 0])],
    selected_only=[[18946, "ytmdl", 424]], table_rows=[[15889, "ytmdl", 0], [22516, "ytmdl", 0]], year_guessed=True)
add("372-systemd-35270-ubuntu-6.8-systemd-oomd-issue-template-considered-cgroups-userspace-negative.log",
    GH + "systemd/systemd/issues/35270", [],
    "n/a (no kernel report: a systemd-oomd issue template and its `Considered 75 cgroups for killing` line)")
# CoreOS 4.13 journal on AWS (Xen): an etcd line, then etcd's header (`nodemask=(null),  order=0`, two spaces), a
# 64-hex cpuset, stack through mem_cgroup_out_of_memory; cut by the index.
add("373-kubespray-1936-coreos-4.13-journal-etcd-line-then-etcd-memcg-header-double-space-order-cut.log",
    GH + "kubernetes-sigs/kubespray/issues/1936", ["incomplete"], "memcg (stack: mem_cgroup_out_of_memory)",
    constraints=["memcg"], trigger=trig("etcd", 13753, gfp="0x14000c0(GFP_KERNEL)", order=0, oom_score_adj=0),
    year_guessed=True)
add("374-rpi-sys-mods-116-pi5-6.18-zram-issue-prose-summary-of-oom-dump-free-swap-no-kernel-lines-negative.log",
    GH + "RPi-Distro/raspberrypi-sys-mods/issues/116", [],
    "n/a (no kernel report: the poster's prose summary of a Pi 5 OOM dump, `Total swap 2054128kB, Free swap 864kB`)")
# 375+: blind set 12b (h-b12b)
# Helper blind12b: the search tool's stored pages gave no report the corpus lacks (every OOM log page it returned was
# already in the corpus), so these twelve come from GitHub issue threads, checked against the other helper's 363-374.
# Truth written by hand from the text and the kernel's format before oomlens ran on them. Excerpts as the index holds
# them; a last line the index cut mid-line is left out; host names replaced (host01, host02). Themes: 6.x ARM (a
# kworker exec'ing a usermode helper), arm64 (Huawei TaiShan, 5.0), talosctl's dmesg prefix, an RFC 3339 rsyslog line
# in inline code, a syslog line without host name, victims whose memory is file-backed (nodeos' mapped state file),
# a tiny victim picked because every big task has a negative oom_score_adj, a boot2docker memcg header, and negatives
# (a CI job killed with exit 137 under GitHub Actions timestamps, an arm64 order-4 page allocation failure).
# Raspberry Pi OS armv7 6.6: a kworker's usermode helper exec (kernel_execve -> mm_init -> pgd_alloc) ran the machine
# out of memory at boot (47 s); header, ARM `from` stack through __alloc_pages, Exception stack, cut.
add("375-rpi-firmware-1885-armv7-6.6-kworker-usermodehelper-execve-pgd-alloc-header-arm-stack-exception-stack-cut.log",
    GH + "raspberrypi/firmware/issues/1885", ["incomplete"], "global (stack: out_of_memory called by __alloc_pages)",
    constraints=["global"],
    trigger=trig("kworker/u12:0", 561, gfp="0x440dc0(GFP_KERNEL_ACCOUNT|__GFP_COMP|__GFP_ZERO)", order=0,
                 oom_score_adj=0))
# `$  dmesg` then the poster's line, an `oom-kill:` summary whose printk stamp the paste lost, the kill of python
# (12 GiB anon) and its reaper, then a later OOM (sunloginclient, 5.11) whose stack is cut after __page_cache_alloc.
add("376-qaconv-19-dmesg-prompt-unprefixed-oom-kill-summary-python-kill-reaper-then-sunloginclient-5.11-header-cut.log",
    GH + "ShengcaiLiao/QAConv/issues/19", ["kill", "incomplete"], "global (global_oom)", constraints=["global", "global"],
    kills=[kill(698405, "python", 49978204, 12918388, 68668, 53352, 1000, 49772, 0, reaper=[0, 68664, 53172])],
    task_memcg="/user.slice/user-1000.slice/user@1000.service",
    trigger=trig("sunloginclient", 940, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0,
                 note="header of the NEXT OOM event"))
# RHEL7-era /var/log/messages quoted in prose: one task row (pid 7747 of thread group 7748: a thread's row) and the
# kill line of tgid 7748 without shmem-rss; no header, no selection: the constraint cannot be known. Both lines are
# stamped 03:19:11 on host01: the row, four prose lines above the kill, is its report's (dump_tasks() prints right
# before the kill), so the victim's oom_score_adj is the row's last number, 0 (oom_score_adj is per process: the
# thread's row gives its thread group's).
add("377-systemd-6966-rhel7-messages-row-pid-ne-tgid-and-kill-line-in-prose-no-shmem.log",
    GH + "systemd/systemd/issues/6966", ["kill"], "not determinable (a bare kill line and one task row)",
    constraints=[None], kills=[kill(7748, "python", 12907828, 11500204, 0, adj=0, adj_source="task table row")],
    table_rows=[[7747, "python", 0]], year_guessed=True)
# An rsyslog RFC 3339 line (`2025-02-27T18:16:00.923634+00:00 host kernel:`) in inline code whose closing backtick
# went to the next line: one global kill of sui (706 MiB anon) on a 1 GiB VPS.
add("378-s-ui-517-rfc3339-rsyslog-kill-line-in-inline-code-backtick-on-next-line.log",
    GH + "alireza0/s-ui/issues/517", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(14437, "sui", 2593692, 723464, 1792, 0, 0, 1852, 0)], wall_prefix="2025-02-27T18:16:00")
# A syslog line without a host name (`Oct 26 23:03:07 kernel: [460422.616108]`): the global kill of aptos-node
# (30 GiB anon).
add("379-aptos-core-5318-syslog-no-hostname-dmesg-stamp-aptos-node-kill-30g-anon.log",
    GH + "aptos-labs/aptos-core/issues/5318", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(62539, "aptos-node", 44755712, 30949020, 0, 0, 0, 79900, 0)], year_guessed=True)
# Chinese prose, then an arm64 (Huawei TaiShan 2280, 5.0) syslog header of systemd-udevd: a fork's vmalloc'd stack
# (dup_task_struct -> __vmalloc_node_range) through __alloc_pages_nodemask; cut.
add("380-appstream-100-zh-arm64-taishan-5.0-syslog-udevd-header-vmalloc-fork-stack-cut.log",
    GH + "Requiem4Eternity/Appstream/issues/100", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_nodemask)", constraints=["global"],
    trigger=trig("systemd-udevd", 489, gfp="0x6082c2(GFP_KERNEL|__GFP_HIGHMEM|__GFP_NOWARN|__GFP_ZERO)", order=0,
                 oom_score_adj=0), year_guessed=True)
# Ubuntu 4.15 syslog under a shell's `tail -f`: the eos service's own lines, nodeos' header and cpuset and CPU lines,
# two task rows, the selection (score 836) and the kill: nodeos' 7.9 GB resident set is all file-backed (its mapped
# chain state file; anon-rss 0), the reaper leaves the file pages. The kill line (4.15) prints no oom_score_adj: the
# victim's is its task row's 0 (the oracle first wrote null: our mistake, found when oomlens ran).
add("381-eos-4726-ubuntu-4.15-syslog-app-lines-header-rows-selection-nodeos-file-rss-kill-reaper.log",
    GH + "EOSIO/eos/issues/4726", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(1825, "nodeos", 8452480, 0, 7928148, 0, adj=0, adj_source="task table row", selected_score=836,
                reaper=[0, 7926420, 0])], checks=["victim_file_backed"],
    trigger=trig("nodeos", 1825, gfp="0x14200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    table_rows=[[999, "keosd", 0], [1825, "nodeos", 0]], year_guessed=True)
# nodeos' own output (`Killed`), then `tail -f /var/log/kern.log`: selection (score 950) and a 4.4-era kill line
# without shmem-rss: 15.2 GiB file-backed, 2.6 MiB anon, on a 16 GB server.
add("382-eos-5592-kern-log-tail-selection-score-950-nodeos-file-rss-15g-kill-no-shmem.log",
    GH + "EOSIO/eos/issues/5592", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(2071, "nodeos", 42016936, 2628, 15935356, selected_score=950)], year_guessed=True,
    checks=["victim_file_backed"])
# talosctl dmesg (`10.1.1.2: kern:    info: [RFC 3339 Z]: `): the table's tail (kubelet -999, containerd-shim -499,
# etcd -998 with 1.7 GB rss), the `oom-kill:` summary, the global kill of udevd (124 kB anon: every big task is
# protected by its oom_score_adj) and its reaper, then 49 s later containerd-shim's header.
add("383-talos-4857-talosctl-dmesg-rows-negative-adj-global-kill-tiny-udevd-reaper-then-containerd-shim-header.log",
    GH + "siderolabs/talos/issues/4857", ["kill", "incomplete"], "global (global_oom)", constraints=["global", None],
    kills=[kill(1448, "udevd", 1448, 124, 4, 0, 0, 44, 0, reaper=[0, 0, 0])], task_memcg="/system/runtime",
    table_rows=[[1309, "kubelet", -999], [1448, "udevd", 0], [1456, "containerd-shim", -499], [1476, "etcd", -998]],
    trigger=trig("containerd-shim", None, gfp="0x1100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=-499,
                 note="header of the NEXT OOM event; its CPU: line was cut"),
    wall_prefix="2022-01-25T10:30:46", checks=["victim_held_little"], text_has=["oom_score_adj -998"])
# boot2docker 4.4, unprefixed: dotnet's header, the cpuset line with the container id, raw stack words and the stack
# through mem_cgroup_out_of_memory (a page fault's mem_cgroup_oom_synchronize): a container's memory limit; cut.
add("384-coreclr-16906-boot2docker-4.4-unprefixed-memcg-header-container-cpuset-raw-stack-words-cut.log",
    GH + "dotnet/coreclr/issues/16906", ["incomplete"], "memcg (stack: mem_cgroup_out_of_memory)",
    constraints=["memcg"], trigger=trig("dotnet", 31598, gfp="0x24000c0", order=0, oom_score_adj=0))
add("385-freebsd-vm-81-github-actions-timestamps-killed-exit-137-no-kernel-lines-negative.log",
    GH + "vmactions/freebsd-vm/issues/81", [],
    "n/a (no kernel OOM report: a CI job's `Killed` and exit code 137 under GitHub Actions timestamps)")
add("386-appstream-96-arm64-5.0-syslog-udevd-page-allocation-failure-order4-hnae-negative.log",
    GH + "Requiem4Eternity/Appstream/issues/96", [],
    "n/a (no OOM report: an order-4 page allocation failure of a NIC driver's ring on arm64)")
# 387+: blind set 13a (h-b13a)
# Helper blind13a: twelve GitHub threads from the `issues` corpus, checked against the corpus README sources, the
# shared corpus and the other helper's 399-410. Truth written by hand from the text and the kernel's format before
# oomlens ran on them. Excerpts as the index holds them; a last line the index cut mid-line is left out; host names
# replaced (host01). Themes: Kubernetes (a kubectl events table, a node-problem-detector JSON event, kubelet log
# metrics, GKE nodes' memcg selections, a GKE scale test's serial console), GPU/ML clusters (OpenPAI: a python job's
# child nvidia-smi killed in its place, java selections on a GPU node; a model test under Slurm), a 6.1 GKE memcg
# header, CI (PyTorch's ASAN job), a comm with a space (`JIT Compilation`), and a Slurm negative.
# `kubectl describe node` after the prompt: NPD's PodOOMKilling event in the events table, its message a 4.x memcg
# selection line (score 2109: memcg badness plus oom_score_adj, above 1000); no kill line.
add("387-kubernikus-321-kubectl-describe-node-events-table-npd-podoomkilling-memcg-selection-hyperkube-score-2109.log",
    GH + "sapcc/kubernikus/pull/321", ["selected_no_kill"], "memcg (Memory cgroup out of memory prefix)",
    constraints=["memcg"], selected_only=[[25169, "hyperkube", 2109]])
# A node-problem-detector event as JSON: its "message" is the 5.x memcg kill line of kubectl (adj 999: a BestEffort
# pod); the poster masked the node name. The JSON's timestamps are the event's, not a log prefix.
add("388-npd-766-json-event-message-memcg-kill-line-kubectl-adj-999-node-name-masked.log",
    GH + "kubernetes/node-problem-detector/issues/766", ["kill"], "memcg (Memory cgroup out of memory prefix)",
    constraints=["memcg"], kills=[kill(3504804, "kubectl", 753508, 58776, 29400, 0, 0, 288, 999)])
# OpenPAI GPU cluster journal (Azure 4.15, `Tainted: P OE`): python (score 998) chosen, its child nvidia-smi (2.8 MB)
# killed in its place (sacrifice child, 4.15) and reaped; in the same second kube-apiserver (adj 982, a container
# cpuset) invokes the OOM killer again: the NEXT report, header only; the next selection line, cut, left out.
add("389-openpai-1687-azure-4.15-journal-sacrifice-python-child-nvidia-smi-killed-reaper-then-kube-apiserver-adj-982-header.log",
    GH + "microsoft/pai/issues/1687", ["kill", "incomplete"], "global (Out of memory: prefix)",
    constraints=["global", None], kills=[kill(8603, "nvidia-smi", 16976, 2808, 0, 0, reaper=[0, 0, 0])],
    selected_only=[[8596, "python", 998]],
    trigger=trig("kube-apiserver", 17084, gfp="0x14200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=982,
                 note="header of the NEXT OOM event"),
    # h-left3: no row of python, no RAM: what its score 998 means is said, and the advice is about python.
    checks=["sacrificed_child_share_unknown"], not_checks=["sacrificed_child_held_little"],
    text_has=["Look at python (pid 8596)"], text_not=["Contain memory-hungry jobs"],
    year_guessed=True)
# A ```bash fence opened by a `# /var/log/syslog` comment: global `oom-kill:` (task_memcg=/), the kill of bitcoind
# (1.5 GiB anon, UID 1001) and its reaper.
add("390-fulcrum-160-bash-fence-syslog-comment-line-global-oom-kill-task-memcg-root-bitcoind-kill-reaper.log",
    GH + "cculianu/Fulcrum/issues/160", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(1659642, "bitcoind", 6718536, 1547428, 0, 0, 1001, 10384, 0, reaper=[0, 0, 0])],
    task_memcg="/", chosen=[1659642, "bitcoind"], year_guessed=True)
# Two unprefixed lines "from kubelet" (the poster's log metric): memcg selection of stress (score 1957) and its kill
# (4.x: no UID/pgtables/adj); then a kubectl go-template command and its output.
add("391-containersolutions-runbooks-45-kubelet-log-metric-memcg-selection-score-1957-and-stress-kill-then-go-template.log",
    GH + "ContainerSolutions/runbooks/issues/45", ["kill"], "memcg (Memory cgroup out of memory prefix)",
    constraints=["memcg"], kills=[kill(1557026, "stress", 256780, 100056, 264, 0, selected_score=1957)])
# GKE (COS 6.1.75+) `dmesg -T` 2024: agentbeat (adj -997) charging a CoW page to its memcg: out_of_memory called from
# try_charge_memcg; cut at the RIP line (left out).
add("392-eck-7760-gke-6.1-dmesgT-agentbeat-adj-minus-997-memcg-try-charge-memcg-wp-page-copy-header-cut.log",
    GH + "elastic/cloud-on-k8s/issues/7760", ["incomplete"], "memcg (stack: out_of_memory called from try_charge_memcg)",
    constraints=["memcg"],
    trigger=trig("agentbeat", 64018, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=-997),
    wall_prefix="2024-05-08T22:10:22")
# GKE 4.4 journal (scale test): a pod's table (4.4 `nr_pmds` column; pause -998), the memcg selection of
# iptables-restor (score 1976) and its kill (no adj on the line: 996 from its row); 5 s later iptables-restor invokes
# the OOM killer again (header and container cpuset: the NEXT report; the rest cut, left out).
add("393-k8s-47865-gke-4.4-journal-nr-pmds-rows-memcg-selection-iptables-restor-1976-kill-then-next-header-adj-996.log",
    GH + "kubernetes/kubernetes/issues/47865", ["kill", "incomplete"], "memcg (Memory cgroup out of memory prefix)",
    constraints=["memcg", None],
    kills=[kill(12226, "iptables-restor", 38828, 15132, 1708, adj=996, adj_source="task table row",
                selected_score=1976)],
    table_rows=[[2003, "pause", -998], [2038, "ip-masq-agent", 996], [12226, "iptables-restor", 996]],
    trigger=trig("iptables-restor", None, gfp="0x24000c0", order=0, oom_score_adj=996,
                 note="header of the NEXT OOM event; no CPU: line"),
    year_guessed=True)
# An OpenPAI GPU node's journal grep: five memcg selections of java over 70 minutes (scores above 1000), no kill lines.
add("394-openpai-1682-gpu-node-journal-five-memcg-selections-java-scores-over-1300-no-kill-lines.log",
    GH + "microsoft/pai/issues/1682", ["selected_no_kill"] * 5, "memcg (Memory cgroup out of memory prefix)",
    constraints=["memcg"] * 5,
    selected_only=[[81107, "java", 1348], [123853, "java", 1312], [127446, "java", 1339], [3231, "java", 1330],
                   [51419, "java", 1335]], year_guessed=True)
# A GCE scale test node's serial console (raw printk stamps): four global selections of a pause process (score 997,
# 48 kB anon each), their kills and reapers; the fourth reaper line, cut, left out.
add("395-k8s-84151-gce-scale-serial-console-four-pause-selections-score-997-kills-reapers-last-reaper-cut.log",
    GH + "kubernetes/kubernetes/issues/84151", ["kill"] * 4, "global (Out of memory: prefix)",
    constraints=["global"] * 4,
    kills=[kill(108650, "pause", 1068, 48, 0, 0, selected_score=997, reaper=[0, 0, 0]),
           kill(108804, "pause", 1068, 48, 0, 0, selected_score=997, reaper=[0, 0, 0]),
           kill(109111, "pause", 1068, 48, 0, 0, selected_score=997, reaper=[0, 0, 0]),
           kill(109221, "pause", 1068, 48, 0, 0, selected_score=997)])
add("396-brain-score-950-slurmstepd-detected-oom-kill-event-stepid-srun-out-of-memory-model-test-userspace-negative.log",
    GH + "brain-score/vision/pull/950", [],
    "n/a (no kernel OOM report: slurmstepd and srun report a cgroup OOM kill of a model test)")
# A Kubernetes node (4.4 syslog with printk stamps): OpenJ9's `JIT Compilation` thread (a comm with a space) invokes
# the OOM killer at adj 952 in a container (64-hex cpuset); raw stack words; the stack cut after dump_stack.
add("397-openj9-4050-k8s-4.4-syslog-jit-compilation-comm-with-space-adj-952-container-cpuset-raw-stack-words-header-cut.log",
    GH + "eclipse-openj9/openj9/issues/4050", ["incomplete"], "not determinable (stack cut after dump_stack)",
    constraints=[None],
    trigger=trig("JIT Compilation", 120669, gfp="0x24000c0", order=0, oom_score_adj=952), year_guessed=True)
# PyTorch's ASAN CI (AWS 4.4) `dmesg -T` 2018: java (cpuset=/) header, raw stack words, `[<addr>]` frames through
# oom_kill_process <- out_of_memory; the caller's line, cut, left out. 4.4's memcg path calls oom_kill_process from
# mem_cgroup_out_of_memory (no out_of_memory frame): out_of_memory is the global path.
add("398-pytorch-5522-asan-ci-aws-4.4-dmesgT-java-cpuset-root-raw-stack-words-oom-kill-process-from-out-of-memory-cut.log",
    GH + "pytorch/pytorch/issues/5522", ["incomplete"],
    "global (stack: oom_kill_process called by out_of_memory, which 4.4's memcg path does not call)",
    constraints=["global"], trigger=trig("java", 31758, gfp="0x24201ca", order=0, oom_score_adj=0),
    wall_prefix="2018-03-02T11:34:55")
# 399+: blind set 13b (h-b13b)
# Helper blind13b: the `pages` corpus gave nothing new; these twelve come from GitHub issue threads (checked against
# the corpus and the other helper's 387-398). Truth written by hand from the text and the kernel's formats before
# oomlens ran on them. Excerpts as the index holds them; a last line the index cut mid-line is left out; host names
# replaced (host01, host02). Themes: MIPS routers (a 2012 header glued to a shell prompt, German prose over a 4.1
# header, OpenWrt 24.10 killing cp at boot, a Chinese note in the middle of a paste), RISC-V (Kendryte K230, 6.6),
# arm64 routers under logread (an unsymbolized call trace; nft and smartdns killed, one paste in Markdown bold), a
# Jetson Nano paste with a page allocation stall line, a sacrificed child, and a panic that is not an OOM.
# After oomlens ran, 401, 402 and 407 got `text_not`/`text_has` for the advice (fixed then): their victims, the task the
# kernel ranked highest, held 1-5 MiB on routers whose RAM the excerpt does not print; "contain memory-hungry jobs"
# alone does not fit there.
# A 2012 OpenWrt router (Buffalo, MIPS; 3.x prints oom_adj and oom_score_adj): the poster's syslog lines, ^C, shell
# prompts, then the console's header glued after `root@host01:/ lr`; raw `[<addr>] 0xaddr` frames (no kallsyms): the
# stack names no function, the constraint cannot be told; the last frame line, cut by the index, left out.
add("399-weimarnetz-8-mips-2012-syslog-lines-shell-prompt-glued-kworker-oom-adj-header-raw-call-trace-cut.log",
    GH + "weimarnetz/weimarnetz/issues/8", ["incomplete"], "not determinable (header, raw-address stack)",
    constraints=[None], trigger=trig("kworker/u:0", None, gfp="0xd0", order=1, oom_score_adj=0, oom_adj=0))
# German prose (`"normale" OOMs`), MIPS 4.1.15: odhcpd's header (0x201da: GFP_HIGHUSER_MOVABLE|__GFP_COLD, a page
# cache read), `Stack :` words, raw-address call trace; cut.
add("400-weimarnetz-249-de-mips-4.1-odhcpd-header-stack-words-raw-call-trace-cut.log",
    GH + "weimarnetz/weimarnetz/issues/249", ["incomplete"], "not determinable (header, raw-address stack)",
    constraints=[None], trigger=trig("odhcpd", 1108, gfp="0x201da", order=0, oom_score_adj=0))
# ImmortalWrt 5.4 (MIPS): the table's tail, `oom-kill:` (global_oom), the kill of dnsmasq (4.7 MiB), then netifd's
# header 23 ms later; the poster's `...`, a Chinese note ("deleted the similar part for the length limit"), `...`,
# and a CPU line and first Stack line of a third OOM 2445 s later whose header the poster deleted (ntpd-hotplug):
# that CPU line is not netifd's (its header printed no pid).
add("401-immortalwrt-731-zh-5.4-rows-dnsmasq-kill-then-netifd-header-elided-chinese-note-ntpd-hotplug-cpu-line.log",
    GH + "immortalwrt/immortalwrt/issues/731", ["kill", "incomplete"], "global (global_oom)",
    constraints=["global", None],
    kills=[kill(6444, "dnsmasq", 6484, 3668, 1156, 0, 0, 24, 0)], task_memcg="/", chosen=[6444, "dnsmasq"],
    table_rows=[[6444, "dnsmasq", 0], [14559, "dns2tcp", 0], [4725, "smbd-notifyd", 0]],
    text_not=["Contain memory-hungry jobs"], text_has=["before containing any job"],
    trigger=trig("netifd", None, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0,
                 note="header of the NEXT OOM event; the CPU line after the elision is a later event's"))
# OpenWrt 24.10 (lantiq, MIPS, 6.6) at boot (21 s): the kill of cp (896 kB of its 1 MiB is shmem: copying into
# tmpfs), the shell's `Killed`, then init's header (its CPU line lost the `CPU: N`: ` PID: 1 Comm: init`), `Stack :`
# words and a raw-address trace; cut.
add("402-openwrt-18005-lantiq-mips-6.6-boot-cp-kill-shmem-then-killed-and-init-header-no-cpu-word-raw-trace-cut.log",
    GH + "openwrt/openwrt/issues/18005", ["kill", "incomplete"], "global (Out of memory: prefix; first event)",
    constraints=["global", None], kills=[kill(300, "cp", 1508, 128, 0, 896, 0, 20, 0)],
    text_not=["Contain memory-hungry jobs", "oomlens run"], text_has=["before containing any job", "a router or a small board"],
    not_checks=["shmem_dominant"],
    trigger=trig("init", 1, gfp="0x40cc0(GFP_KERNEL|__GFP_COMP)", order=0, oom_score_adj=0,
                 note="header of the NEXT OOM event"))
# RISC-V (Kendryte K230D, 6.6) Debian boot on a small board: systemd (PID 1) at 7.8 s, stack
# `out_of_memory` from `__alloc_pages` (global); cut by the index.
add("403-k230-linux-sdk-9-riscv-6.6-boot-systemd-pid1-header-stack-alloc-pages-cut.log",
    GH + "kendryte/k230_linux_sdk/issues/9", ["incomplete"], "global (stack: out_of_memory called by __alloc_pages)",
    constraints=["global"], trigger=trig("systemd", 1, gfp="0x40cc0(GFP_KERNEL|__GFP_COMP)", order=0, oom_score_adj=0))
# OpenMPTCProuter (4.x) lines in backticks: netifd selected (score 1), its child udhcpc killed (32 kB anon: a
# sacrificed child), then `free` outputs.
add("404-openmptcprouter-465-selection-netifd-kill-of-child-udhcpc-in-backticks-free-output.log",
    GH + "Ysurac/openmptcprouter/issues/465", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(4420, "udhcpc", 1096, 32, 0, 0)], selected_only=[[2978, "netifd", 1]])
# OpenWrt logread (6.x rows with rss_anon/rss_file/rss_shmem), the `oom-kill:` and kill lines wrapped in Markdown
# bold (`**` before the first, after the last): smartdns (855 MiB anon) killed; daemon lines after.
add("405-smartdns-2444-openwrt-logread-6.x-rows-bold-markdown-oom-kill-and-smartdns-kill-then-daemon-lines.log",
    GH + "pymumu/smartdns/issues/2444", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(1247, "smartdns", 3726576, 875928, 0, 0, 0, 7328, 0)], task_memcg="/", chosen=[1247, "smartdns"],
    table_rows=[[7091, "dnsmasq", 0], [7162, "smbd", 0]], wall_prefix="2026-08-07T08:24:06")
# OpenWrt logread, arm64 6.6 (Netis NX32U): xray's header, `Tainted: G O`, a call trace of bare hashed addresses
# (no symbols): the constraint cannot be told; cut.
add("406-passwall2-1034-arm64-6.6-logread-xray-header-unsymbolized-call-trace-cut.log",
    GH + "Openwrt-Passwall/openwrt-passwall2/issues/1034", ["incomplete"], "not determinable (unsymbolized stack)",
    constraints=[None], trigger=trig("xray", 29121, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0,
                                     oom_score_adj=0), wall_prefix="2026-02-25T14:49:57")
# ramips router (TP-Link Archer C5 v4, 5.x): the table's tail, `oom-kill:` without cpuset (5.0-5.x), the kill of
# hostapd, the largest task, holding 1.1 MiB (156 kB anon): user space held little; the reaper line, cut, left out.
add("407-openwrt-pr-2174-ramips-rows-oom-kill-hostapd-kill-tiny-anon-file-rss-reaper-cut.log",
    GH + "openwrt/openwrt/pull/2174", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(4183, "hostapd", 3508, 156, 960, 0, 0, 24, 0)], task_memcg="/", chosen=[4183, "hostapd"],
    table_rows=[[806, "logread", 0], [4183, "hostapd", 0], [4349, "ubus", 0]],
    text_not=["Contain memory-hungry jobs", "oomlens run"], text_has=["before containing any job", "a router or a small board"])
# A Markdown table (Xiaomi AX3000T, 256 MB, 6.6), then logread lines in single backticks on their own lines: nft's
# row, `oom-kill:`, the kill of nft (114 MiB anon: a large ruleset load); an image tag after.
add("408-passwall2-1055-arm64-6.6-logread-nft-row-oom-kill-and-kill-in-inline-code-table-prose.log",
    GH + "Openwrt-Passwall/openwrt-passwall2/issues/1055", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(5064, "nft", 122728, 116840, 0, 0, 0, 272, 0)], task_memcg="/", chosen=[5064, "nft"],
    table_rows=[[5064, "nft", 0]], wall_prefix="2026-03-17T18:23:55")
# Jetson Nano (4.9), retyped by the poster (`GFP_KERNAL_ACCOUNT`, `kthreadd`/`kthread`): a page allocation stall
# line (warn_alloc, not an OOM), kthread's order-2 header (a fork's kernel stack) and the selection of python3
# (score 266); no kill line; a Chinese reply after.
add("409-deep-sort-yolov3-111-jetson-nano-page-allocation-stalls-kthread-header-selection-unprefixed-zh-reply.log",
    GH + "Qidian213/deep_sort_yolov3/issues/111", ["selected_no_kill"], "global (Out of memory: prefix)",
    constraints=["global"], selected_only=[[7248, "python3", 266]],
    trigger=trig("kthread", None, gfp="0x27080c0(GFP_KERNEL_ACCOUNT|__GFP_ZERO|__GFP_NOTRACK)", order=2,
                 oom_score_adj=0),
    # h-left3: the `page allocation stalls for 10004ms` line before the header.
    checks=["alloc_stall"], text_has=["had waited 10.0 s for memory"])
add("410-meta-drono-24-arm-3.18-attempted-to-kill-init-panic-padded-lines-not-oom-negative.log",
    GH + "Dronolab/meta-drono/issues/24", [],
    "n/a (no OOM report: `Kernel panic - not syncing: Attempted to kill init!`, init (sh) exited at boot)")
# 411+: blind set 14a (h-b14a)
# Helper blind14a: twelve GitHub threads from the `issues` corpus, checked against the corpus README sources, the
# shared corpus and the other helper's 423-434. Truth written by hand from the text and the kernel's formats before
# oomlens ran on them. Excerpts as the index holds them; a last line the index cut mid-line is left out; host names
# replaced (host01). Themes: recent kernels (6.1 AL2023, 6.6 and 6.14 Qubes VMs, 5.10 Android with MGLRU), journald's
# short-precise output, console logs with a `[YYYY-MM-DD HH:MM:SS]` prefix before the printk stamp, a line-numbered
# dmesg paste, an Android logcat, a serial console with systemd's `[  OK  ]` boot lines, memcg v2 `memory.stat` lines
# as journald's continuation lines, rows-only fragments, and a negative (systemd's boot lines naming systemd-oomd).
# `dmesg` lines numbered by the poster's viewer (`  1 [57539.949044] ...`): five global kills, each with UID and
# pgtables (5.x+); fluvial_facies held 156 GiB anon, the others 7-9 GiB: separate OOMs hours apart.
add("411-ert-9320-numbered-dmesg-lines-five-global-kills-fluvial-facies-160g-anon-eclipse-rms-uid.log",
    GH + "equinor/ert/issues/9320", ["kill"] * 5, "global (Out of memory: prefix)", constraints=["global"] * 5,
    kills=[kill(328391, "fluvial_facies", 167572220, 163272252, 0, 0, 322617, 327568, 0),
           kill(1597132, "eclipse.exe", 8069004, 7239092, 0, 0, 30521, 15480, 0),
           kill(1595933, "rms", 14655464, 8908940, 0, 0, 368287, 19908, 0),
           kill(1596142, "rms", 15583780, 9804376, 0, 0, 368287, 21656, 0),
           kill(1596008, "rms", 15702684, 9901112, 0, 0, 368287, 21788, 0)])
# An Ubuntu guest's serial console at boot: systemd's `[  OK  ]`/`Starting`/`[FAILED]` lines around one printk line,
# the memcg kill of systemd (pid 457, 2.7 MiB anon) at 5.8 s; the thread's journal shows PID 1 writing memory.max
# below the usage (memory_max_write), not in this excerpt. The poster's `...` kept.
add("412-propolis-439-ubuntu-guest-serial-console-boot-ok-lines-memcg-kill-systemd-2m-anon.log",
    GH + "oxidecomputer/propolis/issues/439", ["kill"], "memcg (Memory cgroup out of memory prefix)",
    constraints=["memcg"], kills=[kill(457, "systemd", 18312, 2788, 16, 0, 0, 72, 0)])
# Amazon Linux 2023 (6.1) builder, `journalctl -o short-precise` (`May 02 04:20:48.301645 host kernel: `, no year):
# the global kill of python3 (484 MiB anon, UID 1001) alone.
add("413-scylla-cluster-tests-10809-al2023-6.1-short-precise-journal-global-kill-python3-uid-1001.log",
    GH + "scylladb/scylla-cluster-tests/issues/10809", ["kill"], "global (Out of memory: prefix)",
    constraints=["global"], kills=[kill(3100, "python3", 1784752, 495996, 0, 0, 1001, 1468, 0)], year_guessed=True)
# Qubes OS sys-net VM (6.14.9) console log: `[2025-06-04 17:51:20] [   21.647573] ` (the console logger's local
# time, then the printk stamp). Two excerpts of one report as the index holds them (the rows between pid 329 and
# 971 are not in the index; a cut row left out): show_mem's tail (72605 pages RAM = 283 MiB, 18187 reserved, swap
# 60 MiB used of 1 GiB), the 6.8+ table head and rows, then the global kill of the user's systemd (pid 886, UID 1000,
# adj 100: user@.service's default), 8.6 MiB: the VM had too little RAM at boot, the kill freed almost nothing.
add("414-qubes-9989-6.14-console-log-bracket-datetime-prefix-show-mem-tail-rss-anon-rows-two-excerpts-user-systemd-killed-adj-100.log",
    GH + "QubesOS/qubes-issues/issues/9989", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(886, "systemd", 29832, 2832, 5956, 0, 1000, 100, 100)],
    table_rows=[[324, "qubesdb-daemon", 0], [329, "haveged", 0], [971, "xinit", 0], [979, "qubes.SetMonito", 0],
                [1026, "Xorg", 0], [1028, "(udev-worker)", 0]],
    wall_prefix="2025-06-04T17:51:20")
# Qubes sys-net (6.6.77, Xen HVM) console log at boot: an EXT4 mount line, then cp's header (a zeroed anonymous page,
# GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), `<TASK>` stack out_of_memory <- __alloc_pages_slowpath; cut by the
# index in the stack.
add("415-qubes-core-agent-linux-540-6.6-console-log-prefix-boot-ext4-line-cp-header-zeroed-page-stack-cut.log",
    GH + "QubesOS/qubes-core-agent-linux/pull/540", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_slowpath)", constraints=["global"],
    trigger=trig("cp", 427, gfp="0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO)", order=0, oom_score_adj=0),
    wall_prefix="2025-02-19T05:55:58")
# Android 12 phone (arm64, 5.10 with MGLRU backported) in logcat form (`07-11 20:47:41.300   156   156 W       : `,
# no year): kswapd0's header, arm64 `Call trace:` in which out_of_memory is called by lru_gen_age_node (MGLRU's
# aging from kswapd's balance_pgdat: an oom_control with no memcg, so a global OOM); cut by the index.
add("416-zen-kernel-288-android-logcat-arm64-5.10-kswapd0-header-mglru-lru-gen-age-node-calls-out-of-memory-cut.log",
    GH + "zen-kernel/zen-kernel/issues/288", ["incomplete"],
    "global (stack: out_of_memory called by lru_gen_age_node, kswapd's MGLRU aging, with no memcg)",
    constraints=["global"],
    trigger=trig("kswapd0", 156, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0))
# systemd CI (Azure 4.15 VM with ASAN): the excerpt starts at PID 1's CPU line (the header line is before it), stack
# out_of_memory <- __alloc_pages_slowpath in a page-cache fault, RIP/RSP lines; the RAX line, cut, left out.
add("417-systemd-12661-azure-4.15-pid1-cpu-line-first-page-cache-fault-stack-asan-regs-cut.log",
    GH + "systemd/systemd/pull/12661", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_slowpath)", constraints=["global"],
    trigger=trig("systemd", 1, note="from the CPU: line; the header is not in the excerpt"))
add("418-docker-desktop-feedback-609-dmesg-grep-oom-systemd-oomd-socket-lines-no-kernel-report-negative.log",
    GH + "docker/desktop-feedback/issues/609", [],
    "n/a (no kernel OOM report: `dmesg | grep -A5 oom` found only systemd's boot line for systemd-oomd's socket)")
# AWS host syslog with printk stamps 318 days into uptime: ten rows of a 4.19+ table (pgtables_bytes, 7-digit pids),
# aquarium-fish first with 3897019 pages (14.9 GiB) rss; no header, no kill; the last row, cut, left out.
add("419-aquarium-fish-64-aws-syslog-uptime-318-days-seven-digit-pid-rows-only-aquarium-fish-15g-rss.log",
    GH + "adobe/aquarium-fish/issues/64", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None],
    table_rows=[[1034175, "aquarium-fish", 0], [1034208, "systemd-hostnam", 0], [1034216, "systemd-udevd", 0]],
    year_guessed=True)
# CentOS 7 (3.10) CI node, journalctl short-precise (`Mar 27 20:01:13.703932 host kernel: `): ten rows of the 3.10
# table (nr_ptes, swapents; sshd -1000); no header, no kill; the last row, cut, left out.
add("420-cortx-hare-839-centos7-3.10-short-precise-journal-nr-ptes-rows-only-sshd-adj-minus-1000.log",
    GH + "Seagate/cortx-hare/issues/839", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None], table_rows=[[1189, "sshd", -1000], [1199, "beam.smp", 0], [1616, "qmgr", 0]],
    year_guessed=True)
# A mount-s3 service's OOM (`Failed with result 'oom-kill'`), journalctl: the tail of memory_stat_format()'s block
# (workingset_*, pg*, thp_*) that journald shows as continuation lines of one message (51 spaces), then `Tasks state`;
# the next line, cut, left out. Only mem_cgroup_print_oom_meminfo() prints memory.stat in an OOM report (a global OOM
# prints show_mem's Mem-Info instead): a memcg OOM.
add("421-mountpoint-s3-1206-journal-memcg-v2-memory-stat-continuation-lines-then-tasks-state-cut.log",
    GH + "awslabs/mountpoint-s3/issues/1206", ["incomplete"],
    "memcg (memory.stat lines: printed by mem_cgroup_print_oom_meminfo, only for a memcg OOM)", constraints=["memcg"])
# Pop!_OS 5.3 dmesg: pop-upgrade's header, stack out_of_memory <- __alloc_pages_slowpath in a page-cache fault
# (filemap_fault); cut by the index.
add("422-ns-usbloader-40-pop-os-5.3-pop-upgrade-header-page-cache-fault-stack-cut.log",
    GH + "developersu/ns-usbloader/issues/40", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_slowpath)", constraints=["global"],
    trigger=trig("pop-upgrade", 1825, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0))
# 423+: blind set 14b (h-b14b)
# Helper b14b: twelve reports from GitHub issue threads (ML training and inference jobs, containers, partial and
# mangled pastes, four negatives), checked against the corpus and the other helpers' worktrees. Truth written by
# hand from the text and the kernel's formats before oomlens ran on them.
# A neon (DeepSpeech) training job on a 24 GB machine: `I found this msg by dmsg`, the 4.x selection of python
# (score 974) and its kill (no shmem-rss: before 4.5); after the poster's next comment line, a lone kill line of
# another python 239318 s later (batch size 8): no selection line, so its constraint cannot be told.
add("423-neon-deepspeech-48-dmsg-python-training-selection-score-974-kill-then-lone-kill-line-days-later.log",
    GH + "NervanaSystems/deepspeech/issues/48", ["kill", "kill"],
    "global (Out of memory: prefix; second event: a bare kill line, not determinable)", constraints=["global", None],
    kills=[kill(25635, "python", 55518724, 23902876, 154436, selected_score=974),
           kill(9666, "python", 53893188, 23892380, 152808)])
# SRGAN (TensorFlow) on Ubuntu 4.4 with the nvidia module (`Tainted: P OE`): python's header with `cpuset=/`, raw
# stack words, the `[<addr>]` stack through out_of_memory from __alloc_pages_slowpath (4.4's memcg path does not call
# out_of_memory): global. The index's excerpt ends in a frame (the cut frame left out).
add("424-tensorflow-9419-srgan-ubuntu-4.4-python-header-cpuset-root-tainted-p-oe-raw-stack-words-cut.log",
    GH + "tensorflow/tensorflow/issues/9419", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_slowpath)", constraints=["global"],
    trigger=trig("python", 3557, gfp="0x24280ca", order=0, oom_score_adj=0))
# Triton inference server on Azure 5.4 (GPU node): network, nvidia-modeset and perf lines, then python3's header
# (GFP_KERNEL, `Tainted: P OE`) and a page fault's charge through mem_cgroup_out_of_memory / try_charge: memcg. Another
# report of the same post (196) is in the corpus; this one is 8423 s earlier. The cut last frame left out.
add("425-triton-4154-azure-5.4-nvidia-modeset-perf-lines-then-python3-memcg-try-charge-page-fault-header-cut.log",
    GH + "triton-inference-server/server/issues/4154", ["incomplete"],
    "memcg (stack through mem_cgroup_out_of_memory / try_charge)", constraints=["memcg"],
    trigger=trig("python3", 97420, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0))
# openEO on Kubernetes (cgroup v2, containerd), `dmesg -T` 2023: the tail of the memcg's memory.stat printed one
# stat a line in bytes (slab_reclaimable 1253376 ...), the task table (pause -998, tini/java/python3 -997: a
# Guaranteed pod), and the `oom-kill:` line of CONSTRAINT_MEMCG cut by the index inside its oom_memcg
# (`/kubepods.slice/kubepods-pode3567859_73e8`): no kill line, no task=.
add("426-openeo-496-k8s-dmesgT-2023-cgroup-v2-stat-lines-in-bytes-rows-adj-997-python3-java-memcg-oom-kill-cut-in-oom-memcg.log",
    GH + "Open-EO/openeo-geopyspark-driver/issues/496", ["incomplete"], "memcg (CONSTRAINT_MEMCG)",
    constraints=["memcg"], memcg_elided=True,
    table_rows=[[3642554, "pause", -998], [3643097, "tini", -997], [3643132, "java", -997],
                [3757353, "python3", -997], [3757632, "python3", -997]],
    wall_prefix="2023-12-19T12:22:11")
# A snakemake rule under Slurm (newer slurmstepd wording: `Detected 2 oom_kill events in StepId=JOBID.13. Some of
# the step tasks have been OOM Killed.`) and srun's `Out Of Memory`: no kernel line (the node name was `NODE`).
add("427-snakemake-slurm-371-slurmstepd-detected-2-oom-kill-events-underscore-wording-srun-out-of-memory-userspace-negative.log",
    GH + "snakemake/snakemake-executor-plugin-slurm/pull/371", [],
    "n/a (no kernel OOM report: slurmstepd counted OOM kills in the step's cgroup)")
# Kubernetes docs (a PR fixing a space): the kubectl event `Warning OOMKilling  Memory cgroup out of memory: Kill
# process 4481 (stress) score 1994 or sacrifice child` in inline code whose closing backtick is on the next line:
# a memcg selection only (score 1994 > 1000: the raised adj of a container process).
add("428-k8s-website-12576-kubectl-event-warning-oomkilling-memcg-selection-stress-score-1994-inline-code-backtick-next-line.log",
    GH + "kubernetes/website/pull/12576", ["selected_no_kill"], "memcg (Memory cgroup out of memory prefix)",
    constraints=["memcg"], selected_only=[[4481, "stress", 1994]])
# systemd's oomd test suite journal: systemd-oomd kills a service's cgroup for memory pressure (its line cut by the
# pager, `be>`), systemd says `systemd-oomd killed 2 process(es) in this unit.`: a userspace kill, no kernel line.
add("429-systemd-20690-testsuite-journal-systemd-oomd-killed-service-memory-pressure-pager-cut-unit-lines-userspace-negative.log",
    GH + "systemd/systemd/pull/20690", [],
    "n/a (no kernel OOM report: systemd-oomd killed the unit's cgroup for memory pressure)")
# Arch 5.9 with the nvidia driver: a code fence glued to the first line, picom's order-4 GFP_KERNEL page allocation
# failure (kmalloc from nvkms_alloc): warn_alloc, no OOM kill. The cut frame left out.
add("430-picom-540-arch-5.9-fence-glued-picom-order4-gfp-kernel-comp-nvidia-modeset-page-allocation-failure-negative.log",
    GH + "yshui/picom/issues/540", [], "n/a (no OOM report: page allocation failure)")
# Ray Datasets on AWS 5.3: the global `oom-kill:` of a Ray worker whose comm is cut at 15 bytes (`ray::_shuffle_m`,
# task_memcg=/user.slice), its kill (5.3: no UID/pgtables/adj on the line) and reaper, then worker.io's header 2 s
# later and its stack through __alloc_pages_slowpath/filemap_fault (global); the index's excerpt ends there.
add("431-ray-23450-datasets-aws-5.3-global-oom-kill-ray-shuffle-worker-15-char-comm-kill-reaper-then-worker-io-header-filemap-fault-cut.log",
    GH + "ray-project/ray/issues/23450", ["kill", "incomplete"], "global (global_oom)", constraints=["global", "global"],
    kills=[kill(16832, "ray::_shuffle_m", 33905928, 6481792, 0, 64, reaper=[0, 0, 64])], task_memcg="/user.slice",
    chosen=[16832, "ray::_shuffle_m"],
    trigger=trig("worker.io", 17218, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0,
                 note="header of the NEXT OOM event"))
# docker/for-linux: AWS syslog (host replaced), nine 4.x task-table rows (`nr_ptes nr_pmds swapents`) of
# docker-containerd shims (comm cut at 15 bytes, adj -999); nothing else in the index's excerpt.
add("432-docker-for-linux-759-aws-4.x-syslog-table-rows-only-docker-containe-adj-999-nr-pmds.log",
    GH + "docker/for-linux/issues/759", ["incomplete"], "not determinable (task-table rows only)", constraints=[None],
    table_rows=[[3942, "docker-containe", -999], [3943, "docker-containe", -999], [4532, "docker-containe", -999]],
    year_guessed=True)
# HAFS on NOAA's Orion (node names replaced): the older slurmstepd wording `Detected 1 oom-kill event(s) in step
# 3495064.0 cgroup.`, srun's `Out Of Memory` and the step's cancel, then another job's bus error: no kernel line.
add("433-hafs-101-orion-slurmstepd-detected-oom-kill-event-in-step-old-wording-srun-out-of-memory-bus-error-cancelled-userspace-negative.log",
    GH + "hafs-community/HAFS/issues/101", [],
    "n/a (no kernel OOM report: slurmstepd counted an OOM kill in step 3495064.0's cgroup)")
# The WCA site's PR thread: 4.x task-table rows (uid 690824: a container's mapped uid) pasted double-spaced, a blank
# line after every row; ruby workers and their sh parents, adj 0; the cut last row left out.
add("434-wca-1690-rows-only-double-spaced-blank-lines-uid-690824-ruby-sh-nr-pmds.log",
    GH + "thewca/worldcubeassociation.org/pull/1690", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None], table_rows=[[73467, "ruby", 0], [73502, "ruby", 0], [73548, "sh", 0]])
# 435+: blind set 15a (h-b15a)
# Helper b15a: twelve reports from GitHub issue threads (ML training and inference jobs in containers, LXD, Home
# Assistant OS, two negatives), checked against the corpus, the shared corpus and the other helpers' worktrees. Truth
# written by hand from the text and the kernel's formats before oomlens ran on them. Excerpts as the index holds them;
# a last line the index cut mid-line is left out; host names replaced (host01), a node's IPs and MAC replaced.
# open-webui (audio compression in a Docker container, 6.x): `sudo dmesg | grep -i oom` in a fence: python3's header
# (no CPU line: grep), three frames, the 6.8+ rss_anon table header, the `oom-kill:` summary of a GLOBAL OOM whose
# victim sat in a docker scope (cpuset/task_memcg docker-<id>.scope: no container limit was reached), the kill of
# python3 (11.7 GiB anon); 330,000 s later node's header, frames and table header (the cut `oom-kill:` left out).
add("435-open-webui-21515-6.x-dmesg-grep-oom-python3-docker-scope-global-kill-then-node-header-rss-anon-table-header.log",
    GH + "open-webui/open-webui/issues/21515", ["kill", "incomplete"], "global (global_oom)",
    constraints=["global", "global"],
    kills=[kill(2684, "python3", 18313196, 12303860, 548, 0, 0, 25904, 0)],
    task_memcg="/system.slice/docker-5452ab8a000db5d2a6305f6990387f92c064e692b3d972e42949de841a2eb405.scope",
    chosen=[2684, "python3"],
    trigger=trig("python3", None, gfp="0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO)", order=0,
                 oom_score_adj=0, note="grep kept no CPU: line"),
    # The container reached no limit of its own: its limit is what to set, where it is started.
    text_has=["ran in a container that reached no limit of its own", "`docker run --memory SIZE`"],
    text_not=["oomlens run --limit"])
# languagemodels (LLM inference on the CPU): a 5.x kill line of python (12.8 GiB anon, UID 1000) pasted in inline code
# whose closing backtick is on the next line; the poster's second, cut `oom-kill:` line left out.
add("436-languagemodels-31-inline-code-dmesg-kill-line-python-llm-inference-13g-anon-backtick-next-line.log",
    GH + "jncraton/languagemodels/issues/31", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(336943, "python", 20061840, 13408616, 128, 0, 1000, 27924, 0)])
# agent-zero (Whisper in Docker Desktop's 2 GiB VM): a bulleted fence, indented by two, holding one kill line the
# poster cut with `…` after anon-rss: file-rss, shmem-rss, UID, pgtables and adj unknown. `Out of memory:` is the
# global prefix: the VM ran out (the post blames the container's ~1.4 GiB share; the kernel's line does not say so).
add("437-agent-zero-576-docker-desktop-vm-whisper-python-kill-line-cut-by-ellipsis-after-anon-rss-indented-fence.log",
    GH + "agent0ai/agent-zero/issues/576", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(404, "python", 2304112, 1107344, None)])
# mozilla/DeepSpeech training (GTX 1080 box): a syslog grep'ed for `oom` (4.14-4.18: `nodemask=(null)`,
# pgtables_bytes): gsd-color's header, one frame and the table header; 29 s later python's header, frame, table
# header and the reaper of python 29918 2.4 s later (the `Kill process`/`Killed process` lines hold no `oom`: the
# kill's sizes are not printed). grep kept no frame that tells global from memcg. The poster's end marker kept.
add("438-deepspeech-2055-syslog-grep-oom-4.15-gsd-color-header-then-python-training-header-reaper-no-kill-line.log",
    GH + "mozilla/DeepSpeech/issues/2055", ["incomplete", "kill"],
    "not determinable (grep kept only oom_kill_process frames; no oom-kill: or kill line)", constraints=[None, None],
    kills=[kill(29918, "python", None, None, None, None, None, None, None, reaper=[0, 0, 0])],
    trigger=trig("python", None, gfp="0x14200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0,
                 note="grep kept no CPU: line; gsd-color's header 29 s earlier has the same gfp"),
    year_guessed=True)
# The same thread, another poster: syslog rows of a 4.x table (nr_ptes nr_pmds swapents) inside inline code whose
# opening backtick is glued to the first stamp; python3 holds 7485317 pages (28.6 GiB) and 949207 swapents; the
# index's cut last row left out.
add("439-deepspeech-2055-syslog-backtick-glued-4.x-nr-pmds-rows-only-python3-28g-rss-949207-swapents.log",
    GH + "mozilla/DeepSpeech/issues/2055", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None], table_rows=[[770, "bash", 0], [25571, "script", 0], [4727, "python3", 0]],
    year_guessed=True)
# OpenPAI (a Keras job in a Docker container): prose quoting the selection cut before its score
# (`Memory cgroup out of memory: Kill process 17811 (python3)`), then a `> `-quoted shell session: ifconfig, and
# `dmesg -T | grep oom -C 100` whose one kept line is the memcg v1 `memory: usage 184320000kB, limit 184320000kB`
# (175.8 GiB, usage at the limit; the next, cut, line left out). memory: is printed only for a memcg OOM. The kinds
# are not checked: the text holds one report's selection (cut) and its memory line, no kill line.
add("440-openpai-1089-keras-job-quoted-dmesgT-2018-memcg-v1-usage-at-175g-limit-prose-selection-cut-before-score.log",
    GH + "microsoft/pai/issues/1089", None,
    "memcg (memory: usage at its limit, printed only by mem_cgroup_print_oom_meminfo; the quoted Memory cgroup out "
    "of memory selection)", limit_kb=184320000, wall_prefix="2018-08-16T09:05:19")
# nf-core/mag (SemiBin2, a deep-learning binner, in Docker): three bare 5.x memcg kill lines with blank lines between
# (36, 99 and 348 GiB anon, UID 1007, adj 0), then the poster's config and `--memory 147456m` (144 GiB): each kill
# is its own run's container limit (the 348 GiB one ran under a larger limit than the 144 GiB quoted).
add("441-nf-core-mag-996-semibin2-docker-memcg-three-bare-kill-lines-blank-lines-between-348g-anon-uid-1007.log",
    GH + "nf-core/mag/issues/996", ["kill"] * 3, "memcg (Memory cgroup out of memory prefix)",
    constraints=["memcg"] * 3,
    kills=[kill(1739457, "SemiBin2", 472319276, 36381296, 113872, 0, 1007, 145912, 0),
           kill(3556228, "SemiBin2", 477333324, 104084912, 112924, 0, 1007, 304708, 0),
           kill(2722988, "SemiBin2", 473160272, 364931412, 113376, 0, 1007, 812484, 0)])
# LXD 4.18 (snap), `dmesg -T` 2021, cgroup v2: the memcg OOM of container c2035 (oom_memcg=/lxc.payload.c2035)
# killed the container's init (pid 4496, 1.1 MiB anon: not what filled the limit) and its reaper; the container did
# not come back.
add("442-lxc-4029-lxd-snap-dmesgT-2021-cgroup-v2-memcg-oom-kill-lxc-payload-container-init-killed-reaper.log",
    GH + "lxc/lxc/issues/4029", ["kill"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(4496, "init", 33260, 1124, 8, 0, 0, 104, 0, reaper=[0, 0, 0])],
    memcg="/lxc.payload.c2035", task_memcg="/lxc.payload.c2035", chosen=[4496, "init"],
    wall_prefix="2021-09-19T20:44:49", checks=["container_init_killed"])
# Home Assistant OS on an ODROID, journalctl (no printk stamps): ten rows of a 4.19+ table (pgtables_bytes): the
# containerd-shim at -399, the add-ons at 200, and `npm start --set`, a 15-byte comm with spaces; the cut row left out.
add("443-haos-2353-odroid-journalctl-rows-only-containerd-shim-adj-minus-399-addons-adj-200-comm-npm-start-with-spaces.log",
    GH + "home-assistant/operating-system/issues/2353", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None],
    table_rows=[[7145, "containerd-shim", -399], [8266, "npm start --set", 200], [8347, "node-red", 200]],
    year_guessed=True)
# Home Assistant on a Raspberry Pi 3 (arm64 4.19), `dmesg -T` 2020: the index's excerpt starts at python3's cpuset
# line (a docker container id), CPU line, arm64 `Call trace:` out_of_memory <- __alloc_pages_nodemask (global), then
# Mem-Info's first line and two of its continuation lines (the cut one left out).
add("444-ha-core-42636-rpi3-arm64-4.19-dmesgT-2020-python3-docker-cpuset-first-arm64-call-trace-meminfo-continuations-cut.log",
    GH + "home-assistant/core/issues/42636", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_nodemask)", constraints=["global"],
    trigger=trig("python3", 160598, note="from the CPU: line; the header line is not in the excerpt"),
    wall_prefix="2020-10-30T12:54:56")
# PyTorch DDP training killed after hours in Docker: the poster's dmesg -T shows only veth/docker0 lines.
add("445-pytorch-8976-ddp-training-killed-dmesgT-2022-only-docker-veth-lines-no-oom-negative.log",
    GH + "pytorch/pytorch/issues/8976", [],
    "n/a (no OOM report: docker's veth and bridge lines after the container stopped)")
# ComfyUI under earlyoom: its journal lines (SIGTERM to python3.13 at 29-30 GiB VmRSS, process_mrelease): a
# userspace killer, no kernel line.
add("446-comfyui-15276-debian-journal-earlyoom-sigterm-python3.13-comfyui-30g-vmrss-process-mrelease-userspace-negative.log",
    GH + "Comfy-Org/ComfyUI/issues/15276", [], "n/a (no kernel OOM report: earlyoom's SIGTERMs, a userspace killer)")
# 447+: blind set 15b (h-b15b)
# Helper b15b: twelve reports for the less common causes and their look-alikes (issue 12 point 8): a NUMA memory
# policy OOM, GPU drivers (i915's "Purging GPU memory" notifier, an amdgpu iGPU box), a ZFS host's kswapd OOM, SysRq-f
# whose notifier freed pages, an order-3 skb allocation on armv5, 32-bit ARM and MIPS boards, and negatives (page
# allocation failures, Mem-Info blocks without an OOM line). Checked against the corpus, the shared corpus and the
# other helpers' worktrees. Truth written by hand from the text and the kernel's formats before oomlens ran on them.
# Excerpts as the index holds them; a last line the index cut mid-line is left out; host names replaced (host01).
LORE_ALL = "https://lore.kernel.org/all/"
# A patch mail (per-node OOM for CONSTRAINT_MEMORY_POLICY): the patched kernel's task table has an extra
# `(01)nrss` column (rss on node 1) between rss and pgtables_bytes; the oom-kill line names nodemask=1 (the policy's
# nodes) and mems_allowed=0-2; a.out (13135) killed, 2.6 GB anon; the reaper line. The kernel's meaning: the nodes
# the allocation's memory policy allows ran out, not the machine.
add("447-lore-linux-mm-2022-05-mempolicy-oom-patch-extra-nrss-column-table-a-out-kill-reaper.log",
    LORE_ALL + "20220512044634.63586-6-ligang.bdlg@bytedance.com/", ["kill"],
    "mempolicy (CONSTRAINT_MEMORY_POLICY)", constraints=["mempolicy"],
    kills=[kill(13135, "a.out", 3148072, 2697304, 1360, 0, 0, 5312, 0, reaper=[0, 0, 0])],
    task_memcg="/user.slice/user-0.slice/session-3.scope", chosen=[13135, "a.out"],
    table_rows=[[1011, "node", 0], [12399, "a.out", 0], [13135, "a.out", 0], [13295, "sh", 0]],
    summary_not=["the machine ran out"])
# Russian-locale journal (`июл 31`, no year) with i915: the table's last rows (4.19+ layout; python3 3317 has
# 3372342 swapents = 12.9 GiB in swap beside 296 MiB resident), `oom-kill:` (global), the kill of python3, then four
# i915 `Purging GPU memory` lines (the shrinker/OOM notifier found nothing to free). The XIO line after, cut by the
# index, left out.
add("448-le9-patch-10-ru-journal-i915-rows-python3-13g-swap-global-kill-purging-gpu-memory-lines.log",
    GH + "hakavlad/le9-patch/issues/10", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(3317, "python3", 13837496, 299948, 3796, 0, 1000, 27132, 0)],
    task_memcg="/user.slice/user-1000.slice/session-6.scope", chosen=[3317, "python3"],
    table_rows=[[3317, "python3", 0], [3382, "Web Content", 0], [3422, "python3", 0], [3462, "RDD Process", 0]],
    year_guessed=True,
    # After oomlens ran (fixed then): the explanation said only "the victim held 292.9 MiB anonymous memory"; the
    # badness score counted its 3372342 swap entries too (12.9 GiB with 4 KiB pages), what the row shows.
    text_has=["12.9 GiB in swap"])
# Syslog (5.10.8): `oom-kill:` (global) and the kill of tail (4 GB anon), then in the same second Xorg's order-0
# `page allocation failure` (warn_alloc, a shmem page: GEM objects are shmem-backed) and its stack: a failure that is
# no OOM report, so no second event and no trigger (the kill's header is not in the excerpt). The cut frame left out.
add("449-le9-patch-5-5.10-syslog-global-kill-tail-4g-anon-then-xorg-shmem-page-allocation-failure.log",
    GH + "hakavlad/le9-patch/issues/5", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(18339, "tail", 4191804, 4186492, 1740, 0, 1000, 8240, 0)],
    task_memcg="/user.slice/user-1000.slice/session-5.scope", chosen=[18339, "tail"], year_guessed=True,
    not_checks=["trigger_not_victim"])
# A ZFS host's dmesg pasted through a terminal that joined the records on one line, each padded to the window's
# width: the call trace of an OOM from kswapd (dump_header <- oom_kill_process <- out_of_memory <- balance_pgdat <-
# kswapd: MGLRU's aging, inlined into balance_pgdat, calls out_of_memory with an oom_control that has no memcg, so a
# global OOM). No header, no kill line in the excerpt.
add("450-zfs-10255-6.x-dmesg-terminal-joined-one-line-kswapd-stack-balance-pgdat-out-of-memory.log",
    GH + "openzfs/zfs/issues/10255", ["incomplete"],
    "global (stack: out_of_memory called by balance_pgdat from kswapd, with no memcg)", constraints=["global"])
# SysRq-f pressed repeatedly (4.x wording `sysrq: SysRq : Manual OOM execution`): before 5.17, out_of_memory() first
# calls the OOM notifiers and returns when they freed pages; i915's notifier printed `Purging GPU memory, N pages
# freed` each time, so no OOM report was printed and nothing was killed.
add("451-earlyoom-80-sysrq-f-repeated-manual-oom-execution-gpu-purge-oom-notifier-freed-pages-no-report-negative.log",
    GH + "rfjakob/earlyoom/issues/80", [],
    "n/a (no OOM report: each SysRq-f returned after the i915 OOM notifier freed pages)")
# `dmesg -H` relative stamps (`[  +0.002367]`), Raspberry Pi 4 armv7 6.1: a kworker's stack through warn_alloc (a page
# allocation failure of brcmfmac's kmalloc_large at firmware load), no OOM killer. The poster called it an OOM panic.
add("452-rpi-5395-armv7-6.1-dmesg-H-delta-stamps-kworker-warn-alloc-brcmfmac-kmalloc-large-page-allocation-failure-negative.log",
    GH + "raspberrypi/linux/issues/5395", [], "n/a (no OOM report: page allocation failure, warn_alloc)")
# ArchLinuxARM armv5 (Freescale MXS, 4.3): kworker/0:3's order-3 (32 KiB) GFP_KERNEL-class allocation of an skb for
# usbnet, `(fn) from (fn)` stack through out_of_memory from __alloc_pages_nodemask (4.3's memcg path does not call
# out_of_memory): a global OOM for a contiguous block; the cut frame left out.
add("453-archlinuxarm-1308-armv5-mxs-4.3-kworker-order3-skb-usbnet-header-raw-stack-cut.log",
    GH + "archlinuxarm/PKGBUILDs/issues/1308", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_nodemask)", constraints=["global"],
    trigger=trig("kworker/0:3", 1285, gfp="0x142d0", order=3, oom_score_adj=0),
    checks=["high_order_allocation"], summary_not=["ran out of memory"])
# i.MX6ULL (armv7, 4.19) with brcmfmac: the header quoted with `> ` (only that line), kworker/u2:1 (GFP_KERNEL|
# __GFP_HIGHMEM|__GFP_NOWARN|__GFP_ZERO), a brcmfmac workqueue; the stack cut after out_of_memory (4.19's memcg path
# calls out_of_memory too), so the constraint cannot be told from the text; the cut caller frame left out.
add("454-meta-murata-wireless-20-imx6ull-armv7-4.19-quoted-first-line-kworker-brcmfmac-header-highmem-vmalloc-stack-cut.log",
    GH + "murata-wireless/meta-murata-wireless/issues/20", ["incomplete"],
    "not determinable (stack cut after out_of_memory)", constraints=[None],
    trigger=trig("kworker/u2:1", 718, gfp="0x6082c2(GFP_KERNEL|__GFP_HIGHMEM|__GFP_NOWARN|__GFP_ZERO)", order=0,
                 oom_score_adj=0))
# CentOS 7 (3.10) syslog: X's header (0xa04d2, a shmem page: the X server's GEM buffers), stack out_of_memory from
# __alloc_pages_nodemask via shmem_alloc_page (3.10's memcg path does not call out_of_memory): global; cut.
add("455-rivendell-920-el7-3.10-syslog-x-header-gfp-0xa04d2-shmem-alloc-page-stack-cut.log",
    GH + "ElvishArtisan/rivendell/issues/920", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_nodemask)", constraints=["global"],
    trigger=trig("X", 1442, gfp="0xa04d2", order=0, oom_score_adj=0), year_guessed=True)
# OpenWrt logread (MIPS, 6.x): a stack's last frame (a page fault), an empty record, Mem-Info with its continuation
# lines each under the record's prefix, the Node 0 line. From the text alone a page allocation failure (warn_alloc)
# prints the same (as 119): no OOM line, no event. The cut last line left out.
add("456-openwrt-13916-mips-6.x-logread-year-stamp-stack-tail-empty-line-meminfo-prefixed-continuations-node-line.log",
    GH + "openwrt/openwrt/issues/13916", [],
    "n/a (no OOM line in the text: a stack tail and a Mem-Info, which warn_alloc prints too)")
# Linksys WRT3200ACM (armv7, Debian 4.x) syslog on a slow console (each row a second or more later): 4.x table rows
# (nr_ptes, nr_pmds), the selection `Out of memory: Kill process 2737 (dhcpd) score 11 or sacrifice child`; the kill
# line, cut by the index, left out.
add("457-mwlwifi-158-wrt3200acm-armv7-debian-syslog-slow-console-rows-dhcpd-selection-score-11-kill-cut.log",
    GH + "kaloz/mwlwifi/issues/158", ["selected_no_kill"], "global (Out of memory: prefix)", constraints=["global"],
    selected_only=[[2737, "dhcpd", 11]],
    table_rows=[[2700, "agetty", 0], [2737, "dhcpd", 0], [4013, "dibbler-server", 0]], year_guessed=True)
# `dmesg -x -T` in a pt_BR locale (`kern  :warn  : [qua jul  8 09:49:25 2026]`) on an amdgpu iGPU box: a user task's
# registers and `</TASK>`, then Mem-Info with its continuations indented to the message column (no prefix). As 119
# and 456: no OOM line in the excerpt, no event.
add("458-ollama-16983-dmesg-x-pt-br-locale-date-amdgpu-igpu-regs-task-end-meminfo-indented-continuations.log",
    GH + "ollama/ollama/pull/16983", [],
    "n/a (no OOM line in the text: registers and a Mem-Info, which warn_alloc prints too)")
# 459+: blind set 15c (h-b15c)
# Helper b15c: twelve reports chosen for how their text arrived (dmesg -x facility/level columns, a bracketed ISO date,
# dmesg -T, a bare or host-less syslog prefix, a stamp cut at its start, a hand-typed month, a journal with foreign
# lines, excerpts cut in a header, a kill line or a table), checked against the corpus and the other helpers'
# worktrees. Truth written by hand from the text and the kernel's formats before oomlens ran on them.
# ScyllaDB node, `dmesg -x -T` (`kern  :warn  : [Wed Jun 28 00:10:12 2023] `: facility and level columns before the
# ctime stamp): the tail of show_mem (Normal buddy lists, hugepages, swap cache, `Free swap  = 0kB` of 10956796kB) and
# `Tasks state` with its 4.19+ header; the first row, cut by the index, left out. show_mem is dump_header()'s for an
# OOM that is not a memcg's (a memcg OOM prints memory.stat instead), and the swap was used up.
add("459-scylla-manager-3450-dmesg-x-T-kern-facility-level-prefix-show-mem-tail-free-swap-0-tasks-state-header-row-cut.log",
    GH + "scylladb/scylla-manager/issues/3450", ["incomplete"],
    "global (machine-wide show_mem tail: not a memcg OOM; no header, no kill line)", constraints=["global"],
    wall_prefix="2023-06-28T00:10:12", checks=["swap_exhausted"])
# Loki's own issue: an Ubuntu syslog (host replaced) from the task rows on (4.15-era `pgtables_bytes` rows: loki holds
# 3919808 pages), the ≤ 5.0 selection of netdata (score 1002: its oom_score_adj 1000) and the kill of its child
# apps.plugin, cut by the index inside `file-r`: anon-rss is printed, file-rss is not (null). 4.15's kill line prints
# no oom_score_adj: apps.plugin's row says 1000.
add("460-loki-196-ubuntu-syslog-rows-netdata-adj-1000-selection-score-1002-kill-of-child-apps-plugin-cut-in-file-rss.log",
    GH + "grafana/loki/issues/196", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(481, "apps.plugin", 21272, 1464, None, adj=1000, adj_source="task table row")],
    selected_only=[[410, "netdata", 1002]],
    table_rows=[[10755, "snapd", -900], [992, "containerd-shim", -999], [1013, "promtail", 0], [23324, "loki", 0],
                [410, "netdata", 1000], [461, "bash", 1000], [481, "apps.plugin", 1000], [485, "go.d.plugin", 1000]],
    year_guessed=True)
# Mesos Kibana executor in Docker, raw dmesg (3.x, cgroup v1): `Task in … killed as a result of limit of …` its own
# scope, memory at its 131072 kB limit (failcnt 48), memory+swap usage 0kB with no limit (swap accounting off), one
# row, the memcg selection of node (score 1112) and its kill (no shmem-rss: before 4.5); the next line, cut by the
# index (`dock`), left out.
MESOS_KIBANA_8 = "/system.slice/docker-404349f442a393476560ae32b022eb7bbadac16f9c4b50532815464b14a35d3b.scope"
add("461-mesos-kibana-8-raw-dmesg-3.x-memcg-v1-docker-scope-128m-limit-memsw-usage-0-node-selection-score-1112-kill.log",
    GH + "mesos/kibana/issues/8", ["kill"], "memcg (Memory cgroup out of memory prefix; Task in … killed as a result of "
    "limit of …)", constraints=["memcg"], memcg=MESOS_KIBANA_8, limit_kb=131072,
    kills=[kill(6847, "node", 913380, 130888, 14388, adj=0, adj_source="task table row", selected_score=1112)],
    table_rows=[[6847, "node", 0]], not_checks=["memcg_swap_disallowed", "memcg_swap_exhausted"], text_not=K8S)
# The same project's later issue: `[2016-02-02 07:09:26]  ` (a bracketed ISO date and two spaces, no printk stamp)
# before the v1 memcg block of another Docker scope at its 1048576 kB limit (failcnt 78; memory+swap not limited);
# the task table's header, cut by the index, left out: no table, no kill.
MESOS_KIBANA_13 = "/system.slice/docker-50c016035226708bbb3e86c24f3e5e5a7f7a0b9448ca16b74b7e62781045e91a.scope"
add("462-mesos-kibana-13-dmesg-bracket-iso-date-double-space-prefix-memcg-v1-task-in-docker-scope-1g-limit-stats-table-header-cut.log",
    GH + "mesos/kibana/issues/13", ["incomplete"], "memcg (Task in … killed as a result of limit of …)",
    constraints=["memcg"], memcg=MESOS_KIBANA_13, limit_kb=1048576, wall_prefix="2016-02-02T07:09:26",
    not_checks=["memcg_swap_disallowed", "memcg_swap_exhausted"], text_not=K8S)
# Kibana's server on GCE, `dmesg -T` 2015: node's header in a Docker container (64-hex cpuset) on Debian's 3.16
# backport, raw stack words, every frame marked `?`, mem_cgroup_oom_synchronize among them (a memcg OOM at a page
# fault's end); the index's excerpt ends inside the next frame (left out).
add("463-kibana-5170-dmesgT-2015-debian-3.16-bpo-node-docker-cpuset-header-unreliable-frames-memcg-oom-synchronize-stack-cut.log",
    GH + "elastic/kibana/issues/5170", ["incomplete"], "memcg (stack: mem_cgroup_oom_synchronize, every frame marked ?)",
    constraints=["memcg"], wall_prefix="2015-11-14T01:50:40", text_not=K8S,
    trigger=trig("node", 4787, gfp="0xd0", order=0, oom_score_adj=0))
# A Docker host on VMware (Ubuntu 14.04, 3.19), syslog without a host name (`Aug 19 00:32:04 kernel: [ 9610.328720] `):
# the last task row (java 19715, uid 10000, 47965 swapents), the memcg selection of java 17377 (score 495) and the
# kill of its child java 19715 (3.19's kill line: no shmem-rss, no adj; the row says 0), then 45 s later the next
# header, java 19856, to `Call Trace:` (the cut frame left out): its constraint cannot be told.
add("464-moby-15654-hostless-syslog-prefix-ubuntu-3.19-memcg-row-selection-17377-score-495-kill-of-child-java-then-next-header-at-call-trace.log",
    GH + "moby/moby/issues/15654", ["kill", "incomplete"],
    "memcg (Memory cgroup out of memory prefix; second event: the excerpt ends at `Call Trace:`)",
    constraints=["memcg", None],
    kills=[kill(19715, "java", 3216536, 299136, 6652, adj=0, adj_source="task table row")],
    selected_only=[[17377, "java", 495]], table_rows=[[19715, "java", 0]],
    trigger=trig("java", 19856, gfp="0xd0", order=0, oom_score_adj=0, note="header of the NEXT OOM event"),
    year_guessed=True, text_not=K8S)
# Marathon on AWS (RHEL 7 3.10, `Tainted: P OE`): lines with a bare `kernel: ` prefix (no date, no host, no stamp):
# java's header in a Docker container, raw stack words, oom_kill_process called from mem_cgroup_oom_synchronize;
# the next frame, cut by the index, left out.
add("465-marathon-2874-bare-kernel-prefix-rhel7-3.10-aws-java-docker-cpuset-header-tainted-p-oe-memcg-oom-synchronize-stack-cut.log",
    GH + "d2iq-archive/marathon/issues/2874", ["incomplete"],
    "memcg (stack: oom_kill_process called from mem_cgroup_oom_synchronize)", constraints=["memcg"], text_not=K8S,
    trigger=trig("java", 9949, gfp="0xd0", order=0, oom_score_adj=0))
# A 2008 blog post: the author's `# vim /var/log/messages`, then two lines with a hand-typed month (`July 12`, not
# syslog's `Jul`): 2.6's lower-case selection `Out of memory: kill process 7986 (apache) score 15147 or a child`
# (pre-2.6.36 badness, unbounded) and `Killed process 7986 (apache)` with no sizes.
add("466-egloo-blog-2008-hand-typed-july-month-messages-2.6-kill-process-apache-score-15147-or-a-child-no-sizes.log",
    "https://egloo.wordpress.com/2008/07/27/apache-out-of-memory-error/", ["kill"], "global (Out of memory: prefix)",
    constraints=["global"], kills=[kill(7986, "apache", None, None, None, selected_score=15147)])
# amazon-ssm-agent thread: an Amazon Linux 2 (5.10) syslog whose first line lost its `Jan 10 ` in the paste
# (`10:44:23 host kernel: sshd invoked oom-killer: …`), frames with no indent after `kernel: `; the poster's excerpt
# ends at out_of_memory, its caller not shown (5.10's memcg path calls out_of_memory too).
add("467-ssm-agent-353-syslog-first-line-month-day-cut-amzn2-5.10-sshd-header-unindented-frames-stack-cut-at-out-of-memory.log",
    GH + "aws/amazon-ssm-agent/issues/353", ["incomplete"], "not determinable (stack cut at out_of_memory)",
    constraints=[None], year_guessed=True,
    trigger=trig("sshd", 5052, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0))
# An Ubuntu t3.nano (6.8-aws) journal: two python3 apt_news lines, then irqbalance's header and the stack to
# `? oom_evaluate_task`; the next line, cut by the index (`Feb 02 16:`), left out: the caller of oom_kill_process is
# not shown.
add("468-ssm-agent-615-journal-python3-apt-news-lines-then-irqbalance-header-6.8-aws-t3-nano-stack-cut-after-oom-kill-process.log",
    GH + "aws/amazon-ssm-agent/issues/615", ["incomplete"], "not determinable (stack cut after oom_kill_process)",
    constraints=[None], year_guessed=True,
    trigger=trig("irqbalance", 608, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0))
# Scylla 0.12 on CentOS 7 (3.10): the poster's dmesg starts at the CPU: line (no `invoked oom-killer` line, no cpuset
# line), raw stack words, oom_kill_process called from out_of_memory, which no memcg OOM calls before 4.8 (3.10's
# memcg path is mem_cgroup_out_of_memory); the next frame, cut by the index, left out.
add("469-scylladb-642-centos7-3.10-dmesg-from-cpu-line-no-header-scylla-raw-words-stack-cut-at-out-of-memory.log",
    GH + "scylladb/scylladb/issues/642", ["incomplete"],
    "global (stack cut at out_of_memory, which no memcg OOM calls before 4.8; the paste starts at the CPU: line)",
    constraints=["global"],
    trigger=trig("scylla", 4108, note="from the CPU: line; no header, so gfp_mask, order and adj are not printed"))
# ScyllaDB monitoring issue: a syslog whose host the poster masked (`ip-xxxxxx`), the 4.19+ table header and six rows;
# scylla's total_vm 4295083049 pages (16 TiB of address space) is wider than its column, so its rss, pgtables_bytes
# and swapents sit one place right; the last row, cut by the index, left out.
add("470-scylla-monitoring-1242-masked-host-syslog-4.19-table-header-rows-scylla-4295083049-page-total-vm-shifts-columns-adj-minus-950.log",
    GH + "scylladb/scylla-monitoring/issues/1242", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None], year_guessed=True,
    table_rows=[[631, "systemd-udevd", -1000], [685, "auditd", -1000], [789, "dbus-daemon", -900], [2666, "sshd", -1000],
                [2977, "scylla", -950], [14856, "systemd-cgroups", 0]])
# Blind set 15d (written by hand before oomlens ran on these files).
# YDB TPC-H on Kubernetes, `dmesg -T` 2025 pasted inside inline code (the first line opens with ```, the last ends
# with ```): cgroup v2 `oom-kill:` line of a kubepods burstable pod, the memcg kill of ydbd (adj -997, UID 999) and
# its reaper line, which still reports anon-rss 1446412 kB (a partial reap).
YDB_15090_POD = "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod7199eec9_759e_4d19_94e0_ce8a5dfb99da.slice"
add("471-ydb-15090-dmesgT-2025-backtick-wrapped-kubepods-v2-oom-kill-ydbd-memcg-kill-adj-minus-997-reaper-partial.log",
    GH + "ydb-platform/ydb/issues/15090", ["kill"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(1950147, "ydbd", 613761820, 62495556, 1198632, 0, 999, 1189048, -997, reaper=[1446412, 515548, 0])],
    memcg=YDB_15090_POD,
    task_memcg=YDB_15090_POD + "/cri-containerd-e74ee9458220027e6918a7ee4368ee7af98ba879d839191ba5e00b7e11a7adaa.scope",
    chosen=[1950147, "ydbd"], wall_prefix="2025-02-26T11:42:57")
# The same project, `dmesg -T | grep kikimr` (5.4): kikimr.User's header and CPU: line, the `Memory cgroup stats for`
# line of a systemd template service (`\x2d` as the kernel prints it), one task row (no header: grep dropped it), the
# `oom-kill:` line naming kikimr 1251125; the kill line, cut by the index, left out.
YDB_15748_SVC = "/system.slice/system-kikimr\\x2dmulti.slice/kikimr-multi@31003.service"
add("472-ydb-15748-dmesgT-grep-kikimr-5.4-header-cpu-memcg-stats-service-row-oom-kill-systemd-escaped-slice-kill-line-cut.log",
    GH + "ydb-platform/ydb/issues/15748", ["incomplete"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    memcg=YDB_15748_SVC, task_memcg=YDB_15748_SVC, chosen=[1251125, "kikimr"], wall_prefix="2025-03-14T03:57:37",
    trigger=trig("kikimr.User", 1251268, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0),
    table_rows=[[1251125, "kikimr", 0]], text_not=K8S)
# Infix (6.18.37, QEMU) test suite: a syslog (host replaced) with two 6.8+ task rows (rss_anon rss_file rss_shmem
# columns) of httpd at oom_score_adj -1000, `Out of memory and no killable processes...` (no panic: a memcg OOM
# returns), then one second later the next header of httpd 6931 with its stack through mem_cgroup_out_of_memory and
# try_charge_memcg (a page-cache charge); the index's cut frame left out.
add("473-infix-1565-syslog-6.18-rss-anon-rows-httpd-adj-minus-1000-memcg-no-killable-then-next-memcg-header-stack-cut.log",
    GH + "kernelkit/infix/issues/1565", ["no_killable", "incomplete"],
    "memcg (second event: stack through mem_cgroup_out_of_memory; the first cannot be told)",
    constraints=[None, "memcg"], no_killable=True, year_guessed=True,
    table_rows=[[6829, "httpd", -1000], [6931, "httpd", -1000]],
    trigger=trig("httpd", 6931, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=-1000,
                 note="header of the NEXT OOM event"),
    text_not=K8S)
# YDB on a 5.4 kernel, syslog (host replaced): kikimr.Batch's header and stack, oom_kill_process called from
# out_of_memory from mem_cgroup_out_of_memory (try_charge, a page fault); the index cut the next frame (left out).
add("474-ydb-22677-syslog-5.4-kikimr-batch-memcg-header-try-charge-stack-cut.log",
    GH + "ydb-platform/ydb/issues/22677", ["incomplete"], "memcg (stack through mem_cgroup_out_of_memory)",
    constraints=["memcg"], year_guessed=True, text_not=K8S,
    trigger=trig("kikimr.Batch", 2557456, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0))
# 0-db (zdb) in a container: raw dmesg whose lines carry the terminal's trailing spaces; zdb's header (GFP_NOFS write
# into the page cache), `memory: usage 308224kB, limit 308224kB` (at its limit, failcnt 3270355), memory+swap not
# limited, kmem, `Memory cgroup stats for /zdb/***:` (the poster masked the path) and the start of the v2-style
# memory.stat (anon 16760832 bytes, file 296288256 bytes: page cache dominates); cut there.
add("475-0-db-129-trailing-space-padded-zdb-gfp-nofs-write-memcg-at-limit-masked-path-stats-anon-file-cut.log",
    GH + "threefoldtech/0-db/issues/129", ["incomplete"], "memcg (memory: usage at its limit; Memory cgroup stats)",
    constraints=["memcg"], limit_kb=308224, text_not=K8S,
    trigger=trig("zdb", None, gfp="0x101c4a(GFP_NOFS|__GFP_HIGHMEM|__GFP_HARDWALL|__GFP_MOVABLE|__GFP_WRITE)",
                 order=0, oom_score_adj=1))
# ingress-nginx on AWS, a syslog (host replaced) pasted in a code block whose opening ``` sits on the first line:
# three cgroup v1 `Memory cgroup stats for` lines of a kubepods burstable pod (the pod, then two containers), the
# 4.19+ table header and the pause row (adj -998); the next row, cut by the index, left out. The first stats line
# names the OOM memcg (the v1 hierarchy walk starts at it).
add("476-ingress-nginx-4756-backtick-syslog-4.19-kubepods-burstable-memcg-v1-three-stats-lines-table-header-pause-row-cut.log",
    GH + "kubernetes/ingress-nginx/issues/4756", ["incomplete"], "memcg (Memory cgroup stats lines)",
    constraints=["memcg"],
    memcg="/kubepods/burstable/poddfc7f441-06db-11ea-842a-0227fba247b6 (first Memory cgroup stats for line)",
    table_rows=[[9941, "pause", -998]], year_guessed=True)
# setools (sediff) on Fedora, a syslog quoted with `> ` in a reply: the end of show_mem (72250 pages reserved, cma,
# hwpoisoned: printed for machine-wide OOMs only), `Tasks state`, the 4.19+ header and eight rows; the ninth row,
# cut by the index, left out.
add("477-setools-21-quoted-syslog-show-mem-tail-pages-reserved-tasks-state-eight-rows-firewalld-cut.log",
    GH + "SELinuxProject/setools/issues/21", ["incomplete"],
    "global (machine-wide show_mem tail: not a memcg OOM; no header, no kill line)", constraints=["global"],
    year_guessed=True,
    table_rows=[[720, "systemd-journal", 0], [746, "systemd-udevd", -1000], [892, "auditd", -1000],
                [894, "sedispatch", 0], [924, "rngd", 0], [926, "rsyslogd", 0], [927, "ModemManager", 0],
                [930, "firewalld", 0]])
# GoCD agent on RHEL 6 (2.6.32), syslog (host replaced): the last task row (java 31409, 2.6.32's cpu and oom_adj
# columns), the selection of java 26942 (score 216) and its kill in RHEL 6's `Killed process N, UID U, (comm)` form.
add("478-gocd-2079-rhel6-syslog-java-row-cpu-oom-adj-columns-selection-score-216-uid-comma-kill.log",
    GH + "gocd/gocd/pull/2079", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(26942, "java", 1815188, 637012, 268, uid=498, selected_score=216)],
    table_rows=[[31409, "java", 0]], year_guessed=True)
# pyZOCP long-run issue: raw dmesg (3.x rows: nr_ptes, swapents), python3 29075 holding 3939146 pages resident and
# 4003496 pages in swap, its selection (score 959) and the kill line, cut by the index after `anon-rss:` (total-vm
# printed; anon-rss and file-rss not: null). The kill line prints no adj: the row says 0.
add("479-pyzocp-79-raw-dmesg-3.x-rows-python3-4003496-swapents-selection-score-959-kill-cut-after-anon-rss-label.log",
    GH + "z25/pyZOCP/issues/79", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(29075, "python3", 33709852, None, None, adj=0, adj_source="task table row", selected_score=959)],
    table_rows=[[10959, "console-kit-dae", 0], [11032, "bash", 0], [12531, "dconf-service", 0], [20988, "bash", 0],
                [20990, "firefox", 0], [22613, "plugin-containe", 0], [28281, "ssh", 0], [29075, "python3", 0],
                [31021, "python2.7", 0], [31488, "inotifywait", 0], [31489, "syncdir.sh", 0],
                [31493, "inotifywait", 0], [31494, "syncdir.sh", 0]])
# CommaFeed on a DigitalOcean droplet, /var/log/kern.log 2016 (host replaced): selection of java (score 497) and
# its kill (no shmem-rss: before 4.x's format).
add("480-commafeed-792-kern-log-2016-java-selection-score-497-kill-no-shmem.log",
    GH + "Athou/commafeed/issues/792", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(1312, "java", 2133696, 256140, 0, selected_score=497)], year_guessed=True)
# Blind set 16a (written by hand before oomlens ran on these files). Focus: ML jobs, containers and schedulers.
# LMCache on a DGX Spark (GB10, 128 GB unified memory), `dmesg -T` 2026: the poster elided the summary's middle
# (`...`, hiding global_oom) and the docker scope id (`docker-9751845b....scope`); the global kill of lmcache
# (1.0 GiB anon) during a vLLM engine's weight load.
add("481-lmcache-4759-dgx-spark-gb10-dmesgT-2026-elided-oom-kill-docker-scope-global-kill-lmcache-1g-anon.log",
    GH + "LMCache/LMCache/issues/4759", ["kill"], "global (Out of memory: prefix; CONSTRAINT_NONE)",
    constraints=["global"], kills=[kill(3742074, "lmcache", 81306880, 1058560, 21412, 428, 0, 28484, 0)],
    chosen=[3742074, "lmcache"], memcg_elided=True, wall_prefix="2026-08-27T00:39:44", text_not=K8S)
# jax3d (JAX training in a Docker container, cgroup v2): `dmesg -T | tail -20` starts inside the memcg's memory.stat
# (two indented continuation lines, thp_fault_alloc and thp_collapse_alloc), then Tasks state, the table header, bash
# and python (4178964 pages resident, 524132 swapents) and the `oom-kill:` line, which the index cut inside
# task_memcg (`/docke`): oom_memcg is whole; no kill line.
add("482-jax3d-121-dmesgT-tail-2022-v2-memory-stat-tail-continuations-table-python-oom-kill-docker-oom-memcg-cut-in-task-memcg.log",
    GH + "google-research/jax3d/issues/121", ["incomplete"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    memcg="/docker/37a209c3c5f0070c118aa65fd9ca14ebb82c28b13a3fc702fb4e4cb5614da3cf",
    table_rows=[[16912, "bash", 0], [19712, "python", 0]], wall_prefix="2022-09-16T10:37:38", text_not=K8S)
# dask.distributed on AWS (Docker, cgroup v1 path in task_memcg), a syslog (host replaced): the global `oom-kill:`
# summary and kill of the dask worker python 3178 (7.0 GiB anon), cloud-init's dask Nanny lines interleaved
# (the Nanny sees its worker as pid 150 inside the container, killed by signal 9), the reaper, the worker restart.
add("483-dask-distributed-6110-aws-syslog-cloud-init-nanny-lines-interleaved-global-kill-python-worker-docker-v1-task-memcg-reaper.log",
    GH + "dask/distributed/issues/6110", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(3178, "python", 8543420, 7322012, 0, 8, 0, 14980, 0, reaper=[0, 0, 12])],
    task_memcg="/docker/5dc36d4084c4ea2a711a290e94e256ebb19cf554c9a253bff3ad5d978b4a32b8",
    chosen=[3178, "python"], year_guessed=True, text_not=K8S)
# Akash GPU provider: `dmesg -T |grep NVRM` after the prompt: the NVIDIA driver's load line, GPU serials and Xid 43
# (a GPU context stopped) for two pt_main_thread (PyTorch) processes, Xid 31 (MMU fault) for python3.10 and Xid 94;
# no OOM event at all (the last, cut, line left out).
add("484-akash-support-244-dmesgT-grep-nvrm-xid-43-pt-main-thread-xid-31-python3.10-mmu-fault-no-oom-negative.log",
    GH + "akash-network/support/issues/244", [], "n/a (no OOM report: NVIDIA driver Xid lines)")
# DGX Spark (GB10) vLLM prefill: the NVIDIA resource manager's `Out of memory [NV_ERR_NO_MEMORY]` allocation failure,
# wrapped by the poster after the bracket: a driver's failed allocation, not the kernel's OOM killer.
add("485-dgx-spark-playbooks-97-gb10-vllm-nvrm-nv-err-no-memory-out-of-memory-wrapped-driver-allocation-failure-negative.log",
    GH + "NVIDIA/dgx-spark-playbooks/issues/97", [],
    "n/a (no kernel OOM report: the NVIDIA driver's NV_ERR_NO_MEMORY allocation failure)")
# An agent fleet's tmux server as a systemd user service: a journal without host names, systemd-oomd's kill of the
# unit (its `due to memory pressure ...` continuation on a line of its own) and systemd's count of 55 processes.
add("486-overdeck-2390-journal-no-hostname-systemd-oomd-killed-user-service-wrapped-due-to-memory-pressure-55-processes-negative.log",
    GH + "eltmon/overdeck/issues/2390", [],
    "n/a (no kernel OOM report: systemd-oomd killed a user service under memory pressure)")
# Ocean Navigator on LXD containers: six `dmesg -T` 2020 memcg selections of gunicorn (scores 107 to 92) quoted with
# `> `, no kill lines, then the poster's `free -h` and `uptime` (user and host replaced).
add("487-ocean-navigator-771-lxd-quoted-dmesgT-2020-six-memcg-gunicorn-selections-no-kill-lines-free-h-uptime.log",
    GH + "DFO-Ocean-Navigator/Ocean-Data-Map-Project/issues/771", ["selected_no_kill"] * 6,
    "memcg (Memory cgroup out of memory prefix)", constraints=["memcg"] * 6,
    selected_only=[[12744, "gunicorn", 107], [16026, "gunicorn", 109], [16024, "gunicorn", 101],
                   [16020, "gunicorn", 97], [10115, "gunicorn", 92], [14843, "gunicorn", 92]],
    wall_prefix="2020-12-02T05:51:21", text_not=K8S)
# Airflow scheduler (conda env): thirteen task rows printed newest-first (stamps and pids descending), 5-wide pid
# brackets, pgtables_bytes; the comm `/conda/env/` holds slashes; the next, cut, row left out.
add("488-airflow-11365-dmesg-rows-reversed-newest-first-conda-env-comm-with-slashes-width5-pids-pgtables-bytes.log",
    GH + "apache/airflow/issues/11365", ["incomplete"], "not determinable (task-table rows only)", constraints=[None],
    table_rows=[[p, "/conda/env/", 0] for p in range(73391, 73378, -1)], text_not=K8S)
# gVisor (runsc) under a custom memory cgroup: `$ dmesg`, the memcg `oom-kill:` line (oom_memcg and task_memcg
# /cloudchamber/hackme/gv, task exe, uid 65534) and the kill line, cut by the index inside `shmem-rss`.
add("489-gvisor-2520-runsc-dmesg-oom-kill-memcg-custom-cgroup-oom-memcg-exe-uid-65534-kill-line-cut-in-shmem.log",
    GH + "google/gvisor/issues/2520", ["kill"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(12729, "exe", 858156, 6212, 19764, uid=65534)], memcg="/cloudchamber/hackme/gv",
    task_memcg="/cloudchamber/hackme/gv", chosen=[12729, "exe"], text_not=K8S)
# AWS ParallelCluster (Slurm) head node, a syslog (host replaced): the global `oom-kill:` summary of a user's python
# in /user.slice alone (the excerpt ends there).
add("490-aws-parallelcluster-2701-slurm-head-node-syslog-oom-kill-summary-only-global-python-user-slice.log",
    GH + "aws/aws-parallelcluster/issues/2701", ["incomplete"], "global (global_oom)", constraints=["global"],
    task_memcg="/user.slice", chosen=[15850, "python"], year_guessed=True, text_not=K8S)
# SPAdes on an HPC node: one `dmesg -T` line under a German locale (weekday `Sa`), the 2018 selection of spades
# (score 270); no kill line.
add("491-spades-76-hpc-dmesgT-de-locale-weekday-sa-2018-selection-only-spades-score-270.log",
    GH + "ablab/spades/issues/76", ["selected_no_kill"], "global (Out of memory: prefix)", constraints=["global"],
    selected_only=[[136340, "spades", 270]], wall_prefix="2018-02-03T00:21:41")
# The same agent fleet a month later (host replaced): systemd's user manager reports the unit `Failed with result
# 'oom-kill'` with its 11.7G memory peak and restarts it; no kernel line in the paste.
add("492-overdeck-2390-journal-systemd-user-unit-failed-with-result-oom-kill-memory-peak-no-kernel-lines-negative.log",
    GH + "eltmon/overdeck/issues/2390", [],
    "n/a (no kernel report: systemd's lines that the OOM killer killed a process of the unit)")
# 493+: blind set 16b (h-b16b)
# Helper b16b: twelve GitHub threads for the less common causes and their look-alikes: GPU drivers as the allocator
# (an nvidia workqueue's order-2 allocation on a mining rig, an amdgpu miner whose page fault returned VM_FAULT_OOM
# with 2.2 GiB free, amdgpu's TTM pool in a page allocation failure read newest-first), miners' kills with huge GPU
# mappings, a zram desktop whose kswapd0 OOMed at 40 % MemAvailable, and user-space killers that must not become kernel
# kills (nohang in English and Russian journals, Android lmkd's logcat line inside test output). Checked against the
# corpus, the shared corpus and the other helpers' worktrees. Truth written by hand from the text and the kernel's
# formats before oomlens ran on them. Excerpts as the index holds them; a last line the index cut mid-line is left
# out; host names replaced (host01..host03), a user name in a path replaced (user01).
# A mining rig (Ubuntu 4.13, nvidia): kworker/1:12 running the nvidia driver's workqueue item asks for an order-2
# (16 KiB contiguous) GFP_KERNEL|__GFP_COMP block; out_of_memory called by __alloc_pages_slowpath (global); the
# index's cut frame left out.
add("493-optiminer-3-ubuntu-4.13-syslog-kworker-nvidia-workqueue-order2-gfp-comp-notrack-header-stack-cut.log",
    GH + "Optiminer/OptiminerEquihash/issues/3", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_slowpath)", constraints=["global"], year_guessed=True,
    trigger=trig("kworker/1:12", 4966, gfp="0x16040c0(GFP_KERNEL|__GFP_COMP|__GFP_NOTRACK)", order=2,
                 oom_score_adj=0),
    checks=["high_order_allocation"], summary_not=["ran out of memory"])
# The same miner's issue: bare dmesg, the selection of optiminer-equih (score 298) and its kill, whose RSS is almost
# all file pages (file-rss 2296504 kB, anon-rss 103296 kB: mapped GPU/driver memory); no shmem-rss, no adj printed.
add("494-optiminer-14-bare-dmesg-selection-score-298-kill-optiminer-equih-file-rss-2g-no-shmem.log",
    GH + "Optiminer/OptiminerEquihash/issues/14", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(3024, "optiminer-equih", 88813356, 103296, 2296504, selected_score=298)])
# xmrig-amd rigs (4.20/5.0, amdgpu): dmesg wrapped at 100 columns by the poster's terminal: the selection (score
# 157), the kill whose `shmem-rss:4` and `kB` were split over two lines, total-vm 68738522144 kB (64 TiB of address
# space: the GPU's mappings), then amdgpu's MMU-notifier line, wrapped too.
add("495-xmrig-amd-241-dmesg-wrapped-100-cols-selection-score-157-kill-64t-total-vm-shmem-wrapped-amdgpu-mn-callback-failed.log",
    GH + "xmrig/xmrig-amd/issues/241", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(6417, "xmrig-amd", 68738522144, 843408, 0, 4, selected_score=157)])
# xmr-stak on ethOS (4.15, amdgpu): gfp_mask=0x0() and a stack through pagefault_out_of_memory from __do_page_fault:
# a page fault returned VM_FAULT_OOM (here a driver's fault handler), not an allocator that found no page: Mem-Info
# shows free:586628 pages (2.2 GiB) free; the index's cut `Node 0` line left out.
add("496-xmr-stak-1819-ethos-4.15-dmesg-pagefault-out-of-memory-gfp-0x0-header-mem-info-2g-free-cut.log",
    GH + "fireice-uk/xmr-stak/issues/1819", ["incomplete"],
    "global (stack: pagefault_out_of_memory, a page fault that returned VM_FAULT_OOM)", constraints=["global"],
    trigger=trig("xmr-stak", 31142, gfp="0x0()", order=0, oom_score_adj=0), summary_not=["ran out of memory"])
# GMiner on HiveOS (5.4): a syslog quoted with a leading `"`, printk caller ids (`[T31878]`), hard-wrapped at 140
# columns with the rest padded to that width (`oom_scor` + `e_adj=0`, the CPU line's build tag `2` + `10813`):
# date's header, stack cut after dump_header (the index's cut line left out): the constraint cannot be told. The
# host `Linux001` is replaced by `host0001`, of the same width, so the lines keep the 140-column wrap as posted (the
# first commit's `host01` made the prefixed lines two columns shorter than the padded rests).
add("497-gminer-755-hiveos-5.4-quoted-syslog-printk-caller-wrapped-140-cols-padded-date-header-stack-cut.log",
    GH + "develsoftware/GMinerRelease/issues/755", ["incomplete"], "not determinable (stack cut after dump_header)",
    constraints=[None], year_guessed=True,
    trigger=trig("date", 31878, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0))
# Negatives: user-space killers (no kernel line at all).
add("498-nohang-85-journal-nohang-desktop-victim-status-python3-8953m-vmrss-send-sigkill-userspace-negative.log",
    GH + "hakavlad/nohang/issues/85", [],
    "n/a (no kernel OOM report: nohang-desktop's victim status and its SIGKILL, a userspace killer)")
# nohang's thread: an unprefixed `oom-kill:` summary (global_oom, gnome-shell's systemd user service) and the kill of
# gnome-shell (adj 200), which held 136 kB anon, 9228 kB file, 20 kB shmem: the kernel's killer, not nohang. The
# explanation must say that its raised oom_score_adj, not its size, ranked it. (Corrected after the first run: the
# hand-written oracle asked for victim_held_little, but the two lines print no RAM, so 9384 kB held (136 + 9228 +
# 20) cannot be shown to be little of it; what the text proves is the raised adj, `oom_score_adj:200`.)
add("499-nohang-125-unprefixed-oom-kill-gnome-shell-wayland-service-memcg-global-kill-adj-200-anon-136k.log",
    GH + "hakavlad/nohang/issues/125", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(47368, "gnome-shell", 4065984, 136, 9228, 20, 1000, 1432, 200)],
    task_memcg="/user.slice/user-1000.slice/user@1000.service/session.slice/org.gnome.Shell@wayland.service",
    checks=["victim_oom_score_adj"])
# nohang-desktop's PSI lines (zram swap, MemAvail 9149 M = 39 %), the poster's `...`, then a CachyOS 6.12 kswapd0
# header (6.10+ `UID:` CPU line, Tainted flags line, an empty `Hardware name:`, a sched_ext line) cut after
# dump_stack_lvl by the index: the constraint cannot be told from the text.
add("500-nohang-142-journal-nohang-psi-zram-lines-then-cachyos-6.12-kswapd0-header-sched-ext-line-stack-cut.log",
    GH + "hakavlad/nohang/issues/142", ["incomplete"], "not determinable (header and the start of the stack only)",
    constraints=[None], year_guessed=True,
    trigger=trig("kswapd0", 74, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0))
add("501-stress-10-adb-lmkd-unit-test-output-wrapped-lowmemorykiller-kill-logcat-line-userspace-negative.log",
    GH + "resurrecting-open-source-projects/stress/issues/10", [],
    "n/a (no kernel OOM report: Android lmkd's `lowmemorykiller: Kill` logcat line inside lmkd_unit_test's output)")
# `journalctl -r` in a French locale (`juil. 15`): frames of amdgpu's TTM pool allocation under warn_alloc (a page
# allocation failure's stack, newest-first, its header not in the excerpt), then the previous trace's registers.
add("502-yuzu-11099-fr-locale-journal-newest-first-amdgpu-ttm-pool-alloc-warn-alloc-frames-no-header-negative.log",
    GH + "yuzu-emu/yuzu/issues/11099", [],
    "n/a (no OOM report: frames of a page allocation failure (warn_alloc) in amdgpu's TTM pool, newest-first)")
# llama.cpp on an AMD APU box (6.x): nine task rows with printk caller ids (`[   T2428]`) and the 6.8+ rss_anon
# rss_file rss_shmem columns; the index's cut tenth row left out.
add("503-llama-cpp-28093-amd-igpu-6.x-dmesg-printk-caller-t2428-rss-anon-rows-only-sshd-adj-minus-1000.log",
    GH + "ggml-org/llama.cpp/issues/28093", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None],
    table_rows=[[1373, "chronyd", 0], [1384, "agetty", 0], [1388, "sshd", -1000], [1472, "sshd-session", 0],
                [1494, "sshd-session", 0], [1496, "bash", 0], [1863, "sshd-session", 0], [1866, "sshd-session", 0],
                [1867, "bash", 0]])
add("504-nohang-20-ru-locale-journal-nohang-sigterm-victim-3g-vmrss-timer-expired-userspace-negative.log",
    GH + "hakavlad/nohang/issues/20", [],
    "n/a (no kernel OOM report: nohang's SIGTERM in a Russian-locale journal, a userspace killer)")
# Blind set 16c (text shapes: mail archives with `> ` quoting, quoted-printable and format=flowed bodies, a Jira
# `{code}` block, partial pastes from the middle; excerpts as posted, host names replaced).
# Taskserver (issue migrated from Jira, its `{code}` block kept): `cat syslog.* | grep 'taskd ' | grep oom` keeps the
# nine headers of nine OOM events only (host replaced); the index cut a tenth header mid-line (left out). No pid on a
# header line; the text cannot tell the constraint.
add("505-taskserver-71-jira-code-block-grep-syslog-nine-taskd-headers-only-gfp-201da-280da.log",
    GH + "GothenburgBitFactory/taskserver/issues/71", ["incomplete"] * 9, "not determinable (headers only)",
    constraints=[None] * 9, year_guessed=True,
    trigger=trig("taskd", None, gfp="0x201da", order=0, oom_score_adj=0))
# maddy mail server importing a mailbox: a syslog pasted from the middle of the task table (three 4.19+ rows, their
# header not in the paste), the global `oom-kill:` summary (task_memcg maddy.service), the kill of maddy, its reaper
# line and systemd's restart lines.
add("506-maddy-395-syslog-rows-from-middle-pgtables-bytes-global-oom-kill-maddy-service-kill-reaper-systemd-restart.log",
    GH + "foxcpp/maddy/issues/395", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(17251, "maddy", 2388904, 646624, 0, 0, 998, 2348, 0, reaper=[0, 0, 0])],
    task_memcg="/system.slice/maddy.service", chosen=[17251, "maddy"], year_guessed=True,
    table_rows=[[17257, "postgres", 0], [17291, "systemd-udevd", 0], [17292, "systemd-udevd", 0]])
# linux-mm, April 2018: a powerpc 4.9.85 board (32 MB) in a format=flowed, quoted-printable mail: every long line
# re-flowed at about 72 columns with the break's space kept at the line's end (`=3D` for `=`, one `=` soft break in a
# frame). Whole report: S99watchdogd-ap's order-1 fork (GFP_KERNEL_ACCOUNT) header, stack through
# __alloc_pages_nodemask, Mem-Info (free 1994 pages; DMA free 7976kB over min 660kB), the 4.9 table (nr_ptes nr_pmds
# columns, each row flowed after nr_pmds), the selection of CRI_main (score 180) and its kill (no adj: the row says 0).
add("507-linux-mm-2018-powerpc-4.9-format-flowed-quoted-printable-full-report-rows-wrapped-selection-cri-main-score-180-kill.log",
    LORE + "linux-mm/df1a8c14-bda3-6271-d403-24b88a254b2c@c-s.fr/", ["kill"],
    "global (Out of memory: prefix; stack: out_of_memory called by __alloc_pages_nodemask)", constraints=["global"],
    kills=[kill(739, "CRI_main", 51832, 3140, 1592, 236, adj=0, adj_source="task table row", selected_score=180)],
    trigger=trig("S99watchdogd-ap", 777, gfp="0x27000c0(GFP_KERNEL_ACCOUNT|__GFP_NOTRACK)", order=1, oom_score_adj=0),
    table_rows=[[216, "rcS", 0], [356, "rsyslogd", 0], [360, "klogd", 0], [370, "watchdog", -1000], [384, "ntpd", 0],
                [401, "inetd", 0], [413, "crond", 0], [587, "CORSurv", 0], [614, "ASMcsci", 0], [662, "VOIPcsc", 0],
                [708, "RCUSwitch", 0], [739, "CRI_main", 0], [756, "exe", 0], [757, "S99watchdogd-ap", 0],
                [777, "S99watchdogd-ap", 0], [782, "socat", 0], [784, "socat", 0], [791, "socat", 0],
                [792, "socat", 0], [799, "socat", 0], [800, "socat", 0], [807, "socat", 0], [808, "socat", 0]],
    not_checks=["swap_absent"], text_not=K8S)
# linux-nfs, March 2024 (nfsd memory leak, 6.8.1 on a Freescale LS1024A NAS): a GMX quoted-printable body that encodes
# every `.` as `=2E` (times `[121969=2E590000]`, comms `rpc=2Eidmapd`), quoted six levels deep (`> >>>>> `), soft
# breaks mid-token. The summary (CONSTRAINT_NONE, no memcg part: no CONFIG_MEMCG), the kill of dbus-daemon (adj -900)
# and its reaper; then nfsd's GFP_KERNEL header (svc_recv's bulk page allocation), Mem-Info (1 GB, 28 MB free, user
# space a few MB), Unreclaimable slab info, the 6.8+ table, `Out of memory and no killable processes...` and the
# panic `System is deadlocked on memory` with the other CPU's stop.
add("mangler-pending/508-linux-nfs-2024-arm-6.8-gmx-quoted-printable-dots-deep-quoted-kill-dbus-reaper-nfsd-header-slab-rows-no-killable-deadlocked-panic.log",
    LORE + "linux-nfs/trinity-9b16c95a-8a90-4026-9f5c-51febdf96ae6-1711320877463@msvc-mesg-gmx103/",
    ["kill", "no_killable"],
    "global (CONSTRAINT_NONE without a memcg; second event: stack out_of_memory from __alloc_pages, no killable)",
    constraints=["global", "global"],
    kills=[kill(454, "dbus-daemon", 6196, 128, 1408, 0, 101, 12, -900, reaper=[0, 64, 0])], chosen=[454, "dbus-daemon"],
    trigger=trig("nfsd", 537, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0),
    no_killable=True, panic="System is deadlocked on memory", slab_largest=["kernfs_node_cache", 2138],
    table_rows=[[209, "systemd-udevd", -1000], [230, "systemd-network", 0], [420, "mdadm", 0], [421, "rpcbind", 0],
                [429, "systemd-resolve", 0], [433, "rpc.idmapd", 0], [434, "nfsdcld", 0], [451, "acpid", 0],
                [453, "avahi-daemon", 0], [454, "dbus-daemon", -900], [466, "irqbalance", 0], [475, "rsyslogd", 0],
                [487, "avahi-daemon", 0], [492, "cron", 0], [493, "wpa_supplicant", 0], [494, "atd", 0],
                [506, "rpc.mountd", 0], [514, "rpc.statd", 0], [522, "agetty", 0], [524, "agetty", 0],
                [525, "unattended-upgr", 0], [526, "sshd", -1000], [539, "in.tftpd", 0], [544, "chronyd", 0],
                [546, "winbindd", 0], [552, "winbindd", 0], [559, "smbd", 0], [572, "smbd-notifyd", 0],
                [573, "cleanupd", 0], [584, "sshd", 0], [589, "winbindd", 0], [590, "smbd", 0], [597, "systemd", 100],
                [653, "sshd", 0], [656, "bash", 0], [704, "watchdog", -1000], [738, "top", 0], [4750, "proftpd", 0],
                [4768, "apt.systemd.dai", 0], [4772, "apt.systemd.dai", 0], [4778, "apt-get", 0]],
    text_not=K8S)
# netdev, September 2021 (5.11.4 router, ixgbe): a reply quoting, two levels deep and quoted-printable, a GFP_ATOMIC
# `page allocation failure` of napi/eth0-523 (its first line lost its `[`) with its show_mem, a team0 line, then
# telegraf's order-1 header (execve's pgd_alloc) with stack, registers and Mem-Info: 537002 pages free, Normal free
# 1970692kB far over its min 78608kB, 472 free 4 MB blocks. The page allocation failure is no OOM event.
add("509-netdev-2021-5.11-quoted-printable-quoted-napi-gfp-atomic-page-allocation-failure-then-telegraf-order-1-execve-header-meminfo-plenty-free.log",
    LORE + "netdev/CAEA6p_CwvUU9bEcmfvdh5bZ_C30oh3TnC0jRCgQQE94cH5q9Ow@mail.gmail.com/", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_slowpath)", constraints=["global"],
    trigger=trig("telegraf", 3494492, gfp="0x400dc0(GFP_KERNEL_ACCOUNT|__GFP_ZERO)", order=1, oom_score_adj=0),
    text_not=K8S)
# linux-mm, September 2016 (xfs_inode slab): Dave Chinner's reply quoting, quoted-printable, the attached dmesg of a
# 4.7.1 desktop: make's order-2 GFP_KERNEL_ACCOUNT header (fork: a kernel stack), stack words and the stack through
# __alloc_pages_nodemask, `> .....` for what he left out, then only the three buddy-list lines: DMA32 and Normal hold
# 183060kB and 159916kB free, all in order-0 blocks (no 16 kB block anywhere but DMA): fragmentation.
add("510-linux-mm-2016-4.7-quoted-printable-double-quoted-make-order-2-fork-header-elided-buddy-lists-only.log",
    LORE + "linux-mm/8737ktlsb3.fsf@mid.deneb.enyo.de/", ["incomplete"], HOA, constraints=["global"],
    trigger=trig("make", 1202, gfp="0x27000c0(GFP_KERNEL_ACCOUNT|__GFP_NOTRACK)", order=2, oom_score_adj=0),
    checks=["high_order_allocation"], text_not=K8S)
# LKML, April 2005 (pktcdvd, 2.6.11): the reporter's dmesg quoted with `> `: pktcdvd and rtc lines, the 2.6.11
# header `oom-killer: gfp_mask=0xd0` (no task named), per-cpu lists, show_mem (writeback:114320 pages; Normal free
# 24088kB under min 32180kB; swap almost unused) and `Out of Memory: Killed process 18330 (cat).` (no sizes).
# Linux 2.6.11 has no memory cgroup: the OOM is machine-wide (lowmem Normal zone under its min, HighMem at min too).
add("511-lkml-2005-2.6.11-pktcdvd-mail-quoted-oom-killer-gfp-d0-old-header-show-mem-writeback-kill-cat.log",
    LORE + "lkml/m3ekdkqp2r.fsf@telia.com/", ["kill"],
    "global (2.6.11 show_mem: no memory cgroups; out_of_memory from the page allocator)", constraints=["global"],
    kills=[kill(18330, "cat", None, None, None)], text_not=K8S + ["--limit"],
    # The header's mask is the trigger's (one parser with 526's 0xd2): 2.6.11 names no task.
    trigger=trig("", None, gfp="0xd0", note="2.6.11's header names no task"), text_has=["have no memory cgroups to contain a job in"])
# LKML, July 2004 (2.6.7-bk19 laptop_mode swap bug): William Lee Irwin quotes the reporter's `Out of memory: pid 2655,
# comm xterm        , gfp 0x466, order 0` (a debug printk of the reporter's own patch, whose `gfp 0x%u` prints the
# decimal 466 after `0x`: the mask was 0x1d2, as the reply computes: not the kernel's header, its gfp not a hex
# mask, so no trigger is read from it), `[...]`, the stack through try_to_free_pages and out_of_memory, and the kill
# of memalloc2 (no sizes). 2.6.7 has no memory cgroup.
add("512-lkml-2004-2.6.7-mail-quoted-out-of-memory-pid-comm-padded-xterm-gfp-466-stack-elided-kill-memalloc2.log",
    LORE + "lkml/20040714132256.GR3411@holomorphy.com/", ["kill"],
    "global (stack: out_of_memory called by try_to_free_pages; 2.6.7 has no memory cgroups)", constraints=["global"],
    kills=[kill(2666, "memalloc2", None, None, None)], text_not=K8S + ["--limit"], text_has=["have no memory cgroups to contain a job in"])
# intel-gfx, June 2020 (5.8.0-rc1 ThinkPad X220): a quoted-printable reply quoting `> > ` a dmesg from the middle of
# the table (four 4.19+ rows, their header not quoted), a summary with no cpuset and no memcg part, the kill of
# chromium (adj 300) and its reaper, then two i915 lines, the second wrapped by the mail client.
add("513-intel-gfx-2020-5.8-rc1-quoted-printable-quoted-rows-from-middle-oom-kill-without-cpuset-chromium-adj-300-kill-reaper-i915-lines.log",
    LORE + "intel-gfx/20200622102105.GA6353@duo.ucw.cz/", ["kill"], "global (CONSTRAINT_NONE without a memcg)",
    constraints=["global"], chosen=[27368, "chromium"],
    kills=[kill(27368, "chromium", 6686908, 647056, 0, 7452, 1000, 5304, 300, reaper=[0, 0, 6836])],
    table_rows=[[17456, "sshd", 0], [17466, "sshd", 0], [17468, "unison", 0], [18023, "sleep", 0]], text_not=K8S)
# linux-next, July 2020 ("make the calculation of oom badness more accurate"): a quoted-printable reply holding three
# reports among prose: (1) quoted `> > `, a cgroup v1 Kubernetes Guaranteed pod at its 16 GB limit (memory, memsw,
# kmem lines, `> [...]`), the CONSTRAINT_MEMCG summary soft-broken four times, the kill of pause (one page) and its
# reaper; (2) quoted `> `, an LTP run's `Out of memory and no killable processes...` and `Kernel panic - not syncing:
# System is deadlocked on memory` (stamps `[ 63.451494]`, one space); (3) the kill of runltp, the mail client
# wrapping the kill and reaper lines at 72 columns, then a shell's `519 Killed` line.
add("mangler-pending/514-linux-next-2020-quoted-printable-quoted-memcg-v1-kubepods-guaranteed-pause-kill-elided-then-no-killable-panic-and-mail-wrapped-runltp-kill-reaper.log",
    LORE + "linux-next/CALOAHbCLAXb1+n+xZiiZc1n11_n+j1XaEoTp8WnTeq4vocOgeQ@mail.gmail.com/",
    ["kill", "no_killable", "kill"],
    "memcg (CONSTRAINT_MEMCG; then `System is deadlocked on memory`, printed for a global OOM only, and a global kill)",
    constraints=["memcg", "global", "global"], limit_kb=16777216,
    memcg="/kubepods/podf1c273d3-9b36-11ea-b3df-246e9693c184",
    task_memcg="/kubepods/podf1c273d3-9b36-11ea-b3df-246e9693c184/1f246a3eeea8f70bf91141eeaf1805346a666e225f823906485ea0b6c37dfc3d",
    kills=[kill(5740, "pause", 1028, 4, 0, 0, reaper=[0, 0, 0]),
           kill(519, "runltp", 10244, 904, 4, 0, 0, 60, 0, reaper=[0, 0, 0])],
    chosen=[5740, "pause"], no_killable=True, panic="System is deadlocked on memory")
# linux-mips, June 2002 (a 64-bit MIPS kernel building glibc): the reply quotes five Linux 2.4 kill lines (`Out of
# Memory: Killed process N (comm).`, no sizes, no stamps), the last two for the same cc1 9363: the killer ran again
# before the victim had exited. Bare kill lines: the text cannot tell the constraint. Four victims: the README counts
# a kill line printed twice for one process as one victim (`printed_twice`); the hand-written oracle had listed cc1
# twice (five kills, five events), which contradicts that rule (corrected after the first run; oomlens reports the
# repeat on cc1's event: "a second OOM chose the process again before it had exited").
add("515-linux-mips-2002-2.4-64-bit-mail-quoted-five-kill-lines-same-pid-twice-no-header.log",
    LORE + "linux-mips/20020619131347.A23495@dea.linux-mips.net/", ["kill"] * 4,
    "not determinable (bare kill lines)", constraints=[None] * 4,
    kills=[kill(641, "qmgr", None, None, None), kill(642, "tlsmgr", None, None, None),
           kill(378, "portmap", None, None, None), kill(9363, "cc1", None, None, None)],
    text_has=["had no memory cgroups"], text_not=["whether a cgroup limit", "--limit"])
# LTP on ppc64le (CKI, 5.9.0-rc3, the percpu_ref regression), a quoted-printable mail whose lines each end in the
# console's trailing space (`=20`): msgstress04's GFP_KERNEL|__GFP_COMP header (a slab page for __pud_alloc while
# forking) and its stack through __alloc_pages_nodemask; the mail stops there.
add("516-ltp-cki-2020-ppc64le-5.9-rc3-quoted-printable-trailing-space-msgstress04-header-pud-alloc-fork-stack-only.log",
    LORE + "linux-block/1300213431.10047993.1599163090152.JavaMail.zimbra@redhat.com/", ["incomplete"], HOA, constraints=["global"],
    trigger=trig("msgstress04", 170909, gfp="0x40cc0(GFP_KERNEL|__GFP_COMP)", order=0, oom_score_adj=0),
    text_not=K8S)
# Blind set 16d (written by hand before oomlens ran on these files). Focus: the extremes of kernel versions (2.6.5,
# 2.6.11, 2.6.18, 2.6.22, 3.0 SLES11; 6.11, 6.12 Raspberry Pi and ppc64le) and of machine and report size (8- and
# 16-node machines with 6, 12 and 24 TiB, 480 CPUs, two reports in one console log, 260-line quoted mails).
# Sources: linux-mm/LKML/linux-next/cgroups mails cited by their lore.kernel.org address, two 2007 forum threads and
# two notes pages (archived copies, cited with their index file id). Host names replaced (host01, host02).
# Raspberry Pi 5 (Astar archive node), `dmesg -T | egrep -i 'oom|killed process|out of memory'` under a Japanese
# locale (`[月  1月 26 01:49:41 2026]`: weekday 月 = Monday, month 1月 = January): header (no pid: the CPU line is
# grepped away), one frame, the 6.8+ table header (rss_anon rss_file rss_shmem), the `oom-kill:` summary
# (CONSTRAINT_NONE, mems_allowed=0-7) and the global kill of astar-collator: 1254255840 kB (1.17 TiB) of address
# space, 15096608 kB (14.4 GiB) anonymous on a 16 GB board.
add("517-stardust-blog-rpi5-6.x-dmesgT-japanese-weekday-month-egrep-oom-rss-anon-table-header-global-kill-astar-collator-1.2tb-total-vm-mems-0-7.log",
    "https://www.stardust.box/posts/2026/01/Asatr-Peers-Program-Season3-6/ (archived copy, index file id 4144302224)",
    ["kill"], "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(1888, "astar-collator", 1254255840, 15096608, 0, 0, 1001, 16960, 0)],
    task_memcg="/", chosen=[1888, "astar-collator"], wall_prefix="2026-01-26T01:49:41",
    trigger=trig("systemd", None, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    text_not=K8S)
# A cgroup selftest patch mail (v7 2/8): the test's dmesg indented by two spaces, POWER9 ppc64le 6.12 (EL10) with
# the `[sp] [pc] fn` frame layout, stack through mem_cgroup_out_of_memory and try_charge_memcg (an anonymous fault),
# `Tasks state`, the author's `...`, the 6.8+ table header and the one row: test_zswap with 0 pages resident and 96
# swap entries (the test set memory.max=8M with memory.zswap.max=0), then `oom-kill:` (CONSTRAINT_MEMCG,
# /no_zswap_test) and the memcg kill (anon-rss 0 kB; pgtables 50 kB = the row's 51200 bytes).
add("518-lore-cgroups-2026-test-zswap-ppc64le-power9-6.12-el10-two-space-indented-dmesg-elided-rss-anon-row-memcg-kill-no-zswap-test.log",
    LORE_ALL + "20260424040059.12940-3-li.wang@linux.dev/", ["kill"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(177372, "test_zswap", 36544, 0, 0, 0, 0, 50, 0)], memcg="/no_zswap_test", task_memcg="/no_zswap_test",
    chosen=[177372, "test_zswap"], table_rows=[[177372, "test_zswap", 0]], text_not=K8S,
    trigger=trig("test_zswap", 177372, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0))
# SLES11 3.0.101 on an 8-node machine (each node 794296320 kB present, ~6 TiB), quoted in Michal Hocko's patch "oom:
# print nodemask in the oom report": PoolThread's header (`oom_adj=0, oom_score_adj=0`, cpuset `/`, mems_allowed=0-7),
# the `Pid: 30055, comm:` line, stack through __alloc_pages_slowpath (no memcg), the author's `[...]`, the Mem-Info
# counters (free:432672819 pages = 1.6 TiB free), then the per-node zones: Node 0 Normal free 8120 kB under its min
# 8160 kB, Nodes 5 and 7 near min, while Nodes 1-4 and 6 hold 196-476 GB free each. A machine-wide (CONSTRAINT_NONE)
# OOM cannot happen with that much free on allowed nodes: the allocation was confined to node 0 (the mail: a memory
# policy bound to node 0, which 3.0 does not print; the author does not rule out a race either). The text cannot
# tell which: the constraint is not determinable, and it is not the machine running out.
add("519-lore-linux-mm-2016-sles11-3.0.101-8-node-6tb-pool-thread-header-oom-adj-elided-meminfo-node0-normal-below-min-others-free-mempolicy-bind.log",
    LORE + "linux-mm/20160930214146.28600-1-mhocko@kernel.org/", ["incomplete"],
    "not determinable (3.0 prints no constraint; Node 0 alone is below its min while other nodes hold 2 TB free: an "
    "allocation confined to node 0, e.g. a memory policy, not a machine-wide shortage)", constraints=[None],
    trigger=trig("PoolThread", 30055, gfp="0x280da", order=0, oom_score_adj=0,
                 note="pid from the 3.0 `Pid: N, comm:` line"),
    summary_not=["machine ran out", "the machine is out"])
# SLE15-SP4 5.14 on a 12 TiB, 8-node machine at boot (printk caller `[    T1]`): swapper/0's order-10 GFP_DMA
# allocation for the DMA atomic pool fails (`page allocation failure`, warn_alloc), with a show_mem of 8 nodes
# (3221164600 pages RAM, free:3170151735 pages): no OOM killer at all.
add("520-lore-linux-mm-2022-sle15-sp4-5.14-12tb-8-node-boot-swapper-gfp-dma-order10-page-allocation-failure-printk-caller-t1-negative.log",
    LORE + "linux-mm/YwScVmVofIZkopkF@dhcp22.suse.cz/", [], "n/a (no OOM report: page allocation failure)")
# A 24 TiB HP Superdome2 (16 nodes, 480 CPUs) booting 4.0.1 with deferred struct-page init (Mel Gorman's series): the
# reply quotes the console with `> ` and format=flowed wraps every long line (trailing spaces): the poster's `:`, the
# last per-cpu lines (CPU 474-479), Mem-Info (free:209 pages), 16 nodes' zones with present:1610612736kB (1.5 TiB)
# but managed:2097152kB (2 GiB) each, 6442421132 pages RAM of which 6433662383 reserved, the pre-4.19 table header
# wrapped after nr_pmds and no row (no user task yet), then `Kernel panic - not syncing: Out of memory and no
# killable processes...` (4.0 panics when nothing is killable) wrapped before `killable`, from swapper/0 (PID 1)
# through __out_of_memory/out_of_memory/__alloc_pages_slowpath during driver_init (memory_dev_init).
add("mangler-pending/521-lore-linux-mm-2015-hp-superdome2-24tb-16-node-480-cpu-4.0.1-boot-deferred-page-init-no-killable-panic-quoted-flowed-wrapped.log",
    LORE + "linux-mm/554415B1.2050702@hp.com/", ["no_killable"],
    "global (boot-time allocation through __alloc_pages_slowpath; no eligible task, 4.0 panics)", constraints=["global"],
    no_killable=True,  # the panic message is wrapped by the mail (`… and no ` / `killable processes...`)
    trigger=trig("swapper/0", 1, note="from the CPU: line of the panic dump"))
# SunFire 4600 (8 nodes x 8 GiB, 64 GiB) on SLES9 2.6.5, a serial console in a mail wrapped at 72 columns: the
# excerpt starts at 2.6.5's `Active:` line (no header), every node's DMA/Normal/HighMem zones (each Normal zone below
# its min), buddy lists, `Free swap: 0kB`, `16777208 pages of RAM`, the 2.6.5 one-line kill `Out of Memory: Killed
# process 12726 (mtest).` (no sizes), then an NMI watchdog lockup of another mtest thread in shrink_zone. 2.6.5 has
# no memory cgroups; show_mem over all nodes is a machine-wide report.
add("522-lkml-2006-sunfire-4600-sles9-2.6.5-8-node-64g-mail-wrapped-zones-all-normal-below-min-out-of-memory-killed-process-mtest-then-nmi-lockup.log",
    LORE + "lkml/6b4e42d10609061653p608a2947g1943b3d752855dfe@mail.gmail.com/", ["kill"],
    "global (show_mem of all 8 nodes, every Normal zone below min, swap free 0; 2.6.5 has no memcg)",
    kills=[kill(12726, "mtest", None, None, None)],
    text_has=["have no memory cgroups to contain a job in"], text_not=["--limit"])
# 2.6.18-rc3-mm2 on a 512 MB i386 (no HighMem), its first report of an "OOM storm": syslogd's header (2.6.18's
# `oomkilladj=0`), each frame printed twice (`[symbol+off/len]` then `[<addr>]`), Mem-info with 2.6.18's one-line
# counters, Normal free 2792 kB under min 2804 kB (the line wrapped before ` all_unreclaimable? yes`), swap mostly
# free (936452 of 1116428 kB), then 2.6.18's selection `Out of Memory: Kill process 23392 (seamonkey-bin) score 48523
# and children.` and its kill `Out of memory: Killed process 23392 (seamonkey-bin).` (no sizes).
add("523-lkml-2006-2.6.18-rc3-mm2-i386-512m-oom-storm-syslogd-oomkilladj-header-symbolic-frames-kill-process-score-and-children-then-killed-process-no-sizes.log",
    LORE + "lkml/44DAF6A4.9000004@free.fr/", ["kill"], HOA, constraints=["global"],
    kills=[kill(23392, "seamonkey-bin", None, None, None, selected_score=48523)],
    trigger=trig("syslogd", None, gfp="0x201d2", order=0, oom_adj=0), not_checks=["swap_exhausted", "swap_absent"])
# linux-next 5.8-rc4 on an HP ProLiant BL660c Gen9 (4 nodes, 33521181 pages = 128 GiB, 4 GiB swap full), printk
# caller ids: the console before the panic the mail shows first. Report 1 (random 1778): full Mem-Info, the 4.19+
# table (random 1769 holds 26568800 pages = 101 GiB, adj 0), `oom-kill:` CONSTRAINT_NONE, and the kill of
# dbus-daemon (adj -900, 572 kB anon): the badness change under test ranked it first; its reaper line (T353), then
# another task's `used greatest stack depth` line. Report 2 (random 1770, a page-cache fault): Mem-Info, the table
# without dbus-daemon, `Out of memory and no killable processes...` and `Kernel panic - not syncing: System is
# deadlocked on memory` with its dump.
add("524-lore-linux-next-2020-5.8-rc4-next-hp-proliant-bl660c-4-node-128g-printk-caller-global-kill-dbus-daemon-adj-minus-900-over-101g-random-then-no-killable-deadlocked-panic.log",
    LORE + "linux-next/20200710124253.GA1125@lca.pw/", ["kill", "no_killable"],
    "global (CONSTRAINT_NONE, global_oom; the second report finds no eligible task and panics)",
    constraints=["global", "global"],
    kills=[kill(1155, "dbus-daemon", 74688, 572, 4, 0, 81, 164, -900, reaper=[0, 0, 0])],
    task_memcg="/system.slice/dbus.service", chosen=[1155, "dbus-daemon"], no_killable=True,
    panic="System is deadlocked on memory",
    trigger=trig("random", 1778, gfp="0x100dca(GFP_HIGHUSER_MOVABLE|__GFP_ZERO)", order=0, oom_score_adj=0),
    table_rows=[[1769, "random", 0], [1155, "dbus-daemon", -900], [928, "systemd-udevd", -1000],
                [1801, "sleep", 0]],
    checks=["victim_held_little", "swap_exhausted"], not_checks=["swap_absent"], text_not=K8S)
# Chinese kernel notes (an OOM Killer page), a QEMU guest on 6.11: stress-ng-vm (adj 1000) faults in a page table
# (GFP_KERNEL_ACCOUNT, pte_alloc_one) through __alloc_pages_may_oom; full 6.8+ Mem-Info (sec_pagetables,
# kernel_misc_reclaimable), Normal free 984 kB under min 8628 kB, no swap, 2097022 pages RAM (8 GiB), the 6.8+ table
# with rss_anon/rss_file/rss_shmem columns (stress-ng-vm 116: 1995298 pages), `oom-kill:` and the global kill of the
# allocating task itself (7980628 kB anon, adj 1000).
add("525-kernel-notes-cn-6.11-qemu-stress-ng-vm-adj-1000-gfp-kernel-account-pte-alloc-full-report-rss-anon-rows-global-kill-8g-no-swap.log",
    "Chinese kernel notes, 'OOM (Out Of Memory) Killer' (its OOM log section; archived copy, index file id 11530688578)",
    ["kill"], "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(116, "stress-ng-vm", 10515768, 7980628, 564, 0, 0, 15676, 1000)], task_memcg="/",
    chosen=[116, "stress-ng-vm"],
    table_rows=[[111, "sh", 0], [114, "stress-ng", -1000], [115, "stress-ng-vm", -1000], [116, "stress-ng-vm", 1000]],
    trigger=trig("stress-ng-vm", 116, gfp="0x440dc0(GFP_KERNEL_ACCOUNT|__GFP_COMP|__GFP_ZERO)", order=0,
                 oom_score_adj=1000),
    checks=["swap_absent"], not_checks=["trigger_not_victim", "swap_exhausted"], text_not=K8S)
# Debian 2.6.11 on a 512 MB PowerPC (all RAM in the DMA zone), memtest mlock()ing everything: 2.6.11's header
# `oom-killer: gfp_mask=0xd2` (no comm, no order), Mem-info (DMA free 2856 kB under min 2896 kB, swap 219592 of
# 976540 kB free: mlocked pages cannot be swapped), the kill `Out of Memory: Killed process 2386 (memtest).`, then
# memtest's own `page allocation failure` (a warn_alloc, not another OOM) through sys_mlock.
add("526-lkml-2005-debian-2.6.11-powerpc-memtest-mlock-bare-oom-killer-gfp-mask-0xd2-header-dma-only-meminfo-killed-process-then-page-allocation-failure.log",
    LORE + "lkml/aee4c5bc05072519431964a561@mail.gmail.com/", ["kill"],
    "global (show_mem; 2.6.11 has no memcg)", constraints=["global"],
    kills=[kill(2386, "memtest", None, None, None)], not_checks=["swap_exhausted", "swap_absent"],
    # After scoring: the header `oom-killer: gfp_mask=0xd2` is the trigger's, which 2.6.11 does not name (the
    # oracle first said no trigger at all, losing the printed mask).
    trigger=trig("", None, gfp="0xd2", note="2.6.11's header names no task"),
    text_has=["have no memory cgroups to contain a job in"], text_not=["--limit"])
# Ubuntu Forums 2007 (Ubuntu 7.10, 2.6.22 i386, 768 MB): a syslog whose poster coloured lines with vBulletin BBCode
# inside the records (`[COLOR="Red"]…[/COLOR]`): nautilus's header (`oomkilladj=0`), symbolic frames, Mem-info with
# Hot/Cold per-cpu lines, `Free swap  = 0kB` of 746980 kB, 196480 pages of RAM, the selection `Out of memory: kill
# process 18662 (amule) score 56923 or a child` and `Killed process 18662 (amule)`, then the next header (hostname,
# `oomkilladj=-17`, coloured after the stamp) and its frames: the paste ends there.
add("527-ubuntu-forums-2007-2.6.22-i386-768m-syslog-bbcode-color-tags-in-records-symbolic-frames-amule-or-a-child-kill-then-hostname-oomkilladj-minus17-header.log",
    "Ubuntu Forums, '[SOLVED] increasing swap?' (2007-10-10; archived copy, index file id 57171973924)",
    ["kill", "incomplete"], HOA, constraints=["global", "global"],
    kills=[kill(18662, "amule", None, None, None, selected_score=56923)],
    trigger=trig("nautilus", None, gfp="0x201d2", order=0, oom_adj=0), year_guessed=True,
    checks=["swap_exhausted"], not_checks=["swap_absent"])
# A 2007 forum post (General Help): a RHEL5-era 2.6.18 x86_64 syslog, 4 GiB, two CPUs: ntpd's header
# (`oomkilladj=0`), empty record lines, stack out_of_memory from __alloc_pages (a page-cache readahead, a
# `:dm_mod:` module frame), Mem-info with Hot/Cold per-cpu lines, the DMA32 zone line wrapped inside
# `all_unrecla` / `imable? yes`, and the Normal zone (free 964 kB under min 1016 kB); the paste ends there.
add("528-forum-2007-rhel5-2.6.18-x86_64-4g-syslog-ntpd-oomkilladj-header-dm-mod-frame-hot-cold-per-cpu-meminfo-wrapped-all-unreclaimable-cut-at-normal-zone.log",
    "Forum thread 'Problem with freezing and kernel errors' (2007-08-16, General Help; archived copy, index file id "
    "56733657839)", ["incomplete"], HOA, constraints=["global"],
    trigger=trig("ntpd", None, gfp="0x201d2", order=0, oom_adj=0), year_guessed=True)
# 529+: blind set 17a (h-b17a)
# Helper b17a: twelve real public reports around ML training and inference jobs (PyTorch/torchrun, Ray, caffe on a
# Jetson, Stable Diffusion's Fooocus, llama.cpp's converter, Kubeflow, Jupyter, MLflow), found by the search tool;
# truth written by hand from the text before oomlens ran on them. Excerpts as the index showed them (a last line the
# index cut mid-word left out, said where); host names replaced (host01, host02). Checked against tests/corpus,
# the shared corpus and the other set-17 worktrees. Half are the kernel's reports, half the user-space lines ML users
# paste instead (Ray's memory monitor, a Jupyter runtime's OOM detector, gunicorn's guess, torchrun's exit code),
# none of which is a kernel OOM report.
# llama.cpp: converting 7B weights with python3 on a 16 GB box; the prose line, then the kill line in inline-code
# backticks: a global kill (Out of memory: prefix) of python3 holding 12.6 GiB anon.
add("529-llama-cpp-76-prose-then-backticked-dmesg-kill-line-python3-convert-pth-to-ggml-13g-anon.log",
    GH + "ggml-org/llama.cpp/issues/76", ["kill"], "global (Out of memory: prefix)",
    [kill(930269, "python3", 15643332, 13201980, 4, 0, 0, 26524, 0)], text_not=K8S)
# Fooocus (SDXL) on Ubuntu, syslog without a year: the 5.x `oom-kill:` summary (CONSTRAINT_NONE, global_oom; the
# task's memcg a GNOME terminal's vte-spawn scope) and the global kill of python (27.5 GiB anon, 8832 kB shmem),
# then systemd's two "A process of this unit has been killed by the OOM killer." lines (user@1000.service and the
# scope), which are systemd's notes of the same kill, not another one.
add("530-fooocus-698-syslog-no-year-oom-kill-vte-spawn-terminal-scope-python-29g-anon-kill-then-systemd-unit-oom-lines.log",
    GH + "lllyasviel/Fooocus/issues/698", ["kill"], "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(788195, "python", 58268036, 28884084, 69552, 8832, 1000, 73724, 0)],
    task_memcg="/user.slice/user-1000.slice/user@1000.service/app.slice/app-org.gnome.Terminal.slice/"
               "vte-spawn-3be65058-3077-461c-a878-80309674c641.scope",
    chosen=[788195, "python"], year_guessed=True, text_not=K8S)
# Jetson TX2 (L4T 4.4) training MobileNet-YOLO with caffe, swap raised to 256 GB: the issue's dmesg tail (the last
# three rows of a 4.4 table with nr_ptes and nr_pmds columns, swapents 24/984/21), the selection of caffe with score
# 2 and its kill holding anon-rss 0 kB, file-rss 239524 kB; then, a blank line for the second comment's paste, a
# later report's last row (containerd, adj -500), the selection of unity-settings- (score 0) and its kill (0 kB anon
# and file), journald's kmsg overrun and a tegradc line. Two global kills (Out of memory: prefix).
add("531-mobilenet-yolo-17-jetson-tx2-4.4-caffe-training-nr-pmds-rows-selection-score-2-kill-anon-0-then-unity-settings-kill-journald-kmsg-overrun-tegradc.log",
    GH + "eric612/MobileNet-YOLO/issues/17", ["kill", "kill"], "global (Out of memory: prefix)",
    constraints=["global", "global"],
    kills=[kill(16073, "caffe", 18174060, 0, 239524, selected_score=2),
           kill(1955, "unity-settings-", 655784, 0, 0, selected_score=0)],
    table_rows=[[16189, "91-release-upgr", 0], [16190, "lsb_release", 0], [16191, "cut", 0],
                [16487, "containerd", -500]], text_not=K8S)
# ARTNet (3D CNN training with caffe): the selection and the kill, no prefix, between the poster's `"""` marks:
# caffe with 30.8 GiB anon, score 123.
add("532-artnet-5-caffe-3d-training-selection-and-kill-no-prefix-in-triple-quote-marks-32g-anon.log",
    GH + "wanglimin/ARTNet/issues/5", ["kill"], "global (Out of memory: prefix)",
    [kill(33049, "caffe", 118020040, 32252368, 83732, selected_score=123)], text_not=K8S)
# Kubeflow Pipelines on EKS, a journal with the node's long EC2 name (host02): the Tasks header, the one row of the
# pod's table (Argo's workflow-controller, 15-byte comm `workflow-contro`, adj 985, 1054782 pages rss) and the 5.x
# `oom-kill:` summary (CONSTRAINT_MEMCG, oom_memcg = task_memcg = the container's cri-containerd scope). The kill line
# after it is cut by the index after `anon-rss:41846`: left out, so the outcome is not in the text.
add("533-kubeflow-pipelines-10391-eks-journal-cgroup-v2-one-row-workflow-controller-adj-985-oom-kill-memcg-cri-containerd-kill-line-left-out.log",
    GH + "kubeflow/pipelines/issues/10391", ["incomplete"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    memcg="/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-podf7a1b086_d7da_459d_b923_c49422f5c39f.slice/"
          "cri-containerd-13a89dbdd35f95c3fd1c2ffd32807bb9a50387dc4db67c035557e5c24567caea.scope",
    task_memcg="/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-podf7a1b086_d7da_459d_b923_c49422f5c39f.slice/"
               "cri-containerd-13a89dbdd35f95c3fd1c2ffd32807bb9a50387dc4db67c035557e5c24567caea.scope",
    chosen=[31622, "workflow-contro"], table_rows=[[31622, "workflow-contro", 985]], year_guessed=True)
# Ray Datasets shuffle at scale: thirteen rows of a 4.19+ table (pgtables_bytes) from a worker node's dmesg, no
# header, no outcome (the next, cut, row left out): raylet holds 10819683 pages (41 GiB), containerd-shim at -998.
add("534-ray-24480-datasets-shuffle-dmesg-rows-only-raylet-41g-rss-gcs-server-anyscale-containerd-shim-adj-998.log",
    GH + "ray-project/ray/issues/24480", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None],
    table_rows=[[7834, "anyscale", 0], [8121, "containerd-shim", -998], [8717, "raylet", 0],
                [9052, "autoscaler_star", 0], [9098, "python", 0]])
# Negatives: what ML users paste instead of a kernel report. (After scoring: for 535-537 oomlens said only that no
# report was found, where it names earlyoom's or nohang's kills; it now names Ray's memory monitor as the
# user-space killer, with what it killed and the node: diagnose/userspace_evidence.cpp, tested in
# userspace_evidence_test.cpp. 538's runtime line `detected potentially oom-killed process` is read too: the kernel's
# report is in the host's kernel log. Warnings, never events.)
# Ray's raylet summary of the workers its memory monitor killed, copied from a 188-column terminal: the records
# wrapped mid-word and the short lines padded with spaces to the width (the index's first, cut, line left out).
add("535-wmpo-3-ray-raylet-workers-killed-due-to-memory-pressure-terminal-wrapped-at-188-columns-space-padded-userspace-negative.log",
    GH + "WM-PO/WMPO/issues/3", [], "n/a (no kernel report: raylet's count of the workers Ray's memory monitor killed)")
# Ray 2.0's older memory-monitor wording, each line prefixed `(raylet, ip=...)`: "System memory low ... killing
# latest task with name dask:(...) ... to avoid running out of memory" (the last, cut, line left out).
add("536-ray-28781-dask-on-ray-sort-raylet-system-memory-low-killing-latest-task-old-wording-ip-prefixed-userspace-negative.log",
    GH + "ray-project/ray/issues/28781", [], "n/a (no kernel report: Ray's memory monitor killed a task)")
# A log viewer's export pasted newest-first with each line's numeric id glued to the text and no line breaks: Ray's
# "Refer to the documentation..." advice, its top-N table (PID, MEM(GB), COMMAND: ray::IDLE, ray::IDLE_SpillWorker,
# raylet, ray::dask tasks) and "Memory on the node ... where the task (...)", cut by the index.
add("537-ray-32195-dask-on-ray-1tb-sort-log-export-reverse-chrono-line-ids-glued-top-n-pid-mem-gb-command-ray-idle-spillworker-userspace-negative.log",
    GH + "ray-project/ray/issues/32195", [], "n/a (no kernel report: Ray's memory monitor's kill message)")
# Backend.AI's kernel runner in a JupyterLab container: its own "Out-of-memory detected!" and "detected potentially
# oom-killed process" lines with the ipykernel's process tree (vm/rss in MiB), JupyterLab's kernel-restart lines
# between (the tree's last, cut, line left out). It reads the container's OOM count; no kernel line is pasted.
add("538-backend-ai-1373-kernel-runner-python-kernel-out-of-memory-detected-jupyterlab-kernel-restarted-ipykernel-process-tree-userspace-negative.log",
    GH + "lablup/backend.ai/pull/1373", [],
    "n/a (no kernel report: a container runtime's OOM detector and JupyterLab's kernel restarts)")
# MLflow's CI: gunicorn's arbiter times its workers out (WORKER TIMEOUT) and SIGKILLs them itself, then guesses
# "Perhaps out of memory?"; a CI prefix `Error: ` has eaten the start of the date. Not an OOM kill at all.
add("539-mlflow-10855-ci-gunicorn-worker-timeout-then-sent-sigkill-perhaps-out-of-memory-error-prefix-eats-date-userspace-negative.log",
    GH + "mlflow/mlflow/issues/10855", [],
    "n/a (no OOM report: gunicorn killed its timed-out workers itself and only guesses at memory)")
# Ultralytics YOLO DDP under torchrun: the epoch's progress line, torch elastic's glog lines (SIGTERM to the other
# rank, `failed (exitcode: -9) local_rank: 0 (pid: 102)`) and the traceback's start (the next, cut, line left out):
# a SIGKILL with no kernel line to say who sent it.
add("540-ultralytics-22944-yolo-ddp-torchrun-elastic-failed-exitcode-minus-9-local-rank-0-sigterm-to-rank-1-traceback-userspace-negative.log",
    GH + "ultralytics/ultralytics/issues/22944", [],
    "n/a (no kernel report: torchrun's exit code -9 of rank 0, the sender not in the text)")
# Blind set 17d (written by hand before oomlens ran on these files). Focus: the text shapes reports arrive in that the
# corpus has least of: `minikube logs` sections (`* ` prefixes, `dmesg -H` relative stamps with minute stamps that
# print no year), `> `-quoted dmesg whose first stamp lost its `[`, code fences with a language tag and prose between
# blocks, journal greps in a Russian locale, CI console lines interleaved after a kill, and partial pastes (only rows,
# only a header, a stack from its CPU line on, eleven grepped headers). Host names replaced (host01-03, node-a).
# The index keeps issue threads as excerpts: where an excerpt cut a line, the cut line is left out.
# VMware guest, Ubuntu 5.15: a kworker running vmwgfx's framebuffer-dirty work (`Workqueue: events
# vmw_fb_dirty_flush [vmwgfx]`) allocates zeroed kernel pages (GFP_KERNEL|__GFP_ZERO) for the driver's validation
# buffer; stack out_of_memory <- __alloc_pages_slowpath (global). Header only: the paste stops in the stack.
add("565-microk8s-3984-vmware-5.15-dmesg-kworker-vmwgfx-workqueue-fb-dirty-flush-gfp-kernel-zero-header-stack-cut.log",
    GH + "canonical/microk8s/issues/3984", ["incomplete"], HOA, constraints=["global"],
    trigger=trig("kworker/1:1", 3218757, gfp="0xdc0(GFP_KERNEL|__GFP_ZERO)", order=0, oom_score_adj=0),
    text_not=K8S)
# `minikube logs`' dmesg section: minikube's `* ` before the first line only, then `dmesg -H` stamps: `[Jul 5 16:27]`
# at a new minute (no year), `[  +0.000004]` deltas after. Chrome_ChildIOT (adj 300, a Chrome child) faults in a page-
# cache page (filemap_fault), stack out_of_memory <- __alloc_pages_slowpath: global. Header only.
add("566-minikube-11932-minikube-logs-dmesg-section-star-prefix-dmesg-H-reltime-debian-5.10-chrome-childiot-adj-300-header-stack-cut.log",
    GH + "kubernetes/minikube/issues/11932", ["incomplete"], HOA, constraints=["global"],
    trigger=trig("Chrome_ChildIOT", 25301, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=300),
    text_not=K8S,
    # Added after scoring: the header's `[Jul 5 16:27]` is dmesg -H's clock (the minute, no year), read since.
    year_guessed=True)
# `minikube logs`' `==> dmesg <==` section (the hyperkit VM, BHYVE, 4.19.81): the paste of that section starts at the
# CPU line of `exe` (the header is not in it), stack through mem_cgroup_out_of_memory and try_charge (an anonymous
# fault charged to a memcg), then the RIP/Code/RSP lines. The header's mask, order and adj are not printed here.
add("567-minikube-6160-minikube-logs-dmesg-reltime-4.19-bhyve-memcg-stack-from-cpu-line-exe-header-not-pasted-rip-code-lines.log",
    GH + "kubernetes/minikube/issues/6160", ["incomplete"],
    "memcg (stack: out_of_memory called by mem_cgroup_out_of_memory)", constraints=["memcg"],
    trigger=trig("exe", 14520, note="from the CPU: line; the header is not in the paste"))
# Minikube on the docker driver (kubepods nested under the node container's docker scope), a journal grep'd for oom
# in a Russian locale (`дек 06`): php's header (adj 992), one frame, the 4.19+ table header, the CONSTRAINT_MEMCG
# summary (oom_memcg = the burstable pod's slice) and the memcg kill of php: 198.8 MiB anon and 55.5 MiB shmem.
add("568-minikube-15467-ru-locale-journal-grep-docker-driver-nested-kubepods-burstable-memcg-php-kill-adj-992-shmem-55m.log",
    GH + "kubernetes/minikube/issues/15467", ["kill"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(636206, "php", 512864, 203564, 1004, 56812, 1000, 664, 992)],
    memcg="/system.slice/docker-6d047dd8bb660429d8736ed7ae76464b39ba69c105bafd5796f3ffd5ab1adb73.scope/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod91cead63_a202_475f_9a26_97c8ab358d71.slice",
    task_memcg="/system.slice/docker-6d047dd8bb660429d8736ed7ae76464b39ba69c105bafd5796f3ffd5ab1adb73.scope/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod91cead63_a202_475f_9a26_97c8ab358d71.slice/docker-45c2db11f60c765fda1671c78dc8d827c182da64bac6ccf838cf9b0018e323bb.scope",
    chosen=[636206, "php"],
    trigger=trig("php", None, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=992),
    year_guessed=True)
# systemd CI (TEST-55-OOMD, a VM console): the kernel's 5.x+ global kill line (`Out of memory:`, not `Memory cgroup
# out of memory:`) of sleep (adj 1000, 256 kB anon), then the test unit's own lines with printk stamps interleaved.
add("569-systemd-38906-ci-console-global-kill-sleep-adj-1000-then-test-55-oomd-service-lines-interleaved.log",
    GH + "systemd/systemd/pull/38906", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(934, "sleep", 3256, 256, 1828, 0, 0, 52, 1000)], text_not=K8S)
# DataONE CN (Ubuntu syslog in a ```javascript fence): ten rows from the middle of a pre-4.19 table (nr_ptes and
# nr_pmds columns), postgres, mdadm, apache2, bash, sshd, systemd and `(sd-pam)`; the cut eleventh line left out.
add("570-d1-python-14-javascript-fence-syslog-rows-only-from-middle-nr-ptes-nr-pmds-postgres-sd-pam.log",
    GH + "DataONEorg/d1_python/issues/14", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None], table_rows=[[28240, "postgres", 0], [21806, "apache2", 0], [5778, "(sd-pam)", 0]],
    year_guessed=True)
# Cuckoo sandbox host (Ubuntu 16.04, 4.x), raw dmesg: the pre-4.19 table header with nr_ptes and nr_pmds, twelve
# rows (clamd 112082 pages resident, node 70627 with 2689 swap entries, systemd-udevd -1000, dbus-daemon -900);
# the thirteenth, cut, row left out.
add("571-cuckoo-modified-367-raw-dmesg-table-header-nr-pmds-rows-only-clamd-node-swapents-cut.log",
    GH + "spender-sandbox/cuckoo-modified/issues/367", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None],
    table_rows=[[364, "systemd-udevd", -1000], [848, "clamd", 0], [863, "node", 0], [885, "dbus-daemon", -900]])
# RHEL7 3.10 `dmesg -T` (year printed): rsyslogd (omkafka leak) invokes the killer, GFP_HIGHUSER_MOVABLE's old mask
# 0x201da, cpuset `/`, `Kdump: loaded` in the CPU line, `[<addr>] fn` frames through out_of_memory <-
# __alloc_pages_nodemask: global. Header only.
add("572-rsyslog-3314-dmesgT-2018-rhel7-3.10-rsyslogd-header-gfp-201da-kdump-loaded-symbolic-frames-stack-cut.log",
    GH + "rsyslog/rsyslog/issues/3314", ["incomplete"], HOA, constraints=["global"],
    trigger=trig("rsyslogd", 29241, gfp="0x201da", order=0, oom_score_adj=0), wall_prefix="2018-11-21T10:42:11",
    text_not=K8S)
# GKE node (Debian 3.16), /var/log/messages in two fences with prose between: an aufs line, rsyslogd's HUP line, then
# google-fluentd's header (gfp 0xd0 = GFP_KERNEL, adj 947), its docker cpuset line and CPU line. No stack, no
# outcome: the text cannot tell the constraint.
add("573-dillinger-602-gke-debian-3.16-syslog-aufs-line-prose-then-rsyslogd-hup-google-fluentd-docker-cpuset-header-adj-947-gfp-d0.log",
    GH + "joemccann/dillinger/issues/602", ["incomplete"], "not determinable (header only, no stack)",
    constraints=[None], trigger=trig("google-fluentd", 8586, gfp="0xd0", order=0, oom_score_adj=947),
    year_guessed=True)
# logz.io fluentd DaemonSet: a `> `-quoted dmesg whose first line lost its `[` (`> 391524.805414] …`): three memcg
# selections of ruby2.3 days apart without their kill lines, an IPv6 line, the victim's row (adj 994), the
# selection (score 1775), kill and reaper of 371792, then another selection without a kill. 4.x (nr_pmds row, no
# UID on the kill line): adj from the row.
add("574-logzio-k8s-8-quoted-dmesg-first-stamp-cut-four-memcg-selections-without-kill-ipv6-line-row-selection-kill-reaper-ruby-adj-994.log",
    GH + "logzio/logzio-k8s/issues/8",
    ["selected_no_kill", "selected_no_kill", "selected_no_kill", "kill", "selected_no_kill"],
    "memcg (Memory cgroup out of memory prefix)", constraints=["memcg"] * 5,
    kills=[kill(371792, "ruby2.3", 659836, 149212, 10492, 0, adj=994, adj_source="task table row",
                selected_score=1775, reaper=[0, 0, 0])],
    selected_only=[[3685518, "ruby2.3", 1792], [859933, "ruby2.3", 1792], [2442358, "ruby2.3", 1792],
                   [2316873, "ruby2.3", 1792]],
    table_rows=[[371792, "ruby2.3", 994]])
# Kubernikus fluentd: `dmesg -H` lines at new minutes (`[Jul29 23:40]`, no year), eleven headers of
# ruby-timer-thr (GFP_KERNEL, 4.14-4.18 `nodemask=(null),  order=0` with two spaces, adj 988) over four hours, nothing
# else (grep'd); the twelfth, cut, line left out. Eleven header-only reports; no stack: constraint unknown.
add("575-kubernikus-301-dmesg-H-minute-stamps-no-year-eleven-ruby-timer-thr-headers-only-adj-988-fluentd.log",
    GH + "sapcc/kubernikus/issues/301", ["incomplete"] * 11, "not determinable (headers only)",
    constraints=[None] * 11,
    trigger=trig("ruby-timer-thr", None, gfp="0x14000c0(GFP_KERNEL)", order=0, oom_score_adj=988),
    year_guessed=True)  # added after scoring: each `[Jul29 23:40]` clock stamp is read since (the minute, no year)
# td-agent (fluentd) under a cgroup limit: prose, then a journal (host masked) with ruby's header (GFP_KERNEL, adj
# 0), CPU line, and the stack through out_of_memory; the next frame (mem_cgroup_out_o…) was cut, so the kept text
# does not say memcg or global.
add("576-fluentd-1657-journal-td-agent-ruby-5.4-header-prose-before-stack-cut-before-memcg-frame.log",
    GH + "fluent/fluentd/issues/1657", ["incomplete"], "not determinable (stack cut after out_of_memory)",
    constraints=[None], trigger=trig("ruby", 16039, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0),
    year_guessed=True, text_not=K8S)
# Blind set 17c (kernels 6.x, arm64/loongarch/mips routers, WSL2, negatives): reports 553-564, oracles written by
# hand from the text and the kernel's format before oomlens ran on them. Excerpts as the index showed them (cut where
# it cut); host names replaced (host01).
LOONG_BLOG = ("Chinese troubleshooting notes 'prometheus的OOM问题排查' (UOS 20, loongarch64 4.19, Kubernetes; archived "
              "copy, index file id 34432566973)")
LOONG_POD = "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-podb0b4b9ab_69ac_45c9_ba1d_25c0bc5c9e0d.slice"
# loongarch64 4.19 (16 KiB pages: prometheus's row holds 6558421 pages, its container's v1 stats say rss 104844432 kB),
# `dmesg -T` with Chinese weekday and month (`[四 4月 17 18:48:52 2025]`): the tail of a memcg report (a container's
# v1 stats line, the table, the reaper of prometheus; no kill line as posted), then the next report's header, cpuset
# line, LoongArch `Stack :` words and frames through mem_cgroup_out_of_memory, its last two frames glued on one line.
add("553-loongarch-prometheus-uos-4.19-16k-pages-dmesgT-zh-memcg-table-reaper-no-kill-line-then-header.log",
    LOONG_BLOG, ["kill", "incomplete"],
    "memcg (Memory cgroup stats; second event: stack through mem_cgroup_out_of_memory)", constraints=["memcg", "memcg"],
    kills=[kill(2983827, "prometheus", None, None, None, adj=961, adj_source="task table row", reaper=[0, 0, 0])],
    table_rows=[[1578890, "pause", -998], [2983827, "prometheus", 961]],
    trigger=trig("prometheus", 3347273, gfp="0x6000c0(GFP_KERNEL)", order=0, oom_score_adj=961,
                 note="header of the NEXT OOM event"),
    wall_prefix="2025-04-17T18:48:52", text_not=["BestEffort"])
# The same post's second paste: the header's `[` lost (` 四 4月 17 22:43:41 2025] prometheus invoked …`), a whole
# 4.19 memcg v1 report (Task in … killed as a result of limit of the pod slice, 100 GiB limit reached, three stats
# lines, the table), no kill line, the reaper of prometheus 4112165, then the next header with its CPU line glued
# after `mems_allowed=0-1`.
add("554-loongarch-prometheus-uos-4.19-16k-pages-dmesgT-zh-bracket-lost-memcg-v1-report-reaper-no-kill-line-glued-next-header.log",
    LOONG_BLOG, ["kill", "incomplete"], "memcg (Task in … killed as a result of limit of)",
    constraints=["memcg", None], memcg=LOONG_POD,
    task_memcg=LOONG_POD + "/cri-containerd-ca3cb3d16034bd31d742d812a46e765f1781e081d747eb9ba2e715895082196e.scope",
    kills=[kill(4112165, "prometheus", None, None, None, adj=961, adj_source="task table row", reaper=[0, 0, 0])],
    table_rows=[[1578890, "pause", -998], [4112165, "prometheus", 961]],
    trigger=trig("prometheus", 4112310, gfp="0x6000c0(GFP_KERNEL)", order=0, oom_score_adj=961),
    wall_prefix="2025-04-17T22:43", text_not=["BestEffort"])
O["554-loongarch-prometheus-uos-4.19-16k-pages-dmesgT-zh-bracket-lost-memcg-v1-report-reaper-no-kill-line-glued-next-header.log"]["limit_kb"] = 104857600
# The same post's syslog paste (host masked): `C1 CompilerThre` (comm with a space) charges a 400 MiB pod
# (memory+swap unlimited), three v1 stats lines, three rows (java 26597 pages of 16 KiB), `oom_kill_process: 1520
# callbacks suppressed` where the kill line would be, containerd's TaskOOM line, the reaper of java 585588, systemd's
# scope lines.
add("555-loongarch-uos-4.19-syslog-c1-compilerthre-space-comm-memcg-v1-kill-lines-suppressed-callbacks-containerd-taskoom-reaper.log",
    LOONG_BLOG, ["kill"], "memcg (Task in … killed as a result of limit of)", constraints=["memcg"],
    memcg="/kubepods.slice/kubepods-pod776b973b_ea34_4ae9_9d79_5b9a2cb363b6.slice",
    task_memcg=("/kubepods.slice/kubepods-pod776b973b_ea34_4ae9_9d79_5b9a2cb363b6.slice/"
                "cri-containerd-198301288f1414171589a049d5f75f9e4c871b8b3e5ad5af12051fdcc65da726.scope"),
    kills=[kill(585588, "java", None, None, None, adj=-997, adj_source="task table row", reaper=[0, 0, 0])],
    table_rows=[[1916799, "pause", -998], [585567, "sh", -997], [585588, "java", -997]],
    trigger=trig("C1 CompilerThre", 585614, gfp="0x6000c0(GFP_KERNEL)", order=0, oom_score_adj=-997),
    year_guessed=True,
    # After scoring: pid 585614 has no row (a thread, java's JIT compiler's by its name and adj): no claim that
    # another task asked for the memory.
    not_checks=["trigger_not_victim"])
O["555-loongarch-uos-4.19-syslog-c1-compilerthre-space-comm-memcg-v1-kill-lines-suppressed-callbacks-containerd-taskoom-reaper.log"]["limit_kb"] = 409600
# Negative: Ubuntu 5.4 (MooseFS master): hung-task warnings of kswapd0 and kswapd1, stuck in page writeback under
# memcg soft-limit reclaim; no OOM report.
add("556-moosefs-566-ubuntu-5.4-hung-task-kswapd0-kswapd1-shrink-node-reclaim-no-oom-negative.log",
    GH + "moosefs/moosefs/issues/566", [], "n/a (no OOM report: hung task warnings of kswapd)")
# OpenWrt 4.14 in a VM, `logread` (`Wed Jul 26 05:48:34 2023 kern.info kernel: [stamp]`) in a ```log fence: the last
# four rows (4.14 layout with nr_ptes and nr_pmds), the selection of dnsmasq 19483 (score 51) and the kill of its
# child 20518, then dnsmasq's own `failed to allocate` lines.
add("557-openwrt-13164-x86-vm-4.14-logread-rows-from-middle-nr-ptes-dnsmasq-selection-19483-score-51-kill-of-child-20518-daemon-err-lines.log",
    GH + "openwrt/openwrt/issues/13164", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(20518, "dnsmasq", 27908, 25768, 0, 0)], selected_only=[[19483, "dnsmasq", 51]],
    table_rows=[[20531, "dnsmasq", 0], [20532, "dnsmasq", 0], [20533, "dnsmasq", 0], [20534, "dnsmasq", 0]],
    wall_prefix="2023-07-26T05:48:34", text_not=K8S)
# OpenWrt x86 4.14 on VMware, `logread` after a markdown backtick: smartdns's header (OpenWrt's two spaces before
# `order=0`), CPU and Hardware lines, a Call Trace of bare addresses (no symbols): header only.
add("558-smartdns-341-openwrt-x86-vmware-4.14-logread-backtick-header-double-space-order-address-only-frames.log",
    GH + "pymumu/smartdns/issues/341", ["incomplete"], "not determinable (header only; frames are bare addresses)",
    constraints=[None],
    trigger=trig("smartdns", 6523, gfp="0x14201ca(GFP_HIGHUSER_MOVABLE|__GFP_COLD)", order=0, oom_score_adj=0),
    wall_prefix="2020-02-06T23:08:27")
# A stable@ reply (alloc_tag, 2025): a 6.x report without prefixes, snipped (`[... snip ...]`): the header cut inside
# its GFP flags, the 6.x Mem-Info (sec_pagetables, kernel_misc_reclaimable), no swap, 524158 pages RAM (2 GiB), a
# proposed `No memory allocation info available` line, the 6.8+ table (sh 417661 anon pages), `oom-kill:` and the
# global kill of sh (1.6 GB anon).
add("559-lore-stable-2025-alloc-tag-6.x-snipped-header-cut-meminfo-sec-pagetables-no-alloc-info-line-rss-anon-rows-global-kill-sh-shmem.log",
    LORE + "stable/aFprYu5H_ztouxw2@hyeyoo/", ["kill"], "global (CONSTRAINT_NONE, global_oom)",
    constraints=["global"], kills=[kill(171, "sh", 3102440, 1670644, 0, 1852, 0, 3336, 0)], task_memcg="/",
    chosen=[171, "sh"], table_rows=[[105, "systemd-udevd", 0], [171, "sh", 0]],
    trigger=trig("sh", None), checks=["swap_absent"], not_checks=["swap_exhausted"], text_not=K8S)
# playpen's README (a systemd-run wrapper): Ubuntu 6.8 `journalctl` without host names, every long line cut by the
# viewer with `...` (the stats path, the 6.8+ table header and row, `oom-kill:` after mems_allowed, the kill line
# after `anon-`), `...` lines between: a 50 MiB memcg (run-u820.service) kills python3, then systemd's unit lines.
add("560-playpen-readme-ubuntu-6.8-journal-no-hostname-viewer-cut-lines-dots-systemd-run-50m-memcg-kill-python3-user-service-lines.log",
    "playpen README (systemd-run memory limits; archived copy, index file id 23216562776)", ["kill"],
    "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"], memcg_elided=True,
    kills=[kill(483880, "python3", 293428, None, None)],
    trigger=trig("python3", 483880, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=200),
    year_guessed=True, text_not=K8S)
O["560-playpen-readme-ubuntu-6.8-journal-no-hostname-viewer-cut-lines-dots-systemd-run-50m-memcg-kill-python3-user-service-lines.log"]["limit_kb"] = 51200
# linux-doc reply (Fedora, 64 GiB + 8 GiB swap): a pt_BR-locale journal (`jun 20`), the 6.8+ table header and the
# systemd-oomd row, `oom-kill:` (global, a Konsole scope), the kill of sphinx-build (3.9 GB anon, adj 200), then the
# next header and one frame.
add("561-lore-linux-doc-2025-fedora-pt-locale-journal-lowercase-jun-table-header-oomd-row-global-kill-sphinx-build-adj-200-then-next-header.log",
    LORE + "linux-doc/20250620204459.4ae733d3@foz.lan/", ["kill", "incomplete"],
    "global (CONSTRAINT_NONE, global_oom)", constraints=["global", None],
    kills=[kill(1043271, "sphinx-build", 4222280, 3934380, 688, 0, 1000, 7812, 200)],
    task_memcg="/user.slice/user-1000.slice/user@1000.service/app.slice/app-org.kde.konsole-433443.scope",
    chosen=[1043271, "sphinx-build"], table_rows=[[1762, "systemd-oomd", -900]],
    trigger=trig("sphinx-build", None, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=200,
                 note="header of the NEXT OOM event"),
    year_guessed=True, text_not=K8S)
# WSL2 notes (a 15,384 MB VM): a ```text fence of dmesg lines the author shortened: the header, `oom-kill:` with
# `...` in place of nodemask/cpuset/mems_allowed (global_oom, /init.scope), the kill line cut after anon-rss with
# `...`, the reaper line without its sizes, journald's SIGTERM as WSL restarts.
add("562-wsl2-notes-dmesg-text-fence-header-summary-with-author-dots-kill-line-cut-reaper-without-sizes-journald-sigterm.log",
    "WSL2 training-run notes (root cause of a silent trainer death; archived copy, index file id 69869663559)",
    ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(14078, "python", 29359992, 14282608, None, uid=1000)], task_memcg="/init.scope",
    chosen=[14078, "python"],
    trigger=trig("python", None, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    text_not=K8S)
# linux-xfs thread (6.8-rc5, every line with a trailing space): the tail of an xfs_io soft lockup, `...` lines, then
# the kdump kernel's boot (512 MiB, 83986 of 131002 pages reserved) running out of memory in swapper/0's initcall:
# header, stack through __alloc_pages_slowpath, 6.x Mem-Info (DMA32 free 888 kB under min 3780 kB, slab_unreclaimable
# 25805 pages), `Unreclaimable slab info` (Acpi-Operand 39359 kB), an empty 6.8+ table, `Out of memory and no
# killable processes...`, `Kernel panic - not syncing: System is deadlocked on memory`, then SOL console lines.
add("563-lore-linux-xfs-2024-6.8-rc5-trailing-spaces-soft-lockup-tail-then-kdump-boot-swapper-oom-unreclaimable-slab-acpi-operand-no-killable-deadlocked-panic-sol-console.log",
    LORE + "linux-xfs/20240220054941.qqezfubpr5dcfcrw@dell-per750-06-vm-08.rhts.eng.pek2.redhat.com/",
    ["no_killable"], "global (no eligible task at boot; System is deadlocked)", constraints=["global"],
    no_killable=True, panic="System is deadlocked on memory",
    trigger=trig("swapper/0", 1, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0),
    slab_largest=["Acpi-Operand", 39359], text_not=K8S,
    # After scoring: the slab (25805 pages) is 54 % of the memory the page allocator managed (RAM less 83986 reserved
    # pages), which the explanation must say, beside the reservation.
    checks=["slab_unreclaimable_dominant", "reserved_dominant"])
# Negative: an arm64 TV box (Amlogic) on OpenWrt 6.6: kthreadd's hung-task warning while in direct reclaim
# (__alloc_pages_slowpath → try_to_free_pages → MGLRU evict_folios → swap writeback throttled): no OOM report.
add("564-amlogic-s9xxx-openwrt-641-arm64-6.6-flippy-hung-task-kthreadd-swap-writepage-shrink-folio-list-evict-folios-direct-reclaim-no-oom-negative.log",
    GH + "ophub/amlogic-s9xxx-openwrt/issues/641", [], "n/a (no OOM report: hung task warning)")
# 541+: blind set 17b (h-b17b)
# Helper b17b: twelve reports from orchestrators, schedulers and container runtimes as they are posted: Nomad's exec
# and docker drivers (/nomad/<alloc> memcgs, OOMScoreAdjust=-1000 inherited), nested LXD, memory.oom.group killing a
# whole cgroup (with init in it), kubelet/NPD node events (`kernel-monitor` OOMKilling, kube-eventer's combined
# events), a Talos DinD runtime limit above the pods, a Travis docker container with a user-namespace uid, podman's
# rootlessport, and a docker fork bomb's memcg kills followed by a vmalloc failure. Hosts replaced (host01, host03,
# node-a).
NOMAD = GH + "hashicorp/nomad/issues/"
# A Nomad exec-driver task (`canary`) inherits Nomad's OOMScoreAdjust=-1000: its memcg's task table has that one row
# (adj -1000), the kernel prints `Out of memory and no killable processes...` and, 1 ms later, the same task invokes
# the OOM killer again (the next report's header; no stack). A global OOM with nothing killable panics right after
# that line on 4.19+ (`System is deadlocked on memory`, the `Tasks state` header is 4.19+); no panic follows here, so
# this is a memcg (or sysrq) OOM, and the one-row table is the memcg's.
add("541-nomad-6672-syslog-exec-driver-tasks-state-one-row-canary-adj-minus-1000-no-killable-no-panic-then-next-header.log",
    NOMAD + "6672", ["no_killable", "incomplete"],
    "memcg (one-row table, no `System is deadlocked on memory` panic after the no-killable line; the next header "
    "cannot tell)", constraints=["memcg", None], no_killable=True, year_guessed=True,
    table_rows=[[21636, "canary", -1000]],
    trigger=trig("canary", None, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=-1000,
                 note="header of the NEXT OOM event"),
    checks=["no_killable_task"], text_not=K8S)
# A Nomad client's docker container: the `oom-kill:` summary and the memcg kill line as the poster's terminal wrapped
# them at 210 columns, inside `oom_memcg=/docker/fd92d65e` + `92f9…` and inside `oom_scor` + `e_adj:0`.
NOMAD_DOCKER = "/docker/fd92d65e92f9edc800266ece977e4316a31716bf6f008ba834b4a930b19b20e3"
add("542-nomad-24335-syslog-docker-oom-kill-summary-wrapped-inside-oom-memcg-php-fpm-memcg-kill-wrapped-inside-adj.log",
    NOMAD + "24335", ["kill"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(79699, "php-fpm", 568056, 107940, 11516, 6280, 1000, 524, 0)],
    memcg=NOMAD_DOCKER, task_memcg=NOMAD_DOCKER, chosen=[79699, "php-fpm"], year_guessed=True, text_not=K8S)
# A Nomad exec-driver allocation on GCE (4.15): the index's excerpt starts at the memory+swap line (unlimited: the
# memory limit itself is not in the excerpt), the /nomad/<alloc> stats (shmem 35124 KB of 40 MB charged), the one-row
# table, the selection (score 788) and kill of runc:[2:INIT] (shmem-rss 27132 kB of its 33 MB), its reaper, then 6 s
# later the next header (runc:[2:INIT] again; its cpuset line, cut, left out).
add("543-nomad-5576-gce-4.15-exec-driver-nomad-alloc-memcg-v1-stats-shmem-35m-runc-init-selection-kill-reaper-then-next-header.log",
    NOMAD + "5576", ["kill", "incomplete"],
    "memcg (Memory cgroup out of memory prefix; the next header cannot tell)", constraints=["memcg", None],
    kills=[kill(28042, "runc:[2:INIT]", 227632, 4872, 1068, 27132, adj=0, adj_source="task table row",
                selected_score=788, reaper=[0, 0, 0])],
    memcg="/nomad/de25a563-2409-843f-08ad-5bc6053df174 (from \"Memory cgroup stats for\")",
    table_rows=[[28042, "runc:[2:INIT]", 0]], year_guessed=True,
    trigger=trig("runc:[2:INIT]", None, gfp="0x14200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0,
                 note="header of the NEXT OOM event"),
    checks=["shmem_dominant"], text_not=K8S)
# LXD inside an LXD container (4.4): the index's excerpt starts in the stack (mem_cgroup_out_of_memory from
# pagefault_out_of_memory); `Task in /lxc.payload/tryit-select/system.slice/lxd.service killed as a result of limit of
# /lxc.payload/tryit-select`: the task's memcg (the nested lxd.service) is not the one whose limit (62500 kB, failcnt
# 81249407) was hit, the container's. No header, no kill in the excerpt.
add("544-lxd-6576-4.4-nested-lxd-task-in-lxd-service-limit-of-container-62500k-failcnt-81m-stats-no-header-no-kill.log",
    GH + "canonical/lxd/issues/6576", ["incomplete"], "memcg (Task in … killed as a result of limit of …)",
    constraints=["memcg"], memcg="/lxc.payload/tryit-select",
    task_memcg="/lxc.payload/tryit-select/system.slice/lxd.service", limit_kb=62500, text_not=K8S)
# linux-next 5.0-rc4 (Michal Hocko's reply quoting Tetsuo Handa's test, `> `, printk caller ids): a memcg /test1 with
# memory.max 51200 kB and memory.oom.group=1 holding PID 1 (systemd) and 11 a.out. The summary prints CONSTRAINT_NONE
# (that 5.0-rc's bug) with oom_memcg=/test1; a.out 9188 is killed, then `Tasks in /test1 are going to be killed due
# to memory.oom.group set` and every other task of the group is killed: systemd (pid 1) and ten a.out, reapers (T54)
# interleaved. Init's death panics the machine: `Kernel panic - not syncing: Attempted to kill init!`.
def _a(pid, anon, file, **kw):
    return kill(pid, "a.out", 14456, anon, file, 0, **kw)
add("545-lore-linux-mm-2019-5.0-next-quoted-printk-caller-memory-oom-group-kills-12-tasks-incl-systemd-pid1-then-panic-attempted-to-kill-init.log",
    LORE + "linux-mm/20190201070226.GC11599@dhcp22.suse.cz/", ["kill"],
    "memcg (oom_memcg=/test1, Memory cgroup out of memory prefix, stack through mem_cgroup_out_of_memory; the 5.0-rc "
    "summary printed CONSTRAINT_NONE)", constraints=["memcg"],
    kills=[_a(9188, 10324, 504, reaper=[0, 0, 0]),
           kill(1, "systemd", 43400, 1228, 3992, 0, reaper=[0, 0, 0]),
           _a(9182, 76, 588), _a(9183, 6228, 512, reaper=[0, 0, 0]), _a(9184, 6228, 508),
           _a(9185, 6228, 512, reaper=[0, 0, 0]), _a(9186, 4180, 508, reaper=[0, 0, 0]), _a(9187, 4180, 512),
           _a(9189, 6228, 512, reaper=[0, 0, 0]), _a(9190, 552, 512, reaper=[0, 0, 0]), _a(9191, 4180, 512),
           _a(9192, 1080, 512, reaper=[0, 0, 0])],
    memcg="/test1", task_memcg="/test1", limit_kb=51200, chosen=[9188, "a.out"],
    trigger=trig("a.out", 9185, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0),
    text_has=["memory.oom.group"], text_not=K8S)
# Podman's rootless port forwarder: one bare 5.x kill line (`Out of memory:`, with UID and oom_score_adj) of
# rootlessport holding 1.6 GiB anonymous memory, uid 1003, adj 200 (a user service's default).
add("546-podman-10790-bare-global-kill-line-rootlessport-1.6g-anon-uid-1003-adj-200.log",
    GH + "podman-container-tools/podman/issues/10790", ["kill"], "global (Out of memory: prefix of a 5.x kill line)",
    constraints=["global"], kills=[kill(5360, "rootlessport", 2988372, 1696352, 0, 0, 1003, 3832, 200)], text_not=K8S)
# A GKE node event (kubectl, tab-separated): NPD's kernel-monitor `OOMKilling` whose message is the 4.x memcg
# selection (score 2081: badness plus a raised oom_score_adj) and, on the next line with no prefix, the kill line.
add("547-k8s-60492-gke-kernel-monitor-event-tab-separated-oomkilling-memcg-selection-node-score-2081-kill-line-on-next-line.log",
    GH + "kubernetes/kubernetes/issues/60492", ["kill"], "memcg (Memory cgroup out of memory prefix)",
    constraints=["memcg"], kills=[kill(1371, "node", 783352, 201844, 22852, selected_score=2081)])
# Travis CI's Docker trusty image (4.4): `Task in /docker/<id> killed as a result of limit of /docke` + `r/<id>` and the
# stats line wrapped at 120 columns (`rss:41` + `43608KB`, `inactive_` + `file:`); 4 GiB limit reached (memsw limit
# 8 GiB, not reached), rss_huge 3.6 GiB; the table's first five rows (uid 296608: a user-namespace-remapped root, the
# 4.x nr_ptes/nr_pmds columns); the cut sixth row left out. No kill in the excerpt.
TRAVIS_DOCKER = "/docker/3215ee406f572d12ac48be036a0e122af6e8521b8954cd59ec68b714b124003d"
add("548-travis-packer-templates-504-docker-trusty-4.4-memcg-v1-task-in-wrapped-inside-path-stats-wrapped-userns-uid-296608-rows-cut.log",
    GH + "travis-ci/packer-templates/issues/504", ["incomplete"], "memcg (Task in … killed as a result of limit of …)",
    constraints=["memcg"], memcg=TRAVIS_DOCKER, task_memcg=TRAVIS_DOCKER, limit_kb=4194304,
    table_rows=[[91063, "init", 0], [91149, "acpid", 0], [91150, "cron", 0], [91151, "atd", 0], [91178, "sshd", 0]],
    not_checks=["memcg_swap_exhausted"], text_not=K8S)
# `kubectl describe node` on GKE: three NPD OOMKilling events (49m, 49m, 48m), each a 4.x memcg selection with its kill
# line on the next, unprefixed line: prometheus (8 GiB anon, score 1631), app (score 1006), node_exporter (score 1000).
add("549-prometheus-operator-3341-gke-describe-node-events-three-oomkilling-memcg-selections-scores-1631-1006-1000-and-kills.log",
    GH + "prometheus-operator/prometheus-operator/issues/3341", ["kill", "kill", "kill"],
    "memcg (Memory cgroup out of memory prefix)", constraints=["memcg", "memcg", "memcg"],
    kills=[kill(821218, "prometheus", 54937284, 8043768, 37012, 0, selected_score=1631),
           kill(789131, "app", 796664, 71564, 16736, 0, selected_score=1006),
           kill(788802, "node_exporter", 115736, 3652, 9160, 0, selected_score=1000)])
# kube-eventer's text of a node event `(combined from similar events)`: the memcg selection of pid 302951, comm
# AsyncLogger-1 (a thread's name, score 2366) and the kill of 300907 (java): the selected and the killed pids differ.
add("mangler-pending/550-kube-eventer-131-combined-event-message-memcg-selection-asynclogger-thread-name-score-2366-kill-of-java.log",
    GH + "AliyunContainerService/kube-eventer/issues/131", ["kill"], "memcg (Memory cgroup out of memory prefix)",
    constraints=["memcg"], kills=[kill(300907, "java", 5870996, 101048, 40932, 0)],
    selected_only=[[302951, "AsyncLogger-1", 2366]])
# Talos (2018) running Kubernetes in a docker-in-docker system container: `osctl dmesg` with `<6>` levels, the poster's
# `...` around one line: a pod container's task killed as a result of the limit of /system/docker (the runtime's own
# container), not of its pod.
add("551-talos-289-osctl-dmesg-level-prefix-elided-task-in-kubepods-pod-killed-by-limit-of-system-docker-dind.log",
    GH + "siderolabs/talos/pull/289", ["incomplete"], "memcg (Task in … killed as a result of limit of …)",
    constraints=["memcg"], memcg="/system/docker",
    task_memcg="/system/docker/kubepods/burstable/pod6687d6d7-fcae-11e8-b0b0-5e61144ba466/"
               "58f8a9bf6a469f0c94d42be34ad1bdff84fad63f236baedde981139a15aa5287")
# A fork bomb in a docker container with a kernel-memory limit (syslog): twice the memcg selects python3 4142 (score 68)
# and kills a child (4254, then 4255), each reaped; then python3's `vmalloc: allocation failure` (a warn_alloc of a
# failed kmem charge, no OOM report).
add("552-docker-for-linux-1001-syslog-docker-fork-bomb-memcg-sacrifice-child-kills-reapers-then-vmalloc-allocation-failure.log",
    GH + "docker/for-linux/issues/1001", ["kill", "kill"], "memcg (Memory cgroup out of memory prefix)",
    constraints=["memcg", "memcg"],
    kills=[kill(4254, "python3", 11968, 4288, 3972, 0, reaper=[0, 0, 0]),
           kill(4255, "python3", 11968, 4288, 3972, 0, reaper=[0, 0, 0])],
    selected_only=[[4142, "python3", 68]], year_guessed=True, text_not=K8S)
# Blind set 18b (containers, orchestrators, systemd units; kernels 3.x-6.x): reports 589-600, oracles written by hand
# from the text and the kernel's format before oomlens ran on them. Excerpts as posted (cut where the post cut); host
# names replaced (host01-host04). Sources that are files in public repositories are named by the index's file id.
# CRI-O pod with a 10 MiB limit (raw dmesg, 4.x: nr_ptes and nr_pmds columns): conmon, pause (-998), conmon, runc and
# runc:[2:INIT] (-998); the memcg selects runc 387941 (score 398) and kills its child runc:[2:INIT] 387951, reaped.
# The 4.x kill line prints no UID and no adj: adj from the victim's row.
add("589-cri-o-1975-raw-dmesg-nr-pmds-table-conmon-pause-runc-rows-memcg-selects-runc-kills-child-runc-init-adj-minus-998-reaper.log",
    GH + "cri-o/cri-o/issues/1975", ["kill"], "memcg (Memory cgroup out of memory prefix)", constraints=["memcg"],
    kills=[kill(387951, "runc:[2:INIT]", 477124, 3000, 3896, 0, adj=-998, adj_source="task table row",
                reaper=[0, 0, 0])],
    selected_only=[[387941, "runc", 398]],
    table_rows=[[157294, "conmon", 0], [157486, "pause", -998], [387941, "runc", 0], [387951, "runc:[2:INIT]", -998]])
AMA_WIKI = ("Azure Monitor Agent troubleshooting guide 'AMA Linux: HT: Enhanced log collection' (Azure Supportability "
            "wiki, mirrored in a public repository; index file id 52409398158), section 'Review Logs (OOM Killer)'")
# `dmesg | grep -i mdsd`, example 'system memory exhausted (CONSTRAINT_NONE)', 6.8 azure: mdsd's 6.8+ row (rss_anon,
# rss_file, rss_shmem columns; no table header: grep), the global `oom-kill:` (task_memcg the agent's service, cpuset
# azuremonitoragent.service) and the global kill of mdsd (2.9 GiB anon, uid 104); then the next report's mdsd header
# and CPU line (no stack: constraint unknown). The service's own limit played no part: global_oom.
add("590-azure-monitor-agent-wiki-dmesg-grep-mdsd-6.8-azure-rss-anon-row-global-oom-kill-task-in-azuremonitoragent-service-then-next-header.log",
    AMA_WIKI, ["kill", "incomplete"], "global (global_oom)", constraints=["global", None],
    kills=[kill(1975949, "mdsd", 4831256, 3047444, 2560, 0, 104, 6432, 0)],
    task_memcg="/system.slice/azuremonitoragent.service", chosen=[1975949, "mdsd"],
    table_rows=[[1975949, "mdsd", 0]],
    trigger=trig("mdsd", 1977413, gfp="0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO)", order=0,
                 oom_score_adj=0), text_not=K8S)
# Same page, example 'memory cgroup exhausted (CONSTRAINT_MEMCG)', 5.15 azure: mdsd's row (4.19+ columns), the
# CONSTRAINT_MEMCG summary whose oom_memcg is the agent's systemd service (a MemoryMax on azuremonitoragent.service),
# the memcg kill of mdsd (10 GiB anon), then the next mdsd header (GFP_KERNEL) and CPU line (no stack).
add("591-azure-monitor-agent-wiki-dmesg-grep-mdsd-5.15-azure-one-row-memcg-oom-kill-systemd-service-memorymax-azuremonitoragent-10g-anon-then-next-header.log",
    AMA_WIKI, ["kill", "incomplete"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg", None],
    kills=[kill(2002099, "mdsd", 12674368, 10457828, 23436, 0, 104, 20948, 0)],
    memcg="/system.slice/azuremonitoragent.service", task_memcg="/system.slice/azuremonitoragent.service",
    chosen=[2002099, "mdsd"], table_rows=[[2002099, "mdsd", 0]],
    trigger=trig("mdsd", 2005834, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0), text_not=K8S)
PSI_DOCKER = "/system.slice/docker-9c36374e8d75e9428a6006bb7a5dc4cb698e0f87cf7d4a1794d411d381ab1cc0.scope"
# A monitor's test fixture of three `dmesg -T` lines copied from a production host (the poster counts the first line's
# 417 characters; the Python literal split it, rejoined here): a CONSTRAINT_MEMCG summary of psi-agent in its docker
# container at 08:44 whose kill line the grep did not keep, then at 17:38 a global OOM (global_oom, cpuset user.slice)
# that killed psi-agent 3020917, again in that container (3.3 GiB anon).
add("592-psi-agent-monitor-test-fixture-dmesgT-2026-three-oom-lines-docker-memcg-summary-without-kill-then-global-oom-kill-of-same-container-task.log",
    "Public repository test fixture (probes tests, `_REAL_OOM_LINES`; index file id 69006444042)",
    ["incomplete", "kill"], "memcg then global (CONSTRAINT_MEMCG, then global_oom)", constraints=["memcg", "global"],
    kills=[kill(3020917, "psi-agent", 5112132, 3498384, 8, 8, 0, 7564, 0)],
    memcg=PSI_DOCKER, task_memcg=PSI_DOCKER, chosen=[2439793, "psi-agent"], wall_prefix="2026-09-12T08:44:22",
    # The container hit its own limit at 08:44 (the first line): the second event's advice may not say it has none.
    text_has=["or lower the one it has"], text_not=K8S + ["give the container a memory limit"])
PHP_SCOPE = ("/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-podef7ce918_ae07_11e9_bf64_00163e08cd06.slice/"
             "docker-5c223edfde3b17676cb982efdc201218a674578704d33d09de4775b721cb4702.scope")
# Docker notes (a blog's markdown; `grep -i OOM -A 5 -B 5 /var/log/messages`): rows of a 4.19+ table around grep's
# `--`, php-fpm7 workers at adj 937 in a Kubernetes pod's docker container; the summary says CONSTRAINT_NONE yet names
# oom_memcg (4.19-5.0 printed an unset constraint for memcg OOMs) and the kill line says `Memory cgroup out of memory`:
# a memcg kill of php-fpm7 26865 (13 MiB shmem), reaped (shmem stays). The victim's row is outside the grep's window;
# its uid 65534 is printed on the summary only (the chosen task's; a 4.19 kill line prints none).
add("593-docker-notes-blog-grep-A5-B5-messages-4.19-kubepods-docker-rows-php-fpm7-adj-937-constraint-none-with-oom-memcg-memcg-kill-shmem-reaper.log",
    "GitHub-hosted blog's Docker notes, section 'OOM Troubleshooting' (index file id 2546495698)", ["kill"],
    "memcg (Memory cgroup out of memory prefix and oom_memcg; the 4.19 summary printed CONSTRAINT_NONE)",
    constraints=["memcg"], kills=[kill(26865, "php-fpm7", 367860, 177544, 1720, 13216, reaper=[0, 0, 13216])],
    memcg=PHP_SCOPE, task_memcg=PHP_SCOPE, chosen=[26865, "php-fpm7"],
    table_rows=[[26934, "entrypoint.sh", 937], [26981, "php-fpm7", 937], [317, "php-fpm7", 937]], year_guessed=True)
MEMSTRESS_POD = "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod4b5bf7cc_0552_4e08_bf20_995280716dff.slice"
# Korean investigation notes (vLLM under Chaos Mesh StressChaos; `dmesg -T` 2026 of the worker): the memcg summary and
# kill of Chaos Mesh's memStress 3839453 (adj 1000, its own choice) in the vLLM pod (oom_memcg the pod's slice, limit
# 6 GiB), then the next report a second later: memStress's header, the pod's `memory:` 6291456 kB = limit (failcnt
# 79403) and `memory+swap:` lines, and the memcg kill of the restarted memStress 3839615 (no summary line kept).
add("594-vllm-chaos-mesh-notes-ko-dmesgT-2026-kubepods-cri-containerd-memcg-kill-memstress-adj-1000-then-next-header-6g-limit-memsw-second-kill-no-summary.log",
    "Korean chaos-engineering notes 'Phase 5 — 점진적 메모리 압력 시나리오 조사 기록' (index file id 67094460969)",
    ["kill", "kill"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg", "memcg"],
    kills=[kill(3839453, "memStress", 3669180, 2285812, 2164, 0, 0, 4564, 1000),
           kill(3839615, "memStress", 3669180, 2160472, 2164, 0, 0, 4320, 1000)],
    memcg=MEMSTRESS_POD,
    task_memcg=MEMSTRESS_POD + "/cri-containerd-80f7475c8c8014bfeb07a5e6453df2d72cdb94cc3baf8eddeab74e699d207775.scope",
    limit_kb=6291456, chosen=[3839453, "memStress"],
    trigger=trig("memStress", None, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=1000),
    wall_prefix="2026-09-04T11:42:11")
KAFKA_SCOPE = ("/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod03b7fe6c_4c5e_40e5_a17d_e82f148d42f1.slice/"
               "cri-containerd-b0a75cb93a762d493de09588e0dae48e0efd946e6c8c7c5c8362031834091f20.scope")
# K3s notes (Korean comments; `dmesg | grep -i -E 'killed process.*java|oom'` in a heredoc): cgroup v2, the summary's
# oom_memcg is the container's own scope (its limit, not the pod's), the memcg kill of mysqld 796205 (adj 961), then
# `Tasks in … are going to be killed due to memory.oom.group set` and the same kill line again (the group kill found
# mysqld once more): one process killed.
add("595-kafka-k3s-notes-ko-dmesg-grep-oom-cgroup-v2-cri-containerd-scope-limit-memcg-kill-mysqld-adj-961-memory-oom-group-printed-twice.log",
    "Korean K3s/Kafka deployment notes, section 'PVC 관련 트러블슈팅' (index file id 37840958891)", ["kill"],
    "memcg (CONSTRAINT_MEMCG, cgroup v2, memory.oom.group)", constraints=["memcg"],
    kills=[kill(796205, "mysqld", 2403480, 521000, 36352, 0, 999, 1412, 961, printed_twice=True)],
    memcg=KAFKA_SCOPE, task_memcg=KAFKA_SCOPE, chosen=[796205, "mysqld"], text_has=["memory.oom.group"])
# Kaspa devnet run notes (journal excerpt, `Relevant lines`): systemd-tmpfile(s)'s header (GFP_HIGHUSER_MOVABLE|
# __GFP_COMP), the 6.x table header (rss_anon…) and kaspad's row, the global summary (task in the ssh session's
# scope) and the global kill of kaspad (24.7 GiB anon), then systemd's `session-689.scope: A process of this unit
# has been killed by the OOM killer.`, Deactivated and Consumed lines: a session scope has no limit; the machine ran out.
add("596-kaspa-devnet-notes-journal-grep-systemd-tmpfile-header-rss-anon-table-kaspad-row-global-oom-kill-25g-anon-session-scope-killed-by-oom-killer-systemd-lines.log",
    "Kaspa devnet performance-run notes 'Run 6 OOM Evidence' (index file id 52164937073)", ["kill"],
    "global (global_oom)", constraints=["global"],
    kills=[kill(1297859, "kaspad", 46513808, 25891448, 0, 0, 1000, 75680, 0)],
    task_memcg="/user.slice/user-1000.slice/session-689.scope", chosen=[1297859, "kaspad"],
    table_rows=[[1297859, "kaspad", 0]],
    trigger=trig("systemd-tmpfile", None, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    year_guessed=True, text_not=K8S)
RUN_SCOPE = "/user.slice/user-1000.slice/user@1000.service/app.slice/run-p2663687-i11052929.scope"
# A daemon's test fixture, `journalctl -k -o short-unix` (epoch seconds stamps) captured byte-for-byte (two of five
# kills): chrome-headless (adj 300) in a `systemd-run --user` transient scope with a memory cap: header, CONSTRAINT_MEMCG
# summary (oom_memcg the scope) and memcg kill (3.1 GiB anon, 1.4 TiB total-vm); then Chrome_ChildIOT's header (adj
# 100) with the next scope's summary and kill of chrome-headless, and the user manager's `Consumed … 8G memory peak`.
add("597-ramstein-test-fixture-journalctl-k-short-unix-epoch-stamps-two-memcg-kills-chrome-headless-systemd-run-user-scope-adj-300-memory-peak-line.log",
    "Public repository test fixture (tests/test_kills.py, `REAL_TWO_KILLS`; index file id 66389607865)",
    ["kill", "kill"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg", "memcg"],
    kills=[kill(2664087, "chrome-headless", 1525450536, 3258100, 81560, 6312, 1000, 8808, 300),
           kill(2684673, "chrome-headless", 1525638952, 3068976, 81840, 6404, 1000, 8384, 300)],
    memcg=RUN_SCOPE, task_memcg=RUN_SCOPE, chosen=[2664087, "chrome-headless"],
    trigger=trig("chrome-headless", None, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=300),
    text_not=K8S)
KIND_CTR = ("/docker/8b5e1b8686b3a5082ea70faa5809e3053bb1f75077ce19236582b6d67190a48a/kubepods/burstable/"
            "podda04e81e-3992-4dd3-aea5-112148b37b9e/2d90ae0dc04950f146d262fd80f1da3b4bbc69cf059b2bb7c66616d35e4d3ffd")
# A devnet's docs, a markdown bullet quoting one /var/log/messages line in inline code: the CONSTRAINT_MEMCG summary of
# near-sandbox in a Kubernetes-in-docker node (cgroup v1 paths /docker/<node>/kubepods/burstable/pod…/<container>; the
# container's own limit). Summary only.
add("598-wormhole-devnet-docs-bullet-inline-code-var-log-messages-kind-node-docker-nested-kubepods-v1-memcg-summary-only-near-sandbox.log",
    "Public repository devnet docs, section 'Debugging' (index file id 31371849633)", ["incomplete"],
    "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"], memcg=KIND_CTR, task_memcg=KIND_CTR,
    chosen=[3723608, "near-sandbox"], year_guessed=True)
TMUX_SCOPE = ("/user.slice/user-1000.slice/user@1000.service/app.slice/"
              "tmux-spawn-7c5e34a1-68f7-4c1c-be58-daa94422297b.scope")
# A Go test's constants, 'copied from the devvm journal': the two bare kernel messages of a tmux pane's cap (a user
# systemd scope with a memory limit): the CONSTRAINT_MEMCG summary and the memcg kill of claude (adj 200, a user
# service's default).
add("599-devvm-pane-cap-test-fixture-bare-messages-user-systemd-tmux-spawn-scope-memcg-summary-and-kill-claude-adj-200.log",
    "Public repository Go test (`memcgKillLine`, `killedLine`; index file id 71213774633)", ["kill"],
    "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(3908023, "claude", 5688248, 420556, 101196, 0, 1000, 2120, 200)],
    memcg=TMUX_SCOPE, task_memcg=TMUX_SCOPE, chosen=[3908023, "claude"], text_not=K8S)
# Session notes (markdown): the poster's condensed quote of the host's dmesg in a bullet, wrapped in inline code over
# two lines, spaces after the commas, task_memcg elided (`.../weewx-clearskies-marine.service`) and `... anon-rss:…`
# glued after the task: an LXC container's limit (oom_memcg /lxc.payload.librewxr); no kill line as such; prose on the
# 6 GB cap after it.
add("600-weewx-clearskies-session-notes-lxc-payload-memcg-summary-quoted-in-markdown-bullet-task-memcg-elided-kill-sizes-glued-prose-6g-cap.log",
    "Public repository session notes (index file id 61589631401)", ["incomplete"], "memcg (CONSTRAINT_MEMCG)",
    constraints=["memcg"], memcg="/lxc.payload.librewxr", text_not=K8S)
# Blind set 18d (helper b18d): twelve reports as mailing-list replies carry them (linux-mm/LKML archives): `> ` at
# one to four depths, `>>>>` without spaces, `: ` quoting, quoted-printable bodies (`=3D`, `=C2=A0`, soft breaks
# inside fields), an NBSP decoded as `A `, a KMail-reflowed paragraph, two reports interleaved, prose between.
# Oracles written by hand from the text before oomlens ran on them.
MM09 = "msgctl11"
# 2.6.31-rc1, three reports of msgctl11 in one reply: at depth 4 a header (`oom_adj=0`, order 1, `Pid: 5795, comm:`),
# frames through __alloc_pages_nodemask, show_mem with its zone lines wrapped at 80 columns, the selection of 3855
# (score 179248, `or a child`) and the kill of its child 4222 (2.6.31 prints no sizes); at depth 2, indented by 8
# spaces with printk stamps, a second header (gfp 0x84d0) cut inside show_mem by the poster's `zero anon pages!`;
# unquoted, a third header (gfp 0x200da) whose show_mem ends at `Total swap`. No memcg frame: global.
add("613-lkml-linux-mm-2009-msgctl11-three-reports-at-quote-depths-4-2-0-selection-3855-kill-of-child-4222-no-sizes-indented-stamps-prose-between.log",
    LORE_ALL + "20090701022644.GA7510@localhost/", ["kill", "incomplete", "incomplete"],
    "global (stacks through __alloc_pages_nodemask; `Out of memory:` selection)",
    constraints=["global", "global", "global"], kills=[kill(4222, MM09, None, None, None)],
    selected_only=[[3855, MM09, 179248]], trigger=trig(MM09, 5795, gfp="0xd0", order=1, oom_adj=0), text_not=K8S)
# 2.6.31-rc1-cachefs: the same test quoted at depth 2 from a mail whose non-breaking spaces came out as `A ` (the
# frames `A [<…>] ? out_of_memory+…`, `CPU A  A 0: hi: A  A 0`, `Free swap A = 0kB`): header (gfp 0x200da), cpuset
# line, `Pid: 30858, comm:` line, show_mem, the selection of 25221 (score 130560) and the kill of its child 26379.
add("614-lkml-linux-mm-2009-msgctl11-nbsp-decoded-as-A-quote-depth-2-cpuset-header-frames-with-A-selection-25221-kill-of-child-26379-no-sizes.log",
    LORE_ALL + "20090629151417.GA29796@localhost/", ["kill"], "global (`Out of memory:` selection; no memcg frame)",
    constraints=["global"], kills=[kill(26379, MM09, None, None, None)], selected_only=[[25221, MM09, 130560]],
    trigger=trig(MM09, 30858, gfp="0x200da", order=0, oom_adj=0), text_not=K8S)
# 2.6.39-era 16 GB machine (CAI Qian's report quoted by KOSAKI, quoted again): fourteen `Out of memory: Kill process
# N (comm) score 1 or sacrifice child` lines, most wrapped before `child` at depth 2, hald 1447 twice; the poster left
# the kill lines out ("the brief log"). Fourteen selections without a kill line.
add("615-lkml-linux-mm-2011-cai-qian-16g-fourteen-selections-only-score-1-quote-depth-2-wrapped-before-child-hald-twice-no-kill-lines.log",
    LORE_ALL + "2135926037.315785.1306805582148.JavaMail.root@zmail06.collab.prod.int.phx2.redhat.com/",
    ["selected_no_kill"] * 14, "global (`Out of memory:` selections)", constraints=["global"] * 14,
    selected_only=[[1175, "dhclient", 1], [1247, "rsyslogd", 1], [1284, "irqbalance", 1], [1303, "rpcbind", 1],
                   [1321, "rpc.statd", 1], [1333, "mdadm", 1], [1365, "rpc.idmapd", 1], [1403, "dbus-daemon", 1],
                   [1438, "acpid", 1], [1447, "hald", 1], [1487, "hald-addon-inpu", 1], [1488, "hald-addon-acpi", 1],
                   [1507, "automount", 1]], text_not=K8S)
# 4.9-rc6 trinity under KASAN, quoted `>>>>` (no spaces) in a format=flowed reply: the selection of trinity-main
# 1650 (score 90), the kill of its child 1724 wrapped after `anon-rss:236kB,`, then an oops (NULL deref in
# copy_process) whose `CPU: 28 PID: 1650 Comm: trinity-main` line is no OOM header, the reply's prose between.
add("616-lkml-linux-mm-2016-trinity-4.9-quotes-without-spaces-depth-4-format-flowed-selection-1650-kill-of-child-1724-wrapped-then-oops-lines.log",
    LORE_ALL + "53b709f5-c560-a8ae-616f-cc7a64ff536c@oracle.com/", ["kill"], "global (`Out of memory:` selection)",
    constraints=["global"], kills=[kill(1724, "trinity-c14", 37280, 236, 112, 112)],
    selected_only=[[1650, "trinity-main", 90]], text_not=K8S)
# 4.7-rc3 (-next) with vm.oom_kill_allocating_task=1, quoted `> >>`: twice `Out of memory (oom_kill_allocating_task):
# Kill process N … score 0`, its kill and reaper (trinity-c159 3477, trinity-c156 3450, shmem left 444 and 572 kB),
# then the NULL-deref oops. The allocating task is killed whatever its size (a global OOM: memcg OOMs never take
# this path).
add("617-lkml-linux-mm-2016-sasha-next-4.7-rc3-oom-kill-allocating-task-two-kills-reapers-mixed-quote-markers-then-null-deref-oops.log",
    LORE_ALL + "20160620072813.GA4340@dhcp22.suse.cz/", ["kill", "kill"],
    "global (Out of memory (oom_kill_allocating_task): prefix)", constraints=["global", "global"],
    kills=[kill(3477, "trinity-c159", 3226820, 36832, 1640, 444, selected_score=0, reaper=[0, 0, 444]),
           kill(3450, "trinity-c156", 3769768, 36832, 1652, 508, selected_score=0, reaper=[0, 0, 572])],
    checks=["oom_kill_allocating_task"], text_not=K8S)
# A 2024 patch mail quoted at depth 2 in a quoted-printable reply (`=3D` for `=`, soft breaks `=` at 76 columns, one
# inside `__GFP_W=`/`RITE`, one inside `pid=3D4=`/`404`): dd's header (GFP_HIGHUSER_MOVABLE|__GFP_WRITE), the stack
# through mem_cgroup_out_of_memory/try_charge_memcg, `memory: usage 308224kB, limit 308224kB`, the poster's `...`
# around memory.stat lines (file_dirty 303247360 bytes: the 301 MiB memcg full of dirty page cache), the
# `oom-kill:` summary (oom_memcg=/test) wrapped, the kill of dd 4404 wrapped twice.
add("618-lkml-2024-mglru-dirty-flusher-quoted-printable-quote-depth-2-dd-memcg-v2-header-wrapped-stack-usage-limit-oom-kill-summary-soft-break-inside-pid-kill-wrapped.log",
    LORE_ALL + "CAJqJ8ijzAhVxuE16-oawhhs3YmHKWmmoo0ca5KyaLGME7aoXjw@mail.gmail.com/", ["kill"],
    "memcg (CONSTRAINT_MEMCG, stack through mem_cgroup_out_of_memory)", constraints=["memcg"],
    kills=[kill(4404, "dd", 10512, 1152, 1824, 0, 0, 76, 0)], memcg="/test", task_memcg="/test", limit_kb=308224,
    chosen=[4404, "dd"], trigger=trig("dd", None, gfp="0x101cca(GFP_HIGHUSER_MOVABLE|__GFP_WRITE)", order=0,
                                      oom_score_adj=0), text_not=K8S)
# 2.6.35-rc2 on POWER6 (LTP memcg regression), quoted at depth 2 from a KMail mail that re-flowed the console lines
# into one paragraph (continuations start with a space): twice `Memory cgroup out of memory: kill process N
# (memcg_test_1) score 3 or a child` and its `Killed process N (memcg_test_1) vsz:3456kB, anon-rss:448kB,
# file-rss:1088kB` (2.6.35 labels total_vm `vsz`), run together and into the oops that follows.
add("619-lkml-linux-mm-2010-ltp-memcg-power6-2.6.35-rc2-quote-depth-2-reflowed-paragraph-two-selections-and-kills-vsz-then-oops-in-same-paragraph.log",
    LORE_ALL + "20100611103509.520671b2.kamezawa.hiroyu@jp.fujitsu.com/", ["kill", "kill"],
    "memcg (Memory cgroup out of memory prefix)", constraints=["memcg", "memcg"],
    kills=[kill(9139, "memcg_test_1", 3456, 448, 1088, selected_score=3),
           kill(9140, "memcg_test_1", 3456, 448, 1088, selected_score=3)], text_not=K8S)
# syzbot (4.18-rc), WARNING in try_charge: syzbot's `> `-quoted console tail (the kill of 6410 and its reaper, each
# wrapped, and a debug line `task=… invoked memcg oom killer. oom_victim=1` from a test patch), then Michal Hocko's
# `: `-quoted stamped lines of the same report: debug line, `[...]`, `Task in /ile0 killed as a result of limit of
# /ile0`, `memory: usage 0kB, limit 0kB, failcnt 20` (a memcg whose limit is 0), stats, a one-row table, the memcg
# selection (score 547000), the same kill and reaper, then the WARNING `Memory cgroup charge failed because of no
# reclaimable memory!`. One kill, printed in the syzbot excerpt and in the full picture; no `invoked oom-killer:`
# header (the debug lines are a patch's, not the kernel's header). After scoring: the victim's oom_score_adj is 0 from
# its row (`[   6410]     0  6410 … 0 syz-executor5`; the 4.18 kill line prints none): the oracle first said null.
add("mangler-pending/620-lkml-linux-mm-2018-syzbot-try-charge-colon-quoted-stamped-lines-debug-task-invoked-memcg-oom-killer-memcg-v1-limit-0-one-row-selection-kill-reaper-then-warning.log",
    LORE_ALL + "20180806174410.GB10003@dhcp22.suse.cz/", None,
    "memcg (Task in … killed as a result of limit of …; Memory cgroup out of memory prefix)",
    kills=[kill(6410, "syz-executor5", 37708, 2128, 0, 0, selected_score=547000, reaper=[0, 0, 0], adj=0,
                adj_source="task table row")],
    memcg="/ile0", task_memcg="/ile0", limit_kb=0, table_rows=[[6410, "syz-executor5", 0]], text_not=K8S)
# A 32 MB ARM11 board (2.6.18, compcache) in a quoted-printable reply at depth 2 (`=C2=A0` non-breaking spaces,
# `=3D`, soft breaks inside frames and register lines): the 2.6.18 header `oom-killer: gfp_mask=0x201d2, order=0`
# (no comm) with the poster's `(==> __GFP_HIGHMEM, …)` note on it, ARM `from` frames, Mem-info (DMA free 6804 kB
# above high 1084 kB; swap 67480 of 81916 kB free), the selection `Out of Memory: Kill process 47 (rc.local) score
# 849737 and children.` and `Out of memory: Killed process 49 (CTaskManager).`, then the shell's `Killed` and the
# board's console lines.
add("mangler-pending/621-lkml-linux-mm-2009-arm11-2.6.18-32m-compcache-quoted-printable-nbsp-c2-a0-depth-2-commless-header-annotated-gfp-selection-47-rc-local-kill-of-49-then-console-lines.log",
    LORE_ALL + "28c262360908190318i3a9f3915g2366679ae89809aa@mail.gmail.com/", ["kill"],
    "global (2.6.18 has no memcg; `Out of Memory:` selection)", constraints=["global"],
    kills=[kill(49, "CTaskManager", None, None, None)], selected_only=[[47, "rc.local", 849737]],
    trigger=trig("", None, gfp="0x201d2", order=0, note="2.6.18's header names no task"),
    not_checks=["swap_exhausted", "swap_absent"], text_not=K8S)
# syzbot 4.20: a kworker's panic (`corrupted stack end detected inside scheduler`, not an OOM panic) whose stack is
# interleaved, at depth 2, with the reaper of 7963 (syz-executor189, wrapped) from an earlier OOM kill and
# rsyslogd's OOM header (wrapped before `oom_score_adj=0`); rsyslogd's CPU line and stack through
# __alloc_pages_may_oom follow the panic's last frames, then `Rebooting in 86400 seconds..`.
# Corrected after blind 18d (h-pend9's reading of the kernel, taken by the lead): the oracle first expected a kill of
# 7963 from its reaper line alone. The reaper proves that 7963 was marked an OOM victim, not that it was killed: for
# a task already exiting, out_of_memory() (task_will_free_mem(current)) and oom_kill_process() call
# mark_oom_victim() and queue_oom_reaper() and print no kill line. So the text shows one report, rsyslogd's, cut
# before its outcome; reaper lines of other pids give no event (as in 42, 159, 188, 190, 214, 241).
add("mangler-pending/622-lkml-linux-mm-2018-syzbot-wb-workfn-panic-stack-interleaved-with-wrapped-reaper-7963-and-rsyslogd-header-quote-depth-2-then-rsyslogd-stack-may-oom.log",
    LORE_ALL + "CACT4Y+Y-WW-giKkihkMXkKxQ2mK7Lhc60fCta3TqssiWGM8-2A@mail.gmail.com/", ["incomplete"],
    "global (rsyslogd's stack through __alloc_pages_may_oom)",
    trigger=trig("rsyslogd", 7840, gfp="0x6200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0), text_not=K8S)
# A busybox system on 3.10 (Huawei patch mail, quoted `>>`): busybox init vfork()s a child 9134 that shares init's
# mm; the selection and kill of that child (named init), `Kill process 1 (init) sharing same memory`, the poster's
# `...`, then `Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000009`: killing the child's shared
# mm killed PID 1.
add("623-lkml-linux-mm-2015-busybox-init-vfork-3.10-quote-depth-2-selection-and-kill-of-init-9134-kill-process-1-sharing-same-memory-poster-dots-attempted-to-kill-init-panic.log",
    LORE_ALL + "565BC23F.6070302@huawei.com/", ["kill"], "global (`Out of memory:` selection)",
    constraints=["global"], kills=[kill(9134, "init", 1868, 84, 572, selected_score=3)],
    panic="Attempted to kill init! exitcode=0x00000009", checks=["init_killed"], text_not=K8S)
# Resin.io (4.17.2 Arch), an IO-bound script in a v1 memcg of 10 MiB, quoted at depth 1 after prose: foo.sh's header
# (GFP_KERNEL), the stack through mem_cgroup_oom_synchronize/pagefault_out_of_memory, `Task in /dirty-test killed as a
# result of limit of /dirty-test`, usage = limit 10240 kB, stats (cache 8848 KB of which dirty 8580 KB, rss 180 KB),
# two rows, the selection of 18160 (score 261), the kill of its child 18415 (the trigger) and its reaper.
# After scoring: the victim's oom_score_adj is 0 from its row `[18415] … 0 foo.sh` (4.17's kill line prints none): the
# oracle first said null, which the row disproves.
add("624-lkml-linux-mm-2018-resin-dirty-pages-4.17-arch-quote-depth-1-memcg-v1-pagefault-oom-dirty-8580k-of-10m-limit-two-rows-selection-18160-kill-of-child-18415-reaper.log",
    LORE_ALL + "CAM1WBjLv4tBm2nJTVo_aUrf3BkpkHrH3UpJv=C8r3V9-RO94vQ@mail.gmail.com/", ["kill"],
    "memcg (Task in … killed as a result of limit of …; stack through mem_cgroup_out_of_memory)",
    constraints=["memcg"],
    kills=[kill(18415, "foo.sh", 13872, 472, 0, 0, adj=0, adj_source="task table row", reaper=[0, 0, 0])],
    memcg="/dirty-test", task_memcg="/dirty-test", limit_kb=10240,
    table_rows=[[18160, "foo.sh", 0], [18415, "foo.sh", 0]], selected_only=[[18160, "foo.sh", 261]],
    trigger=trig("foo.sh", 18415, gfp="0x14000c0(GFP_KERNEL)", order=0, oom_score_adj=0), text_not=K8S)
# 601+: blind set 18c (h-b18c), written by hand before oomlens ran on these files. Focus: kernels and machines the
# corpus has few of (2.6.20, 2.6.28 s390, 2.6.35, 4.x i386 with HighMem, 6.6 WSL2, 6.19 with allocation profiling),
# reports cut by other dumps (a spinlock BUG, a kswapd oops inside Mem-Info, a reaper's task dump), and causes the
# corpus has few of (locked memory, slab before the slab split, NOFS|NOFAIL lowmem, a GPU-less page allocation
# failure). Mail excerpts are cited by their lore.kernel.org address (Message-ID). Hosts replaced (host01, host02).
# Dave Jones' 4.4-rc7 trinity run (LKML, no stamps): a selection line, then a `BUG: spinlock recursion` whose stack
# runs __alloc_pages_nodemask → out_of_memory → oom_kill_process → find_lock_task_mm in trinity-c8 (pid 8828, the
# task that invoked the OOM killer; no header printed); no kill line follows.
add("601-lkml-2016-4.4-rc7-trinity-selection-then-spinlock-recursion-bug-in-find-lock-task-mm-no-kill-line.log",
    LORE + "lkml/20160103222728.GA11973@codemonkey.org.uk/", ["selected_no_kill"], "global (Out of memory: prefix)",
    constraints=["global"], selected_only=[[5861, "trinity-c10", 504]],
    trigger=trig("trinity-c8", 8828, note="from the CPU: line of the spinlock BUG, whose stack is in out_of_memory"),
    text_not=K8S)
# A 2006 LKML reply (2.6.20-rc2, KVM): the quoted report's lines run together without newlines: `Killed process 19271
# (trashapplet)` (its selection not shown), then qemu 12475 selected twice (`Out of memory: kill process … score
# 7899 or a child`) and its kill line printed twice (the killer ran again before qemu had exited), then an oops.
add("mangler-pending/602-lkml-2006-2.6.20-rc2-kvm-qemu-quoted-killed-process-and-kill-process-or-a-child-lines-run-together-then-null-deref-oops.log",
    LORE + "lkml/45939008.106@qumranet.com/", ["kill", "kill"],
    "global (Out of memory: prefix of qemu's selection; trashapplet's bare kill line cannot tell)",
    constraints=[None, "global"],
    kills=[kill(19271, "trashapplet", None, None, None), kill(12475, "qemu", None, None, None, selected_score=7899)],
    text_not=K8S)
# Tetsuo Handa's 4.11-rc1 i386 VMware guest (3 GiB RAM, 2.1 GiB HighMem, no swap) under a fork bomb of a.out: the
# header and stack, Mem-Info to the DMA zone, then kswapd0's oops (`BUG: unable to handle kernel paging request`,
# its own CPU line and stack) printed into the middle of Mem-Info, then the rest of Mem-Info (Normal, HighMem,
# buddy lists, 4096kB huge pages: a non-PAE 32-bit kernel), no task table, the selection of a.out 129 and the kill
# of its child 180 (56 kB) and its reaper.
add("603-linux-mm-2018-4.11-rc1-i386-vmware-highmem-a-out-header-kswapd0-oops-printed-inside-mem-info-selection-129-kill-180-reaper.log",
    LORE + "linux-mm/201801172008.CHH39543.FFtMHOOVSQJLFO@I-love.SAKURA.ne.jp/", ["kill"],
    "global (stack: out_of_memory from __alloc_pages_nodemask; Out of memory: prefix)", constraints=["global"],
    kills=[kill(180, "a.out", 2108, 56, 0, 0, reaper=[0, 0, 0])], selected_only=[[129, "a.out", 5]],
    trigger=trig("a.out", 274, gfp="0x14280ca(GFP_HIGHUSER_MOVABLE|__GFP_ZERO)", order=0, oom_score_adj=0),
    checks=["swap_absent"], text_not=K8S)
# Negative: a linux-media reply (Harry Yoo, 2026) quoting a Qubes Xen HVM guest's 6.19.5 `page allocation failure:
# order:5` in uvcvideo (warn_alloc, no OOM killer), with the reply's own text (a 7.0.0 Mem-Info indented by four
# spaces, page arithmetic, a signature) inside the quote, then the quote's rest: `Balloon:16384kB` on the Node line,
# zspages and free_highatomic zone fields, and the 6.10+ memory allocation profiling's top users.
add("604-lore-linux-media-2026-6.19-xen-hvm-balloon-v4l2src-uvcvideo-order5-page-allocation-failure-allocation-profiling-top-users-reply-inside-quote-negative.log",
    LORE + "linux-media/acDFSf04Gqmk8lva@hyeyoo/", [], "n/a (no OOM report: page allocation failure)")
# A project's notes on WSL2 (kernel 6.6.114.1, 15.8 GB RAM + 4 GB swap): `journalctl -b -1` lines with time-only
# stamps, the header with its gfp flag names left out, the `oom-kill:` summary and the kill line each re-flowed by
# the author onto an indented second line, the kill line shortened to total-vm and anon-rss with the author's
# `[swapents 1005813 pages = 4.0 GB]` note after them; then systemd stopping all of /init.scope (OOMPolicy=stop).
add("605-nutrimatic-notes-wsl2-6.6-journal-time-only-stamps-reflowed-oom-kill-and-kill-lines-author-annotated-swapents-init-scope-oompolicy-stop.log",
    GH + "mikemcqueen/nutrimatic/blob/585d4ee807dc4624a3b78659134c775540554b31/findings/archive/avoid-wsl-shutdown.md",
    ["kill"], "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(3524, "find-anagrams", 26637256, 15429480, None, None, 1000)],
    task_memcg="/init.scope", chosen=[3524, "find-anagrams"],
    trigger=trig("find-anagrams", None, gfp="0x140dca", order=0, oom_score_adj=0), text_not=K8S)
# Heiko Carstens' s390 report (2.6.28, linux-mm 2009, quoted in Andrew Morton's reply): basename's `oomkilladj=0`
# header for an order-2 GFP_KERNEL allocation (crst_table_alloc: an s390 page table), the s390 `Process basename
# (pid: 30555, …)` line and raw stack words, `([<…>] show_trace…)` frames, per-cpu lines, `slab:875833` pages (3.3 GiB
# of the 4 GiB the two zones present) and 585 MiB free, the mail cut after the zones. No `N pages RAM`: slab_dominant
# is said against the zones' present sizes, which are all the machine's memory here: the `DMA per-cpu:` and `Normal
# per-cpu:` heads name every populated zone (2.6.28 show_free_areas()) and both zone lines follow, no `Node N` (one
# node); the page size, which the slab pages need, is 4 KiB from `free:146348` pages against the zones' 467728 +
# 117664 kB free (h-pend9; the oracle's pending mark said the zones were only a lower bound of RAM).
add("606-lore-linux-mm-2009-s390-2.6.28-quoted-syslog-basename-order2-oomkilladj-header-crst-table-alloc-slab-875833-pages-cut-at-zones.log",
    LORE + "linux-mm/20090317024605.846420e1.akpm@linux-foundation.org/", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_internal)", constraints=["global"],
    trigger=trig("basename", 30555, gfp="0xd0", order=2, oom_adj=0), year_guessed=True,
    checks=["high_order_allocation", "slab_dominant"], text_not=K8S)
# Tetsuo Handa's 4.16-era patch mail: a bare 4.x kill line of a.out 7558, then `oom_reaper: unable to reap
# pid:7558 (a.out)` and the victim's task dump (state D, blocked in free_pgtables under copy_process): the reaper
# gave up on it.
add("607-lore-linux-mm-2018-4.16-tetsuo-kill-line-then-oom-reaper-unable-to-reap-victim-d-state-in-free-pgtables-task-dump.log",
    LORE + "linux-mm/1521547076-3399-2-git-send-email-penguin-kernel@I-love.SAKURA.ne.jp/", ["kill"],
    "not determinable (a bare 4.x kill line)", constraints=[None],
    kills=[kill(7558, "a.out", 4176, 84, 0, 0)], text_has=["reap"], text_not=K8S)
# Arch (journal, 2026): two global kill lines of steamwebhelper (24-25 GiB anon, uid 1000, adj 200, a user
# service's default), the first line's prefix with month and day glued as posted (`Jun30`); the issue's third
# line (`Jul…`) was not in the excerpt and is left out.
add("608-steam-for-linux-13369-arch-journal-two-steamwebhelper-global-kills-adj-200-first-month-day-glued-jun30.log",
    GH + "ValveSoftware/steam-for-linux/issues/13369", ["kill", "kill"], "global (Out of memory: prefix)",
    constraints=["global", "global"],
    kills=[kill(96560, "steamwebhelper", 33265308, 25343472, 3368, 57444, 1000, 51364, 200),
           kill(109442, "steamwebhelper", 32357904, 26298916, 3360, 56756, 1000, 53020, 200)],
    year_guessed=True, text_not=K8S)
# Minchan Kim's linux-mm reply (2017) quoting a Fedora 4.10 QEMU guest (384 MB, vm.overcommit_memory=2): the quoted
# `kernel: ` lines re-wrapped by the mail at 78 columns (the header's gfp_mask and oom_score_adj on lines of their
# own), python's page-cache fault, Mem-Info, DMA and DMA32 zones above min, buddy lists of (H) highatomic pageblocks;
# cut there. The poster's `Free swap  = 1137532kB` line before it is from another report of that day.
add("609-lore-linux-mm-2017-fedora-4.10-quoted-kernel-prefix-mail-rewrapped-overcommit-2-python-header-swap-free-highatomic-h-pageblocks-cut-at-buddy-lists.log",
    LORE + "linux-mm/20170227090236.GA2789@bbox/", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_slowpath)", constraints=["global"],
    trigger=trig("python", 813, gfp="0x14201ca(GFP_HIGHUSER_MOVABLE|__GFP_COLD)", order=0, oom_score_adj=0),
    not_checks=["swap_absent"], text_not=K8S)
# Johannes Weiner's reply (2017) quoting Michal Hocko's patch, which quotes Nils Holland's 4.9 i386 report with a
# tab after `> `: kworker/u4:5's writeback (flush-btrfs-1) GFP_NOFS|__GFP_NOFAIL header, raw stack words, frames to
# btrfs_find_create_tree_block, the author's `[...]`, then the Normal zone 36 kB under its min watermark while
# HighMem had 763 MiB free (lowmem exhausted), and the patch's prose.
add("610-lore-linux-mm-2017-4.9-i386-gentoo-tab-quoted-kworker-writeback-btrfs-gfp-nofs-nofail-header-elided-normal-below-min-highmem-free.log",
    LORE + "linux-mm/20170119184133.GA18735@cmpxchg.org/", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_nodemask)", constraints=["global"],
    trigger=trig("kworker/u4:5", 2603, gfp="0x2400840(GFP_NOFS|__GFP_NOFAIL)", order=0, oom_score_adj=0),
    checks=["lowmem_exhausted"], text_not=K8S)
# Tetsuo Handa's patch mail (4.14-next, VMware guest, 4 GiB, no swap): idle-priority 14294 selected and its child
# normal-priority 14458 killed and reaped (the earlier report's header not shown), then 1.5 s later systemd-journal's
# full report (no task table; 2.7 GiB anon_thp) and again 14294 selected, its child 14459 killed (88 kB) and reaped.
add("611-lore-linux-mm-2017-4.14-next-vmware-idle-priority-selected-twice-normal-priority-children-killed-reaped-systemd-journal-header-no-table-thp-anon.log",
    LORE + "linux-mm/1510915081-3768-1-git-send-email-penguin-kernel@I-love.SAKURA.ne.jp/", ["kill", "kill"],
    "global (Out of memory: prefix)", constraints=["global", "global"],
    kills=[kill(14458, "normal-priority", 4176, 88, 0, 0, reaper=[0, 0, 0]),
           kill(14459, "normal-priority", 4176, 88, 0, 0, reaper=[0, 0, 0])],
    selected_only=[[14294, "idle-priority", 876], [14294, "idle-priority", 876]],
    trigger=trig("systemd-journal", 13775, gfp="0x14200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    checks=["swap_absent"], text_not=K8S)
# CAI Qian's linux-mm reply (2010, 2.6.35-rc5 in a KVM guest, 1 GiB, 2 GiB swap nearly free), quoted twice (`> > `)
# and re-wrapped so some continuations carry one `> `: usemem mlockall()s its 1 GiB, so 495 MiB of DMA32 is
# unevictable/mlocked; three reports: usemem's (console-kit-dae 1727 selected, score 1027939 for its 4 GiB vsz, and
# killed: 0 kB anon), console-kit-dae's (sshd selected, its child bash killed), console-kit-dae's again (usemem
# selected and killed, 491 MiB anon). Kill lines of 2.6.35 print `vsz:` for total-vm. Swap could not help: locked
# pages are never swapped.
add("612-lore-linux-mm-2010-2.6.35-rc5-kvm-guest-double-quoted-rewrapped-usemem-mlockall-unevictable-495m-swap-free-three-vsz-kills.log",
    LORE + "linux-mm/1507379750.1116011279908136772.JavaMail.root@zmail06.collab.prod.int.phx2.redhat.com/",
    ["kill", "kill", "kill"], "global (Out of memory: prefix; stack: out_of_memory from __alloc_pages_nodemask)",
    constraints=["global", "global", "global"],
    kills=[kill(1727, "console-kit-dae", 4111756, 0, 600, selected_score=1027939),
           kill(1810, "bash", 108384, 0, 656),
           kill(1829, "usemem", 528224, 502468, 376, selected_score=8253)],
    selected_only=[[1806, "sshd", 9474]],
    trigger=trig("usemem", 1829, gfp="0x280da", order=0, oom_adj=0),
    not_checks=["swap_exhausted", "swap_absent"], text_has=["mlock"], text_not=K8S)
# Blind set 18a (written by hand before oomlens ran on these files). Focus: the people this tool is for, ML and data
# jobs (model loading, Celery task workers, language-model tooling, Dask, Spark on YARN): the kernel's reports pasted
# into their issues and, as often, the user-space killers' own lines (the Dask nanny, YARN's NodeManager), which are
# no kernel kill. Checked against tests/corpus, the shared corpus and the other set-18 worktrees. The index keeps issue
# threads as excerpts: a line an excerpt cut is left out. Host and user names replaced (host01, user).
# chatterbox (multilingual TTS) loading its model on the CPU in a Python REPL: the shell's `Killed`, then two dmesg
# lines: the 5.x `oom-kill:` summary (CONSTRAINT_NONE, global_oom, task_memcg `/`: the root cgroup) and the global kill
# of python: 3.5 GiB anon, 65.5 MiB shmem, total-vm 43.3 GiB.
add("577-chatterbox-342-python-repl-cpu-model-load-killed-then-dmesg-oom-kill-task-memcg-root-global-kill-python-65m-shmem.log",
    GH + "resemble-ai/chatterbox/issues/342", ["kill"], "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(69859, "python", 45371532, 3666084, 4224, 67056, 1000, 14208, 0)], task_memcg="/",
    chosen=[69859, "python"], text_not=K8S)
# paperless-ngx (Celery worker, Debian bookworm, Docker): the poster put the kill line first, then a sentence, then
# four rows of the same report's table (4.19+ columns, stamped 215.109763-215.109775, before the kill at 215.109804):
# gunicorn and Celery processes whose comm is their setproctitle name cut to 15 bytes, `[celeryd: celer` with a
# bracket and a space. Global kill (5.x `Out of memory:` line) of 2299, 2.8 GiB anon; its row shows 74251 swapents.
add("578-paperless-ngx-6790-kill-line-first-celeryd-setproctitle-comm-bracket-then-prose-then-four-rows-stamped-before-it.log",
    GH + "paperless-ngx/paperless-ngx/issues/6790", ["kill"], "global (Out of memory: prefix of a 5.x kill line)",
    constraints=["global"], kills=[kill(2299, "[celeryd: celer", 5338544, 2947024, 0, 0, 1004, 6764, 0)],
    table_rows=[[2118, "gunicorn: maste", 0], [2119, "[celeryd: celer", 0], [2263, "gunicorn: worke", 0],
                [2299, "[celeryd: celer", 0]], text_not=K8S)
# A Django app's Celery worker on a Raspberry Pi 4 (6.1.21-v8+): dmesg with a lone global kill line of celery (1.2 GiB
# anon), SCSI and EXT4 errors of an USB disk, then, 9.5 hours later, another report: the gvfs-afc-volume header
# (GFP_HIGHUSER_MOVABLE|__GFP_COMP, order 0), its CPU and Hardware lines, a blank line where the poster left out the
# stack, Mem-Info (show_mem: a global OOM) and its first line; the cut continuation left out. No outcome for it.
add("579-django-link-archive-395-rpi4-6.1-dmesg-celery-kill-then-sd-ext4-errors-then-gvfs-afc-volume-header-blank-line-mem-info-cut.log",
    GH + "rumca-js/Django-link-archive/issues/395", ["kill", "incomplete"],
    "global (Out of memory: prefix; second event: Mem-Info after the header)", constraints=["global", "global"],
    kills=[kill(116013, "celery", 1452108, 1217700, 0, 0, 1000, 2584, 0)],
    trigger=trig("gvfs-afc-volume", 1871, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    text_not=K8S)
# vgmdb's Celery container: the poster's blank lines between the 4.x selection (score 153), the kill of the same
# celery (151 MiB anon) and its reaper 3.8 s later; then another celery process (4960) segfaults in python2.7.
add("580-vgmdb-18-blank-lines-between-celery-selection-kill-reaper-4s-later-then-celery-segfault.log",
    GH + "hufman/vgmdb/issues/18", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(4958, "celery", 245472, 154728, 4, 0, selected_score=153, reaper=[0, 0, 0])], text_not=K8S)
# DeepSpeech's generate_trie (building a language model's trie) killed: the shell's `Killed`, then `tail
# /var/log/kern.log`: seven rows of a 4.19+ table with syslog prefixes (no year), two named `Web Content` (a space in
# the comm), generate_trie holding 3911263 pages (14.9 GiB); the cut eighth line left out. Rows only.
add("581-deepspeech-1745-shell-killed-generate-trie-then-tail-kern-log-rows-only-web-content-comm-15g-rss.log",
    GH + "mozilla/DeepSpeech/issues/1745", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None],
    table_rows=[[2184, "fwupd", 0], [2275, "firefox", 0], [2347, "Web Content", 0], [2410, "WebExtensions", 0],
                [2876, "bash", 0], [2911, "Web Content", 0], [3831, "generate_trie", 0]],
    year_guessed=True, text_not=K8S)
# Negatives: user-space killers' and job runners' lines, no kernel line. YARN's NodeManager kills a container that
# runs beyond its physical memory limit (exitStatus -104, `Killing container.`), here as EasyRec's application master
# logs it, with the first line of the container's process-tree dump (the cut row after it left out).
add("582-easyrec-21-yarn-rmcommunicator-running-beyond-physical-memory-limits-killing-container-process-tree-userspace-negative.log",
    GH + "alibaba/EasyRec/issues/21", [],
    "n/a (no kernel report: YARN's NodeManager killed the container for its physical memory limit)")
# Dask's nanny (distributed.nanny.memory) restarts a worker at 95 % of its memory limit: a user-space kill, shown by
# `coiled cluster logs` with each line prefixed by its instance's IP or `(scheduler)`.
add("583-coiled-dask-blog-cluster-logs-ip-prefixed-nanny-memory-exceeded-95-percent-budget-restarting-userspace-negative.log",
    "https://blog.coiled.io/blog/observability-with-dask.html", [],
    "n/a (no kernel report: the Dask nanny restarted its worker at 95 % of the worker's memory limit)")
# Spark on YARN: the executor's container killed by YARN for its virtual memory (7.2 GB of 4.2 GB): YARN's
# vmem check, a user-space kill, not the kernel's (host name replaced).
add("584-tensorflowonspark-134-spark-container-killed-by-yarn-exceeding-virtual-memory-limits-userspace-negative.log",
    GH + "yahoo/TensorFlowOnSpark/issues/134", [],
    "n/a (no kernel report: YARN killed the executor's container for its virtual memory limit)")
# The Dask nanny's older wording (distributed 1.2x): `Worker exceeded 95% memory budget.  Restarting`, then `Worker
# process N was killed by unknown signal`: the nanny's own kill of its worker, six times; a lone backtick before.
add("585-dask-distributed-1829-old-nanny-worker-exceeded-95-percent-budget-killed-by-unknown-signal-userspace-negative.log",
    GH + "dask/distributed/issues/1829", [],
    "n/a (no kernel report: the Dask nanny killed and restarted its workers at 95 % of their memory limit)")
# paperless-ngx (docker compose): Celery's pool reports ForkPoolWorker-8 exited with signal 9, gunicorn's arbiter
# reports a worker `was sent SIGKILL! Perhaps out of memory?` (no WORKER TIMEOUT: gunicorn did not send it), the
# WorkerLostError traceback's start; the sender is not in the text (the next, cut, line left out).
add("586-celery-billiard-380-forkpoolworker-signal-9-gunicorn-perhaps-out-of-memory-workerlosterror-docker-compose-prefix-negative.log",
    GH + "celery/billiard/issues/380", [],
    "n/a (no kernel report: two SIGKILLs whose sender the text does not name)")
# paperless-ngx on Docker: thirteen whole rows from the middle of a 4.19+ table (containerd-shim at -998,
# docker-proxy at -500, a java of uid 35002, gunicorn and `[celeryd: celer`), in a code fence; the cut next row left
# out. Rows only.
add("587-paperless-ngx-4869-fence-rows-only-from-middle-containerd-shim-adj-998-docker-proxy-adj-500-uid-35002-java-celeryd-setproctitle-comm.log",
    GH + "paperless-ngx/paperless-ngx/issues/4869", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None],
    table_rows=[[1753, "containerd-shim", -998], [1816, "docker-proxy", -500], [2013, "java", 0],
                [2619, "gunicorn: maste", 0], [2620, "[celeryd: celer", 0]], text_not=K8S)
# SynapseML's LightGBM on Spark/YARN (Dataproc): the barrier stage failed, ExecutorLostFailure `Container killed on
# request. Exit code is 137`: YARN killed the container on request (SIGKILL); no kernel line (host name replaced).
add("588-synapseml-1124-spark-lightgbm-executorlostfailure-container-killed-on-request-exit-code-137-negative.log",
    GH + "microsoft/SynapseML/issues/1124", [],
    "n/a (no kernel report: YARN killed the executor's container on request, exit code 137)")
# 637+: blind set 19b (h-b19b), written by hand before oomlens ran on these files. Focus: servers and databases and
# the small cloud machines they run on (PostgreSQL, MySQL, Redis, RabbitMQ/EMQX's Erlang VM, Rails' Sidekiq and
# Passenger, Node builds), and the servers' own lines about a SIGKILL next to (or instead of) the kernel's report:
# PostgreSQL's `server process (PID N) was terminated by signal 9: Killed`, systemd's `status=9/KILL` and
# `Failed with result 'oom-kill'`, npm's `errno 137`. Checked against tests/corpus, the shared corpus and the other
# set-19 worktrees. The index keeps issue threads as excerpts: a line an excerpt cut is left out. Hosts replaced.
# pod4lib's Sidekiq (CentOS 7 /var/log/messages, no printk stamps): a 3.10 selection of ruby (score 392) and its kill
# line with `, UID 503,` and shmem-rss (10 GiB anon), then systemd: the unit's main process exited `code=killed,
# status=9/KILL` (the SIGKILL the kernel sent), failed, restarted.
add("637-pod4lib-852-centos7-messages-no-stamp-sidekiq-ruby-selection-kill-uid-comma-shmem-then-systemd-main-process-status-9-kill.log",
    GH + "pod4lib/aggregator/issues/852", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(26778, "ruby", 11024172, 10420820, 0, 0, 503, selected_score=392)], year_guessed=True, text_not=K8S)
# huginn (Ubuntu 14.04, 3.13, a Bochs VM): the poster's two code blocks, the selection (score 267) and kill of ruby
# first (its kill line says `totalvm:` as posted), then `With the following right before it:` cron's `(CRON) error
# (can't fork)` and the same report's header, mysqld's (global, cpuset=/), its CPU and Hardware lines and two lines of
# raw stack words; the cut third line left out.
# After scoring: total-vm is null: the kill line says `totalvm:2159008kB`, a label no kernel prints (mainline and
# RHEL print `total-vm:`, 2.6.3x `vsz:`), so the poster's edit is not read as the field; the oracle first said
# 2159008, the figure a reader takes it for.
add("mangler-pending/638-huginn-768-ubuntu-3.13-syslog-kill-pair-totalvm-typo-first-then-cron-cant-fork-and-mysqld-header-raw-stack-words.log",
    GH + "huginn/huginn/issues/768", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(8055, "ruby", None, 1077748, 0, selected_score=267)],
    trigger=trig("mysqld", 1251, gfp="0x201da", order=0, oom_score_adj=0), year_guessed=True, text_not=K8S)
# Passenger's maintainer explains a user's syslog: four quotes indented by four spaces with his prose between them,
# out of print order: the selection (score 750), the table header, `...`, ruby's row (756433 pages of rss, which the
# prose calls KB), the kill (2.9 GiB anon), and last the PassengerAgent header (printed first, stamped 630250.830457).
# After scoring: the victim's oom_score_adj is 0 from its row `[16886]  1001 16886 … 0 ruby` (3.x's kill line prints
# none): the oracle first said null, which the row disproves.
add("mangler-pending/639-passenger-1433-maintainer-reply-indented-quotes-out-of-order-selection-row-ellipsis-kill-then-passengeragent-header-last.log",
    GH + "phusion/passenger/issues/1433", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(16886, "ruby", 5029280, 3025732, 0, adj=0, adj_source="task table row", selected_score=750)],
    table_rows=[[16886, "ruby", 0]],
    trigger=trig("PassengerAgent", None, gfp="0x2084d0", order=0, oom_score_adj=0), year_guessed=True, text_not=K8S)
# EMQX (CentOS 7 `tail -n1000 /var/log/messages`, no printk stamps): the Erlang VM's erts_poll_1 header, then straight
# the 3.10 table header and six rows (udevd and auditd at -1000, dbus at -900); the cut seventh row left out. No
# stack, no outcome in the excerpt.
add("640-emqx-14482-centos7-messages-tail-erts-poll-header-then-table-rows-no-kill.log",
    GH + "emqx/emqx/issues/14482", ["incomplete"], "not determinable (header and task-table rows only)",
    constraints=[None],
    table_rows=[[802, "systemd-journal", 0], [831, "systemd-udevd", -1000], [1015, "auditd", -1000],
                [1195, "systemd-logind", 0], [1200, "polkitd", 0], [1205, "dbus-daemon", -900]],
    trigger=trig("erts_poll_1", None, gfp="0x280da", order=0, oom_score_adj=0), year_guessed=True, text_not=K8S)
# `minikube logs`' `==> dmesg <==` section (BHYVE VM, 4.19.76, no swap, 1535902 pages RAM: 5.9 GiB): the show_mem
# tail (`Total swap = 0kB`), the selection of mysqld (score 1663) and its kill (4.3 GiB anon), then, under `dmesg -H`'s
# `[Oct28 16:58]`, the next header, mysqld's (adj 912), stack through __alloc_pages_slowpath; the cut frame left out.
add("641-minikube-5751-logs-dmesg-reltime-show-mem-tail-mysqld-selection-score-1663-kill-then-next-mysqld-header-adj-912.log",
    GH + "kubernetes/minikube/issues/5751", ["kill", "incomplete"],
    "global (Out of memory: prefix; the next header's stack through __alloc_pages_slowpath)",
    constraints=["global", "global"],
    kills=[kill(16556, "mysqld", 16816660, 4469476, 4, 0, selected_score=1663)],
    trigger=trig("mysqld", 20742, gfp="0x6280ca(GFP_HIGHUSER_MOVABLE|__GFP_ZERO)", order=0, oom_score_adj=912),
    checks=["swap_absent"], year_guessed=True)
# `grep -r` over rotated logs (RHEL 6): each line starts with its file's name, `messages-20150510:`, before the syslog
# prefix; the selection of python2.7 (score 658) and its 2.6.32 kill line with `, UID 500,` (2.6 GiB anon).
add("642-soltra-plugin-crits-1-grep-r-rotated-messages-filename-prefix-rhel6-python-selection-kill-uid-comma.log",
    GH + "Soltra/plugin-crits/issues/1", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(29591, "python2.7", 3446192, 2751508, 20, uid=500, selected_score=658)], year_guessed=True,
    text_not=K8S)
# A Docker buildx build (bare dmesg): the 5.x `oom-kill:` summary, CONSTRAINT_NONE and global_oom, task_memcg under
# /docker/buildx/, `task=npm ci` (a comm with a space), then the kill of `npm ci`, which held 18 MiB anon (the
# machine's memory was elsewhere), and its reaper.
add("643-streamr-network-473-docker-buildx-global-oom-summary-comm-with-space-npm-ci-small-victim-18m-kill-reaper.log",
    GH + "streamr-dev/network/pull/473", ["kill"], "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(2592, "npm ci", 1099676, 18456, 0, 0, 0, 3964, 0, reaper=[0, 0, 0])],
    task_memcg="/docker/buildx/14026f2afa01b7a214a20371d296eb22f4bf862805a09a8272848d1a27b6c76e",
    chosen=[2592, "npm ci"], text_not=K8S)
# Negatives: a server's own lines about a SIGKILL, no kernel line. PostgreSQL's postmaster (docker compose's
# `postgres_1  | ` prefix, lines padded to the terminal's width, the last wrapped): backend 315 `was terminated by
# signal 9: Killed`, then the crash restart (every other backend told to exit).
add("644-docker-library-postgres-809-compose-prefixed-postgres-log-server-process-terminated-by-signal-9-wrapped-no-kernel-report-negative.log",
    GH + "docker-library/postgres/issues/809", [],
    "n/a (no kernel report: PostgreSQL says a backend was ended by SIGKILL, whose sender it does not know)")
# systemd (journal, Fedora copr): `postgresql.service: A process of this unit has been killed by the OOM killer.`,
# `Failed with result 'oom-kill'`, and the unit's 6.5G memory peak; the kernel's report is not in the text.
add("645-fedora-copr-4447-journal-systemd-postgresql-service-killed-by-oom-killer-failed-with-result-oom-kill-memory-peak-no-kernel-report-negative.log",
    GH + "fedora-copr/copr/issues/4447", [],
    "n/a (no kernel report: systemd says the OOM killer killed a process of postgresql.service)")
# YugabyteDB's YSQL (a PostgreSQL fork) log quoted with `> `: backend 7916 terminated by signal 9, the postmaster
# ends the others; the cut fourth line left out.
add("646-yugabyte-13014-quoted-postgres-log-server-process-terminated-by-signal-9-postmaster-crash-recovery-no-kernel-report-negative.log",
    GH + "yugabyte/yugabyte-db/issues/13014", [],
    "n/a (no kernel report: PostgreSQL says a backend was ended by SIGKILL, whose sender it does not know)")
# A $5 DigitalOcean droplet: `npm run build` (webpack), the shell's `Killed` alone, then npm's `errno 137` /
# `Exit status 137` (128 + 9: SIGKILL); no kernel line.
add("647-misskey-2087-digitalocean-5-dollar-droplet-npm-run-build-webpack-killed-npm-err-errno-137-no-kernel-report-negative.log",
    GH + "misskey-dev/misskey/issues/2087", [],
    "n/a (no kernel report: the build was ended by SIGKILL, exit status 137, whose sender the text does not name)")
# Redis's reporter (AWS Xen HVM, Ubuntu 3.13, bare dmesg): cron's header, raw stack words before `Call Trace:`, frames
# through out_of_memory from __alloc_pages_nodemask (a page-cache fault); the cut frame left out. Header only.
add("648-redis-2136-aws-xen-ubuntu-3.13-bare-dmesg-cron-header-raw-stack-words-before-call-trace-cut-in-stack.log",
    GH + "redis/redis/issues/2136", ["incomplete"], "global (stack: out_of_memory called by __alloc_pages_nodemask)",
    constraints=["global"], trigger=trig("cron", 1401, gfp="0x201da", order=0, oom_score_adj=0), text_not=K8S)
# Blind set 19d (written by hand before oomlens ran on these files). Focus: the ways reports arrive that the corpus
# has least of: container runtimes' and the kubelet's own OOM notices (docker events, docker inspect, kubectl's
# CgroupOOM/SystemOOM events), a dmesg read inside a container, grep'ed syslogs, excerpts that open mid-report.
# Checked against tests/corpus, the shared corpus and the other set-19 worktrees. The index keeps issue threads as
# excerpts: a line an excerpt cut is left out. Host names replaced (host01, node-a, node4).
# Docker 1.8 (a Mac's boot2docker VM): inside a container limited to 200m, python is `Killed`; the container's own
# `dmesg | tail -n 5` (a dmesg that reads the ring buffer's records badly: the stamps are `[    0.000000]` and each
# task row's `[ pid]` cell is taken as its stamp, `[19392.000000]`), a 4.x table header cut to `pid ]`, two rows (the
# pid printed again as tgid), the memcg selection (score 890) and the kill of python: no file-rss beyond 1580 kB,
# no shmem, no adj on the kill line (its row says 0).
add("661-moby-15621-docker-run-shell-killed-then-dmesg-tail-in-container-zeroed-stamps-rows-pid-read-as-stamp-memcg-selection-score-890-kill-python.log",
    GH + "moby/moby/issues/15621", ["kill"], "memcg (Memory cgroup out of memory: prefix)", constraints=["memcg"],
    kills=[kill(19417, "python", 1584624, 168368, 1580, adj=0, adj_source="task table row", selected_score=890)],
    table_rows=[[19392, "bash", 0], [19417, "python", 0]], text_not=K8S)
# Docker 1.9's event stream (`curl …/events`, one JSON object a line): create, attach, start, then `"status":"oom"`,
# Docker's notice of the container's memory cgroup OOM (cgroup v1 memory.oom_control eventfd); the `die` line, cut by
# the index, left out. Above it the terminal of `docker run -m 64M`. No kernel line.
add("662-moby-18470-docker-run-output-then-docker-events-api-json-stream-status-oom-container-event-die-cut-negative.log",
    GH + "moby/moby/issues/18470", [],
    "n/a (no kernel report: Docker's `oom` event for the container, its memory cgroup's OOM notice)")
# `docker events` on a Kubernetes node (2019): `container oom <id> (annotations…)` of a JupyterHub notebook container,
# the line wrapped by the post inside the sandbox id; the next, cut, line left out. No kernel line.
add("663-docker-for-linux-670-docker-events-container-oom-line-k8s-annotations-jupyter-notebook-wrapped-inside-sandbox-id-negative.log",
    GH + "docker/for-linux/issues/670", [],
    "n/a (no kernel report: Docker's `container oom` event for a Kubernetes container)")
# kubectl describe pod: the kubelet's `CgroupOOM` warning, `Cgroup OOM encountered, victim process: stress, pid:
# 470521` (cAdvisor's reading of the node's kernel log), then `kubectl describe node` up to its Events header. No
# kernel line.
add("664-k8s-100487-kubectl-describe-pod-events-kubelet-cgroupoom-victim-process-stress-pid-470521-then-describe-node-header-negative.log",
    GH + "kubernetes/kubernetes/pull/100487", [],
    "n/a (no kernel report: the kubelet's CgroupOOM event naming victim stress, pid 470521)")
# `docker inspect` of a Kubernetes container (Docker 1.9, CoreOS): `"OOMKilled": false`, `"ExitCode": 137` (SIGKILL,
# sender not said), in an inline code span opened and closed by lone backticks. No kernel line.
add("665-k8s-19825-docker-inspect-state-oomkilled-false-exitcode-137-inline-code-backticks-negative.log",
    GH + "kubernetes/kubernetes/issues/19825", [],
    "n/a (no kernel report: docker inspect's exit code 137 with OOMKilled false)")
# COS node (containerd 1.7 e2e test): the 5.x `oom-kill:` summary alone, CONSTRAINT_MEMCG, the pod's slice as
# oom_memcg and its cri-containerd scope as task_memcg, task dd pid 38287; the kill line after it, cut by the index
# inside anon-rss, left out.
add("666-containerd-8893-cos-journal-oom-kill-summary-constraint-memcg-cri-containerd-scope-burstable-pod-slice-task-dd-kill-line-left-out.log",
    GH + "containerd/containerd/issues/8893", ["incomplete"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    memcg="/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod17efb6ec_09ab_4eec_8ad6_f953eb1a7466.slice",
    task_memcg="/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod17efb6ec_09ab_4eec_8ad6_f953eb1a7466.slice/"
               "cri-containerd-98bac6c4b73cfd4c647647aa80248208b67de059874d4ddfdd1aa43ea3967e54.scope",
    chosen=[38287, "dd"], year_guessed=True)
# A Rails host's blog (2015): `grep -i kill /var/log/syslog`: ruby's header (old GFP_HIGHUSER_MOVABLE mask 0x201da,
# no pid printed), 5.5 s later the selection of ruby 32236 (score 912) and its kill, whose anon-rss (921340 kB) is
# printed larger than its total-vm (209732 kB), as posted. One report: the grep keeps every header, and no other one
# lies between.
add("667-ragnarson-blog-2015-grep-i-kill-syslog-ruby-header-gfp-201da-selection-score-912-kill-anon-rss-over-total-vm-5s-later.log",
    "https://blog.ragnarson.com/2015-06-29-be-aware-about-the-out-of-memory-killer/", ["kill"],
    "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(32236, "ruby", 209732, 921340, 0, selected_score=912)],
    trigger=trig("ruby", None, gfp="0x201da", order=0, oom_score_adj=0), year_guessed=True, text_not=K8S)
# Amazon Linux 2 (2019): a grep of /var/log/messages* for ssm: two systemd lines, then two task rows (4.14 rows:
# nr_ptes, nr_pmds) syslog-stamped three minutes apart. The first row is garbled by the terminal: a stray `7` after
# rss and again after the comm `amazon-ssm-agen` (15 bytes, a whole comm) and a run of spaces: nine figures for
# eight columns, so which is its oom_score_adj cannot be told (null). The cut selection line after them left out.
# Kinds not checked (corrected after the first run, the oracle had two reports): the grep keeps only the ssm lines,
# so whether the two rows are one report's (an rsyslogd stalled under the OOM stamps a report's lines late) or two
# reports' the text does not tell.
add("668-amazon-ssm-agent-204-amzn2-grep-messages-systemd-lines-then-two-rows-three-minutes-apart-first-garbled-by-terminal-extra-7-columns.log",
    GH + "aws/amazon-ssm-agent/issues/204", None, "not determinable (task-table rows only)",
    constraints=[None], table_rows=[[4972, "amazon-ssm-agen", None], [14002, "ssm-document-wo", 0]],
    year_guessed=True, text_not=K8S)
# Elasticsearch host (Ubuntu 4.4 syslog): the excerpt opens inside the call trace (`? ` frames, oom_kill_process,
# out_of_memory from __alloc_pages_slowpath: a page allocation's OOM, not a memcg's), then Mem-Info and its first
# line; the rest cut by the index. No header, no kill.
add("669-elasticsearch-23842-ubuntu-syslog-excerpt-from-mid-stack-question-frames-oom-kill-process-out-of-memory-slowpath-then-mem-info-first-line.log",
    GH + "elastic/elasticsearch/issues/23842", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_slowpath; Mem-Info)", constraints=["global"],
    year_guessed=True, text_not=K8S)
# kubectl describe node (before kubernetes#78174): three kubelet `SystemOOM` warnings, `System OOM encountered`,
# without victim; the node's labels and other events around them; the cut next event left out. No kernel line.
add("670-k8s-78174-kubectl-describe-node-labels-then-events-kubelet-systemoom-system-oom-encountered-three-times-no-victim-negative.log",
    GH + "kubernetes/kubernetes/pull/78174", [],
    "n/a (no kernel report: the kubelet's SystemOOM events, three, without a victim)")
# Ubuntu 20.04 (5.4) on OpenStack: after a lone backtick, the syslog of systemd (PID 1) invoking the OOM killer
# (GFP_HIGHUSER_MOVABLE, order 0, adj 0), its stack through filemap_fault; the cut line after it left out.
add("671-webmin-2229-ubuntu-5.4-syslog-after-lone-backtick-systemd-pid-1-header-page-cache-fault-stack-cut.log",
    GH + "webmin/webmin/issues/2229", ["incomplete"], "global (stack: out_of_memory called by __alloc_pages_slowpath)",
    constraints=["global"], trigger=trig("systemd", 1, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    year_guessed=True, text_not=K8S)
# Elasticsearch on a VPS (Ubuntu syslog, 4.19+ rows): nine rows from the middle of a table, `none`, `(sd-pam)` and
# `tmux: server` (a comm with a space); the cut tenth row left out. Rows only.
add("672-elasticsearch-82072-ubuntu-syslog-rows-only-from-middle-qemu-ga-none-sd-pam-tmux-server-comm-with-space-next-row-cut.log",
    GH + "elastic/elasticsearch/issues/82072", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None],
    table_rows=[[679, "polkitd", 0], [690, "unattended-upgr", 0], [3372, "qemu-ga", 0], [4208, "accounts-daemon", 0],
                [9232, "rsyslogd", 0], [19473, "none", 0], [19783, "systemd", 0], [19785, "(sd-pam)", 0],
                [19883, "tmux: server", 0]],
    year_guessed=True, text_not=K8S)
# Blind set 19a (helper b19a): twelve reports of ML/AI and data jobs OOM-killed (training DataLoader workers, vLLM
# engines and workers, Colab's /jupyter-children memcg, WSL, GH200, GCE batch VMs, a Docker daemon of an ML platform)
# and two user-space launcher lines. Oracles written by hand from the text and the kernel's formats before oomlens ran
# on these files. Many are condensed quotes in engineers' notes: the poster's `...` inside lines, kill lines wrapped
# with indented sizes, fields dropped. Sources that are files in public repositories are named by the index's file id.
# Rodan (an OMR/ML platform on Docker, Ubuntu 5.4): three 4.19+ rows (no table header), the global summary (task in
# docker.service) and the global kill of dockerd (adj -500, 38.5 GiB anon), then 75 s later the next dockerd header
# (GFP_HIGHUSER_MOVABLE|__GFP_ZERO) and its CPU line (no stack: that report's constraint unknown).
add("625-rodan-1197-ubuntu-5.4-dmesg-three-rows-global-oom-kill-dockerd-adj-minus-500-40g-anon-then-next-dockerd-header-cpu-line.log",
    GH + "DDMAL/Rodan/issues/1197", ["kill", "incomplete"], "global (CONSTRAINT_NONE, global_oom)",
    constraints=["global", None],
    kills=[kill(306726, "dockerd", 53352328, 40354124, 1552, 0, 0, 79344, -500)],
    task_memcg="/system.slice/docker.service", chosen=[306726, "dockerd"],
    table_rows=[[164272, "docker", 0], [306726, "dockerd", -500], [306837, "docker-driver", -998]],
    trigger=trig("dockerd", 307061, gfp="0x100dca(GFP_HIGHUSER_MOVABLE|__GFP_ZERO)", order=0, oom_score_adj=-500),
    text_not=K8S)
# LeRobot fine-tuning notes (Brev H100 box, 177 GB): PyTorch's `DataLoader worker (pid 61138) is killed by signal:
# Killed.` in one fence, then `dmesg`'s condensed lines: the summary with the poster's `...` (constraint and paths
# left out; task, pid 61138, uid 1001 kept) and the kill of pt_data_worker 61138 (`Out of memory:` prefix: global),
# its sizes wrapped onto an indented line, ending after anon-rss (40.2 GiB): a DataLoader worker. The kill line as
# quoted prints no UID and no mark of a cut: its uid unprinted (the summary's uid is the chosen task's, as in 593;
# first written as 1001, corrected before any fix: the project reads a victim's uid from its kill line).
add("mangler-pending/626-lerobot-training-notes-dataloader-worker-killed-by-signal-then-dmesg-oom-kill-summary-elided-pt-data-worker-kill-sizes-wrapped-indented-43g-anon.log",
    "Public repository training notes, 'Failure 8 — DataLoader worker OOM-killed by kernel' (index file id 56354156946)",
    ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(61138, "pt_data_worker", 79272196, 43230644, None)], chosen=[61138, "pt_data_worker"],
    text_not=K8S)
# Colab job notes (Japanese): three condensed `dmesg` lines: pt_data_worker's header with the poster's `...` and the
# summary's `oom_memcg=/jupyter-children` glued after it, the cgroup's `memory:` line at its 174 GiB limit, and a bare
# kill line (no prefix) of pt_data_worker 477651 printing anon-rss only (34.2 GiB): Colab's kernel cgroup limit.
add("627-colab-arm0-notes-ja-dmesg-condensed-pt-data-worker-header-elided-oom-memcg-jupyter-children-memory-usage-at-174g-limit-kill-anon-only.log",
    "Public repository Colab operations proposal (Japanese; index file id 68440079788)", ["kill"],
    "memcg (oom_memcg=/jupyter-children; memory: usage at its limit)", constraints=["memcg"],
    kills=[kill(477651, "pt_data_worker", None, 35834132, None)], memcg="/jupyter-children", limit_kb=182414336,
    trigger=trig("pt_data_worker"), text_not=K8S)
# Spanish project notes: ultralytics training in WSL2 (7.4 GiB VM, /dev/shm in it): journalctl's lines condensed:
# pt_data_worker's header cut by `...` to `global_oom`, the global kill of python 5807 with its sizes on an indented
# line separated by two spaces (file-rss left out; 2.8 GiB shmem-rss, 1.1 GiB anon), a dxgkrnl line and systemd's
# `init.scope: The kernel OOM killer killed some processes in this unit.`
add("628-wsl-ultralytics-notes-es-journalctl-condensed-pt-data-worker-header-global-oom-kill-python-wrapped-2.8g-shmem-dxg-line-systemd-init-scope-line.log",
    "Public repository project notes (Spanish), section 'F-100.2' (index file id 62122105757)", ["kill"],
    "global (global_oom; Out of memory: prefix)", constraints=["global"],
    kills=[kill(5807, "python", 33137296, 1117832, None, 2928008)], trigger=trig("pt_data_worker"), text_not=K8S)
# vLLM deployment notes (Chinese, DGX Spark GB10, 121.6 GiB unified memory, no swap): journalctl's summary wrapped by
# the poster after `mems_allowed=0,` with a nine-space indent (cpuset snapd.service, global_oom, task_memcg left out)
# and the kill of VLLM::Worker_TP 1952195 with its sizes on an indented line (3.2 TiB total-vm, 3.0 GiB anon, 3.6 GiB
# shmem; file-rss left out).
add("629-vllm-gb10-notes-zh-journalctl-oom-kill-summary-wrapped-indented-cpuset-snapd-global-vllm-worker-tp-kill-3.2t-total-vm-3.6g-shmem-wrapped.log",
    "Public repository deployment notes (Chinese), '追加2' (index file id 60911247115)", ["kill"],
    "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(1952195, "VLLM::Worker_TP", 3435729684, 3158104, None, 3813604)],
    chosen=[1952195, "VLLM::Worker_TP"], text_not=K8S)
# A vLLM bring-up log (plain text, indented by the author): the kill of VLLM::EngineCor 18349 first, its sizes on the
# next, more indented line separated by three spaces (128 GiB shmem-rss, under 1 GiB anon; file-rss left out), then a
# condensed summary with spaces after the commas naming no pid: the model loader's shared mapping filled the host.
add("630-vllm-exl3-boot-log-indented-kill-first-engine-core-128g-shmem-under-1g-anon-sizes-wrapped-then-condensed-oom-kill-summary-with-spaces.log",
    "Public repository bring-up log, '[P2] first boot' (index file id 69672903113)", ["kill"],
    "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(18349, "VLLM::EngineCor", 384577048, 995216, None, 134238912)], text_not=K8S)
# GenoMAS admission notes (GH200 node, 212 GiB, vLLM beside it): `dmesg`'s summary wrapped by the poster at commas
# with two-space indents (cpuset user.slice, global_oom, task in a login session's scope, uid 904628) and the global
# kill of python 3150535 wrapped after total-vm, UID and adj left out (110.8 GiB anon, pgtables 17728 kB): its uid
# unprinted on the kill line (first written as the summary's 904628, corrected before any fix, as 626).
add("631-genomas-gh200-notes-dmesg-oom-kill-summary-wrapped-indented-user-slice-session-scope-global-kill-python-111g-anon-wrapped-no-uid-no-adj.log",
    "Public repository admission-ladder report, 'OOM root-cause diagnosis' (index file id 62267146239)", ["kill"],
    "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(3150535, "python", 249489152, 116204928, 18432, 0, None, 17728)],
    task_memcg="/user.slice/user-904628.slice/session-1233.scope", chosen=[3150535, "python"], text_not=K8S)
# Market-data backfill notes (a GCE VM's serial console): `kernel: ` lines without stamps, the summary elided with the
# poster's `...` after CONSTRAINT_NONE (task python, pid 7677, uid 0), the kill of python 7677 cut by `...` after
# anon-rss (14.6 GiB), and systemd's `google-startup-scripts.service: A process of this unit has been killed by the
# OOM killer.`
add("632-mtds-backfill-notes-gce-serial-port-kernel-prefix-oom-kill-summary-elided-python-kill-elided-after-anon-15g-google-startup-scripts-systemd-line.log",
    "Public repository incident notes, 'CONFIRMED: real kernel OOM-kill' (index file id 59716532470)", ["kill"],
    "global (CONSTRAINT_NONE)", constraints=["global"],
    kills=[kill(7677, "python", 19827004, 15344964, None, None, 0)], chosen=[7677, "python"], text_not=K8S)
# AnomalyGPT training with DeepSpeed's launcher: `launch.py:314:sigkill_handler] Killing subprocess 9439` and 9440
# (the launcher itself kills its other ranks) and `[ERROR] … sigkill_handler] ['/opt/conda/bin/python', … ] exits
# with return code = -9`, the argument list wrapped by the terminal. No kernel line; the -9's sender is not named.
add("633-anomalygpt-43-deepspeed-launcher-sigkill-handler-killing-subprocess-then-rank-exits-with-return-code-minus-9-terminal-wrapped-userspace-negative.log",
    GH + "CASIA-LMC-Lab/AnomalyGPT/issues/43", [],
    "n/a (no kernel report: DeepSpeed's launcher killed its ranks after one exited with -9, sender not named)")
# Backtest report (Italian): a bullet quoting `dmesg` in inline code: `Memory cgroup out of memory: Killed process 972
# (python) total-vm:10901024kB, anon-rss:10176028kB` (cut after anon-rss), then `constraint=CONSTRAINT_MEMCG` in inline
# code on the next line and prose (exit status 137).
add("634-betfair-backtest-notes-it-bullet-inline-code-dmesg-memcg-kill-python-10g-anon-cut-after-anon-constraint-memcg-on-next-line-exit-137.log",
    "Public repository backtest report (Italian), 'Incidente del passo 1' (index file id 70118241430)", ["kill"],
    "memcg (Memory cgroup out of memory prefix)", constraints=["memcg"],
    kills=[kill(972, "python", 10901024, 10176028, None)], text_not=K8S)
# Same backfill notes as 632, a later recurrence: bash's job-control line `mtds_chunk_loop.sh: line 56: 12932 Killed
# ... python …` (elided by the poster) and the loop's own `CHUNK_FAILED: … exit=137 reason=OOM_KILLED`: the loop's
# guess from exit status 137; no kernel line.
add("635-mtds-backfill-notes-bash-job-killed-line-elided-python-then-chunk-loop-chunk-failed-exit-137-reason-oom-killed-userspace-negative.log",
    "Public repository incident notes, '2026-07-29 second recurrence' (index file id 59716532470)", [],
    "n/a (no kernel report: a shell's `Killed` job line and a runner's exit-137 guess)")
# A CSV validation report (prose): `terminated by SIGKILL (exit -9)`, then the kernel's kill line quoted in inline
# code that the paragraph's hard wrap breaks between the pid and the comm: `Out of memory: Killed process 3565` /
# `(python) total-vm:3678772kB, anon-rss:3592016kB` (cut after anon-rss, 3.4 GiB).
add("636-csv-validation-report-prose-sigkill-exit-minus-9-kernel-record-inline-code-kill-line-wrapped-between-pid-and-comm-python-3.4g-anon.log",
    "Public repository validation report, '5M Validation Results' (index file id 66869114261)", ["kill"],
    "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(3565, "python", 3678772, 3592016, None)], text_not=K8S)
# Blind set 19c (written by hand before oomlens ran on these files). Focus: distribution trackers, forums and
# desktops (Firefox `Web Content`, Xorg, GNOME, tracker-miner, Kylin's hibernate tests, zram): Ubuntu Forums threads
# (archived copies, BBCode kept), linux-mm/LKML mails with desktop reports, and negatives (a soft lockup of kswapd0,
# hung tasks, a page allocation failure without a kill, a kill line quoted in prose). Checked against tests/corpus,
# the shared corpus and the other set-19 worktrees. Host and user names replaced (host01..host07, user01, user02).
# Tetsuo Handa's linux-mm reply (2018, "KVM hang after OOM"): a Fedora 27 VMware guest (4 GiB, 4 GiB swap) on 4.15.8
# with his debug patch: a `INFO: task pool:2315 blocked for 63 seconds` page-lock dump, SysRq loglevel lines, then
# Firefox's `Web Content` header (GFP_HIGHUSER_MOVABLE|__GFP_ZERO), the full report (Free swap 0 of 4157436 kB, DMA32
# and Normal at their min watermarks, 1048429 pages RAM), the 4.15 table (gnome-shell, Xwayland, three Web Content),
# the selection (score 426) and the kill of 2279 (1.6 GiB anon) and its reaper; then two more page-lock dumps, a
# `SysRq : Show Memory` Mem-Info (no OOM) and `SysRq : Kill All Tasks`. One OOM event; the SysRq-m dump is none.
add("649-lore-linux-mm-2018-fedora27-4.15.8-vmware-guest-debug-patch-page-lock-stalls-then-web-content-header-swap-full-gnome-table-kill-reaper-then-sysrq-show-memory-and-kill-all-tasks.log",
    LORE + "linux-mm/178719aa-b669-c443-bf87-5728b71557c0@i-love.sakura.ne.jp/", ["kill"],
    "global (Out of memory: prefix; stack: out_of_memory from __alloc_pages_slowpath)", constraints=["global"],
    kills=[kill(2279, "Web Content", 5606512, 1694156, 0, 0, selected_score=426, reaper=[0, 0, 0], adj=0,
                adj_source="task table row")],
    trigger=trig("Web Content", 2279, gfp="0x14280ca(GFP_HIGHUSER_MOVABLE|__GFP_ZERO)", order=0, oom_score_adj=0),
    table_rows=[[2279, "Web Content", 0], [2204, "Web Content", 0], [1586, "gnome-shell", 0], [639, "systemd-udevd", -1000]],
    checks=["swap_exhausted"], not_checks=["swap_absent", "sysrq"], text_not=K8S)
# Ubuntu Forums 2021 (Ubuntu 20.04, 8 GB, no swap): EOG made Xorg's i915 buffers grow; the poster's syslog lines in
# BBCode `[INDENT][FONT=courier new]` glued after the prose's colon and `[/FONT][/INDENT]` after the kill line: Xorg's
# `page allocation failure` (order 0, GFP_HIGHUSER|__GFP_RETRY_MAYFAIL; a warning, no OOM of its own), then the 5.x
# global kill of Xorg: 31088 kB anon, 2981192 kB shmem (its GEM buffers). No header: no trigger.
add("650-ubuntu-forums-2021-focal-eog-bbcode-indent-font-glued-xorg-page-allocation-failure-line-then-global-kill-xorg-shmem-2.9g-no-swap.log",
    "Ubuntu Forums, 'Image Viewer causes Xorg to eat up memory and crash the desktop environment.' (2021-01-21; "
    "archived copy, index file id 56832022119)", ["kill"], "global (Out of memory: prefix of a 5.x kill line)",
    constraints=["global"], kills=[kill(93065, "Xorg", 10917808, 31088, 0, 2981192, 1000, 6356, 0)],
    text_has=["shmem"], text_not=K8S)
# Sergey Senozhatsky's linux-mm reply (2016, "OOM detection rework v4"), 4.5.0-rc5-next on a 4 GiB x86_64 desktop
# (openbox, urxvt, firefox) with 8 GiB swap nearly unused: his zram test script forks; GFP_KERNEL_ACCOUNT order-2
# (a kernel stack) fails: DMA32 and Normal hold only 4 kB and 8 kB free blocks, each above its high watermark, with
# 510384 pages of page cache. Two reports: firefox selected (score 25) and killed, then Xorg (score 6) killed and
# reaped; the early oom_reaper line prints `shmem-rss:0lB` (the kernel's own typo for kB).
add("651-lore-linux-mm-2016-4.5-rc5-next-zram-test-order2-fork-gfp-kernel-account-two-reports-page-cache-1.9g-swap-8g-free-firefox-then-xorg-killed-reaper-shmem-0lB.log",
    LORE + "linux-mm/20160225064845.GA505@swordfish/", ["kill", "kill"],
    "global (Out of memory: prefix; stack: out_of_memory from __alloc_pages_nodemask)", constraints=["global", "global"],
    kills=[kill(808, "firefox", 1366424, 235572, 82320, 8, selected_score=25, adj=0, adj_source="task table row"),
           kill(336, "Xorg", 190852, 58728, 17684, 0, selected_score=6, reaper=[0, 0, 0], adj=0,
                adj_source="task table row")],
    trigger=trig("zram-test.sh", 9517, gfp="0x27000c0(GFP_KERNEL_ACCOUNT|__GFP_NOTRACK)", order=2, oom_score_adj=0),
    table_rows=[[808, "firefox", 0], [336, "Xorg", 0], [183, "systemd-udevd", -1000]],
    checks=["high_order_allocation"], not_checks=["swap_exhausted", "swap_absent"],
    summary_not=["the machine ran out"], text_not=K8S)
# LFS201 course notes (CentOS 7, 3.10): swapoff, then `stress -m 8`; markdown list items indented 8 spaces: stress's
# output, the `dmesg` tail (the last rows of the 3.10 table: code, sleep, the nine stress processes), firefox 19384
# selected four times (score 71) and its children Web Content 33731, 20646, `JS Watchdog` 20660 killed, then firefox
# itself, then stress 49355 selected (score 67) and killed; then `tail /var/log/messages` of the same lines (the
# first cut to `25 13:25:03`), a VS Code line with `#033` escapes and a GTK journal line. Five victims, each pasted
# twice; no header, no swap line in the text.
add("mangler-pending/652-lfs201-notes-centos7-3.10-swapoff-stress-m-8-rows-tail-firefox-selected-four-times-children-web-content-js-watchdog-then-firefox-then-stress-killed-dmesg-and-messages-pasted-twice.log",
    "LFS201 course notes, 'Chapter 13: Memory: Monitoring Usage and Tuning', Lab 13.1 (GitHub markdown; index file "
    "id 25236321601)", ["kill"] * 5, "global (Out of memory: prefix)", constraints=["global"] * 5,
    kills=[kill(33731, "Web Content", 1990252, 106448, 0, 54348), kill(20646, "Web Content", 2099496, 103156, 0, 16),
           kill(20660, "JS Watchdog", 2099496, 104448, 0, 16),
           kill(19384, "firefox", 3014684, 200460, 0, 75096, selected_score=71),
           kill(49355, "stress", 269456, 258384, 4, 0, selected_score=67)],
    selected_only=[[19384, "firefox", 71]], table_rows=[[49355, "stress", 0], [49251, "code", 0]], text_not=K8S)
# Ubuntu Forums 2022 (Ubuntu 22.04, 64 GB RAM, 64 GB swap): the poster blamed systemd-oomd; his filtered log is
# newest-first with time-only stamps and `kernel:`/`systemd:` tags: systemd's unit lines about the kill, the reaper,
# the 5.x kill of tracker-miner-f (58 GiB anon, 127921280 kB total-vm), the `oom-kill:` summary (global_oom, task in
# tracker-miner-fs-3.service), one table row (systemd-oomd, adj -900), one frame, the dnsmasq header; then oomd's
# start at 17:57. The kernel's global OOM killer, not systemd-oomd, killed it.
add("653-ubuntu-forums-2022-jammy-newest-first-filtered-time-only-journal-systemd-unit-oom-lines-reaper-kill-oom-kill-oomd-row-frame-dnsmasq-header-tracker-miner-f-58g-anon.log",
    "Ubuntu Forums, 'Resource hog tracker-miner-f is killing other apps through oom-kill.' (2022-07-12; archived "
    "copy, index file id 56973874210)", ["kill"], "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(6439, "tracker-miner-f", 127921280, 60906104, 0, 4, 1000, 249416, 0, reaper=[0, 0, 4])],
    task_memcg="/user.slice/user-1000.slice/user@1000.service/background.slice/tracker-miner-fs-3.service",
    chosen=[6439, "tracker-miner-f"],
    trigger=trig("dnsmasq", None, gfp="0x1100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    table_rows=[[1239, "systemd-oomd", -900]], text_not=K8S)
# Kylin Desktop V11 (Zhaoxin KX-7000, 16 GB) S4 hibernate cycle test, a Chinese write-up: syslog lines with the
# printk CPU and caller fields (`[ 3] [T96407]`), the writer cutting lines with ` ...`: glmark2-es2-way's header
# (gfp 0x440dc0, the rest cut), the `oom-kill:` summary cut in its middle (CONSTRAINT_NONE, task peony-qt-deskto
# 3282), the kill of 3282 (total-vm only), then Xwayland's own header and the kill of Xwayland 3283 (14713244 kB
# total-vm, 11668 kB anon, the rest cut). Then, 12 h later, `hibernation exit` and systemd's `status=9/KILL` lines
# with no OOM line (the writer's point: those SIGKILLs were not the OOM killer's). After scoring: the victim's uid
# is 1000 from its `oom-kill:` summary (`task=peony-qt-deskto,pid=3282,uid=1000`; the kill line's UID is cut by the
# writer's ` ...`): the oracle first said null.
add("654-kylin-desktop-v11-s4-hibernate-cycle-test-zh-writeup-printk-cpu-and-caller-fields-lines-elided-with-dots-glmark2-peony-and-xwayland-kills-then-sigkill-after-hibernation-exit-no-oom.log",
    "Kylin Desktop V11 bug write-up '[Bug-521287] Shuda N256Z S4循环压力测试不足500次中止' (markdown; index file id "
    "55722049584)", ["kill", "kill"], "global (CONSTRAINT_NONE; Out of memory: prefix)", constraints=["global", "global"],
    kills=[kill(3282, "peony-qt-deskto", 3023860, None, None, uid=1000), kill(3283, "Xwayland", 14713244, 11668, None)],
    chosen=[3282, "peony-qt-deskto"],
    trigger=trig("glmark2-es2-way", 96407, gfp="0x440dc0", note="pid from the printk caller id [T96407]"),
    year_guessed=True, text_not=K8S)
# Ubuntu Forums 2011 (Kubuntu 11.04, 2.6.38, a 2 GB i386 Atom netbook): the poster forces the OOM killer with
# Alt+SysRq+F (the text shows no SysRq line): Mem-Info with per-cpu lines (shmem 225116 pages, HighMem 1676 kB free,
# Free swap 0 of 0 kB), `521634 pages RAM`, `294324 pages HighMem`, the 2.6.38 table header, the poster's
# `***<long process list wall of text>***` for the rows, the selection and kill of chromium-browse 3374 with the
# table header glued after `file-rss:2860kB`; later posts: chromium-browse 3382 (with a `free -m`), swapoff 12737
# (score 1000), vlc 6622, each a bare selection and kill.
add("655-ubuntu-forums-2011-kubuntu-natty-2.6.38-i386-netbook-alt-sysrq-f-meminfo-highmem-shmem-880m-no-swap-rows-elided-wall-of-text-kill-line-glued-table-header-then-chromium-swapoff-vlc-kills.log",
    "Ubuntu Forums, 'Kernel only lets userspace use ~1Gb ram out of 2Gb, rest is *reserved* for fs cache' "
    "(2011-05-28; archived copy, index file id 56902011613)", ["kill"] * 4, "global (Out of memory: prefix)",
    constraints=["global"] * 4,
    kills=[kill(3374, "chromium-browse", 274432, 115204, 2860, selected_score=57),
           kill(3382, "chromium-browse", 242980, 114440, 2384, selected_score=27),
           kill(12737, "swapoff", 4032, 84, 72, selected_score=1000),
           kill(6622, "vlc", 466312, 251264, 45652, selected_score=70)],
    checks=["swap_absent"], not_checks=["swap_exhausted", "lowmem_exhausted"], text_not=K8S)
# Negatives. LKML 2020 ("Spinlock debugging in the kernel"): an NXP e500 PowerPC router on 4.14.83 (the poster calls
# it arm64), Gmail-wrapped: `BUG: soft lockup - CPU#0 stuck for 22s! [kswapd0:395]` twice, the module list, NIP in
# _raw_spin_lock from page_vma_mapped_walk. kswapd spinning, no OOM.
add("656-lkml-2020-4.14-powerpc-e500-caam-router-gmail-wrapped-kswapd0-soft-lockup-spinlock-page-vma-mapped-walk-no-oom-negative.log",
    LORE + "lkml/CAF7cDAc8DTG1drUGYMPPVkM5CjjFqZGFodzqVOk4hmM1Bc9nnA@mail.gmail.com/", [],
    "n/a (no OOM report: a soft lockup of kswapd0)")
# A Korean blog post (RHEL 7.4, 3.10.0-693, VMware, Pacemaker/DRBD): `INFO: task kswapd0:100 blocked for more than
# 120 seconds` and other hung tasks on one XFS mutex (xfs_reclaim_inodes_ag), Pacemaker's lrmd monitor timeouts.
# Hung tasks, no OOM.
add("657-ko-blog-2025-rhel7.4-3.10-vmware-pacemaker-xfs-mutex-hung-task-kswapd0-blocked-120s-lrmd-monitor-timeouts-no-oom-negative.log",
    "Korean blog post 'Database 서비스 불가 및 OS 접속 불가 문제' (2025-07-11; markdown, index file id 27436311861)", [],
    "n/a (no OOM report: hung tasks, kswapd0 blocked in XFS inode reclaim)")
# Ubuntu Forums 2019 (Xubuntu 18.04, a 1 GB netbook): prose only, `"Out of Memory: Kill process xxxx
# (apparmor_parsor)" notices` quoted from memory with `xxxx` for the pid: no kernel line.
add("658-ubuntu-forums-2019-xubuntu-netbook-apparmor-parser-out-of-memory-kill-process-xxxx-in-prose-no-log-negative.log",
    "Ubuntu Forums, 'App Armor after Update smashes my system, now unusable' (2019-10-27; archived copy, index file "
    "id 56860064891)", [], "n/a (no kernel log: a kill message quoted in prose with `xxxx` for its pid)")
# Ubuntu Forums 2020 (Ubuntu 20.04, 5.4.0-37, Razer Blade Pro 17): every syslog line wrapped in
# `[COLOR=#2e3436][FONT=monospace][SIZE=2]…[/SIZE][/FONT][/COLOR]`: openrazer's `Suspending` line, then Xorg's order-4
# GFP_KERNEL|__GFP_COMP page allocation failure (a kmalloc in nvidia_modeset) with its stack, no OOM and no kill; a
# reply quotes the first two lines again.
add("659-ubuntu-forums-2020-focal-5.4-razer-blade-suspend-every-line-bbcode-color-font-size-xorg-order4-nvidia-modeset-page-allocation-failure-then-quoted-again-no-oom-negative.log",
    "Ubuntu Forums, 'ubuntu freezes and the most stable/freeze-proof graphics driver' (2020-06-21; archived copy, "
    "index file id 56695452978)", [], "n/a (no OOM report: page allocation failure)")
# Ubuntu Forums 2008 (Ubuntu 7.10, 2.6.22 i386, 2 GB, nvidia driver): `[SIZE="1"]` blocks: Xorg's header alone
# (`oomkilladj=0`), then (the poster left out lines) the Mem-info tail: Normal free 3660 kB under its min 3744 kB
# while HighMem had 776284 kB free and swap 1931096 of 1951888 kB free: low memory exhausted. Then an OOM storm: 33
# selections and kills within 4 s (the headers rate-limited; one show_mem tail repeated), x-session-manag 6193
# selected seven times and its children killed, then itself; then `printk: 89 messages suppressed`, Xorg's header
# again with symbolic and nvidia frames, Mem-info (Normal free 3744 kB = min, HighMem 999012 kB free), and gdm
# selected (score 924) and its child Xorg 5874 killed; gdm's German X error line with `[/SIZE]`.
STORM = [(6193, "x-session-manag", 54831, 6260, "nautilus"), (6193, "x-session-manag", 44882, 6363, "vino-session"),
         (6193, "x-session-manag", 42431, 6364, "bluetooth-apple"),
         (6193, "x-session-manag", 40725, 6366, "update-notifier"), (6193, "x-session-manag", 37155, 6376, "trackerd"),
         (6499, "evolution", 30941, 6499, "evolution"), (6520, "evolution", 30941, 6520, "evolution"),
         (6527, "evolution-alarm", 17301, 6527, "evolution-alarm"),
         (6438, "evolution-data-", 16836, 6438, "evolution-data-"), (6193, "x-session-manag", 16250, 6384, "python"),
         (6484, "deskbar-applet", 15198, 6484, "deskbar-applet"), (6490, "deskbar-applet", 15198, 6490, "deskbar-applet"),
         (6382, "trashapplet", 14997, 6382, "trashapplet"), (6462, "tomboy", 14307, 6462, "tomboy"),
         (6193, "x-session-manag", 13371, 6398, "nm-applet"), (6249, "bonobo-activati", 10244, 6249, "bonobo-activati"),
         (6250, "bonobo-activati", 10244, 6250, "bonobo-activati"),
         (6242, "gnome-settings-", 9736, 6242, "gnome-settings-"),
         (6193, "x-session-manag", 9412, 6193, "x-session-manag"),
         (6427, "evolution-excha", 9169, 6427, "evolution-excha"), (6956, "file-roller", 8253, 6956, "file-roller"),
         (6496, "notification-da", 6251, 6496, "notification-da"),
         (6401, "gnome-power-man", 5695, 6401, "gnome-power-man"), (6475, "geyes_applet2", 5092, 6475, "geyes_applet2"),
         (6266, "gnome-volume-ma", 4922, 6266, "gnome-volume-ma"),
         (6357, "gtk-window-deco", 4612, 6357, "gtk-window-deco"),
         (6276, "gnome-screensav", 4167, 6276, "gnome-screensav"), (6255, "vino-server", 4154, 6255, "vino-server"),
         (6190, "gnome-keyring-d", 3327, 6190, "gnome-keyring-d"),
         (6287, "gnome-vfs-daemo", 2188, 6287, "gnome-vfs-daemo"), (5235, "hald", 1803, 5236, "hald-runner"),
         (6238, "gconfd-2", 1802, 6238, "gconfd-2"), (5777, "avahi-daemon", 1025, 5778, "avahi-daemon"),
         (5869, "gdm", 924, 5874, "Xorg")]
add("mangler-pending/660-ubuntu-forums-2008-gutsy-2.6.22-i386-nvidia-bbcode-size-blocks-header-alone-then-poster-elided-meminfo-tail-oom-storm-33-kills-x-session-manag-children-then-xorg-nvidia-header-lowmem-kill-of-gdm-child-xorg.log",
    "Ubuntu Forums, 'X Crashes (Ubuntu 7.10), Memory Problem?' (2008-08-06; archived copy, index file id "
    "56772187084)", ["kill"] * len(STORM), "global (Out of memory: prefix; lowmem: Normal zone at its min watermark, "
    "HighMem free)", constraints=["global"] * len(STORM),
    kills=[kill(k, kc, None, None, None, **({"selected_score": s} if p == k else {})) for p, pc, s, k, kc in STORM],
    selected_only=[[p, pc, s] for p, pc, s, k, kc in STORM if p != k],
    trigger=trig("Xorg", None, gfp="0x2d0", order=0, oom_adj=0), year_guessed=True,
    checks=["lowmem_exhausted"], not_checks=["swap_exhausted", "swap_absent"])
# Blind set 20c (written by hand before oomlens ran on these files). Focus: embedded, virtualisation and storage
# hosts: KVM/Proxmox hosts killing a VM's qemu, LXC containers (Proxmox, ChromeOS Crostini), Hyper-V and KVM guests,
# OpenWrt/Asuswrt routers, Android's user-space and in-kernel low-memory killers. Checked against tests/corpus, the
# shared corpus and the other set-20 worktrees. The index keeps issue threads as excerpts: a line an excerpt cut is
# left out. Host names replaced (host01).
# Ubuntu Forums 2017 (16.04, 4.4.0-62): a 128 GB two-node KVM host running ~30 VMs; the poster, "plenty of spare
# RAM", pasted the syslog: qemu-system-x86 30526 (a VM's emulator thread, cpuset=emulator) forks and needs an order-2
# GFP_KERNEL page (copy_process: a kernel stack): both Normal zones are above their high watermarks (133352 kB > 65572,
# 195472 > 67728) but hold only 4 kB and 8 kB blocks; DMA32's 16 kB+ blocks are behind its lowmem_reserve. 20 million
# pages of page cache (inactive_file ~77 GiB), 11 GB swap full. The 4.4 table (nr_ptes nr_pmds); the largest VM,
# qemu-system-x86 28932 (score 88), is selected and killed (10.3 GiB anon); libvirtd/virtlogd lines after.
add("697-ubuntu-forums-2017-xenial-4.4-kvm-host-128g-30-vms-syslog-qemu-system-x86-order2-fork-header-numa-normal-zones-no-free-blocks-above-8k-80g-page-cache-swap-full-selection-score-88-kill-qemu-10g.log",
    "Ubuntu Forums, 'upgrade from kernel 4.4.0-62-generic fails with initramsf' (2017-07-14; archived copy, index "
    "file id 56993606529)", ["kill"],
    "global (Out of memory: prefix; stack: out_of_memory from __alloc_pages_slowpath)", constraints=["global"],
    kills=[kill(28932, "qemu-system-x86", 15115828, 10846296, 10784, selected_score=88, adj=0,
                adj_source="task table row")],
    trigger=trig("qemu-system-x86", 30526, gfp="0x26000c0", order=2, oom_score_adj=0),
    table_rows=[[28932, "qemu-system-x86", 0], [3160, "iscsid", -17], [814, "systemd-udevd", -1000],
                [17956, "(sd-pam)", 0], [13172, "clone_ext_vms.s", 0], [30526, "qemu-system-x86", 0]],
    year_guessed=True, checks=["high_order_allocation"], not_checks=["swap_absent"],
    summary_not=["the machine ran out"], text_not=K8S)
# fainyang's notes (2019, "Linux performance optimization", after the geektime course): on an Azure (Hyper-V)
# 4.15 VM, `docker inspect` says OOMKilled, exit 137; then the host's dmesg: java (thread 27424 of tgid 27281) faults
# and the memcg v1 OOM runs from pagefault_out_of_memory; the blog wrapped `Task in …` inside the limit's path
# (`/docker/` then the id on the next line); 512 MiB limit (usage = limit), no swap charged, 440 MiB of the charge
# THP (rss_huge); the only row, java; selection score 1027, kill, reaper. After it the notes' `-m 512M` run and the
# JVM's default MaxHeapSize of 2092957696 bytes (2 GiB), above the limit.
add("698-fainyang-blog-2019-linux-performance-notes-hyper-v-azure-4.15-docker-inspect-oomkilled-then-dmesg-memcg-v1-java-pagefault-task-in-wrapped-inside-path-512m-limit-score-1027-kill-reaper.log",
    "fainyang's notes 'Linux performance optimization' (markdown, 2019-12-24; index file id 404214607)", ["kill"],
    "memcg (Memory cgroup out of memory: prefix; memory: usage = limit 524288kB)", constraints=["memcg"],
    kills=[kill(27281, "java", 4613208, 517316, 20168, 0, selected_score=1027, reaper=[0, 0, 0], adj=0,
                adj_source="task table row")],
    memcg="/docker/0f2b3fcdd2578165ea77266cdc7b1ad43e75877b0ac1889ecda30a78cb78bd53",
    task_memcg="/docker/0f2b3fcdd2578165ea77266cdc7b1ad43e75877b0ac1889ecda30a78cb78bd53", limit_kb=524288,
    trigger=trig("java", 27424, gfp="0x14000c0(GFP_KERNEL)", order=0, oom_score_adj=0,
                 note="a thread of the victim: the CPU line prints the thread id"),
    table_rows=[[27281, "java", 0]], not_checks=["trigger_not_victim", "swap_exhausted"], text_not=K8S)
# Minchan Kim's linux-mm cover letter (2016, "use up highorder free pages before OOM"), 4.8-rc7 in a 2 GB QEMU guest:
# his `balloon` test task faults, order 0, GFP_HIGHUSER_MOVABLE; virtio_balloon's OOM notifier is on the stack.
# DMA32 holds 19404 kB free, above its high watermark (9620 kB), but every free block is MIGRATE_HIGHATOMIC (`(H)`),
# reserved for high-order atomic allocations and not released before the OOM; swap 8 kB free of 250 MiB. The letter
# shows no table and no kill (header-only report). Then his second example, in:imklog's GFP_ATOMIC page allocation
# failure with its own Mem-Info (a warning, not an OOM event).
add("699-lore-linux-mm-2016-minchan-highatomic-4.8-rc7-kvm-guest-balloon-header-virtballoon-oom-notify-frame-dma32-free-above-high-all-h-blocks-swap-8k-of-250m-no-kill-then-imklog-gfp-atomic-page-allocation-failure.log",
    LORE + "linux-mm/1476250416-22733-1-git-send-email-minchan@kernel.org/", ["incomplete"],
    "global (stack: out_of_memory from __alloc_pages_nodemask; cpuset=/)", constraints=["global"],
    trigger=trig("balloon", 8473, gfp="0x24280ca(GFP_HIGHUSER_MOVABLE|__GFP_ZERO)", order=0, oom_score_adj=0),
    checks=["highatomic_reserve"], not_checks=["swap_absent", "high_order_allocation"],
    summary_not=["the machine ran out"], text_not=K8S)
# An Android TV (CVTE board) hacker's notes: a loop of `ps | grep bootanim` and `dmesg -c` while bootanimation grows:
# the in-kernel lowmemorykiller driver's `<6>`-prefixed kills (adj 1000 apps, then android.youtube at adj 764) with
# their wrapped `to free … because … cache … below limit` continuations, among the `ps` rows. No OOM-killer report.
add("700-android-tv-bootanimation-notes-ps-loop-and-dmesg-c-priority-6-in-kernel-lowmemorykiller-kills-wrapped-continuations-adj-1000-and-764-no-oom-negative.log",
    "GitHub notes 'Android TV BootAnimation' (markdown; index file id 41745428581)", [],
    "n/a (no OOM-killer report: Android's in-kernel lowmemorykiller kills among `ps` rows)")
# Proxmox VE host notes (SATA controller passed through to VM 101 with vfio-pci: all guest RAM pinned): starting the
# VM, the global OOM killer kills its kvm process (15.1 GiB anon) 3.4 s of CPU after start; systemd's 101.scope
# lines and pvedaemon's `start failed`. The fix: ballooning off, the VM reduced to 12 GB.
add("701-proxmox-notes-sata-passthrough-vm-101-start-global-oom-kill-of-kvm-15g-anon-qemu-slice-scope-systemd-unit-and-pvedaemon-lines.log",
    "GitHub notes 'SATA Controller Passthrough' (a Proxmox host's notes; index file id 11287260277)", ["kill"],
    "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(32969, "kvm", 17339840, 15797740, 1536, 0, 0, 31152, 0)], task_memcg="/qemu.slice/101.scope",
    chosen=[32969, "kvm"], table_rows=[[33005, "(udev-worker)", 0]], year_guessed=True, text_not=K8S)
# ChromeOS Crostini (crosvm VM, 6.6, 14.5 GiB, no swap): `dmesg -T | grep -B5 -A2`, the `--` separators between the
# grep's windows: virtio_balloon `Out of puff!` lines days before, the header of claude-mitmprox (adj 200), its
# frames, the show_mem tail, rows around earlyoom (adj -100), the `oom-kill:` summary (global, cpuset
# lxc.payload.penguin: the Crostini container) and the kill of claude (552 MiB anon, adj 200).
add("702-crostini-notes-2026-chromeos-crosvm-6.6-dmesgT-grep-B5-A2-separators-balloon-out-of-puff-header-rows-penguin-lxc-global-kill-claude-adj-200-no-swap.log",
    "GitHub capture notes 'dmesg: OOM killer events around the storm' (2026-09-23; index file id 70980351605)",
    ["kill"], "global (CONSTRAINT_NONE, global_oom; stack: out_of_memory from __alloc_pages_may_oom)",
    constraints=["global"], kills=[kill(14326, "claude", 5599588, 565596, 2812, 0, 1000, 2384, 200)],
    task_memcg="/lxc.payload.penguin/user.slice/user-1000.slice/user@1000.service", chosen=[14326, "claude"],
    trigger=trig("claude-mitmprox", 29205, gfp="0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO)", order=0,
                 oom_score_adj=200),
    table_rows=[[108, "vm_syslog", 0], [930, "earlyoom", -100], [29564, "direnv", 200]],
    wall_prefix="2026-09-23T10:44:4", checks=["swap_absent"], text_not=K8S)
# A Proxmox blog (2026, 7.6 GiB host): `dmesg | grep -i oom` on the host: systemd-network's header (in LXC 107),
# one frame, the 6.x table header, the `oom-kill:` summary (CONSTRAINT_MEMCG, oom_memcg=/lxc/107, the
# paperless-task-queue service) and the memcg kill of ImageMagick's convert: 844 MiB anon and 917 MiB shmem.
add("703-proxmox-blog-2026-dmesg-grep-oom-lxc-107-paperless-systemd-network-header-frame-rss-anon-table-header-memcg-kill-convert-shmem-917m.log",
    "Blog markdown 'Fix Exceeding Swapping on a Small Proxmox Server' (2026-02-09; index file id 24258587788)",
    ["kill"], "memcg (CONSTRAINT_MEMCG, oom_memcg=/lxc/107)", constraints=["memcg"], memcg="/lxc/107",
    task_memcg="/lxc/107/ns/system.slice/paperless-task-queue.service", chosen=[1562888, "convert"],
    kills=[kill(1562888, "convert", 2070820, 863744, 0, 939264, 100000, 3640, 0)],
    trigger=trig("systemd-network", None, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    text_has=["shmem"], text_not=K8S)
# OpenClash on an MT7621 router (MIPS, 5.4): raw dmesg from the table's last rows: `oom-kill:` (global, task_memcg=/),
# the kill of clash (uid 65534, 52 MiB anon), the reaper; 500 s later clash's next header (order 1,
# GFP_KERNEL_ACCOUNT), the MIPS stack words and the first address-only frame (the excerpt's cut line left out).
add("704-openclash-1579-mt7621-mips-5.4-dmesg-rows-tail-oom-kill-global-clash-uid-65534-kill-reaper-then-next-clash-header-order1-gfp-kernel-account-stack-words-cut.log",
    GH + "vernesong/OpenClash/issues/1579", ["kill", "incomplete"], "global (CONSTRAINT_NONE, global_oom)",
    constraints=["global", None],
    kills=[kill(28780, "clash", 676072, 53596, 0, 0, 65534, 80, 0, reaper=[0, 0, 0])], task_memcg="/",
    chosen=[28780, "clash"],
    trigger=trig("clash", 12969, gfp="0x400dc0(GFP_KERNEL_ACCOUNT|__GFP_ZERO)", order=1, oom_score_adj=0,
                 note="header of the NEXT OOM event"),
    table_rows=[[12778, "grep", 0], [12780, "awk", 0]], text_not=K8S)
# Xray-core on OpenWrt (a comment, 5.x, 256 MB x86 board or VM: DMA32 the only zone): the paste opens at a curly-quote
# "fence" (`’‘’`) in the middle of show_mem: the Node line, DMA32 free 16016 kB below its min 16384 kB, the buddy
# list (the larger blocks all highatomic), swap 114 MiB all used, `65488 pages RAM`, the table header and one row
# (the next, cut, left out). No header, no kill in the excerpt.
add("705-xray-core-1603-openwrt-x86-5.x-comment-opens-at-curly-quote-fence-mid-mem-info-node-line-dma32-only-below-min-highatomic-blocks-swap-full-114m-table-header-rows-cut.log",
    GH + "XTLS/Xray-core/issues/1603", ["incomplete"],
    "global (machine-wide Mem-Info: not a memcg OOM; no header, no kill line)", constraints=["global"],
    table_rows=[[870, "ubusd", 0]], not_checks=["swap_absent"], text_not=K8S)
# Samsung Android 14 logcat (a Flutter issue): ActivityManager's `has died` lines and lmkd's Samsung-style
# `Reclaim '…' (pid), uid …, oom_score_adj …, state … to free …kB rss, …kB swap; reason: low watermark is breached
# and swap is low` lines: user-space kills, no kernel report.
add("706-flutter-161070-samsung-android-logcat-activitymanager-process-died-and-lmkd-reclaim-low-watermark-swap-is-low-lines-userspace-no-kernel-report-negative.log",
    GH + "flutter/flutter/issues/161070", [],
    "n/a (no kernel OOM report: Android lmkd's `Reclaim` and ActivityManager's logcat lines)")
# OpenClash on OpenWrt 6.6 (Xiaomi AX3000T, arm64) `logread`: a crond line, five `__vm_enough_memory: … not enough
# memory for the allocation` refusals for ruby3.3-bin (overcommit: no OOM kill), then clash's header (kern.warn), its
# CPU and Hardware lines and an address-only call trace (kern.debug); two excerpts of one comment joined where they
# overlap; the cut last line left out.
add("707-openclash-5093-openwrt-6.6-ax3000t-logread-crond-then-vm-enough-memory-refusals-ruby-then-clash-header-kern-warn-cpu-line-kern-debug-address-only-call-trace-two-excerpts-cut.log",
    GH + "vernesong/OpenClash/issues/5093", ["incomplete"], "not determinable (unsymbolized stack)", constraints=[None],
    trigger=trig("clash", 8780, gfp="0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO)", order=0,
                 oom_score_adj=0), wall_prefix="2026-04-11T15:06:05", text_not=K8S)
# Asuswrt-Merlin on a Netgear R7000 (ARM, 256 MB, no swap): the syslog's `kernel:` lines without a host, pasted as
# inline code: selection of xray (score 637) and its kill (167 MiB anon); then `free` (kB) showing 151488 kB free:
# the poster's "memory not even half used".
add("708-v2ray-bin-41-asuswrt-merlin-r7000-arm-syslog-no-host-selection-score-637-and-kill-of-xray-in-inline-code-then-free-in-kb-half-free.log",
    GH + "cary-sas/v2ray_bin/issues/41", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(2984, "xray", 813656, 170716, 0, selected_score=637)], year_guessed=True, text_not=K8S)
# Blind set 20d (709-720): how logs arrive. Written by hand from the text, committed before oomlens ran on them.
# The issue thread's code fence glued to the first syslog line (```Jul 20 …), an `oom-kill:` summary (global,
# a Docker scope as the cpuset, the session scope as the task memcg) and the kill of acala (892 GiB virtual, 60 GiB
# anon), systemd's scope line, the fence, then the start script's job-control `Killed` line for the same pid.
add("709-acala-2576-markdown-fence-glued-syslog-oom-kill-summary-docker-cpuset-session-scope-acala-892g-total-vm-60g-anon-systemd-scope-line-then-shell-job-killed-line.log",
    GH + "AcalaNetwork/Acala/issues/2576", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(3204, "acala", 935370056, 63319692, 0, 0, 1000, 178232, 0)],
    task_memcg="/user.slice/user-1000.slice/session-1.scope", year_guessed=True, text_not=K8S)
# A blog's inline code span: one journal kill line that the pager chopped at the terminal's edge (`UID:1>`): the
# uid is cut (1, 10, 1000 …: unknown, null), pgtables and oom_score_adj not shown.
add("710-tymscar-blog-wsl2-chromium-build-journalctl-pager-chopped-kill-line-inline-code-uid-cut-clang.log",
    "Oscar Molnar's blog, 'How to fix WSL2 crashing mid compile (Or any heavy IO)' (2024-01-30; index file id "
    "24233727435)", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(102026, "clang++", 2008036, 991448, 0, 0)], year_guessed=True)
# A shell test's fixture holding two real lines of `journalctl -k -o short-iso` (stamps with a -05:00 offset, the
# year printed), in single quotes: chrome (1.4 TiB virtual, 37 MiB anon, adj 300) at 04:12, python3 (2.4 GiB anon,
# adj 200) eleven hours later: two events.
add("711-senechal-test-script-journalctl-k-short-iso-utc-offset-two-kills-11h-apart-chrome-1.4t-vm-37m-anon-then-python3-2.4g-in-shell-quote.log",
    "GitHub test script of the 'senechal' health checker, mem_oom_parse fixture 'the REAL kernel lines from "
    "mandark's journal on 2026-08-05 (journalctl -k -o short-iso)' (index file id 60253387139)",
    ["kill", "kill"], "global (Out of memory: prefix)", constraints=["global", "global"],
    kills=[kill(3209820, "chrome", 1518601884, 37840, 0, 1996, 1000, 2408, 300),
           kill(4049379, "python3", 2548304, 2530376, 384, 0, 1000, 5036, 200)],
    wall_prefix="2026-08-05T04:12:08")
# A bug note: `journalctl -k | grep` of one global OOM on Arch (7.0 zen): systemd's user-unit line, chromium's
# header (adj 200, no pid), the swap lines (104 kB of 4 GiB free), the summary whose task memcg ends in Konsole's
# `tab(2336326).scope`, the kill of codescout (65.5 GiB anon, adj 200) and journald's SIGKILL.
add("712-codescout-notes-arch-7.0-zen-journal-grep-konsole-tab-scope-parenthesised-pid-global-kill-codescout-65g-anon-adj-200-chromium-trigger-swap-full-journald-killed.log",
    "GitHub notes file (codescout bug note 'codescout MCP server leaked to 68 GB RSS and triggered a kernel "
    "OOM-kill', 2026-06-19; index file id 56834243448)", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(2621226, "codescout", 176941204, 68726128, 2708, 0, 1000, 136028, 200)],
    task_memcg="/user.slice/user-1000.slice/user@1000.service/app.slice/app-org.kde.konsole-10418.scope/tab(2336326).scope",
    trigger=trig("chromium", None, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=200),
    year_guessed=True, checks=["swap_exhausted"])
# An installer's console (VA Linux 2.2.18), mailed and re-wrapped by the mail client: four `Out of Memory: Killed
# process N (comm), saved process 2165 (mke2fs).` lines run together with raw `<3>` priorities and the installer's
# own output (`willow: LOAD FAILED`); the second message is broken after `Out`, the third's saved comm inside
# `mke2` + `fs`. Four kills, no sizes; the last one kills the saved process itself. Capital-M `Out of Memory`
# (2.2 to early 2.6, no memory cgroups): the machine ran out, no cgroup to contain a job in; buffy's message, broken
# after `Out`, is not read, so its sentence may still say it cannot tell a cgroup from the machine.
add("713-lkml-2001-va-2.2.18-installer-console-out-of-memory-killed-saved-process-mke2fs-raw-priority-mail-wrapped-four-kills-no-sizes.log",
    LORE + "lkml/3A8C85B9.610D0C06@valinux.com/", ["kill"] * 4, "not determinable (bare kill lines)",
    constraints=[None] * 4,
    kills=[kill(106, "portmap", None, None, None), kill(2123, "buffy", None, None, None),
           kill(195, "sisyphus_upload", None, None, None), kill(2165, "mke2fs", None, None, None)],
    text_has=["had no memory cgroups"], text_not=["--limit"])
# 2.4.0-test10's syslog: two `Out of Memory: Killed process N (perl).` messages and a `kernel BUG at
# swap_state.c:60!` on one line (klogd left the `<3>` of the second), then kswapd's oops: two kills, no sizes;
# the BUG is no OOM panic and kswapd no trigger.
add("mangler-pending/714-lkml-2000-2.4.0-test10-syslog-two-perl-kills-run-together-raw-priority-then-kernel-bug-swap-state-kswapd-oops.log",
    LORE + "lkml/200011011104.LAA00999@gloop.internal/", ["kill", "kill"], "not determinable (bare kill lines)",
    constraints=[None, None], kills=[kill(148, "perl", None, None, None), kill(198, "perl", None, None, None)],
    year_guessed=True,
    text_has=["had no memory cgroups"], text_not=["whether a cgroup limit", "--limit"])
# A Chinese blog (journald and rsyslogd on Alibaba Cloud Linux, 4.19): journal lines, AliYunDun's header (a page
# cache fault, adj 0), the author's `***` for the cut stack and table, one row (sshd), the selection and kill of
# java (score 617, 4.7 GiB anon), its reaper, journald's watchdog and rsyslogd's lines.
add("715-plantegg-blog-zh-alinux-4.19-syslog-journal-lines-aliyundun-header-stars-elision-one-row-java-selection-kill-reaper-journald-watchdog-rsyslogd-lines.log",
    "plantegg's blog, 'journald和rsyslogd' (2021-01-28; index file id 15982337930)", ["kill"],
    "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(18665, "java", 8446992, 4905856, 0, 0, selected_score=617, reaper=[0, 0, 0])],
    trigger=trig("AliYunDun", 13296, gfp="0x6200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    table_rows=[[18118, "sshd", 0]], year_guessed=True, text_has=["the machine ran out of memory"])
# A Chinese blog's rsyslog filter output (CentOS 7, 3.10): the selection of java (score 669) and its RHEL-style
# kill line (`, UID 0,`) as the filter wrote it, broken before `, shmem-rss:0kB`.
add("716-zh-jekyll-blog-rsyslog-msg-filter-log-file-centos7-selection-java-uid-comma-kill-line-broken-before-shmem-rss.log",
    "Chinese Jekyll blog post 'Linux操作系统监控oom-killer事件的一种方法' (2023-07-20; index file id 3724702433)",
    ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(25196, "java", 3330072, 1296092, 0, 0, 0, selected_score=669)], year_guessed=True)
# netdata's issue: two code blocks. The selection of netdata (score 1000, its own adj) and the kill of its child
# apps.plugin (5 MB virtual, nothing resident), then varnishd's SIGTERM lines and, stamped a second before the
# kill, one line of the report's zone dump (lowmem_reserve); the next line, cut by the index, left out.
add("717-netdata-9996-journal-two-code-blocks-selection-netdata-score-1000-kill-of-child-apps-plugin-anon-0-then-varnishd-sigterm-lines-then-earlier-lowmem-reserve-line.log",
    GH + "netdata/netdata/issues/9996", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(25236, "apps.plugin", 5012, 0, 0)], selected_only=[[1358, "netdata", 1000]], year_guessed=True,
    checks=["sacrificed_child_held_little"])
# kubeasz's issue (3.10, cgroup v1): a pod's container at its pod's 51200 kB limit (failcnt 840635) where kmem holds
# 51196 kB and rss 0 (both stats lines): kernel memory filled the limit; the table shows one row, exe (adj -999);
# the next line, cut by the index, left out: no selection, no kill.
add("718-kubeasz-556-k8s-3.10-syslog-memcg-v1-task-in-pod-50m-limit-kmem-51196k-of-51200k-rss-0-two-stats-lines-one-row-exe-adj-999-cut.log",
    GH + "easzlab/kubeasz/issues/556", ["incomplete"], "memcg (Task in … killed as a result of limit of …)",
    constraints=["memcg"], memcg="/kubepods/pod5e3c4bcb-760b-11e9-bcb4-5c260afbd27c",
    task_memcg="/kubepods/pod5e3c4bcb-760b-11e9-bcb4-5c260afbd27c/56f14365daad5b7ea9d7960ec1ddf31777941d7ce80221d373668ca637fdf6fa",
    limit_kb=51200, table_rows=[[1841, "exe", -999]], year_guessed=True, checks=["memcg_kmem_dominant"])
# An RCA note's excerpt of /var/log/syslog (ISO stamps, no host), condensed by its author: the `oom-kill:` summary
# cut to `constraint=CONSTRAINT_NONE,` + an indented `task=python,pid=17137,uid=1000`, the kill line wrapped before
# its sizes (total-vm and anon-rss only); then systemd's and the IDE's lines, each wrapped and indented. The kill
# line as quoted prints no UID: the victim's uid is unprinted (as 631's), the summary's uid=1000 the chosen task's
# (the first oracle, committed before the run, gave the victim uid 1000: corrected to the schema).
add("719-phase-rca-notes-iso-stamp-no-host-condensed-oom-kill-summary-wrapped-indented-kill-line-wrapped-python-13g-anon-then-systemd-and-ide-lines-wrapped.log",
    "GitHub notes file ('Phase 6R.2 Failure Root Cause Analysis'; index file id 67164547785)", ["kill"],
    "global (CONSTRAINT_NONE)", constraints=["global"],
    kills=[kill(17137, "python", 23286076, 13514856, None, None)], chosen=[17137, "python"],
    wall_prefix="2026-06-14T19:21:13")
# A Chinese blog on Alibaba Cloud ECS (CentOS 6, 2.6.32): /var/log/messages from the task rows on (no table header;
# RHEL 6 rows: cpu, oom_adj, oom_score_adj), the selection of mysqld (score 52) and its `, UID 501,` kill line; the
# same two lines quoted again in a second block after a sentence: one kill. mysqld's oom_score_adj, not on its kill
# line, is its row's last column, 0 (`[31809]   501 31809   204818    26845   0       0             0 mysqld`;
# the first oracle, committed before the run, left it out).
ALIYUN_ROWS = [[1598, "AliYunDun", 0], [24853, "php-fpm", 0], [24855, "php-fpm", 0], [24856, "php-fpm", 0],
               [24859, "php-fpm", 0], [24860, "php-fpm", 0], [24861, "php-fpm", 0], [24862, "php-fpm", 0],
               [25035, "nginx", 0], [25037, "nginx", 0], [25038, "nginx", 0], [4296, "AliHids", 0],
               [11606, "php-fpm", 0], [11608, "php-fpm", 0], [11609, "php-fpm", 0], [11612, "php-fpm", 0],
               [11613, "php-fpm", 0], [17646, "php-fpm", 0], [17647, "php-fpm", 0], [30706, "mysqld_safe", 0],
               [31748, "anacron", 0], [31809, "mysqld", 0]]
add("mangler-pending/720-aliyun-ecs-blog-zh-centos6-2.6.32-syslog-rows-without-header-php-fpm-mysqld-selection-uid-comma-kill-then-both-lines-quoted-again.log",
    "Chinese blog post '阿里云服务器 MySQL 经常自动停止挂掉重启的完美解决方式' (2016-03-14; index file id 24102114355)",
    ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(31809, "mysqld", 819272, 103500, 3880, uid=501, adj=0, adj_source="task table row", selected_score=52)],
    table_rows=ALIYUN_ROWS, year_guessed=True)
# Blind set 20a (HPC batch schedulers and ML infrastructure). Negatives: job schedulers' and job shells' own lines,
# no kernel line. PBS Pro's MoM kills a job over its `mem` limit (`=>> PBS: job killed: mem NNNkb exceeded limit
# NNNkb`, both sizes in kB) and prints the job summary after it.
add("673-canu-530-pbspro-mom-job-killed-mem-kb-exceeded-limit-kb-job-summary-userspace-negative.log",
    GH + "marbl/canu/issues/530", [],
    "n/a (no kernel report: PBS Pro killed the job over its mem limit)")
# LSF's job report: `TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.` and exit code 143 (SIGTERM).
add("674-souporcell-20-lsf-lsbatch-term-memlimit-job-killed-after-reaching-lsf-memory-usage-limit-userspace-negative.log",
    GH + "wheaton5/souporcell/issues/20", [],
    "n/a (no kernel report: LSF killed the job at its memory usage limit)")
# Torque's job mail, quoted with one `> `: `Job exceeded a memory resource limit (vmem, pvmem, etc.). Job was
# aborted`, Exit_status=-10, resources_used.vmem 286793240kb over the 209715200kb requested (host name replaced).
add("675-sarek-541-torque-job-exceeded-memory-resource-limit-vmem-aborted-by-pbs-server-exit-status-minus-10-resources-used-kb-userspace-negative.log",
    GH + "nf-core/sarek/issues/541", [],
    "n/a (no kernel report: Torque aborted the job over its vmem limit)")
# Torque/Moab job mail: `job 3132467 exceeded MEM usage hard limit (2528 > 1126)` (MB), deleted by root (host names
# replaced).
add("676-cbio-cluster-251-torque-moab-job-deleted-by-root-exceeded-mem-usage-hard-limit-mb-userspace-negative.log",
    GH + "cBio/cbio-cluster/issues/251", [],
    "n/a (no kernel report: Moab deleted the job over its MEM hard limit)")
# HTCondor's `condor_q -hold`: three jobs `put on hold by SYSTEM_PERIODIC_HOLD due to memory usage 3000000.` (user
# name replaced).
add("677-gwastro-1-ogc-2-htcondor-condor-q-hold-reasons-system-periodic-hold-due-to-memory-usage-userspace-negative.log",
    GH + "gwastro/1-ogc/pull/2", [],
    "n/a (no kernel report: HTCondor put the jobs on hold for their memory usage)")
# YARN NodeManager's own ContainersMonitorImpl lines (`Limit=1073741824, current usage = 1125031936`, bytes; `running
# beyond physical memory limits ... Killing container.`) and the process-tree dump (RSSMEM_USAGE in pages).
add("678-stratosphere-887-yarn-nodemanager-containersmonitorimpl-process-tree-over-limit-bytes-running-beyond-physical-memory-killing-container-userspace-negative.log",
    GH + "stratosphere/stratosphere/issues/887", [],
    "n/a (no kernel report: YARN's NodeManager killed the container for its physical memory limit)")
# Flux's job shell oom plugin: `flux-shell[0]: ERROR: oom: Memory cgroup out of memory: killed 1 task on HOST.` and
# `memory.peak = 1.4428558G`: the shell read memory.events, a user-space line carrying the kernel's words (host name
# replaced).
add("679-flux-core-6289-flux-shell-oom-plugin-error-memory-cgroup-out-of-memory-killed-1-task-memory-peak-userspace-negative.log",
    GH + "flux-framework/flux-core/pull/6289", [],
    "n/a (no kernel report: the Flux job shell reports its cgroup's OOM kill)")
# `docker events` with a custom format on an OpenPAI node: `Type=container  Status=oom  ID=…` then `Status=die`.
add("680-openpai-1658-docker-events-format-type-container-status-oom-then-die-id-userspace-negative.log",
    GH + "microsoft/pai/issues/1658", [],
    "n/a (no kernel report: Docker's event stream says the container hit OOM)")
# Incident notes of an OpenVLA fine-tune (four torchrun DDP ranks) under Slurm: the poster's condensed `oom-kill:`
# summary (`, ` after commas, wrapped before `task=` with a nine-space indent; the Slurm per-node cgroup
# /slurm_NODE/uid_N/job_N, node name replaced) and `memory: usage 203161592kB, limit 203161592kB, failcnt 340170`,
# then bullets, then three v1 memory.stat `total_*` lines in bytes with the poster's `(191.4 GiB) <- …` notes. No kill
# line.
add("681-openvla-libero-notes-slurm-torchrun-ddp-condensed-oom-kill-summary-slurm-node-uid-job-memcg-wrapped-pid-memory-usage-at-limit-failcnt-then-annotated-v1-total-stats.log",
    "Public repository incident notes 'Host-RAM OOM in tools/train_eval.sh' (index file id 71055101701)", ["incomplete"],
    "memcg (CONSTRAINT_MEMCG, oom_memcg=/slurm_node01/uid_1609111/job_59120608; memory: usage at its limit)",
    constraints=["memcg"], memcg="/slurm_node01/uid_1609111/job_59120608", limit_kb=203161592,
    chosen=[567337, "python"], text_not=K8S)
# A service README (an MT5/OpenVINO inference worker, a systemd unit): two `journalctl … | grep` commands, whose
# pattern holds `Out of memory: Killed|oom-kill:`, then `A kernel line like` and the kill line cut by the poster
# after anon-rss: pt_main_thread (PyTorch's main thread name) 352226, 15904644 kB anon.
add("682-aver-worker-readme-journalctl-grep-commands-then-example-kill-line-pt-main-thread-cut-after-anon-rss-15.9g.log",
    "Public repository README, section 'RAM, OOM kills, and swap' (index file id 71351623464)", ["kill"],
    "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(352226, "pt_main_thread", 22982348, 15904644, None)], text_not=K8S)
# An agent's report (a Jupyter kernel inside a Slurm job, 17.5 GB limit): the poster's condensed summary with `...`
# for the fields between the constraint and oom_memcg and for the pid, the victims' anon-rss of four attempts added
# after `task=python3,pid=...,` on indented lines with the poster's notes (one quoting `/usr/bin/time -v`). No kill
# line: the pid and the victim's sizes are not the kernel's.
add("683-agent-report-slurm-jupyter-ipykernel-condensed-oom-kill-summary-elided-fields-pid-dots-four-anon-rss-values-annotated-time-v-signal-9.log",
    "Public repository stage report (index file id 66331758343)", ["incomplete"],
    "memcg (CONSTRAINT_MEMCG, oom_memcg=/slurm/uid_2107/job_2457196)", constraints=["memcg"],
    memcg="/slurm/uid_2107/job_2457196", text_not=K8S)
# A pipeline's changelog bullet: prose quoting `constraint=CONSTRAINT_MEMCG, oom_memcg=/slurm/uid_46343/job_1314755,`
# / `task=diamond` in backticks across a wrap, and `-9` errors: no kernel line.
add("684-orthofuser-changelog-prose-quotes-summary-fields-constraint-memcg-slurm-job-task-diamond-in-backticks-wrapped-no-kernel-line-negative.log",
    "Public repository changelog, the entry above 2026-09-17 (index file id 68883343894)", [],
    "n/a (no kernel log: a summary's fields quoted in prose)")
# Blind set 20b (written by hand before oomlens ran on these files). Focus: the rare causes (unevictable/ramfs,
# unreclaimable slab in a kdump kernel, CMA-held free memory, page tables, zram, mempolicy, panic_on_oom, SysRq-f),
# new kernels and architectures (MIPS, arm64 4K and 64K pages, ppc64/ppc64le 64K pages). Checked against
# tests/corpus, the shared corpus and the other set-20 worktrees. Host names replaced (host01).
# An SFR NB6VAC router (BCM63168, MIPS BMIPS4350, 3.4.11-rt19, 124 MiB) reverse-engineering README: a heavy upload
# in the web UI; wps_monitor's header (`oom_adj=0, oom_score_adj=0`, gfp 0x201da, no pid printed), two call traces
# (the first with unrelated stack words), Broadcom `FAP` lines, Mem-Info: unevictable 13322 pages (52 MiB, 42 % of
# RAM) with 276 kB mlocked (ramfs), slab_unreclaimable 46636 kB in Normal, Normal free 1236 kB = min; 31757 pages RAM;
# the 3.4 table (rss cpu oom_adj columns); then `Kernel panic - not syncing: Out of memory: compulsory panic_on_oom
# is enabled` (panic_on_oom=2) and a reboot. No process was killed; the processes hold a few MiB.
add("685-nb6vac-router-readme-bcm63168-mips-3.4-rt-wps-monitor-oom-adj-header-two-call-traces-fap-lines-unevictable-and-slab-table-compulsory-panic-on-oom-reboot.log",
    "Public repository README, NB6VAC router notes, section 'Provoke a kernel panic' (index file id 42144429989)",
    ["panic"], "global (stack: out_of_memory called by __alloc_pages_nodemask; panic_on_oom=2)",
    constraints=["global"], panic="Out of memory: compulsory panic_on_oom is enabled",
    checks=["panic_on_oom", "unevictable_dominant"], not_checks=["swap_exhausted"], summary_not=["was killed"],
    table_rows=[[3583, "wps_monitor", 0], [4112, "sleep", 0], [3119, "wold", 0]],
    trigger=trig("wps_monitor", None, gfp="0x201da", order=0, oom_score_adj=0), text_not=K8S)
# Tetsuo Handa's linux-mm patch mail (2016, "mm,oom: Exclude TIF_MEMDIE processes from candidates"), its log on
# 4.4.0-rc6-next-20151223, whose header printed `order=N, oom_score_adj=N, gfp_mask=…` (the fields in another order):
# oom-write (9546, 1.8 GiB) forks ten `write` children; each report selects oom-write (score 892, then 902) and kills a
# child (160 kB): 9549, then 9551 after systemd-journal's header, then SysRq-f (`order=-1`, kworker/0:2) six times
# and one report whose header the poster snipped (142.57: rows only); the last two SysRq-f kill 9551 again (a
# TIF_MEMDIE victim that never exits, anon-rss now 0 kB). Nine kills; every report's table row gives adj 0.
W = lambda pid, anon: kill(pid, "write", 160, anon, 0, 0, adj=0, adj_source="task table row")
add("686-linux-mm-2016-tetsuo-next-20151223-oom-write-reversed-header-fields-order-first-gfp-last-children-killed-then-sysrq-f-repeated-kills-same-tif-memdie-write-9551-snipped.log",
    LORE + "linux-mm/201601081909.CDJ52685.HLFOFJFOQMVOtS@I-love.SAKURA.ne.jp/", ["kill"] * 9,
    "global (Out of memory: prefix; later reports forced by SysRq)", constraints=["global"] * 9,
    kills=[W(9549, 4), W(9551, 4), W(9552, 4), W(9553, 4), W(9554, 4), W(9555, 4), W(9556, 4), W(9551, 0),
           W(9551, 0)],
    selected_only=[[9546, "oom-write", 892], [9546, "oom-write", 902]],
    table_rows=[[9546, "oom-write", 0], [9549, "write", 0], [9556, "write", 0]],
    trigger=trig("oom-write", 9546, gfp="0x24280ca(GFP_HIGHUSER_MOVABLE|GFP_ZERO)", order=0, oom_score_adj=0),
    checks=["sysrq", "victim_killed_again"], text_not=K8S)
# GLM model serving notes (756 GB, four NUMA nodes): a benchmark pinned with `numactl --membind=3` filled node 3; the
# poster's three condensed lines: llama-bench's header (`gfp_mask=0x140dca(...)`), the summary with
# CONSTRAINT_MEMORY_POLICY, nodemask=3 and `...` for the rest (task llama-server, no pid), and the kill of llama-server
# 3961932 (anon-rss only, 277 GiB; adj 200, a systemd user service). A mempolicy OOM: node 3 ran out, not the machine.
add("687-glm-flash-serving-notes-numactl-membind-node-3-condensed-llama-bench-header-oom-kill-constraint-memory-policy-nodemask-3-elided-llama-server-kill-anon-only-277g-adj-200.log",
    "Public repository serving notes 'GLM-5.3-Flash on :18131', section 3 'The OOM incident' (index file id "
    "68475767854)", ["kill"], "mempolicy (CONSTRAINT_MEMORY_POLICY, nodemask=3)", constraints=["mempolicy"],
    kills=[kill(3961932, "llama-server", None, 290664512, None, adj=200)], trigger=trig("llama-bench"),
    summary_not=["machine ran out"], text_not=K8S)
# Paul Menzel's LKML report (2019, "Crash kernel with 256 MB reserved memory runs into OOM condition"), a
# quoted-printable body: a Dell R7425 (1 TB) kdump kernel at 4.3 s of boot: swapper/0 (pid 1) allocates for the AMD
# IOMMU (init_iova_domain via kmem_cache_alloc_trace), GFP_KERNEL|__GFP_COMP; no user memory at all, unevictable
# 15720 kB (initramfs), DMA32 free 1404 kB under min 1428 kB, 65532 pages RAM of which 31973 reserved, the
# Unreclaimable slab table (kmalloc-2048 59164 kB of 58 MiB the largest), an empty Tasks table and `Out of memory and
# no killable processes...`; the poster's `[…]` (QP `[=E2=80=A6]`) on both sides.
add("mangler-pending/688-lkml-2019-crash-kernel-256m-dell-r7425-1tb-4.19-quoted-printable-swapper-boot-amd-iommu-init-iova-domain-unreclaimable-slab-kmalloc-2048-58m-empty-tasks-no-killable.log",
    LORE_ALL + "d65e4a42-1962-78c6-1b5a-65cb70529d62@molgen.mpg.de/", ["no_killable"],
    "global (stack: out_of_memory called by __alloc_pages_nodemask; no eligible task)", constraints=["global"],
    no_killable=True, slab_largest=["kmalloc-2048", 59164],
    trigger=trig("swapper/0", 1, gfp="0x6040c0(GFP_KERNEL|__GFP_COMP)", order=0, oom_score_adj=0),
    checks=["no_killable_task", "slab_unreclaimable_dominant"], text_not=["--limit", "batch size"] + K8S)
# An "OOM Trace Analysis" document: a RHEL 9 (5.14.0-362) VMware guest's `dmesg -T` in the French locale
# (`[ven. nov. 28 07:26:44 2025]`), cut into sections with the writer's `...` and bullet prose between: postmaster's
# header (the CPU line gives pid 3240780), two frames, Mem-Info's first and last counters, the node line, swap
# (1694460 of 2097148 kB free), the table header and the victim's row, and the global kill of postmaster 3499662:
# 834 MiB anon, 3.3 GiB shmem-rss (PostgreSQL's shared memory), UID 26.
add("mangler-pending/689-oom-trace-analysis-doc-fr-locale-dmesgT-ven-nov-rhel9-5.14-postmaster-header-cpu-line-sections-elided-with-dots-row-global-kill-postmaster-3.3g-shmem-swap-free.log",
    "Public repository document 'OOM Trace Analysis' (index file id 40028294316)", ["kill"],
    "global (Out of memory: prefix; stack: out_of_memory from __alloc_pages_slowpath)", constraints=["global"],
    kills=[kill(3499662, "postmaster", 5083036, 854636, 0, 3445804, 26, 9004, 0)],
    trigger=trig("postmaster", 3240780, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    table_rows=[[3499662, "postmaster", 0]], wall_prefix="2025-11-28T07:26:44",
    not_checks=["swap_exhausted", "swap_absent"], text_has=["shared_buffers"], text_not=K8S)
# netdev patch (2023, "net: fec: Use page_pool_put_full_page when freeing rx buffers"): an i.MX8MN EVK (arm64,
# 6.1.1, 2 GiB, 640 MiB CMA) whose eth0 up/down test leaks page_pool pages (`stalled pool shutdown` lines between the
# test's TINFO lines); after 394 rounds eth_test2.sh's exec (pgd_alloc, GFP_KERNEL_ACCOUNT|__GFP_ZERO) OOMs: DMA free
# 541636 kB of which free_cma 129241 pages (505 MiB) that unmovable allocations cannot use; the processes hold 42 MiB
# anon; 163840 pages cma reserved. Long lines cut at 150 columns by the viewer, the last character kept (`tas0`,
# `oom_score_ad0`, `actiB`): the summary names no task, the kill line's adj is lost; row 679 gives adj 100. The global
# kill of (sd-pam) 679.
add("690-netdev-2023-fec-page-pool-leak-imx8mn-arm64-6.1-enet-up-down-test-tinfo-lines-stalled-pool-shutdown-eth-test2-header-pgd-alloc-free-is-cma-rows-lines-cut-at-150-global-kill-sd-pam.log",
    LORE_ALL + "20230119043747.943452-1-wei.fang@nxp.com/", ["kill"], "global (CONSTRAINT_NONE, global_oom)",
    constraints=["global"],
    kills=[kill(679, "(sd-pam)", 14880, 2584, 0, 0, 0, 72, 100, adj_source="task table row")],
    task_memcg="/user.slice/user-0.slice/user@0.service",
    trigger=trig("eth_test2.sh", 2379, gfp="0x400dc0(GFP_KERNEL_ACCOUNT|__GFP_ZERO)", order=0, oom_score_adj=0),
    table_rows=[[679, "(sd-pam)", 100], [655, "containerd", -999], [2379, "eth_test2.sh", 0]],
    text_has=["CMA"], text_not=["--limit", "batch size"] + K8S)
# The same blog as 279 (an earlier post, 2024-02-24): the E2000Q board (arm64, 5.4.74, 2 GiB with a 512 MiB CMA pool
# in the device tree), `free -m`, then a test program `oom`: header GFP_KERNEL_ACCOUNT|__GFP_ZERO (a page-table page,
# __pte_alloc), DMA32 free 529024 kB of which free_cma 523848 kB (5 MiB usable), two rows (oom holds 1.2 GiB), then
# `Kernel panic - not syncing: Out of memory: system-wide panic_on_oom is enabled` (panic_on_oom=1) and kdb.
add("691-l3b2w1-blog-2024-02-arm64-5.4-e2000q-free-m-then-oom-header-gfp-kernel-account-pte-alloc-free-is-cma-512m-two-rows-system-wide-panic-on-oom-kdb.log",
    GH + "l3b2w1/l3b2w1.github.io (post 'malloc trigger oom', 2024-02-24; index file id 39705268212)", ["panic"],
    "global (stack: out_of_memory called by __alloc_pages_slowpath; panic_on_oom=1)", constraints=["global"],
    panic="Out of memory: system-wide panic_on_oom is enabled", checks=["panic_on_oom"],
    table_rows=[[147, "oom", 0], [138, "ash", 0]], summary_not=["was killed"], text_has=["CMA"],
    trigger=trig("oom", 147, gfp="0x400dc0(GFP_KERNEL_ACCOUNT|__GFP_ZERO)", order=0, oom_score_adj=0), text_not=K8S)
# Negative. Gentoo on an Xbox 360 (Xenon, ppc64, 6.17, 480 MiB in 64 KiB pages, 20 GiB swap on zram): journal lines
# of two warn_alloc() dumps from the sis190 NIC's IRQ (__netdev_alloc_skb), the `page allocation failure` line not in
# the paste, registers with journald's `\x0a` escapes and lines cut at `>`; Normal free under min, swap almost free.
# Atomic allocation failures, no OOM.
add("692-xenon-linux-notes-xbox360-ppc64-6.17-journal-sis190-irq-warn-alloc-no-failure-line-x0a-escaped-registers-meminfo-64k-pages-swap-free-zram-twice-no-oom-negative.log",
    "Public repository notes 'Ethernet Adventures' (Gentoo on Xbox 360; index file id 19245909653)", [],
    "n/a (no OOM report: warn_alloc page allocation failures in an IRQ)")
# Chinese OOM notes, OrbStack's arm64 VM (6.9.8, 32 GiB, 32 GiB swap), `dmesg -T` with the year: a reaper line of
# a.out 4959 at 11:31 (an earlier OOM, no event of its own), then at 20:21 kswapd0's header (balance_pgdat), Mem-Info:
# pagetables 21849240 kB (21 GiB, more than all anon memory), Free swap 4 kB of 33855916 kB; the 6.x table (a.out:
# total_vm 2791357842 pages = 10.4 TiB, pgtables_bytes 22374600704); the summary (global, task_memcg a Docker
# container under OrbStack's scon) and the kill of a.out 5071: 9.4 GiB anon and 20.8 GiB of page tables.
add("693-zh-notes-orbstack-arm64-6.9-dmesgT-2024-earlier-reaper-then-kswapd0-header-balance-pgdat-pagetables-21g-swap-full-rss-anon-rows-docker-scon-memcg-global-kill-a-out-11t-total-vm-pgtables-21g.log",
    "Public repository notes (Chinese) '# OOM Killer' (index file id 32826307891)", ["kill"],
    "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(5071, "a.out", 11165614668, 9845504, 128, 0, 0, 21850556, 0)],
    task_memcg="/scon.container.01GQQVF6C60000000000DOCKER.17qk8ev/child/docker/"
               "9338c8be733c89d753e9dcb886e469803da8e99e1e048d5da1b6a7ac9a346aad",
    chosen=[5071, "a.out"], wall_prefix="2024-08-11T20:21:28",
    table_rows=[[5071, "a.out", 0], [217, "scon", -950], [245, "docker-init", -500]],
    trigger=trig("kswapd0", 111, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0),
    checks=["pgtables_large", "swap_exhausted"], not_checks=["swap_absent"], text_not=["batch size"] + K8S)
# A power daemon's requirements document (CachyOS, 7.2 kernel, 14.9 GiB RAM, zram sized at 100 % of RAM plus an
# 8 GiB swap file): the writer's condensed kernel lines: kswapd0's header (no adj), the summary with `...` (global,
# task ChatGPT, pid 2227526), the kill of ChatGPT (anon-rss only, 133 MiB), Free swap 200 kB of 24098808 kB, and the
# writer's own `zspages:` sum over two zones (4.1 GiB of RAM held by zram's compressed store).
add("694-wattcurb-requirements-doc-cachyos-condensed-kswapd0-header-oom-kill-elided-global-chatgpt-kill-anon-only-free-swap-200k-of-24g-poster-zspages-sum-line-zram-100-percent.log",
    "Public repository requirements document (REQ-112, 'Part B - Kernel OOM Kill Under Memory Exhaustion'; index "
    "file id 68365958166)", ["kill"], "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(2227526, "ChatGPT", None, 136464, None)], chosen=[2227526, "ChatGPT"],
    trigger=trig("kswapd0", None, gfp="0xcc0(GFP_KERNEL)", order=0),
    checks=["swap_exhausted"], not_checks=["swap_absent"], text_not=["batch size"] + K8S,
    pending="the writer moved show_mem()'s `Free swap`/`Total swap` lines below the kill line, whose sizes it cut: "
            "the scanner joins them to the kill line as its wrapped rest, so the swap figures are not read")
# linux-xfs 2019 (Zorro Lang's reply, quoted at depth 2 with the log indented two spaces): RHEL 8 4.18 on ppc64le
# (64 KiB pages): xfs_db's header with oom_score_adj=-1000, cpuset line, CPU line (pid 977), the ppc64 stack through
# __alloc_pages_nodemask (do_anonymous_page) and Mem-Info's counters in pages only (free:2756); no zone lines, no
# table, no outcome. The page size is not printed: no byte figure may be derived from the counters at 4 KiB.
add("mangler-pending/695-linux-xfs-2019-xfstests-ppc64le-rhel8-4.18-quote-depth-2-indented-xfs-db-header-adj-minus-1000-stack-meminfo-summary-64k-pages-only.log",
    LORE_ALL + "20190903040000.GT7239@dhcp-12-102.nay.redhat.com/", ["incomplete"],
    "global (stack: out_of_memory called by __alloc_pages_nodemask)", constraints=["global"],
    trigger=trig("xfs_db", 977, gfp="0x6200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=-1000),
    text_not=["10.8 MiB", "366.3 MiB"] + K8S)
# Negative. A kernel RDMA module's README (CentOS 7 aarch64, 64 KiB pages, 4 nodes, 512 GiB): `insmod` of the test
# module, then a show_mem tail: 4096 free 2 MiB hugetlb pages on node 0 and 64 of 512 MiB on each node
# (8 GiB and 128 GiB reserved), swap 0, 8388541 pages RAM, then the module's `ib_dma_alloc_coherent recv_buf failed`,
# `ret -12`. A driver's DMA allocation failed; no OOM.
add("696-krdma-readme-centos7-arm64-64k-insmod-server-show-mem-tail-hugepages-4096-of-2m-and-256-of-512m-reserved-free-ib-dma-alloc-coherent-failed-no-oom-negative.log",
    "Public repository README 'krdma' (index file id 40771960775)", [],
    "n/a (no OOM report: a driver's DMA allocation failed after a show_mem tail)")
# ---- blind set 21b (733-744) ----
# Written by hand before oomlens ran on these files. Focus: containers, orchestrators and cloud (AKS, EKS, OpenShift,
# k3s, cgroup v1 and v2 kubepods, Nomad, LXC, a systemd-oomd negative). Checked against tests/corpus, the shared corpus
# and the other set-21 worktrees. Host and user names replaced (host01, host02, user).
AKS_POD = "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod5931aa75_4603_4e65_b552_7c71cf55cfb5.slice"
# An AKS lab note (Ubuntu 22.04, 5.15.0-1041-azure, cgroup v2): `kubectl describe` shows OOMKilled/137, then the node's
# /var/log/syslog: stress-ng-vm's header (page-cache fault, adj 1000), the pod slice's `memory:` 102400 kB = limit, its
# memory.stat, the table (pause -998, nginx/bash 988), the CONSTRAINT_MEMCG summary (oom_memcg the pod slice) and the
# memcg kill of stress-ng-vm 183960; then systemd's scope line, containerd's TaskOOM line and node-problem-detector's
# status line whose OOMKilling message copies the kill line (no second kill), and the next header 97 ms later.
add("mangler-pending/733-aks-stress-ng-notes-ubuntu-5.15-azure-syslog-kubectl-describe-oomkilled-memcg-v2-pod-slice-100m-rows-kill-systemd-scope-containerd-taskoom-npd-oomkilling-then-next-header.log",
    "Public repository notes, kubectl + /var/log/syslog of an AKS node (index file id 37610279317)",
    ["kill", "incomplete"], "memcg (CONSTRAINT_MEMCG; the next header cannot tell)", constraints=["memcg", None],
    kills=[kill(183960, "stress-ng-vm", 299192, 93176, 316, 12, 0, 476, 1000)],
    memcg=AKS_POD,
    task_memcg=AKS_POD + "/cri-containerd-25a38b5b8d556d7983d975577f5ac75ebbcfb4b269e6deaa0a0440c1ffc969ca.scope",
    limit_kb=102400, chosen=[183960, "stress-ng-vm"],
    trigger=trig("stress-ng-vm", 183960, gfp="0x1100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=1000),
    table_rows=[[181505, "pause", -998], [183959, "stress-ng-vm", 988], [183960, "stress-ng-vm", 1000]],
    year_guessed=True, text_has=["Kubernetes"], not_checks=["swap_exhausted", "swap_absent"])
OCP_POD = "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod58dc1221_d430_496e_951d_e8cb23caaead.slice"
# OpenShift GPU-operator notes (RHCOS, 4.18.0-372.73.1.el8_6, Cisco C245 M6): `oc exec … -- dmesg | grep -i 119 -C 10`
# among NVRM lines, grep's `--` between windows: mimir's header at 4136 (stack through mem_cgroup_out_of_memory, cut at
# try_charge); at 5787 the tail of a memcg's memory.stat (dmesg's indented continuation lines), the table header and a
# conmon row; at 6128 mimir's header again, cut at out_of_memory; at 7753 the stat tail, rows (mimir uid 1001240000,
# OpenShift's namespace range, adj 999), the CONSTRAINT_MEMCG summary (crio scope) and the memcg kill of mimir 184260,
# reaped. Four reports 1600 s apart: none joins another. (The second's constraint, first written null, is memcg: the
# stat tail is a cgroup v2 memory.stat, which mem_cgroup_print_oom_meminfo() prints for a memcg OOM only.)
add("mangler-pending/734-openshift-gpu-operator-notes-rhcos-4.18-el8-oc-exec-dmesg-grep-C10-nvrm-lines-mimir-headers-cut-stats-tail-rows-crio-scope-uid-1001240000-memcg-kill-reaper.log",
    "Public repository notes on the NVIDIA GPU operator on OpenShift, section 'If the DCGM-Exporter fails with "
    "profiling metrics error' (index file id 2481041880)",
    ["incomplete", "incomplete", "incomplete", "kill"],
    "memcg (stack through mem_cgroup_out_of_memory; CONSTRAINT_MEMCG)", constraints=["memcg", "memcg", None, "memcg"],
    kills=[kill(184260, "mimir", 2462120, 900908, 45968, 0, 1001240000, 2476, 999, reaper=[0, 0, 0])],
    memcg=OCP_POD, task_memcg=OCP_POD + "/crio-8371caad8cc369f16c55ce039fbbe0e4fd1be88e72f119bce94ccd5d07d152fe.scope",
    chosen=[184260, "mimir"],
    trigger=trig("mimir", 128187, gfp="0x6000c0(GFP_KERNEL)", order=0, oom_score_adj=999),
    table_rows=[[155586, "conmon", -1000], [184245, "conmon", -1000], [184260, "mimir", 999]],
    text_has=["Kubernetes"],
    pending="a report line printk-stamped a minute after an open header (another report's, grep -C windows) is "
            "still taken into it: the rows at 5787 join the 4136 header, the 7753 kill takes the 6128 header")
RAILS_CTR = ("/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod0057cc81_ea16_463a_96c2_fc74acfb9c47.slice/"
             "cri-containerd-e7364a949ee841f15422656ccd50b92c5ae2ca81d5e1d124e37da3dc4f0da480.scope")
# A blog on a Rails app behind AWS ELB on Kubernetes: `dmesg | grep oom`: the CONSTRAINT_MEMCG summary (oom_memcg the
# container's own scope) and the memcg kill of ruby 2138551 (adj 969); after the writer's prose and other blocks,
# `dmesg | grep oom | grep "$CGROUP_SLICE"`: three summaries only, blank lines between, three ruby workers of another
# pod (2139881, 2139869, 2475481), no kill lines.
add("mangler-pending/735-rails-puma-k8s-blog-dmesg-grep-oom-summary-and-memcg-kill-ruby-then-three-blank-separated-summaries-only-cri-containerd-scope.log",
    "GitHub-hosted blog post 'Why my Kubernetes rails app returns 502 errors?' (index file id 17162011887)",
    ["kill", "incomplete", "incomplete", "incomplete"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"] * 4,
    kills=[kill(2138551, "ruby", 1313528, 977464, 12800, 0, 1000, 2480, 969)],
    memcg=RAILS_CTR, task_memcg=RAILS_CTR, chosen=[2475481, "ruby"], text_has=["Kubernetes"])
RUBIN_CTR = ("/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-podce01147c_c24e_4d06_94d1_4742572744b5.slice/"
             "cri-containerd-10521a761011051aec6ea9056ea310da06806d1c9719a59bf1790e0ca93d9d84.scope")
# German data-prep notes: the shell prompt, a progress API's JSON, then `dmesg | grep -i "killed\|oom" | tail -5`: one
# stack frame, the table header, the CONSTRAINT_MEMCG summary (the container's scope) and the memcg kill of python
# 2868804 (78.7 GiB anon, 156 GiB total-vm, uid 12574, adj 788), reaped. No header: no trigger.
add("736-rubin-dataprep-notes-dmesg-grep-tail-5-frame-table-header-cri-containerd-summary-memcg-kill-python-79g-anon-adj-788-reaper-shell-prompts.log",
    "Public repository notes (data-prep run log, German; index file id 52382743735)", ["kill"],
    "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(2868804, "python", 163885464, 82514312, 0, 0, 12574, 246052, 788, reaper=[0, 0, 0])],
    memcg=RUBIN_CTR, task_memcg=RUBIN_CTR, chosen=[2868804, "python"], text_has=["Kubernetes"])
# An AKS node lab (Azure Linux 3.0, Kubernetes 1.35, containerd 2.2, cgroup v2): the pod's OOMKilled state, then
# `dmesg -T | grep -E … | head -3 | cut -c1-400`: the summary cut at 400 columns inside task_memcg (oom_memcg, the pod
# slice, whole), the memcg kill of python 11342 (uid 65532, adj 992) and the memory.oom.group line naming the
# container's scope; then containerd's TaskOOM journal line (a second earlier by its own clock).
add("mangler-pending/737-aks-node-lab-azure-linux-3-dmesgT-2026-grep-head-3-cut-400-summary-cut-in-task-memcg-memcg-kill-python-oom-group-line-containerd-taskoom.log",
    "Public repository lab guide, AKS node internals, section '8. Break it: an OOMKill, from both sides' (index file "
    "id 71159711231)", ["kill"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(11342, "python", 86512, 64640, 6144, 0, 65532, 192, 992)],
    memcg="/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-poda8b8a570_9d92_4702_aac3_9264b667146c.slice",
    wall_prefix="2026-10-02T14:14:07", text_has=["memory.oom.group", "Kubernetes"],
    # Tightened after the first run, which said the kill line was printed twice (only one copy is in the text).
    text_not=["printed twice"])
K3S_CTR = ("/system.slice/k3s-agent.service/kubepods-pod7e0223ca_277f_468e_b2a1_76c5497918b8.slice:cri-containerd:"
           "85acf91df4e6ada8ad3603904b133c236899516668565c7ef5e5d7fb25011731")
# A k3s OOM test README: kubectl's OOMKilled/137 and CrashLoopBackOff, then the second test's kernel lines: three rows
# (adj -997), the CONSTRAINT_MEMCG summary whose memcg is k3s-agent.service's nested `slice:cri-containerd:id` cgroup
# and the memcg kill of memtest 4451: 63 GiB total-vm, anon-rss 0 kB, its row 64207 pages in swap, page tables
# 126 MiB (132259840 bytes): the page tables, not its RSS, are what it held in RAM.
add("738-stressapptest-k3s-agent-kubectl-describe-oomkilled-rows-tail-memtest-swapents-summary-k3s-agent-service-slice-colon-cri-containerd-kill-anon-0-adj-minus-997.log",
    "Public repository README 'stressapptest' (index file id 5724680151)", ["kill"], "memcg (CONSTRAINT_MEMCG)",
    constraints=["memcg"], kills=[kill(4451, "memtest", 65981860, 0, 1324, 0, 0, 129160, -997)],
    memcg=K3S_CTR, task_memcg=K3S_CTR, chosen=[4451, "memtest"],
    table_rows=[[4426, "bash", -997], [4451, "memtest", -997], [4452, "sleep", -997]], checks=["pgtables_large"],
    # Tightened after the first run, which called the container's cgroup the systemd service k3s-agent.service.
    text_has=["Kubernetes"], text_not=["systemd service"])
IEEVEE_POD = "/kubepods/burstable/pod465a9fc1-0de9-44cd-b22c-7e6b23fd75f8"
# A Chinese blog on /dev/shm in Kubernetes (ieevee.com): a 4.15 node's syslog (cgroup v1): calloc's header (adj 968),
# cpuset line, stack (pagefault_out_of_memory), `Task in <pod>/<container> killed as a result of limit of <pod>`, the
# pod's 256 MiB limit reached (failcnt 131), three `Memory cgroup stats for` lines (pod, pause, container), the rows,
# the selection (score 1955) and the kill of calloc 28285 (254 MiB anon), reaped.
add("739-ieevee-blog-k8s-shm-ubuntu-4.15-syslog-calloc-memcg-v1-task-in-kubepods-burstable-pod-256m-three-stats-lines-rows-selection-score-1955-kill-reaper.log",
    "Chinese blog post on shared memory in Kubernetes (ieevee.com; index file id 13976300247)", ["kill"],
    "memcg (Task in … killed as a result of limit of …)", constraints=["memcg"],
    kills=[kill(28285, "calloc", 266508, 259280, 1196, 0, adj=968, adj_source="task table row", selected_score=1955,
                reaper=[0, 0, 0])],
    memcg=IEEVEE_POD, task_memcg=IEEVEE_POD + "/beead52e53d4918e7b2820c2712151f2833e4055bc72abc9ea287a02459fc55a",
    limit_kb=262144,
    trigger=trig("calloc", 28285, gfp="0x14000c0(GFP_KERNEL)", order=0, oom_score_adj=968),
    table_rows=[[8111, "pause", -998], [21462, "bash", 968], [28285, "calloc", 968]],
    year_guessed=True, text_has=["Kubernetes"])
JP_POD = "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod479f327f_a27b_4eda_8523_90bdabcf0a27.slice"
# Azure's Japanese support blog on OOMKill on AKS nodes (Ubuntu 22.04, 5.15.0-1051-azure): a full memcg report of
# stress-ng-vm (pod slice 500 MiB = limit) and its kill; Japanese prose, the same summary quoted bare (one event); a
# bare summary of another pod's stress-ng-vm 728241 whose oom_memcg is `/kubepods.slice` itself (the node's
# allocatable limit for all pods, the blog's "node-level" example); and, from another node, the lone
# `Tasks in … are going to be killed due to memory.oom.group set` line of a third OOM.
add("mangler-pending/740-jpaztech-aks-oom-blog-ja-ubuntu-5.15-azure-kern-log-stress-ng-pod-slice-500m-memcg-kill-then-node-level-kubepods-slice-summary-and-oom-group-line.log",
    GH + "jpaztech/blog/blob/master/articles/containers/aks-oom-202312.md", ["kill", "incomplete", "incomplete"],
    "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"] * 3,
    kills=[kill(716580, "stress-ng-vm", 1104444, 473048, 644, 64, 0, 992, 1000)],
    memcg=JP_POD, task_memcg=JP_POD + "/cri-containerd-679f9845995b4ae4812789eb3c3d1df88040a1bc3f0c046a05c9aa9b5b5f93be.scope",
    limit_kb=512000, chosen=[728241, "stress-ng-vm"],
    trigger=trig("stress-ng-vm", 716580, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=1000),
    table_rows=[[716518, "pause", -998], [716566, "stress-ng", 975], [716580, "stress-ng-vm", 1000]],
    year_guessed=True, text_has=["Kubernetes", "memory.oom.group"],
    # Tightened after the first run, which passed by two errors: the bare re-quote of 716580's summary was an event
    # of its own (whose kill line, it said, was not in the text), and the lone memory.oom.group line of the other
    # node joined 728241's summary (a group kill of another pod, printed twice, it said).
    text_not=["chose stress-ng-vm (pid 716580)", "printed twice"],
    pending="the bare re-quote of 716580's summary is an event of its own, and the lone memory.oom.group line of "
            "another node's pod joins 728241's summary (not an ancestor of its task_memcg)")
# Home-lab notes (k3s on NixOS, 15 GB): `journalctl -k -b -1`, the writer's condensed three lines: containerd-shim's
# header (adj 1), the CONSTRAINT_NONE summary with `...` for the elided fields (task speaker 566655), the global kill of
# speaker (total-vm and anon-rss, the rest `...`). The whole node ran out; no pod limit was hit. (The victim's uid,
# first written null, is the summary's `uid=0`: dump_oom_summary() prints the chosen task's uid, and it names pid
# 566655.)
add("741-home-k3s-tunnel-notes-journalctl-k-b-1-condensed-containerd-shim-header-global-summary-elided-speaker-kill-cut.log",
    "Public repository troubleshooting notes ('home's Cloudflare Tunnel went down'; index file id 68664834018)",
    ["kill"], "global (CONSTRAINT_NONE; Out of memory: prefix)", constraints=["global"],
    kills=[kill(566655, "speaker", 1282696, 21148, None, uid=0)], chosen=[566655, "speaker"],
    trigger=trig("containerd-shim", None, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=1),
    summary_not=["limit"])
# Negative. Chinese task-board notes: journal lines with a Chinese month (`9月 18`), no host: systemd's `systemd-oomd
# killed some process(es) in this unit`, systemd-oomd's `Killed …/app-zcode-7806.scope` wrapped before `due to memory
# pressure … 82.63% > 50.00%`, its candidate list; and the writer's note that the kernel log has no `Killed process`.
add("742-zh-task-board-notes-journal-zh-month-systemd-oomd-kills-zcode-app-scope-wrapped-considered-cgroups-userspace-negative.log",
    "Public repository task-board notes (Chinese; index file id 71512043284)", [],
    "n/a (no kernel OOM report: systemd-oomd killed a user scope under memory pressure)")
# Nomad + Elastic demo notes: a java command line (with -XX:+HeapDumpOnOutOfMemoryError), nomad commands, then one
# syslog line: `Task in /nomad/<alloc> killed as a result of limit of /nomad/<alloc>` (exec driver, cgroup v1).
add("743-nomad-elastic-demo-notes-java-command-line-then-syslog-task-in-nomad-alloc-memcg-v1-line-only.log",
    "Public repository demo notes 'Use nomad to run the Elastic Stack' (index file id 24341611543)", ["incomplete"],
    "memcg (Task in … killed as a result of limit of …)", constraints=["memcg"],
    memcg="/nomad/ca87c1f2-b1a1-bcde-9ebc-efaa1d3c0d3c", task_memcg="/nomad/ca87c1f2-b1a1-bcde-9ebc-efaa1d3c0d3c",
    year_guessed=True, text_not=K8S)
# Chinese Java troubleshooting notes (pdai.tech's, its copyright lines inside the fence): `dmesg|grep -i kill` on an
# Alibaba 2.6.32 host: java's header (`oom_adj=0, oom_scoe_adj=0`: the writer's typo of oom_score_adj), one frame,
# `Task in /LXC011175068174 killed as a result of limit of /LXC011175068174` (an LXC container), the selection (score
# 854) and the RHEL 6 `Killed process N, UID 679, (java)` line: 6.8 GiB anon. Trailing spaces as posted.
add("744-pdai-java-tools-zh-dmesg-grep-kill-alios-2.6.32-lxc-container-task-in-header-oom-scoe-adj-typo-selection-score-854-uid-comma-kill.log",
    "Public repository Java notes (pdai.tech 'java-jvm-debug-tools-list'; index file id 19559042714)", ["kill"],
    "memcg (Task in … killed as a result of limit of …; Memory cgroup out of memory prefix)", constraints=["memcg"],
    kills=[kill(215701, "java", 11017300, 7152432, 1232, uid=679, selected_score=854)],
    memcg="/LXC011175068174", task_memcg="/LXC011175068174",
    trigger=trig("java", None, gfp="0xd0", order=0, oom_adj=0), text_not=K8S)
# ---- blind set 21a (721-732) ----
# 721+: blind set 21a (h-b21a), written by hand before oomlens ran on these files. Focus: the ordinary ML case (training
# jobs, model servers, Ray/DeepSpeed, DataLoader workers, Kubernetes pods) as pasted into issues and notes.
# vLLM 0.28 at start: nvcc's cicc processes (one per core) fill the RAM; the global summary (session-4.scope) and kill of
# cicc 16014 (2.0 GiB anon), then 9 s later VLLM::EngineCor's header and CPU line (pid 14902, 7.0.0-30-generic); the
# index's copy of the comment ends at `[ 2457.`: a second report cut after its CPU line, outcome unknown.
add("721-vllm-54237-ubuntu-7.0-dmesg-cicc-nvcc-global-kill-session-scope-then-vllm-enginecore-header-cpu-line-excerpt-cut.log",
    GH + "vllm-project/vllm/issues/54237", ["kill", "incomplete"], "global (CONSTRAINT_NONE, global_oom)",
    constraints=["global", None],
    kills=[kill(16014, "cicc", 3069420, 2111980, 2412, 0, 1000, 5204, 0)],
    task_memcg="/user.slice/user-1000.slice/session-4.scope", chosen=[16014, "cicc"],
    trigger=trig("VLLM::EngineCor", 14902, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    text_not=K8S)
# Handoff notes of a llama.cpp host (31 GB, six chat workers in 8 GiB containers): `journalctl -k | grep "Out of memory:
# Killed process"`, two global kills of llama-server (7.3 and 7.2 GiB anon) 86 minutes apart, syslog prefix without a
# year, each line ending after anon-rss as the writer pasted it. `Out of memory:` without `Memory cgroup` is the
# machine-wide killer: a container's limit did not fire, so the advice must not blame one.
add("722-llamacpp-host-notes-journalctl-k-grep-syslog-two-llama-server-global-kills-cut-after-anon-rss-prompt-cache.log",
    "Public repository handoff notes 'Pea host RAM OOM — unbounded llama.cpp host prompt cache' (index file id "
    "68425446065)", ["kill", "kill"], "global (`Out of memory:` kill lines, 5.x+ format)",
    constraints=["global", "global"],
    kills=[kill(1666430, "llama-server", 59088664, 7608992, None),
           kill(1668718, "llama-server", 58996476, 7514860, None)],
    year_guessed=True, text_not=K8S + ["cgroup's limit", "its container"])
# Russian notes on loading a GLM MoE GGUF with ik_llama.cpp on a 251 GiB host: the server's own `Allocating 173.37 GiB of
# pinned host memory` line, then two `kernel:` kill lines (no time, no host) of llama-server at 173.4 GiB anon each:
# the model's experts copied into anonymous, pinned memory. Global kills.
add("723-ik-llama-notes-ru-pinned-host-memory-173g-line-then-two-bare-kernel-kill-lines-llama-server-181g-anon-no-stamp.log",
    "Public repository notes 'PROBLEMS — GLM-5.3-Flash Q4 на 3×RTX 3090' (index file id 70136280090)",
    ["kill", "kill"], "global (`Out of memory:` kill lines, 5.x+ format)", constraints=["global", "global"],
    kills=[kill(1057302, "llama-server", 188078368, 181793288, None),
           kill(1058605, "llama-server", 202571620, 181829056, None)],
    text_not=K8S + ["cgroup's limit"])
# A systemd/Ollama lab: ollama.service with MemoryMax=400M (419430400 bytes), systemd's `A process of this unit has
# been killed by the OOM killer` / `Failed with result 'oom-kill'` lines, then `journalctl -k | grep` the memcg kill of
# llama-server 940 (372 MiB anon), its line cut by the writer with `…`. A memcg kill (the unit's limit, not the
# machine): the explanation must say cgroup and name the unit the journal names.
add("724-ollama-lab-systemd-memorymax-400m-console-curl-systemctl-show-journalctl-unit-oom-kill-lines-then-memcg-kill-llama-server-cut-ellipsis.log",
    "Public repository lab 'A loaded model costs its weights plus a cache for every token it may hold' (index file id "
    "69407699446)", ["kill"], "memcg (`Memory cgroup out of memory:` kill line)", constraints=["memcg"],
    kills=[kill(940, "llama-server", 1001312, 380628, None)],
    text_has=["ollama.service"], text_not=K8S + ["the machine ran out"],
    pending="systemd's `Failed with result 'oom-kill'` line of ollama.service comes before the kernel's kill here "
            "(`journalctl -u` then `journalctl -k` pasted in that order, no stamps): systemd_beside_kills() ties only "
            "a kill that ends before the line, so its warning says no kill in the text is tied to the unit, and no "
            "event names the unit; telling such unordered text from a journal needs the lines' stamps")
# Chinese robotics notes (robosuite on Ubuntu): a list item's text, then the dmesg summary (global, task_memcg an
# IntelliJ snap scope: the program ran from the IDE's terminal) and the kill line, indented differently by the editor:
# python3 36300, 10.1 GiB anon, global.
add("725-robosuite-notes-zh-list-item-indented-dmesg-global-oom-kill-intellij-snap-scope-python3-10g-anon.log",
    "Public repository notes (Chinese) on robosuite projects (index file id 5071884427)", ["kill"],
    "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(36300, "python3", 42993832, 10639968, 384, 0, 1000, 23252, 0)],
    task_memcg="/user.slice/user-1000.slice/user@1000.service/app.slice/snap.intellij-idea-community."
               "intellij-idea-community-5e3c6e34-4572-44b5-bd50-e3d1cd6c9a9d.scope",
    chosen=[36300, "python3"], text_not=K8S + ["cgroup's limit"])
NODE_POD = "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod94eb36cd_29e1_478b_b365_4cb5dfc7d6fb.slice"
# Kubernetes memory notes (a Node.js pod on EKS AL2023, cgroup v2): `dmesg -w | grep -iE "oom|killed|memory|cgroup"`
# keeps boot lines (32 GiB RAM), then Thread-2's header (adj 969), four frames through mem_cgroup_out_of_memory, the
# pod's `memory:` line at its 4 GiB limit, the stats and 6.x table headers (no rows), the memcg summary (oom_memcg the
# pod slice) and kill of node 22609 (3.9 GiB anon), `Tasks in … memory.oom.group set` and the same kill line again.
add("726-k8s-nodejs-memory-notes-dmesg-w-grep-boot-memory-lines-then-thread-2-header-frames-memcg-v2-pod-4g-limit-rss-anon-table-header-kill-node-memory-oom-group-printed-twice.log",
    "Public repository notes on a Node.js pod's memory under Kubernetes (index file id 36261959330)", ["kill"],
    "memcg (CONSTRAINT_MEMCG, cgroup v2, memory.oom.group)", constraints=["memcg"],
    kills=[kill(22609, "node", 9923620, 4116684, 23132, 0, 0, 10964, 969, printed_twice=True)],
    memcg=NODE_POD,
    task_memcg=NODE_POD + "/cri-containerd-46b3e0a4df44b752b841aecca454e6e78995d567912a84950390bae6f6777a63.scope",
    limit_kb=4194304, chosen=[22609, "node"],
    trigger=trig("Thread-2", None, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=969),
    text_has=["memory.oom.group"], not_checks=["swap_absent"])
PY_POD = "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod233b806c_04ce_433c_9e64_cf4c323e6c16.slice"
# Chinese kubelet notes: two raw /dev/kmsg records (`6,727,35945901675,-;`, `3,728,…`), the memcg summary broken by the
# writer after commas over five lines, blank lines, then the memcg kill of python 988370 (93 MiB anon, adj 995: a
# Burstable pod). One kill in the pod's cgroup.
add("727-k8s-kubelet-notes-zh-dev-kmsg-raw-records-memcg-summary-broken-at-commas-by-poster-blank-lines-memcg-kill-python-adj-995.log",
    "Public repository kubelet reading notes (Chinese) (index file id 7832328932)", ["kill"],
    "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(988370, "python", 9783776, 95724, 3268, 0, 0, 240, 995)],
    memcg=PY_POD,
    task_memcg=PY_POD + "/cri-containerd-f69706726f784bfb90a8a6378a41d684f1ed23508ef32ba586e477509f121867.scope",
    chosen=[988370, "python"])
# Negative. Ray's own memory monitor (raylet): `1 Workers (tasks / actors) killed due to memory pressure (OOM)` and the
# start of its advice, cut by the index. A user-space killer; no kernel OOM report.
add("728-ray-31967-raylet-memory-monitor-workers-killed-due-to-memory-pressure-oom-lines-userspace-no-kernel-report-negative.log",
    GH + "ray-project/ray/issues/31967", [],
    "n/a (no kernel OOM report: Ray's memory monitor killed a worker)")
# A GPU-lease module's docstring: the writer's condensed kernel lines, `oom-kill:constraint=CONSTRAINT_MEMCG ...
# task=pt_data_worker` and `Memory cgroup out of memory: Killed process (pt_data_worker) anon-rss:29603...`: a memcg
# kill of a DataLoader worker whose pid the writer left out and whose anon-rss they cut (29603... is no figure).
add("729-gpu-lease-module-docstring-tune-sweep-shards-condensed-memcg-summary-dots-task-pt-data-worker-kill-line-no-pid-anon-rss-cut-dots.log",
    "Public repository module docstring 'Global, cross-process GPU leases' (index file id 58921286460)", ["kill"],
    "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(None, "pt_data_worker", None, None, None)], text_not=K8S + ["29603 kB", "28.9 MiB"])
# stas00's ML engineering book, debug chapter: `dmesg -T | grep -i "killed process"`, one memcg kill of a Ray actor
# (ray::_DeepSpeed, 481 GiB anon, adj 1000: Ray raises its workers' oom_score_adj so the kernel takes them first).
add("730-ml-engineering-debug-guide-dmesgT-grep-killed-process-2026-memcg-kill-ray-deepspeed-actor-481g-anon-adj-1000.log",
    "Public repository book 'Machine Learning Engineering', debug tools chapter (index file id 57486382812)", ["kill"],
    "memcg (`Memory cgroup out of memory:` kill line)", constraints=["memcg"],
    kills=[kill(3128934, "ray::_DeepSpeed", 1079579336, 504849528, 106628, 12288, 1000, 1025272, 1000)],
    wall_prefix="2026-08-10T18:00:40", checks=["victim_oom_score_adj"], text_not=K8S)
# A fine-tuning README for a DGX Spark (unified memory, 128 GB): the NVIDIA driver's `NVRM: Check failed: Out of memory
# [NV_ERR_NO_MEMORY]` line, then a global kill of python whose pid the writer replaced with NNNN: 151 GiB virtual,
# 1000 kB anon. The NVRM line is the driver's failed allocation, no OOM report; the kill's pid is not printed.
add("731-finetune-readme-dgx-spark-unified-memory-nvrm-out-of-memory-line-then-global-kill-python-pid-nnnn-placeholder-158g-vm-1m-anon.log",
    "Public repository fine-tuning README, troubleshooting 'The machine swaps, or the OOM killer runs during "
    "evaluation' (index file id 58661128128)", ["kill"], "global (`Out of memory:` kill line, 5.x+ format)",
    constraints=["global"], kills=[kill(None, "python", 158493688, 1000, None)], text_not=K8S)
# Taiwanese OpenSearch ML notes (ONNX embedding models in a 2 GB Docker container): the journal's memcg kill of java
# 166663 wrapped by the writer over three indented lines, sizes ending in `...`, and an `oom_memcg=` path the writer
# elided (`docker-ce80057a....scope`): 2.0 GiB anon at the 2 GiB limit.
add("732-opensearch-ml-notes-zh-tw-journal-memcg-kill-java-wrapped-indented-sizes-dots-oom-memcg-docker-scope-elided-onnx-model-2g-limit.log",
    "Public repository notes on OpenSearch ml-commons embedding models (index file id 68834405019)", ["kill"],
    "memcg (`Memory cgroup out of memory:` kill line)", constraints=["memcg"],
    kills=[kill(166663, "java", 8530280, 2080956, 164352)], memcg_elided=True, year_guessed=True, text_not=K8S)
# ---- blind set 21c (745-756) ----
# Written by hand before oomlens ran on these files. Focus: distribution forums and Q&A notes, servers and databases
# (MySQL, PostgreSQL, MongoDB, ClickHouse, Elasticsearch), desktops, i686/riscv64, and the rarer causes
# (oom_kill_allocating_task, panic_on_oom, SysRq, shmem). Checked against tests/corpus, the shared corpus and the other
# set-21 worktrees. Host names replaced (host01).
# Japanese notes on the RSS field (CentOS 6.6, 2.6.32-431): the tail of one report, `Out of memory
# (oom_kill_allocating_task): Kill process 6608 (top) score 0 or sacrifice child` and its RHEL6 `, UID 500,` kill line
# (vm.oom_kill_allocating_task=1: the allocating task dies whatever its size), then the next report: ruby's header
# (`oom_adj=0, oom_score_adj=0`, the `Pid: 6607, comm: ruby` line), Mem-Info (Free swap 0 of 262136 kB, a full-width
# space after that figure), the 2.6.32 table (cpu/oom_adj columns) whose ruby rows the author marked with ` ★`; the
# paste ends with the rows, before the outcome.
add("745-ja-notes-centos6.6-2.6.32-syslog-oom-kill-allocating-task-kill-of-top-uid-comma-then-ruby-header-meminfo-rows-star-marks-full-width-space-cut-before-outcome.log",
    "Public repository notes (Japanese) '# OOM Killer の rss フィールド' (index file id 31463151390)",
    ["kill", "incomplete"], "global (Out of memory (oom_kill_allocating_task): prefix; stack through __alloc_pages_nodemask)",
    constraints=["global", "global"], kills=[kill(6608, "top", 15028, 308, 4, uid=500, selected_score=0)],
    trigger=trig("ruby", 6607, gfp="0x201da", order=0, oom_adj=0, oom_score_adj=0),
    table_rows=[[330, "udevd", -1000], [1207, "docker", 0], [6559, "bash", 0]],
    checks=["oom_kill_allocating_task", "swap_exhausted"], not_checks=["swap_absent"], year_guessed=True,
    text_not=["ruby \u2605"] + K8S)
# memeater's README (SLE15-SP4, 5.14.21): with vm.panic_on_oom=1 the kdump dmesg shows `Kernel panic - not syncing:
# Out of memory: system-wide panic_on_oom is enabled ` and the CPU line of memeater 2272; then, with panic_on_oom=0,
# the tool's own output (`reaped 10521 terminated by a signal 9 (Killed)`) and the syslog (RFC 3339 stamps, printk
# caller ids `[T10521]`, the author's `...` for the rest of each report): two global kills of the forks memeater-10521
# (1.6 GiB anon) and memeater-10522 (3.1 GiB anon), each with its header, summary and reaper line.
add("mangler-pending/746-memeater-readme-sle15-sp4-5.14-system-wide-panic-on-oom-cpu-line-then-shell-output-and-rfc3339-caller-id-dotted-two-global-kills-reapers.log",
    "Public repository README 'memeater' (MemEater 2.0; index file id 36082013742)", ["panic", "kill", "kill"],
    "global (system-wide panic_on_oom panics only an unconstrained OOM; CONSTRAINT_NONE, global_oom)",
    constraints=["global"] * 3, panic="Out of memory: system-wide panic_on_oom is enabled",
    kills=[kill(10521, "memeater-10521", 2099680, 1646812, 0, 0, 1000, 3268, 0, reaper=[0, 0, 0]),
           kill(10522, "memeater-10522", 4196840, 3266664, 0, 0, 1000, 6440, 0, reaper=[0, 0, 0])],
    task_memcg="/", wall_prefix="2024-01-07T17:53:49",
    trigger=trig("memeater-10521", 10521, gfp="0x1100dca(GFP_HIGHUSER_MOVABLE|__GFP_ZERO)", order=0, oom_score_adj=0),
    checks=["panic_on_oom"], text_not=K8S)
# Spanish OOM notes: `echo f > /proc/sysrq-trigger` gave only `sysrq: Manual OOM execution` and i915's `Purging GPU
# memory, 45341 pages freed` (the OOM notifier freed memory: no report, no kill); then the author's copy of a Stack
# Overflow example: Ubuntu 11.10 (3.0.0-12, i386) flasherav 2859 invokes the killer (oom_adj=0, oom_score_adj=0),
# Mem-Info with DMA/Normal/HighMem (Normal above its min, HighMem tiny), Free swap 0 of 524284 kB, three of the
# table's rows, the selection of flasherav 2603 (score 761) and its kill (705 MiB anon).
add("747-es-notes-sysrq-f-gpu-purge-no-kill-then-so-example-ubuntu-3.0-i386-highmem-flasherav-header-rows-elided-kill-swap-full.log",
    "Public repository notes (Spanish) on the OOM killer (index file id 5214840760)", ["kill"],
    "global (Out of memory: prefix; stack through __alloc_pages_nodemask)", constraints=["global"],
    kills=[kill(2603, "flasherav", 1498536, 721784, 4228, selected_score=761)],
    trigger=trig("flasherav", 2859, gfp="0x201da", order=0, oom_adj=0, oom_score_adj=0),
    table_rows=[[1084, "upstart-udev-br", 0], [1094, "udevd", -1000], [2939, "bash", 0]],
    checks=["swap_exhausted"], not_checks=["swap_absent", "lowmem_exhausted", "sysrq"], text_not=K8S)
# linuxserver's UniFi controller (Unraid, a 4.19-era kernel: `Tasks state` table, `Memory cgroup out of memory: Kill
# process … or sacrifice child`): the container's rows, mongod selected (score 616) and killed (1.2 GiB anon), its
# reaper; a blank line, then mongod's next header five hours later with its cpuset line cut by the index inside the
# container id.
add("mangler-pending/748-unifi-controller-45-unraid-4.19-syslog-rows-tail-memcg-mongod-selection-kill-reaper-then-next-header-cpuset-cut.log",
    GH + "linuxserver-archive/docker-unifi-controller/issues/45", ["kill", "incomplete"],
    "memcg (Memory cgroup out of memory prefix; the next header cannot tell)", constraints=["memcg", None],
    kills=[kill(2806, "mongod", 2161112, 1289684, 0, 0, adj=0, adj_source="task table row", selected_score=616,
                reaper=[0, 0, 0])],
    trigger=trig("mongod", None, gfp="0x6200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    table_rows=[[19027, "s6-svscan", 0], [19515, "java", 0], [2806, "mongod", 0]], year_guessed=True, text_not=K8S)
# Ubuntu Forums 2010 ('Ubuntu 10.04 RAM - buffers/cache problem.'): a 3 GiB i686 PAE netbook (2.6.32-25), no swap,
# a VirtualBox guest given 1.5 GiB: three reports in one second, no task tables (oom_dump_tasks off), each Mem-Info
# with shmem:387745 pages (1.5 GiB, half the RAM; 1.4 GiB of it in HighMem), HighMem free under its min, Normal free;
# the 2.6.32 outcome lines without sizes: run-mozilla.sh selected, its child firefox-bin killed; VirtualBox selected
# and killed; skype-wrapper selected, its child skype killed. A pulseaudio line before, a network line after.
add("749-ubuntu-forums-2010-lucid-2.6.32-i686-pae-syslog-no-tables-shmem-1.5g-no-swap-three-kills-firefox-bin-virtualbox-skype-no-sizes.log",
    "Ubuntu Forums, 'Ubuntu 10.04 RAM - buffers/cache problem.' (2010-10-05; archived copy, index file id "
    "56699449119)", ["kill"] * 3, "global (Out of memory: prefix)", constraints=["global"] * 3,
    kills=[kill(2683, "firefox-bin", None, None, None), kill(2722, "VirtualBox", None, None, None,
           selected_score=307383), kill(2704, "skype", None, None, None)],
    selected_only=[[2679, "run-mozilla.sh", 517772], [2703, "skype-wrapper", 227861]],
    trigger=trig("gnome-settings-", 1630, gfp="0x201da", order=0, oom_adj=0),
    checks=["shmem_dominant", "swap_absent"], not_checks=["swap_exhausted", "lowmem_exhausted"], year_guessed=True,
    text_not=K8S)
# Ubuntu Forums 2011 ('Ubuntu Sever 10.04 getting attacked??'): a 2 GiB Xen guest (2.6.32-34-server) under the
# "Apache killer" DoS: the tail of one report (swap 1.3 GiB, selection of apache2 4944, kill of its child 22575),
# mysqld's full report (Free swap 0, page tables 114 MiB, DMA32 just above min) with the same parent selected again
# (score 261929) and child 22576 killed, then apache2's next header, cut after Mem-Info's per-cpu lines.
add("mangler-pending/750-ubuntu-forums-2011-lucid-server-2.6.32-xen-syslog-meminfo-tail-apache2-child-kill-mysqld-header-apache2-child-kill-then-apache2-header-cut.log",
    "Ubuntu Forums, 'Ubuntu Sever 10.04 getting attacked?? Help please.' (2011-10-08; archived copy, index file id "
    "56804071092)", ["kill", "kill", "incomplete"], "global (Out of memory: prefix; stack through __alloc_pages)",
    constraints=["global"] * 3,
    kills=[kill(22575, "apache2", None, None, None), kill(22576, "apache2", None, None, None)],
    selected_only=[[4944, "apache2", 261991], [4944, "apache2", 261929]],
    trigger=trig("mysqld", 22665, gfp="0x201da", order=0, oom_adj=0),
    checks=["swap_exhausted"], not_checks=["swap_absent", "victim_killed_again"], year_guessed=True, text_not=K8S)
# Chinese notes ('MySQL 8.0 in Docker suddenly unreachable'): `dmesg | grep mysql` indented four spaces: mysqld's
# header (cpuset = the container's id: a cpuset, not a memcg), its CPU line (3.10.0-1127 el7), ten grep'ed rows of
# the 3.10 table (no header), the global selection (score 192) and `, UID 999,` kill of mysqld 28822 (354 MiB anon);
# after a blank line the author quoted the selection and kill again without stamps, then a sentence.
add("751-zh-notes-docker-mysql-centos7-3.10-indented-dmesg-grep-mysql-header-rows-selection-uid-comma-kill-then-both-quoted-again-unstamped.log",
    "Public repository notes (Chinese) '云上的MySQL 8.0（使用Docker搭建）突然无法连接。' (index file id 47434293345)",
    ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(28822, "mysqld", 1276580, 361980, 0, 0, 999, adj=0, adj_source="task table row", selected_score=192)],
    trigger=trig("mysqld", 1109, gfp="0x201da", order=0, oom_score_adj=0),
    table_rows=[[28822, "mysqld", 0], [30404, "mysql", 0], [860, "mysqld", 0]],
    checks=["largest_task_rows_shown"], not_checks=["victim_killed_again", "largest_tasks_by_comm"], text_not=K8S)
# A MAAS deployment's fix notes: the author's condensed kernel lines (syslog stamps, no host): `postgres invoked
# oom-killer` with its fields dropped, a condensed `oom-kill: task=wsman,pid=881345,uid=0`, the kill of wsman wrapped
# and indented before its two sizes (1.8 GiB anon; file-rss left out), systemd's restart line; then AppArmor lines.
add("mangler-pending/752-maas-fix-notes-condensed-syslog-no-host-postgres-header-no-fields-condensed-summary-wsman-kill-wrapped-two-sizes-then-apparmor-lines.log",
    "Public repository fix notes 'MaaS snap wsman AppArmor OOM crash' (index file id 53127278366)", ["kill"],
    "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(881345, "wsman", 1925076, 1867904, None)], chosen=[881345, "wsman"], trigger=trig("postgres"),
    year_guessed=True, text_not=K8S)
# Negative. A devicetree reply (2026, SpacemiT K3 PCIe nodes) quoting the tester's boot log: riscv64 7.2-rc1, the
# rtw89 Wi-Fi probe's order-2 GFP_KERNEL|GFP_DMA32 allocation fails (`page allocation failure`, warn_alloc, no DMA32
# zone on a board whose RAM is all above 4 GiB) with 15 GiB free; Mem-Info, `Memory cgroup min protection` and the
# driver's `probe … failed with error -12`. No OOM.
add("753-lore-devicetree-2026-spacemit-k3-riscv64-7.2-rc1-quoted-udev-worker-page-allocation-failure-order2-gfp-dma32-meminfo-rtw89-probe-failed-negative.log",
    LORE_ALL + "alRmA-X4xbQ9zPFn@inochi.infowork/", [],
    "n/a (no OOM report: a driver's DMA32 page allocation failure)")
# ClickHouse CI: the server's `Child process was terminated by signal 9 (KILL)` log line, Keeper's digest error, then
# dmesg -T (2024): the summary `constraint=CONSTRAINT_MEMORY_POLICY,nodemask=1` with global_oom and a Docker
# task_memcg, and the kill of clickhouse-serv 4472 (16.3 GiB anon) cut by the index inside `pgtables:1327`.
add("754-clickhouse-60948-server-log-signal-9-then-dmesgT-2024-mempolicy-nodemask-1-docker-global-oom-summary-kill-cut-in-pgtables.log",
    GH + "ClickHouse/ClickHouse/issues/60948", ["kill"], "mempolicy (CONSTRAINT_MEMORY_POLICY, nodemask=1)",
    constraints=["mempolicy"], kills=[kill(4472, "clickhouse-serv", 91496660, 17086316, 3668, 0, 0)],
    task_memcg="/docker/464fde599d9957af99104638fc200e5252b6f634086f52491a72159497f33095",
    wall_prefix="2024-03-06T16:37:10", summary_not=["machine ran out"], text_not=K8S)
# Negative. Chinese notes on memory tools: `echo m > /proc/sysrq-trigger` and the show_mem it prints (free_cma, a
# buddy list up to 8192 kB blocks, 64 kB huge pages, 98304 pages cma reserved). No OOM.
add("755-zh-memory-tools-notes-sysrq-m-show-mem-free-cma-buddy-to-8192k-cma-reserved-no-oom-negative.log",
    "Public repository notes (Chinese) on Linux memory tools (index file id 2446237114)", [],
    "n/a (no OOM report: SysRq-m show-memory)")
# Elasticsearch issue: a syslog paste with a blank line after every line, the index's excerpt holding task rows only
# (4.19+ pgtables_bytes rows): nginx, sshd, bash, the elasticsearch java (uid 109, 726 MiB RSS); the last row cut after
# its uid.
add("756-elasticsearch-22788-ubuntu-syslog-double-spaced-task-rows-only-java-uid-109-last-row-cut.log",
    GH + "elastic/elasticsearch/issues/22788", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None], table_rows=[[18569, "nginx", 0], [20237, "(sd-pam)", 0], [20712, "java", 0]])
# ---- blind set 21d (757-768) ----
# Written by hand before oomlens ran on these files. Focus: how logs arrive (indented syslog in a blog, a kubectl
# event and node-problem-detector relaying kernel lines, raw quoted-printable mail bodies, `<4>` kmsg levels, a
# journal short-monotonic excerpt, a CI boot log, `dmesg -x`, lines cut mid-number, a report pasted twice).
# A Chinese blog (2015; Ubuntu 14.04, 3.13 on a 512 MiB DigitalOcean VPS with 1 GiB swap), its syslog indented four
# spaces as a markdown code block: mysqld's header (thread 30714), 3.13 Mem-Info with per-cpu lines, DMA32 at its min
# watermark, Free swap 0 of 1023996 kB, a table of ~250 apache2/php-cgi rows, then the selection of mysqld 30705
# (score 43); the paste ends there (no `Killed process` line). No year in the syslog stamps.
add("757-zlbruce-cn-blog-ubuntu-3.13-do-vps-indented-syslog-mysqld-header-meminfo-swap-full-apache-php-cgi-table-selection-only-cut-before-kill.log",
    GH + "zlbruce/zlbruce.github.io (blog post _posts/2015-07-01-change-wordpress.md, 是时候换Blog程序了)",
    ["selected_no_kill"], "global (Out of memory: prefix; stack: out_of_memory from __alloc_pages_nodemask)",
    constraints=["global"], selected_only=[[30705, "mysqld", 43]],
    trigger=trig("mysqld", 30714, gfp="0x201da", order=0, oom_score_adj=0),
    table_rows=[[30705, "mysqld", 0], [352, "systemd-udevd", -1000], [909, "sshd", -1000], [2653, "rsyslogd", 0]],
    year_guessed=True, checks=["swap_exhausted"], not_checks=["swap_absent"], text_not=K8S)
AKS_POD = ("/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-poda5d8fdd1_1369_469e_8a7d_2c1047529435.slice/"
           "cri-containerd-9192cb33411ff69d015a3577db136757f5b145064a1703efea3d0e12e8a64987.scope")
# Someone's Linux notes (AKS node, Ubuntu 5.15.0-1087-azure, cgroup v2): first `kubectl describe no`'s event, where
# node-problem-detector's kernel-monitor relays the last kill line (`Warning OOMKilling … Memory cgroup out of
# memory: Killed process 7788 (bash) …`); then /var/log/syslog: bash 7788's header (adj 1000, memcg stack), memory
# usage = limit 7464436 kB at /kubepods.slice, v2 stats, the table, the summary (oom_memcg /kubepods.slice, task
# bash 7788 in a BestEffort pod's container scope), the kill of 7788, `Tasks in <scope> are going to be killed due to
# memory.oom.group set`, the group's kills of 7620, 7656, 7657 (nginx), 7712 (bash) and 7788 once more (file-rss 44
# kB now); then systemd/containerd lines and six node-problem-detector lines that quote each kill line again inside
# a Go struct (`Message:Memory cgroup out of memory: Killed process …`). One OOM, five processes killed; the relayed
# copies are no kills.
add("mangler-pending/758-devnotes-aks-ubuntu-5.15-azure-kubectl-event-then-syslog-memcg-kubepods-oom-group-kills-victim-killed-twice-then-node-problem-detector-relayed-copies.log",
    "Public repository notes, section 'memory.error.OOMKilled.k8s' (index file id 37370319590)", ["kill"],
    "memcg (CONSTRAINT_MEMCG, cgroup v2, memory.oom.group)", constraints=["memcg"],
    kills=[kill(7788, "bash", 7169492, 7165824, 956, 0, 0, 14076, 1000, printed_twice=True),
           kill(7620, "nginx", 11464, 1156, 3900, 0, 0, 60, 1000),
           kill(7656, "nginx", 11928, 1572, 616, 0, 101, 60, 1000),
           kill(7657, "nginx", 11928, 1572, 616, 0, 101, 60, 1000),
           kill(7712, "bash", 4192, 520, 44, 0, 0, 48, 1000)],
    memcg="/kubepods.slice", task_memcg=AKS_POD, limit_kb=7464436, chosen=[7788, "bash"],
    trigger=trig("bash", 7788, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=1000),
    table_rows=[[7788, "bash", 1000], [7557, "pause", -998], [5708, "kube-proxy", -999], [7336, "fluent-bit", 996]],
    text_has=["memory.oom.group"], not_checks=["victim_killed_again", "kill_line_repeated"])
# linux-cifs 2025 (a Kistler engineer, TI AM62x arm64, 6.6.32-rt, 2 GiB, no swap, writing small files to a CIFS
# share): Outlook sent the body quoted-printable with CRLF line ends encoded as `=0A=` and soft breaks `=` every 76
# columns, and the archive keeps it raw: each kernel line ends in `=0A=`, long ones are split mid-word (`GF=` /
# `P_KERNEL_ACCOUNT`), `=3D` for `=`. test_samba_blfl 14450 forks (copy_process, order 2, GFP_KERNEL_ACCOUNT);
# the DMA zone has 197 MiB free (min 22 MiB) but every free block of order 2 and up is CMA (`(C)`), which this
# unmovable allocation may not use: fragmentation, not exhaustion; 1.2 GiB of page cache. The summary (global)
# and the kill of sh 7991 (1 MiB).
add("mangler-pending/759-lore-linux-cifs-2025-am62x-arm64-6.6-rt-raw-quoted-printable-crlf-body-fork-order2-kernel-account-global-kill-sh-cma-only-high-orders.log",
    LORE + "linux-cifs/DB6P190MB0455F18F9C0EBE2AB7CD55FFE8FB2@DB6P190MB0455.EURP190.PROD.OUTLOOK.COM/", ["kill"],
    "global (CONSTRAINT_NONE)", constraints=["global"],
    kills=[kill(7991, "sh", 4180, 384, 640, 0, 0, 48, 0)], chosen=[7991, "sh"],
    trigger=trig("test_samba_blfl", 14450, gfp="0x400dc0(GFP_KERNEL_ACCOUNT|__GFP_ZERO)", order=2, oom_score_adj=0),
    table_rows=[[7991, "sh", 0], [14450, "test_samba_blfl", 0], [318, "dbus-daemon", 0]],
    checks=["high_order_allocation", "trigger_not_victim"], not_checks=["swap_exhausted"],
    summary_not=["the machine ran out"], text_not=K8S)
# linux-mm 2011 (Minchan Kim's reply to a Motorola engineer, quoted `> `, quoted-printable: `=3D`, `=C2=A0` for
# the non-breaking spaces of the poster's mail client, soft breaks): Android on ARM, 2.6.35, kernel lines as read from
# /proc/kmsg with their `<4>` level. getevent's header (gfp 0xd0, order 3, oom_adj 0; no CPU line, so no pid), the
# ARM `from` stack wrapped by the mail (__kmalloc from evdev_open: a 32 KiB kmalloc), Mem-Info, the Normal zone (63
# MiB free, min 2.8 MiB) wrapped over six lines with the reply's sentence between them, the buddy list (nothing above
# 8 KiB free but one 16 KiB block), no swap, the 2.6.35 `pages of RAM` tail. No outcome in the quote.
add("760-linux-mm-2011-android-arm-2.6.35-reply-quoted-printable-kmsg-level-prefix-getevent-order3-evdev-kmalloc-header-only-nbsp-c2a0-reply-prose-between.log",
    "linux-mm, 2011-04-20, Minchan Kim, 'Re: [HELP] OOM:Page allocation fragment issue', Message-ID "
    "<BANLkTik_wKoJ43XBPWd4tb9hMds-_7aVCg@mail.gmail.com> (index file id 10203962581)", ["incomplete"],
    "global (stack: out_of_memory from __alloc_pages_nodemask)", constraints=["global"],
    trigger=trig("getevent", None, gfp="0xd0", order=3, oom_adj=0),
    checks=["high_order_allocation"], not_checks=["swap_exhausted"], summary_not=["the machine ran out"],
    text_not=K8S)
# linux-mm 2018 (Laura Abbott's reply, quoting her question at depth 2): three journal lines in short-monotonic form
# (`[ 2201.781891] host kernel: Free swap  = -245804kB`, Total swap = 0kB, 458615 pages RAM), then "Full oom output",
# indented two spaces and wrapped at 80 columns by the mail: Fedora 28 installer (4.16-rc4), anaconda 4928's header
# (wrapped before nodemask=), a stack of `?` frames through SyS_swapoff / try_to_unuse, Mem-Info, `Free swap  =
# -245804kB` and Total swap 0 kB: swapoff was running (it subtracts the total first), so swap was not absent. Hugh
# Dickins's answer follows. One report (its show_mem tail quoted twice), no outcome.
add("761-linux-mm-2018-fedora-4.16-rc4-journal-short-monotonic-lines-then-quoted-wrapped-anaconda-swapoff-header-negative-free-swap-no-outcome.log",
    LORE + "linux-mm/b0d8b880-b4f2-47b9-d32e-2b5100978831@redhat.com/ (index file id 28317078830)", ["incomplete"],
    "global (stack: out_of_memory from __alloc_pages_slowpath, unreliable frames)", constraints=["global"],
    trigger=trig("anaconda", 4928, gfp="0x14200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    not_checks=["swap_absent", "swap_exhausted"], text_has=["swapoff"], text_not=K8S)
# linux-next 2024 (Mark Brown forwarding a KernelCI bisection, quoted-printable): a qemu arm64 64K-page UEFI boot log
# with kmsg levels: `<6>` DMI line, swapper/0's header (PID 1, gfp 0x2cc2 GFP_KERNEL|__GFP_HIGHMEM|__GFP_NOWARN,
# order 0) at 0.19 s, the CPU and hardware lines (QP soft breaks inside), the poster's `=2E..` (an encoded `...`)
# eliding the stack's top, then vmalloc from bpf_prog_pack_alloc at boot (sock_init). No out_of_memory frame, no
# Mem-Info, no outcome.
add("762-linux-next-2024-kernelci-qemu-arm64-64k-uefi-boot-ci-log-quoted-printable-kmsg-level-prefix-swapper-0-vmalloc-bpf-jit-header-elided-2e-stack-tail-no-outcome.log",
    LORE + "linux-next/7e216c88-77ee-47b8-becc-a0f780868d3c@sirena.org.uk/", ["incomplete"],
    "not determinable (the stack above vmalloc is elided)", constraints=[None],
    trigger=trig("swapper/0", 1, gfp="0x2cc2(GFP_KERNEL|__GFP_HIGHMEM|__GFP_NOWARN)", order=0, oom_score_adj=0),
    text_not=K8S)
# bpf/mm 2025 (Roman Gushchin's reply on the BPF OOM policy RFC, quoted at depth 2, quoted-printable): the example
# report prints a second header line `oom_policy=bpf_test_policy` (the RFC's addition), indented; test_progs 660's
# header (gfp 0xcc0 split by a soft break), CPU line with UID, a stack through bpf_oom_kill_process and
# bpf_handle_oom from out_of_memory, mem_cgroup_out_of_memory, try_charge_memcg; cut at RIP. No outcome.
add("763-lore-bpf-mm-2025-bpf-oom-policy-rfc-reply-quoted-printable-depth-2-test-progs-header-oom-policy-continuation-line-memcg-stack-via-bpf-handler-no-outcome.log",
    "bpf/linux-mm 2025, Roman Gushchin's reply on 'mm: introduce bpf_oom_kill_process' RFC (index file id "
    "8004641261)", ["incomplete"], "memcg (stack through mem_cgroup_out_of_memory)", constraints=["memcg"],
    trigger=trig("test_progs", 660, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0), text_not=K8S)
# linux-mm 2023 (a swapcache-accounting thread; Gmail wrapped the pasted dmesg at ~72 columns and encoded it
# quoted-printable): alloc_anon's header without a stamp, wrapped before oom_score_adj; 6.5 memcg OOM of /a (10 MiB
# limit, 6 MiB swap used), the v2 stats, the table header and the one row wrapped, the summary cut at `pid=3D10`
# (the kernel printed pid=116849: the line was cut, so the summary's pid is unknown) and the kill line wrapped twice
# and cut after `shmem-rss:0kB,0` (no UID, pgtables or adj on it; its task-table row prints adj 0, as the
# project reads it: corrected after the first run, the oracle had left the adj unknown).
add("mangler-pending/764-linux-mm-2023-swapcache-memcg-v2-repro-gmail-wrapped-quoted-printable-alloc-anon-header-unstamped-v2-stats-wrapped-rows-summary-pid-cut-kill-line-cut-after-shmem-rss.log",
    "linux-mm 2023 reply on swapcache memcg accounting, with repro.sh and alloc_anon.c attached (index file id "
    "38606606550)", ["kill"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(116849, "alloc_anon", 12236, 6888, 0, 0, adj=0, adj_source="task table row")], memcg="/a",
    task_memcg="/a", limit_kb=10240,
    trigger=trig("alloc_anon", 116849, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0),
    table_rows=[[116849, "alloc_anon", 0]],
    not_checks=["memcg_swap_disallowed", "memcg_swap_exhausted", "oom_kill_allocating_task"],
    text_not=["pid 10)", "pid 10 "] + K8S)
# linux-xfs 2016 (a reporter's 4.7 hung-task and OOM log, quoted-printable: soft breaks split rows and figures mid-
# number (`3=` / `42`), trailing spaces encoded `=20` before hard breaks, `=2D` for a `-` at a line start): bash 2238
# forks (order 2, GFP_KERNEL_ACCOUNT), 8 GiB with 20 GiB swap almost all free, 3.7 GiB reclaimable slab (xfs cp
# load); every zone above min, no free block above 8 KiB in DMA32; table (nr_ptes nr_pmds) of ten cp rows, the
# selection of cp 2190 (score 7) wrapped before `hild`, its kill and reaper.
add("mangler-pending/765-linux-xfs-2016-4.7-quoted-printable-trailing-space-soft-breaks-rows-wrapped-mid-number-bash-order2-fork-slab-reclaimable-3.8g-swap-free-selection-wrapped-cp-kill-reaper-2d.log",
    "linux-xfs 2016, a 4.7 hung-task and OOM report under cp load (index file id 3561020775)", ["kill"],
    "global (Out of memory: prefix; stack: out_of_memory from __alloc_pages_nodemask)", constraints=["global"],
    kills=[kill(2190, "cp", 373284, 233932, 464, 0, selected_score=7, reaper=[0, 0, 0], adj=0,
                adj_source="task table row")],
    trigger=trig("bash", 2238, gfp="0x27000c0(GFP_KERNEL_ACCOUNT|__GFP_NOTRACK)", order=2, oom_score_adj=0),
    table_rows=[[2190, "cp", 0], [429, "udevd", -1000], [2238, "bash", 0], [2234, "sshd", 0]],
    checks=["high_order_allocation"], not_checks=["swap_exhausted", "swap_absent"],
    summary_not=["the machine ran out"], text_not=K8S)
# LKML 2021 (Mike Galbraith on LTP memcg_regression test_4, quoted-printable): two header lines from two kernels, the
# first cut at its `[` (`  319.265016] swapoff invoked oom-killer: …`), prose between; then `crash>` output: ps
# lines and `bt` of the throttled swapoff 4138 (reclaim_throttle under try_charge_memcg), which is no OOM stack.
# Two header-only excerpts; the constraint is not printed.
add("766-lkml-2021-memcg-regression-ltp-swapoff-two-header-lines-two-kernels-first-bracket-cut-quoted-printable-then-crash-ps-and-bt-of-throttled-swapoff-no-outcome.log",
    "LKML 2021-11, Mike Galbraith, reply in the reclaim_throttle thread (index file id 47011012967)",
    ["incomplete", "incomplete"], "not determinable (header lines only)", constraints=[None, None],
    trigger=trig("swapoff", None, gfp="0x1100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    checks=["swapoff_trigger"], text_not=K8S)
# Negative. cgroups list 2022 (Chris Murphy): Fedora 6.0-rc1, systemd-oomd killing GNOME's shell for a pressure of
# 27925460729.27 %, and a `>>`-quoted journal line of systemd-oomd's absurd PSI averages. A userspace killer; no
# kernel OOM report.
add("767-lore-cgroups-2022-fedora-6.0-rc1-systemd-oomd-killed-gnome-shell-pressure-27925460729-percent-quoted-journal-line-userspace-negative.log",
    LORE + "cgroups/d0df567c-1f6a-418d-8db7-3f777bd109c8@www.fastmail.com/", [],
    "n/a (no kernel OOM report: systemd-oomd killed a unit for memory pressure)")
# Negative. LTP list 2024 (a reply quoting the kernel test robot's `dmesg -x` lines, `kern  :err   : [ … ]`): the
# end of a WARNING trace, a KASAN double-free in __do_sys_swapon (free_large_kmalloc), the page dump, the shadow
# bytes, and mkswap01's TINFO line. Memory words, swap, a call trace: no OOM.
add("768-ltp-2024-lkp-mkswap01-dmesg-x-decoded-facility-level-quoted-kasan-double-free-in-swapon-zeromap-warning-trace-no-oom-negative.log",
    "LTP mailing list 2024-07, Usama Arif's reply to the kernel test robot's mkswap01 report (index file id "
    "47889309285)", [], "n/a (no OOM report: a KASAN double-free in swapon, `dmesg -x` lines)")
# ---- blind set 22d (805-816) ----
# Focus: how logs arrive (journal/syslog shapes, mail archives, fixtures, docs). Written by hand from the text and the
# kernel's formats before any run.
# grafana/loki#9544: the poster quoted one syslog selection line in double quotes, without its date, cut after
# `score 151 or ` (the kill line is not in the post). loki-linux-amd6 is the 15-byte comm of loki-linux-amd64.
add("805-loki-9544-quoted-syslog-selection-line-cut-after-score-or-loki-linux-amd6-no-date.log",
    GH + "grafana/loki/issues/9544", ["selected_no_kill"], "global (Out of memory: prefix)",
    selected_only=[[16231, "loki-linux-amd6", 151]], text_not=K8S)
# os-autoinst#2672: shell comments and commands (adduser, su, `journalctl -b 0 --grep "Out of memory" --no-pager`),
# then `# Sample output` and one journal kill line of qemu-system-x86 (UID 995, the openQA worker) with no year.
add("806-os-autoinst-2672-journalctl-b-0-grep-out-of-memory-sample-output-qemu-system-x86-uid-995-shell-comments.log",
    GH + "os-autoinst/os-autoinst/issues/2672", ["kill"], "global (Out of memory: prefix)",
    [kill(3658, "qemu-system-x86", 4050312, 3123324, 4080, 0, 995, 6644, 0)], year_guessed=True, text_not=K8S)
# linux-fsdevel 2023 (a reply on the vfs sysv pull, raw quoted-printable as archived, `> `-quoted): an x86_32 6.3-rc1
# QEMU guest running xfstests; the kill of xdg-desktop-por 1669 (UID 1000, adj 200) wrapped by the mail client after
# `total-`, `vm:` and `pgtables:` with some rests unquoted and a `=20` soft break; then the next OOM's header:
# systemd 1413 (adj 100, GFP_KERNEL) with CPU and hardware lines wrapped, the stack cut at out_of_memory. Two events:
# a kill without its report, and a header whose constraint the text does not show.
add("807-lore-fsdevel-2023-quoted-printable-raw-x86-32-6.3-rc1-kill-line-soft-broken-then-systemd-memcg-header-stack-cut.log",
    LORE + "linux-fsdevel/1812408.QZUTf85G27@suse/ (index file id 1237763179)", ["kill", "incomplete"],
    "global for the kill (Out of memory: prefix); the second header's is not shown", constraints=["global", None],
    kills=[kill(1669, "xdg-desktop-por", 105068, 9792, 10972, 0, 1000, 136, 200)],
    trigger=trig("systemd", 1413, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=100), text_not=K8S)
# LKML 2019 (Edward Chron in the "Add oom_score_adj value to oom Killed process message" thread, quoted at depth 2,
# Gmail-wrapped): the old syslog format, `Out of memory: Kill` / `process 19961 (python) score 17 or sacrifice
# child` and the kill of its child sh 31357 (252 kB anon) wrapped after the pid; then 5.3-rc5's summary (global,
# task oomprocs 3035 uid 10383) on its own line after a bare `kernel:`, the kill wrapped twice and the reaper wrapped.
add("mangler-pending/808-lkml-2019-oom-score-adj-patch-reply-quoted-twice-gmail-wrapped-3.x-selection-python-child-sh-killed-then-5.3-rc5-summary-kill-reaper.log",
    LORE + "lkml/CAM3twVQuMU+T+GveqyMuyedcOC+NGrb7QNJCsHXRk3eVCfNG0w@mail.gmail.com/ (index file id 6130048991)",
    ["kill", "kill"], "global (Out of memory: prefix; the second CONSTRAINT_NONE, global_oom)",
    constraints=["global", "global"],
    kills=[kill(31357, "sh", 5400, 252, 4, 0), kill(3035, "oomprocs", 1056800, 8, 4, 0, reaper=[0, 0, 0])],
    selected_only=[[19961, "python", 17]], task_memcg="/user.slice/user-10383.slice/user@10383.service",
    # sacrificed_child_share_unknown, not _held_little (corrected after the run: the text prints no RAM, so the
    # child's share of it is unknown; the oracle had misread which of the two checks says that).
    year_guessed=True, checks=["sacrificed_child_share_unknown", "victim_held_little"], text_not=K8S)
# linux-hyperv 2021 (Nathan Chancellor's follow-up, a `journalctl.log` attachment): a foreign TCP line, then a global
# OOM in a Hyper-V guest (3.5 GiB, no swap) building LLVM: llvm-tblgen 4749's page-cache fault via xfs, Mem-Info,
# ninety-odd 4.19+ rows (nine llvm-tblgen, six clang++), the summary and the kill of baloo_file 662 (256 GiB virtual,
# 279 MiB anon), its reaper, then hv_balloon lines seven minutes later.
add("809-lore-linux-hyperv-2021-journalctl-attachment-5.13-rc5-next-global-llvm-tblgen-xfs-fault-baloo-file-256g-vm-killed-hv-balloon-unhandled-after.log",
    LORE + "linux-hyperv/YMQtL/+IbFHbktfu@Ryzen-9-3900X/ (index file id 1958356126)", ["kill"], "global (global_oom)",
    constraints=["global"],
    kills=[kill(662, "baloo_file", 269025988, 285340, 0, 0, 1000, 5264, 0, reaper=[0, 4, 0])],
    task_memcg="/user.slice/user-1000.slice/session-2.scope",
    trigger=trig("llvm-tblgen", 4749, gfp="0x1100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    table_rows=[[662, "baloo_file", 0], [4749, "llvm-tblgen", 0], [287, "systemd-udevd", -1000],
                [268, "systemd-journal", -250], [362, "dbus-daemon", -900]],
    year_guessed=True, checks=["swap_absent"], not_checks=["swap_exhausted"], text_not=K8S)
# Ask Ubuntu answer (an `oomlog` script's output, a condensed journalctl): a `logger --tag=kernel` line
# (`kernel[19202]: Start for oom-killer`, user space), show_mem's tail (8 GiB swap, none free), one 4.x row (bash,
# 4.1 GiB in swap), the selection (score 701) and kill of bash 4358 (6.8 GiB anon), its reaper.
add("810-askubuntu-1188025-oomlog-condensed-journalctl-logger-tag-kernel-line-swap-exhausted-8g-bash-string-growth-nr-pmds-row-selection-kill-reaper.log",
    "https://askubuntu.com/a/1188025 (Ask Ubuntu answer, index file id 20084000134)", ["kill"],
    "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(4358, "bash", 11413548, 7093784, 0, 0, adj=0, adj_source="task table row", selected_score=701,
                reaper=[0, 0, 0])],
    table_rows=[[4358, "bash", 0]], year_guessed=True, checks=["swap_exhausted"], not_checks=["swap_absent"],
    text_not=K8S)
# DC/OS 1.11 debugging guide: `journalctl -f _TRANSPORT=kernel` with a blank line after every record: four 4.x rows
# of a Mesos container (mesos-container, mesos-executor, sh, oomApp), the memcg selection of oomApp (score 877), its
# kill and reaper. No header, no limit line.
add("811-dcos-docs-debugging-journalctl-f-transport-kernel-blank-line-between-records-mesos-memcg-nr-pmds-rows-selection-oomapp-score-877-kill-reaper.log",
    "DC/OS 1.11 documentation, 'Debugging' guide, Scenario 2: Out of Memory (index file id 46515641627)", ["kill"],
    "memcg (Memory cgroup out of memory prefix)", constraints=["memcg"],
    kills=[kill(16883, "oomApp", 4575664, 57784, 1240, 0, adj=0, adj_source="task table row", selected_score=877,
                reaper=[0, 0, 0])],
    table_rows=[[16883, "oomApp", 0], [16846, "mesos-container", 0], [16866, "mesos-executor", 0], [16879, "sh", 0]],
    year_guessed=True, not_checks=["swap_absent", "swap_exhausted"], text_not=K8S)
# A test module's fixture, `Copied verbatim off server1's kern.log`: rsyslog RFC 3339 stamps with microseconds and
# +00:00; MainThread's header (adj 934, no CPU line), the summary (memcg, a burstable pod, container scope), the kill
# of MainThread 268654, of tini 235173 and of 268654 again (the fixture's comment: the kernel's own; a group kill
# prints the victim once more).
KPOD = "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod2c7713fd_2aed_4fa2_a60f_f006ab94b3df.slice"
add("mangler-pending/812-oom-history-test-fixture-kern-log-rsyslog-rfc3339-microseconds-utc-memcg-cri-containerd-mainthread-adj-934-tini-group-kill-victim-line-twice.log",
    "Public repository test module for an OOM-history tool (index file id 66061397588)", ["kill"],
    "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(268654, "MainThread", 2011236, 567484, 20608, 0, 10001, 16572, 934, printed_twice=True),
           kill(235173, "tini", 2568, 0, 1024, 0, 10001, 48, 934)],
    memcg=KPOD, task_memcg=KPOD + "/cri-containerd-cabbede.scope",
    trigger=trig("MainThread", None, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=934),
    wall_prefix="2026-09-02T09:08:50", not_checks=["swap_absent", "swap_exhausted"],
    # Tightened after the first run (which read tini as a kill of its own and the victim's repeat as a quote): the
    # repeat after another task's kill is the group kill's, and the explanation must say so.
    text_has=["memory.oom.group"])
# stackoverflow-go README: `journalctl -k | grep stackoverflow` on Fedora 36 (5.18): the header of a thread (72423)
# of the Go test binary, its CPU line, the process's one row (tgid 72184, 254 MiB in swap), the summary (memcg, a
# docker scope) and the kill of 72184. The allocating thread belongs to the victim.
DSCOPE = "/system.slice/docker-b1d583ef4ec7a04cda0c0e9a6804d0934bf00d88b84141570cf8251e808f1905.scope"
add("813-stackoverflow-go-readme-fedora36-5.18-journalctl-k-grep-comm-docker-scope-memcg-header-thread-pid-row-swapents-summary-kill.log",
    "stackoverflow-go README (index file id 24823773022)", ["kill"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(72184, "stackoverflow-g", 2676892, 259204, 3000, 0, 0, 1556, 0)], memcg=DSCOPE, task_memcg=DSCOPE,
    trigger=trig("stackoverflow-g", 72423, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0),
    table_rows=[[72184, "stackoverflow-g", 0]], year_guessed=True,
    # container_init_killed tightened after the first run, which said the victim was "the only process in the task
    # table": the grep kept its row and dropped the table's header and any other row.
    not_checks=["trigger_not_victim", "container_init_killed"], text_not=K8S)
# Negative. earlyoom#203: `journalctl -eu earlyoom.service` in a Russian locale (`апр 04`): systemd's unit lines and
# earlyoom's start-up lines (regexes of names to prefer or avoid killing, thresholds, a dry run). No kernel report.
add("814-earlyoom-203-ru-locale-journalctl-eu-earlyoom-apr-month-userspace-daemon-start-lines-no-kernel-report-negative.log",
    GH + "rfjakob/earlyoom/issues/203", [], "n/a (no kernel OOM report: earlyoom's start-up lines)")
# Negative. systemd#43106: systemd-oomd's OOMRules lines (a rule met, taking action kill-by-swap, the candidates
# considered); by the report nothing was killed. No kernel report.
add("815-systemd-43106-tumbleweed-7.1-oomrules-systemd-oomd-rule-met-kill-by-swap-considered-cgroups-top-candidate-no-kernel-report-negative.log",
    GH + "systemd/systemd/issues/43106", [], "n/a (no kernel OOM report: systemd-oomd's rule lines)")
# Negative. linux-hyperv 2021 (Nathan Chancellor's first mail, quoted in his follow-up): `vmemmap alloc failure:
# order:9` from hv_balloon's hot_add_req (warn_alloc), its stack and show_mem. An allocation failure, no OOM.
add("816-lore-linux-hyperv-2021-quoted-dmesg-vmemmap-alloc-failure-order-9-hot-add-req-hv-balloon-warn-alloc-mem-info-no-oom-negative.log",
    LORE + "linux-hyperv/YMQtL/+IbFHbktfu@Ryzen-9-3900X/ (index file id 1958356126)", [],
    "n/a (no OOM report: a vmemmap allocation failure)")
# ---- blind set 22c (793-804) ----
# Written by hand before oomlens ran on these files. Focus: the newest formats (6.7-6.18: rss_anon tables, v2 stats
# with zswap and swpin_zero, `Tainted: [C]=CRAP`, kernel_misc_reclaimable), arm64/ppc64le, and rare causes (NUMA
# memory policy and cpuset constraints, system-wide panic_on_oom, GFP_NOFS|__GFP_NOFAIL kmem charges, order-7
# GFP_NOIO|GFP_DMA32 failures).
# Rocky 8 (4.18) on a four-node QEMU guest: `oom` 2074 faults with a strict policy to node 3 (nodemask=3): node 3's
# Normal zone at its min watermark, swap full (12 kB of 4 GiB free); the kill is of the trigger itself.
add("793-zh-notes-rocky8-4.18-syslog-numa-mempolicy-nodemask-3-node-3-only-oom-kill-memory-policy-kill-swap-full.log",
    "Public repository notes (Chinese), '读懂OOM信息' (index file id 30809003318)", ["kill"],
    "mempolicy (CONSTRAINT_MEMORY_POLICY, nodemask=3)", constraints=["mempolicy"],
    kills=[kill(2074, "oom", 6295848, 1872532, 1048, 0, 0, 11692, 0)],
    task_memcg="/user.slice/user-0.slice/session-1.scope",
    trigger=trig("oom", 2074, gfp="0x6280ca(GFP_HIGHUSER_MOVABLE|__GFP_ZERO)", order=0, oom_score_adj=0),
    table_rows=[[2074, "oom", 0], [809, "systemd-udevd", -1000], [1876, "tmux: client", 0], [1754, "(sd-pam)", 0]],
    year_guessed=True, checks=["swap_exhausted"], not_checks=["trigger_not_victim", "swap_absent"],
    summary_not=["the machine ran out"], text_has=["policy"],
    text_not=["more swap elsewhere"] + K8S)  # tightened after the first run: that advice said swap would not help
# Huawei Cloud EulerOS docs: two memcg kills (80 MiB limit) behind a `level|kernel[-]|` prefix, each header without a
# CPU line (no trigger pid); then two condensed global excerpts whose headers the writer shortened to `main invoked
# oom:` (no kernel prints that): a CONSTRAINT_NONE kill of main 1822 and a CONSTRAINT_MEMORY_POLICY summary naming
# pid 1733 (at 933 s) before the kill of pid 1734 (at 465 s): two runs joined, so which report the last summary is of
# is not shown; only the first three events' constraints are asserted.
add("mangler-pending/794-hce-doc-zh-three-excerpts-level-pipe-kernel-prefix-memcg-memhog-main-and-condensed-global-and-mempolicy-oom-kill-pid-mismatch.log",
    "Public repository docs (Chinese), Huawei Cloud EulerOS, '13 OOM 相关参数配置与原因排查' (index file id 62096715738)",
    None, "memcg (first two excerpts: Memory cgroup out of memory)", constraints=["memcg", "memcg", "global"],
    kills=[kill(2021820, "memhog", 105048, 81884, 1544, 0, 0, 208, 0),
           kill(3238866, "main", 46792, 44148, 1264, 0, 0, 124, 0),
           kill(1822, "main", 742748, 397884, 4, 0, 0, 1492, 1000),
           kill(1734, "main", 239028, 236300, 200, 0, 0, 504, 1000)],
    limit_kb=81920, task_memcg="/system.slice/sshd.service", chosen=[1733, "main"],
    trigger=trig("memhog", None, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0),
    text_not=["prints no limit"] + K8S)  # tightened after the first run: the `info|kernel[-]|` memory: line was unread
# An OpenStack host with four NUMA nodes (EPYC, L3 as NUMA domain): `journalctl -k | egrep` lines quoted without their
# prefix; VMs pinned strictly to node 0: a cpuset OOM (cpuset=emulator) and a memory-policy OOM (nodemask=0), each
# summary without a pid, each kill line cut after anon-rss by the writer (no file-rss, uid, pgtables or adj).
add("795-zh-tw-blog-openstack-epyc-nps4-journalctl-k-egrep-condensed-oom-kill-cpuset-emulator-and-mempolicy-vcpu1-qemu-kills-cut-after-anon-rss.log",
    "Public repository blog (Traditional Chinese), 'openstack04 明明還有 60 GiB 記憶體' (index file id 56274270499)",
    ["kill", "kill"], "cpuset (CONSTRAINT_CPUSET; second event CONSTRAINT_MEMORY_POLICY)",
    constraints=["cpuset", "mempolicy"],
    kills=[kill(886679, "qemu-system-x86", 19254864, 16477484, None),
           kill(27410, "qemu-system-x86", 19241588, 14235148, None)],
    summary_not=["the machine ran out"], text_has=["cpuset"], text_not=K8S)
# Chris Down (linux-kernel 2024-02): MGLRU, rsync to a slow FAT disk under systemd-run MemoryMax=32M (Arch 6.7.4).
# The previous report's kill line of rsync 128824, then rsync 128826's header: GFP_NOFS|__GFP_NOFAIL|__GFP_ACCOUNT, a
# buffer-head slab charge (obj_cgroup_charge, try_charge_memcg); 32 MiB limit, 2 MiB swap used; v2 stats: file 26.9 MB,
# file_dirty 26.9 MB, file_writeback 0, zswap; two rows; kill of 128825 (3.4 MiB file-rss). Dirty page cache filled the
# limit with no writeback started: the cause is writeback, not the processes.
add("796-lore-lkml-2024-mglru-premature-memcg-oom-arch-6.7-indented-prior-kill-then-rsync-gfp-nofs-nofail-kmem-charge-v2-stats-zswap-file-dirty-memcg-kill.log",
    LORE + "lkml/ZcWOh9u3uqZjNFMa@chrisdown.name/", ["kill", "kill"], "memcg (CONSTRAINT_MEMCG)",
    constraints=["memcg", "memcg"],
    kills=[kill(128824, "rsync", 14008, 256, 5504, 0, 1000, 64, 200),
           kill(128825, "rsync", 13796, 0, 3456, 0, 1000, 64, 200)],
    memcg="/user.slice/user-1000.slice/user@1000.service/app.slice/run-u640.service",
    task_memcg="/user.slice/user-1000.slice/user@1000.service/app.slice/run-u640.service", limit_kb=32768,
    trigger=trig("rsync", 128826, gfp="0x408d40(GFP_NOFS|__GFP_NOFAIL|__GFP_ZERO|__GFP_ACCOUNT)", order=0,
                 oom_score_adj=200),
    table_rows=[[128825, "rsync", 200], [128826, "rsync", 200]], chosen=[128825, "rsync"],
    checks=["processes_hold_little"], not_checks=["memcg_swap_exhausted"], text_has=["writeback"], text_not=K8S)
# Raspberry Pi Zero 2 W (6.12.62+rpt, arm64, 448 MiB RAM of which 256 MiB CMA): cron 550 faults a swapped-out page
# in (do_swap_page); swap full (0 of 416 MiB free); the journal's lines as `journalctl -o cat` shows them, the Node and
# zone lines cut at the pager's `>`; rss_anon table; global kill of python 996 (119 MiB anon, 31936 swap entries).
add("797-pitxu-notes-rpi-zero-2w-arm64-6.12-rpt-journal-cat-cron-header-taint-line-lines-cut-by-pager-rss-anon-table-global-kill-python-swap-full.log",
    "Public repository notes 'Improve the performance of the Raspberry Pi Zero 2W' (index file id 59143534098)",
    ["kill"], "global (CONSTRAINT_NONE)", constraints=["global"],
    kills=[kill(996, "python", 2991716, 122228, 0, 0, 1000, 1156, 0)], task_memcg="/", chosen=[996, "python"],
    trigger=trig("cron", 550, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    table_rows=[[996, "python", 0], [324, "systemd-udevd", -1000], [917, "systemd", 100], [937, "mpris-proxy", 200],
                [266, "systemd-journal", -250]],
    checks=["swap_exhausted"], not_checks=["swap_absent"], text_not=K8S)
# The 6.8 dump_tasks() example of a commit message: the rss_anon/rss_file/rss_shmem header and two rows only.
add("798-deepin-kernel-1138-6.8-rc1-dump-tasks-rss-anon-file-shmem-example-two-rows-only.log",
    GH + "deepin-community/kernel/pull/1138", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None], table_rows=[[149, "ash", 0], [156, "mm_test", 0]])
# Negative. Matthew Wilcox's reply: a Steam Deck 6.11 order-7 GFP_NOIO|GFP_DMA32 allocation failure (warn_alloc),
# quoted with his prose inside. No OOM.
add("799-lore-linux-fsdevel-2025-steam-deck-6.11-reply-quoted-kworker-mhi-fw-load-order7-gfp-noio-dma32-page-allocation-failure-reply-prose-inside-negative.log",
    LORE + "linux-fsdevel/aH51JnZ8ZAqZ6N5w@casper.infradead.org/", [],
    "n/a (no OOM report: page allocation failure)")
# Negative. ppc64le 64 KiB pages, 5.10-rc7: vzalloc(0) from siw (`vmalloc: allocation failure: 0 bytes`) with
# show_mem. No OOM.
add("800-lore-linux-rdma-2020-blktests-ppc64le-64k-5.10-rc7-siw-vzalloc-0-bytes-vmalloc-allocation-failure-show-mem-16m-buddy-negative.log",
    "Yi Zhang, blktests nvme/003 report, linux-rdma/linux-nvme 2020-12 (index file id 19563310415)", [],
    "n/a (no OOM report: vmalloc allocation failure)")
# AWS i7i.xlarge (6.8.0-1030-aws), `dmesg -T` 2025: node 4282 invokes the killer (the stack not pasted), no swap,
# Normal zone under min; global kill of redis-server 60540 in a docker scope (13.6 GiB anon of 31 GiB RAM).
add("801-cursor-chat-export-aws-i7i-6.8-aws-dmesgT-2025-node-header-stack-cut-meminfo-kernel-misc-reclaimable-normal-boost-docker-redis-global-kill-no-swap.log",
    "Public repository chat export, a crawler's redis OOM (index file id 29111165044)", ["kill"],
    "global (CONSTRAINT_NONE)", constraints=["global"],
    kills=[kill(60540, "redis-server", 17652600, 14230956, 128, 0, 999, 31340, 0)],
    task_memcg="/system.slice/docker-97f0fa6b72ce802702bb17ba1f6cb7c5a0edbb18c59e08bf0bdd47ee0bf9195c.scope",
    chosen=[60540, "redis-server"], wall_prefix="2025-06-29T15:57:11",
    trigger=trig("node", 4282, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    checks=["swap_absent"], text_not=["overcommit"] + K8S)
# Investigation notes (docker on an arm64 host, cgroup v2): two `journalctl -k` excerpts with the host masked as `…`.
# python's header, eight hand-picked frames, 2 GiB memory.max, three stat lines, a summary elided after the
# constraint, kill of 1031028; then another container's header, a summary elided and wrapped before `oom_memcg=`,
# kill of 750180. The first event's memory cgroup is the `Memory cgroup stats for` path.
add("802-devnotes-arm64-docker-v2-journalctl-k-host-masked-condensed-frames-python-memcg-stats-three-lines-oom-kill-elided-kill-then-second-excerpt-summary-wrapped-oom-memcg.log",
    "Public repository investigation notes, a scheduler container's OOM loop (index file id 69178892214)",
    ["kill", "kill"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg", "memcg"],
    kills=[kill(1031028, "python", 2516720, 2090700, 54964, 0, 1000, 4536, 0),
           kill(750180, "python", 6802216, 4166504, 53456, 0, 1000, 8940, 0)],
    memcg="/system.slice/docker-9eafdf1ac29326aab840426b10c0db5b02dd59f812bac681502354586e755c6b.scope",
    limit_kb=2097152, chosen=[750180, "python"], year_guessed=True,
    trigger=trig("python", None, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0), text_not=K8S)
# SysRq-f typed on a cloud VM with vm.panic_on_oom=1: only syslogd's wall message of the panic reached the shell.
# panic_on_oom=1 panics only an unconstrained OOM, so the constraint is global.
add("803-zhihu-blog-zh-ecs-sysrq-f-shell-then-syslogd-wall-message-kernel-panic-system-wide-panic-on-oom-only.log",
    "Public repository blog (Chinese) on the OOM killer and Kubernetes QoS (index file id 20191451381)", ["panic"],
    "global (system-wide panic_on_oom panics only a CONSTRAINT_NONE OOM)", constraints=["global"],
    panic="Out of memory: system-wide panic_on_oom is enabled", checks=["panic_on_oom"],
    summary_not=["was killed"], text_not=K8S)
# Dipendra Khadka (cgroups 2025-12), an instrumented 6.18 arm64 kernel: `Dipendra …` printks before and inside the
# report; the mail wraps at 80 columns (the header before gfp_mask, the table header inside `oom_score_ad`/`j`, rows
# inside the comm `stre`/`ss`, the summary inside `oom`/`_memcg` and `task_m`/`emcg`, the kill line twice); 512 MiB
# memory.max, swap.max 0; a foreign `OOM_KILL: Sent SIGKILL to victim` between summary and kill; kill of stress 1122.
add("804-lore-cgroups-2025-12-arm64-6.18-instrumented-memcg-debug-printks-between-records-mail-wrapped-80-header-rss-anon-table-summary-split-mid-key-kill-wrapped-stress-512m.log",
    LORE + "cgroups/20251218094208.1369-1-kdipendra88@gmail.com/", ["kill"], "memcg (CONSTRAINT_MEMCG)",
    constraints=["memcg"], kills=[kill(1122, "stress", 719740, 522880, 536, 0, 0, 1072, 0)],
    memcg="/test512mb", task_memcg="/test512mb", limit_kb=524288, chosen=[1122, "stress"],
    trigger=trig("stress", 1122, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    table_rows=[[1121, "stress", 0], [1122, "stress", 0]], not_checks=["memcg_swap_exhausted"], text_not=K8S)
# ---- blind set 22a (769-780) ----
# Written by hand before oomlens ran on these files. Focus: the typical paste of an ML training or inference job that
# died with `Killed` (PyTorch, vLLM, llama.cpp/KoboldCPP, LLaMA loading, RL training, Colab), as GitHub issues and
# the notes people keep. Checked against tests/corpus, the shared corpus and the other set-22 worktrees.
# NVIDIA DALI #585 (multi-GPU training in Docker): `dmesg` on a 4.15 elrepo kernel, a fenced header only: python's
# header with `nodemask=(null)` (adj 829: a raised score, as Kubernetes gives a Burstable pod), the 64-hex docker
# `cpuset=` line, CPU line (pid 208253), and a stack through mem_cgroup_out_of_memory from
# mem_cgroup_oom_synchronize / pagefault_out_of_memory (a v1 memcg OOM met on a page fault), cut at RIP.
add("769-nvidia-dali-585-4.15-elrepo-docker-cpuset-adj-829-memcg-header-pagefault-oom-synchronize-stack-cut-at-rsp.log",
    GH + "NVIDIA/DALI/issues/585", ["incomplete"], "memcg (stack through mem_cgroup_out_of_memory)",
    constraints=["memcg"],
    trigger=trig("python", 208253, gfp="0x14000c0(GFP_KERNEL)", order=0, oom_score_adj=829),
    summary_not=["the machine ran out"])
# Meta llama-cookbook #556 (fine-tuning Llama 3 on several GPUs): `dmesg -T | egrep -i 'killed process'`: one global
# kill line of pt_main_thread (PyTorch's renamed main thread), 29.9 GiB anon, 2024.
add("770-llama-cookbook-556-dmesgT-egrep-killed-process-pt-main-thread-31g-anon-single-kill-line.log",
    GH + "meta-llama/llama-cookbook/issues/556", ["kill"], "global (`Out of memory:` kill line, 5.x+ format)",
    constraints=["global"], kills=[kill(7815, "pt_main_thread", 45371652, 31360488, 72116, 4, 1000, 64944, 0)],
    wall_prefix="2024-06-09T11:49:36", text_not=K8S)
# Notes on a GLM run under vLLM with CPU offload (two TP workers, ~150 GB offload each): `journalctl -k` condensed by the
# writer, every line ended with `...`: dcgm-exporter's header, three kills in one second (dbus-daemon, the user's
# systemd, (sd-pam); `[user session systemd]` is the writer's note), pt_nccl_watchdg's header and the kill of
# VLLM::Worker_TP 3377512 (718 GiB virtual), then the NVIDIA driver's failing mappings. One victim per OOM invocation:
# four kills; the headers between them the writer dropped.
add("mangler-pending/771-vllm-glm-offload-notes-journalctl-k-condensed-dcgm-exporter-header-four-kills-dbus-systemd-sd-pam-vllm-worker-tp-dots.log",
    "Public repository notes on a GLM serving run with vLLM CPU offload (index file id 66566610219)",
    ["kill", "kill", "kill", "kill"], "global (`Out of memory:` kill lines)",
    constraints=["global", "global", "global", "global"],
    kills=[kill(8301, "dbus-daemon", None, None, None), kill(7847, "systemd", None, None, None),
           kill(7851, "(sd-pam)", None, None, None), kill(3377512, "VLLM::Worker_TP", 753559988, None, None)],
    trigger=trig("pt_nccl_watchdg", None), year_guessed=True,
    text_not=K8S + ["[user session systemd]", "user session systemd)"])
# Thesis log (DQN / A3C / PPO): `$dmeseg` then markdown bullets, each kernel line in backticks: python3's header, the
# global summary (user@10016.service) and the kill of python3 1478466, 59.6 GiB anon.
add("mangler-pending/772-rl-thesis-notes-markdown-bullets-backticked-dmesg-header-summary-kill-python3-62g-anon.log",
    "Public repository thesis log (DQN / A3C / PPO notes) (index file id 7129978892)", ["kill"],
    "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(1478466, "python3", 76128320, 62511932, 72584, 72, 10016, 134324, 0)],
    task_memcg="/user.slice/user-10016.slice/user@10016.service", chosen=[1478466, "python3"],
    trigger=trig("python3", None, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    text_not=K8S)
# A LLaMA-7B loading script (CPU torch on a 32 GiB Alibaba Cloud ARM instance, then 64 GiB): Python comments quoting
# `dmesg | egrep -i -B100 'killed process'` and the kill line from `Killed process` on (its `Out of memory:` prefix not
# pasted), cut after `oom_score_adj:`; then `进行升配` (the instance was upgraded). python 63907, 29.5 GiB anon.
add("773-llama-7b-arm-ecs-python-comment-dmesg-egrep-kill-line-cut-after-oom-score-adj.log",
    "Public repository script 'llama try' (Chinese comments; Alibaba Cloud ARM ECS) (index file id 22030994436)",
    ["kill"], "not determinable (the kill line's prefix is not pasted)", constraints=[None],
    kills=[kill(63907, "python", 40772484, 30914228, 4, 0, 0, 61332, None)], text_not=K8S)
# Colab training notes (a 211M GPT-2 on a free T4, ~12 GB RAM): a numbered list item quoting the writer's condensed
# kernel line in backticks, `Memory cgroup out of memory: Killed process (python3) total-vm:22GB`: a memcg kill of
# python3 whose pid the writer left out and whose size they rounded to GB (no kB figure: unknown).
add("774-colab-t4-training-notes-condensed-memcg-kill-python3-no-pid-total-vm-22gb.log",
    "Public repository training notes for a from-scratch fable model on Colab (index file id 63346754996)",
    ["kill"], "memcg (`Memory cgroup out of memory:` kill line)", constraints=["memcg"],
    kills=[kill(None, "python3", None, None, None)], text_not=K8S + ["22 GiB", "23068672"])
# KoboldCPP status report (Qwen 9B Q4_K_M on a 15 GB desktop with 8 GB swap): the writer's condensed kill line in a
# fence, `Out of memory: Killed process (koboldcpp)` without a pid, its sizes on the next line with a space after each
# colon: 5.6 GiB virtual, 4.8 GiB anon.
add("775-koboldcpp-notes-condensed-global-kill-no-pid-sizes-wrapped-space-after-colon.log",
    "Public repository status report 'VITRIOL Phase 1' (KoboldCPP) (index file id 56784747368)", ["kill"],
    "global (`Out of memory:` kill line)", constraints=["global"],
    kills=[kill(None, "koboldcpp", 5889288, 5077816, None)], text_not=K8S)
# OOM diagnosis of a model-training stage (sklearn ridge / random forest / hist GB on 48 M rows): two journal lines in a
# fence, each wrapped by the writer with a two-space indent: the global summary (session-250.scope) and the kill of
# python 253445, 54.5 GiB anon. No year, no PyTorch.
add("776-sklearn-training-oom-diagnosis-journal-lines-wrapped-two-space-continuation-global-summary-kill-python-54g-anon.log",
    "Public repository OOM diagnosis notes for a model-training stage (index file id 59474059615)", ["kill"],
    "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(253445, "python", 67253092, 57148352, 8, 0, 1000, 128572, 0)],
    task_memcg="/user.slice/user-1000.slice/session-250.scope", chosen=[253445, "python"], year_guessed=True,
    text_not=K8S + ["bf16"])
# An offline-RL pipeline script (d3rlpy ReplayBuffer.load in WSL): Chinese comments explaining the kill, then `# `
# commented dmesg lines: five 4.19+ task rows without their header (python 2446: 10.9 GiB rss and 2083101 pages, 7.9
# GiB, swapped out), the global summary (/init.scope) and the kill of python 2446, 10.9 GiB anon.
add("777-d3rlpy-wsl-notes-zh-python-comment-rows-without-header-summary-kill-python-11g-anon-8g-swapents.log",
    "Public repository offline-RL pipeline script (d3rlpy; Chinese comment at its end) (index file id 15739251539)",
    ["kill"], "global (CONSTRAINT_NONE, global_oom)", constraints=["global"],
    kills=[kill(2446, "python", 67070876, 11399768, 0, 0, 1000, 41260, 0)], task_memcg="/init.scope",
    chosen=[2446, "python"],
    table_rows=[[826, "login", 0], [868, "systemd", 100], [869, "(sd-pam)", 100], [900, "bash", 0],
                [2446, "python", 0]],
    not_checks=["swap_absent"], text_not=K8S)
# Negative. SGLang #5762 (DeepSeek R1, TP 8): the scheduler process's traceback, `faulthandler.enable()` raising
# `OSError: [Errno 12] Cannot allocate memory` (ENOMEM from a system call). No kernel OOM report.
add("778-sglang-5762-scheduler-faulthandler-oserror-errno-12-cannot-allocate-memory-no-oom-negative.log",
    GH + "sgl-project/sglang/issues/5762", [], "n/a (no OOM report: an ENOMEM OSError in Python)")
# Negative. A YOLOv8 trainer's FIX_SHARED_MEMORY.md (Indonesian): DataLoader workers failing to write to /dev/shm
# (`No space left on device`), a worker killed by SIGBUS: a full /dev/shm, no OOM kill.
add("779-yolo-captcha-trainer-dataloader-shm-no-space-left-bus-error-dev-shm-no-oom-negative.log",
    GH + "developerxnoxs/YoloCaptchaTrainer/blob/69b729597fba6a685ebff0fde36b05c91526391a/FIX_SHARED_MEMORY.md", [],
    "n/a (no OOM report: /dev/shm full, DataLoader worker killed by SIGBUS)")
# Negative. vLLM #34643: the engine's traceback flattened onto one line, then `torch.OutOfMemoryError: CUDA out of
# memory` (the GPU's memory, 22.30 GiB). No kernel OOM report.
add("780-vllm-34643-sample-tokens-torch-outofmemoryerror-cuda-out-of-memory-gpu-no-kernel-oom-negative.log",
    GH + "vllm-project/vllm/issues/34643", [], "n/a (no kernel OOM report: CUDA out of memory)")
# ---- blind set 22b (781-792) ----
# Written by hand before oomlens ran on these files. Focus: the common server and desktop case, "why was my process
# Killed" with the kernel lines pasted into a GitHub issue of popular server software (Frigate, Home Assistant,
# PostgreSQL, Node.js, nginx, Java in Docker, a game server, an ECS task), as dmesg -T, raw dmesg, syslog, a short
# clock-only syslog, numbered lines; one user-space killer (earlyoom) as the negative.
# Frigate on Unraid 6.1 (`dmesg -T`): the end of one report, the summary (CONSTRAINT_MEMCG, oom_memcg = task_memcg =
# the frigate container /docker/b357…) and the kill of frigate.capture 22344 (7.0 GiB anon), then, in the same second,
# the next report's header: ffprobe 25015 (GFP_KERNEL) with a stack through mem_cgroup_out_of_memory, cut there.
# The poster reads ffprobe as the cause of the kill above; in print order it opens the next OOM.
FRIGATE_CTR = "/docker/b35794782bf98ad36763d5f31884735bc86f0d249e69acea3f1ea5f755f45ef9"
add("781-frigate-6560-unraid-6.1-dmesgT-memcg-docker-frigate-capture-kill-then-ffprobe-header-memcg-stack.log",
    GH + "blakeblackshear/frigate/issues/6560", ["kill", "incomplete"],
    "memcg (CONSTRAINT_MEMCG; second event: stack through mem_cgroup_out_of_memory)", constraints=["memcg", "memcg"],
    kills=[kill(22344, "frigate.capture", 15373668, 7357492, 7952, 836, 0, 14724, 0)],
    memcg=FRIGATE_CTR, task_memcg=FRIGATE_CTR, chosen=[22344, "frigate.capture"],
    trigger=trig("ffprobe", 25015, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0),
    not_checks=["swap_absent", "swap_exhausted", "trigger_not_victim"], text_not=K8S)
# Don't Starve Together server in Docker on a DigitalOcean droplet (raw dmesg): the tail of a 4.19+ task table (apt-get,
# apt-check, packagekitd, htop), the summary (CONSTRAINT_NONE, global_oom, task_memcg the game container) and the kill
# of dontstarve_dedi 2866; the index's excerpt ends inside the kill line's first figure (`total-vm:740852`, no `kB`),
# so no size of the victim is known; its uid is the summary's (both print task_uid() of the same task: corrected after
# the first run, the oracle had left it unknown). A global OOM, not the container's limit.
add("782-docker-dst-server-47-digitalocean-5.x-raw-dmesg-rows-global-summary-docker-task-memcg-dontstarve-kill-cut-inside-total-vm.log",
    GH + "Jamesits/docker-dst-server/issues/47", ["kill"], "global (CONSTRAINT_NONE, global_oom)",
    constraints=["global"], kills=[kill(2866, "dontstarve_dedi", None, None, None, uid=1000)],
    task_memcg="/docker/c8d1828156e3ad2f5d4b1991005b075e5ec8e61c1947b3cb4940202b4d4887b7", chosen=[2866, "dontstarve_dedi"],
    table_rows=[[3157, "sh", 0], [3232, "apt-check", 0], [3240, "htop", 0], [3218, "update-motd-upd", 0]],
    not_checks=["memcg_swap_exhausted", "memcg_swap_disallowed"], text_not=K8S)
# Frigate (skupi20), a memory-limited container: a syslog with a clock-only stamp (`07:00:31 host kernel:`), its first
# line after the poster's markdown `>`: ffmpeg's header (GFP_KERNEL, no CPU line kept), cgroup v2 `memory:` usage =
# limit 6 GiB, `swap:` 0 of 6 GiB, the table header and two s6 rows; the excerpt ends there (no outcome).
add("mangler-pending/783-frigate-5375-short-clock-syslog-quoted-ffmpeg-header-memcg-v2-usage-at-limit-swap-limit-rows-no-outcome.log",
    GH + "blakeblackshear/frigate/issues/5375", ["incomplete"], "memcg (memory: usage = limit, cgroup v2 swap: line)",
    constraints=["memcg"], limit_kb=6291456,
    trigger=trig("ffmpeg", None, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=0),
    table_rows=[[106258, "s6-svscan", 0], [106315, "s6-supervise", 0]],
    not_checks=["memcg_swap_exhausted", "memcg_swap_disallowed", "swap_absent", "swap_exhausted"], text_not=K8S,
    pending="a syslog line whose date the poster cut (`07:00:31 host kernel: `) is not read as prefixed, so only the "
            "header is read: a rule reading it (clock, host, tag) was written, but it made the searches for a record "
            "glued inside a line start one at the clock of a localized-month stamp (`июл 24 01:01:37 host kernel:`, "
            "corpus 42/448/568 through quoted_printable); not landed in time")
# cardano-db-sync on Ubuntu 22.04 (5.15, QEMU VM), /var/log/syslog: systemd's and two CRON lines, then the header of
# the db-sync thread whose comm holds a colon, `cardano-db-sy:w` (pid 251385, GFP_HIGHUSER_MOVABLE), and its stack
# through __alloc_pages_slowpath; the index's excerpt ends there (the issue's title names the kill of postgres 256968).
add("784-cardano-db-sync-1408-ubuntu-5.15-syslog-cron-lines-then-colon-comm-header-cardano-db-sy-w-stack-no-outcome.log",
    GH + "IntersectMBO/cardano-db-sync/issues/1408", ["incomplete"],
    "global (stack: out_of_memory from __alloc_pages_slowpath)", constraints=["global"],
    trigger=trig("cardano-db-sy:w", 251385, gfp="0x1100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    text_not=K8S)
# OrioleDB sysbench (Mark Callaghan), `dmesg -T | grep`-condensed: two reports 27 minutes apart, each a header, one
# stack frame, the table header, the summary (global, task_memcg the user's session scope) and the kill of a postgres
# backend (14.3 GiB anon); the second header is systemd's; the excerpt ends inside the second kill's file-rss (its uid
# is its summary's, the same task's: corrected after the first run, the oracle had left it unknown).
add("785-orioledb-276-dmesgT-2023-grep-condensed-two-postgres-global-kills-user-session-scope-second-kill-cut-inside-file-rss.log",
    GH + "orioledb/orioledb/issues/276", ["kill", "kill"], "global (CONSTRAINT_NONE, global_oom)",
    constraints=["global", "global"],
    kills=[kill(2971789, "postgres", 30671928, 14987048, 1280, 79560, 1000, 39156, 0),
           kill(2973003, "postgres", 29937612, 15027568, None, uid=1000)],
    task_memcg="/user.slice/user-1000.slice/session-2.scope", chosen=[2971789, "postgres"],
    trigger=trig("postgres", None, gfp="0x1100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0),
    not_checks=["swap_absent", "swap_exhausted"], text_not=K8S)
# nano-node on Ubuntu 23.04 (6.2, PowerEdge R210 II), raw dmesg: nginx 604's header (a page-cache read fault,
# GFP_HIGHUSER_MOVABLE|__GFP_COMP) and its stack through __alloc_pages_may_oom and filemap_fault; the excerpt ends
# at the RIP line (left out, cut). No outcome.
add("786-nano-node-4451-ubuntu-6.2-raw-dmesg-nginx-header-filemap-fault-stack-no-outcome.log",
    GH + "nanocurrency/nano-node/issues/4451", ["incomplete"], "global (stack: out_of_memory from __alloc_pages_may_oom)",
    constraints=["global"],
    trigger=trig("nginx", 604, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    text_not=K8S)
# Home Assistant OS (core 2024.10): the issue quotes one kernel line in double quotes, the kill of python3 3931 (the HA
# core, 1.4 GiB anon) with oom_score_adj -300 (the Supervisor's setting for core): killed although protected.
add("787-home-assistant-core-127499-haos-quoted-kill-line-python3-oom-score-adj-minus-300-bare.log",
    GH + "home-assistant/core/issues/127499", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(3931, "python3", 7641156, 1416676, 0, 0, 0, 12132, -300)],
    checks=["victim_oom_score_adj"], text_not=K8S)
# Node.js 0.x on Debian 7 (3.2.0-4-amd64), syslog pasted with an editor's line numbers, indented four spaces: node
# 15464's header with both `oom_adj=-17,` and `oom_score_adj=-1000` (padded with spaces between them), the cpuset
# line, the 3.2 `Pid: N, comm: node` line, and a `?` stack through __alloc_pages_nodemask; the excerpt ends there.
# The allocating task is unkillable (-1000), so another task dies in its place.
add("788-node-v0.x-25584-debian-3.2-syslog-numbered-lines-indented-node-header-oom-adj-minus-17-score-adj-minus-1000-stack-no-outcome.log",
    GH + "nodejs/node-v0.x-archive/issues/25584", ["incomplete"],
    "global (stack: out_of_memory from __alloc_pages_nodemask)", constraints=["global"],
    trigger=trig("node", 15464, gfp="0x201da", order=0, oom_score_adj=-1000),
    checks=["trigger_protected"], text_not=K8S)
# Amazon Chime broadcast demo on ECS (4.14, cgroup v1), raw dmesg under a `####` rule: the end of a stack through
# pagefault_out_of_memory → mem_cgroup_oom_synchronize (the charge failed in a fault), `Task in /ecs/<task>/<ctr>
# killed as a result of limit of` the same path, memory usage 8388520 of 8388608 kB, memory+swap 8388564 of 16 GiB
# (no swap used), kmem 45 MiB, the one-line v1 stats (rss 7.9 GiB), cut there by the index. No header, no outcome.
CHIME_ECS = "/ecs/4cb1808927154931adfeedc7088598b6/913586ee5c33ea38e06cf1f126792e0c118323180aa403a188ff344006e01b39"
add("789-amazon-chime-broadcast-12-ecs-4.14-raw-dmesg-memcg-v1-pagefault-oom-stack-task-in-ecs-usage-at-limit-memsw-kmem-stats-cut-no-outcome.log",
    GH + "aws-samples/amazon-chime-meeting-broadcast-demo/issues/12", ["incomplete"],
    "memcg (Task in … killed as a result of limit of …; stack through mem_cgroup_out_of_memory)", constraints=["memcg"],
    memcg=CHIME_ECS, task_memcg=CHIME_ECS, limit_kb=8388608,
    not_checks=["memcg_swap_exhausted", "memcg_swap_disallowed", "memcg_kmem_dominant", "swap_absent"], text_not=K8S)
# Java in Docker on Ubuntu 14.04 (3.13), syslog: java 12833's header (gfp 0xd0, GFP_KERNEL), the cpuset line naming
# the container, the 3.13 CPU and hex stack-dump lines, and the first four frames (a `?` mem_cgroup_margin among
# them, no reliable caller); the index's excerpt ends before out_of_memory, so the constraint is not shown.
add("790-moby-14487-ubuntu-3.13-syslog-java-header-docker-cpuset-hex-stack-cut-before-out-of-memory-no-outcome.log",
    GH + "moby/moby/issues/14487", ["incomplete"], "not determinable (stack cut before out_of_memory)",
    constraints=[None], trigger=trig("java", 12833, gfp="0xd0", order=0, oom_score_adj=0), text_not=K8S)
# Home Assistant OS on VMware: a comment's sentence that retypes the kill line, `Out of Memory: Killed process 239745
# (python3) …, shmem-rss:0 kB, …` (capital M, a space before `kB`), all figures given.
add("791-home-assistant-core-53404-hassos-vmware-kill-line-retyped-in-prose-capital-memory-shmem-rss-0-space-kb.log",
    GH + "home-assistant/core/issues/53404", ["kill"], "global (Out of memory: prefix, retyped `Out of Memory:`)",
    constraints=["global"], kills=[kill(239745, "python3", 1989832, 1555116, 0, 0, 0, 3856, 0)], text_not=K8S)
# Negative. earlyoom 1.3-rc1's own output (`earlyoom -m 50,0`): mem avail lines, `low memory!`, SIGTERM to python3
# 12006 (badness 209, VmRSS 2891 MiB), `escalating to SIGKILL`, exited. A user-space killer; no kernel OOM report.
add("792-earlyoom-131-userspace-sigterm-escalating-to-sigkill-python3-no-kernel-report-negative.log",
    GH + "rfjakob/earlyoom/issues/131", [], "n/a (no kernel OOM report: earlyoom sent SIGTERM, then SIGKILL)")

# ---- blind set 23a (817-828) ----
# Deep-learning traffic-correlation training (deepcoffea) on a 128 GB server, raw dmesg: the global summary
# (session scope of uid 1013), the kill of python3 1227971 (115 GiB anon) and its reaper. No header, no Mem-Info.
add("817-deepcoffea-5-dmesg-global-oom-kill-summary-python3-115g-anon-reaper.log", GH + "traffic-analysis/deepcoffea/issues/5",
    ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(1227971, "python3", 184429220, 120535680, 69120, 3072, 1013, 253596, 0, reaper=[1320, 520, 300])],
    task_memcg="/user.slice/user-1013.slice/session-1195.scope", chosen=[1227971, "python3"],
    not_checks=["swap_absent", "swap_exhausted"], text_not=K8S)
# Anyscale's "Debugging Ray OOM errors" page quotes the cluster event: one memcg kill line of a Ray worker (python,
# 22.5 GiB anon, oom_score_adj 1000: Ray raises its workers' score so the kernel takes them first). Nothing else.
add("818-anyscale-docs-debugging-ray-oom-memcg-kill-line-python-22g-anon-adj-1000-bare.log",
    "https://docs.anyscale.com/monitoring/debugging-ray-oom.md (index file id 52500634476)", ["kill"],
    "memcg (`Memory cgroup out of memory:` kill line)", constraints=["memcg"],
    kills=[kill(2723, "python", 35542748, 23541968, 59008, 0, 1000, 46744, 1000)],
    checks=["victim_oom_score_adj"], text_not=K8S)
# Avito's Aqueduct (ML model serving) troubleshooting page, an rst code block indented five spaces: Debian 4.19's
# CPU line of python3 10608 (the allocating task), eight 4.19 task rows with no table header (all python3 workers,
# oom_score_adj 973), the memcg selection of 10222 (score 1038, sacrifice child) and the kill of its child 10331
# (498 MiB anon), then two oom_reaper lines of 10334 and 10335, other workers whose kill lines the excerpt left out:
# no reaper of 10331. The kill line (4.19) prints no UID, pgtables or adj: its adj comes from its row.
add("819-avito-aqueduct-troubleshooting-rst-4.19-memcg-v1-cpu-line-rows-adj-973-sacrifice-child-kill-reapers-of-other-pids-indented.log",
    GH + "avito-tech/aqueduct/blob/b1802be03c039cfa34d1e0026c7252433594386f/docs/troubleshooting.rst", ["kill"],
    "memcg (`Memory cgroup out of memory:` selection)", constraints=["memcg"],
    kills=[kill(10331, "python3", 3226164, 509576, 20128, 44, adj=973, adj_source="task table row")],
    selected_only=[[10222, "python3", 1038]], trigger=trig("python3", 10608),
    table_rows=[[p, "python3", 973] for p in (10222, 10325, 10330, 10331, 10332, 10333, 10336, 10337)],
    not_checks=["sacrificed_child_held_little"], text_not=K8S)
# A Chinese load-test post ('AngelFlow压测'), two `dmesg -T` fences with prose between: a Kubernetes pod's memcg OOM
# (oom_memcg the pod, oom_score_adj -998: a Guaranteed pod) killing python3 2830644 (23.9 GiB anon), then, under a
# heading, an earlier global OOM killing python3 3668890 (5.3 GiB) of a login session.
ANGEL_POD = "/kubepods/pod1497cd14-3341-4f8e-914a-f3981c865110"
add("820-angelflow-load-test-blog-dmesgT-k8s-memcg-kill-python3-24g-adj-998-then-global-kill-chinese-prose-between.log",
    "Chinese blog post 'AngelFlow压测' (index file id 11033789498)", ["kill", "kill"],
    "memcg (first event: CONSTRAINT_MEMCG; second: global_oom)", constraints=["memcg", "global"],
    kills=[kill(2830644, "python3", 25102400, 25022796, 5388, 0, 0, 49036, -998),
           kill(3668890, "python3", 5663336, 5553100, 0, 0, 0, 10968, 0)],
    memcg=ANGEL_POD, task_memcg=ANGEL_POD + "/c5ecaabf7ab8c6aa87517337d80574f585bed86875a8a48f699a23e15fd607d7",
    wall_prefix="2025-11-12T20:13:52", text_not=["BestEffort", "Burstable"])
# A tt-metal vLLM serving stage's notes: three kill lines from `journalctl -k`, the host and the `kernel:` tag
# replaced by `…`, each cut after anon-rss: two VLLM::EngineCor (the engine core, 6.2 and 7.4 GiB anon, 153 GiB
# virtual) and a python padded with spaces before total-vm. No `Out of memory:` prefix: the constraint is unknown.
add("821-tt-vllm-serving-stage-notes-journal-host-elided-three-kill-lines-vllm-enginecor-python-padded-comm.log",
    "Public repository stage notes, tt-metal vLLM serving (index file id 68926493169)", ["kill", "kill", "kill"],
    "not determinable (bare kill lines, prefix elided)", constraints=[None, None, None],
    kills=[kill(3652454, "VLLM::EngineCor", 160958068, 6548368, None),
           kill(3683387, "VLLM::EngineCor", 161264768, 7727712, None),
           kill(3752007, "python", 149225912, 723144, None)],
    year_guessed=True, text_not=K8S)
# OpenAI Gym CarRacing DQN project notes (PyTorch): `$ sudo dmesg`, the global summary indented four spaces (the
# poster's), the kill line not: python3 18000, 13.8 GiB anon, killed during the second training iteration.
add("822-carracing-dqn-notes-sudo-dmesg-indented-global-summary-kill-python3-13.8g-anon.log",
    "Public repository CarRacing DQN project notes (index file id 11937049268)", ["kill"], "global (global_oom)",
    constraints=["global"], kills=[kill(18000, "python3", 27177916, 14510316, 96488, 12288, 1000, 32784, 0)],
    task_memcg="/user.slice/user-1000.slice/user@1000.service", chosen=[18000, "python3"],
    not_checks=["swap_absent", "swap_exhausted"], text_not=K8S)
# COLMAP dense-reconstruction notes (French): `sudo dmesg -T | tail | egrep`, French locale stamps (`[dim. 19 avril
# 18:03:30 2026]`): sudo's password prompt, the 6.x table header and two rows (systemd-oomd, colmap 43056 with 506
# k pages swapped), the global summary (a GNOME Terminal scope), the kill of colmap (12.9 GiB anon, adj 200), its
# reaper two seconds later, then the shell prompt.
add("823-colmap-pipeline-notes-french-dmesgT-6.x-rows-global-summary-kill-colmap-adj-200-reaper-sudo-and-shell-prompt.log",
    "Public repository COLMAP pipeline notes 'Pipe_linux' (French; index file id 60237449991)", ["kill"],
    "global (global_oom)", constraints=["global"],
    kills=[kill(43056, "colmap", 30044644, 13553456, 57484, 2432, 1000, 31820, 200, reaper=[0, 192, 176])],
    task_memcg=("/user.slice/user-1000.slice/user@1000.service/app.slice/app-org.gnome.Terminal.slice/"
                "vte-spawn-da5a3d92-b9fc-46a6-8658-708c1e2a92c2.scope"), chosen=[43056, "colmap"],
    table_rows=[[1365, "systemd-oomd", -900], [43056, "colmap", 200]], wall_prefix="2026-04-19T18:03:30",
    not_checks=["swap_absent"], text_not=K8S)
# The ai8x-training README (MAX78000 model training), a fenced list item indented three spaces: journal lines with a
# bare `kernel:` tag: the global summary, the kill of python 226828 (5.4 GiB anon, 633 MiB shmem-rss: DataLoader
# workers' shared tensors) and its reaper, which frees the anon but not the shmem.
add("824-ai8x-training-readme-journal-kernel-prefix-indented-fenced-global-summary-kill-python-shmem-633m-reaper.log",
    "Public repository README, ai8x-training (MAX78000; index file id 738251076)", ["kill"], "global (global_oom)",
    constraints=["global"],
    kills=[kill(226828, "python", 81269752, 5711328, 146056, 648024, 1000, 97700, 0, reaper=[0, 145268, 648024])],
    task_memcg="/user.slice/user-1000.slice/session-11289.scope", chosen=[226828, "python"],
    not_checks=["shmem_dominant"], text_not=K8S)
# Kaggle RL notes (Japanese), PPO training under WSL2: the summary cut after `mems_allowed=0` (CONSTRAINT_NONE, no
# task), the kill line of python3 2567275 wrapped before total-vm onto an indented line that ends at shmem-rss
# (6.7 GiB anon, 62 GiB virtual): UID, pgtables and adj not printed.
add("825-orbit-wars-ppo-training-notes-wsl2-summary-cut-after-mems-allowed-kill-wrapped-before-total-vm-python3.log",
    "Public repository migration notes, Kaggle Orbit Wars PPO (Japanese; index file id 54703911252)", ["kill"],
    "global (CONSTRAINT_NONE; Out of memory: prefix)", constraints=["global"],
    kills=[kill(2567275, "python3", 65079824, 7021940, 384, 83968)], text_not=K8S)
# tt-metal Llama 3.1 8B autoport notes, a 65K-context probe: `dmesg -T` lines condensed by the writer: python3's
# header with no fields, the summary with `...` for all but the constraint and task, and the kill of python3 4071657
# (483 GiB anon), cut after shmem-rss. The header's task prints no pid: the victim may well be it.
add("826-tt-metal-llama31-autoport-notes-dmesgT-header-without-fields-elided-summary-kill-python3-483g-anon.log",
    "Public repository tt-metal Llama 3.1 8B functional decoder notes (index file id 60669692487)", ["kill"],
    "global (CONSTRAINT_NONE; Out of memory: prefix)", constraints=["global"],
    kills=[kill(4071657, "python3", 567087984, 506740044, 0, 160)], chosen=[4071657, "python3"],
    trigger=trig("python3"), wall_prefix="2026-06-15T12:48:17", not_checks=["trigger_not_victim"], text_not=K8S)
# Negative. Megatron-Bridge on GB300 (arm64 Grace): a c10d TCPStore frame glued to an NCCL warning, `...` lines and
# bash's `line 7: 3297567 Killed  bash -c 'numactl … python …` job message: a SIGKILL, no kernel OOM report.
add("827-megatron-bridge-1581-gb300-nccl-tcpstore-error-shell-killed-numactl-python-no-kernel-report-negative.log",
    GH + "NVIDIA-NeMo/Megatron-Bridge/issues/1581", [], "n/a (no kernel OOM report: the shell's `Killed` job message)")
# Negative. vLLM KV offload: a worker cgroup's memory readout (memory.current 443.5 GiB, shmem 385 GiB, the offload
# pool) between the reporter's sentences, the last saying the cgroup OOMKills: no kernel report.
add("828-vllm-53042-kv-offload-worker-cgroup-shmem-385g-memory-current-readout-oomkills-prose-no-kernel-report-negative.log",
    GH + "vllm-project/vllm/issues/53042", [], "n/a (no kernel OOM report: a cgroup memory readout)")

# ---- blind set 23d (853-864) ----
# Focus: how logs arrive (kmsg records, remote syslog receivers, OpenWrt logread, console output among build lines, CI
# job logs, posts in Chinese and Korean). Written by hand from the text and the kernel's formats before any run.
# Chromium's memory_kills_monitor.cc: a sample /dev/kmsg record (`3,seq,usec,-;`) quoted in a C++ comment and wrapped
# there after the comm: the selection of android.vending (score 961) with no kill line.
add("853-chromium-memory-kills-monitor-comment-dev-kmsg-record-selection-android-vending-score-961-wrapped-in-cpp-comment.log",
    "Chromium chrome/browser/memory/memory_kills_monitor.cc, comment in TryMatchOomKillLine (index file id 57158145)",
    ["selected_no_kill"], "global (Out of memory: prefix)", constraints=["global"],
    selected_only=[[29582, "android.vending", 961]], text_not=K8S)
# PirateBox feed #10: a remote syslog receiver's output (`Received message  <PRI>Mmm dd hh:mm:ss host kernel: [ts]`) of a
# LEDE (4.4, MIPS) router: seven 4.x rows (nr_ptes, nr_pmds), the selection of opkg 983 (score 20) and the kill of its
# child opkg 2588 (no shmem-rss: 4.4). The child's 584 kB is no small share of the parent's row (147 pages).
add("mangler-pending/854-piratebox-feed-10-lede-mips-4.4-remote-syslog-receiver-received-message-pri-prefix-rows-selection-opkg-kill-of-child-opkg.log",
    GH + "PirateBox-Dev/openwrt-piratebox-feed/issues/10", ["kill"], "global (Out of memory: prefix)",
    constraints=["global"], kills=[kill(2588, "opkg", 1620, 584, 0, adj=0, adj_source="task table row")],
    selected_only=[[983, "opkg", 20]],
    table_rows=[[939, "logread", 0], [940, "logread", 0], [943, "box_installer.s", 0], [944, "logger", 0],
                [983, "opkg", 0], [1059, "dnsmasq", 0], [2588, "opkg", 0]],
    year_guessed=True, not_checks=["sacrificed_child_held_little"], text_not=K8S)
# A Chinese blog (jianshu): `# cat /var/log/messages`, one selection line retyped without the space before `(mongod)`,
# then the post's Chinese translation of it (same pid, comm and score) and prose. One selection, no kill line.
add("855-jianshu-cn-blog-cat-var-log-messages-selection-no-space-before-comm-22667-mongod-score-238-chinese-translation-line.log",
    "https://wsa.jianshu.io/p/7ec87469d897", ["selected_no_kill"], "global (Out of memory: prefix)",
    constraints=["global"], selected_only=[[22667, "mongod", 238]], text_not=K8S)
# A Korean blog (tistory): a RHEL6 2.6.32 syslog selection and kill of gmaster 9267 (UID 500), 74 MiB anon and 65.8 GiB
# file-rss: before 4.5 file-rss also counts the shmem pages the victim mapped (a database's shared memory), so the
# explanation must not call it only file pages.
add("856-mozi-tistory-ko-blog-rhel6-2.6.32-syslog-selection-kill-uid-comma-gmaster-66g-file-rss-korean-prose.log",
    "https://mozi.tistory.com/28?category=990186", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(9267, "gmaster", 86877900, 75280, 68979468, uid=500, selected_score=485)],
    year_guessed=True, checks=["victim_file_backed"], text_has=["shared memory"], text_not=K8S)
# A Korean blog: syslog lines with the host masked as `xxxxx`, the victim's 4.19+ row (uid 111), the selection of mysqld
# 18540 (score 512), its kill (5.9 GiB anon) and reaper; Korean prose before and after.
add("857-sungwookkang-ko-blog-ubuntu-4.x-syslog-host-masked-xxxxx-mysqld-row-selection-kill-reaper-korean-prose.log",
    "https://sungwookkang.com/entry/Linux-OOMOut-of-Memory%EB%9E%80?category=618946", ["kill"],
    "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(18540, "mysqld", 7721568, 6141916, 0, 0, adj=0, adj_source="task table row", selected_score=512,
                reaper=[0, 0, 0])],
    table_rows=[[18540, "mysqld", 0]], year_guessed=True, text_not=K8S)
# A Chinese page (copied from cnblogs) flattened into paragraphs: `grep` output after `结果: ` and `egrep -r` output after
# `结果如下: ` with its `/var/log/messages:` file name, the day unpadded (`Mar 3`); the selection (score 858) and kill of
# mongod 15644, the next step's prose glued after the kill line.
add("mangler-pending/858-mytju-cn-page-flattened-grep-and-egrep-r-results-var-log-messages-filename-prefix-single-space-day-mongod-selection-kill.log",
    "http://mytju.com/classCode/news_readNews.asp?newsID=1170", ["kill"], "global (Out of memory: prefix)",
    constraints=["global"], kills=[kill(15644, "mongod", 8062428, 7073148, 0, 0, selected_score=858)],
    year_guessed=True, text_not=K8S)
# freedom-u-sdk#146: a build inside a riscv64 QEMU guest; the console shows cmake's `[  4%] Building CXX object …` line
# (no printk stamp) then the 5.10 header of cc1plus 982 and its stack, cut at ext4_filemap_fault. Header only.
add("859-freedom-u-sdk-146-riscv64-qemu-5.10-yocto-cmake-progress-line-before-console-cc1plus-header-stack-cut.log",
    GH + "sifiveinc/freedom-u-sdk/issues/146", ["incomplete"], HOA, constraints=["global"],
    trigger=trig("cc1plus", 982, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0), text_not=K8S)
# krabs#8: a QEMU boot console (no stamps): show_mem's tail (32638 pages RAM, no swap), an empty task table, no killable
# task and the `System is deadlocked on memory` panic (5.x).
add("mangler-pending/860-krabs-8-qemu-128m-default-bootloader-console-unstamped-show-mem-tail-empty-table-no-killable-deadlocked-panic.log",
    GH + "o8vm/krabs/issues/8", ["no_killable"], "global (no eligible task; System is deadlocked on memory)",
    no_killable=True, panic="System is deadlocked on memory", checks=["no_killable_task"])
# openwrt#19544: OpenWrt 24.10 `logread` lines (`Tue Jul 29 06:26:59 2025 kern.info kernel: [ts]`, the year printed):
# nine 4.19+ task rows only, the tenth cut after its uid (no name: not a row).
add("861-openwrt-19544-ramips-24.10-logread-year-kern-info-prefix-task-rows-only-dropbear-ntpd-dnsmasq-last-row-cut.log",
    GH + "openwrt/openwrt/issues/19544", ["incomplete"], "not determinable (task-table rows only)",
    constraints=[None],
    table_rows=[[2786, "dropbear", 0], [2787, "dropbear", 0], [2856, "ntpd", 0], [2873, "ntpd", 0],
                [3000, "uhttpd", 0], [3010, "ubihealthd", 0], [3324, "pppd", 0], [4249, "dnsmasq", 0],
                [4274, "dnsmasq", 0]],
    wall_prefix="2025-07-29T06:26:59", text_not=K8S)
# coolsnowwolf/lede#10781 (Chinese): an answer labelled `A：`, then OpenWrt 6.1.6 syslog lines: the header of AdGuardHome
# 26428 (GFP_HIGHUSER_MOVABLE|__GFP_COMP), its QEMU Q35 hardware line and a page-cache fault stack through f2fs, cut.
add("862-lede-10781-zh-openwrt-x86-6.1.6-syslog-answer-label-line-adguardhome-header-gfp-comp-f2fs-filemap-fault-stack-cut.log",
    GH + "coolsnowwolf/lede/issues/10781", ["incomplete"], HOA, constraints=["global"], year_guessed=True,
    trigger=trig("AdGuardHome", 26428, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    text_not=K8S)
# Negative. pi-lens#2230: a GitHub Actions job's memory watcher (`KILLED WITH HEADROOM`, SIGKILL, `##[error]Process
# completed with exit code 137.`) and the empty kernel-evidence step (no kernel or systemd-oomd record, `free` output).
add("863-pi-lens-2230-github-actions-mem-watch-killed-with-headroom-error-exit-code-137-kernel-kill-evidence-step-empty-no-kernel-report-negative.log",
    GH + "apmantza/pi-lens/pull/2230", [], "n/a (no kernel OOM report: a CI job killed with memory to spare)")
# Negative. dotnet/runtime#98964: a Helix console log: the shell's `Killed` job line, `exit code 137`, and the script's
# hint that 137 is SIGKILL "either due to out of memory/resources … or by explicit kill". No kernel report.
add("864-dotnet-runtime-98964-helix-console-log-runtests-killed-exit-code-137-means-sigkill-out-of-memory-hint-no-kernel-report-negative.log",
    GH + "dotnet/runtime/issues/98964", [], "n/a (no kernel OOM report: a shell's Killed line and exit code 137)")
# ---- blind set 23b (829-840) ----
# Focus: the common server and desktop case ("why was my process Killed") on the issue trackers of popular server
# software. Written by hand from the text and the kernel's formats before any run.
# pwm#244: `systemctl status tomcat` (the unit failed, code=killed, signal=KILL), its three journal lines, then the dmesg
# header of java 13279 (RHEL7 3.10, gfp 0x200da, adj 0), the hex stack words and the stack cut after dump_header: the
# constraint and the outcome are not in the text.
add("829-pwm-244-rhel7-3.10-systemctl-status-tomcat-killed-signal-kill-then-dmesg-java-header-stack-cut-before-out-of-memory.log",
    GH + "pwm-project/pwm/issues/244", ["incomplete"], "not determinable (stack cut before out_of_memory)",
    constraints=[None], trigger=trig("java", 13279, gfp="0x200da", order=0, oom_score_adj=0), text_not=K8S)
# nextcloud-snap#1192 (`journalctl -x`): the table's last 4.19+ row (sleep), the summary (global, task_memcg /, mysqld
# 11119), the 5.0-5.2 kill line (no UID, pgtables or adj), the reaper, then AppArmor audit lines of `ps` in the snap's
# mysql profile, the poster's `...` and one more audit line.
add("830-nextcloud-snap-1192-ubuntu-5.x-journalctl-x-row-summary-global-mysqld-kill-reaper-apparmor-denied-audit-lines-elision.log",
    GH + "nextcloud-snap/nextcloud-snap/issues/1192", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(11119, "mysqld", 1946180, 241112, 0, 0, reaper=[0, 0, 0])], task_memcg="/",
    table_rows=[[25544, "sleep", 0]], year_guessed=True, not_checks=["swap_absent", "swap_exhausted"], text_not=K8S)
# bitnami/vms#927 (WordPress on Lightsail): eight 4.19+ rows (sh, su, systemd, (sd-pam), sh, php, cron, sshd), the
# summary choosing mysqld 3774 (uid 1001, task_memcg /system.slice/bitnami.service, global), then the poster's shell
# prompt cut (`user@ip-`): the kill line is not in the paste, so whether mysqld died the text does not say.
add("831-bitnami-vms-927-lightsail-syslog-wordpress-4.19-plus-rows-php-summary-global-mysqld-bitnami-service-no-kill-line-shell-prompt-cut.log",
    GH + "bitnami/vms/issues/927", ["incomplete"], "global (global_oom)", constraints=["global"],
    task_memcg="/system.slice/bitnami.service", chosen=[3774, "mysqld"],
    table_rows=[[42046, "sh", 0], [42047, "su", 0], [42049, "systemd", 0], [42050, "(sd-pam)", 0],
                [42056, "sh", 0], [42057, "php", 0], [42190, "cron", 0], [42191, "sshd", 0]],
    year_guessed=True, text_not=K8S)
# mail-in-a-box#2057 (Nextcloud's cron.php run by cron, `Killed` mailed by the cron daemon): the 4.19+ table header,
# `...`, php 29587's row (uid 33, 4878 pages in swap), `...`, the selection (score 370) and the kill (1356 kB shmem).
add("832-mailinabox-2057-nextcloud-cron-syslog-4.x-table-header-elided-php-row-selection-score-370-kill-shmem.log",
    GH + "mail-in-a-box/mailinabox/issues/2057", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(29587, "php", 1064492, 545924, 0, 1356, adj=0, adj_source="task table row", selected_score=370)],
    table_rows=[[29587, "php", 0]], year_guessed=True, not_checks=["swap_absent"], text_not=K8S)
# greenbone-container-images#18: the summary (quoted with `> `, global, the trigger in one docker scope, the victim
# redis-server 3496 in another), the kill (12.2 GiB anon, UID 100), the reaper, then openvas's segfault line.
GBSCOPE = "/system.slice/docker-1def25045ac5ffb3f939d482581ed9ce4050d5ad08c31c4f0b86d57008537e0b.scope"
add("833-greenbone-containers-18-syslog-quoted-summary-global-docker-scope-redis-server-kill-reaper-openvas-segfault-after.log",
    GH + "greenbone/greenbone-container-images/issues/18", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(3496, "redis-server", 19497288, 12841672, 0, 0, 100, 33344, 0, reaper=[0, 0, 0])],
    task_memcg=GBSCOPE, year_guessed=True, text_not=K8S)
# mesos/elasticsearch#175 (Jenkins executors): java 3978's header (gfp 0xd0, adj 0), its cpuset a docker container id,
# 3.19's CPU line, hex words and a stack through mem_cgroup_oom_synchronize and pagefault_out_of_memory (a memcg OOM
# met at the page fault), cut at mm_fault_error: no limit line, no outcome.
add("834-mesos-elasticsearch-175-jenkins-ubuntu-3.19-dmesg-java-header-docker-cpuset-memcg-stack-mem-cgroup-oom-synchronize-cut.log",
    GH + "mesos/elasticsearch/issues/175", ["incomplete"], "memcg (stack through mem_cgroup_oom_synchronize)",
    constraints=["memcg"], trigger=trig("java", 3978, gfp="0xd0", order=0, oom_score_adj=0), text_not=K8S)
# rethinkdb#2402: the 3.2 header (`oom_adj=0, oom_score_adj=0`), cpuset /, the `Pid: 16676, comm: rethinkdb` line and
# the stack through out_of_memory and __alloc_pages_nodemask (a page-cache fault), cut there.
add("835-rethinkdb-2402-ubuntu-3.2-virtual-syslog-header-oom-adj-and-score-adj-pid-comm-line-stack-filemap-fault-cut.log",
    GH + "rethinkdb/rethinkdb/issues/2402", ["incomplete"], HOA, constraints=["global"],
    trigger=trig("rethinkdb", 16676, gfp="0x201da", order=0, oom_adj=0, oom_score_adj=0,
                 note="pid from the 3.2 `Pid: N, comm:` line"),
    year_guessed=True, text_not=K8S)
# grants-stack-indexer#130: one bare 5.x+ kill line of a Node.js indexer (22 GB virtual, 676 MiB anon).
add("836-grants-stack-indexer-130-node-single-kill-line-no-prefix-22g-virtual-675m-anon.log",
    GH + "gitcoinco/grants-stack-indexer/issues/130", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(362, "node", 22457500, 691864, 0, 0, 0, 19376, 0)], text_not=K8S)
# Negative. nodejs/node#38622: a Fedora 32 journal around the Jenkins agent's death: systemd's `Failed with result
# 'oom-kill'` and `A process of this unit has been killed by the OOM killer`, audit and sshd lines. No kernel report.
add("837-nodejs-node-38622-fedora32-journalctl-jenkins-service-failed-with-result-oom-kill-systemd-audit-lines-no-kernel-report-negative.log",
    GH + "nodejs/node/pull/38622", [], "n/a (no kernel OOM report: systemd's unit lines)")
# Negative. earlyoom#224: earlyoom's journal lines (indented by the poster): mem avail, `low memory!`, SIGTERM to two
# Firefox `Web Content` processes (badness, VmRSS), each exiting. A user-space killer; no kernel report.
add("838-earlyoom-224-indented-journal-userspace-sigterm-web-content-badness-vmrss-process-exited-no-kernel-report-negative.log",
    GH + "rfjakob/earlyoom/issues/224", [], "n/a (no kernel OOM report: earlyoom sent SIGTERM)")
# home-assistant/supervisor#4424: the HA OS console (`ha › ` prompt) transcribed from a photo: one kill line of node
# 5555 with a space after `total-vm:`, `shmen-rss:0KB` and `oom_score ad j:200` as transcribed, then systemd watchdog
# and hung-task lines with the transcription's typos. Read as a person reads it: shmem 0, adj 200.
add("839-ha-supervisor-4424-haos-6.1-console-photo-transcribed-kill-line-space-after-total-vm-shmen-typo-oom-score-ad-j-then-watchdog-hung-task.log",
    GH + "home-assistant/supervisor/issues/4424", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(5555, "node", 140620, 13656, 31936, 0, 0, 412, 200)], text_not=K8S)
# FullPageOS#291 (Chromium kiosk on a Raspberry Pi 4, 4.19 armv7l, syslog indented 4 spaces): Chromium's Compositor
# thread 1042 invokes the OOM killer (GFP_KERNEL_ACCOUNT, adj 300); the ARM unwind stack runs through out_of_memory and
# __alloc_pages_nodemask (from alloc_skb_with_frags) and is cut there.
add("840-fullpageos-291-rpi4-armv7-4.19-syslog-indented-chromium-compositor-header-gfp-kernel-account-adj-300-arm-unwind-stack-cut.log",
    GH + "guysoft/FullPageOS/issues/291", ["incomplete"], HOA, constraints=["global"],
    trigger=trig("Compositor", 1042, gfp="0x7000c0(GFP_KERNEL_ACCOUNT)", order=0, oom_score_adj=300),
    year_guessed=True, text_not=K8S)
# ---- blind set 23c (841-852) ----
# A 2024 blog post ("Triggering the OOM Killer", Ubuntu 22.04 arm64 5.15 in QEMU on a Mac): `docker run --memory 8m`
# alpine, `apk update` killed. journalctl lines from the report's CPU: line on (the header line is not in the paste):
# arm64 `Call trace:` through mem_cgroup_out_of_memory, cgroup v2 `memory: usage 8192kB, limit 8192kB` and
# `swap: usage 8192kB, limit 8192kB` (docker's memory.swap.max, both full), the memory.stat lines as journald's
# aligned continuation lines, two rows, the CONSTRAINT_MEMCG summary and the kill of apk 3974, then a systemd line.
DOCKER_841 = "/system.slice/docker-3193584578ea07bf5ee503289e7fe7b69f20e60ad236b2b5ce2274419856f8f3.scope"
add("841-blog-triggering-oom-killer-arm64-ubuntu-5.15-qemu-journal-docker-8m-memcg-v2-swap-at-limit-memory-stat-continuation-apk-kill.log",
    "GitHub blog post 'Triggering the OOM Killer' (2024-05-17; index file id 29406780549)", ["kill"],
    "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(3974, "apk", 20600, 7508, 588, 0, 0, 80, 0)],
    memcg=DOCKER_841, task_memcg=DOCKER_841, limit_kb=8192,
    trigger=trig("apk", 3974, note="from the CPU: line of dump_header (the header line is not pasted)"),
    chosen=[3974, "apk"], table_rows=[[3920, "sh", 0], [3974, "apk", 0]], year_guessed=True,
    checks=["memcg_swap_exhausted"], not_checks=["memcg_swap_disallowed", "swap_absent", "swap_exhausted"],
    text_not=K8S)
# A 2026 course write-up (Ubuntu on EC2): `sudo dmesg -T | grep -i oom` keeps fwupd's header (a page-cache fault,
# oom_score_adj 0), two stack frames, the rss_anon table header, the global summary naming a docker scope's mysqld
# (cpuset=fwupd.service, the trigger's) and the kill of mysqld 1932 (uid 999, 442 MiB anon).
add("842-devops-notes-ubuntu-ec2-2026-dmesgT-grep-oom-fwupd-header-frames-rss-anon-table-header-docker-mysqld-global-kill-cpuset-fwupd-service.log",
    "GitHub course notes, Docker WordPress/MySQL task (2026; index file id 56702589602)", ["kill"],
    "global (global_oom)", constraints=["global"],
    kills=[kill(1932, "mysqld", 1867272, 452196, 8, 0, 999, 1292, 0)],
    task_memcg="/system.slice/docker-31d2f7f43ec42be22400f7b8a5daf45cef874fe8b3e975e11d35900859585b94.scope",
    chosen=[1932, "mysqld"],
    trigger=trig("fwupd", None, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    text_not=K8S)
# LKML (linux-kbuild, 2022-10): Masahiro Yamada's QEMU arm virt boot of 6.0-rc7 (multi_v7_defconfig+debug, KASAN),
# mailed and wrapped at ~75 columns, printk caller ids. kthreadd (pid 2) asks for an order-1 task_struct slab
# (GFP_KERNEL|__GFP_COMP) 7 s into boot; lowmem is the DMA zone only, 47116 kB managed of 786432 kB present, free
# 8744 kB under its 9060 kB min, while HighMem has 261356 kB free; 184829 of 262144 pages are reserved (70 %, the KASAN
# shadow); swap none; an Unreclaimable slab table (largest kmemleak_object 9091 KB); the task table is empty: no
# killable process, `Kernel panic - not syncing: System is deadlocked on memory` (wrapped after `System is`).
add("843-lore-kbuild-2022-qemu-arm-virt-6.0-rc7-kasan-boot-kthreadd-order1-printk-caller-mail-wrapped-dma-managed-47m-of-768m-reserved-no-killable-deadlocked-panic.log",
    "https://lore.kernel.org/all/CAK7LNATK10aT20SbGdJGLFebSQb3EnnMQ2pmy=_=gG7dpLB6JA@mail.gmail.com/", ["no_killable"],
    "global (stack: out_of_memory from __alloc_pages_may_oom; no eligible task, System is deadlocked)",
    constraints=["global"], no_killable=True, panic="System is deadlocked on memory",
    trigger=trig("kthreadd", 2, gfp="0x40cc0(GFP_KERNEL|__GFP_COMP)", order=1, oom_score_adj=0),
    slab_largest=["kmemleak_object", 9091],
    checks=["no_killable_task", "reserved_dominant", "lowmem_exhausted"],
    not_checks=["swap_absent", "high_order_allocation", "slab_unreclaimable_dominant"], text_not=K8S)
# Negative. netdev (2023-04, r8152 patch): a ChromeOS arm64 5.15 `ksoftirqd/0: page allocation failure: order:3,
# mode:0x40a20(GFP_ATOMIC|__GFP_COMP)` warning, indented two spaces, the author's `...`, and the warn_alloc trace from
# the r8152 RX path. An atomic order-3 allocation failed; no OOM killer ran.
add("844-lore-netdev-2023-r8152-chromeos-arm64-5.15-indented-ksoftirqd-gfp-atomic-order3-page-allocation-failure-elided-call-trace-negative.log",
    "https://lore.kernel.org/all/20230406171411.1.I84dbef45786af440fd269b71e9436a96a8e7a152@changeid/", [],
    "n/a (no OOM report: page allocation failure)")
# A 2026 mutation-testing report: under `systemd-run --user -p MemoryMax=2500M` the poster quotes three lines, one
# rss_anon row of srv.test (oom_score_adj 200), the CONSTRAINT_MEMCG summary with its middle elided
# (`CONSTRAINT_MEMCG,...,oom_memcg=…/kki3-cold.service,task=srv.test,…`: oom_memcg whole, task_memcg not shown), and
# the kill of 18877 wrapped before `total-vm:` with an indent, its tail elided (`... UID:1000`): its oom_score_adj
# (200) is the row's.
add("845-gomutants-report-2026-systemd-run-user-memorymax-poster-condensed-row-summary-dots-memcg-kill-wrapped-indented-sizes-dots.log",
    "GitHub report, gomutants evaluation (2026; index file id 71461163188)", ["kill"],
    "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(18877, "srv.test", 4979672, 2527252, 1364, None, 1000, None, 200, adj_source="task table row")],
    memcg="/user.slice/user-1000.slice/user@1000.service/app.slice/kki3-cold.service",
    chosen=[18877, "srv.test"], table_rows=[[18877, "srv.test", 200]], text_not=K8S)
# A 2026 LLVM build report (Chinese): the journal's key kernel lines of a `systemd-run --user --scope -p MemoryMax=18G
# -p MemorySwapMax=0` build: eu-strip's header (order 3, GFP_HIGHUSER_MOVABLE|__GFP_WRITE, oom_score_adj 100), memory
# usage at its 18874368 kB limit, swap limit 0, the CONSTRAINT_MEMCG summary and the kill of debugedit 2125699.
LLVM_846 = "/user.slice/user-1000.slice/user@1000.service/app.slice/llvm-baseline-ce682bfbada047fcb575eaeebd4993ba.scope"
add("846-zh-llvm-build-report-2026-journal-key-lines-eu-strip-order3-gfp-write-memcg-18g-swap-limit-0-scope-debugedit-kill.log",
    "GitHub build report (Chinese, LLVM 22 Tizen baseline build, 2026-09-17; index file id 69194162723)", ["kill"],
    "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(2125699, "debugedit", 1597988, 1438880, 60, 0, 1000, 2884, 100)],
    memcg=LLVM_846, task_memcg=LLVM_846, limit_kb=18874368, chosen=[2125699, "debugedit"],
    trigger=trig("eu-strip", None, gfp="0x101cca(GFP_HIGHUSER_MOVABLE|__GFP_WRITE)", order=3, oom_score_adj=100),
    year_guessed=True, checks=["memcg_swap_disallowed"],
    not_checks=["high_order_allocation", "swap_absent", "swap_exhausted", "memcg_swap_exhausted"], text_not=K8S)
# A CUDA benchmark note: a shell prompt, `sudo dmesg | tail`, the poster's `...`, then a rootless podman container's
# CONSTRAINT_MEMCG summary (oom_memcg the libpod scope, task_memcg its `/container` child) and the kill of
# cuda_memcpy 69821 (12 MiB anon, 3.2 GiB shmem-rss: pinned host buffers in shared memory), then a CUDA
# `Cannot map memory` line and an AppArmor audit line, and a blank line.
LIBPOD_847 = ("/user.slice/user-1000.slice/user@1000.service/user.slice/"
              "libpod-fffd37123f33f09b0d26b19bdb5012786a5ebf28c905e436ec5ca1dbf188bcea.scope")
add("847-cuda-benchmark-notes-rootless-podman-dmesg-tail-dots-memcg-libpod-scope-container-kill-cuda-memcpy-shmem-3g-then-cannot-map-and-apparmor-lines.log",
    "GitHub notes, CUDA memcpy benchmark (index file id 58693137104)", ["kill"],
    "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(69821, "cuda_memcpy", 13235352, 12608, 71616, 3326904, 1000, 6828, 200)],
    memcg=LIBPOD_847, task_memcg=LIBPOD_847 + "/container", chosen=[69821, "cuda_memcpy"], text_not=K8S)
# A design note on bounding agents with systemd scopes: `dmesg | tail` under a shell prompt, no stamps: the summary
# with its middle elided (`CONSTRAINT_MEMCG,...,`), oom_memcg whole, task_memcg elided (`/.../fm-crew-…scope`), and
# the kill of bash 24595 (128 MiB limit) printed without pgtables and oom_score_adj.
add("848-crew-memory-bound-doc-no-stamps-dmesg-tail-summary-dots-task-memcg-elided-slash-dots-memcg-kill-bash-128m-no-pgtables.log",
    "GitHub design note 'crew memory bound' (index file id 58548104780)", ["kill"],
    "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(24595, "bash", 135860, 130720, 3012, 0, 1000, None, None)],
    memcg="/user.slice/user-1000.slice/user@1000.service/app.slice/fm-crew-fm-kill-1785522215.scope",
    chosen=[24595, "bash"], text_not=K8S)
# Negative. Gentoo on an Xbox 360 (ppc64 Xenon, 6.17.7, 64 KiB pages), journal lines whose multi-line records were
# escaped (`\x0a`) and long lines cut with `>`: a warn_alloc() dump from the sis190 NIC's RX refill in a hard IRQ that
# interrupted zstd compression in zram swap-out under direct reclaim, then Mem-Info (Normal free 896 kB under a
# 2688 kB min, 21 GB zram swap nearly free). The `page allocation failure:` line itself is not in the paste; no OOM
# killer ran.
add("849-xbox360-gentoo-notes-ppc64-xenon-6.17-64k-journal-escaped-x0a-truncated-lines-sis190-irq-warn-alloc-in-zram-reclaim-meminfo-no-oom-negative.log",
    "GitHub notes 'Ethernet Adventures' (Gentoo on Xbox 360; index file id 19245909653)", [],
    "n/a (no OOM report: warn_alloc page allocation failure)")
# A 2026 crash-forensics report: verbatim journal lines of a memcg OOM in a `needle.slice` dispatch scope: git's
# header (GFP_KERNEL, oom_score_adj 200), one frame, the summary broken by the writer over three lines with a
# two-space indent (oom_memcg whole, task_memcg elided as `…/run-p…scope`), the kill of git 1851349 broken before
# `total-vm:` (no pgtables, no oom_score_adj), and systemd's line.
add("850-needle-crash-forensics-2026-journal-verbatim-git-memcg-summary-wrapped-indented-task-memcg-unicode-ellipsis-kill-wrapped-indented-no-pgtables-systemd-line.log",
    "GitHub crash-forensics report (domain-check, 2026-09; index file id 60142349257)", ["kill"],
    "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(1851349, "git", 9729496, 8452204, 5308, 0, 1001, None, None)],
    memcg="/user.slice/user-1001.slice/user@1001.service/needle.slice/run-p1830008-i211518363.scope",
    chosen=[1851349, "git"],
    trigger=trig("git", None, gfp="0xcc0(GFP_KERNEL)", order=0, oom_score_adj=200),
    year_guessed=True, text_not=K8S)
# An OOM analysis note (Arch, 6.16): two journal lines with a blank line between, antfly's header (oom_score_adj 200)
# and the global kill of antfly 306187 itself (13.5 GiB anon).
add("851-antfly-oom-analysis-arch-6.16-journal-header-blank-line-global-kill-antfly-13g-anon-adj-200.log",
    "GitHub notes 'Antfly OOM Analysis' (2025-10-09; index file id 53728485242)", ["kill"],
    "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(306187, "antfly", 19855980, 14131176, 1456, 0, 1000, 34516, 200)],
    trigger=trig("antfly", None, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=200),
    year_guessed=True, not_checks=["trigger_not_victim"], text_not=K8S)
# A 2026 SONiC lab note: an Obsidian `>[!WARNING]` callout whose prose says the 4 GiB, swapless virtual switch ran
# out of memory during an upgrade, then, fenced inside the quote, the lone line `Kernel panic - not syncing: Out of
# memory: compulsory panic_on_oom is enabled` (vm.panic_on_oom=2). No header: the constraint is not known, and no
# process was killed.
add("852-sonic-lab-notes-2026-callout-quoted-prose-then-fenced-lone-compulsory-panic-on-oom-line-virtual-switch-4g-no-swap.log",
    "GitHub lab notes, SONiC-OS-Lite upgrade (2026; index file id 70889763310)", ["panic"],
    "not determinable (a lone panic line)", constraints=[None],
    panic="Out of memory: compulsory panic_on_oom is enabled", checks=["panic_on_oom"], text_not=K8S)

# ---- blind set 24a (865-876) ----
# Focus: ML training and inference jobs killed on Linux (llama.cpp/ollama servers, Kubernetes pods, Slurm jobs,
# DataLoader workers). The indexes hold few unused ML reports with kernel lines, so four files are documentation
# examples of ordinary cgroup kills (870-874).
# An SRE post-mortem of a llama-server pod (llama.cpp, kind cluster): `kubectl describe pod` (OOMKilled, exit 137,
# limit 2000Mi), then the node's dmesg: the writer's `[ oom-killer ] ` tag before the memcg kill line, which is
# wrapped twice with a 15-space indent (each piece ending in a space), and the reaper.
add("865-llama-server-k8s-postmortem-kubectl-describe-oomkilled-137-then-dmesg-memcg-kill-wrapped-indented-adj-998-reaper.log",
    "Public repository post-mortem, llama-server OOMKilled pod (index file id 67401724481)", ["kill"],
    "memcg (`Memory cgroup out of memory:` kill line)", constraints=["memcg"],
    kills=[kill(28914, "llama-server", 2418296, 2048512, 0, 0, 0, 4832, 998, reaper=[0, 0, 0])],
    text_not=["BestEffort"])
# Detectron (Caffe2) issue 327: test_net.py's COCO evaluation printed `Killed`; the poster's `dmesg -T` lines: the
# global selection of python2 2032 (score 982) and its kill (30 GiB anon, 28 MiB shmem). No UID: a 4.x kernel.
add("866-detectron-327-test-net-bbox-eval-killed-then-dmesgT-2018-selection-score-982-kill-python2-30g-anon-28m-shmem.log",
    GH + "facebookresearch/Detectron/issues/327", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(2032, "python2", 59083816, 31922228, 80068, 28480, selected_score=982)],
    wall_prefix="2018-03-29T01:45:59", not_checks=["shmem_dominant"], text_not=K8S)
# An agent's handover note: `journalctl -k | grep`, no host, each record wrapped by the writer with a 2-space indent:
# two CONSTRAINT_MEMCG summaries and kills of ollama in ollama.service's cgroup (its systemd MemoryMax of 3 GiB; the
# second summary shortened by the writer: no mems_allowed, no task_memcg); the kill lines end at UID. Then
# `systemctl status ollama`.
add("867-ollama-handover-journalctl-k-grep-two-memcg-summaries-and-kills-wrapped-indented-ollama-service-3g-memorymax.log",
    "Public repository handover note HO-070, Ollama in a 3 GiB systemd cgroup (index file id 70240667376)",
    ["kill", "kill"], "memcg (CONSTRAINT_MEMCG)", constraints=["memcg", "memcg"],
    kills=[kill(1639807, "ollama", 6511152, 3072484, 21320, 0, 995),
           kill(1669175, "ollama", 6542504, 3084920, 22144, 0, 995)],
    memcg="/system.slice/ollama.service", task_memcg="/system.slice/ollama.service", year_guessed=True,
    not_checks=["swap_absent", "swap_exhausted"], text_not=K8S)
# WSL sandbox notes (ollama serving qwen2.5:3b in a 3 GB distro): the writer's two lines, the summary with `...` for
# the middle fields and the kill cut after total-vm. The kill line as quoted prints no UID: the victim's uid is
# unprinted (as 97's, 626's, 719's and 752's; the summary's uid=999 is the chosen task's). The first oracle, committed
# before the run, gave the victim uid 999: corrected to the corpus's convention.
add("mangler-pending/868-ollama-wsl-sandbox-notes-qwen2.5-3b-elided-global-summary-and-kill-cut-after-total-vm.log",
    "Public repository sandbox notes, ollama under WSL (index file id 68927297857)", ["kill"],
    "global (CONSTRAINT_NONE)", constraints=["global"],
    kills=[kill(10198, "ollama", 23467012, None, None)], chosen=[10198, "ollama"], text_not=K8S)
# Chinese notes on memcg kills in a Kubernetes pod (EL8 4.18, cgroup v1): the "shmem" case, one whole report: java's
# header (adj 916), a stack through shmem_write_begin (a write to tmpfs charged to the pod), Task in, usage 1 GiB
# under its 32 GiB limit while memory+swap is at its limit, stats with shmem 27.7 GiB of the 32.4 GiB used, and the
# kill of another java (2.7 GiB anon). The pod's tmpfs (/dev/shm) held the memory, not the victim.
POD869 = ("/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-podd63c4bbe_5f18_11ec_bdcd_d094668d7dd6.slice/"
          "docker-083afd1a06b8b612ab5d974e12200d7fd1d35be6a44f0e368179399ef6c6e84d.scope")
add("869-k8s-pod-java-zh-notes-shmem-case-el8-4.18-memcg-v1-header-stack-shmem-write-task-in-usage-at-limit-stats-shmem-27g-kill-java.log",
    "Public repository notes (Chinese) on memcg OOM cases (index file id 24088467272)", ["kill"],
    "memcg (Task in … killed as a result of limit of …)", constraints=["memcg"],
    kills=[kill(321688, "java", 10247356, 2740520, 0, 0)], memcg=POD869, task_memcg=POD869, limit_kb=33554432,
    trigger=trig("java", 48975, gfp="0x6200ca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=916),
    checks=["shmem_dominant", "memcg_swap_exhausted"], not_checks=["swap_absent", "victim_held_little"],
    text_not=["BestEffort"])
# Portuguese notes on the OOM killer: a bash block whose `# ` comment shows an example: a CONSTRAINT_MEMCG summary
# broken after commas (paths shortened with `...`) and the memcg kill of python3 4567 wrapped after its comm and
# after shmem-rss (no UID or pgtables; adj 974, a Burstable pod). The kill line prints no UID: the victim's uid is
# unprinted (as 631's; the summary's uid=0 is the chosen task's). The first oracle gave uid 0: corrected.
add("870-pt-oom-notes-bash-comment-example-memcg-summary-and-kill-wrapped-hash-indented-dots-in-paths-python3-adj-974.log",
    "Public repository notes (Portuguese) on the OOM killer and Kubernetes (index file id 54386390412)", ["kill"],
    "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"],
    kills=[kill(4567, "python3", 524288, 102400, 8192, 0, None, None, 974)], chosen=[4567, "python3"],
    memcg_elided=True, text_not=["BestEffort"])
# Chinese notes: the cgroup-OOM example, `[...]` for every stamp: memory usage at its 512 MiB limit, the memcg kill
# of python 9931 with its sizes elided (`...`), the summary with `...` values, and the writer's `^^^` annotation line.
add("mangler-pending/871-zh-oom-notes-cgroup-example-bracket-dots-prefix-usage-at-limit-memcg-kill-python-elided-then-summary-dots-caret-annotation.log",
    "Public repository notes (Chinese) on Linux memory and OOM (index file id 62754405014)", ["kill"],
    "memcg (CONSTRAINT_MEMCG)", constraints=["memcg"], kills=[kill(9931, "python", None, None, None)],
    limit_kb=524288, memcg_elided=True, text_not=K8S)
# A lesson on the OOM killer: python3 hog.py in a cgroup v1 group limited to 100 MiB exits 137; `dmesg -T | grep`
# then shows the memcg kill line (102 MiB anon). Nothing else of the report.
add("872-oom-lesson-cgroup-v1-oomlab-limit-100m-hog-py-exit-137-then-dmesgT-grep-memcg-kill-python3-102m-anon.log",
    "Public repository lesson 'The out-of-memory killer, caught in the act' (index file id 68651867824)", ["kill"],
    "memcg (`Memory cgroup out of memory:` kill line)", constraints=["memcg"],
    kills=[kill(16351, "python3", 116352, 102016, 5264, 0, 0, 260, 0)], wall_prefix="2026-09-15T11:29:26",
    text_not=K8S)
# An agent-sandbox investigation (virtio_mem hot-plug lagging a memset): the guest's lines condensed by the writer:
# python3's header cut after order, the global kill cut after anon-rss (`...`), the summary with `...` and spaces
# after the commas; then virtio_mem lines around the same kill line re-quoted bare with `[t = 70.9s]`: one kill.
add("mangler-pending/873-sailboxes-virtio-mem-guest-condensed-header-cut-kill-dots-elided-summary-python3-then-plug-lines-and-tagged-kill-repeat.log",
    "Public repository investigation 'Sailboxes can OOM under a 16 GiB ceiling' (index file id 70941408380)",
    ["kill"], "global (CONSTRAINT_NONE; global_oom)", constraints=["global"],
    kills=[kill(197, "python3", 6306076, 4275016, None)], chosen=[197, "python3"],
    trigger=trig("python3", None, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0), text_not=K8S,
    pending="a kill straight followed by its own summary reads newest-first, so the header before the kill, which "
            "no stamp orders, is left a header-only event; the bare re-quote of the kill line after the virtio_mem "
            "line (`Out of memory: Killed process 197 (python3)     [t = 70.9s]`) is a kill of its own")
# A root-cause note on a security scanner (a systemd service with MemoryLimit=512M): its syslog kill quoted with the
# record wrapped after `Memory cgroup out of memory:`, the rest unprefixed and cut after file-rss.
add("874-security-scanner-rca-syslog-memcg-kill-wrapped-after-message-colon-python3-cut-after-file-rss.log",
    "Public repository root-cause note, security scanner OOM (index file id 17987253605)", ["kill"],
    "memcg (`Memory cgroup out of memory:` kill line)", constraints=["memcg"],
    kills=[kill(3749319, "python3", 3595020, 2090752, 12348)], year_guessed=True, text_not=K8S)
# Negative. A Slurm job's .err file: TensorFlow's CUDA warnings, bash's `Killed` job line for python main.py and
# slurmstepd's `Detected 1 oom-kill event(s)`: the cgroup's OOM counter, no kernel report.
add("875-tensorflow-slurm-err-libcudart-warnings-shell-killed-python-main-py-slurmstepd-oom-kill-event-no-kernel-report-negative.log",
    "Public repository Slurm job log, TensorFlow training (index file id 31533703938)", [],
    "n/a (no kernel OOM report: slurmstepd's oom-kill event count)")
# Negative. A CUPID reproduction report (Chinese): the DataLoader worker killed by SIGKILL, 393 GiB free and /dev/shm
# 252 GiB free, no kernel OOM record readable.
add("876-cupid-repro-report-zh-diffusion-policy-dataloader-worker-killed-by-signal-sigkill-dev-shm-252g-free-no-kernel-oom-record-negative.log",
    "Public repository reproduction report (Chinese), CUPID diffusion policy (index file id 60900462131)", [],
    "n/a (no kernel OOM report: a DataLoader worker's SIGKILL)")
# ---- blind set 24c (889-900) ----
# A NUMA placement experiment ledger (2026): the poster's two kernel lines in a ```text fence: the header cut to
# `ycsb_bench-arbi invoked oom-killer` (no fields) and the summary `constraint=CONSTRAINT_MEMORY_POLICY,nodemask=1,
# ... global_oom` with no task: node 1 (the remote placement target) ran out, not the machine. No kill line.
add("889-arbiter-numa-placement-notes-2026-fenced-header-stump-ycsb-bench-mempolicy-summary-nodemask1-global-oom-no-task.log",
    "GitHub notes 'Generic Placement Experiment Results' (Arbiter, 2026-07-16; index file id 55897877944)",
    ["incomplete"], "mempolicy (CONSTRAINT_MEMORY_POLICY, nodemask=1)", constraints=["mempolicy"],
    trigger=trig("ycsb_bench-arbi"), summary_not=["machine ran out"], text_not=K8S)
# A libkrun helper spike (experiment 13): the guest's console after `echo 1 > /proc/sys/vm/panic_on_oom`: the panic
# line at 3.86 s, `Kernel Offset: disabled` and the VMM's own `[INFO  krun_vmm]` line. `system-wide` is
# panic_on_oom=1, which panics only for an unconstrained (CONSTRAINT_NONE) OOM: a global one. No kill.
add("890-krun-helper-spike-exp13-guest-console-panic-on-oom-3.86s-kernel-offset-disabled-then-krun-vmm-line.log",
    "GitHub notes 'Experiment 13: helper crash and cleanup' (libkrun helper spike; index file id 69348452917)",
    ["panic"], "global (panic_on_oom=1 `system-wide`: only an unconstrained OOM panics)", constraints=["global"],
    panic="Out of memory: system-wide panic_on_oom is enabled", checks=["panic_on_oom"], text_not=K8S)
# A Chinese MoE engine log (vLLM, 8 NUMA nodes of 193 GB): the poster's two condensed lines, `oom-kill: constraint=
# CONSTRAINT_MEMORY_POLICY, nodemask=7, task=VLLM::EngineCor` (spaces after the commas, no pid) and the kill line
# without its `(comm)` and with anon-rss only: 1044797 with 566 GiB anon. The summary names the victim:
# VLLM::EngineCor. Node 7 ran out under an mbind/set_mempolicy MPOL_BIND, not the 1.5 TB machine.
add("891-zh-moe-engine-notes-numa-shard-thp-condensed-summary-spaces-mempolicy-nodemask7-task-vllm-kill-line-without-comm-anon-593g.log",
    "GitHub engine notes (Chinese, section 51 'THP on shard regions'; index file id 68285410343)", ["kill"],
    "mempolicy (CONSTRAINT_MEMORY_POLICY, nodemask=7)", constraints=["mempolicy"],
    kills=[kill(1044797, "VLLM::EngineCor", 944314492, 593333608, None)],
    summary_not=["machine ran out"], text_not=K8S)
# linux-mm 2015 (Tetsuo Handa, "How to handle TIF_MEMDIE stalls?", Linux 3.19): SysRq-f three times in six seconds
# (`SysRq : Manual OOM execution`, kworker/3:3's header, gfp 0xd0 order 0), each selecting and killing the same dd
# 9113, which is stuck in an unkillable mutex_lock() and never exits; the poster's `(...snipped...)` lines and
# `------ An example ... ------` rules; then a second boot's excerpt (xfs), dd 2505 selected and killed at 127 s,
# no header.
add("892-linux-mm-2015-3.19-tif-memdie-stall-sysrq-f-three-times-same-dd-victim-snipped-then-xfs-example-kill.log",
    LORE + "linux-mm/201502162023.GGE26089.tJOOFQMFFHLOVS@I-love.SAKURA.ne.jp/", ["kill", "kill", "kill", "kill"],
    "global (Out of memory: prefix; the first three forced by SysRq)", constraints=["global"] * 4,
    kills=[kill(9113, "dd", 210340, 102500, 0, selected_score=57) for _ in range(3)] +
          [kill(2505, "dd", 210340, 102464, 1728, selected_score=59)],
    trigger=trig("kworker/3:3", gfp="0xd0", order=0, oom_score_adj=0),
    checks=["sysrq", "victim_killed_again"], text_not=K8S)
# Negative. syzbot (2024-04, linux-next 6.9-rc3, quoted-printable `=3D`, soft breaks): the tail of a show_mem
# (`Total swap`, pages RAM/reserved) then an RCU stall: udevd's stack, `rcu_preempt kthread starved`, and RCU's
# own warning `Unless rcu_preempt kthread gets sufficient CPU time, OOM is now expected behavior.` No OOM killer ran.
add("893-syzbot-2024-linux-next-6.9-rcu-stall-sys-close-quoted-printable-show-mem-tail-then-rcu-starved-oom-is-now-expected-no-oom-negative.log",
    "https://lore.kernel.org/all/000000000000dad959061668cead@google.com/", [],
    "n/a (no OOM report: an RCU stall after a show_mem tail)")
# linux-stable 2022 (x86/sgx backing-memory patch): Reinette Chatre's test, quoted twice (`> > `), in a QEMU guest
# whose memory is mostly SGX EPC: the 4.19+ task table of two rows, systemd-udevd (-1000) and test_sgx (adj 0, rss 0:
# an earlier victim already reaped), then `Out of memory and no killable processes...` and the panic.
add("894-lore-stable-2022-sgx-epc-oversubscribed-qemu-quoted-twice-task-table-two-rows-test-sgx-rss-0-no-killable-deadlocked-panic.log",
    "https://lore.kernel.org/stable/Yio814lJVgutumd8@iki.fi/", ["no_killable"],
    "global (no eligible task; System is deadlocked on memory)", no_killable=True,
    panic="System is deadlocked on memory", table_rows=[[195, "systemd-udevd", -1000], [281, "test_sgx", 0]],
    checks=["no_killable_task"], text_not=K8S)
# A kernel-debugging lab (fault F06): QEMU arm, Linux 6.18.50 booted with `mem=32M` and a BusyBox initramfs: two lines
# in a ```text fence, no killable process at 0.208 s and the deadlock panic, before /init ever ran.
add("895-kernel-lab-f06-qemu-arm-6.18-mem-32m-busybox-initramfs-boot-no-killable-deadlocked-panic-0.2s.log",
    "GitHub lab notes 'Fault F06 - Calibrated Low-Memory Failure' (index file id 66043232763)", ["no_killable"],
    "global (no eligible task; System is deadlocked on memory)", no_killable=True,
    panic="System is deadlocked on memory", checks=["no_killable_task"], text_not=K8S)
# LKML 2023 (Jaewon Kim, dma-buf system heap size check): an Android arm64 report's Normal zone line, wrapped with a
# two-space indent: free 212600 kB of which free_cma 200844 kB (CMA, for movable allocations only), then no killable
# process (only native processes at OOM_SCORE_ADJ_MIN) and the panic; the writer's prose after a blank line.
add("896-lkml-2023-dma-buf-system-heap-android-arm64-normal-zone-wrapped-cma-free-no-killable-deadlocked-panic-native-adj-min.log",
    "LKML mail on a size check for the dma-buf system heap (2023; index file id 42278056637)", ["no_killable"],
    "global (no eligible task; System is deadlocked on memory)", no_killable=True,
    panic="System is deadlocked on memory", checks=["no_killable_task"],
    not_checks=["zone_free_above_watermark"], text_not=K8S)
# Kernel study notes (OOM killer, 5.10.0-rc3-next in QEMU): stress-ng brk/stack workers with oom_score_adj 1000; the
# paste's long lines are cut at a terminal's width (`isolated(file):0kB ms`, `= 78B`, the kill line ending
# `pgtables:103480`, a number cut inside: pgtables and oom_score_adj are not known from it); 1 GiB and 2 MiB hugetlb
# lines all 0; swap full (0 of 1048572 kB). CONSTRAINT_NONE summary, kill of 211 and the reaper.
add("897-kernel-notes-oom-killer-5.10-next-qemu-stress-ng-brk-stack-oom-adj-1000-terminal-cut-zone-lines-1g-and-2m-hugepages-kill-pgtables-cut-reaper.log",
    "GitHub kernel notes 'OOM Killer' (index file id 26521308328)", ["kill"], "global (CONSTRAINT_NONE)",
    constraints=["global"],
    kills=[kill(211, "stress-ng-stack", 5291948, 758932, 0, 4, 1000, None, 1000, adj_source="task table row",
                reaper=[0, 0, 4])],
    chosen=[211, "stress-ng-stack"],
    table_rows=[[99, "systemd-journal", -250], [109, "systemd-udevd", -1000], [160, "(sd-pam)", 0],
                [209, "stress-ng-brk", 1000], [211, "stress-ng-stack", 1000], [213, "stress-ng-stack", 1000]],
    trigger=trig("stress-ng-brk", 212, gfp="0x100dca(GFP_HIGHUSER_MOVABLE|__GFP_ZERO)", order=0, oom_score_adj=1000),
    checks=["swap_exhausted"], not_checks=["swap_absent", "hugetlb_reserved"], text_not=K8S)
# Negative. Fedora 4.13 debug kernel (a mail, wrapped at ~70 columns): `TaskSchedulerFo: page allocation stalls for
# 10133ms, order:0, mode:0x1400040(GFP_NOFS)` from xfs inode freeing, its warn_alloc stack and Mem-Info (Normal free
# 816464 kB under its 1934512 kB min; 50 GB of 62 GB swap free). A stall warning; no OOM killer ran.
add("898-fedora-4.13-debug-page-allocation-stalls-gfp-nofs-xfs-taskschedulerfo-mail-wrapped-meminfo-1g-hugepages-swap-50g-free-no-oom-negative.log",
    "linux-mm mail (2017, 4.13.11-300.fc27 page allocation stalls; index file id 16197319363)", [],
    "n/a (no OOM report: warn_alloc page allocation stalls)")
# A GPU server incident report (2026, Ubuntu 22.04, 5.15): in a numbered list, the pstore dmesg's two lines the
# writer quoted, indented three spaces in a fence: cloudflared's header condensed (gfp_mask and order, no
# oom_score_adj) and `Kernel panic - not syncing: Out of memory: system-wide panic_on_oom is enabled` (panic_on_oom=1:
# an unconstrained, global OOM). No process was killed.
add("mangler-pending/899-gpu-server-incident-2026-ubuntu-5.15-pstore-indented-condensed-cloudflared-header-no-adj-then-panic-on-oom-system-wide.log",
    "GitHub incident report 'System Hang & Reboot' (2026-02-05; index file id 52706079266)", ["panic"],
    "global (panic_on_oom=1 `system-wide`)", constraints=["global"],
    panic="Out of memory: system-wide panic_on_oom is enabled",
    trigger=trig("cloudflared", gfp="0x1100cca(GFP_HIGHUSER_MOVABLE)", order=0),
    checks=["panic_on_oom"], summary_not=["was killed"], text_not=K8S)
# A crash-dump walkthrough: `crash vmlinux vmcore_p2`'s system info, the writer's `...` lines, `MEMORY: 2 GB` and
# `PANIC: "Kernel panic - not syncing: Out of memory: system-wide panic_on_oom is enabled"` (the panic string crash
# read from the dump, quoted), `PID: 2359`, `COMMAND: "stress"` (the task on the panicking CPU, crash's, not a line
# of the kernel's report). panic_on_oom=1: a global OOM, no kill.
add("900-crash-vmcore-walkthrough-notes-crash-utility-sysinfo-panic-string-quoted-panic-on-oom-pid-command-stress.log",
    "GitHub notes, crash dump walkthrough (index file id 2466803932)", ["panic"],
    "global (panic_on_oom=1 `system-wide`)", constraints=["global"],
    panic="Out of memory: system-wide panic_on_oom is enabled", checks=["panic_on_oom"], text_not=K8S)
# ---- blind set 24b (877-888) ----
# Focus: the common server and desktop case (build tools, databases, monitoring, editors' remote servers, routers).
# Written by hand from the text and the kernel's formats before any run. Excerpts as the index showed them: a line the
# index cut mid-way is kept only where it still names something (885, 886), and said so.
# ClickHouse#25985: two dmesg lines in one inline code span (a backtick glued before the first stamp and after the
# last figure): the selection of clickhouse-serv 223459 (score 958) and its kill, 240 GiB anon. The victim is the task
# selected, no child sacrificed.
add("877-clickhouse-25985-bare-dmesg-inline-code-selection-kill-clickhouse-serv-605g-vm-240g-anon.log",
    GH + "ClickHouse/ClickHouse/issues/25985", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(223459, "clickhouse-serv", 605840272, 251523284, 0, 0, selected_score=958)],
    not_checks=["sacrificed_child_held_little", "victim_held_little"], text_not=K8S)
# ripgrep#525: a cargo build on a small machine; syslog lines (host replaced) with printk stamps: the selection of rustc
# 18413 (score 661) and its kill; no shmem-rss field (before 4.5), so shmem is unknown.
add("878-ripgrep-525-4.x-syslog-rustc-selection-kill-no-shmem-rss-cargo-build.log",
    GH + "BurntSushi/ripgrep/issues/525", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(18413, "rustc", 552536, 329580, 0, selected_score=661)], year_guessed=True,
    not_checks=["sacrificed_child_held_little"], text_not=K8S)
# rust#50199: a tikv release build: the bare selection and kill of rustc 12260 (no prefix, no stamp), a blank line and
# cargo's `error: Could not compile` / `warning: build failed` lines in the same code block.
add("879-rust-50199-bare-selection-kill-rustc-tikv-release-build-then-cargo-error-lines.log",
    GH + "rust-lang/rust/issues/50199", ["kill"], "global (Out of memory: prefix)", constraints=["global"],
    kills=[kill(12260, "rustc", 4881248, 3458380, 0, 0, selected_score=212)],
    not_checks=["sacrificed_child_held_little"], text_not=K8S)
# tempesta#2124: a QEMU guest building with make -j4: a foreign `started with executable stack` line, then the 6.8.9
# header of cc1 26858 and its page-cache fault stack (out_of_memory from __alloc_pages, no oom_kill_process frame on
# 6.8), cut at the RIP line. Header only: the outcome is not in the text.
add("880-tempesta-2124-qemu-6.8.9-make-j4-executable-stack-line-then-cc1-header-task-stack-filemap-fault-cut.log",
    GH + "tempesta-tech/tempesta/pull/2124", ["incomplete"], HOA, constraints=["global"],
    trigger=trig("cc1", 26858, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", order=0, oom_score_adj=0),
    text_not=K8S)
# tempesta#1867: the comment starts inside a stamp (`2.192438] oom-kill:…`): a 5.10 summary (CONSTRAINT_NONE, global_oom,
# cpuset systemd-oomd.service, the task memcg a GNOME app scope with systemd's `\x2d` escapes), the kill of
# evolution-alarm 2095 (no resident memory left: all of it 0 kB) and its reaper; then the next report's header, of
# gsd-color 2053, and its stack through __alloc_pages_slowpath, cut.
add("mangler-pending/881-tempesta-1867-qemu-5.10-summary-cut-prefix-cpuset-systemd-oomd-evolution-alarm-x2d-scope-kill-reaper-next-gsd-color-header.log",
    GH + "tempesta-tech/tempesta/issues/1867", ["kill", "incomplete"], "global (global_oom)",
    constraints=["global", "global"],
    kills=[kill(2095, "evolution-alarm", 815328, 0, 0, 0, 1000, 380, 0, reaper=[0, 0, 0])],
    task_memcg=r"/user.slice/user-1000.slice/user@1000.service/app.slice/app-gnome-org.gnome.Evolution\x2dalarm\x2dnotify-2095.scope",
    trigger=trig("gsd-color", 2053, gfp="0x100cca(GFP_HIGHUSER_MOVABLE)", order=0, oom_score_adj=0,
                 note="header of the NEXT OOM event"),
    text_not=K8S)
# cackle#20: `dmesg shows`, then 6.x task rows with the printk caller id `[   T2243]`: the table header, the poster's
# `...`, and six rows (all oom_score_adj 100): cargo-acl 3341721 with 16.6 GiB rss and 24 GiB in swap. Rows only.
add("882-cackle-20-6.x-dmesg-caller-id-t2243-header-row-elided-cargo-acl-rows-6.3g-swapents-adj-100.log",
    GH + "cackle-rs/cackle/issues/20", ["incomplete"], "not determinable (task-table rows only)", constraints=[None],
    table_rows=[[3341721, "cargo-acl", 100], [3341743, "cargo", 100], [3356235, "cargo-acl", 100],
                [3356241, "cargo-acl", 100], [3356261, "cargo-acl", 100], [3356264, "cargo-acl", 100]],
    text_not=K8S)
# hhvm#7180: make's `internal compiler error: Killed (program cc1plus)` lines, then `DMESG:`: the header of vmstats
# (3.10, raw gfp 0x201da, no stack), the poster's `...`, and a kill of cc1plus 17828 stamped 3683 s after the header
# (no shmem-rss: before 4.5). One report does not take an hour: two events, the header's outcome and the kill's
# header not in the text; neither says which constraint.
add("mangler-pending/883-hhvm-7180-centos7-3.10-dmesg-vmstats-header-elided-then-cc1plus-kill-an-hour-later-no-shmem-rss.log",
    GH + "facebook/hhvm/issues/7180", ["incomplete", "kill"], "not determinable (header without stack; bare kill line)",
    constraints=[None, None], kills=[kill(17828, "cc1plus", 5283432, 3658256, 8)],
    trigger=trig("vmstats", None, gfp="0x201da", order=0, oom_score_adj=0), text_not=K8S)
# prometheus#3005: the code fence glued before the first stamp; RHEL7 3.10 header of prometheus 54724 (gfp 0xd0,
# oom_score_adj -998, a docker scope cpuset), raw stack words, oom_kill_process called from
# mem_cgroup_oom_synchronize: a memcg OOM at a page fault; the next frame, cut by the index, left out.
add("884-prometheus-3005-rhel7-3.10-docker-scope-cpuset-prometheus-header-adj-minus-998-mem-cgroup-oom-synchronize-stack-cut.log",
    GH + "prometheus/prometheus/issues/3005", ["incomplete"],
    "memcg (stack: oom_kill_process called from mem_cgroup_oom_synchronize)", constraints=["memcg"],
    trigger=trig("prometheus", 54724, gfp="0xd0", order=0, oom_score_adj=-998))
# vscode#221722 (the text from its mirror vscodenpa/testissues#49880, which the index shows further): twelve 4.19+ task
# rows (bash, smbd, sshd, tail, systemd-udevd) and the summary (CONSTRAINT_NONE, global_oom, a session scope) naming
# node 1360903, cut by the index inside `uid=`. No kill line: the outcome is unknown.
add("885-vscode-221722-ubuntu-5.x-dmesg-remote-server-rows-smbd-bash-then-summary-session-scope-task-node-cut.log",
    GH + "microsoft/vscode/issues/221722 (text from github.com/vscodenpa/testissues/issues/49880)", ["incomplete"],
    "global (global_oom)", constraints=["global"], chosen=[1360903, "node"],
    task_memcg="/user.slice/user-1001.slice/session-385.scope",
    table_rows=[[1362790, "bash", 0], [1362791, "smbd", 0], [1362792, "bash", 0], [1362793, "bash", 0],
                [1362795, "smbd", 0], [1362797, "sshd", 0], [1362800, "smbd", 0], [1362802, "smbd", 0],
                [1362805, "smbd", 0], [1362806, "tail", 0], [1362807, "smbd", 0], [1362808, "systemd-udevd", 0]],
    text_not=K8S)
# coolsnowwolf/lede#11824 (Chinese): OpenWrt 6.6 `logread` lines with the year (`Fri Jan 26 11:15:19 2024 kern.info
# kernel: [ts]`): nine 4.19+ rows (sh with oom_score_adj 1000) and the summary, cut by the index after
# `mems_allowed=0,glob`: the chosen task is not in the text, nor is the constraint: 5.0-5.2 printed CONSTRAINT_NONE for
# memcg OOMs too (kernel_oom_formats.md), so only `global_oom` or `oom_memcg=` tells, and the cut took both (the
# oracle first said global from CONSTRAINT_NONE: a misreading, corrected before any fix).
add("886-lede-11824-zh-openwrt-6.6-logread-year-kern-info-rows-dynamic-dns-upd-sh-adj-1000-summary-cut-after-glob.log",
    GH + "coolsnowwolf/lede/issues/11824", ["incomplete"],
    "not determinable (summary cut before global_oom or oom_memcg; CONSTRAINT_NONE alone is also 5.0-5.2's memcg OOM)",
    constraints=[None],
    table_rows=[[1176, "jshn", 0], [1183, "tail", 0], [1184, "sh", 1000], [1185, "procd", 0],
                [1186, "dynamic_dns_upd", 0], [1187, "dynamic_dns_upd", 0], [1189, "sleep", 0],
                [1190, "dynamic_dns_upd", 0], [1191, "dynamic_dns_upd", 0]],
    wall_prefix="2024-01-26T11:15:19", text_not=K8S)
# bitnami/containers#56544: `$ dmesg`, the poster's `[...]`, an iptables LOG line (trailing blank), then the RHEL7 3.10
# header of kafka-admin-cli 66679 (gfp 0xd0) with a container id as cpuset, and the stack cut after dump_header
# (`? ep_poll_callback` is unreliable; the next frame, cut by the index, left out): the constraint is not in the text.
add("887-bitnami-containers-56544-rhel7-3.10-dmesg-elided-iptables-drop-line-then-kafka-admin-cli-header-container-cpuset-stack-cut.log",
    GH + "bitnami/containers/issues/56544", ["incomplete"], "not determinable (stack cut after dump_header)",
    constraints=[None], trigger=trig("kafka-admin-cli", 66679, gfp="0xd0", order=0, oom_score_adj=0))
# Negative. openwrt#18446: OpenWrt 23.05 (5.15.134, MT7986) syslog (host replaced), lines padded with blanks: a netifd
# notice, then netifd's order-10 `page allocation failure` (GFP_KERNEL|__GFP_COMP|__GFP_ZERO), its CPU and hardware
# lines. No OOM kill.
add("888-openwrt-18446-mt7986-5.15-syslog-netifd-line-then-netifd-page-allocation-failure-order-10-trailing-pad-negative.log",
    GH + "openwrt/openwrt/issues/18446", [], "n/a (no OOM report: page allocation failure)")
# ---- blind set 24d (901-912) ----
# Focus: how logs arrive (a blog's Hugo `{{< highlight >}}` blocks with prose between, pages in Japanese and Russian,
# journald JSON records, an RFC 5424 syslog receiver's JSON rows, /dev/kmsg records in string literals, a JSON array on
# one line). 906-909, 911 and 912 are code fixtures quoting kernel records (cited by index file id). Written by hand
# from the text and the kernel's formats before any run.
# datawookie blog (EC2, Ubuntu 4.4.0-1013-aws): dmesg in four Hugo highlight blocks with the author's prose between:
# the header of R 3026 (gfp 0x24280ca), Mem-Info, show_mem's tail (Free swap 0 of 4194300 kB), a 4.x table, then the
# selection of R 3026 (score 649) and its kill (no shmem-rss on 4.4). The trigger is the victim.
add("901-datawookie-blog-ec2-ubuntu-4.4-aws-hugo-highlight-shortcodes-prose-between-blocks-header-meminfo-4x-table-selection-kill-R-3026-swap-full.log",
    GH + "polodev/datawookie/blob/master/content/blog/2017-09-21-ec2-jobs-getting-killed.md (index file id 29829063049)",
    ["kill"], "global (Out of memory: prefix; 4.4 prints no summary)", constraints=["global"],
    kills=[kill(3026, "R", 14158732, 8590380, 1620, adj=0, adj_source="task table row", selected_score=649)],
    trigger=trig("R", 3026, gfp="0x24280ca", order=0, oom_score_adj=0),
    checks=["swap_exhausted"], not_checks=["trigger_not_victim"], text_not=K8S)
# MeWrite Docs (Japanese): the page's sample kill line alone (all four sizes), then "dmesgでの表示" with the same kill
# of java 12345 stamped: its CONSTRAINT_NONE summary (task_memcg /system.slice/myapp.service, uid 1000), the kill line
# cut by the writer after anon-rss, and the reaper. One kill quoted twice, not two kills.
add("mangler-pending/902-mewrite-ja-page-error-message-kill-line-then-dmesg-summary-kill-cut-after-anon-rss-reaper-java-12345-same-kill-twice.log",
    "https://docs.mewrite.jp/errors/oom-killer-process-killed", ["kill"], "global (global_oom)", constraints=["global"],
    kills=[kill(12345, "java", 4096000, 3500000, 0, 0, reaper=[0, 0, 0])],
    task_memcg="/system.slice/myapp.service", text_not=K8S)
# FixPedia (Russian): the typical lines "in dmesg or journalctl -k", millisecond stamps: the selection of python3 1234
# (score 500) and its kill (no shmem-rss).
add("903-fixpedia-ru-page-dmesg-millisecond-stamps-selection-score-500-and-kill-python3-1234-no-shmem.log",
    "https://fixpedia.ru/errors/linux/oom-killer-errors", ["kill"], "global (Out of memory: prefix)",
    constraints=["global"], kills=[kill(1234, "python3", 204800, 150000, 0, selected_score=500)], text_not=K8S)
# Textbook of Linux glossary: the kill of python 4321 cut after total-vm, then the summary (printed before the kill by
# the kernel) cut after `nodemask=(null)` with the writer's `...`, both stamped the same millisecond.
add("mangler-pending/904-textbookoflinux-glossary-kill-cut-after-total-vm-then-summary-elided-dots-out-of-print-order-python-4321.log",
    "https://www.textbookoflinux.com/glossary/oom-killer.html", ["kill"], "global (CONSTRAINT_NONE)",
    constraints=["global"], kills=[kill(4321, "python", 2048000, None, None)], text_not=K8S,
    pending="the glossary's prose line after the `...`-cut summary is read as the summary's wrapped rest, so the "
            "summary names no task the kill's stamp can vouch for and opens an event of its own (two for one); a "
            "viewer's `...` cut may still have its rest on the next line (corpus 727, 132 mangled), so the cut alone "
            "cannot end the record")
# infra-manual.com (Japanese): `grep -i oom /var/log/messages`, then the typical lines unstamped: the selection of
# java 12345 (score 987) and its kill cut after anon-rss.
add("905-infra-manual-ja-page-grep-var-log-messages-unstamped-selection-score-987-kill-java-12345-cut-after-anon-rss.log",
    "https://www.infra-manual.com/linux-troubleshooting-oomkiller", ["kill"], "global (Out of memory: prefix)",
    constraints=["global"], kills=[kill(12345, "java", 2048000, 1800000, None, selected_score=987)], text_not=K8S)
# A Rust test: one `journalctl -o json` record in a raw string, MESSAGE the kill of chrome 4242 cut after total-vm.
add("906-rust-log-reader-test-journalctl-json-line-in-raw-string-message-kill-chrome-4242-cut-after-total-vm.log",
    "Rust journal reader test (index file id 56813907717)", ["kill"], "global (Out of memory: prefix)",
    constraints=["global"], kills=[kill(4242, "chrome", 1, None, None)], text_not=K8S)
# A Go test: a journald JSON record (`__CURSOR`, `_SOURCE_MONOTONIC_TIMESTAMP`) in backticks, MESSAGE the whole
# 5.x-style kill of `fixture` 42 (no UID field).
add("907-go-hostdiag-test-journal-json-cursor-source-monotonic-in-backticks-kill-42-fixture-4096k.log",
    "Go host diagnostics test (index file id 66367123005)", ["kill"], "global (Out of memory: prefix)",
    constraints=["global"], kills=[kill(42, "fixture", 4096, 2048, 0, 0)], text_not=K8S)
# A Python test of a syslog receiver: three stored rows as dicts; the kernel row's message is the 2.6.9-era
# `Out of Memory: Killed process 412 (mysqld)` (no sizes) and its RFC 5424 raw line is cut before the pid.
add("908-python-syslog-receiver-test-json-entries-rfc5424-raw-cut-2.6.9-style-out-of-memory-killed-process-412-mysqld-no-sizes.log",
    "Python syslog receiver test (index file id 69401340861)", ["kill"],
    "not determinable (a bare 2.6.9-era kill line)", constraints=[None], kills=[kill(412, "mysqld", None, None, None)],
    text_not=K8S + ["whether a cgroup limit", "--limit"])
# A C++ test of a /dev/kmsg reader: six `PRI,SEQ,USEC,-;` records in string literals: micd's header cut after
# gfp_mask=0x6200ca (GFP_HIGHUSER_MOVABLE), the kill and reaper of micd 4242 without sizes, an Android
# lowmemorykiller line after (no OOM-killer record), foreign records between.
add("909-cpp-kmsg-tail-test-dev-kmsg-records-in-string-literals-header-no-order-kill-and-reaper-micd-4242-no-sizes-lowmemorykiller-line.log",
    "C++ kmsg tail test (index file id 71652976285)", ["kill"], "global (Out of memory: prefix)",
    constraints=["global"], kills=[kill(4242, "micd", None, None, None)], trigger=trig("micd", None, gfp="0x6200ca"),
    not_checks=["trigger_not_victim"], text_not=K8S)
# Negative. A Korean network troubleshooting page: `dmesg | tail -20` with `nf_conntrack: table full` and
# `TCP: out of memory -- consider tuning tcp_mem` (socket buffer memory, tcp_mem): no OOM kill.
add("910-ko-network-troubleshooting-doc-dmesg-tail-nf-conntrack-table-full-tcp-out-of-memory-consider-tuning-tcp-mem-no-oom-negative.log",
    "Korean network troubleshooting page source (index file id 55179427375)", [],
    "n/a (no OOM report: TCP socket memory over tcp_mem)")
# Negative. A Python fixture: a dict whose `lines` are quoted dmesg lines: kswapd reclaim and Android's
# lowmemorykiller killing com.example.myapp (adj 900): no OOM-killer record.
add("911-python-log-fixture-dict-dmesg-lines-quoted-kswapd-lowmemorykiller-killing-adj-900-to-free-no-oom-negative.log",
    "Python log fixture (index file id 62684467737)", [], "n/a (no OOM report: Android lowmemorykiller)")
# A Python log classifier: a JSON array of journald-like records on one line (sudo, nginx, sshd), the last the kernel's
# kill of java 33444 (no shmem-rss).
add("912-python-log-classifier-journald-json-array-on-one-line-sudo-nginx-sshd-then-kernel-kill-java-33444-no-shmem.log",
    "Python log classifier (index file id 67532095841)", ["kill"], "global (Out of memory: prefix)",
    constraints=["global"], kills=[kill(33444, "java", 456789, 12345, 0)], text_not=K8S)

here = os.path.dirname(os.path.abspath(__file__))
for k, o in O.items():
    if o["kinds"] is None:
        del o["kinds"]
with open(os.path.join(here, "oracles.json"), "w") as f:
    json.dump(O, f, indent=1, sort_keys=True)
    f.write("\n")
print(len(O), "oracles")
