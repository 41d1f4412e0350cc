// Private to the export module: a small JSON value and its writer (two-space indentation,
// keys in the order they were added, strings escaped per RFC 8259).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace hanji::exports {

class Json {
 public:
  enum class Kind { Null, String, Array, Object };

  Json() = default;
  Json(std::string text) : kind_(Kind::String), text_(std::move(text)) {}  // NOLINT: a string is a JSON value
  Json(const char* text) : Json(std::string(text)) {}                       // NOLINT
  static Json array() { return Json(Kind::Array); }
  static Json object() { return Json(Kind::Object); }

  /// Adds to an array.
  Json& push(Json value);
  /// Sets a key of an object (added at the end; a key is set once).
  Json& set(std::string key, Json value);
  /// Sets a key only when the text is not empty: the schema wants absent, not "".
  void set_text(std::string key, const std::string& text);

  bool empty() const { return kind_ == Kind::Null || (kind_ != Kind::String && items_.empty()); }
  std::string dump() const;

 private:
  explicit Json(Kind kind) : kind_(kind) {}
  void write(std::string& out, int indent) const;

  Kind kind_ = Kind::Null;
  std::string text_;
  std::vector<std::pair<std::string, Json>> items_;  // an array's keys are empty
};

}  // namespace hanji::exports
