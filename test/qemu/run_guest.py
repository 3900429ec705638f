#!/usr/bin/env python3
"""Boots a QEMU guest with N virtual NUMA nodes and checks real placement there.

    run_guest.py --prepare --build build      (once: kernel and static binaries)
    run_guest.py --nodes 2 --build build --work build/test/qemu/numa2

What it does (docs/testing.md, "Real placement in a QEMU guest"):
1. Gets a Debian cloud kernel: `apt-get download` of the package
   linux-image-cloud-amd64 depends on, unpacked into <build>/qemu/kernel
   (once; later runs reuse it).
2. Builds the guest's programs, all static: its init (polyc-qemu-init), the
   runtime's unit tests (polyrt-unittests-static), and polyc-generated NUMA
   PageRank and BFS (examples/pr.gt, examples/bfs.gt under
   examples/schedules/pr_pull_numa.sched and bfs_hybrid_numa.sched).
3. Packs them with a Kronecker graph into an initramfs and boots
   qemu-system-x86_64 (software emulation: KVM is not usable here) with N
   `-numa node`s over 4 CPUs and 1 GiB. The guest runs the placement and
   affinity tests with transparent huge pages on and off, and the two
   programs, each under POLYRT_VERBOSE=1 (whose topology line must show N
   real nodes), then powers off.
4. Checks every test passed and every program printed exactly what the same
   program prints on the host.

Exit status: 0 passed, 1 failed, 77 skipped (no qemu-system-x86_64, or the
kernel package cannot be had), which ctest reports as skipped. Timing inside
the guest means nothing and is not measured.
"""

import argparse
import glob
import os
import re
import shutil
import struct
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, os.pardir, os.pardir))
SKIP = 77
# Seconds, under software emulation. A guest is up in about 5 s; in one CI
# run a kernel stalled before init under heavy host load (not one console
# line for 420 s), so a boot that has not reached init by
# BOOT_TIMEOUT is killed and booted again, up to BOOT_ATTEMPTS times. A stall
# after init started is a failure, never retried.
BOOT_TIMEOUT = 120
BOOT_ATTEMPTS = 3
GUEST_TIMEOUT = 420  # boot plus tests of one attempt
GUEST_UP = "POLYC-QEMU: guest up"


def say(text):
    print("run_guest: " + text, flush=True)


def kernel(build):
    """The cloud kernel's vmlinuz, fetched as a Debian package once."""
    directory = os.path.join(build, "qemu", "kernel")
    found = glob.glob(os.path.join(directory, "boot", "vmlinuz-*"))
    if found:
        return found[0]
    os.makedirs(directory, exist_ok=True)
    depends = subprocess.run(["apt-cache", "depends", "linux-image-cloud-amd64"],
                             capture_output=True, text=True)
    match = re.search(r"Depends: (linux-image-\S+-cloud-amd64)", depends.stdout)
    if not match:
        return None
    package = match.group(1)
    start = time.time()
    got = subprocess.run(["apt-get", "download", package], cwd=directory,
                         capture_output=True, text=True)
    debs = glob.glob(os.path.join(directory, package + "_*.deb"))
    if got.returncode != 0 or not debs:
        say("cannot download %s: %s" % (package, got.stderr.strip()))
        return None
    subprocess.run(["dpkg-deb", "-x", debs[0], directory], check=True)
    os.remove(debs[0])
    say("fetched %s in %.1f s" % (package, time.time() - start))
    found = glob.glob(os.path.join(directory, "boot", "vmlinuz-*"))
    return found[0] if found else None


def newc(entries):
    """A cpio archive (newc format) of (name, mode, data) entries."""
    out = bytearray()
    for ino, (name, mode, data) in enumerate(entries + [("TRAILER!!!", 0, b"")], start=1):
        encoded = name.encode() + b"\0"
        header = "070701" + "".join("%08X" % v for v in (
            ino, mode, 0, 0, 1, 0, len(data), 0, 0, 0, 0, len(encoded), 0))
        out += header.encode() + encoded
        out += b"\0" * (-len(out) % 4)
        out += data
        out += b"\0" * (-len(out) % 4)
    return bytes(out)


def static_program(build, work, example, schedule):
    """examples/<example>.gt under a schedule, compiled statically."""
    cpp = os.path.join(work, example + ".cpp")
    exe = os.path.join(work, example)
    subprocess.run([os.path.join(build, "bin", "polyc"), os.path.join(REPO, "examples", example + ".gt"),
                    "-s", os.path.join(REPO, "examples", "schedules", schedule),
                    "--emit=cpp", "-o", cpp], check=True)
    # (The linker warns that libgomp's and libnuma's dlopen and getaddrinfo
    # would need the host's glibc at run time: neither runs here.)
    subprocess.run(["c++", "-std=c++20", "-O1", "-fopenmp", "-static",
                    "-I", os.path.join(REPO, "runtime", "include"), cpp, "-o", exe,
                    os.path.join(build, "lib", "libpolyrt.a"), "-lnuma", "-lz"], check=True,
                   stderr=subprocess.DEVNULL)
    return exe


def boot(command):
    """Runs one guest; returns (outcome, console) where outcome is "finished",
    "boot-stalled" (init never started within BOOT_TIMEOUT) or "timed-out"."""
    guest = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT)
    chunks = []

    def drain():
        for chunk in iter(lambda: guest.stdout.read1(65536), b""):
            chunks.append(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    start = time.time()
    outcome = "finished"
    while guest.poll() is None:
        elapsed = time.time() - start
        if elapsed > BOOT_TIMEOUT and GUEST_UP.encode() not in b"".join(chunks):
            outcome = "boot-stalled"
        elif elapsed > GUEST_TIMEOUT:
            outcome = "timed-out"
        if outcome != "finished":
            guest.kill()
            guest.wait()
            break
        time.sleep(0.5)
    reader.join(timeout=10)
    return outcome, b"".join(chunks).decode(errors="replace")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--prepare", action="store_true",
                        help="fetch the kernel and build the static binaries, then stop")
    parser.add_argument("--nodes", type=int)
    parser.add_argument("--build", required=True)
    parser.add_argument("--work")
    args = parser.parse_args()
    build = os.path.abspath(args.build)

    qemu = shutil.which("qemu-system-x86_64")
    if not qemu:
        say("SKIPPED: qemu-system-x86_64 is not installed (Debian's qemu-system-x86; "
            "scripts/install-deps.sh installs it)")
        return SKIP
    if args.prepare:
        # Once for all guests (the ctest fixture qemu-prepare): two guests
        # building or fetching into one directory at once would race.
        if not kernel(build):
            say("SKIPPED: no Debian cloud kernel could be fetched (apt-get download)")
            return SKIP
        built = subprocess.run(["cmake", "--build", build, "--target", "polyc-qemu-init",
                                "polyrt-unittests-static"], capture_output=True, text=True)
        if built.returncode != 0:
            say("FAILED: building the guest's programs:\n" + built.stdout[-3000:])
            return 1
        return 0
    if not args.nodes or not args.work:
        parser.error("--nodes and --work are needed without --prepare")
    work, nodes = os.path.abspath(args.work), args.nodes
    os.makedirs(work, exist_ok=True)
    vmlinuz = kernel(build)
    if not vmlinuz:
        say("SKIPPED: no Debian cloud kernel could be fetched (apt-get download)")
        return SKIP
    for binary in ("polyc-qemu-init", "polyrt-unittests-static"):
        if not os.path.exists(os.path.join(build, "bin", binary)):
            say("FAILED: %s is not built (run with --prepare first)" % binary)
            return 1
    graph = os.path.join(work, "kron.sg")
    subprocess.run([os.path.join(build, "bin", "polyrt-gen"), "kron", "-s", "10", "-u", "-o", graph],
                   check=True, stdout=subprocess.DEVNULL)
    programs = {
        "pr": (static_program(build, work, "pr", "pr_pull_numa.sched"), ["/kron.sg"]),
        "bfs": (static_program(build, work, "bfs", "bfs_hybrid_numa.sched"), ["/kron.sg", "1"]),
    }

    # What the guest runs, and what the host expects of the programs.
    tests = []
    placement = "--gtest_filter=NumaPlacement.*:NumaAffinity.*:Topology.*:NodeSubgraphs.*"
    for thp in ("always", "never"):
        tests.append(("placement-thp-" + thp, thp, "GTEST_COLOR=no", ["/bin/unittests", placement]))
    expected = {}
    for name, (exe, guest_args) in programs.items():
        host_args = [graph if a == "/kron.sg" else a for a in guest_args]
        host = subprocess.run([exe] + host_args, capture_output=True, text=True,
                              env=dict(os.environ, OMP_NUM_THREADS="4"))
        if host.returncode != 0:
            say("FAILED: %s on the host: %s" % (name, host.stderr))
            return 1
        expected[name] = host.stdout
        tests.append((name, "-", "POLYRT_VERBOSE=1,OMP_NUM_THREADS=4", ["/bin/" + name] + guest_args))

    entries = [("bin", 0o40755, b""), ("dev", 0o40755, b""),
               ("init", 0o100755, open(os.path.join(build, "bin", "polyc-qemu-init"), "rb").read()),
               ("bin/unittests", 0o100755,
                open(os.path.join(build, "bin", "polyrt-unittests-static"), "rb").read()),
               ("kron.sg", 0o100644, open(graph, "rb").read()),
               ("tests.txt", 0o100644, "".join(
                   "\t".join([n, thp, env] + argv) + "\n" for n, thp, env, argv in tests).encode())]
    for name, (exe, _) in programs.items():
        entries.append(("bin/" + name, 0o100755, open(exe, "rb").read()))
    initrd = os.path.join(work, "initrd.cpio")
    with open(initrd, "wb") as f:
        f.write(newc(entries))

    command = [qemu, "-machine", "q35", "-accel", "tcg", "-cpu", "max", "-m", "1G",
               "-smp", "4", "-nographic", "-no-reboot", "-kernel", vmlinuz, "-initrd", initrd,
               "-append", "console=ttyS0 quiet panic=-1 transparent_hugepage=always"]
    cpus = 4 // nodes
    for k in range(nodes):
        command += ["-object", "memory-backend-ram,id=m%d,size=%dM" % (k, 1024 // nodes),
                    "-numa", "node,nodeid=%d,cpus=%d-%d,memdev=m%d" % (k, k * cpus, k * cpus + cpus - 1, k)]
    for attempt in range(1, BOOT_ATTEMPTS + 1):
        say("booting a guest with %d NUMA nodes%s" %
            (nodes, "" if attempt == 1 else " (attempt %d)" % attempt))
        start = time.time()
        outcome, console = boot(command)
        console = console.replace("\r", "")
        if outcome != "boot-stalled":
            break
        say("the kernel did not reach init within %d s; the console so far:" % BOOT_TIMEOUT)
        print(console[-2000:])
    if outcome != "finished":
        with open(os.path.join(work, "console.log"), "w") as f:
            f.write(console)
        say("FAILED: %s" % {"boot-stalled": "the kernel did not reach init in %d attempts"
                                             % BOOT_ATTEMPTS,
                            "timed-out": "the guest did not power off within %d s"
                                         % GUEST_TIMEOUT}[outcome])
        print(console[-4000:])
        return 1
    with open(os.path.join(work, "console.log"), "w") as f:
        f.write(console)
    say("the guest ran for %.0f s" % (time.time() - start))

    failures = []
    if "POLYC-QEMU: DONE" not in console:
        failures.append("the guest did not finish its tests")
    for name, _thp, _env, _argv in tests:
        match = re.search(r"POLYC-QEMU-BEGIN %s\n(.*?)\nPOLYC-QEMU-END %s (\d+)\n" %
                          (re.escape(name), re.escape(name)), console, re.S)
        if not match:
            failures.append("%s: no result on the console" % name)
            continue
        output, rc = match.group(1), int(match.group(2))
        if rc != 0:
            failures.append("%s: exit status %d" % (name, rc))
        if name in expected:
            lines = [l for l in output.split("\n") if not l.startswith("polyrt:")]
            if "\n".join(lines).strip() != expected[name].strip():
                failures.append("%s: the output differs from the host's" % name)
            if "NUMA: %d real nodes" % nodes not in output:
                failures.append("%s: the guest's topology line does not show %d real nodes" %
                                (name, nodes))
        else:
            summary = re.findall(r"\[  (?:PASSED|FAILED)  \].*", output)
            say("%s: %s" % (name, "; ".join(summary) or "no gtest summary"))
    for line in re.findall(r"polyrt: (?:NUMA|  node).*", console)[:2 + nodes]:
        say("guest: " + line)
    if failures:
        for f in failures:
            say("FAILED: " + f)
        say("console: %s" % os.path.join(work, "console.log"))
        print("POLYC-QEMU: FAILED")
        return 1
    print("POLYC-QEMU: PASSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
