"""Unit tests of `import oomlens` (share/oomlens/pylib/oomlens) on fixture
trees (cgroup v1 and v2 under a fake root) and on a real signal.

usage: python3 -m unittest discover -s tests/python (PYTHONPATH=share/oomlens/pylib)
"""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

import oomlens

MiB = 1 << 20


def write(root, rel, text):
    p = os.path.join(root, rel)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w") as f:
        f.write(text)


class CgroupV1(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp()
        write(self.root, "proc/self/cgroup", "12:cpu:/\n4:memory:/jobs/job1\n0::/\n")
        write(self.root, "proc/self/mountinfo",
              "30 25 0:26 / /sys/fs/cgroup/memory rw,nosuid - cgroup cgroup rw,memory\n"
              "31 25 0:27 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n")
        m = "sys/fs/cgroup/memory/"
        write(self.root, m + "memory.limit_in_bytes", "9223372036854771712\n")
        write(self.root, m + "jobs/memory.limit_in_bytes", "%d\n" % (1024 * MiB))
        write(self.root, m + "jobs/memory.usage_in_bytes", "%d\n" % (900 * MiB))
        write(self.root, m + "jobs/job1/memory.limit_in_bytes", "%d\n" % (512 * MiB))
        write(self.root, m + "jobs/job1/memory.usage_in_bytes", "%d\n" % (300 * MiB))
        write(self.root, "proc/meminfo", "MemTotal: 16000000 kB\nMemAvailable: 8000000 kB\n")

    def test_limit_is_the_tightest_level(self):
        self.assertEqual(oomlens.limit_bytes(self.root), 512 * MiB)

    def test_headroom_is_the_smallest_of_the_levels_and_memavailable(self):
        # job1: 212 MiB left; its parent: 124 MiB left; MemAvailable ~7.6 GiB.
        self.assertEqual(oomlens.headroom_bytes(self.root), 124 * MiB)


class CgroupV2(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp()
        write(self.root, "proc/self/cgroup", "0::/user.slice/job.scope\n")
        write(self.root, "proc/self/mountinfo", "30 25 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n")
        c = "sys/fs/cgroup/"
        write(self.root, c + "user.slice/memory.max", "max\n")
        write(self.root, c + "user.slice/memory.current", "%d\n" % (2000 * MiB))
        write(self.root, c + "user.slice/job.scope/memory.max", "%d\n" % (256 * MiB))
        write(self.root, c + "user.slice/job.scope/memory.current", "%d\n" % (56 * MiB))
        write(self.root, "proc/meminfo", "MemAvailable: 1048576 kB\n")

    def test_limit_and_headroom(self):
        self.assertEqual(oomlens.limit_bytes(self.root), 256 * MiB)
        self.assertEqual(oomlens.headroom_bytes(self.root), 200 * MiB)

    def test_unlimited_is_none(self):
        write(self.root, "sys/fs/cgroup/user.slice/job.scope/memory.max", "max\n")
        self.assertIsNone(oomlens.limit_bytes(self.root))
        self.assertEqual(oomlens.headroom_bytes(self.root), 1024 * MiB)  # MemAvailable alone

    def test_unreadable_is_none(self):
        empty = tempfile.mkdtemp()
        self.assertIsNone(oomlens.limit_bytes(empty))
        self.assertIsNone(oomlens.headroom_bytes(empty))


class Environment(unittest.TestCase):
    def run_py(self, code, env):
        e = dict(os.environ)
        for k in ("OOMLENS_ATTEMPT", "OOMLENS_RESUME", "OOMLENS_RESUME_ACK", "OOMLENS_WARNING_SIGNAL"):
            e.pop(k, None)
        e.update(env)
        return subprocess.run([sys.executable, "-c", code], env=e, capture_output=True, text=True, timeout=60)

    def test_attempt_and_resumed(self):
        r = self.run_py("import oomlens; print(oomlens.attempt(), oomlens.resumed())", {})
        self.assertEqual(r.stdout.split(), ["1", "False"])
        ack = os.path.join(tempfile.mkdtemp(), "ack")
        r = self.run_py("import oomlens; print(oomlens.attempt(), oomlens.resumed())",
                        {"OOMLENS_ATTEMPT": "2", "OOMLENS_RESUME": "1", "OOMLENS_RESUME_ACK": ack})
        self.assertEqual(r.stdout.split(), ["2", "True"])
        self.assertTrue(os.path.exists(ack), "resumed() records that the job asked")

    def test_on_warning_without_a_signal_action_installs_nothing(self):
        r = self.run_py("import oomlens; print(oomlens.on_warning(lambda: None))", {})
        self.assertEqual(r.stdout.strip(), "False")

    def test_on_warning_runs_the_callback_while_the_main_thread_is_busy(self):
        # The main thread sleeps in one long C call (time.sleep): the callback
        # still runs, in its own thread, and the process exits with exit_code.
        out = os.path.join(tempfile.mkdtemp(), "ckpt")
        code = textwrap.dedent("""
            import os, signal, threading, time, oomlens
            def save():
                with open(%r, "w") as f:
                    f.write(threading.current_thread().name)
            assert oomlens.on_warning(save, exit_code=7)
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(30)
            print("not reached")
        """ % out)
        r = self.run_py(code, {"OOMLENS_WARNING_SIGNAL": "15"})
        self.assertEqual(r.returncode, 7, r.stderr)
        with open(out) as f:
            self.assertEqual(f.read(), "oomlens-on-warning")
        self.assertNotIn("not reached", r.stdout)


if __name__ == "__main__":
    unittest.main()
