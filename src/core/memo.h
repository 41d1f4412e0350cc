// One shape for everything a warm engine keeps between builds (parsed markup, locale and
// layout files, pieces of CV files, shaped paragraphs and their lines, font faces, subsets,
// glyph outlines, compressed streams): a bounded memo that lets the least recently used go
// first and counts what it answered, so that tests and `--trace` can see how warm it stays
// (counts, never times).
#pragma once

#include <cstddef>
#include <functional>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

namespace hanji {

/// What a memo answered so far and what it holds now.
struct MemoStats {
  std::size_t hits = 0;       // asked for and found
  std::size_t misses = 0;     // asked for and not found (then made by the caller)
  std::size_t evictions = 0;  // let go to stay within the budget
  std::size_t entries = 0;    // held now
  std::size_t cost = 0;       // their cost (entries, or bytes for a memo that weighs them)

  MemoStats& operator+=(const MemoStats& other) {
    hits += other.hits;
    misses += other.misses;
    evictions += other.evictions;
    entries += other.entries;
    cost += other.cost;
    return *this;
  }
};

/// Values by key, at most `budget` in cost (each value costs what keep() is told, 1 unless
/// said otherwise: a budget of entries, or of bytes). Keeping past the budget lets the least
/// recently asked for go first. Safe to share between threads: find() gives a copy (hold big
/// values through a shared_ptr), and a value is made outside the memo's lock, so two threads
/// may make the same value at once (the second keep replaces the first, which is equal).
template <class Key, class Value, class Hash = std::hash<Key>>
class Memo {
 public:
  explicit Memo(std::size_t budget) : budget_(budget) {}
  Memo(const Memo&) = delete;
  Memo& operator=(const Memo&) = delete;

  /// The value kept for `key` (a hit, and now the most recently used), or nullopt (a miss).
  std::optional<Value> find(const Key& key) {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(key);
    if (it == entries_.end()) {
      ++stats_.misses;
      return std::nullopt;
    }
    ++stats_.hits;
    order_.splice(order_.begin(), order_, it->second.place);
    return it->second.value;
  }

  /// Keeps `value` for `key` (replacing what was kept), then lets the least recently used
  /// go until the cost kept is within the budget. A value costing more than the whole budget
  /// is not kept.
  void keep(Key key, Value value, std::size_t cost = 1) {
    std::lock_guard lock(mutex_);
    if (auto it = entries_.find(key); it != entries_.end()) erase(it);
    if (cost > budget_) return;
    auto [it, added] = entries_.try_emplace(std::move(key), Entry{std::move(value), cost, {}});
    order_.push_front(&it->first);
    it->second.place = order_.begin();
    stats_.cost += cost;
    while (stats_.cost > budget_) {
      erase(entries_.find(*order_.back()));
      ++stats_.evictions;
    }
  }

  /// The value for `key`: kept, else made by `make()` and kept.
  template <class Make>
  Value get(const Key& key, Make make) {
    if (std::optional<Value> kept = find(key)) return std::move(*kept);
    Value made = make();
    keep(key, made);
    return made;
  }

  /// Lets go of what was kept for `key`, if anything (not counted as an eviction).
  void forget(const Key& key) {
    std::lock_guard lock(mutex_);
    if (auto it = entries_.find(key); it != entries_.end()) erase(it);
  }

  /// Lets go of everything kept (the counts stay).
  void clear() {
    std::lock_guard lock(mutex_);
    entries_.clear();
    order_.clear();
    stats_.cost = 0;
  }

  MemoStats stats() const {
    std::lock_guard lock(mutex_);
    MemoStats stats = stats_;
    stats.entries = entries_.size();
    return stats;
  }

 private:
  struct Entry {
    Value value;
    std::size_t cost = 0;
    typename std::list<const Key*>::iterator place;  // in order_
  };
  using Entries = std::unordered_map<Key, Entry, Hash>;

  void erase(typename Entries::iterator it) {
    stats_.cost -= it->second.cost;
    order_.erase(it->second.place);
    entries_.erase(it);
  }

  mutable std::mutex mutex_;
  std::size_t budget_;
  Entries entries_;              // node-based: the keys order_ points to stay where they are
  std::list<const Key*> order_;  // most recently used first
  MemoStats stats_;
};

}  // namespace hanji
