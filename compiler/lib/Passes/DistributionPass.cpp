//===- DistributionPass.cpp - configDistribution: the program over MPI ranks ===//
//
// Under configDistribution every rank runs the program's serial code with the
// same values, each traversal walks the rank's part of the edgeset (the
// in-edges of the vertices it owns), and every per-vertex vector has a copy
// on each rank whose owned elements are the true ones (docs/distributed.md,
// "The model"). This pass checks that the program fits that model, where an
// applied function writes only its destination's (or vertex's) elements and
// reads other ranks' data only at the source, and places the exchanges that
// keep copies current: mirrors refreshed before a traversal reads a vector at
// its sources, every element gathered before serial code reads a vector, and
// a traversal's output set gathered from every rank. What does not fit yet
// is a located error at the configDistribution call, never wrong output.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/StmtWalk.h"
#include "polyc/IR/Clone.h"
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Pass.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Casting.h"

#include <functional>
#include <set>
#include <utility>

using namespace polyc;
using llvm::cast;
using llvm::isa;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;

namespace {

/// The declaration a name expression refers to, or null.
const Decl *named(const Expr *e) {
  auto *name = dyn_cast_or_null<NameExpr>(e);
  return name ? name->decl : nullptr;
}

class Distributor {
public:
  Distributor(Module &module, DiagnosticEngine &diags, DistributionPlan &plan)
      : module(module), diags(diags), plan(plan) {}

  bool run();

private:
  Module &module;
  DiagnosticEngine &diags;
  DistributionPlan &plan;
  bool ok = true;
  /// What each traversal reads at its sources and writes, by the checks.
  std::map<const Expr *, std::set<const VarDecl *>> readsAtSource, writes;
  /// Vectors an edge traversal folds into at its sources, with the fold.
  std::map<const Expr *, std::map<const VarDecl *, AssignOp>> foldsAtSource;
  /// Cartesian: vectors a traversal folds into at its destinations, with the
  /// fold (partial on ranks that do not own the destination).
  std::map<const Expr *, std::map<const VarDecl *, AssignOp>> foldsAtDestination;
  /// Global numbers a traversal folds into (`total += x[v]`), with the fold.
  std::map<const Expr *, std::map<const VarDecl *, AssignOp>> scalarFolds;
  const Expr *checking = nullptr; // the traversal whose functions are checked
  /// The writes of the applied function being checked (a call's are its caller's).
  std::set<const VarDecl *> *writing = nullptr;
  int callDepth = 0; // calls of the program's functions being checked, nested
  /// The program's functions applied functions call: they run inside
  /// traversals, where no exchange can be (every rank must make the same
  /// collective calls), so they are not serial code.
  std::set<const FuncDecl *> calledInTraversals;
  void checkSerialCalls(const std::set<const FuncDecl *> &applied);

  /// A schedule call that does not fit a distributed program: the error is
  /// at that call (tools that drop what is not supported yet drop it).
  void unsupportedCall(llvm::SMLoc call, const std::string &function) {
    diags.error(call, function + " is not supported yet with configDistribution");
    diags.note(plan.loc, "configDistribution is here");
    ok = false;
  }
  void unsupported(llvm::SMLoc where, const std::string &what) {
    diags.error(plan.loc, "configDistribution is not supported yet with " + what);
    if (where.isValid())
      diags.note(where, "here");
    ok = false;
  }

  bool isDistributedVector(const Decl *d) const {
    auto *var = dyn_cast_or_null<VarDecl>(d);
    return var && llvm::is_contained(plan.vectors, var);
  }

  bool findEdges();
  void checkProgram();
  void checkAppliedFunction(const FuncDecl &f, const Decl *source, const Decl *written,
                            std::set<const VarDecl *> &atSource,
                            std::set<const VarDecl *> &wrote,
                            std::map<const VarDecl *, AssignOp> *folds = nullptr);
  void checkCall(const CallExpr &call, const FuncDecl &f, const Decl *source,
                 const Decl *written, std::set<const VarDecl *> &atSource);
  void checkExpr(const Expr &e, const FuncDecl &f, const Decl *source, const Decl *written,
                 std::set<const VarDecl *> &atSource);
  void checkTraversals();
  void checkCartesian(const EdgeTraversalExpr &t);
  void restrictLoops();
  void placeIn(Block &block);
  void hoistGathers(Stmt &loop);
  void placeAround(Stmt &s);
  void gatherReads(Stmt &s, const Expr &e);
};

bool Distributor::findEdges() {
  std::vector<const VarDecl *> loaded;
  for (const auto &decl : module.program->decls) {
    auto *var = dyn_cast<VarDecl>(decl.get());
    if (!var || var->type.kind != Type::EdgeSet)
      continue;
    auto *call = dyn_cast_or_null<CallExpr>(var->init.get());
    if (var->storage == VarDecl::Global && call && call->builtin == Builtin::Load)
      loaded.push_back(var);
    else
      unsupported(var->loc, "an edgeset that is not loaded from a file ('" + var->name + "')");
  }
  if (loaded.empty()) {
    diags.error(plan.loc, "configDistribution splits a loaded edgeset's vertices over MPI ranks, "
                          "and this program loads none");
    return false;
  }
  if (loaded.size() > 1)
    unsupported(loaded[1]->loc, "a second edgeset ('" + loaded[1]->name + "')");
  plan.edges = loaded.front();
  const std::string &vertex = plan.edges->type.srcElement;
  if (plan.edges->type.dstElement != vertex)
    unsupported(plan.edges->loc, "an edgeset between two element types");
  for (const auto &decl : module.program->decls)
    if (auto *var = dyn_cast<VarDecl>(decl.get());
        var && var->type.kind == Type::Vector && var->type.element == vertex)
      plan.vectors.push_back(var);
  return ok;
}

/// What the model cannot run yet, wherever it is in the program.
void Distributor::checkProgram() {
  if (hasExportFunctions(*module.program))
    unsupported({}, "export functions (a library)");
  for (const auto &decl : module.program->decls) {
    if (auto *f = dyn_cast<FuncDecl>(decl.get()); f && f->linkage == FuncDecl::Extern)
      unsupported(f->loc, "extern functions ('" + f->name + "')");
    if (auto *var = dyn_cast<VarDecl>(decl.get())) {
      if (var->storage == VarDecl::Extern)
        unsupported(var->loc, "extern variables ('" + var->name + "')");
      if (var->type.kind == Type::PriorityQueue)
        unsupported(var->loc, "priority queues (ordered algorithms; '" + var->name + "')");
    }
  }
  if (!module.hoistedLocals.empty())
    unsupported(module.hoistedLocals.front()->loc, "functors binding locals");
  if (!module.fusedFields.empty())
    unsupportedCall(module.fusedFields.front().loc, "fuseFields");
  for (const auto &[vector, placement] : module.schedule.dataPlacement)
    unsupportedCall(placement.loc, "configDataPlacement");
  if (!module.summedVectors.empty())
    unsupported((*module.summedVectors.begin())->loc,
                "a vector kept only as its sum ('" + (*module.summedVectors.begin())->name + "')");
  for (const auto &decl : module.program->decls) {
    auto *f = dyn_cast<FuncDecl>(decl.get());
    if (!f)
      continue;
    forEachStmtIn(f->body, [&](Stmt &s) {
      if (auto *loop = dyn_cast<ForStmt>(&s); loop && loop->parallel)
        unsupported(s.loc, "par_for");
      if (auto *local = dyn_cast<VarDeclStmt>(&s);
          local && (local->decl->type.kind == Type::Vector ||
                    local->decl->type.kind == Type::EdgeSet ||
                    local->decl->type.kind == Type::PriorityQueue))
        unsupported(s.loc, "a local vector, edgeset or queue ('" + local->decl->name + "')");
    });
    for (const auto &param : f->params)
      if (param->type.kind == Type::Vector || param->type.kind == Type::EdgeSet)
        unsupported(param->loc, "a vector or edgeset parameter ('" + param->name + "')");
  }
}

/// An applied function may read any vector at `source` and at the element it
/// writes (`written`: the destination, or the vertex of a vertex apply), and
/// write only there (or fold into, or set to a constant, the source's); it
/// may call the program's functions, checked alike; it may not print or
/// write globals, which every rank would do differently.
void Distributor::checkAppliedFunction(const FuncDecl &f, const Decl *source,
                                       const Decl *written,
                                       std::set<const VarDecl *> &atSource,
                                       std::set<const VarDecl *> &wrote,
                                       std::map<const VarDecl *, AssignOp> *folds) {
  std::set<const VarDecl *> *caller = std::exchange(writing, &wrote);
  forEachStmtIn(f.body, [&](Stmt &s) {
    if (llvm::isa<PrintStmt>(s))
      unsupported(s.loc, "a print in the applied function '" + f.name + "'");
    const Expr *foldTarget = nullptr; // a fold at the source, which reads nothing to send
    if (auto *assign = dyn_cast<AssignStmt>(&s)) {
      AccessTarget target = accessTarget(*assign->target);
      auto *var = dyn_cast_or_null<VarDecl>(target.var);
      const Decl *at = target.elementIndex ? named(target.elementIndex) : nullptr;
      // A fold into the source's element (a degree count) is combined by the
      // source's owner after the traversal (foldIntoOwners); so is a constant
      // set there (a flag), which the owner takes from whichever rank set it.
      bool setsConstant = assign->op == AssignOp::Assign &&
                          (isa<BoolLitExpr>(*assign->value) || isa<IntLitExpr>(*assign->value) ||
                           isa<FloatLitExpr>(*assign->value));
      bool foldsAtSource = folds && source && at == source && isDistributedVector(var) &&
                           (assign->op == AssignOp::Add || assign->op == AssignOp::Sub ||
                            assign->op == AssignOp::Min || assign->op == AssignOp::Max ||
                            setsConstant);
      if (foldsAtSource) {
        AssignOp kind = assign->op == AssignOp::Sub ? AssignOp::Add : assign->op;
        auto [it, fresh] = folds->emplace(var, kind);
        if (!fresh && (it->second != kind || kind == AssignOp::Assign))
          unsupported(assign->loc, "folds of '" + var->name + "' at the source in two ways");
        foldTarget = assign->target.get();
        wrote.insert(var);
      } else if (var && var->storage == VarDecl::Global && !target.elementIndex &&
                 var->type.isNumeric() &&
                 (assign->op == AssignOp::Add || assign->op == AssignOp::Sub ||
                  assign->op == AssignOp::Min || assign->op == AssignOp::Max)) {
        // Each rank folds its part; the ranks' results are combined after.
        AssignOp kind = assign->op == AssignOp::Sub ? AssignOp::Add : assign->op;
        auto [it, fresh] = scalarFolds[checking].emplace(var, kind);
        if (!fresh && it->second != kind)
          unsupported(assign->loc, "folds of '" + var->name + "' in two ways");
      } else if (var && var->storage != VarDecl::Local && var->storage != VarDecl::Result) {
        if (!isDistributedVector(var) || !target.elementIndex || at != written || !written)
          unsupported(assign->loc, "a write in '" + f.name + "' of '" + var->name +
                                       "' other than at the element the function owns");
        else
          wrote.insert(var);
      }
    }
    forEachDirectExpr(s, [&](ExprPtr &e) {
      if (e.get() == foldTarget)
        checkExpr(*cast<IndexExpr>(*e).index, f, source, written, atSource);
      else
        checkExpr(*e, f, source, written, atSource);
    });
  });
  writing = caller;
}

/// A call of the program's function in an applied function: its body is
/// checked as the caller's own, its parameters standing for the source or
/// the owned element where the arguments name them.
void Distributor::checkCall(const CallExpr &call, const FuncDecl &f, const Decl *source,
                            const Decl *written, std::set<const VarDecl *> &atSource) {
  const FuncDecl &callee = *call.func;
  if (callDepth >= 16) {
    unsupported(call.loc, "calls nested more than 16 deep in '" + f.name + "'");
    return;
  }
  const Decl *calleeSource = nullptr, *calleeWritten = nullptr;
  for (size_t i = 0; i < call.args.size() && i < callee.params.size(); ++i) {
    const Decl *arg = named(call.args[i].get());
    if (arg && arg == source)
      calleeSource = callee.params[i].get();
    else if (arg && arg == written)
      calleeWritten = callee.params[i].get();
  }
  calledInTraversals.insert(&callee);
  ++callDepth;
  // (No folds at the source in a callee: the snapshot is per applied function.)
  checkAppliedFunction(callee, calleeSource, calleeWritten, atSource, *writing, nullptr);
  --callDepth;
}

void Distributor::checkExpr(const Expr &e, const FuncDecl &f, const Decl *source,
                            const Decl *written, std::set<const VarDecl *> &atSource) {
  if (auto *index = dyn_cast<IndexExpr>(&e)) {
    if (const Decl *base = named(index->base.get()); isDistributedVector(base)) {
      const Decl *at = named(index->index.get());
      if (at && at == source)
        atSource.insert(cast<VarDecl>(base));
      else if (!at || at != written)
        unsupported(index->loc, "a read in '" + f.name + "' of '" + base->name +
                                    "' other than at the edge's source or the owned element");
      checkExpr(*index->index, f, source, written, atSource);
      return;
    }
  }
  if (auto *call = dyn_cast<CallExpr>(&e)) {
    if (call->func)
      checkCall(*call, f, source, written, atSource);
    if (updatesVectorElement(*call) && call->args.size() > 1 &&
        (named(call->args[1].get()) != written || !written))
      unsupported(call->loc, "an atomic update in '" + f.name +
                                 "' other than of the element the function owns");
    if (call->builtin == Builtin::Intersection || call->builtin == Builtin::IntersectNeighbor)
      unsupported(call->loc, "neighbour intersections");
  }
  if (auto *method = dyn_cast<MethodCallExpr>(&e);
      method && method->methodKind != Method::GetOutDegree &&
      method->methodKind != Method::GetVertices && method->methodKind != Method::Size &&
      method->methodKind != Method::GetVertexSetSize)
    unsupported(method->loc, "'" + method->method + "' in the applied function '" + f.name + "'");
  if (auto *name = dyn_cast<NameExpr>(&e); name && isDistributedVector(name->decl)) {
    // A whole vector named in an applied function (not indexed): unknown elements.
    unsupported(name->loc, "'" + name->name + "' used whole in '" + f.name + "'");
    return;
  }
  forEachChild(const_cast<Expr &>(e),
               [&](ExprPtr &child) { checkExpr(*child, f, source, written, atSource); });
}

void Distributor::checkTraversals() {
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    if (named(t->edges.get()) != plan.edges)
      unsupported(t->loc, "a traversal of an edgeset other than the loaded one");
    if (t->updatesPriority || t->orderedLoop)
      unsupported(t->loc, "ordered traversals (priority queues)");
    for (const VariantPlan &v : t->variants) {
      if (v.segments)
        unsupportedCall(v.segments->count.loc, "configApplyNumSSG");
      if (v.accumulation && v.accumulation->intersectsWalkedPrefix)
        unsupported(t->loc, "neighbour intersections");
    }
    if (t->nodeFrontier)
      unsupportedCall(t->nodeFrontier->loc, "configApplyFrontier");
    if (const ApplySchedule *options = module.schedule.find(t->label);
        !t->deferred.empty() && options && options->updateSync)
      unsupportedCall(options->updateSync->loc, "configUpdateSync htm or merge");
    else if (!t->deferred.empty())
      unsupported(t->loc, "configUpdateSync htm or merge");
    auto &atSource = readsAtSource[t];
    auto &wrote = writes[t];
    checking = t;
    const FuncDecl &apply = *t->applyFunc;
    const Decl *src = apply.params.size() > 0 ? apply.params[0].get() : nullptr;
    const Decl *dst = apply.params.size() > 1 ? apply.params[1].get() : nullptr;
    auto &folds = foldsAtSource[t];
    checkAppliedFunction(apply, src, dst, atSource, wrote, &folds);
    for (const auto &[vector, op] : folds)
      if (atSource.count(vector))
        unsupported(t->loc, "a traversal that reads '" + vector->name +
                                "' at the source and folds into it there");
    if (t->toFilter)
      checkAppliedFunction(*t->toFilter, nullptr, t->toFilter->params[0].get(), atSource, wrote);
    if (t->srcFilter) // its vertex is the source: read there, never written
      checkAppliedFunction(*t->srcFilter, t->srcFilter->params[0].get(), nullptr, atSource,
                           wrote);
    if (t->trackedVector)
      wrote.insert(t->trackedVector);
    if (plan.how == Distribution::Cartesian)
      checkCartesian(*t);
  }
  for (VertexTraversalExpr *u : module.vertexTraversals) {
    if (u->concurrent)
      unsupported(u->loc, "par_for");
    if (u->prefetchedNeighborValue)
      unsupported(u->loc, "a vertex apply reading a neighbour's value");
    const Decl *v = u->func->params.empty() ? nullptr : u->func->params[0].get();
    std::set<const VarDecl *> atSource;
    checking = u;
    checkAppliedFunction(*u->func, nullptr, v, atSource, writes[u]);
  }
}

/// Under the Cartesian cut a rank's part holds the edges from its row's
/// sources to its column's destinations, most of which other ranks own: the
/// traversal may only fold into its destinations (`x[dst] += ...`, -=, min=,
/// max=), which the owners then combine, and read nothing else there.
void Distributor::checkCartesian(const EdgeTraversalExpr &t) {
  auto refuse = [&](llvm::SMLoc where, const std::string &what) {
    diags.error(plan.loc, "configDistribution(\"cartesian\") is not supported yet with " + what +
                              ": its parts fold partial sums into destinations other ranks own "
                              "(docs/distributed.md)");
    diags.note(where, "here");
    ok = false;
  };
  if (t.producesFrontier())
    refuse(t.loc, "a traversal that builds a vertexset");
  if (t.toFilter)
    refuse(t.loc, "a destination filter ('" + t.toFilter->name + "')");
  if (!foldsAtSource[&t].empty())
    refuse(t.loc, "a fold at the source");
  for (const VariantPlan &v : t.variants)
    if (v.numa)
      refuse(v.numa->loc, "configApplyNUMA");
  const FuncDecl &apply = *t.applyFunc;
  const Decl *dst = apply.params.size() > 1 ? apply.params[1].get() : nullptr;
  auto &folds = foldsAtDestination[&t];
  std::set<const Expr *> foldTargets;
  forEachStmtIn(apply.body, [&](Stmt &s) {
    auto *assign = dyn_cast<AssignStmt>(&s);
    auto *index = assign ? dyn_cast<IndexExpr>(assign->target.get()) : nullptr;
    auto *var = index ? dyn_cast_or_null<VarDecl>(named(index->base.get())) : nullptr;
    if (!var || !isDistributedVector(var) || !dst || named(index->index.get()) != dst)
      return;
    foldTargets.insert(index); // (reported here, not as a read too)
    AssignOp op = assign->op == AssignOp::Sub ? AssignOp::Add : assign->op;
    if (op != AssignOp::Add && op != AssignOp::Min && op != AssignOp::Max) {
      refuse(assign->loc, "a write of '" + var->name + "' at the destination other than a fold");
      return;
    }
    auto [it, fresh] = folds.emplace(var, op);
    if (!fresh && it->second != op)
      refuse(assign->loc, "folds of '" + var->name + "' at the destination in two ways");
  });
  forEachExprIn(apply.body, [&](Expr &e) {
    if (auto *call = dyn_cast<CallExpr>(&e); call && (call->func || updatesVectorElement(*call)))
      refuse(call->loc, "a call in the applied function '" + apply.name + "'");
    auto *index = dyn_cast<IndexExpr>(&e);
    if (index && !foldTargets.count(index) && isDistributedVector(named(index->base.get())) &&
        dst && named(index->index.get()) == dst)
      refuse(index->loc, "a read of '" + named(index->base.get())->name + "' at the destination");
  });
  for (const auto &[vector, op] : folds)
    if (readsAtSource[&t].count(vector))
      refuse(t.loc, "a traversal that reads '" + vector->name +
                        "' at the source and folds into it at the destination");
}

/// Places the exchanges of one statement: those its traversal needs, and a
/// gather of every vector its serial expressions read.
void Distributor::placeAround(Stmt &s) {
  Expr *top = nullptr;
  const VarDecl *result = nullptr;
  if (auto *decl = dyn_cast<VarDeclStmt>(&s)) {
    top = decl->decl->init.get();
    result = decl->decl.get();
  } else if (auto *assign = dyn_cast<AssignStmt>(&s)) {
    top = assign->value.get();
    result = dyn_cast_or_null<VarDecl>(named(assign->target.get()));
  } else if (auto *statement = dyn_cast<ExprStmtNode>(&s)) {
    top = statement->expr.get();
  }
  auto &before = plan.before[&s];
  auto &after = plan.after[&s];
  if (auto found = scalarFolds.find(top); top && found != scalarFolds.end())
    for (const auto &[scalar, op] : found->second) {
      before.push_back({RankExchange::KeepScalar, scalar});
      RankExchange combine{RankExchange::CombineScalar, scalar};
      combine.fold = op;
      after.push_back(combine);
      plan.scalars.insert(scalar);
    }
  if (auto *t = dyn_cast_or_null<EdgeTraversalExpr>(top)) {
    const ApplySchedule *options = module.schedule.find(t->label);
    RankExchange refresh;
    refresh.kind = RankExchange::RefreshMirrors;
    refresh.traversal = t;
    if (options && options->messageCombining)
      refresh.combining = options->messageCombining->value;
    if (options && options->communication)
      refresh.communication = options->communication->value;
    for (const VarDecl *read : readsAtSource[t]) {
      refresh.target = read;
      before.push_back(refresh);
    }
    for (const auto &[vector, op] : foldsAtSource[t]) {
      // A sum sends each mirror's change, whatever its copy held; min=, max=
      // and a set constant send the new element, so the copy must be the owner's.
      if (op != AssignOp::Add) {
        refresh.target = vector;
        before.push_back(refresh);
      }
      before.push_back({RankExchange::SnapshotMirrors, vector});
      RankExchange fold{RankExchange::FoldIntoOwners, vector, t};
      fold.fold = op;
      if (options && options->communication)
        fold.communication = options->communication->value;
      after.push_back(fold);
    }
    for (const auto &[vector, op] : foldsAtDestination[t]) {
      RankExchange clear{RankExchange::ClearPartials, vector, t};
      clear.fold = op;
      before.push_back(clear);
      RankExchange fold{RankExchange::FoldPartials, vector, t};
      fold.fold = op;
      if (options && options->communication)
        fold.communication = options->communication->value;
      after.push_back(fold);
    }
    for (const VarDecl *wrote : writes[t])
      after.push_back({RankExchange::Wrote, wrote});
    if (t->producesFrontier() && result)
      after.push_back({RankExchange::GatherSet, result});
    else if (t->producesFrontier() && !llvm::isa<ExprStmtNode>(s))
      unsupported(t->loc, "a traversal's output set used in an expression");
    if (t->from)
      gatherReads(s, *t->from);
  } else if (auto *u = dyn_cast_or_null<VertexTraversalExpr>(top)) {
    for (const VarDecl *wrote : writes[u])
      after.push_back({RankExchange::Wrote, wrote});
    if (u->op == VertexTraversalExpr::Filter && result)
      after.push_back({RankExchange::GatherSet, result});
    else if (u->op == VertexTraversalExpr::Filter && !llvm::isa<ExprStmtNode>(s))
      unsupported(u->loc, "a filter's output set used in an expression");
    gatherReads(s, *u->set);
  } else {
    // Every rank makes a serial write alike, and the owner's record of what
    // it last sent no longer says what the mirrors hold.
    if (auto *assign = dyn_cast<AssignStmt>(&s))
      if (auto *var = dyn_cast_or_null<VarDecl>(accessTarget(*assign->target).var);
          var && isDistributedVector(var))
        after.push_back({RankExchange::WroteEverywhere, var});
    forEachDirectExpr(s, [&](ExprPtr &e) {
      // `x[i] = v` reads only i (and v) of serial data: every rank writes the
      // same element alike, so x needs no gather first.
      if (auto *assign = dyn_cast<AssignStmt>(&s);
          assign && e.get() == assign->target.get() && assign->op == AssignOp::Assign) {
        if (auto *index = dyn_cast<IndexExpr>(e.get());
            index && isDistributedVector(named(index->base.get()))) {
          gatherReads(s, *index->index);
          return;
        }
      }
      if (llvm::isa<WhileStmt>(s) || llvm::isa<DoWhileStmt>(s)) {
        std::set<const Decl *> names;
        collectNames(*e, names);
        for (const Decl *d : names)
          if (isDistributedVector(d))
            unsupported(e->loc, "a loop condition that reads the vector '" + d->name + "'");
        return;
      }
      gatherReads(s, *e);
    });
  }
  if (before.empty())
    plan.before.erase(&s);
  if (after.empty())
    plan.after.erase(&s);
}

bool isGather(RankExchange::Kind kind) {
  return kind == RankExchange::GatherVector || kind == RankExchange::GatherForPrint;
}

/// Adds a gather to a statement's list unless one as wide is there: a
/// gather to every rank serves a print too, and replaces one for printing.
void addGather(std::vector<RankExchange> &list, const RankExchange &gather) {
  for (RankExchange &r : list)
    if (isGather(r.kind) && r.target == gather.target) {
      if (gather.kind == RankExchange::GatherVector)
        r.kind = RankExchange::GatherVector;
      return;
    }
  list.push_back(gather);
}

/// Serial code reading a vector reads the copy on its rank: every element is
/// gathered from its owner first, except for a sum the ranks can add up from
/// their own elements. A traversal nested in an expression would need its
/// exchanges inside the expression.
void Distributor::gatherReads(Stmt &s, const Expr &e) {
  // Only rank 0 prints: `print x[i]` needs rank 0's copies alone. Anything
  // more (x[y[i]], x[i] + 1, a call) could fail on another rank's stale copy.
  RankExchange::Kind gather = RankExchange::GatherVector;
  auto *print = dyn_cast<PrintStmt>(&s);
  auto *element = print && print->value.get() == &e ? dyn_cast<IndexExpr>(&e) : nullptr;
  if (element && isDistributedVector(named(element->base.get()))) {
    bool plain = true;
    forEachExprBelow(*element->index, [&](Expr &x) {
      if (llvm::isa<CallExpr>(x) || llvm::isa<MethodCallExpr>(x) ||
          (llvm::isa<NameExpr>(x) && isDistributedVector(cast<NameExpr>(x).decl)))
        plain = false;
    });
    if (plain)
      gather = RankExchange::GatherForPrint;
  }
  std::function<void(const Expr &)> walk = [&](const Expr &x) {
    if (llvm::isa<EdgeTraversalExpr>(x) || llvm::isa<VertexTraversalExpr>(x)) {
      unsupported(x.loc, "a traversal inside an expression");
      return;
    }
    if (auto *sum = dyn_cast<MethodCallExpr>(&x); sum && sum->methodKind == Method::Sum) {
      auto *name = dyn_cast<NameExpr>(sum->receiver.get());
      if (name && isDistributedVector(name->decl) && DistributionPlan::sumsOverRanks(sum->type)) {
        plan.ownedSums.insert(sum);
        return;
      }
    }
    if (auto *name = dyn_cast<NameExpr>(&x); name && isDistributedVector(name->decl))
      addGather(plan.before[&s], {gather, cast<VarDecl>(name->decl)});
    forEachChild(const_cast<Expr &>(x), [&](ExprPtr &child) { walk(*child); });
  };
  walk(e);
}

void Distributor::placeIn(Block &block) {
  for (StmtPtr &s : block) {
    placeAround(*s);
    forEachNestedBlock(*s, [&](Block &nested) { placeIn(nested); });
    if (llvm::isa<ForStmt>(*s) || llvm::isa<WhileStmt>(*s) || llvm::isa<DoWhileStmt>(*s))
      hoistGathers(*s);
  }
}

/// A gather inside a serial loop that writes none of the vector moves before
/// the loop: once is enough (a print loop's per-vertex gatherAll call cost a
/// tenth of CC's time on one rank; docs/distributed.md). A loop calling the
/// program's functions keeps its gathers, as their writes are not seen here.
void Distributor::hoistGathers(Stmt &loop) {
  std::set<const VarDecl *> changed;
  bool calls = false;
  std::vector<Stmt *> inside;
  forEachNestedBlock(loop, [&](Block &body) {
    forEachStmtIn(body, [&](Stmt &s) {
      inside.push_back(&s);
      for (const auto *exchanges : {&plan.before, &plan.after})
        if (auto found = exchanges->find(&s); found != exchanges->end())
          for (const RankExchange &r : found->second)
            if (!isGather(r.kind))
              changed.insert(r.target);
    });
    forEachExprIn(body, [&](Expr &e) {
      if (auto *call = dyn_cast<CallExpr>(&e); call && call->func &&
                                                call->func->linkage != FuncDecl::Extern)
        calls = true;
    });
  });
  if (calls)
    return;
  for (Stmt *s : inside) {
    auto found = plan.before.find(s);
    if (found == plan.before.end())
      continue;
    std::vector<RankExchange> &list = found->second;
    for (auto r = list.begin(); r != list.end();) {
      if (!isGather(r->kind) || changed.count(r->target)) {
        ++r;
        continue;
      }
      addGather(plan.before[&loop], *r);
      r = list.erase(r);
    }
    if (list.empty())
      plan.before.erase(found);
  }
}

/// Loops that visit every vertex as the owner of its writes visit only the
/// rank's own: a pull's destinations and a vertex apply's vertices. Walking
/// others would write their copies, which only their owner may change (an
/// exchange sends what changed on the owner since it last sent).
void Distributor::restrictLoops() {
  for (EdgeTraversalExpr *t : module.edgeTraversals)
    for (VariantPlan &v : t->variants) {
      if (v.isPush())
        continue; // every source walks the rank's edges, which all lead to its own vertices
      bool numaUnderList = false; // (reported once per variant)
      auto restrict = [&](LoopOp &op) {
        // NUMA: the rank's vertices split over its nodes (Gemini's second level).
        if ((op.kind == LoopOp::OwnerLoop || op.kind == LoopOp::Exchange) &&
            op.owners == OwnerList::NodeRanges) {
          if (plan.listsOwners() && !numaUnderList) {
            diags.error(v.numa->loc, std::string("configApplyNUMA on a pull is not supported "
                                                 "yet with configDistribution(\"") +
                                         spelling(plan.how) + "\"): a rank's vertices are a "
                                         "list, not a range its nodes can split");
            diags.note(plan.loc, "configDistribution is here");
            ok = false;
          }
          numaUnderList = plan.listsOwners();
          op.owners = OwnerList::RankNodeRanges;
        }
        if (op.kind != LoopOp::OwnerLoop || op.owners != OwnerList::AllVertices)
          return;
        const ApplySchedule *options = module.schedule.find(t->label);
        const auto &asked = options ? options->parallelization[unsigned(v.variant)]
                                    : std::nullopt;
        if (!op.walksVertexTasks() && asked)
          unsupportedCall(asked->loc, std::string("configApplyParallelization ") +
                                          spelling(v.loop.parallelization) + " of a pull");
        else if (!op.walksVertexTasks())
          unsupported(t->loc, std::string("a pull under ") + spelling(v.loop.parallelization));
        op.owners = plan.pullOwners();
      };
      v.nest.forEach(restrict);
      if (v.numa) // (and the loops it runs on one node)
        v.numa->oneNode.forEach(restrict);
    }
  for (VertexTraversalExpr *u : module.vertexTraversals) {
    u->ownedVertices = true;
    u->listedOwners = plan.listsOwners();
  }
  for (auto &[edges, parts] : module.mergePartsAtLoad) // the merge forms' parts: pulls'
    for (MergeParts &p : parts)
      p.ranksVertices = true;
}

/// A function a traversal calls reads copies without the exchanges serial
/// code places, so serial code may not call it too.
void Distributor::checkSerialCalls(const std::set<const FuncDecl *> &applied) {
  for (const auto &decl : module.program->decls)
    if (auto *f = dyn_cast<FuncDecl>(decl.get());
        f && !applied.count(f) && !calledInTraversals.count(f))
      forEachExprIn(f->body, [&](Expr &e) {
        if (auto *call = dyn_cast<CallExpr>(&e); call && calledInTraversals.count(call->func))
          unsupported(call->loc, "a call of '" + call->callee +
                                     "' in serial code, which a traversal's function calls too");
      });
}

bool Distributor::run() {
  if (!findEdges())
    return false;
  checkProgram();
  checkTraversals();
  if (!ok)
    return false;
  restrictLoops();
  std::set<const FuncDecl *> applied;
  for (const EdgeTraversalExpr *t : module.edgeTraversals)
    applied.insert({t->applyFunc, t->toFilter, t->srcFilter});
  for (const VertexTraversalExpr *u : module.vertexTraversals)
    applied.insert(u->func);
  checkSerialCalls(applied);
  if (!ok)
    return false;
  applied.insert(calledInTraversals.begin(), calledInTraversals.end());
  for (const auto &decl : module.program->decls)
    if (auto *f = dyn_cast<FuncDecl>(decl.get()); f && !applied.count(f))
      placeIn(f->body);
  // Globals' initialisers run on every rank alike: the copies start current.
  return ok;
}

} // namespace

bool polyc::runDistributionPass(Module &module, DiagnosticEngine &diags) {
  const auto &asked = module.schedule.distribution;
  if (!asked) {
    if (module.accountMessages)
      diags.error("--account-messages counts the messages between MPI ranks, and the schedule "
                  "has no configDistribution");
    return !module.accountMessages;
  }
  DistributionPlan plan;
  plan.how = asked->value;
  plan.loc = asked->loc;
  plan.accountMessages = module.accountMessages;
  if (module.schedule.distributionAlpha)
    plan.alpha = module.schedule.distributionAlpha->value;
  if (!Distributor(module, diags, plan).run())
    return false;
  module.distribution = std::move(plan);
  return true;
}

const Pass polyc::distributionPass = {
    "distribution",
    "configDistribution: what each rank walks, and the exchanges between ranks",
    TargetSet::all(), polyc::runDistributionPass};
