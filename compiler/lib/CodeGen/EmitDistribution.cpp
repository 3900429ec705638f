//===- EmitDistribution.cpp - The rank exchanges of configDistribution ----===//
//
// A distributed program (Module::distribution) declares its rank's part of
// the edgeset and one freshness flag per vector, loads only its part, and
// runs the exchanges the distribution pass placed around statements
// (polyrt/distributed.h; docs/distributed.md).
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"

using namespace polyc;

namespace {

const char *combiningName(MessageCombining c) {
  switch (c) {
  case MessageCombining::Mirrors: return "polyrt::dist::Combining::Mirrors";
  case MessageCombining::Batched: return "polyrt::dist::Combining::Batched";
  case MessageCombining::PerUpdate: return "polyrt::dist::Combining::PerUpdate";
  }
  llvm_unreachable("a combining level without its runtime name");
}

const char *communicationName(Communication c) {
  switch (c) {
  case Communication::Ring: return "polyrt::dist::Communication::Ring";
  case Communication::Alltoallv: return "polyrt::dist::Communication::Alltoallv";
  }
  llvm_unreachable("a communication without its runtime name");
}

const char *foldName(AssignOp op) {
  switch (op) {
  case AssignOp::Min: return "polyrt::dist::Fold::Min";
  case AssignOp::Max: return "polyrt::dist::Fold::Max";
  case AssignOp::Assign: return "polyrt::dist::Fold::Assign"; // a constant set at the source
  default: return "polyrt::dist::Fold::Add"; // += and -= (the distribution pass)
  }
}

const char *strategyName(Distribution d) {
  switch (d) {
  case Distribution::ChunkAlpha: return "polyrt::dist::Strategy::ChunkAlpha";
  case Distribution::EdgeBalanced: return "polyrt::dist::Strategy::EdgeBalanced";
  case Distribution::VertexBalanced: return "polyrt::dist::Strategy::VertexBalanced";
  case Distribution::Hash: return "polyrt::dist::Strategy::Hash";
  case Distribution::Cartesian: return "polyrt::dist::Strategy::Cartesian";
  case Distribution::Metis: return "polyrt::dist::Strategy::Metis";
  }
  llvm_unreachable("a distribution without its runtime name");
}

} // namespace

std::string polyc::freshnessName(const VarDecl &vector) { return "polyc_fresh_" + vector.name; }
std::string polyc::keptName(const VarDecl &scalar) { return "polyc_kept_" + scalar.name; }

void CppEmitter::emitRankDeclarations() {
  if (!module.distribution)
    return;
  os << "// configDistribution: this rank's part of '" << module.distribution->edges->name
     << "' and, per vector, whether its copies are current (docs/distributed.md).\n"
     << "polyrt::dist::EdgesPart " << kRankPart << ";\n";
  for (const VarDecl *vector : module.distribution->vectors)
    os << "polyrt::dist::Freshness " << freshnessName(*vector) << ";\n";
  for (const VarDecl *scalar : module.distribution->scalars)
    os << cppType(scalar->type) << " " << keptName(*scalar) << "{}; // " << scalar->name
       << " before a traversal folds into it on every rank\n";
  os << "\n";
}

std::string CppEmitter::loadPart(const std::string &weight, const std::string &path) {
  const DistributionPlan &plan = *module.distribution;
  return "polyrt::dist::loadPart<" + weight + ">(" + path + ", " + kRankPart + ", " +
         strategyName(plan.how) + ", " + alphaOf(plan.alpha) + ")";
}

void CppEmitter::emitRankExchanges(const Stmt &s, bool before, unsigned indent) {
  if (!module.distribution)
    return;
  const auto &placed = before ? module.distribution->before : module.distribution->after;
  auto found = placed.find(&s);
  if (found == placed.end())
    return;
  std::string pad = indentOf(indent);
  for (const RankExchange &x : found->second) {
    std::string target = cppName(x.target->name);
    switch (x.kind) {
    case RankExchange::RefreshMirrors:
      if (x.overlapped) { // the pull finishes it (LoopOp::MirrorOverlap)
        os << pad << "polyrt::dist::beginRefreshMirrors(" << kRankPart << ", " << target << ", "
           << freshnessName(*x.target) << ", \"" << traversalName(*x.traversal) << "\");\n";
        continue;
      }
      os << pad << "polyrt::dist::refreshMirrors(" << kRankPart << ", " << target << ", "
         << freshnessName(*x.target) << ", " << combiningName(x.combining) << ", "
         << communicationName(x.communication) << ", \"" << traversalName(*x.traversal)
         << "\");\n";
      continue;
    case RankExchange::GatherVector:
      os << pad << "polyrt::dist::gatherAll(" << kRankPart << ", " << target << ", "
         << freshnessName(*x.target) << ");\n";
      continue;
    case RankExchange::GatherForPrint:
      os << pad << "polyrt::dist::gatherForPrint(" << kRankPart << ", " << target << ", "
         << freshnessName(*x.target) << ");\n";
      continue;
    case RankExchange::Wrote:
      os << pad << "polyrt::dist::wrote(" << freshnessName(*x.target) << ");\n";
      continue;
    case RankExchange::WroteEverywhere:
      os << pad << "polyrt::dist::wroteOnEveryRank(" << freshnessName(*x.target) << ");\n";
      continue;
    case RankExchange::SnapshotMirrors:
      os << pad << "polyrt::dist::snapshotMirrors(" << kRankPart << ", " << target << ", "
         << freshnessName(*x.target) << ");\n";
      continue;
    case RankExchange::FoldIntoOwners:
    case RankExchange::FoldPartials: // (the same call, into sources' or destinations' owners)
      os << pad << "polyrt::dist::"
         << (x.kind == RankExchange::FoldPartials ? "foldPartials(" : "foldIntoOwners(")
         << kRankPart << ", " << target << ", " << freshnessName(*x.target) << ", "
         << foldName(x.fold) << ", " << communicationName(x.communication) << ", \""
         << traversalName(*x.traversal) << "\");\n";
      continue;
    case RankExchange::ClearPartials:
      os << pad << "polyrt::dist::clearPartials(" << kRankPart << ", " << target << ", "
         << foldName(x.fold) << ");\n";
      continue;
    case RankExchange::KeepScalar:
      os << pad << keptName(*x.target) << " = " << target << ";\n";
      continue;
    case RankExchange::CombineScalar:
      os << pad << target << " = polyrt::dist::combineOverRanks(" << target << ", "
         << keptName(*x.target) << ", " << foldName(x.fold) << ");\n";
      continue;
    case RankExchange::GatherSet:
      os << pad << "polyrt::dist::gatherSet(" << kRankPart << ", " << target << ");\n";
      continue;
    }
    llvm_unreachable("a rank exchange without its call");
  }
}
