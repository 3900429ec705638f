//===- polyc.cpp - The polyc driver ---------------------------------------===//
//
//   polyc prog.gt [-s prog.sched] [-o out]
//         [--emit=exe|cpp|header|python|ast|ir|schedule-space] [--namespace=NS]
//         [--sanitize=address,undefined|thread] [--target=cpu-openmp]
//   polyc --list-passes [--target=cpu-openmp]
//
// Reads the algorithm (and its inline `schedule:` section, if any), the
// schedule file, checks both, lowers them through the pass pipeline and emits
// C++; for --emit=exe (the default) it then runs the system C++ compiler
// against polyrt. Exit status 0 only on success.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/ASTPrinter.h"
#include "polyc/CodeGen/CppEmitter.h"
#include "polyc/Frontend/InlineSchedule.h"
#include "polyc/Frontend/Parser.h"
#include "polyc/IR/IR.h"
#include "polyc/Passes/Pass.h"
#include "polyc/Schedule/Schedule.h"
#include "polyc/Sema/Sema.h"
#include "polyc/Support/SourceFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

using namespace polyc;
namespace cl = llvm::cl;

namespace {

cl::OptionCategory polycCategory("polyc options");

// Required unless --print-cxx-flags (checked in main).
cl::opt<std::string> inputPath(cl::Positional, cl::desc("<algorithm.gt>"),
                               cl::cat(polycCategory));
cl::opt<std::string> schedulePath("s", cl::desc("Schedule file"), cl::value_desc("file"),
                                  cl::cat(polycCategory));
cl::opt<std::string> outputPath("o", cl::desc("Output file ('-' for stdout except with --emit=exe)"),
                                cl::value_desc("file"), cl::cat(polycCategory));

enum class EmitKind { Exe, Cpp, Header, Python, AST, IR, ScheduleSpace };
cl::opt<EmitKind> emitKind(
    "emit", cl::desc("What to produce"), cl::init(EmitKind::Exe),
    cl::values(clEnumValN(EmitKind::Exe, "exe", "an executable (default)"),
               clEnumValN(EmitKind::Cpp, "cpp", "the generated C++"),
               clEnumValN(EmitKind::Header, "header",
                          "the C++ header declaring a library's export functions"),
               clEnumValN(EmitKind::Python, "python",
                          "the C++ of a nanobind Python module of a library's export functions"),
               clEnumValN(EmitKind::AST, "ast", "the checked syntax tree"),
               clEnumValN(EmitKind::IR, "ir", "the IR after all passes"),
               clEnumValN(EmitKind::ScheduleSpace, "schedule-space",
                          "the labels and the schedule options they accept, as JSON")),
    cl::cat(polycCategory));

// Two programs linked into one executable need two namespaces; the default
// (the file's stem) differs as long as their file names do.
cl::opt<std::string> cppNamespace(
    "namespace",
    cl::desc("C++ namespace of the generated code (default: from the program's file name, "
             "pr.gt -> pr); its export functions are NS::name"),
    cl::value_desc("NS"), cl::cat(polycCategory));

cl::opt<std::string> pythonModule(
    "python-module",
    cl::desc("The module name for --emit=python (default: the namespace's last part); the "
             "built module's file name must start with it"),
    cl::value_desc("name"), cl::cat(polycCategory));

// Parsed in main, for an error that lists the targets.
cl::opt<std::string> targetOption(
    "target", cl::desc("What to generate code for: cpu-openmp (the default, and the only target "
                       "so far); passes that do not apply to it are skipped"),
    cl::value_desc("name"), cl::init("cpu-openmp"), cl::cat(polycCategory));
cl::opt<bool> listPasses("list-passes",
                         cl::desc("Print the passes that run for --target, in order, each "
                                  "with its description, and exit"),
                         cl::cat(polycCategory));

cl::list<std::string> printIRAfter("print-ir-after",
                                   cl::desc("Print the IR after the named pass (to stderr)"),
                                   cl::value_desc("pass"), cl::CommaSeparated,
                                   cl::cat(polycCategory));
cl::opt<bool> printIRAfterAll("print-ir-after-all", cl::desc("Print the IR after every pass"),
                              cl::cat(polycCategory));
#ifdef NDEBUG
constexpr bool kVerifyByDefault = false;
#else
constexpr bool kVerifyByDefault = true;
#endif
cl::opt<bool> accountAccesses(
    "account-accesses",
    cl::desc("Generate a program that counts, per traversal and NUMA node, local and remote, "
             "sequential and random accesses to vertex data and topology, and prints them at "
             "exit (docs/numa.md)"),
    cl::cat(polycCategory));
cl::opt<bool> accountMessages(
    "account-messages",
    cl::desc("Generate a distributed program (configDistribution) that counts, per traversal, "
             "rank and round, the messages and bytes it sends, and prints them at exit "
             "(docs/distributed.md)"),
    cl::cat(polycCategory));
// The test suites turn it on through POLYC_OPTIONS=--verify-each.
cl::opt<bool> verifyEach("verify-each",
                         cl::desc("Check the IR's invariants after every pass (an internal "
                                  "error names the pass that broke one; on in debug builds)"),
                         cl::init(kVerifyByDefault), cl::cat(polycCategory));

cl::opt<std::string> cxx("cxx", cl::desc("C++ compiler for --emit=exe"),
                         cl::init(POLYC_DEFAULT_CXX), cl::cat(polycCategory));
cl::opt<bool> printCxxFlags(
    "print-cxx-flags",
    cl::desc("Print the flags polyc compiles generated C++ with (for --cxx, or the configured "
             "compiler), for a build that compiles it by hand, and exit"),
    cl::cat(polycCategory));
cl::list<std::string> cxxFlags("Xcxx", cl::desc("Pass an extra flag to the C++ compiler"),
                               cl::value_desc("flag"), cl::cat(polycCategory));
cl::opt<std::string> runtimeIncludeDir("runtime-include-dir",
                                       cl::desc("Where polyrt's headers are"),
                                       cl::init(POLYC_RUNTIME_INCLUDE_DIR),
                                       cl::cat(polycCategory));
cl::opt<std::string> runtimeLibraryDir("runtime-library-dir",
                                       cl::desc("Where libpolyrt.a is"),
                                       cl::init(POLYC_RUNTIME_LIBRARY_DIR),
                                       cl::cat(polycCategory));

cl::list<std::string> sanitize(
    "sanitize",
    cl::desc("Build the executable with sanitizers and link a sanitized polyrt: address, "
             "undefined (or both), or thread (optionally with undefined)"),
    cl::value_desc("address,undefined|thread"), cl::CommaSeparated, cl::cat(polycCategory));

cl::opt<unsigned> errorLimit("ferror-limit",
                             cl::desc("Stop printing errors after this many (0: no limit)"),
                             cl::value_desc("N"), cl::init(20), cl::cat(polycCategory));

#ifdef POLYC_RELOCATABLE
/// The installed polyc's runtime: relative to the directory of the running
/// executable, for the directories not given on the command line.
void locateInstalledRuntime(const char *argv0) {
  std::string exe =
      llvm::sys::fs::getMainExecutable(argv0, reinterpret_cast<void *>(&locateInstalledRuntime));
  auto fromBin = [&](llvm::StringRef relative) {
    llvm::SmallString<256> path(llvm::sys::path::parent_path(exe));
    llvm::sys::path::append(path, relative);
    llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
    return std::string(path);
  };
  if (runtimeIncludeDir.empty())
    runtimeIncludeDir = fromBin(POLYC_INCLUDE_FROM_BIN);
  if (runtimeLibraryDir.empty())
    runtimeLibraryDir = fromBin(POLYC_LIB_FROM_BIN);
}
#endif

int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "polyc") << message << "\n";
  return 1;
}

/// --target's value, or an error listing the targets.
std::optional<Target> selectedTarget() {
  if (std::optional<Target> target = parseTarget(targetOption))
    return target;
  std::string names;
  for (Target target : kTargets)
    names += (names.empty() ? "" : ", ") + targetName(target).str();
  fail("unknown target '" + targetOption + "' for --target; the targets are " + names);
  return std::nullopt;
}

/// --list-passes: one line per pass, the names in a column.
void printPasses(Target target) {
  std::vector<Pass> passes = passPipeline(target);
  size_t width = 0;
  for (const Pass &pass : passes)
    width = std::max(width, llvm::StringRef(pass.name).size());
  for (const Pass &pass : passes)
    llvm::outs() << llvm::left_justify(pass.name, width) << "  " << pass.description << "\n";
}

struct Inputs {
  unsigned algorithmBuffer = 0;
  std::vector<unsigned> scheduleBuffers; // inline section first, then -s
};

bool loadInputs(llvm::SourceMgr &sources, Inputs &inputs) {
  auto file = readSourceFile(inputPath);
  if (!file) {
    fail("cannot read '" + inputPath + "': " + llvm::toString(file.takeError()));
    return false;
  }
  ProgramBuffers buffers = addProgramBuffers(sources, std::move(*file));
  inputs.algorithmBuffer = buffers.algorithm;
  if (buffers.inlineSchedule)
    inputs.scheduleBuffers.push_back(buffers.inlineSchedule);
  if (!schedulePath.empty()) {
    auto schedule = readSourceFile(schedulePath);
    if (!schedule) {
      fail("cannot read '" + schedulePath + "': " + llvm::toString(schedule.takeError()));
      return false;
    }
    inputs.scheduleBuffers.push_back(
        sources.AddNewSourceBuffer(std::move(*schedule), llvm::SMLoc()));
  }
  return true;
}

std::optional<ScheduleFile> parseSchedules(const Inputs &inputs, DiagnosticEngine &diags) {
  ScheduleFile all;
  bool ok = true;
  for (unsigned buffer : inputs.scheduleBuffers) {
    std::optional<ScheduleFile> file = parseSchedule(buffer, diags);
    if (!file) {
      ok = false;
      continue;
    }
    all.calls.insert(all.calls.end(), file->calls.begin(), file->calls.end());
  }
  if (!ok)
    return std::nullopt;
  return all;
}

std::string defaultOutput() {
  if (emitKind != EmitKind::Exe)
    return "-";
  llvm::StringRef stem = llvm::sys::path::stem(inputPath);
  return stem.empty() ? "a.out" : stem.str();
}

/// Whether writing `output` would overwrite one of polyc's inputs.
bool overwritesAnInput(const std::string &output) {
  if (output == "-")
    return false;
  std::vector<std::string> inputs = {inputPath};
  if (!schedulePath.empty())
    inputs.push_back(schedulePath);
  for (const std::string &input : inputs) {
    bool same = false;
    // An error (no such output yet) means it is not an input.
    if (!llvm::sys::fs::equivalent(input, output, same) && same)
      return true;
  }
  return false;
}

int writeText(const std::string &path, llvm::StringRef text) {
  std::error_code ec;
  llvm::ToolOutputFile out(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return fail("cannot write '" + path + "': " + ec.message());
  out.os() << text;
  out.os().flush();
  if (std::error_code failed = out.os().error()) {
    // Reported here rather than by LLVM's fatal error when the stream closes
    // (`-o /dev/full`); a partial regular file is removed, a device never.
    out.os().clear_error();
    if (!llvm::sys::fs::is_regular_file(path))
      out.keep();
    return fail("cannot write '" + path + "': " + failed.message());
  }
  out.keep();
  return 0;
}

/// What --sanitize asks for: the sanitizers, and the runtime variant they link.
struct SanitizerBuild {
  bool enabled = false;
  bool thread = false; // TSan: clang++ and LLVM's libomp (libpolyrt-tsan.a)
  std::string names;   // for -fsanitize=
};

/// Checks --sanitize. ASan and UBSan use libpolyrt-asan.a, built with this
/// build's compiler and both sanitizers, so either one means both. TSan uses
/// libpolyrt-tsan.a, built with clang++ and libomp, whose Archer tool makes
/// OpenMP's synchronisation visible to TSan (GCC's libgomp gives false reports).
std::optional<SanitizerBuild> checkSanitize() {
  SanitizerBuild build;
  bool address = false, undefined = false;
  for (const std::string &name : sanitize) {
    if (name == "address")
      address = true;
    else if (name == "undefined")
      undefined = true;
    else if (name == "thread")
      build.thread = true;
    else {
      fail("unknown sanitizer '" + name +
           "' in --sanitize; polyc supports address, undefined (either or both) and thread "
           "(alone or with undefined)");
      return std::nullopt;
    }
  }
  if (build.thread && address) {
    fail("--sanitize=thread cannot be combined with address: ThreadSanitizer and "
         "AddressSanitizer exclude each other; build the program twice");
    return std::nullopt;
  }
  build.enabled = address || undefined || build.thread;
  // libpolyrt-asan.a has both, so a program with either gets both.
  if (build.thread)
    build.names = undefined ? "thread,undefined" : "thread";
  else if (build.enabled)
    build.names = "address,undefined";
  return build;
}

/// The sanitizer runtimes' default options and TSan's suppressions of the
/// generated code's known benign races, compiled into the program
/// (runtime/include/polyrt/sanitizer_defaults.h says what and why).
std::string sanitizerDefaults(const SanitizerBuild &build) {
  return "\n// polyc --sanitize=" + build.names +
         "\n#include \"polyrt/sanitizer_defaults.h\"\n";
}

/// Whether `compiler` is GCC's: the configured compiler's CMake ID when
/// --cxx is not given, otherwise its name (g++, gcc, x86_64-linux-gnu-g++-12;
/// not clang++). A compiler known only as `c++` is not taken for GCC.
bool isGnuCompiler(const std::string &compiler) {
  if (!cxx.getNumOccurrences())
    return POLYC_DEFAULT_CXX_IS_GNU;
  llvm::StringRef name = llvm::sys::path::filename(compiler);
  return !name.contains("clang") && (name.contains("g++") || name.contains("gcc"));
}

/// The code-generation flags of an unsanitized build by `compilerName`.
std::vector<std::string> codeGenerationFlags(const std::string &compilerName) {
  // Loops start on a 64-byte boundary, so a kernel's speed does not depend on
  // where its loop lands (docs/benchmark-log/2026-11-29-0040-xeon-every-pair-loop-alignment.md).
  std::vector<std::string> flags = {"-O3", "-falign-loops=64"};
  // g++'s default block order (stc) moves a pull's code after the inner loop
  // away from it, a taken jump per destination; `simple` keeps the source's
  // order (docs/benchmark-log/2026-11-29-0330-walked-prefix-block-order-static-bfs.md).
  if (isGnuCompiler(compilerName))
    flags.push_back("-freorder-blocks-algorithm=simple");
  flags.push_back("-fopenmp");
  return flags;
}

/// The flags that build a distributed program (configDistribution): MPI's
/// include directories and libraries as configure found them, '|'-separated.
std::vector<std::string> mpiFlags() {
  llvm::SmallVector<llvm::StringRef, 8> parts;
  llvm::StringRef(POLYC_MPI_FLAGS).split(parts, '|', -1, /*KeepEmpty=*/false);
  return std::vector<std::string>(parts.begin(), parts.end());
}

int compileExecutable(llvm::StringRef cppText, const std::string &output,
                      const SanitizerBuild &san, bool distributed) {
  // TSan needs clang++ and libomp, like libpolyrt-tsan.a; an explicit --cxx wins.
  std::string cxxName = san.thread && !cxx.getNumOccurrences() ? std::string(POLYC_TSAN_CXX)
                                                               : cxx.getValue();
  auto compiler = llvm::sys::findProgramByName(cxxName);
  if (!compiler)
    return fail("cannot find the C++ compiler '" + cxxName + "' (set it with --cxx)" +
                (san.thread ? "; --sanitize=thread needs clang++-19 and libomp-19-dev" : ""));
  std::string library = runtimeLibraryDir + "/libpolyrt.a";
  std::string mpiLibrary = runtimeLibraryDir + "/libpolyrt-mpi.a";
  std::vector<std::string> args = {*compiler, "-std=c++20"};
  if (san.enabled) {
    const char *variant = san.thread ? "tsan" : "asan";
    library = runtimeLibraryDir + "/libpolyrt-" + variant + ".a";
    // (--sanitize=thread of a distributed program is refused before this.)
    if (distributed)
      mpiLibrary = runtimeLibraryDir + "/libpolyrt-mpi-asan.a";
    // Each sanitized runtime the program links, with the plain one it shadows.
    std::vector<std::pair<std::string, std::string>> runtimes = {
        {library, runtimeLibraryDir + "/libpolyrt.a"}};
    if (distributed)
      runtimes.push_back({mpiLibrary, runtimeLibraryDir + "/libpolyrt-mpi.a"});
    for (const auto &[sanitized, plain] : runtimes) {
      const std::string target = llvm::sys::path::stem(sanitized).drop_front(3).str(); // "lib"
      const std::string rebuild = std::string("cmake --build ") + POLYC_RUNTIME_BUILD_DIR +
                                  " --target " + target;
      if (!llvm::sys::fs::exists(sanitized))
        return fail("--sanitize=" + san.names + " links " + sanitized +
                    ", which the default build does not make; build it with: " + rebuild);
      // The default build rebuilds the plain runtimes only: a sanitized one
      // older than its plain one was built from other sources than the
      // headers the program includes (undefined symbols at best).
      llvm::sys::fs::file_status sanitizedStatus, plainStatus;
      if (!llvm::sys::fs::status(sanitized, sanitizedStatus) &&
          !llvm::sys::fs::status(plain, plainStatus) &&
          sanitizedStatus.getLastModificationTime() < plainStatus.getLastModificationTime())
        return fail("--sanitize=" + san.names + " links " + sanitized +
                    ", which is older than the runtime the default build last made; rebuild "
                    "it with: " + rebuild);
    }
    // -O1 keeps reports' stacks exact.
    args.insert(args.end(), {"-O1", "-g", "-fno-omit-frame-pointer",
                             "-fsanitize=" + san.names});
    if (san.thread) {
      // The program must run with LLVM's libomp from the directory that holds
      // libarcher.so: libomp loads Archer from there when TSan is present.
      std::string openmpDir = POLYC_TSAN_OPENMP_DIR;
      if (openmpDir.empty())
        return fail("--sanitize=thread needs LLVM's OpenMP runtime with its Archer tool "
                    "(libarcher.so), which this polyc was built without; install "
                    "libomp-19-dev and reconfigure");
      args.insert(args.end(), {"-L" + openmpDir, "-Wl,-rpath," + openmpDir});
    }
    args.push_back("-fopenmp");
  } else {
    for (std::string &flag : codeGenerationFlags(cxxName))
      args.push_back(std::move(flag));
  }

  // The C++ goes to a temporary file only once nothing can stop the compile,
  // and is removed whatever the compiler does.
  std::string source = san.enabled ? cppText.str() + sanitizerDefaults(san) : cppText.str();
  llvm::SmallString<128> cppPath;
  if (std::error_code ec = llvm::sys::fs::createTemporaryFile("polyc", "cpp", cppPath))
    return fail("cannot create a temporary file: " + ec.message());
  if (int rc = writeText(cppPath.str().str(), source)) {
    llvm::sys::fs::remove(cppPath);
    return rc;
  }
  args.insert(args.end(), {"-I" + runtimeIncludeDir, cppPath.str().str(), "-o", output});
  if (distributed) {
    std::vector<std::string> mpi = mpiFlags();
    args.push_back(mpiLibrary);
    args.insert(args.end(), mpi.begin(), mpi.end());
  }
  args.insert(args.end(), {library, "-lnuma", "-lz"});
  for (const std::string &flag : cxxFlags)
    args.push_back(flag);
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());
  std::string errorMessage;
  int rc = llvm::sys::ExecuteAndWait(*compiler, argRefs, std::nullopt, {}, 0, 0, &errorMessage);
  llvm::sys::fs::remove(cppPath);
  if (rc == 0)
    return 0;
  // Kept next to the output, where the user looks, not in /tmp.
  std::string kept = output + ".cpp";
  std::string failure =
      "the C++ compiler failed" +
      (errorMessage.empty() ? " (exit status " + std::to_string(rc) + ")" : ": " + errorMessage);
  if (int written = writeText(kept, source))
    return written;
  return fail(failure + "; the generated C++ is kept at " + kept);
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(polycCategory);
  cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "polyc " << POLYC_VERSION << " (GraphIt compiler for NUMA machines)\n";
  });
  // POLYC_OPTIONS holds options added to every call (the tests' --verify-each).
  cl::ParseCommandLineOptions(argc, argv,
                              "polyc: compiles GraphIt algorithms and schedules to C++\n",
                              nullptr, "POLYC_OPTIONS");

#ifdef POLYC_RELOCATABLE
  locateInstalledRuntime(argv[0]);
#endif

  std::optional<Target> target = selectedTarget();
  if (!target)
    return 1;
  if (listPasses) {
    printPasses(*target);
    return 0;
  }
  if (printCxxFlags) {
    std::vector<std::string> flags = codeGenerationFlags(cxx);
    llvm::outs() << llvm::join(flags, " ") << "\n";
    return 0;
  }
  if (inputPath.empty())
    return fail("no input file: polyc <algorithm.gt> [-s schedule] [-o output] (see polyc --help)");

  for (const std::string &name : printIRAfter)
    if (llvm::none_of(passPipeline(), [&](const Pass &p) { return name == p.name; })) {
      std::string names;
      for (const Pass &p : passPipeline())
        names += (names.empty() ? "" : ", ") + std::string(p.name);
      return fail("unknown pass '" + name + "' for --print-ir-after; the passes are " + names);
    }

  std::optional<SanitizerBuild> sanitizers = checkSanitize();
  if (!sanitizers)
    return 1;
  if (sanitizers->enabled && emitKind != EmitKind::Exe)
    return fail("--sanitize applies to executables (--emit=exe) only");

  if (!cppNamespace.empty())
    if (std::string why = checkNamespace(cppNamespace); !why.empty())
      return fail("--namespace=" + cppNamespace + " cannot name a C++ namespace: " + why);

  for (const std::string &input : {inputPath.getValue(), schedulePath.getValue()})
    if (!input.empty() && llvm::sys::fs::is_directory(input))
      return fail("'" + input + "' is a directory; polyc reads a " +
                  (input == inputPath.getValue() ? "GraphIt program (.gt)" : "schedule file") + " there");
  std::string output = outputPath.empty() ? defaultOutput() : outputPath.getValue();
  if (llvm::sys::fs::is_directory(output))
    return fail("the output '" + output + "' is a directory; name a file with -o");
  if (overwritesAnInput(output))
    return fail("the output '" + output + "' is one of the inputs; name another file with -o");

  llvm::SourceMgr sources;
  DiagnosticEngine diags(sources);
  diags.setErrorLimit(errorLimit);
  Inputs inputs;
  if (!loadInputs(sources, inputs))
    return 1;

  std::unique_ptr<Program> program = parseProgram(inputs.algorithmBuffer, diags);
  if (!program || !analyzeProgram(*program, diags))
    return 1;
  if (emitKind == EmitKind::AST) {
    std::string text;
    llvm::raw_string_ostream os(text);
    printAST(*program, os);
    return writeText(output, text);
  }
  // The space of every schedule, not one: independent of -s.
  if (emitKind == EmitKind::ScheduleSpace) {
    std::string text;
    llvm::raw_string_ostream os(text);
    printScheduleSpace(*program, llvm::sys::path::filename(inputPath), diags, os);
    return writeText(output, text);
  }

  std::optional<ScheduleFile> scheduleFile = parseSchedules(inputs, diags);
  if (!scheduleFile)
    return 1;
  std::optional<Schedule> schedule = validateSchedule(*scheduleFile, *program, diags);
  if (!schedule)
    return 1;

  Module module;
  if (!lowerToIR(*program, std::move(*schedule), module, diags))
    return 1;
  module.accountAccesses = accountAccesses;
  module.accountMessages = accountMessages;
  PipelineOptions pipelineOptions;
  pipelineOptions.target = *target;
  pipelineOptions.printAfter = printIRAfter;
  pipelineOptions.printAfterAll = printIRAfterAll;
  pipelineOptions.verifyEach = verifyEach;
  pipelineOptions.dump = &llvm::errs();
  if (!runPassPipeline(module, diags, pipelineOptions))
    return 1;
  if (emitKind == EmitKind::IR) {
    std::string text;
    llvm::raw_string_ostream os(text);
    printIR(module, os);
    return writeText(output, text);
  }

  EmitOptions emitOptions;
  emitOptions.compilerVersion = POLYC_VERSION;
  emitOptions.algorithmName = llvm::sys::path::filename(inputPath).str();
  if (!schedulePath.empty())
    emitOptions.scheduleName = llvm::sys::path::filename(schedulePath).str();
  emitOptions.cppNamespace =
      cppNamespace.empty() ? defaultNamespace(inputPath) : cppNamespace.getValue();
  std::string cpp;
  llvm::raw_string_ostream cppStream(cpp);
  // Also for a header: its errors (an export that cannot keep its name) are
  // the definitions' errors.
  if (!emitCpp(module, emitOptions, cppStream, diags))
    return 1;
  if (emitKind == EmitKind::Python) {
    llvm::StringRef ns = emitOptions.cppNamespace;
    size_t last = ns.rfind("::");
    emitOptions.pythonModule =
        !pythonModule.empty() ? pythonModule.getValue()
                              : (last == llvm::StringRef::npos ? ns : ns.substr(last + 2)).str();
    if (std::string why = checkNamespace(emitOptions.pythonModule);
        !why.empty() || emitOptions.pythonModule.find(':') != std::string::npos)
      return fail("--python-module=" + emitOptions.pythonModule +
                  " cannot name a Python module: " + (why.empty() ? "it has '::'" : why));
    std::string module_;
    llvm::raw_string_ostream moduleStream(module_);
    if (!emitPython(module, emitOptions, moduleStream, diags))
      return 1;
    return writeText(output, module_);
  }
  if (emitKind == EmitKind::Header) {
    std::string header;
    llvm::raw_string_ostream headerStream(header);
    if (!emitHeader(module, emitOptions, headerStream, diags))
      return 1;
    return writeText(output, header);
  }
  if (emitKind == EmitKind::Cpp)
    return writeText(output, cpp);
  if (!program->findFunc("main"))
    return fail("'" + inputPath + "' has no 'main' function, so it cannot be an executable; "
                "use --emit=cpp to call its exported functions from C++");
  if (module.distribution && mpiFlags().empty())
    return fail("the schedule's configDistribution needs MPI, which this polyc was built "
                "without; install libopenmpi-dev and openmpi-bin (scripts/install-deps.sh) and "
                "configure polyc again");
  if (module.distribution && sanitizers->thread)
    return fail("--sanitize=thread does not build distributed programs (configDistribution): "
                "Open MPI is not built with ThreadSanitizer, whose reports from inside it would "
                "hide the program's; --sanitize=address,undefined does");
  return compileExecutable(cpp, output, *sanitizers, module.distribution.has_value());
}
