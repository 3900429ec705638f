//===- polyc-fuzz.cpp - libFuzzer target: the whole compiler --------------===//
//
// Feeds one input through polyc front to back the way the driver does for
// `polyc input.gt --emit=cpp`, without the driver: the optional inline
// `schedule:` section is split off, then parseProgram, analyzeProgram (and the
// AST printer), parseSchedule, validateSchedule, lowerToIR, the pass pipeline
// (printing the IR after every pass), emitCpp, emitHeader and emitPython.
// Diagnostics are rendered into a null stream, so their location and caret
// code runs too. Any crash, sanitizer report, leak or "internal error"
// diagnostic is a finding.
//
// Built only in the sanitized tree (cmake/Sanitizers.cmake); see
// docs/testing.md for running it.
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

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>

using namespace polyc;

namespace {

void discardDiagnostic(const llvm::SMDiagnostic &diag, void *) {
  diag.print("polyc", llvm::nulls());
  // The parser turns exceptions it did not expect into this; a bug, not an
  // answer to bad input.
  if (diag.getMessage().starts_with("internal error")) {
    llvm::errs() << "polyc-fuzz: " << diag.getMessage() << "\n";
    std::abort();
  }
}

void compile(const uint8_t *data, size_t size) {
  llvm::SourceMgr sources;
  sources.setDiagHandler(discardDiagnostic);
  DiagnosticEngine diags(sources);
  ProgramBuffers buffers = addProgramBuffers(
      sources, llvm::MemoryBuffer::getMemBufferCopy(
                   llvm::StringRef(reinterpret_cast<const char *>(data), size), "fuzz.gt"));

  // Both parsers run on every input (the driver parses the schedule only
  // after the algorithm checked out); from there on, the driver's order.
  std::unique_ptr<Program> program = parseProgram(buffers.algorithm, diags);
  std::optional<ScheduleFile> scheduleFile =
      buffers.inlineSchedule ? parseSchedule(buffers.inlineSchedule, diags) : ScheduleFile();
  if (!program || !analyzeProgram(*program, diags))
    return;
  printAST(*program, llvm::nulls());
  if (!scheduleFile)
    return;
  std::optional<Schedule> schedule = validateSchedule(*scheduleFile, *program, diags);
  if (!schedule)
    return;

  Module module;
  if (!lowerToIR(*program, std::move(*schedule), module, diags))
    return;
  PipelineOptions pipelineOptions;
  pipelineOptions.printAfterAll = true;
  pipelineOptions.dump = &llvm::nulls();
  if (!runPassPipeline(module, diags, pipelineOptions))
    return;
  // An IR the passes accepted must satisfy the verifier: a violation is a
  // compiler bug, so it is a crash the fuzzer reports.
  if (!verifyModule(module).empty())
    abort();

  EmitOptions emitOptions;
  emitOptions.compilerVersion = "fuzz";
  emitOptions.algorithmName = "fuzz.gt";
  emitOptions.pythonModule = "fuzz";
  if (!emitCpp(module, emitOptions, llvm::nulls(), diags))
    return;
  // A library's interfaces too (a program with main is an error there).
  emitHeader(module, emitOptions, llvm::nulls(), diags);
  emitPython(module, emitOptions, llvm::nulls(), diags);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  compile(data, size);
  return 0;
}
