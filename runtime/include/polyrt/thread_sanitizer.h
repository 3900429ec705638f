//===- thread_sanitizer.h - Whether ThreadSanitizer instruments this build ===//
//
// POLYRT_TSAN is defined when the code is compiled with -fsanitize=thread
// (g++ says so with __SANITIZE_THREAD__, clang++ with a feature test).
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_THREAD_SANITIZER_H
#define POLYRT_THREAD_SANITIZER_H

#if defined(__SANITIZE_THREAD__)
#define POLYRT_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define POLYRT_TSAN 1
#endif
#endif

#endif
