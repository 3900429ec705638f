//===- EmitEdgeTraversal.cpp - One function per scheduled edge traversal --===//
//
// A traversal labelled s1 becomes `s1(g[, frontier])`. A hybrid direction
// becomes one function per variant (s1_sparse_push, s1_dense_pull) plus the
// s1 that picks one per call on the frontier's size. The loops themselves
// are written by EmitEdgeVariant.cpp.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"
#include "polyc/AST/StmtWalk.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"

using namespace polyc;

namespace {

/// What the applied function's comment says of its shared writes.
std::vector<std::string> sharedWriteNotes(const std::vector<WriteInfo> &writes) {
  std::vector<std::string> notes;
  auto note = [&](WriteSync sync, const char *text) {
    if (llvm::any_of(writes, [&](const WriteInfo &w) { return w.sync == sync; }))
      notes.push_back(text);
  };
  note(WriteSync::Atomic, "writes other threads may share are atomic");
  note(WriteSync::Lock, "writes other threads may share are made under the element's lock");
  note(WriteSync::Htm, "reductions other threads may share are committed in transactions");
  note(WriteSync::Merge, "reductions other threads may share are folded into its node's buffer");
  return notes;
}

} // namespace

std::string CppEmitter::appliedFunction(const FuncDecl &func, const std::vector<WriteInfo> &writes,
                                        bool tracksChanges, const std::string &traversalName,
                                        const EdgeTraversalExpr *edges,
                                        const VarDecl *sourceInRegister) {
  static const std::vector<const VarDecl *> kNoReplicas;
  const std::vector<const VarDecl *> &replicaReads = edges ? edges->replicaReads : kNoReplicas;
  std::vector<std::string> how = sharedWriteNotes(writes);
  if (!tracksChanges && how.empty() && replicaReads.empty() && !sourceInRegister)
    return cppFunctionName(func);
  FunctionContext ctx;
  ctx.func = &func;
  ctx.tracksChanges = tracksChanges;
  ctx.traversal = edges;
  if (sourceInRegister) {
    ctx.elementInLocal = sourceInRegister;
    ctx.elementLocal = elementRegisterName(*sourceInRegister, func.params[0]->name);
    how.push_back("reads " + sourceInRegister->name + "[" + func.params[0]->name +
                  "] from the register " + ctx.elementLocal);
  }
  if (!replicaReads.empty())
    ctx.replicaReads = &replicaReads;
  for (const WriteInfo &w : writes)
    ctx.writes[w.stmt] = w;
  std::string specialisedName = traversalName + "_" + cppFunctionName(func);
  if (tracksChanges)
    how.push_back("reports whether the tracked vector changed");
  if (!replicaReads.empty()) {
    std::vector<std::string> names;
    for (const VarDecl *vector : replicaReads)
      names.push_back(vector->name);
    how.push_back("reads " + llvm::join(names, ", ") + " from its node's replica");
  }
  os << "// " << func.name << " as " << traversalName << " applies it: " << llvm::join(how, "; ")
     << ".\n";
  emitFunction(func, specialisedName, ctx);
  return specialisedName;
}

std::string CppEmitter::appliedOnRegister(const VertexTraversalExpr &u, const EdgeTraversalExpr &t,
                                          const VarDecl &vector) {
  const FuncDecl &func = *u.func;
  FunctionContext ctx;
  ctx.func = &func;
  // Its writes to the element are to a local: nothing to synchronise there.
  auto writesElement = [&](const AssignStmt &a) {
    auto *index = llvm::dyn_cast<IndexExpr>(a.target.get());
    return index && namesDecl(*index->base, &vector);
  };
  for (const WriteInfo &w : u.writes)
    if (!writesElement(*w.stmt))
      ctx.writes[w.stmt] = w;
  ctx.elementInLocal = &vector;
  ctx.elementLocal = elementRegisterName(vector, func.params[0]->name);
  // A function that only sets the element back never reads the register.
  bool readsElement = false;
  forEachStmtIn(func.body, [&](Stmt &s) {
    std::set<const Decl *> read;
    auto *assign = llvm::dyn_cast<AssignStmt>(&s);
    if (assign && assign->op == AssignOp::Assign)
      collectNames(*assign->value, read);
    else
      forEachDirectExpr(s, [&](ExprPtr &e) { collectNames(*e, read); });
    readsElement = readsElement || read.count(&vector);
  });
  ctx.elementUnread = !readsElement;
  std::string name = traversalName(t) + "_" + cppFunctionName(func);
  os << "// " << func.name << " as " << traversalName(t) << " applies it to each destination: "
     << vector.name << "[" << func.params[0]->name << "] is the pull's register, passed in "
     << ctx.elementLocal << ".\n";
  emitFunction(func, name, ctx);
  return name;
}

std::string CppEmitter::traversalSignature(const EdgeTraversalExpr &t, const std::string &name) {
  std::string result = t.producesFrontier() ? "polyrt::VertexSubset" : "void";
  std::string params = cppType(t.edges->type) + " &g";
  // Rounds in one region: the function runs the whole ordered loop, asking
  // the loop's condition before each round.
  if (runsItsLoop(t))
    return "template <typename KeepGoing>\nstatic void " + name + "(" + params +
           ", KeepGoing &&keepGoing)";
  if (t.from)
    params += ", polyrt::VertexSubset &frontier";
  return "static " + result + " " + name + "(" + params + ")";
}

const char *const polyc::kTaskErrorsDeclaration =
    "  // A task's error, kept and thrown again after the loops (a library's errors reach\n"
    "  // its caller as exceptions, which may not leave a parallel region).\n"
    "  polyrt::ParallelErrors taskErrors;\n";

std::vector<std::string> polyc::catchingTaskErrors(const std::vector<std::string> &task) {
  std::vector<std::string> lines = {"try {"};
  for (const std::string &line : task)
    lines.push_back(line.empty() ? line : "  " + line);
  lines.insert(lines.end(), {"} catch (...) {", "  taskErrors.capture();", "}"});
  return lines;
}

bool polyc::runsItsLoop(const EdgeTraversalExpr &t) {
  return t.variants.size() == 1 && t.variants.front().nest.roundsInOneRegion;
}

std::string polyc::scheduleNumber(const ScheduleNumber &n, const std::string &what) {
  if (!n.fromArgv())
    return std::to_string(n.value);
  return "polyrt::scheduleArgument(" + std::to_string(n.argvIndex) + ", \"" + what + "\")";
}

namespace {

const char *variantSuffix(Variant v) {
  switch (v) {
  case Variant::SparsePush: return "_sparse_push";
  case Variant::DensePush: return "_dense_push";
  case Variant::DensePull: return "_dense_pull";
  }
  llvm_unreachable("a variant without a function suffix");
}

} // namespace

void CppEmitter::emitEdgeTraversal(const EdgeTraversalExpr &t) {
  os << "// " << traversalName(t) << ": " << t.source << "\n"
     << "// " << spelling(t.direction);
  if (t.variants.size() == 1)
    os << ", " << spelling(t.variants.front().loop.parallelization);
  os << "\n";
  emitDeferredReductions(t);
  if (t.variants.size() == 1) {
    emitEdgeVariant(t, t.variants.front(), traversalName(t));
    return;
  }
  const VariantPlan &sparse = t.variants[0], &dense = t.variants[1];
  std::string sparseName = traversalName(t) + variantSuffix(sparse.variant);
  std::string denseName = traversalName(t) + variantSuffix(dense.variant);
  emitEdgeVariant(t, sparse, sparseName);
  emitEdgeVariant(t, dense, denseName);
  // How a threshold reads in the comment: its number, or argv[N].
  auto spelled = [](const ScheduleNumber &n, const std::string &code) {
    return n.fromArgv() ? "argv[" + std::to_string(n.argvIndex) + "]" : code;
  };
  std::string threshold =
      scheduleNumber(t.hybridThreshold, "the hybrid threshold of '" + t.label + "'");
  os << "// " << spelling(dense.variant) << " once the frontier's out-edges and size exceed |E|/"
     << spelled(t.hybridThreshold, threshold);
  // Distributed, every rank holds the whole frontier and weighs it by the
  // whole graph's degrees, so all ranks choose alike (the part's own edges
  // would differ from rank to rank).
  std::string graph = module.distribution ? kRankPart : "g";
  std::string test = "polyrt::frontierWorkExceeds(frontier, " + graph + ", " + graph +
                     ".numEdges() / " + threshold + ")";
  if (t.hybridVertexThreshold) {
    std::string vertexThreshold = scheduleNumber(
        *t.hybridVertexThreshold, "the hybrid vertex threshold of '" + t.label + "'");
    os << ",\n// or once it holds more than |V|/" << spelled(*t.hybridVertexThreshold, vertexThreshold)
       << " vertices";
    test = "frontier.size() > g.numVertices() / " + vertexThreshold + " ||\n      " + test;
  }
  os << ".\n"
     << traversalSignature(t, traversalName(t)) << " {\n"
     << "  if (" << test << ")\n"
     << "    return " << denseName << "(g, frontier);\n"
     << "  return " << sparseName << "(g, frontier);\n"
     << "}\n\n";
}

namespace {

const char *updateOp(AssignOp op) {
  switch (op) {
  case AssignOp::Min: return "polyrt::MinUpdate";
  case AssignOp::Max: return "polyrt::MaxUpdate";
  default: return "polyrt::AddUpdate";
  }
}

/// The deferred reductions a variant's writes use, each once, in order.
std::vector<const DeferredReduction *> deferredOf(const EdgeTraversalExpr &t,
                                                  const VariantPlan &v) {
  std::vector<const DeferredReduction *> used;
  for (const WriteInfo &w : v.writes)
    if (w.deferredTo >= 0 && !llvm::is_contained(used, &t.deferred[w.deferredTo]))
      used.push_back(&t.deferred[w.deferredTo]);
  return used;
}

} // namespace

void CppEmitter::emitDeferredReductions(const EdgeTraversalExpr &t) {
  for (const DeferredReduction &d : t.deferred) {
    std::string types = cppType(*d.vector->type.value) + ", " + updateOp(d.op);
    if (d.how == WriteSync::Htm)
      os << "// configUpdateSync htm: each thread's updates of " << d.vector->name
         << ", committed a batch per transaction.\n"
         << "static polyrt::CoarsenedUpdates<" << types << "> " << deferredObjectName(t, d) << ";\n";
    else
      os << "// configUpdateSync merge: a buffer of " << d.vector->name
         << " per node, folded into it after the loops.\n"
         << "static polyrt::NodeMergeBuffers<" << types << "> " << deferredObjectName(t, d) << ";\n";
  }
}

std::vector<std::string> CppEmitter::deferredPrepare(const EdgeTraversalExpr &t,
                                                     const VariantPlan &v) {
  std::vector<std::string> lines;
  for (const DeferredReduction *d : deferredOf(t, v)) {
    if (d->how == WriteSync::Htm) {
      std::string coarsening =
          d->coarsening ? scheduleNumber(*d->coarsening, "the htm coarsening of '" + t.label + "'")
                        : "polyrt::htm::kDefaultCoarsening";
      lines.push_back(deferredObjectName(t, *d) + ".prepare(" + coarsening + ");");
    } else {
      std::string vector = cppName(d->vector->name);
      lines.push_back(deferredObjectName(t, *d) + ".prepare(" + vector + ".data(), " + vector + ".size());");
    }
  }
  return lines;
}

std::vector<std::string> CppEmitter::deferredFinish(const EdgeTraversalExpr &t,
                                                    const VariantPlan &v) {
  std::vector<std::string> lines;
  for (const DeferredReduction *d : deferredOf(t, v))
    lines.push_back(deferredObjectName(t, *d) + (d->how == WriteSync::Htm ? ".flush(); // the last, partial batches"
                                                          : ".fold(); // every node's buffer"));
  return lines;
}
