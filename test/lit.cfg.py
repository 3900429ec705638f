# -*- Python -*-
# lit configuration for polyc's test suites (see docs/testing.md).
#
# The build's site configuration (build/test/lit.site.cfg.py, generated from
# lit.site.cfg.py.in) says where the tools are and then loads this file. When lit
# is run directly on the source tree (lit test/E2E), this file first loads the
# site configuration named by --param polyc_site_config=PATH (what ctest and
# build/polyc-lit pass), or the POLYC_LIT_SITE_CONFIG environment variable, or
# build/test/lit.site.cfg.py in the source tree, in that order.

import os

import lit.formats
import lit.util


def _load_site_config():
    candidates = [
        lit_config.params.get("polyc_site_config"),
        os.environ.get("POLYC_LIT_SITE_CONFIG"),
        os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "build", "test",
                     "lit.site.cfg.py"),
    ]
    for site in candidates:
        if site and os.path.isfile(site):
            lit_config.load_config(config, os.path.abspath(site))
            return
    lit_config.fatal(
        "polyc: no lit site configuration found. Build first (scripts/build.sh), then run "
        "build/polyc-lit <tests>, or lit --param polyc_site_config=<build>/test/lit.site.cfg.py "
        "<tests>.")


def _configure():
    config.name = "polyc"
    config.test_format = lit.formats.ShTest(execute_external=False)
    # A suite is any directory of these; Inputs/ holds files tests read.
    config.suffixes = [".gt", ".sched", ".test"]
    config.excludes = ["Inputs", "oracle", "graphs", "benchmarks", "qemu", "sanitize",
                       "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in", "README.md"]
    config.test_source_root = config.polyc_test_src_root
    config.test_exec_root = config.polyc_test_obj_root

    # The build's polyc and polyrt-gen first, then FileCheck, not, count.
    # --param polyc_bin=DIR puts DIR before them, so tests that call plain `polyc`
    # run DIR/polyc (the sanitized build's: <build>/sanitize/bin); temporary files
    # then go to <build>/test/polyc_bin/, so that such a run and a normal run of
    # the same suite can go at once.
    tool_dirs = [config.polyc_tools_dir, config.llvm_tools_dir]
    polyc_bin = lit_config.params.get("polyc_bin")
    if polyc_bin:
        polyc_bin = os.path.abspath(polyc_bin)
        if not os.path.isfile(os.path.join(polyc_bin, "polyc")):
            lit_config.fatal("polyc: --param polyc_bin=%s: no polyc there" % polyc_bin)
        tool_dirs.insert(0, polyc_bin)
        config.test_exec_root = os.path.join(config.polyc_test_obj_root, "polyc_bin")
        # Tests may skip work that checks other tools, not polyc (compiling the
        # generated C++ again): test/CodeGen/compile_examples.py reads this.
        config.environment["POLYC_TEST_SANITIZED_POLYC"] = "1"
    path = os.pathsep.join(tool_dirs +
                           [config.environment.get("PATH", os.environ.get("PATH", ""))])
    config.environment["PATH"] = path
    # A polyc built with sanitizers stops at its first report (lit passes the
    # caller's ASAN_OPTIONS and UBSAN_OPTIONS through). lit's `not` turns that
    # failure into a pass: build/polyc-lit-sanitized (test/Fuzz/sanitized_lit.py)
    # also collects the reports and fails on any.
    config.environment.setdefault("ASAN_OPTIONS", "detect_leaks=1")
    config.environment.setdefault("UBSAN_OPTIONS", "halt_on_error=1:print_stacktrace=1")
    # Generated programs run with a fixed thread count so the parallel schedules
    # really race, whatever the machine (override: --param omp_threads=N).
    config.environment["OMP_NUM_THREADS"] = lit_config.params.get("omp_threads", "2")
    # Keep the user's runtime knobs out of the tests; tests set them explicitly.
    for var in list(config.environment):
        if var.startswith("POLYRT_"):
            del config.environment[var]
    # Every polyc call checks the IR's invariants after each pass (Verifier.cpp):
    # a pass that breaks one fails the test with an internal error naming it.
    config.environment["POLYC_OPTIONS"] = "--verify-each"
    for var in ("HOME", "TMPDIR", "CXX", "CC"):
        if var in os.environ:
            config.environment[var] = os.environ[var]

    src = config.polyc_src_root
    python = config.python_executable
    config.substitutions.append(("%examples", os.path.join(src, "examples")))
    config.substitutions.append(("%graphs", os.path.join(src, "test", "graphs")))
    config.substitutions.append(
        ("%oracle", '"%s" "%s"' % (python, os.path.join(src, "test", "oracle", "check.py"))))
    config.substitutions.append(
        ("%el2sg", '"%s" "%s"' % (python, os.path.join(src, "test", "oracle", "el2sg.py"))))
    config.substitutions.append(("%python", '"%s"' % python))
    # Compiling user C++ against generated libraries (the embedding tests):
    # %embed-cxx FILES... -o EXE %polyrt-libs, warnings as errors.
    cxx = getattr(config, "cxx", "c++")
    config.substitutions.append(
        ("%embed-cxx", '"%s" -std=c++20 -O1 -Wall -Wextra -Werror -fopenmp -I"%s"'
         % (cxx, os.path.join(src, "runtime", "include"))))
    config.substitutions.append(
        ("%polyrt-libs", '"%s" -lnuma -lz' % os.path.join(config.polyc_obj_root, "lib", "libpolyrt.a")))

    for tool in ("polyc", "polyrt-gen"):
        if os.path.exists(os.path.join(config.polyc_tools_dir, tool)):
            config.available_features.add(tool)


if getattr(config, "polyc_obj_root", None) is None:
    _load_site_config()
else:
    _configure()
