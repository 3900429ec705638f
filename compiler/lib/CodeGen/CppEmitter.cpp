//===- CppEmitter.cpp - The shape of a generated program ------------------===//
//
// A generated program reads top to bottom as: includes, extern symbols, then
// in namespace NS::detail (NS from --namespace) the globals, forward
// declarations, the user's functions,
// one function per traversal, the initialisation of the globals in source
// order; then in NS the export functions (and a library's polyc_initialize),
// and finally main(), which hands the program to polyrt::runMain so
// that runtime errors become messages and exit codes.
//
//===----------------------------------------------------------------------===//
#include "EmitFusedFields.h"
#include "Emitter.h"

#include "polyc/AST/StmtWalk.h"
#include "polyc/IR/Clone.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Casting.h"

#include <map>

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;

void CppEmitter::error(llvm::SMLoc loc, const llvm::Twine &message) {
  failed = true;
  diags.error(loc, message);
}

void CppEmitter::emitPrologue() {
  emitGeneratedBanner(options, os);
  os << "#include \"polyrt/generated.h\"\n"
     << "#include \"polyrt/polyrt.h\"\n"
     << (module.distribution ? "#include \"polyrt/distributed.h\"\n" : "") << "\n"
     << "#include <algorithm>\n#include <array>\n#include <cmath>\n#include <cstdint>\n#include <functional>\n"
     << "#include <iostream>\n#include <limits>\n#include <mutex>\n#include <string>\n#include <utility>\n"
     << "#include <vector>\n\n";

  bool anyExtern = false;
  for (const auto &decl : module.program->decls) {
    if (auto *var = dyn_cast<VarDecl>(decl.get()); var && var->storage == VarDecl::Extern) {
      os << "extern " << cppType(var->type) << " " << cppName(var->name) << ";\n";
      anyExtern = true;
    } else if (auto *f = dyn_cast<FuncDecl>(decl.get()); f && f->linkage == FuncDecl::Extern) {
      os << signature(*f, cppFunctionName(*f), false) << ";\n";
      anyExtern = true;
    }
  }
  if (anyExtern)
    os << "\n";
}

void CppEmitter::emitGlobals() {
  os << "int polyc_argc = 0;\nchar **polyc_argv = nullptr;\n";
  if (checksInitialisation())
    os << "// Set by polyc_initialize; the exported functions refuse to run before.\n"
       << "bool polyc_initialized = false;\n"
       << "// Held by every call from outside: the calls share the globals, so one runs at a time.\n"
       << "std::mutex polyc_calls;\n";
  for (const auto &decl : module.program->decls)
    if (llvm::isa<ElementDecl>(decl.get()))
      os << "int64_t " << elementCount(decl->name) << " = 0; // how many " << decl->name
         << " elements the loaded edgesets have\n";
  os << "\n";
  std::set<const FusedFieldGroup *> declaredGroups;
  for (const auto &decl : module.program->decls)
    if (auto *var = dyn_cast<VarDecl>(decl.get()); var && var->storage == VarDecl::Global) {
      // A fused vector is a field of its group's array, declared with the first.
      if (const FusedFieldGroup *g = fusedGroupOf(module, var)) {
        if (declaredGroups.insert(g).second)
          emitFusedFieldDeclaration(*g, os);
        continue;
      }
      if (module.summedVectors.count(var)) {
        os << cppType(*var->type.value) << " " << summedName(*var) << " = 0; // " << var->name
           << ", kept only as its sum (the summed-vector pass)\n";
        continue;
      }
      os << cppType(var->type) << " " << cppName(var->name);
      auto placed = module.placements.find(var);
      if (placed == module.placements.end()) {
        os << ";\n";
        continue;
      }
      // A replicated vector is interleaved; its copies are a second global.
      os << "{polyrt::Placement::"
         << (placed->second == DataPlacement::NodeLocal ? "NodeLocal" : "Interleaved")
         << "}; // configDataPlacement\n";
      if (placed->second == DataPlacement::Replicated)
        os << "polyrt::NodeReplicas<" << cppType(*var->type.value) << "> " << replicasName(*var)
           << "; // " << var->name << "'s copy on each node\n";
    }
  // Internal linkage: no C++ outside names a function's local, and a
  // variable whose address the compiler sees kept here cannot be what an
  // int store elsewhere writes, so loops keep the value in a register across
  // such stores (Afforest's sampling reloaded its bound position after every
  // link's compare-and-swap).
  for (const VarDecl *var : module.hoistedLocals)
    os << "static " << (module.threadLocalHoisted.count(var) ? "thread_local " : "")
       << cppType(var->type) << " " << cppName(var->name)
       << "; // a local that a functor binds, set where declared"
       << (module.threadLocalHoisted.count(var)
               ? " (one per thread: par_for iterations each have their own)"
               : "")
       << "\n";
  os << "\n";
  emitRankDeclarations();
  if (!module.fusedFields.empty())
    emitFusedFieldHelpers(os);
}

void CppEmitter::emitForwardDeclarations() {
  for (const auto &decl : module.program->decls)
    if (auto *f = dyn_cast<FuncDecl>(decl.get());
        f && f->linkage != FuncDecl::Extern && !module.summedFolders.count(f))
      os << signature(*f, cppFunctionName(*f), false) << ";\n";
  os << "\n";
}

std::string CppEmitter::sourcePlace(llvm::SMLoc loc) {
  llvm::SourceMgr &sources = diags.sourceManager();
  if (!loc.isValid() || !sources.FindBufferContainingLoc(loc))
    return options.algorithmName;
  auto [line, column] = sources.getLineAndColumn(loc);
  return options.algorithmName + ":" + std::to_string(line) + ":" + std::to_string(column);
}

bool CppEmitter::checkVectorElement(const Type &type, llvm::SMLoc loc) {
  if (type.kind != Type::Vector || vertexElements.count(type.element) ||
      edgeElements.count(type.element))
    return true;
  error(loc, "'" + type.element + "' is neither a vertex nor an edge element of any edgeset, "
                 "and no vertexset counts it: " + type.str() + " has no size");
  return false;
}

std::vector<std::string> CppEmitter::elementCountsFrom(const std::string &edges, const Type &type,
                                                       std::set<std::string> *counted,
                                                       llvm::SMLoc loc) {
  std::vector<std::string> out;
  auto count = [&](const std::string &element, const char *how,
                   const std::string &receiver) {
    if (!counted || counted->insert(element).second)
      out.push_back(elementCount(element) + " = " + receiver + how + ";");
  };
  // A vertex element counted before (by an earlier edgeset or a vertexset):
  // its vectors and vertexsets have that many slots, and traversals of this
  // edgeset index them with its vertices, so the counts must agree.
  auto countVertices = [&](const std::string &element) {
    if (counted && counted->count(element))
      out.push_back("polyrt::requireVertexCount(" + edges + ", " + elementCount(element) +
                    ", \"" + element + "\", " + quotedPlace(loc) + ");");
    else
      count(element, ".numVertices()", edges);
  };
  countVertices(type.srcElement);
  if (type.dstElement != type.srcElement)
    countVertices(type.dstElement);
  // Distributed, the edgeset holds the rank's part; the part knows the whole.
  if (type.element != type.srcElement && type.element != type.dstElement)
    count(type.element, ".numEdges()", module.distribution ? std::string(kRankPart) : edges);
  return out;
}

void CppEmitter::emitGlobalInitialisation() {
  os << "void polyc_init_globals() {\n";
  // An element counted by a vertexset of its own (Sema's countedBy): before
  // every global where its n allows, else just before that vertexset.
  auto emitElementCount = [&](const ElementDecl &element) {
    auto *alloc = cast<NewExpr>(element.countedBy->init.get());
    os << "  " << elementCount(element.name) << " = polyrt::elementCountFrom(" << expr(*alloc->args[0])
       << ", \"" << element.name << "\");\n";
    countedElements.insert(element.name);
  };
  // Edgesets loaded from argv or a file name come first (Sema's loadedFirst).
  // Elements whose count is known here only from edgesets declared without a
  // value (a library's, assigned by an export function): 0 until then.
  std::map<std::string, const VarDecl *> countedEmpty;
  auto emitEdgesetLoad = [&](const VarDecl &var) {
    if (var.init) {
      os << "  " << cppName(var.name) << " = " << initialValue(var.init.get(), var.type) << ";\n";
      for (const std::string &element : {var.type.srcElement, var.type.dstElement, var.type.element})
        countedEmpty.erase(element);
    } else {
      for (const std::string &element : {var.type.srcElement, var.type.dstElement, var.type.element})
        if (!countedElements.count(element))
          countedEmpty.emplace(element, &var);
    }
    for (const std::string &line :
         elementCountsFrom(cppName(var.name), var.type, &countedElements, var.loc))
      os << "  " << line << "\n";
  };
  for (const auto &decl : module.program->decls)
    if (auto *var = dyn_cast<VarDecl>(decl.get()); var && var->loadedFirst)
      emitEdgesetLoad(*var);
  std::map<const VarDecl *, const ElementDecl *> countedLater;
  for (const auto &decl : module.program->decls)
    if (auto *element = dyn_cast<ElementDecl>(decl.get()); element && element->countedBy) {
      if (element->countedFirst)
        emitElementCount(*element);
      else
        countedLater[element->countedBy] = element;
    }
  std::vector<const VarDecl *> unsizedVectors;
  for (const auto &decl : module.program->decls) {
    auto *var = dyn_cast<VarDecl>(decl.get());
    if (!var || var->storage != VarDecl::Global)
      continue;
    if (auto later = countedLater.find(var); later != countedLater.end())
      emitElementCount(*later->second);
    std::string name = cppName(var->name);
    const Type &type = var->type;
    if (module.summedVectors.count(var))
      continue; // never allocated: its running total starts at 0
    if (type.kind == Type::Vector) {
      if (!checkVectorElement(type, var->loc))
        continue;
      if (!var->init) {
        unsizedVectors.push_back(var);
        continue;
      }
      if (!countedElements.count(type.element)) {
        const ElementDecl *element = module.program->findElement(type.element);
        if (element && element->countedBy)
          error(var->loc, "'" + var->name + "' is a vector{" + type.element + "} declared before '" +
                              element->countedBy->name + "', which counts " + type.element +
                              " from values initialised later; declare it after '" +
                              element->countedBy->name + "'");
        else
          error(var->loc, "'" + var->name + "' is a vector{" + type.element +
                              "} declared before any edgeset of " + type.element +
                              " is loaded; declare it after the edgeset");
        continue;
      }
      if (auto empty = countedEmpty.find(type.element); empty != countedEmpty.end()) {
        // Sized now, it would have no elements when the edgeset arrives.
        error(var->loc, "'" + var->name + "' is a vector{" + type.element +
                            "} initialised where it is declared, but '" + empty->second->name +
                            "', which counts " + type.element +
                            ", has no value until the program assigns it, so the vector would "
                            "have no elements; declare it without a value and assign it after "
                            "the edgeset (`" + var->name + " = ...;` after `" +
                            empty->second->name + " = ...;`)");
        continue;
      }
      if (var->init->type.kind == Type::Vector && *var->init->type.value != *type.value)
        error(var->init->loc, "initialising a " + type.str() + " from a " +
                                  var->init->type.str() + " is not supported yet");
      if (const FusedFieldGroup *g = fusedGroupOf(module, var)) {
        os << "  " << fusedFieldAssignment(*this, *g, *var, var->init.get(),
                                           elementCount(type.element))
           << "\n";
      } else if (var->init->type.kind == Type::Vector) {
        os << "  " << name << " = " << expr(*var->init) << ";\n";
      } else {
        os << "  " << name << " = " << cppType(type) << "(" << elementCount(type.element)
           << ", " << initialValue(var->init.get(), *type.value) << ");\n";
      }
      continue;
    }
    if (type.kind == Type::EdgeSet) {
      if (!var->loadedFirst)
        emitEdgesetLoad(*var);
      continue;
    }
    if (var->init)
      os << "  " << name << " = " << initialValue(var->init.get(), type) << ";\n";
  }
  // Vectors declared without a value get one default element per vertex of
  // the edgesets loaded above (a program assigning an edgeset later, as
  // exported functions do, resizes them by assigning the whole vector).
  // A fused one's array keeps the values other fields have already.
  std::set<const FusedFieldGroup *> sizedGroups;
  for (const VarDecl *var : unsizedVectors) {
    if (const FusedFieldGroup *g = fusedGroupOf(module, var)) {
      if (sizedGroups.insert(g).second)
        os << "  " << fusedArrayResize(*g, elementCount(var->type.element)) << "\n";
      continue;
    }
    os << "  " << cppName(var->name) << " = " << cppType(var->type) << "("
       << elementCount(var->type.element) << ", " << initialValue(nullptr, *var->type.value)
       << ");\n";
  }
  for (const EdgePlacement &placement : module.edgesOnNodes) {
    const std::string &name = placement.edges->name;
    os << "  // Every traversal of " << name << " walks agents: on more than one node its edges\n"
       << "  // live in the agents' node parts, built now, and its own copy is freed.\n"
       << "  polyrt::placeEdgesOnNodes(" << cppName(name) << ", {";
    for (const AgentParts &parts : placement.parts)
      os << (&parts == &placement.parts.front() ? "" : ", ") << "{polyrt::SubgraphSide::"
         << (parts.push ? "Push" : "Pull") << ", " << partitionStrategy(parts.partition) << ", "
         << alphaOf(parts.alpha) << "}";
    os << "});\n";
  }
  for (const auto &[edges, parts] : module.mergePartsAtLoad) {
    os << "  // The node parts the NUMA merge forms over " << edges->name << " walk, built\n"
       << "  // now: no traversal builds them in its timed calls.\n"
       << "  polyrt::buildMergeParts(" << cppName(edges->name) << ", {";
    for (const MergeParts &p : parts)
      os << (&p == &parts.front() ? "" : ", ") << "{" << partitionStrategy(p.partition) << ", "
         << alphaOf(p.alpha) << ", " << p.segments << ", polyrt::SegmentSplit::"
         << (p.split == Segmenting::EdgeAwareVertexCount ? "EdgeCount" : "VertexCount")
         << (p.ranksVertices ? ", polyc_rank_part.firstOwned(), polyc_rank_part.ownedLimit()"
                             : "")
         << "}";
    os << "});\n";
  }
  if (module.distribution && module.distribution->splitsSources)
    os << "  // A pull walks the edges from this rank's own vertices while the mirrors'\n"
       << "  // values travel: each in-list cut at this rank's range, now.\n"
       << "  " << kRankPart << ".splitSources(" << cppName(module.distribution->edges->name)
       << ");\n";
  os << "}\n\n";
}

bool CppEmitter::checksInitialisation() const {
  return !module.program->findFunc("main") || hasExportFunctions(*module.program);
}

/// The polyrt::UsageSettings bits of what the program has that a POLYRT_*
/// setting steers (its usage text lists those settings).
static std::vector<std::string> usageSettings(const Module &module) {
  std::vector<std::string> bits;
  bool loads = false;
  auto findLoads = [&](Expr &e) {
    forEachExprBelow(e, [&](Expr &x) {
      auto *call = dyn_cast<CallExpr>(&x);
      loads = loads || (call && call->builtin == Builtin::Load);
    });
  };
  for (const auto &decl : module.program->decls) {
    if (auto *var = dyn_cast<VarDecl>(decl.get()); var && var->init)
      findLoads(*var->init);
    if (auto *f = dyn_cast<FuncDecl>(decl.get()))
      forEachExprIn(f->body, [&](Expr &e) { findLoads(e); });
  }
  bool streams = false, transactions = false, agents = false;
  for (const EdgeTraversalExpr *t : module.edgeTraversals) {
    for (const VariantPlan &v : t->variants) {
      streams = streams || v.nest.find(LoopOp::Versioned);
      agents = agents || (v.numa && v.numa->agents);
    }
    for (const DeferredReduction &d : t->deferred)
      transactions = transactions || d.how == WriteSync::Htm;
  }
  bool neighbors = llvm::any_of(module.vertexTraversals, [](const VertexTraversalExpr *u) {
    return u->prefetchedNeighborValue.has_value();
  });
  if (loads)
    bits.push_back("polyrt::ReadsGraphFiles");
  if (streams)
    bits.push_back("polyrt::PrefetchesStreams");
  if (neighbors)
    bits.push_back("polyrt::PrefetchesNeighbors");
  if (transactions)
    bits.push_back("polyrt::UsesTransactions");
  if (agents)
    bits.push_back("polyrt::WalksAgents");
  return bits;
}

void CppEmitter::emitMain() {
  std::string detail = "::" + options.cppNamespace + "::detail::";
  std::vector<std::string> arguments;
  for (const auto &[index, what] : programArguments(module))
    arguments.push_back("{" + std::to_string(index) + ", \"" + what + "\"}");
  std::vector<std::string> settings = usageSettings(module);
  os << "// What the program says to --help, or to a run without arguments.\n"
     << "static const polyrt::Usage polyc_usage{\n"
     << "    {" << llvm::join(arguments, ",\n     ") << "},\n"
     << "    " << (settings.empty() ? "0" : llvm::join(settings, " | ")) << "};\n\n"
     << "int main(int argc, char **argv) {\n"
     << "  return " << (module.distribution ? "polyrt::dist" : "polyrt")
     << "::runMain(argc, argv, polyc_usage, [&] {\n"
     << "    " << detail << "polyc_argc = argc;\n"
     << "    " << detail << "polyc_argv = argv;\n"
     << (module.distribution && module.distribution->accountMessages
             ? "    polyrt::dist::enableMessageAccounting(); // --account-messages\n"
             : "")
     << "    " << detail << "polyc_init_globals();\n"
     << (checksInitialisation() ? "    " + detail + "polyc_initialized = true;\n" : "")
     << "    " << detail << "polyc_main();\n"
     << "  });\n"
     << "}\n";
}

void CppEmitter::emitExports() {
  for (const auto &decl : module.program->decls) {
    auto *f = dyn_cast<FuncDecl>(decl.get());
    if (!f || f->linkage != FuncDecl::Export)
      continue;
    // The wrapper is the program's interface: its name cannot change.
    // (`detail` is the namespace of everything else.)
    if (cppName(f->name) != f->name || f->name == "detail") {
      error(f->loc, "the exported function '" + f->name + "' cannot keep its name in C++ (" +
                        "a keyword, a macro of the standard headers or a name C++ or polyc "
                        "reserves); rename it");
      continue;
    }
    std::vector<std::string> args;
    for (const auto &p : f->params)
      args.push_back(cppName(p->name));
    os << "// Exported: callable from C++ once polyc_initialize() has run.\n"
       << signature(*f, f->name, false, "", nullptr, /*namesEveryParameter=*/true) << " {\n"
       << "  const std::lock_guard<std::mutex> oneCallAtATime(detail::polyc_calls);\n"
       << "  polyrt::requireInitialized(detail::polyc_initialized, \"" << options.cppNamespace
       << "::" << f->name << "\", \"" << options.cppNamespace << "::polyc_initialize\");\n"
       << "  return detail::" << cppFunctionName(*f) << "(" << llvm::join(args, ", ") << ");\n"
       << "}\n\n";
  }
}

void CppEmitter::nameTraversals() {
  // Every user name as the C++ spells it, locals too: a traversal is called
  // from functions whose locals would hide it.
  std::set<std::string> user;
  for (const auto &decl : module.program->decls) {
    if (auto *element = dyn_cast<ElementDecl>(decl.get()))
      user.insert(elementCount(element->name));
    if (auto *var = dyn_cast<VarDecl>(decl.get()))
      user.insert(cppName(var->name));
    auto *f = dyn_cast<FuncDecl>(decl.get());
    if (!f)
      continue;
    user.insert({cppFunctionName(*f), f->name});
    for (const auto &p : f->params)
      user.insert(cppName(p->name));
    for (const auto &p : f->boundParams)
      user.insert(cppName(p->name));
    if (f->result)
      user.insert(cppName(f->result->name));
    forEachStmtIn(f->body, [&](const Stmt &s) {
      if (auto *d = dyn_cast<VarDeclStmt>(&s))
        user.insert(cppName(d->decl->name));
      else if (auto *loop = dyn_cast<ForStmt>(&s))
        user.insert(cppName(loop->var->name));
    });
  }
  for (const VarDecl *var : module.hoistedLocals)
    user.insert(cppName(var->name));
  // A traversal NAME also defines NAME_sparse_push, NAME_updateEdge, ...
  // (NAME_ and a letter or '_'): no other name may start like those.
  auto extends = [](llvm::StringRef name, llvm::StringRef base) {
    return name.size() > base.size() + 1 && name.starts_with(base) &&
           name[base.size()] == '_' && !llvm::isDigit(name[base.size() + 1]);
  };
  std::vector<std::string> taken;
  auto clashes = [&](const std::string &name) {
    if (user.count(name))
      return true;
    auto longer = user.lower_bound(name + "_");
    if (longer != user.end() && extends(*longer, name))
      return true;
    for (const std::string &other : taken)
      if (other == name || extends(name, other) || extends(other, name))
        return true;
    return false;
  };
  auto assign = [&](const Expr *t, const std::string &irName) {
    std::string base = cppFunctionName(irName), name = base;
    // (A number can make a macro: M_PI_ + 2.)
    for (unsigned k = 2; clashes(name) || (k > 2 && cppFunctionName(name) != name); ++k)
      name = k <= 9 ? base + std::to_string(k) : "traversal" + std::to_string(k - 9);
    taken.push_back(name);
    traversalNames[t] = name;
  };
  for (const EdgeTraversalExpr *t : module.edgeTraversals)
    assign(t, t->name);
  for (const VertexTraversalExpr *t : module.vertexTraversals)
    assign(t, t->name);
}

bool CppEmitter::run() {
  nameTraversals();
  bool hasMain = module.program->findFunc("main") != nullptr;
  for (const auto &decl : module.program->decls) {
    if (auto *var = dyn_cast<VarDecl>(decl.get()); var && var->type.kind == Type::EdgeSet) {
      vertexElements.insert({var->type.srcElement, var->type.dstElement});
      edgeElements.insert(var->type.element);
    }
    if (auto *element = dyn_cast<ElementDecl>(decl.get()); element && element->countedBy)
      vertexElements.insert(element->name);
  }
  emitPrologue();
  os << "namespace " << options.cppNamespace << "::detail {\n\n";
  emitGlobals();
  emitForwardDeclarations();
  for (const EdgeTraversalExpr *t : module.edgeTraversals)
    os << traversalSignature(*t, traversalName(*t)) << ";\n";
  for (const VertexTraversalExpr *t : module.vertexTraversals)
    if (!t->fusedInto)
      os << "static " << (t->op == VertexTraversalExpr::Filter ? "polyrt::VertexSubset " : "void ")
         << traversalName(*t) << "(polyrt::VertexSubset &set);\n";
  os << "\n";

  for (const auto &decl : module.program->decls)
    if (auto *f = dyn_cast<FuncDecl>(decl.get());
        f && f->linkage != FuncDecl::Extern && !module.summedFolders.count(f)) {
      FunctionContext plain;
      plain.func = f;
      emitFunction(*f, cppFunctionName(*f), plain);
    }
  for (const EdgeTraversalExpr *t : module.edgeTraversals)
    emitEdgeTraversal(*t);
  for (const VertexTraversalExpr *t : module.vertexTraversals)
    emitVertexTraversal(*t);
  emitGlobalInitialisation();
  os << "} // namespace " << options.cppNamespace << "::detail\n\n";
  os << "namespace " << options.cppNamespace << " {\n\n";
  emitExports();
  if (!hasMain)
    os << "// A program without main is a library: its user calls this first.\n"
       << "void polyc_initialize(int argc, char **argv) {\n"
       << "  const std::lock_guard<std::mutex> oneCallAtATime(detail::polyc_calls);\n"
       << "  detail::polyc_argc = argc;\n"
       << "  detail::polyc_argv = argv;\n"
       << "  detail::polyc_init_globals();\n"
       << "  detail::polyc_initialized = true;\n"
       << "}\n\n";
  os << "} // namespace " << options.cppNamespace << "\n";
  if (hasMain) {
    os << "\n";
    emitMain();
  }
  return !failed;
}

bool polyc::emitCpp(const Module &module, const EmitOptions &options, llvm::raw_ostream &os,
                    DiagnosticEngine &diags) {
  return CppEmitter(module, options, os, diags).run();
}
