//===- LowerToIR.cpp - Method chains to traversal operations -------------===//
//
// A GraphIt traversal is a chain of method calls on an edgeset or vertexset:
//     edges.from(frontier).to(toFilter).applyModified(updateEdge, parent, true)
// Lowering collapses each chain into one EdgeTraversalExpr (or
// VertexTraversalExpr) in place, so that passes can schedule it as a unit.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/ASTPrinter.h"
#include "polyc/AST/StmtWalk.h"
#include "polyc/IR/Clone.h"
#include "polyc/IR/IR.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Casting.h"

#include <map>
#include <set>

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;
using llvm::isa;

namespace {

bool isEdgeModifier(Method m) {
  return m == Method::From || m == Method::To || m == Method::DstFilter ||
         m == Method::SrcFilter;
}

FuncDecl *functionArg(const ExprPtr &arg) {
  if (auto *name = dyn_cast<NameExpr>(arg.get()))
    return dyn_cast_or_null<FuncDecl>(name->decl);
  return nullptr;
}

std::string sourceOf(const Expr &e) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printExpr(e, os);
  return text;
}

class Lowering {
public:
  Lowering(Module &module, DiagnosticEngine &diags) : module(module), diags(diags) {}

  void run(Program &program) {
    this->program = &program;
    for (auto &decl : program.decls)
      if (auto *func = dyn_cast<FuncDecl>(decl.get()))
        forEachStmtIn(func->body, [&](Stmt &s) {
          currentLabel = s.scopedLabel;
          traversalsUnderLabel = 0;
          forEachDirectExpr(s, [&](ExprPtr &e) { lowerExpr(e); });
        });
    for (auto &filter : bothFilters)
      program.decls.push_back(std::move(filter));
  }

private:
  Module &module;
  DiagnosticEngine &diags;
  Program *program = nullptr;
  /// Filters made of two a chain gives on one side, added to the program
  /// after the walk; by the pair, so that a chain written twice shares one.
  std::vector<std::unique_ptr<FuncDecl>> bothFilters;
  std::map<std::pair<FuncDecl *, FuncDecl *>, FuncDecl *> bothFilterOf;
  std::string currentLabel;
  unsigned traversalsUnderLabel = 0;
  unsigned unlabelledCount = 0;
  std::set<std::string> usedNames;

  /// Names a traversal after its statement's label ("s1"; "s1_2" for a second
  /// one in the same statement) or, unlabelled, "traversalN" in source order.
  /// A name another traversal has (`#a_b#` and `#a#` around `#b#`, a label
  /// `#traversal2#`) gets "_2", "_3", ... (the first free one).
  std::string nextName() {
    std::string name;
    if (currentLabel.empty()) {
      do
        name = "traversal" + std::to_string(++unlabelledCount);
      while (usedNames.count(name));
    } else {
      name = currentLabel;
      for (char &c : name)
        if (c == ':')
          c = '_';
      if (++traversalsUnderLabel > 1)
        name += "_" + std::to_string(traversalsUnderLabel);
      std::string base = name;
      for (unsigned k = 2; usedNames.count(name); ++k)
        name = base + "_" + std::to_string(k);
    }
    usedNames.insert(name);
    return name;
  }

  void lowerExpr(ExprPtr &slot) {
    forEachChild(*slot, [&](ExprPtr &child) { lowerExpr(child); });
    auto *call = dyn_cast<MethodCallExpr>(slot.get());
    if (!call)
      return;
    const Type::Kind receiver = call->receiver->type.kind;
    switch (call->methodKind) {
    case Method::Apply:
      if (receiver == Type::EdgeSet)
        lowerEdgeChain(slot);
      else if (receiver == Type::VertexSet)
        lowerVertexTraversal(slot);
      break;
    case Method::ApplyModified:
    case Method::ApplyUpdatePriority:
      if (receiver == Type::EdgeSet)
        lowerEdgeChain(slot);
      break;
    case Method::Filter:
    case Method::Where:
      if (receiver == Type::VertexSet)
        lowerVertexTraversal(slot);
      break;
    default: // the chain's modifiers are lowered with its apply; the rest stay calls
      break;
    }
  }

  void lowerEdgeChain(ExprPtr &slot) {
    auto *apply = cast<MethodCallExpr>(slot.get());
    auto traversal = std::make_unique<EdgeTraversalExpr>(apply->loc);
    traversal->type = apply->type;
    traversal->source = sourceOf(*apply);
    traversal->label = currentLabel;
    traversal->name = nextName();

    traversal->applyFunc = apply->args.empty() ? nullptr : functionArg(apply->args[0]);
    if (!traversal->applyFunc)
      return (void)diags.error(apply->loc, "'" + apply->method + "' expects a function to apply");
    traversal->outputByResult =
        apply->methodKind == Method::Apply && apply->type.kind == Type::VertexSet;
    traversal->updatesPriority = apply->methodKind == Method::ApplyUpdatePriority;
    if (apply->methodKind == Method::ApplyModified) {
      auto *vec = apply->args.size() > 1 ? dyn_cast<NameExpr>(apply->args[1].get()) : nullptr;
      traversal->trackedVector = vec ? dyn_cast_or_null<VarDecl>(vec->decl) : nullptr;
      if (!traversal->trackedVector || traversal->trackedVector->storage != VarDecl::Global)
        return (void)diags.error(apply->loc,
                                 "applyModified expects a global per-vertex vector to track");
      if (apply->args.size() > 2) {
        auto *flag = dyn_cast<BoolLitExpr>(apply->args[2].get());
        if (!flag)
          return (void)diags.error(apply->args[2]->loc,
                                   "the early-exit flag of applyModified must be true or false");
        traversal->earlyExit = flag->value;
      }
    }

    // Walk the chain from the apply back to the edgeset, taking each modifier.
    ExprPtr current = std::move(apply->receiver);
    while (auto *modifier = dyn_cast<MethodCallExpr>(current.get())) {
      if (!isEdgeModifier(modifier->methodKind))
        break;
      if (modifier->args.size() != 1)
        return (void)diags.error(modifier->loc, "'" + modifier->method + "' takes one argument");
      // `from(f)` with a filter function keeps the sources f accepts: it is
      // srcFilter(f) (GraphIt writes both).
      bool fromFilter = modifier->methodKind == Method::From && functionArg(modifier->args[0]);
      if (modifier->methodKind == Method::From && !fromFilter) {
        if (traversal->from)
          return (void)diags.error(modifier->loc, "a traversal can have only one 'from'");
        traversal->from = std::move(modifier->args[0]);
      } else {
        FuncDecl *filter = functionArg(modifier->args[0]);
        if (!filter)
          return (void)diags.error(modifier->args[0]->loc,
                                   "'" + modifier->method +
                                       "' with a vertexset is not supported yet; pass a filter "
                                       "function");
        bool sources = modifier->methodKind == Method::SrcFilter || fromFilter;
        FuncDecl *&slot = sources ? traversal->srcFilter : traversal->toFilter;
        // The chain is walked from its end: `filter` comes before `slot`.
        slot = slot ? bothFilter(filter, slot, modifier->loc) : filter;
      }
      ExprPtr next = std::move(modifier->receiver);
      current = std::move(next);
    }
    traversal->edges = std::move(current);
    module.edgeTraversals.push_back(traversal.get());
    slot = std::move(traversal);
  }

  /// A filter that keeps the vertices both `first` and `second` keep:
  /// `func first_and_second(v) -> keep : bool  keep = first(v) and second(v);`.
  /// Several filters on one side of a chain become one, so the passes and the
  /// emitter see one filter per side as before; `and` keeps GraphIt's order
  /// (the second is not called where the first rejects).
  FuncDecl *bothFilter(FuncDecl *first, FuncDecl *second, llvm::SMLoc loc) {
    FuncDecl *&known = bothFilterOf[{first, second}];
    if (known)
      return known;
    auto both = std::make_unique<FuncDecl>(loc, unusedName(first->name + "_and_" + second->name),
                                           FuncDecl::Internal);
    const Type &vertex = first->params[0]->type;
    both->params.push_back(std::make_unique<ParamDecl>(loc, "v", vertex));
    both->result = std::make_unique<VarDecl>(loc, "keep", VarDecl::Result, false,
                                             Type::scalar(Type::Bool), nullptr);
    auto name = [&](Decl *decl, const Type &type) {
      auto e = std::make_unique<NameExpr>(loc, decl->name);
      e->decl = decl;
      e->type = type;
      return e;
    };
    auto call = [&](FuncDecl *f) {
      std::vector<ExprPtr> args;
      args.push_back(name(both->params[0].get(), vertex));
      auto c = std::make_unique<CallExpr>(loc, f->name, std::move(args));
      c->func = f;
      c->type = Type::scalar(Type::Bool);
      return c;
    };
    auto test = std::make_unique<BinaryExpr>(loc, BinaryOp::And, call(first), call(second));
    test->type = Type::scalar(Type::Bool);
    both->body.push_back(std::make_unique<AssignStmt>(
        loc, name(both->result.get(), both->result->type), AssignOp::Assign, std::move(test)));
    known = both.get();
    bothFilters.push_back(std::move(both));
    return known;
  }

  std::string unusedName(const std::string &wanted) {
    auto taken = [&](const std::string &n) {
      return llvm::any_of(program->decls, [&](const std::unique_ptr<Decl> &d) { return d->name == n; }) ||
             llvm::any_of(bothFilters, [&](const auto &f) { return f->name == n; });
    };
    std::string name = wanted;
    for (unsigned i = 2; taken(name); ++i)
      name = wanted + "_" + std::to_string(i);
    return name;
  }

  void lowerVertexTraversal(ExprPtr &slot) {
    auto *call = cast<MethodCallExpr>(slot.get());
    auto op = call->methodKind == Method::Apply ? VertexTraversalExpr::Apply
                                                : VertexTraversalExpr::Filter;
    auto traversal = std::make_unique<VertexTraversalExpr>(call->loc, op);
    traversal->type = call->type;
    traversal->source = sourceOf(*call);
    traversal->func = call->args.size() == 1 ? functionArg(call->args[0]) : nullptr;
    if (!traversal->func)
      return (void)diags.error(call->loc, "'" + call->method + "' expects one function");
    traversal->label = currentLabel;
    traversal->name = nextName();
    traversal->set = std::move(call->receiver);
    module.vertexTraversals.push_back(traversal.get());
    slot = std::move(traversal);
  }
};

} // namespace

/// GraphIt's atomicAdd(vec, v, x) statement becomes `vec[v] += x`, whose
/// safety the update-sync pass decides like any other write's (atomic where
/// other threads write the element).
static void desugarAtomicAdds(Program &program) {
  forEachBlock(program, [](Block &block) {
    for (StmtPtr &s : block) {
      auto *stmt = dyn_cast<ExprStmtNode>(s.get());
      auto *call = stmt ? dyn_cast<CallExpr>(stmt->expr.get()) : nullptr;
      if (!call || call->func || call->builtin != Builtin::AtomicAdd || call->args.size() != 3 ||
          !call->args[0]->type.value)
        continue;
      Type element = *call->args[0]->type.value;
      auto target = std::make_unique<IndexExpr>(call->loc, std::move(call->args[0]),
                                                std::move(call->args[1]));
      target->type = element;
      auto add = std::make_unique<AssignStmt>(s->loc, std::move(target), AssignOp::Add,
                                              std::move(call->args[2]));
      add->label = s->label;
      add->labelLoc = s->labelLoc;
      add->scopedLabel = s->scopedLabel;
      s = std::move(add);
    }
  });
}

/// Traversals in a par_for body run concurrently with other iterations'.
static void markConcurrentTraversals(Program &program) {
  forEachStmt(program, [](Stmt &s) {
    auto *loop = dyn_cast<ForStmt>(&s);
    if (!loop || !loop->parallel)
      return;
    forEachExprIn(loop->body, [](Expr &e) {
      if (auto *t = dyn_cast<EdgeTraversalExpr>(&e))
        t->concurrent = true;
      else if (auto *u = dyn_cast<VertexTraversalExpr>(&e))
        u->concurrent = true;
    });
  });
}

bool polyc::lowerToIR(Program &program, Schedule schedule, Module &module,
                      DiagnosticEngine &diags) {
  unsigned errorsBefore = diags.errorCount();
  module.program = &program;
  module.schedule = std::move(schedule);
  desugarAtomicAdds(program);
  if (!specialiseFunctors(program, module, diags))
    return false;
  Lowering(module, diags).run(program);
  markConcurrentTraversals(program);
  return diags.errorCount() == errorsBefore;
}
