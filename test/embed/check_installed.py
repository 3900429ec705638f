#!/usr/bin/env python3
"""ctest embed-example: polyc as its users get it, from `cmake --install`.

    check_installed.py --source SRC --build BUILD [--cmake CMAKE] [--keep]

1. Installs BUILD into a temporary prefix, then moves the prefix: everything
   below must work from where the files are, not from where they were put.
   No installed file may name the source or build tree.
2. Configures and builds examples/embed (a copy) with CMake against the moved
   prefix, runs it, and checks its PageRank and BFS output with the oracle
   (test/oracle/check.py) on the graph it built in memory and wrote out.
3. Edits the copied .sched and the .gt: the build runs polyc again.
4. pkg-config: the installed polyc's --emit=cpp/--emit=header and
   `pkg-config --cflags --libs polyrt` build the same example without CMake,
   linked with the shared libpolyrt.so.
5. The installed polyc builds an executable (examples/pr.gt) from the
   runtime beside it.
6. polyc-tune as installed: --help, and a one-trial search of examples/pr.gt
   with the installed polyc, comparing with the installed hand-picked
   schedule, writing a schedule polyc accepts (docs/tuning.md).
7. Python: examples/embed/python builds the same kernels as nanobind modules
   (polyc_add_python_module) and compare.py checks them against NetworkX,
   with SciPy CSR and NumPy edge-array graphs.
Exit status 0 when all hold; the first failure stops with a message.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile


def run(cmd, **kw):
    print("+ " + " ".join(cmd), flush=True)
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    if result.returncode != 0:
        sys.exit("FAILED (exit %d): %s\n%s" % (result.returncode, " ".join(cmd), result.stdout))
    return result.stdout


def oracle(src, algo, graph, output, *extra):
    run([sys.executable, os.path.join(src, "test", "oracle", "check.py"), algo, graph, output]
        + list(extra))


def runs_polyc_on(build_log, program):
    """Whether a verbose build log shows polyc compiling `program` (a .gt)."""
    return any(program in line and "--emit=cpp" in line for line in build_log.splitlines())


def check_demo(src, exe, out):
    os.makedirs(out, exist_ok=True)
    text = run([exe, out])
    print(text)
    if "before initialisation: pagerank::pagerank was called before pagerank::polyc_initialize" \
            not in text:
        sys.exit("FAILED: no error for a call before initialisation:\n" + text)
    oracle(src, "pr", os.path.join(out, "graph.el"), os.path.join(out, "pr.txt"))
    oracle(src, "bfs", os.path.join(out, "graph.el"), os.path.join(out, "bfs.txt"), "--source", "0")


def check_tune(src, prefix, graph, work):
    tune = os.path.join(prefix, "bin", "polyc-tune")
    env = {k: v for k, v in os.environ.items() if not k.startswith("POLYC_TUNE_")}
    env["OMP_WAIT_POLICY"] = "passive"
    if "--budget" not in run([tune, "--help"], env=env):
        sys.exit("FAILED: polyc-tune --help does not describe its options")
    result = subprocess.run([tune, os.path.join(src, "examples", "pr.gt"), "--graph", graph,
                             "--budget", "1", "--runs", "1", "--min-time", "0", "--confirm", "0",
                             "--work", work], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, env=env)
    if result.returncode == 2 and "needs optuna" in result.stdout:
        print("polyc-tune: not searched (optuna is not installed): " + result.stdout)
        return
    if result.returncode != 0:
        sys.exit("FAILED: the installed polyc-tune:\n" + result.stdout)
    if "(hand-picked: test/benchmarks/schedules/pr.sched)" not in result.stdout:
        sys.exit("FAILED: the installed polyc-tune did not find the hand-picked schedule:\n"
                 + result.stdout)
    run([os.path.join(prefix, "bin", "polyc"), os.path.join(src, "examples", "pr.gt"), "-s",
         os.path.join(work, "pr.best.sched"), "--emit=cpp", "-o", os.devnull])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--cmake", default="cmake")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    opts = ap.parse_args()
    src, build = os.path.realpath(opts.source), os.path.realpath(opts.build)
    tmp = tempfile.mkdtemp(prefix="polyc-embed-")
    try:
        staged, prefix = os.path.join(tmp, "staged"), os.path.join(tmp, "prefix")
        run([opts.cmake, "--install", build, "--prefix", staged])
        os.rename(staged, prefix)

        # 1. No installed file names the trees it came from.
        for root, _, files in os.walk(prefix):
            for name in files:
                path = os.path.join(root, name)
                with open(path, "rb") as f:
                    data = f.read()
                for tree in (src, build, staged):
                    if tree.encode() in data:
                        sys.exit("FAILED: %s contains the path %s" % (path, tree))
        for required in ("bin/polyc", "bin/polyrt-gen", "bin/polyc-tune", "include/polyrt/polyrt.h",
                         "lib/libpolyrt.a",
                         "lib/libpolyrt.so", "lib/cmake/polyc/polycConfig.cmake",
                         "lib/pkgconfig/polyrt.pc"):
            if not os.path.exists(os.path.join(prefix, required)):
                sys.exit("FAILED: the install has no " + required)

        # 2. The CMake project.
        project = os.path.join(tmp, "embed")
        shutil.copytree(os.path.join(src, "examples", "embed"), project)
        bdir = os.path.join(tmp, "embed-build")
        run([opts.cmake, "-S", project, "-B", bdir, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
             "-DCMAKE_PREFIX_PATH=" + prefix])
        run([opts.cmake, "--build", bdir, "-j2"])
        check_demo(src, os.path.join(bdir, "embed_demo"), os.path.join(tmp, "out-cmake"))

        # 3. Editing the schedule, then the algorithm, runs polyc again.
        with open(os.path.join(project, "pagerank.sched"), "a") as f:
            f.write("% edited by check_installed.py\n")
        text = run([opts.cmake, "--build", bdir, "-j2", "--verbose"])
        if not runs_polyc_on(text, "pagerank.gt"):
            sys.exit("FAILED: editing pagerank.sched did not run polyc again:\n" + text)
        with open(os.path.join(project, "bfs.gt"), "a") as f:
            f.write("% edited by check_installed.py\n")
        text = run([opts.cmake, "--build", bdir, "-j2", "--verbose"])
        if not runs_polyc_on(text, "bfs.gt") or runs_polyc_on(text, "pagerank.gt"):
            sys.exit("FAILED: editing bfs.gt did not run polyc on it (and only it):\n" + text)
        check_demo(src, os.path.join(bdir, "embed_demo"), os.path.join(tmp, "out-edited"))

        # 4. pkg-config and the installed polyc, without CMake.
        polyc = os.path.join(prefix, "bin", "polyc")
        gen = os.path.join(tmp, "pkgconfig")
        os.makedirs(gen)
        for prog in ("pagerank", "bfs"):
            gt = os.path.join(project, prog + ".gt")
            run([polyc, gt, "--emit=cpp", "-o", os.path.join(gen, prog + ".cpp")])
            run([polyc, gt, "--emit=header", "-o", os.path.join(gen, prog + ".h")])
        env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(prefix, "lib", "pkgconfig"))
        flags = run(["pkg-config", "--cflags", "--libs", "--static", "polyrt"], env=env).split()
        # -lpolyrt links the shared libpolyrt.so: the program finds it by its rpath.
        libdir = run(["pkg-config", "--variable=libdir", "polyrt"], env=env).strip()
        flags.append("-Wl,-rpath," + libdir)
        cxx = os.environ.get("CXX", "c++")
        exe = os.path.join(gen, "embed_demo")
        run([cxx, "-O2", "-Wall", "-Wextra", "-Werror", "-I" + gen, os.path.join(project, "main.cpp"),
             os.path.join(gen, "pagerank.cpp"), os.path.join(gen, "bfs.cpp"), "-o", exe] + flags)
        check_demo(src, exe, os.path.join(tmp, "out-pkgconfig"))

        # 5. The installed polyc makes executables with the runtime beside it.
        pr = os.path.join(tmp, "pr")
        run([polyc, os.path.join(src, "examples", "pr.gt"), "-o", pr])
        graph = os.path.join(src, "test", "graphs", "random30.el")
        ranks = os.path.join(tmp, "pr.txt")
        with open(ranks, "w") as f:
            f.write(run([pr, graph]))
        oracle(src, "pr", graph, ranks)

        # 6. polyc-tune, with nothing from the trees it came from.
        check_tune(src, prefix, graph, os.path.join(tmp, "tune"))

        # 7. The Python modules, for this Python (the one with nanobind).
        pysrc = os.path.join(project, "python")
        pybuild = os.path.join(tmp, "python-build")
        run([opts.cmake, "-S", pysrc, "-B", pybuild, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
             "-DCMAKE_PREFIX_PATH=" + prefix, "-DPython_EXECUTABLE=" + sys.executable])
        run([opts.cmake, "--build", pybuild, "-j2"])
        print(run([sys.executable, os.path.join(pysrc, "compare.py")],
                  env=dict(os.environ, PYTHONPATH=pybuild)))
        print("embed-example: ok")
    finally:
        if opts.keep:
            print("kept " + tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
