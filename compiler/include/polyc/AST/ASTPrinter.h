//===- ASTPrinter.h - Textual dumps of the AST ------------------*- C++ -*-===//
#ifndef POLYC_AST_ASTPRINTER_H
#define POLYC_AST_ASTPRINTER_H

#include "polyc/AST/AST.h"

#include "llvm/Support/raw_ostream.h"

namespace polyc {

/// An indented tree, one node per line, with types once Sema has run
/// (what `polyc --emit=ast` prints). Deterministic; stable for FileCheck.
void printAST(const Program &program, llvm::raw_ostream &os);
void printExpr(const Expr &expr, llvm::raw_ostream &os); // GraphIt-like source form
/// GraphIt-like source form too: `indent` spaces before each line, nested
/// blocks four more, labels as `#s1# `, one trailing newline per line.
void printStmt(const Stmt &stmt, llvm::raw_ostream &os, unsigned indent);

} // namespace polyc

#endif
