//===- CppEmitter.h - Scheduled IR to C++ -----------------------*- C++ -*-===//
#ifndef POLYC_CODEGEN_CPPEMITTER_H
#define POLYC_CODEGEN_CPPEMITTER_H

#include "polyc/IR/IR.h"
#include "polyc/Support/Diagnostics.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace polyc {

struct EmitOptions {
  std::string compilerVersion;
  std::string algorithmName; // file names for the header comment
  std::string scheduleName;  // empty without a schedule
  /// The C++ namespace of the program (`--namespace`, e.g. "pr" or "a::b"):
  /// the exported functions and polyc_initialize are in it, everything else
  /// in its nested `detail`, so that two programs link into one executable.
  std::string cppNamespace = "gt";
  /// The Python module's name for emitPython (an identifier).
  std::string pythonModule;
};

/// The namespace a program gets without --namespace: its file's stem made a
/// C++ identifier ("pr.gt" -> "pr", "2-hop.gt" -> "gt_2_hop") and then
/// mangled as user names are ("std.gt" -> "std_").
std::string defaultNamespace(llvm::StringRef programFile);

/// Why `name` cannot be a program's namespace, or "" when it can: a
/// `::`-separated list of identifiers that user names could keep in C++.
std::string checkNamespace(llvm::StringRef name);

/// Writes the program as C++ against polyrt. Deterministic: the same module
/// gives the same bytes. Returns false after reporting constructs the back
/// end cannot emit yet.
bool emitCpp(const Module &module, const EmitOptions &options, llvm::raw_ostream &os,
             DiagnosticEngine &diags);

/// Writes the C++ header declaring a library program's export functions and
/// polyc_initialize, in options.cppNamespace, each documented with its
/// GraphIt signature. Returns false (after an error) for a program with main.
bool emitHeader(const Module &module, const EmitOptions &options, llvm::raw_ostream &os,
                DiagnosticEngine &diags);

/// Writes the C++ of a nanobind Python module exposing a library program's
/// export functions (`--emit=python`): edgesets taken as SciPy sparse
/// matrices or NumPy edge arrays, per-vertex results returned as NumPy
/// arrays (runtime/include/polyrt/python.h); polyc_initialize runs at import.
/// Returns false after errors: a program with main, or an export whose
/// parameter or result types have no Python form yet.
bool emitPython(const Module &module, const EmitOptions &options, llvm::raw_ostream &os,
                DiagnosticEngine &diags);

} // namespace polyc

#endif
