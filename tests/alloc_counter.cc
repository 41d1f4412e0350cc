// A counting allocator for the hostile test: preloaded into hanji (LD_PRELOAD), it counts the
// allocations of the run and the most bytes held at once, and at exit writes them to the file
// HANJI_ALLOC_REPORT names, as "allocations N peak BYTES". A count is the same on a busy
// machine and a quiet one, so the memory a hostile input may take is checked without a clock.
// It wraps the entry points of mimalloc (mi_malloc and the rest), the allocator hanji runs on,
// so it counts in mimalloc's block sizes and needs no dlsym, which itself allocates. Built
// without sanitizers, which bring allocators of their own (and then hanji has no mimalloc).
#include <fcntl.h>
#include <mimalloc.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace {

// Process-wide by nature: every allocation of the process passes here.
std::atomic<unsigned long> allocations{0}, held{0}, peak{0};

void taken(void* block) {
  if (!block) return;
  allocations.fetch_add(1, std::memory_order_relaxed);
  const unsigned long size = mi_usable_size(block);
  const unsigned long now = held.fetch_add(size, std::memory_order_relaxed) + size;
  unsigned long highest = peak.load(std::memory_order_relaxed);
  while (now > highest && !peak.compare_exchange_weak(highest, now, std::memory_order_relaxed)) {
  }
}

void given_back(void* block) {
  if (block) held.fetch_sub(mi_usable_size(block), std::memory_order_relaxed);
}

__attribute__((destructor)) void report() {
  const char* path = std::getenv("HANJI_ALLOC_REPORT");
  if (!path) return;
  char line[96];
  const int length = std::snprintf(line, sizeof line, "allocations %lu peak %lu\n", allocations.load(), peak.load());
  const int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return;
  if (::write(fd, line, static_cast<size_t>(length)) < 0) {
    // the test sees no report, and says so
  }
  ::close(fd);
}

}  // namespace

extern "C" {

void* malloc(size_t size) noexcept {
  void* block = mi_malloc(size);
  taken(block);
  return block;
}

void* calloc(size_t count, size_t size) noexcept {
  void* block = mi_calloc(count, size);
  taken(block);
  return block;
}

void* realloc(void* block, size_t size) noexcept {
  const unsigned long before = block ? mi_usable_size(block) : 0;
  void* moved = mi_realloc(block, size);
  if (moved || size == 0) {
    held.fetch_sub(before, std::memory_order_relaxed);
    taken(moved);
  }
  return moved;
}

void free(void* block) noexcept {
  given_back(block);
  mi_free(block);
}

void* memalign(size_t alignment, size_t size) noexcept {
  void* block = mi_malloc_aligned(size, alignment);
  taken(block);
  return block;
}

void* aligned_alloc(size_t alignment, size_t size) noexcept { return memalign(alignment, size); }

int posix_memalign(void** out, size_t alignment, size_t size) noexcept {
  void* block = mi_malloc_aligned(size, alignment);
  if (!block) return ENOMEM;
  taken(block);
  *out = block;
  return 0;
}

}  // extern "C"
