//===- numa_memory.cpp - Memory bound to NUMA nodes ---------------------===//
#include "polyrt/numa_memory.h"

#include "polyrt/numa.h"

#include "detail/edge_splitter.h"
#include "detail/environment.h"

#include <numa.h>
#include <numaif.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

namespace polyrt {
namespace {

size_t pageSize() {
  static const size_t size = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

/// Binding is only worth a system call where there is more than one node.
bool bindingPossible() {
  static const bool possible = numa_available() >= 0 && topology().realNodes > 1;
  return possible;
}

void *mapAnonymous(size_t bytes) {
  void *memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED)
    throw Error("cannot allocate " + std::to_string(bytes) + " bytes of node memory: " +
                std::strerror(errno));
  return memory;
}

void bind(void *memory, size_t bytes, int realNode) {
  if (!bindingPossible() || bytes == 0)
    return;
  unsigned long mask[16] = {};
  if (realNode < 0 || realNode >= int(sizeof mask * 8))
    return;
  mask[realNode / (8 * sizeof(unsigned long))] |= 1UL << (realNode % (8 * sizeof(unsigned long)));
  // Before any page is touched: the pages are then allocated on the node,
  // transparent huge pages included.
  if (mbind(memory, bytes, MPOL_BIND, mask, sizeof mask * 8, 0) != 0)
    throw Error(std::string("cannot bind memory to NUMA node ") + std::to_string(realNode) + ": " +
                std::strerror(errno));
}

} // namespace

bool hugePagesEnabled() {
  static const bool enabled = detail::environmentChoice("POLYRT_HUGE_PAGES", {"on", "off"}) == 0;
  return enabled;
}

void *allocateLarge(size_t bytes) {
  if (bytes == 0)
    return nullptr;
  // The kernel backs only aligned 2 MB ranges with huge pages: map 2 MB
  // more and give back the unaligned head and the tail.
  constexpr size_t kHugePage = size_t{2} << 20;
  const bool huge = hugePagesEnabled();
  const size_t length = (bytes + pageSize() - 1) / pageSize() * pageSize();
  const size_t mapped = huge ? length + kHugePage : length;
  char *memory = static_cast<char *>(mapAnonymous(mapped));
  if (!huge)
    return memory;
  uintptr_t start = (reinterpret_cast<uintptr_t>(memory) + kHugePage - 1) & ~(kHugePage - 1);
  char *aligned = reinterpret_cast<char *>(start);
  if (aligned > memory)
    munmap(memory, static_cast<size_t>(aligned - memory));
  if (size_t tail = static_cast<size_t>(memory + mapped - (aligned + length)))
    munmap(aligned + length, tail);
  madvise(aligned, length, MADV_HUGEPAGE); // advice only: declined, the pages stay small
  return aligned;
}

int realNodeOf(int node) { return node % topology().realNodes; }

void *allocateOnNode(size_t bytes, int node) {
  if (bytes == 0)
    return nullptr;
  void *memory = mapAnonymous(bytes);
  try {
    bind(memory, bytes, realNodeOf(node));
  } catch (...) {
    munmap(memory, bytes);
    throw;
  }
  return memory;
}

void *allocatePartitioned(size_t bytes, const std::vector<size_t> &byteBounds) {
  if (bytes == 0)
    return nullptr;
  void *memory = mapAnonymous(bytes);
  char *base = static_cast<char *>(memory);
  const size_t page = pageSize();
  try {
    for (size_t k = 0; k + 1 < byteBounds.size(); ++k) {
      // A page straddling two slices goes to the node owning its first byte.
      size_t begin = k == 0 ? 0 : (byteBounds[k] + page - 1) / page * page;
      size_t end = k + 2 == byteBounds.size() ? bytes : (byteBounds[k + 1] + page - 1) / page * page;
      end = std::min(end, (bytes + page - 1) / page * page);
      if (begin < end)
        bind(base + begin, end - begin, realNodeOf(static_cast<int>(k)));
    }
  } catch (...) {
    munmap(memory, bytes);
    throw;
  }
  return memory;
}

void freeNodeMemory(void *memory, size_t bytes) {
  if (memory && bytes)
    munmap(memory, bytes);
}

std::vector<int> pageNodes(const void *memory, size_t bytes) {
  const size_t page = pageSize();
  uintptr_t first = reinterpret_cast<uintptr_t>(memory) / page * page;
  uintptr_t last = reinterpret_cast<uintptr_t>(memory) + bytes;
  size_t count = bytes ? (last - first + page - 1) / page : 0;
  std::vector<void *> pages(count);
  for (size_t i = 0; i < count; ++i)
    pages[i] = reinterpret_cast<void *>(first + i * page);
  std::vector<int> status(count, -ENOENT);
  if (count && numa_available() >= 0 &&
      move_pages(0, count, pages.data(), nullptr, status.data(), 0) != 0)
    throw Error(std::string("cannot query the NUMA node of pages: ") + std::strerror(errno));
  if (numa_available() < 0) // no NUMA: every touched page is on node 0
    std::fill(status.begin(), status.end(), 0);
  return status;
}

} // namespace polyrt

namespace polyrt::detail {

void dropPages(const void *first, const void *last) {
  const uintptr_t page = pageSize();
  uintptr_t lo = (reinterpret_cast<uintptr_t>(first) + page - 1) & ~(page - 1);
  uintptr_t hi = reinterpret_cast<uintptr_t>(last) & ~(page - 1);
  // Advice only: where the system declines, the pages stay until freed.
  if (lo < hi)
    madvise(reinterpret_cast<void *>(lo), hi - lo, MADV_DONTNEED);
}

} // namespace polyrt::detail
