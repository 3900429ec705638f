//===- Clone.cpp - Copying and rewriting IR statements --------------------===//
#include "polyc/IR/Clone.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ErrorHandling.h"

#include <functional>

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace {

Decl *mapped(DeclMap &map, Decl *decl) {
  auto it = map.find(decl);
  return it == map.end() ? decl : it->second;
}

std::unique_ptr<VarDecl> cloneVarDecl(const VarDecl &var, DeclMap &map) {
  auto copy = std::make_unique<VarDecl>(var.loc, var.name, var.storage, var.isConst, var.type,
                                        var.init ? cloneExpr(*var.init, map) : nullptr);
  map[&var] = copy.get();
  return copy;
}

std::vector<ExprPtr> cloneAll(const std::vector<ExprPtr> &exprs, DeclMap &map) {
  std::vector<ExprPtr> out;
  for (const ExprPtr &e : exprs)
    out.push_back(cloneExpr(*e, map));
  return out;
}

ExprPtr cloneOrNull(const ExprPtr &e, DeclMap &map) { return e ? cloneExpr(*e, map) : nullptr; }

ExprPtr cloneEdgeTraversal(const EdgeTraversalExpr &t, DeclMap &map) {
  // Only what the program asked for: the loop schedules run before any pass
  // has decided anything about the traversal.
  auto copy = std::make_unique<EdgeTraversalExpr>(t.loc);
  copy->edges = cloneOrNull(t.edges, map);
  copy->from = cloneOrNull(t.from, map);
  copy->toFilter = t.toFilter;
  copy->srcFilter = t.srcFilter;
  copy->applyFunc = t.applyFunc;
  copy->trackedVector = t.trackedVector;
  copy->earlyExit = t.earlyExit;
  copy->outputByResult = t.outputByResult;
  copy->source = t.source;
  copy->label = t.label;
  copy->name = t.name;
  return copy;
}

ExprPtr cloneVertexTraversal(const VertexTraversalExpr &t, DeclMap &map) {
  auto copy = std::make_unique<VertexTraversalExpr>(t.loc, t.op);
  copy->set = cloneOrNull(t.set, map);
  copy->func = t.func;
  copy->source = t.source;
  copy->label = t.label;
  copy->name = t.name;
  return copy;
}

} // namespace

ExprPtr polyc::cloneExpr(const Expr &e, DeclMap &map) {
  ExprPtr copy;
  switch (e.getKind()) {
  case Expr::IntLit: copy = std::make_unique<IntLitExpr>(e.loc, cast<IntLitExpr>(e).value); break;
  case Expr::FloatLit: {
    auto &f = cast<FloatLitExpr>(e);
    copy = std::make_unique<FloatLitExpr>(e.loc, f.value, f.spelling);
    break;
  }
  case Expr::BoolLit:
    copy = std::make_unique<BoolLitExpr>(e.loc, cast<BoolLitExpr>(e).value);
    break;
  case Expr::StringLit:
    copy = std::make_unique<StringLitExpr>(e.loc, cast<StringLitExpr>(e).value);
    break;
  case Expr::Name: {
    auto &n = cast<NameExpr>(e);
    auto name = std::make_unique<NameExpr>(e.loc, n.name);
    name->decl = n.decl ? mapped(map, n.decl) : nullptr;
    if (name->decl)
      name->name = name->decl->name;
    copy = std::move(name);
    break;
  }
  case Expr::Unary: {
    auto &u = cast<UnaryExpr>(e);
    copy = std::make_unique<UnaryExpr>(e.loc, u.op, cloneExpr(*u.operand, map));
    break;
  }
  case Expr::Binary: {
    auto &b = cast<BinaryExpr>(e);
    copy = std::make_unique<BinaryExpr>(e.loc, b.op, cloneExpr(*b.lhs, map),
                                        cloneExpr(*b.rhs, map));
    break;
  }
  case Expr::Call: {
    auto &c = cast<CallExpr>(e);
    auto call = std::make_unique<CallExpr>(e.loc, c.callee, cloneAll(c.args, map));
    call->func = c.func;
    call->builtin = c.builtin;
    if (c.functor)
      call->functor = cloneExpr(*c.functor, map);
    copy = std::move(call);
    break;
  }
  case Expr::MethodCall: {
    auto &m = cast<MethodCallExpr>(e);
    auto call = std::make_unique<MethodCallExpr>(e.loc, cloneExpr(*m.receiver, map), m.method,
                                                 cloneAll(m.args, map));
    call->methodKind = m.methodKind;
    copy = std::move(call);
    break;
  }
  case Expr::Index: {
    auto &i = cast<IndexExpr>(e);
    copy = std::make_unique<IndexExpr>(e.loc, cloneExpr(*i.base, map), cloneExpr(*i.index, map));
    break;
  }
  case Expr::New: {
    auto &n = cast<NewExpr>(e);
    copy = std::make_unique<NewExpr>(e.loc, n.allocated, cloneAll(n.args, map));
    break;
  }
  case Expr::VectorLit:
    copy = std::make_unique<VectorLitExpr>(e.loc, cloneAll(cast<VectorLitExpr>(e).elements, map));
    break;
  case Expr::Functor: {
    auto &f = cast<FunctorExpr>(e);
    auto functor = std::make_unique<FunctorExpr>(e.loc, f.name, cloneAll(f.args, map));
    functor->func = f.func;
    copy = std::move(functor);
    break;
  }
  case Expr::EdgeTraversal: copy = cloneEdgeTraversal(cast<EdgeTraversalExpr>(e), map); break;
  case Expr::VertexTraversal:
    copy = cloneVertexTraversal(cast<VertexTraversalExpr>(e), map);
    break;
  }
  copy->type = e.type;
  return copy;
}

StmtPtr polyc::cloneStmt(const Stmt &s, DeclMap &map) {
  StmtPtr copy;
  switch (s.getKind()) {
  case Stmt::VarDecl:
    copy = std::make_unique<VarDeclStmt>(s.loc, cloneVarDecl(*cast<VarDeclStmt>(s).decl, map));
    break;
  case Stmt::Assign: {
    auto &a = cast<AssignStmt>(s);
    copy = std::make_unique<AssignStmt>(s.loc, cloneExpr(*a.target, map), a.op,
                                        cloneExpr(*a.value, map));
    break;
  }
  case Stmt::ExprStmt:
    copy = std::make_unique<ExprStmtNode>(s.loc, cloneExpr(*cast<ExprStmtNode>(s).expr, map));
    break;
  case Stmt::If: {
    auto &i = cast<IfStmt>(s);
    auto branchy = std::make_unique<IfStmt>(s.loc);
    for (const IfStmt::Branch &b : i.branches)
      branchy->branches.push_back({cloneExpr(*b.cond, map), cloneBlock(b.body, map)});
    branchy->elseBody = cloneBlock(i.elseBody, map);
    copy = std::move(branchy);
    break;
  }
  case Stmt::While: {
    auto &w = cast<WhileStmt>(s);
    ExprPtr cond = cloneExpr(*w.cond, map);
    copy = std::make_unique<WhileStmt>(s.loc, std::move(cond), cloneBlock(w.body, map));
    break;
  }
  case Stmt::DoWhile: {
    auto &d = cast<DoWhileStmt>(s);
    Block body = cloneBlock(d.body, map);
    copy = std::make_unique<DoWhileStmt>(s.loc, std::move(body), cloneExpr(*d.cond, map));
    break;
  }
  case Stmt::For: {
    auto &f = cast<ForStmt>(s);
    // The bounds are outside the loop variable's scope.
    ExprPtr lo = cloneExpr(*f.lo, map), hi = cloneExpr(*f.hi, map);
    std::unique_ptr<VarDecl> var = cloneVarDecl(*f.var, map);
    Block body = cloneBlock(f.body, map);
    auto loop = std::make_unique<ForStmt>(s.loc, std::move(var), std::move(lo), std::move(hi),
                                          std::move(body));
    loop->parallel = f.parallel;
    copy = std::move(loop);
    break;
  }
  case Stmt::Break: copy = std::make_unique<BreakStmt>(s.loc); break;
  case Stmt::Print: {
    auto &p = cast<PrintStmt>(s);
    copy = std::make_unique<PrintStmt>(s.loc, cloneExpr(*p.value, map), p.isPrintln);
    break;
  }
  case Stmt::Delete:
    copy = std::make_unique<DeleteStmt>(s.loc, cloneExpr(*cast<DeleteStmt>(s).value, map));
    break;
  case Stmt::Return: copy = std::make_unique<ReturnStmt>(s.loc); break;
  }
  copy->label = s.label;
  copy->labelLoc = s.labelLoc;
  copy->scopedLabel = s.scopedLabel;
  return copy;
}

Block polyc::cloneBlock(const Block &block, DeclMap &map) {
  Block out;
  for (const StmtPtr &s : block)
    out.push_back(cloneStmt(*s, map));
  return out;
}

void polyc::redirectReferences(const Block &block, const Decl *from, Decl *to) {
  forEachExprIn(block, [&](Expr &e) {
    if (auto *name = dyn_cast<NameExpr>(&e); name && name->decl == from) {
      name->decl = to;
      name->name = to->name;
    }
  });
}

void polyc::renameDecl(const Block &block, Decl &decl, const std::string &name) {
  decl.name = name;
  redirectReferences(block, &decl, &decl);
}

std::set<std::string> polyc::namesInProgram(const Program &program) {
  std::set<std::string> names;
  for (const auto &decl : program.decls) {
    names.insert(decl->name);
    auto *func = dyn_cast<FuncDecl>(decl.get());
    if (!func)
      continue;
    for (const auto &p : func->params)
      names.insert(p->name);
    if (func->result)
      names.insert(func->result->name);
    forEachStmtIn(func->body, [&](Stmt &s) {
      if (auto *v = dyn_cast<VarDeclStmt>(&s))
        names.insert(v->decl->name);
      else if (auto *f = dyn_cast<ForStmt>(&s))
        names.insert(f->var->name);
    });
    forEachExprIn(func->body, [&](Expr &e) {
      if (auto *n = dyn_cast<NameExpr>(&e))
        names.insert(n->name);
    });
  }
  return names;
}

std::string polyc::freshName(const std::string &base, std::set<std::string> &taken) {
  for (unsigned i = 2;; ++i) {
    std::string name = base + "_" + std::to_string(i);
    if (taken.insert(name).second)
      return name;
  }
}

namespace {

/// The locals a block declares at its top level (its C++ scope).
std::vector<Decl *> topLevelLocals(const Block &block) {
  std::vector<Decl *> out;
  for (const StmtPtr &s : block)
    if (auto *v = dyn_cast<VarDeclStmt>(s.get()))
      out.push_back(v->decl.get());
  return out;
}

/// The locals a block declares at any depth (for-loop variables included).
std::vector<Decl *> allLocals(const Block &block) {
  std::vector<Decl *> out;
  forEachStmtIn(block, [&](Stmt &s) {
    if (auto *v = dyn_cast<VarDeclStmt>(&s))
      out.push_back(v->decl.get());
    else if (auto *f = dyn_cast<ForStmt>(&s))
      out.push_back(f->var.get());
  });
  return out;
}

} // namespace

void polyc::separateScopes(const std::vector<Decl *> &shared, const Block &first,
                           const Block &second, std::set<std::string> &taken) {
  std::vector<Decl *> visible = shared;
  for (Decl *d : topLevelLocals(first))
    visible.push_back(d);
  std::set<std::string> visibleNames;
  for (Decl *d : visible)
    visibleNames.insert(d->name);

  // Locals of `second` named like something visible from `first` would
  // redeclare it (top level) or hide it from references meant for it.
  for (Decl *local : allLocals(second))
    if (visibleNames.count(local->name))
      renameDecl(second, *local, freshName(local->name, taken));

  // A reference in `second` to another declaration of a visible name (a
  // global, an outer local) would be captured: rename the visible one.
  std::set<std::string> capturedNames;
  std::set<const Decl *> visibleSet(visible.begin(), visible.end());
  forEachExprIn(second, [&](Expr &e) {
    if (auto *n = dyn_cast<NameExpr>(&e); n && n->decl && !visibleSet.count(n->decl) &&
                                          visibleNames.count(n->name))
      capturedNames.insert(n->name);
  });
  for (Decl *d : visible)
    if (capturedNames.count(d->name)) {
      std::string name = freshName(d->name, taken);
      renameDecl(first, *d, name);
      renameDecl(second, *d, name);
    }
}

bool polyc::sameExpr(const Expr &a, const Expr &b) {
  if (a.getKind() != b.getKind())
    return false;
  auto sameAll = [](const std::vector<ExprPtr> &x, const std::vector<ExprPtr> &y) {
    if (x.size() != y.size())
      return false;
    for (size_t i = 0; i < x.size(); ++i)
      if (!sameExpr(*x[i], *y[i]))
        return false;
    return true;
  };
  switch (a.getKind()) {
  case Expr::IntLit: return cast<IntLitExpr>(a).value == cast<IntLitExpr>(b).value;
  case Expr::FloatLit: return cast<FloatLitExpr>(a).value == cast<FloatLitExpr>(b).value;
  case Expr::BoolLit: return cast<BoolLitExpr>(a).value == cast<BoolLitExpr>(b).value;
  case Expr::StringLit: return cast<StringLitExpr>(a).value == cast<StringLitExpr>(b).value;
  case Expr::Name: {
    auto &x = cast<NameExpr>(a), &y = cast<NameExpr>(b);
    return x.decl == y.decl && (x.decl || x.name == y.name);
  }
  case Expr::Unary: {
    auto &x = cast<UnaryExpr>(a), &y = cast<UnaryExpr>(b);
    return x.op == y.op && sameExpr(*x.operand, *y.operand);
  }
  case Expr::Binary: {
    auto &x = cast<BinaryExpr>(a), &y = cast<BinaryExpr>(b);
    return x.op == y.op && sameExpr(*x.lhs, *y.lhs) && sameExpr(*x.rhs, *y.rhs);
  }
  case Expr::Call: {
    auto &x = cast<CallExpr>(a), &y = cast<CallExpr>(b);
    return x.callee == y.callee && x.func == y.func && sameAll(x.args, y.args) &&
           !x.functor && !y.functor; // a functor call: one specialisation each
  }
  case Expr::MethodCall: {
    auto &x = cast<MethodCallExpr>(a), &y = cast<MethodCallExpr>(b);
    return x.methodKind == y.methodKind && sameExpr(*x.receiver, *y.receiver) &&
           sameAll(x.args, y.args);
  }
  case Expr::Index: {
    auto &x = cast<IndexExpr>(a), &y = cast<IndexExpr>(b);
    return sameExpr(*x.base, *y.base) && sameExpr(*x.index, *y.index);
  }
  case Expr::New: {
    auto &x = cast<NewExpr>(a), &y = cast<NewExpr>(b);
    return x.allocated == y.allocated && sameAll(x.args, y.args);
  }
  case Expr::VectorLit:
    return sameAll(cast<VectorLitExpr>(a).elements, cast<VectorLitExpr>(b).elements);
  case Expr::Functor: {
    auto &x = cast<FunctorExpr>(a), &y = cast<FunctorExpr>(b);
    return x.func == y.func && x.name == y.name && sameAll(x.args, y.args);
  }
  case Expr::EdgeTraversal:
  case Expr::VertexTraversal: return false; // each traversal runs on its own
  }
  llvm_unreachable("an Expr kind outside the enum");
}

std::string polyc::replaceLabelPrefix(const std::string &label, const std::string &from,
                                      const std::string &to) {
  if (label == from)
    return to;
  if (llvm::StringRef(label).starts_with(from + ":"))
    return to + label.substr(from.size());
  return label;
}

std::string polyc::scopedReplacement(const std::string &original, const std::string &written) {
  if (written.find(':') != std::string::npos)
    return written;
  size_t colon = original.rfind(':');
  return colon == std::string::npos ? written : original.substr(0, colon + 1) + written;
}

namespace {

std::string mangledLabel(const std::string &label) {
  std::string name = label;
  for (char &c : name)
    if (c == ':')
      c = '_';
  return name;
}

/// Names the traversals of one statement as lowering does: after the
/// statement's label ("l1_s1", then "l1_s1_2"), or keeps their number.
void renameTraversalsOf(Stmt &s, const std::string &unlabelledPrefix) {
  unsigned count = 0;
  forEachDirectExpr(s, [&](ExprPtr &root) {
    forEachExprBelow(*root, [&](Expr &e) {
      std::string *label = nullptr, *name = nullptr;
      if (auto *t = dyn_cast<EdgeTraversalExpr>(&e)) {
        label = &t->label;
        name = &t->name;
      } else if (auto *t = dyn_cast<VertexTraversalExpr>(&e)) {
        label = &t->label;
        name = &t->name;
      } else {
        return;
      }
      *label = s.scopedLabel;
      if (!s.scopedLabel.empty()) {
        *name = mangledLabel(s.scopedLabel);
        if (++count > 1)
          *name += "_" + std::to_string(count);
      } else if (!unlabelledPrefix.empty()) {
        *name = mangledLabel(unlabelledPrefix) + "_" + *name;
      }
    });
  });
}

} // namespace

void polyc::relabel(Stmt &stmt, const std::string &from, const std::string &to,
                    const std::string &unlabelledPrefix) {
  auto visit = [&](Stmt &s) {
    s.scopedLabel = replaceLabelPrefix(s.scopedLabel, from, to);
    renameTraversalsOf(s, unlabelledPrefix);
  };
  if (!stmt.label.empty()) {
    size_t colon = to.rfind(':');
    stmt.label = colon == std::string::npos ? to : to.substr(colon + 1);
  }
  visit(stmt);
  forEachNestedBlock(stmt, [&](Block &block) { forEachStmtIn(block, visit); });
}

void polyc::recollectTraversals(Module &module) {
  module.edgeTraversals.clear();
  module.vertexTraversals.clear();
  std::set<std::string> names;
  auto unique = [&](std::string &name) {
    if (!names.insert(name).second)
      name = freshName(name, names);
  };
  for (const auto &decl : module.program->decls) {
    auto *func = dyn_cast<FuncDecl>(decl.get());
    if (!func)
      continue;
    forEachExprIn(func->body, [&](Expr &e) {
      if (auto *t = dyn_cast<EdgeTraversalExpr>(&e)) {
        unique(t->name);
        module.edgeTraversals.push_back(t);
      } else if (auto *t = dyn_cast<VertexTraversalExpr>(&e)) {
        unique(t->name);
        module.vertexTraversals.push_back(t);
      }
    });
  }
}

StmtPosition polyc::findLabelledStmt(Program &program, const std::string &scopedLabel) {
  StmtPosition found;
  std::function<void(Block &)> search = [&](Block &block) {
    for (size_t i = 0; i < block.size() && !found.block; ++i) {
      if (block[i]->scopedLabel == scopedLabel)
        found = {&block, i};
      else
        forEachNestedBlock(*block[i], search);
    }
  };
  for (const auto &decl : program.decls)
    if (auto *func = dyn_cast<FuncDecl>(decl.get()); func && !found.block)
      search(func->body);
  return found;
}
