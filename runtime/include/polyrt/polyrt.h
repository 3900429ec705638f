//===- polyrt.h - Everything generated programs include -----------------===//
#ifndef POLYRT_POLYRT_H
#define POLYRT_POLYRT_H

#include "polyrt/access_accounting.h"
#include "polyrt/atomics.h"
#include "polyrt/checked_index.h"
#include "polyrt/coarsened_updates.h"
#include "polyrt/edge_chunks.h"
#include "polyrt/edge_placement.h"
#include "polyrt/frontier_builders.h"
#include "polyrt/graph.h"
#include "polyrt/io.h"
#include "polyrt/loaded_graphs.h"
#include "polyrt/node_frontier.h"
#include "polyrt/node_merge_buffers.h"
#include "polyrt/node_replicas.h"
#include "polyrt/numa.h"
#include "polyrt/numa_loop.h"
#include "polyrt/numa_merge.h"
#include "polyrt/parallel_errors.h"
#include "polyrt/priority_queue.h"
#include "polyrt/program.h"
#include "polyrt/relabel.h"
#include "polyrt/schedule_args.h"
#include "polyrt/segmented_graph.h"
#include "polyrt/stream_prefetch.h"
#include "polyrt/striped_locks.h"
#include "polyrt/timer.h"
#include "polyrt/types.h"
#include "polyrt/vertex_array.h"
#include "polyrt/vertex_subset.h"

#endif
