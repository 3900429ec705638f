//===- Accesses.cpp - What code reads and writes, variable by variable ----===//
#include "polyc/Passes/Accesses.h"
#include "polyc/IR/Clone.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;

const VarAccess *Accesses::find(const Decl *decl) const {
  auto it = index.find(decl);
  return it == index.end() ? nullptr : &list[it->second].second;
}

VarAccess &Accesses::at(const Decl *decl, llvm::SMLoc loc) {
  auto [it, inserted] = index.try_emplace(decl, list.size());
  if (inserted) {
    list.push_back({decl, VarAccess()});
    list.back().second.loc = loc;
  }
  return list[it->second].second;
}

bool Accesses::operator==(const Accesses &other) const {
  if (prints != other.prints || timer != other.timer || opaque != other.opaque ||
      list.size() != other.list.size())
    return false;
  for (size_t i = 0; i < list.size(); ++i) {
    const VarAccess &a = list[i].second, &b = other.list[i].second;
    if (list[i].first != other.list[i].first || a.read != b.read || a.written != b.written ||
        a.elsewhere != b.elsewhere)
      return false;
  }
  return true;
}

AccessTarget polyc::accessTarget(const Expr &e) {
  const Expr *cur = &e;
  const Expr *element = nullptr;
  // For latent[v][i] the element is latent[v]: the innermost index.
  while (auto *index = dyn_cast<IndexExpr>(cur)) {
    element = index->index.get();
    cur = index->base.get();
  }
  auto *name = dyn_cast<NameExpr>(cur);
  if (!name || !name->decl || !llvm::isa<VarDecl, ParamDecl>(name->decl))
    return {};
  return {name->decl, element};
}

bool polyc::updatesVectorElement(const CallExpr &call) {
  return !call.func && ((call.builtin == Builtin::WriteMin && call.args.size() == 3) ||
                        (call.builtin == Builtin::CompareAndSwap && call.args.size() == 4));
}

const VarDecl *polyc::constGlobal(const Expr *e) {
  auto *name = llvm::dyn_cast_or_null<NameExpr>(e);
  auto *var = name ? llvm::dyn_cast_or_null<VarDecl>(name->decl) : nullptr;
  return var && var->isConst && var->storage == VarDecl::Global ? var : nullptr;
}

const VarDecl *polyc::constEdgeset(const Expr *e) {
  const VarDecl *var = constGlobal(e);
  return var && var->type.kind == Type::EdgeSet ? var : nullptr;
}

bool polyc::isReadOnlyMethod(Method m) {
  switch (m) {
  case Method::GetVertices: case Method::GetOutDegrees: case Method::GetOutDegreesUint:
  case Method::GetOutDegree: case Method::GetOutNeighbor: case Method::GetNgh:
  case Method::Transpose: case Method::Size: case Method::GetVertexSetSize: case Method::Sum:
  case Method::Max: case Method::Finished: case Method::FinishedNode:
  case Method::GetCurrentPriority:
    return true;
  default:
    return false;
  }
}

namespace {

bool passedByReference(const Type &type) {
  return !type.isScalar() && type.kind != Type::Element && type.kind != Type::Function;
}

class Scanner {
public:
  Scanner(const std::map<const FuncDecl *, Accesses> &summaries, const Decl *loopVar,
          Accesses &out)
      : summaries(summaries), loopVar(loopVar), out(out) {}

  void block(const Block &b) {
    for (const StmtPtr &s : b)
      stmt(*s);
  }

  void stmt(const Stmt &s) {
    switch (s.getKind()) {
    case Stmt::VarDecl: {
      auto &v = cast<VarDeclStmt>(s);
      if (v.decl->init)
        expr(*v.decl->init);
      write(v.decl.get(), s.loc, /*elsewhere=*/true);
      return;
    }
    case Stmt::Assign: {
      auto &a = cast<AssignStmt>(s);
      expr(*a.value);
      AccessTarget t = accessTarget(*a.target);
      if (!t.var) {
        expr(*a.target);
        return;
      }
      indices(*a.target);
      bool elsewhere = !atLoopVar(t.elementIndex);
      bool reduction = a.op == AssignOp::Add || a.op == AssignOp::Min || a.op == AssignOp::Max;
      write(t.var, a.target->loc, elsewhere, reduction);
      if (a.op != AssignOp::Assign)
        read(t.var, a.target->loc, elsewhere, reduction);
      return;
    }
    case Stmt::ExprStmt: expr(*cast<ExprStmtNode>(s).expr); return;
    case Stmt::If: {
      auto &i = cast<IfStmt>(s);
      for (const IfStmt::Branch &b : i.branches) {
        expr(*b.cond);
        block(b.body);
      }
      block(i.elseBody);
      return;
    }
    case Stmt::While:
      expr(*cast<WhileStmt>(s).cond);
      block(cast<WhileStmt>(s).body);
      return;
    case Stmt::DoWhile:
      block(cast<DoWhileStmt>(s).body);
      expr(*cast<DoWhileStmt>(s).cond);
      return;
    case Stmt::For: {
      auto &f = cast<ForStmt>(s);
      expr(*f.lo);
      expr(*f.hi);
      write(f.var.get(), f.loc, true);
      block(f.body);
      return;
    }
    case Stmt::Print:
      out.prints = true;
      expr(*cast<PrintStmt>(s).value);
      return;
    case Stmt::Delete: {
      const Expr &value = *cast<DeleteStmt>(s).value;
      if (const Decl *var = accessTarget(value).var) {
        read(var, value.loc, true);
        write(var, value.loc, true);
      } else {
        expr(value);
      }
      return;
    }
    case Stmt::Break:
    case Stmt::Return: return;
    }
  }

  void expr(const Expr &e) {
    switch (e.getKind()) {
    case Expr::Name: {
      auto &n = cast<NameExpr>(e);
      if (n.decl && llvm::isa<VarDecl, ParamDecl>(n.decl))
        read(n.decl, e.loc, true);
      return;
    }
    case Expr::Index: {
      AccessTarget t = accessTarget(e);
      if (!t.var)
        break;
      indices(e);
      read(t.var, e.loc, !atLoopVar(t.elementIndex));
      return;
    }
    case Expr::Call: call(cast<CallExpr>(e)); return;
    case Expr::MethodCall: {
      auto &m = cast<MethodCallExpr>(e);
      const Decl *receiver = accessTarget(*m.receiver).var;
      if (receiver && !isReadOnlyMethod(m.methodKind)) {
        indices(*m.receiver);
        read(receiver, e.loc, true);
        write(receiver, e.loc, true);
      } else {
        expr(*m.receiver);
      }
      for (const ExprPtr &a : m.args)
        expr(*a);
      return;
    }
    case Expr::EdgeTraversal: {
      auto &t = cast<EdgeTraversalExpr>(e);
      for (const FuncDecl *f : {t.applyFunc, t.toFilter, t.srcFilter})
        if (f)
          function(*f, e.loc);
      if (t.trackedVector)
        write(t.trackedVector, e.loc, true);
      break;
    }
    case Expr::VertexTraversal:
      if (const FuncDecl *f = cast<VertexTraversalExpr>(e).func)
        function(*f, e.loc);
      break;
    default: break;
    }
    forEachOperand(const_cast<Expr &>(e), [&](ExprPtr &operand) { expr(*operand); });
  }

private:
  const std::map<const FuncDecl *, Accesses> &summaries;
  const Decl *loopVar;
  Accesses &out;

  bool atLoopVar(const Expr *index) const {
    auto *name = dyn_cast_or_null<NameExpr>(index);
    return loopVar && name && name->decl == loopVar;
  }
  void read(const Decl *var, llvm::SMLoc loc, bool elsewhere, bool byReduction = false) {
    VarAccess &a = out.at(var, loc);
    a.read = true;
    a.elsewhere |= elsewhere;
    a.readOutsideReductions |= !byReduction;
  }
  void write(const Decl *var, llvm::SMLoc loc, bool elsewhere, bool byReduction = false) {
    VarAccess &a = out.at(var, loc);
    a.written = true;
    a.elsewhere |= elsewhere;
    a.writtenOutsideReductions |= !byReduction;
  }

  /// The index expressions of an access target x[i][j] (read).
  void indices(const Expr &target) {
    const Expr *cur = &target;
    while (auto *index = dyn_cast<IndexExpr>(cur)) {
      expr(*index->index);
      cur = index->base.get();
    }
  }

  /// Merges what a called or applied function does, at loc.
  void function(const FuncDecl &f, llvm::SMLoc loc) {
    if (f.linkage == FuncDecl::Extern) {
      if (out.opaque.empty())
        out.opaque = "calls the extern function '" + f.name + "'";
      return;
    }
    auto it = summaries.find(&f);
    if (it == summaries.end())
      return; // not summarised yet: the fixpoint comes back
    const Accesses &callee = it->second;
    for (const auto &[decl, access] : callee.vars()) {
      if (llvm::isa<ParamDecl>(decl))
        continue; // the arguments, handled by the caller
      VarAccess &a = out.at(decl, loc);
      a.read |= access.read;
      a.written |= access.written;
      // What a callee does is never deferred with the caller's reductions.
      a.readOutsideReductions |= access.read;
      a.writtenOutsideReductions |= access.written;
      a.elsewhere = true;
    }
    out.prints |= callee.prints;
    out.timer |= callee.timer;
    if (out.opaque.empty() && !callee.opaque.empty())
      out.opaque = "calls '" + f.name + "', which " + callee.opaque;
  }

  void call(const CallExpr &c) {
    if (!c.func) {
      if (c.builtin == Builtin::StartTimer || c.builtin == Builtin::StopTimer)
        out.timer = true;
      // writeMin(vec, v, x) and compareAndSwap(vec, v, old, new) read and
      // write vec[v] (atomically).
      if (updatesVectorElement(c))
        if (const Decl *var = accessTarget(*c.args[0]).var) {
          read(var, c.loc, true);
          write(var, c.loc, true);
        }
      for (const ExprPtr &a : c.args)
        expr(*a);
      return;
    }
    function(*c.func, c.loc);
    auto it = summaries.find(c.func);
    for (size_t i = 0; i < c.args.size(); ++i) {
      const ParamDecl *param = i < c.func->params.size() ? c.func->params[i].get() : nullptr;
      auto *name = dyn_cast<NameExpr>(c.args[i].get());
      const Decl *var = name ? accessTarget(*name).var : nullptr;
      if (!param || !var || !passedByReference(param->type)) {
        expr(*c.args[i]);
        continue;
      }
      // The callee works on the caller's variable itself.
      const VarAccess *access = it == summaries.end() ? nullptr : it->second.find(param);
      bool opaque = c.func->linkage == FuncDecl::Extern;
      if (opaque || (access && access->read))
        read(var, c.args[i]->loc, true);
      if (opaque || (access && access->written))
        write(var, c.args[i]->loc, true);
    }
  }
};

Accesses summarise(const FuncDecl &func, const std::map<const FuncDecl *, Accesses> &summaries) {
  Accesses body, out;
  if (func.linkage == FuncDecl::Extern) {
    out.opaque = "is implemented outside the program";
    return out;
  }
  Scanner(summaries, nullptr, body).block(func.body);
  for (const auto &[decl, access] : body.vars()) {
    auto *var = dyn_cast<VarDecl>(decl);
    bool global = var && (var->storage == VarDecl::Global || var->storage == VarDecl::Extern);
    bool ownParam = false;
    for (const auto &p : func.params)
      ownParam |= p.get() == decl;
    if (global || ownParam)
      out.at(decl, access.loc) = access;
  }
  out.prints = body.prints;
  out.timer = body.timer;
  out.opaque = body.opaque;
  return out;
}

} // namespace

void Accesses::mergeElsewhere(const Accesses &other) {
  for (const auto &[decl, access] : other.vars()) {
    VarAccess &a = at(decl, access.loc);
    a.read |= access.read;
    a.written |= access.written;
    a.readOutsideReductions |= access.readOutsideReductions;
    a.writtenOutsideReductions |= access.writtenOutsideReductions;
    a.elsewhere = true;
  }
  prints |= other.prints;
  timer |= other.timer;
  if (opaque.empty())
    opaque = other.opaque;
}

AccessAnalysis::AccessAnalysis(const Program &program) {
  // Calls make summaries depend on each other (recursion included): iterate
  // until nothing changes; accesses only ever get added, so this ends.
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto &decl : program.decls)
      if (auto *func = dyn_cast<FuncDecl>(decl.get())) {
        Accesses next = summarise(*func, summaries);
        auto it = summaries.find(func);
        if (it == summaries.end() || !(it->second == next)) {
          summaries[func] = std::move(next);
          changed = true;
        }
      }
  }
}

const Accesses &AccessAnalysis::ofFunction(const FuncDecl &func) const {
  static const Accesses none;
  auto it = summaries.find(&func);
  return it == summaries.end() ? none : it->second;
}

Accesses AccessAnalysis::ofBlock(const Block &block, const Decl *loopVar) const {
  Accesses out;
  Scanner(summaries, loopVar, out).block(block);
  return out;
}

Accesses AccessAnalysis::ofExpr(const Expr &e) const {
  Accesses out;
  Scanner(summaries, nullptr, out).expr(e);
  return out;
}
