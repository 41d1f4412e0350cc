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
#include <new>

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

// C++'s operators too: mimalloc defines them as well, and hanji's calls of them bind to the
// first library defining them, this one when it is preloaded; without these the C++ blocks,
// most of them, would go to mimalloc uncounted.
namespace {

void* counted_new(std::size_t size) {
  void* block = malloc(size == 0 ? 1 : size);
  if (!block) throw std::bad_alloc();
  return block;
}

void* counted_aligned_new(std::size_t size, std::align_val_t alignment) {
  void* block = memalign(static_cast<std::size_t>(alignment), size == 0 ? 1 : size);
  if (!block) throw std::bad_alloc();
  return block;
}

}  // namespace

void* operator new(std::size_t size) { return counted_new(size); }
void* operator new[](std::size_t size) { return counted_new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return malloc(size == 0 ? 1 : size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return malloc(size == 0 ? 1 : size); }
void* operator new(std::size_t size, std::align_val_t alignment) { return counted_aligned_new(size, alignment); }
void* operator new[](std::size_t size, std::align_val_t alignment) { return counted_aligned_new(size, alignment); }
void operator delete(void* block) noexcept { free(block); }
void operator delete[](void* block) noexcept { free(block); }
void operator delete(void* block, std::size_t) noexcept { free(block); }
void operator delete[](void* block, std::size_t) noexcept { free(block); }
void operator delete(void* block, std::align_val_t) noexcept { free(block); }
void operator delete[](void* block, std::align_val_t) noexcept { free(block); }
void operator delete(void* block, std::size_t, std::align_val_t) noexcept { free(block); }
void operator delete[](void* block, std::size_t, std::align_val_t) noexcept { free(block); }
void operator delete(void* block, const std::nothrow_t&) noexcept { free(block); }
void operator delete[](void* block, const std::nothrow_t&) noexcept { free(block); }
