//===- PipelineTest.cpp - The pass runner and the passes' declarations ----===//
//
// With one target today, no polyc invocation skips a pass: these tests run
// the runner over passes of their own, one declared for no target.
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Pass.h"
#include "polyc/Passes/Target.h"

#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <set>

using namespace polyc;

namespace {

std::vector<std::string> ran;

bool runFirst(Module &, DiagnosticEngine &) {
  ran.push_back("first");
  return true;
}
bool runElsewhere(Module &, DiagnosticEngine &) {
  ran.push_back("elsewhere");
  return true;
}
bool runLast(Module &, DiagnosticEngine &) {
  ran.push_back("last");
  return true;
}

TEST(PipelineTest, SkipsPassesForOtherTargets) {
  const Pass passes[] = {
      {"first", "runs everywhere", TargetSet::all(), runFirst},
      {"elsewhere", "runs for no target", TargetSet{}, runElsewhere},
      {"last", "runs on cpu-openmp", {Target::CpuOpenMP}, runLast},
  };
  llvm::SourceMgr sources;
  DiagnosticEngine diags(sources);
  Module module;
  PipelineOptions options;
  options.target = Target::CpuOpenMP;
  ran.clear();
  ASSERT_TRUE(runPasses(passes, module, diags, options));
  EXPECT_EQ(ran, (std::vector<std::string>{"first", "last"}));
}

TEST(PipelineTest, TargetNames) {
  for (Target target : kTargets)
    EXPECT_EQ(parseTarget(targetName(target)), target);
  EXPECT_EQ(parseTarget("cpu-openmp"), Target::CpuOpenMP);
  EXPECT_EQ(parseTarget("gpu"), std::nullopt);
  EXPECT_EQ(parseTarget(""), std::nullopt);
}

// --list-passes and docs/architecture.md's table show one line per pass.
TEST(PipelineTest, EveryPassHasAUniqueNameAndOneLineDescription) {
  std::set<std::string> names;
  for (const Pass &pass : passPipeline()) {
    EXPECT_TRUE(names.insert(pass.name).second) << pass.name;
    llvm::StringRef description = pass.description;
    EXPECT_FALSE(description.empty()) << pass.name;
    EXPECT_EQ(description.find_first_of("\n|"), llvm::StringRef::npos) << pass.name;
    EXPECT_LE(description.size(), 80u) << pass.name;
  }
}

// The prefetch passes and partial sums are tuned to a CPU; analyses and the
// passes that check what a schedule asks run for every target.
TEST(PipelineTest, CpuOnlyPasses) {
  std::set<std::string> cpuOnly;
  for (const Pass &pass : passPipeline())
    if (!pass.targets.contains(Target::CpuOpenMP))
      ADD_FAILURE() << pass.name << " applies to no target polyc has";
    else if (pass.targets != TargetSet::all())
      cpuOnly.insert(pass.name);
  EXPECT_EQ(cpuOnly, (std::set<std::string>{"partial-sums", "stream-prefetch", "owner-prefetch",
                                             "neighbor-prefetch"}));
}

} // namespace
