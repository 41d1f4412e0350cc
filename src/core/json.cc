#include "core/json.h"

#include <charconv>
#include <cmath>

#include "core/core.h"

namespace hanji {

namespace {

constexpr char kHex[] = "0123456789abcdef";

/// A JSON string is UTF-8 (RFC 8259 section 8.1), whatever the text held: a byte that is not
/// part of well-formed UTF-8 (a file name in Latin-1, say) is written as U+FFFD, one per byte,
/// as a decoder reading it would show it. Well-formed text passes through unchanged.
void write_string(std::string& out, const std::string& text) {
  out += '"';
  for (std::size_t at = 0; at < text.size();) {
    const auto c = static_cast<unsigned char>(text[at]);
    if (c >= 0x80) {
      utf8_append(out, utf8_next(text, at));
      continue;
    }
    ++at;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 0xF];
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}

}  // namespace

Json Json::number(double value) {
  Json out(Kind::Number);
  // JSON has no infinity or NaN; nothing hanji writes is either, and null is the safe answer.
  if (!std::isfinite(value)) return Json();
  char buffer[32];
  // The shortest text that reads back as the same double: the same bytes on every run.
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.text_.assign(buffer, ec == std::errc() ? end : buffer);
  return out;
}

Json Json::boolean(bool value) {
  Json out(Kind::Bool);
  out.text_ = value ? "true" : "false";
  return out;
}

Json Json::strings(const std::vector<std::string>& items) {
  Json out = array();
  for (const std::string& item : items) out.push(item);
  return out;
}

Json& Json::push(Json value) {
  items_.emplace_back("", std::move(value));
  return items_.back().second;
}

Json& Json::set(std::string key, Json value) {
  items_.emplace_back(std::move(key), std::move(value));
  return items_.back().second;
}

void Json::set_text(std::string key, const std::string& text) {
  if (!text.empty()) set(std::move(key), Json(text));
}

void Json::merge(const Json& other) {
  for (const auto& [key, value] : other.items_)
    if (!find(key)) items_.emplace_back(key, value);
}

const Json* Json::find(const std::string& key) const {
  if (kind_ != Kind::Object) return nullptr;
  for (const auto& [name, value] : items_)
    if (name == key) return &value;
  return nullptr;
}

Json* Json::find(const std::string& key) {
  return const_cast<Json*>(static_cast<const Json*>(this)->find(key));
}

void Json::write(std::string& out, int indent) const {
  switch (kind_) {
    case Kind::Null: out += "null"; return;
    case Kind::Bool:
    case Kind::Number: out += text_; return;
    case Kind::String: write_string(out, text_); return;
    case Kind::Array:
    case Kind::Object: break;
  }
  const bool object = kind_ == Kind::Object;
  if (items_.empty()) {
    out += object ? "{}" : "[]";
    return;
  }
  out += object ? "{\n" : "[\n";
  const std::string inner(static_cast<size_t>(indent + 2), ' ');
  for (size_t i = 0; i < items_.size(); ++i) {
    out += inner;
    if (object) {
      write_string(out, items_[i].first);
      out += ": ";
    }
    items_[i].second.write(out, indent + 2);
    out += i + 1 < items_.size() ? ",\n" : "\n";
  }
  out += std::string(static_cast<size_t>(indent), ' ');
  out += object ? '}' : ']';
}

std::string Json::dump() const {
  std::string out;
  write(out, 0);
  return out + "\n";
}

}  // namespace hanji
