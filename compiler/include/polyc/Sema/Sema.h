//===- Sema.h - Semantic analysis -------------------------------*- C++ -*-===//
//
// Resolves names (NameExpr::decl, CallExpr::func), computes Expr::type with
// C++-like numeric promotion, infers `var x = e` types, fills
// Stmt::scopedLabel, and reports every error it finds (undefined and duplicate
// names, wrong arity, type mismatches, apply functions of the wrong shape,
// assignment to const, duplicate labels, unsupported constructs) with a note
// pointing at the relevant declaration.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_SEMA_SEMA_H
#define POLYC_SEMA_SEMA_H

#include "polyc/AST/AST.h"
#include "polyc/Support/Diagnostics.h"

namespace polyc {

/// True when the program is well formed; otherwise diagnostics were emitted.
bool analyzeProgram(Program &program, DiagnosticEngine &diags);

} // namespace polyc

#endif
