//===- CppEmitter.h - Scheduled IR to C++ -----------------------*- C++ -*-===//
#ifndef POLYC_CODEGEN_CPPEMITTER_H
#define POLYC_CODEGEN_CPPEMITTER_H

#include "polyc/IR/IR.h"
#include "polyc/Support/Diagnostics.h"

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace polyc {

struct EmitOptions {
  std::string compilerVersion;
  std::string algorithmName; // file names for the header comment
  std::string scheduleName;  // empty without a schedule
};

/// Writes the program as C++ against polyrt. Deterministic: the same module
/// gives the same bytes. Returns false after reporting constructs the back
/// end cannot emit yet.
bool emitCpp(const Module &module, const EmitOptions &options, llvm::raw_ostream &os,
             DiagnosticEngine &diags);

} // namespace polyc

#endif
