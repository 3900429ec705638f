//===- ASTBuilder.cpp - GraphIt parse tree to AST -------------------------===//
#include "ASTBuilder.h"

#include "NestingLimit.h"

#include <limits>

using namespace polyc;
using antlr4::tree::TerminalNode;
using P = polyc_grammar::GraphItParser;

// Counts the builder's recursion; see NestingLimit.h.
struct ASTBuilder::DepthGuard {
  ASTBuilder &builder;
  bool tooDeep;
  DepthGuard(ASTBuilder &builder, llvm::SMLoc at) : builder(builder) {
    tooDeep = ++builder.depth > kMaxNesting;
    if (tooDeep && !builder.reportedDepth) {
      builder.reportedDepth = true;
      builder.error(at, "expression is nested too deeply (the limit is " +
                            llvm::Twine(kMaxNesting) + " levels)");
    }
  }
  ~DepthGuard() { --builder.depth; }
};

llvm::SMLoc ASTBuilder::loc(TerminalNode *node) const {
  return locator.start(node ? node->getSymbol() : nullptr);
}

llvm::SMLoc ASTBuilder::loc(antlr4::ParserRuleContext *ctx) const {
  return locator.start(ctx ? ctx->getStart() : nullptr);
}

std::string ASTBuilder::text(TerminalNode *node) const {
  return node ? locator.text(node->getSymbol()).str() : std::string();
}

void ASTBuilder::error(llvm::SMLoc at, const llvm::Twine &message) {
  failed = true;
  diags.error(at, message);
}

std::unique_ptr<Program> ASTBuilder::build(P::ProgramContext *tree) {
  auto program = std::make_unique<Program>();
  if (!tree)
    return nullptr;
  // Functors first: `f[x]` applies one wherever it is declared.
  for (P::TopLevelDeclContext *decl : tree->topLevelDecl())
    if (P::FuncDeclContext *f = decl->funcDecl(); f && f->bound && f->ID())
      functorNames.insert(text(f->ID()));
  for (P::TopLevelDeclContext *decl : tree->topLevelDecl())
    if (auto d = buildTopLevel(decl))
      program->decls.push_back(std::move(d));
  if (failed)
    return nullptr;
  return program;
}

//===----------------------------------------------------------------------===//
// Declarations and types
//===----------------------------------------------------------------------===//

std::unique_ptr<Decl> ASTBuilder::buildTopLevel(P::TopLevelDeclContext *ctx) {
  if (auto *e = ctx->elementDecl())
    return std::make_unique<ElementDecl>(loc(e->ID()), text(e->ID()));
  if (auto *g = ctx->globalDecl())
    return buildGlobal(g);
  if (auto *x = ctx->externVarDecl())
    return std::make_unique<VarDecl>(loc(x->ID()), text(x->ID()), VarDecl::Extern,
                                     /*isConst=*/false, buildType(x->type()), nullptr);
  if (auto *x = ctx->externFuncDecl())
    return buildFunc(x->ID(), x->paramList(), x->funcResult(), FuncDecl::Extern);
  if (auto *f = ctx->funcDecl()) {
    bool exported = f->getStart() && f->getStart()->getText() == "export";
    auto func = buildFunc(f->ID(), f->params, f->funcResult(),
                          exported ? FuncDecl::Export : FuncDecl::Internal);
    if (f->bound)
      for (P::ParamContext *p : f->bound->param())
        func->boundParams.push_back(
            std::make_unique<ParamDecl>(loc(p->ID()), text(p->ID()), buildType(p->type())));
    func->body = buildBlock(f->stmt());
    return func;
  }
  return nullptr;
}

std::unique_ptr<VarDecl> ASTBuilder::buildGlobal(P::GlobalDeclContext *ctx) {
  bool isConst = ctx->kind && ctx->kind->getText() == "const";
  Type type = ctx->type() ? buildType(ctx->type()) : Type();
  ExprPtr init = ctx->expr() ? buildExpr(ctx->expr()) : nullptr;
  return std::make_unique<VarDecl>(loc(ctx->ID()), text(ctx->ID()), VarDecl::Global, isConst,
                                   std::move(type), std::move(init));
}

std::unique_ptr<FuncDecl> ASTBuilder::buildFunc(TerminalNode *name, P::ParamListContext *params,
                                                P::FuncResultContext *result,
                                                FuncDecl::Linkage linkage) {
  auto func = std::make_unique<FuncDecl>(loc(name), text(name), linkage);
  if (params)
    for (P::ParamContext *p : params->param())
      func->params.push_back(
          std::make_unique<ParamDecl>(loc(p->ID()), text(p->ID()), buildType(p->type())));
  if (result)
    func->result = std::make_unique<VarDecl>(loc(result->ID()), text(result->ID()),
                                             VarDecl::Result, /*isConst=*/false,
                                             buildType(result->type()), nullptr);
  return func;
}

static int64_t parseDecimal(llvm::StringRef digits, bool &overflow) {
  uint64_t value = 0;
  overflow = digits.getAsInteger(10, value) ||
             value > uint64_t(std::numeric_limits<int64_t>::max());
  return overflow ? 0 : int64_t(value);
}

Type ASTBuilder::buildType(P::TypeContext *ctx) {
  DepthGuard guard(*this, loc(ctx));
  if (guard.tooDeep || !ctx)
    return Type();
  if (auto *s = dynamic_cast<P::ScalarTypeContext *>(ctx)) {
    std::string kw = s->kw ? s->kw->getText() : "";
    if (kw == "int") return Type(Type::Int);
    if (kw == "uint") return Type(Type::UInt);
    if (kw == "uint_64") return Type(Type::UInt64);
    if (kw == "float") return Type(Type::Float);
    if (kw == "double") return Type(Type::Double);
    if (kw == "bool") return Type(Type::Bool);
    if (kw == "string") return Type(Type::String);
    return Type();
  }
  if (auto *v = dynamic_cast<P::VertexSetTypeContext *>(ctx))
    return Type::vertexSet(text(v->ID()));
  if (auto *e = dynamic_cast<P::EdgeSetTypeContext *>(ctx)) {
    auto ids = e->ID();
    if (ids.size() != 3)
      return Type();
    if (!e->type())
      return Type::edgeSet(text(ids[0]), text(ids[1]), text(ids[2]), nullptr);
    Type weight = buildType(e->type());
    return Type::edgeSet(text(ids[0]), text(ids[1]), text(ids[2]), &weight);
  }
  if (auto *v = dynamic_cast<P::VectorTypeContext *>(ctx))
    return Type::vector(text(v->ID()), buildType(v->type()));
  if (auto *f = dynamic_cast<P::FixedVectorTypeContext *>(ctx)) {
    bool overflow = false;
    int64_t length = parseDecimal(text(f->INT()), overflow);
    if (overflow)
      error(loc(f->INT()), "vector length is too large");
    return Type::fixedVector(length, buildType(f->type()));
  }
  if (auto *l = dynamic_cast<P::ListTypeContext *>(ctx))
    return Type::list(buildType(l->type()));
  if (auto *q = dynamic_cast<P::PriorityQueueTypeContext *>(ctx))
    return Type::priorityQueue(text(q->ID()), buildType(q->type()));
  if (auto *e = dynamic_cast<P::ElementTypeContext *>(ctx))
    return Type::elementOf(text(e->ID()));
  return Type();
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

Block ASTBuilder::buildBlock(const std::vector<P::StmtContext *> &stmts) {
  Block block;
  for (P::StmtContext *s : stmts)
    if (StmtPtr stmt = buildStmt(s))
      block.push_back(std::move(stmt));
  return block;
}

StmtPtr ASTBuilder::buildStmt(P::StmtContext *ctx) {
  DepthGuard guard(*this, loc(ctx));
  if (guard.tooDeep || !ctx)
    return nullptr;
  StmtPtr stmt = buildStmtBody(ctx->stmtBody());
  if (stmt && ctx->LABEL()) {
    // `#name#`: the label is the text between the hashes.
    std::string label = text(ctx->LABEL());
    stmt->label = label.size() >= 2 ? label.substr(1, label.size() - 2) : label;
    stmt->labelLoc = loc(ctx->LABEL());
  }
  return stmt;
}

StmtPtr ASTBuilder::buildStmtBody(P::StmtBodyContext *ctx) {
  if (!ctx)
    return nullptr;
  llvm::SMLoc at = loc(ctx);
  if (auto *v = ctx->varDeclStmt()) {
    bool isConst = v->kind && v->kind->getText() == "const";
    Type type = v->type() ? buildType(v->type()) : Type();
    ExprPtr init = v->expr() ? buildExpr(v->expr()) : nullptr;
    auto decl = std::make_unique<VarDecl>(loc(v->ID()), text(v->ID()), VarDecl::Local, isConst,
                                          std::move(type), std::move(init));
    return std::make_unique<VarDeclStmt>(at, std::move(decl));
  }
  if (auto *i = ctx->ifStmt())
    return buildIf(i);
  if (auto *w = ctx->whileStmt()) {
    ExprPtr cond = buildExpr(w->expr());
    return std::make_unique<WhileStmt>(at, std::move(cond), buildBlock(w->stmt()));
  }
  if (auto *d = ctx->doWhileStmt()) {
    Block body = buildBlock(d->stmt());
    return std::make_unique<DoWhileStmt>(at, std::move(body), buildExpr(d->expr()));
  }
  if (auto *f = ctx->forStmt())
    return buildFor(f);
  if (ctx->breakStmt())
    return std::make_unique<BreakStmt>(at);
  if (auto *p = ctx->printStmt()) {
    bool isPrintln = p->kw && p->kw->getText() == "println";
    return std::make_unique<PrintStmt>(at, buildExpr(p->expr()), isPrintln);
  }
  if (auto *d = ctx->deleteStmt())
    return std::make_unique<DeleteStmt>(at, buildExpr(d->expr()));
  if (ctx->returnStmt())
    return std::make_unique<ReturnStmt>(at);
  if (auto *e = ctx->exprStmt())
    return buildExprStmt(e);
  return nullptr;
}

StmtPtr ASTBuilder::buildIf(P::IfStmtContext *ctx) {
  auto stmt = std::make_unique<IfStmt>(loc(ctx));
  stmt->branches.push_back({buildExpr(ctx->expr()), buildBlock(ctx->stmt())});
  for (P::ElifClauseContext *elif : ctx->elifClause())
    stmt->branches.push_back({buildExpr(elif->expr()), buildBlock(elif->stmt())});
  if (P::ElseClauseContext *els = ctx->elseClause())
    stmt->elseBody = buildBlock(els->stmt());
  return stmt;
}

StmtPtr ASTBuilder::buildFor(P::ForStmtContext *ctx) {
  auto var = std::make_unique<VarDecl>(loc(ctx->ID()), text(ctx->ID()), VarDecl::Local,
                                       /*isConst=*/false, Type(Type::Int), nullptr);
  auto bounds = ctx->expr();
  ExprPtr lo = bounds.size() > 0 ? buildExpr(bounds[0]) : nullptr;
  ExprPtr hi = bounds.size() > 1 ? buildExpr(bounds[1]) : nullptr;
  auto loop = std::make_unique<ForStmt>(loc(ctx), std::move(var), std::move(lo), std::move(hi),
                                        buildBlock(ctx->stmt()));
  loop->parallel = ctx->kw && ctx->kw->getText() == "par_for";
  return loop;
}

static AssignOp assignOpFor(llvm::StringRef spelling) {
  if (spelling == "+=") return AssignOp::Add;
  if (spelling == "-=") return AssignOp::Sub;
  if (spelling == "*=") return AssignOp::Mul;
  if (spelling == "/=") return AssignOp::Div;
  if (spelling == "min=") return AssignOp::Min;
  if (spelling == "max=") return AssignOp::Max;
  return AssignOp::Assign;
}

StmtPtr ASTBuilder::buildExprStmt(P::ExprStmtContext *ctx) {
  llvm::SMLoc at = loc(ctx);
  ExprPtr target = buildPostfix(ctx->target);
  if (!ctx->assignOp())
    return std::make_unique<ExprStmtNode>(at, std::move(target));
  AssignOp op = assignOpFor(ctx->assignOp()->getText());
  return std::make_unique<AssignStmt>(at, std::move(target), op, buildExpr(ctx->value));
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

ExprPtr ASTBuilder::buildExpr(P::ExprContext *ctx) {
  DepthGuard guard(*this, loc(ctx));
  if (guard.tooDeep || !ctx)
    return nullptr;
  return buildExprUnguarded(ctx);
}

std::vector<ExprPtr> ASTBuilder::buildArgs(P::ArgListContext *ctx) {
  std::vector<ExprPtr> args;
  if (ctx)
    for (P::ExprContext *e : ctx->expr())
      args.push_back(buildExpr(e));
  return args;
}

// Binary alternatives have the operator token between their two operands.
ExprPtr ASTBuilder::buildBinary(P::ExprContext *ctx, BinaryOp op) {
  auto operands = ctx->getRuleContexts<P::ExprContext>();
  if (operands.size() != 2 || ctx->children.size() != 3)
    return nullptr;
  auto *opNode = dynamic_cast<TerminalNode *>(ctx->children[1]);
  ExprPtr lhs = buildExpr(operands[0]);
  ExprPtr rhs = buildExpr(operands[1]);
  return std::make_unique<BinaryExpr>(loc(opNode), op, std::move(lhs), std::move(rhs));
}

static BinaryOp binaryOpFor(llvm::StringRef spelling) {
  if (spelling == "+") return BinaryOp::Add;
  if (spelling == "-") return BinaryOp::Sub;
  if (spelling == "*") return BinaryOp::Mul;
  if (spelling == "/") return BinaryOp::Div;
  if (spelling == "==") return BinaryOp::Eq;
  if (spelling == "!=") return BinaryOp::Ne;
  if (spelling == "<") return BinaryOp::Lt;
  if (spelling == "<=") return BinaryOp::Le;
  if (spelling == ">") return BinaryOp::Gt;
  return BinaryOp::Ge;
}

ExprPtr ASTBuilder::buildExprUnguarded(P::ExprContext *ctx) {
  if (dynamic_cast<P::PowerExprContext *>(ctx))
    return buildBinary(ctx, BinaryOp::Pow);
  if (auto *u = dynamic_cast<P::UnaryExprContext *>(ctx)) {
    UnaryOp op = u->op && u->op->getText() == "-" ? UnaryOp::Neg : UnaryOp::Plus;
    return std::make_unique<UnaryExpr>(loc(u->op), op, buildExpr(u->expr()));
  }
  if (auto *b = dynamic_cast<P::MulExprContext *>(ctx))
    return buildBinary(ctx, binaryOpFor(b->op ? b->op->getText() : ""));
  if (auto *b = dynamic_cast<P::AddExprContext *>(ctx))
    return buildBinary(ctx, binaryOpFor(b->op ? b->op->getText() : ""));
  if (auto *n = dynamic_cast<P::NotExprContext *>(ctx))
    return std::make_unique<UnaryExpr>(loc(ctx), UnaryOp::Not, buildExpr(n->expr()));
  if (auto *b = dynamic_cast<P::CompareExprContext *>(ctx))
    return buildBinary(ctx, binaryOpFor(b->op ? b->op->getText() : ""));
  if (dynamic_cast<P::XorExprContext *>(ctx))
    return buildBinary(ctx, BinaryOp::Xor);
  if (dynamic_cast<P::AndExprContext *>(ctx))
    return buildBinary(ctx, BinaryOp::And);
  if (dynamic_cast<P::OrExprContext *>(ctx))
    return buildBinary(ctx, BinaryOp::Or);
  if (auto *p = dynamic_cast<P::PostfixContext *>(ctx))
    return buildPostfix(p->postfixExpr());
  return nullptr;
}

ExprPtr ASTBuilder::buildPostfix(P::PostfixExprContext *ctx) {
  DepthGuard guard(*this, loc(ctx));
  if (guard.tooDeep || !ctx)
    return nullptr;
  if (auto *m = dynamic_cast<P::MethodCallExprContext *>(ctx)) {
    ExprPtr receiver = buildPostfix(m->postfixExpr());
    return std::make_unique<MethodCallExpr>(loc(m->ID()), std::move(receiver), text(m->ID()),
                                            buildArgs(m->argList()));
  }
  if (auto *i = dynamic_cast<P::IndexExprContext *>(ctx)) {
    ExprPtr base = buildPostfix(i->postfixExpr());
    std::vector<ExprPtr> indices = buildArgs(i->argList());
    auto *bracket = ctx->children.size() > 1 ? dynamic_cast<TerminalNode *>(ctx->children[1])
                                             : nullptr;
    // A functor's name with its bound arguments, perhaps called: f[a](b).
    if (auto *name = llvm::dyn_cast_or_null<NameExpr>(base.get()); name && functorNames.count(name->name)) {
      auto functor = std::make_unique<FunctorExpr>(name->loc, name->name, std::move(indices));
      if (!i->callArgs())
        return functor;
      auto call = std::make_unique<CallExpr>(name->loc, name->name, buildArgs(i->callArgs()->argList()));
      call->functor = std::move(functor);
      return call;
    }
    if (i->callArgs()) {
      error(loc(bracket), "only a functor is called after its bracketed arguments, as f[a](b)");
      return nullptr;
    }
    if (indices.size() != 1) {
      error(loc(bracket), "an index is one expression, not " + std::to_string(indices.size()) +
                              " (only a functor takes several bound arguments)");
      return nullptr;
    }
    return std::make_unique<IndexExpr>(loc(bracket), std::move(base), std::move(indices[0]));
  }
  if (auto *p = dynamic_cast<P::PrimaryContext *>(ctx))
    return buildPrimary(p->primaryExpr());
  return nullptr;
}

ExprPtr ASTBuilder::buildPrimary(P::PrimaryExprContext *ctx) {
  if (!ctx)
    return nullptr;
  if (auto *n = dynamic_cast<P::NewExprContext *>(ctx)) {
    Type allocated = buildType(n->type());
    return std::make_unique<NewExpr>(loc(ctx), std::move(allocated), buildArgs(n->argList()));
  }
  if (auto *p = dynamic_cast<P::ParenExprContext *>(ctx))
    return buildExpr(p->expr());
  if (auto *n = dynamic_cast<P::NameOrCallExprContext *>(ctx)) {
    if (P::CallArgsContext *call = n->callArgs())
      return std::make_unique<CallExpr>(loc(n->ID()), text(n->ID()), buildArgs(call->argList()));
    return std::make_unique<NameExpr>(loc(n->ID()), text(n->ID()));
  }
  if (auto *i = dynamic_cast<P::IntLitContext *>(ctx))
    return buildIntLiteral(i->INT());
  if (auto *f = dynamic_cast<P::FloatLitContext *>(ctx))
    return buildFloatLiteral(f->FLOAT());
  if (auto *s = dynamic_cast<P::StringLitContext *>(ctx))
    return std::make_unique<StringLitExpr>(loc(s->STRING()), decodeString(s->STRING()));
  if (auto *b = dynamic_cast<P::BoolLitContext *>(ctx))
    return std::make_unique<BoolLitExpr>(loc(ctx), b->value && b->value->getText() == "true");
  if (auto *v = dynamic_cast<P::VectorLitContext *>(ctx))
    return std::make_unique<VectorLitExpr>(loc(ctx), buildArgs(v->argList()));
  return nullptr;
}

ExprPtr ASTBuilder::buildIntLiteral(TerminalNode *node) {
  bool overflow = false;
  int64_t value = parseDecimal(text(node), overflow);
  if (overflow)
    error(loc(node), "integer literal is too large");
  return std::make_unique<IntLitExpr>(loc(node), value);
}

ExprPtr ASTBuilder::buildFloatLiteral(TerminalNode *node) {
  std::string spelling = text(node);
  double value = 0;
  if (llvm::StringRef(spelling).getAsDouble(value))
    error(loc(node), "floating-point literal '" + spelling + "' is out of range");
  return std::make_unique<FloatLitExpr>(loc(node), value, spelling);
}

// Decodes `\n \t \r \" \\ \'`; other escapes keep the character (with a
// warning, as C compilers do).
std::string ASTBuilder::decodeString(TerminalNode *node) {
  std::string raw = text(node);
  if (raw.size() < 2)
    return "";
  llvm::StringRef body = llvm::StringRef(raw).drop_front().drop_back();
  const char *bodyStart = loc(node).getPointer() + 1;
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] != '\\' || i + 1 == body.size()) {
      out += body[i];
      continue;
    }
    char c = body[++i];
    switch (c) {
    case 'n': out += '\n'; break;
    case 't': out += '\t'; break;
    case 'r': out += '\r'; break;
    case '0': out += '\0'; break;
    case '"':
    case '\\':
    case '\'': out += c; break;
    default:
      diags.warning(llvm::SMLoc::getFromPointer(bodyStart + i - 1),
                    std::string("unknown escape sequence '\\") + c + "'");
      out += c;
    }
  }
  return out;
}
