// core: a small JSON value and its writer (two-space indentation, keys in the order they
// were added, strings escaped per RFC 8259, numbers in their shortest exact form), shared by
// the JSON Resume export and the JSON Schemas `hanji schema` prints. Output is deterministic.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace hanji {

class Json {
 public:
  enum class Kind { Null, Bool, Number, String, Array, Object };

  Json() = default;
  Json(std::string text) : kind_(Kind::String), text_(std::move(text)) {}  // NOLINT: a string is a JSON value
  Json(const char* text) : Json(std::string(text)) {}                       // NOLINT
  static Json array() { return Json(Kind::Array); }
  static Json object() { return Json(Kind::Object); }
  static Json number(double value);
  static Json boolean(bool value);
  /// An array of strings.
  static Json strings(const std::vector<std::string>& items);

  /// Adds to an array.
  Json& push(Json value);
  /// Sets a key of an object (added at the end; a key is set once).
  Json& set(std::string key, Json value);
  /// Sets a key only when the text is not empty: the schema wants absent, not "".
  void set_text(std::string key, const std::string& text);
  /// Adds every key of the object `other` (keys it shares with this one are not added).
  void merge(const Json& other);
  /// The value of `key` in an object, or nullptr.
  const Json* find(const std::string& key) const;
  Json* find(const std::string& key);

  Kind kind() const { return kind_; }
  bool empty() const { return kind_ == Kind::Null || ((kind_ == Kind::Array || kind_ == Kind::Object) && items_.empty()); }
  std::string dump() const;

 private:
  explicit Json(Kind kind) : kind_(kind) {}
  void write(std::string& out, int indent) const;

  Kind kind_ = Kind::Null;
  std::string text_;  // a string's text; a number's or a boolean's JSON spelling
  std::vector<std::pair<std::string, Json>> items_;  // an array's keys are empty
};

}  // namespace hanji
