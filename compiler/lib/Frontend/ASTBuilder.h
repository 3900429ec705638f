//===- ASTBuilder.h - GraphIt parse tree to AST -----------------*- C++ -*-===//
//
// Walks a parse tree that parsed without syntax errors and builds the AST.
// It reports what only shows once tokens are read as values: integer
// literals that overflow, unknown string escapes (a warning), and nesting
// beyond kMaxNesting that the parser's own limit cannot see (long operator
// chains parse iteratively but still nest in the tree).
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_FRONTEND_ASTBUILDER_H
#define POLYC_FRONTEND_ASTBUILDER_H

#include "SyntaxErrors.h"

#include "GraphItParser.h"

#include "polyc/AST/AST.h"

#include <set>
#include <string>

namespace polyc {

class ASTBuilder {
public:
  using P = polyc_grammar::GraphItParser;

  ASTBuilder(DiagnosticEngine &diags, const TokenLocator &locator)
      : diags(diags), locator(locator) {}

  /// Null when something was reported.
  std::unique_ptr<Program> build(P::ProgramContext *tree);

private:
  std::set<std::string> functorNames; // functions declared with bound parameters
  DiagnosticEngine &diags;
  const TokenLocator &locator;
  bool failed = false;
  unsigned depth = 0;
  bool reportedDepth = false;

  struct DepthGuard;

  llvm::SMLoc loc(antlr4::Token *token) const { return locator.start(token); }
  llvm::SMLoc loc(antlr4::tree::TerminalNode *node) const;
  llvm::SMLoc loc(antlr4::ParserRuleContext *ctx) const;
  std::string text(antlr4::tree::TerminalNode *node) const;
  void error(llvm::SMLoc at, const llvm::Twine &message);

  std::unique_ptr<Decl> buildTopLevel(P::TopLevelDeclContext *ctx);
  std::unique_ptr<VarDecl> buildGlobal(P::GlobalDeclContext *ctx);
  std::unique_ptr<FuncDecl> buildFunc(antlr4::tree::TerminalNode *name,
                                      P::ParamListContext *params,
                                      P::FuncResultContext *result, FuncDecl::Linkage linkage);
  Type buildType(P::TypeContext *ctx);

  Block buildBlock(const std::vector<P::StmtContext *> &stmts);
  StmtPtr buildStmt(P::StmtContext *ctx);
  StmtPtr buildStmtBody(P::StmtBodyContext *ctx);
  StmtPtr buildIf(P::IfStmtContext *ctx);
  StmtPtr buildFor(P::ForStmtContext *ctx);
  StmtPtr buildExprStmt(P::ExprStmtContext *ctx);

  ExprPtr buildExpr(P::ExprContext *ctx);
  ExprPtr buildExprUnguarded(P::ExprContext *ctx);
  ExprPtr buildPostfix(P::PostfixExprContext *ctx);
  ExprPtr buildPrimary(P::PrimaryExprContext *ctx);
  ExprPtr buildBinary(P::ExprContext *ctx, BinaryOp op);
  std::vector<ExprPtr> buildArgs(P::ArgListContext *ctx);
  ExprPtr buildIntLiteral(antlr4::tree::TerminalNode *node);
  ExprPtr buildFloatLiteral(antlr4::tree::TerminalNode *node);
  std::string decodeString(antlr4::tree::TerminalNode *node);
};

} // namespace polyc

#endif
