//===- Diagnostics.h - clang-style diagnostics -----------------*- C++ -*-===//
//
// Every user-facing problem goes through a DiagnosticEngine, which prints
// through llvm::SourceMgr: "file:line:col: error: message", the source line
// and a caret. Errors are counted so that a phase can report several and the
// driver can stop before the next phase.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_SUPPORT_DIAGNOSTICS_H
#define POLYC_SUPPORT_DIAGNOSTICS_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

namespace polyc {

class DiagnosticEngine {
public:
  explicit DiagnosticEngine(llvm::SourceMgr &sources) : sources(sources) {}

  void error(llvm::SMLoc loc, const llvm::Twine &message);
  void warning(llvm::SMLoc loc, const llvm::Twine &message);
  void note(llvm::SMLoc loc, const llvm::Twine &message);
  /// An error about the input as a whole (no location), e.g. a missing file.
  void error(const llvm::Twine &message);

  unsigned errorCount() const { return errors; }
  bool hadError() const { return errors != 0; }
  llvm::SourceMgr &sourceManager() { return sources; }

private:
  llvm::SourceMgr &sources;
  unsigned errors = 0;
};

} // namespace polyc

#endif
