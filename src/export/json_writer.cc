#include "export/json_writer.h"

#include <fmt/format.h>

namespace hanji::exports {

namespace {

void write_string(std::string& out, const std::string& text) {
  out += '"';
  for (unsigned char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (c < 0x20) out += fmt::format("\\u{:04x}", c);
        else out += static_cast<char>(c);  // UTF-8 passes through as it is
    }
  }
  out += '"';
}

}  // namespace

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

void Json::write(std::string& out, int indent) const {
  switch (kind_) {
    case Kind::Null: out += "null"; return;
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

}  // namespace hanji::exports
