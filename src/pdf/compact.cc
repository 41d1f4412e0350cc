#include "pdf/compact.h"

#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <map>
#include <vector>

namespace hanji::pdf {
namespace {

// ---- Lexing: just enough PDF syntax to copy objects and find indirect references. ----

enum class Tok { Number, Name, String, Hex, DictOpen, DictClose, ArrayOpen, ArrayClose, Keyword, End, Bad };

struct Token {
  Tok kind = Tok::End;
  size_t begin = 0, end = 0;
};

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\0'; }
bool is_delimiter(char c) {
  return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}' || c == '/' ||
         c == '%';
}

size_t skip_space(std::string_view s, size_t i) {
  while (i < s.size()) {
    if (is_space(s[i])) {
      ++i;
    } else if (s[i] == '%') {
      while (i < s.size() && s[i] != '\n' && s[i] != '\r') ++i;
    } else {
      break;
    }
  }
  return i;
}

size_t end_of_literal_string(std::string_view s, size_t i) {  // s[i] == '('
  int depth = 0;
  for (; i < s.size(); ++i) {
    if (s[i] == '\\') {
      ++i;
    } else if (s[i] == '(') {
      ++depth;
    } else if (s[i] == ')' && --depth == 0) {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

Token next_token(std::string_view s, size_t i) {
  i = skip_space(s, i);
  if (i >= s.size()) return {Tok::End, i, i};
  char c = s[i];
  auto regular_end = [&](size_t j) {
    while (j < s.size() && !is_space(s[j]) && !is_delimiter(s[j])) ++j;
    return j;
  };
  if (c == '(') {
    size_t e = end_of_literal_string(s, i);
    return e == std::string_view::npos ? Token{Tok::Bad, i, i} : Token{Tok::String, i, e};
  }
  if (c == '<') {
    if (i + 1 < s.size() && s[i + 1] == '<') return {Tok::DictOpen, i, i + 2};
    size_t e = s.find('>', i);
    return e == std::string_view::npos ? Token{Tok::Bad, i, i} : Token{Tok::Hex, i, e + 1};
  }
  if (c == '>') {
    if (i + 1 < s.size() && s[i + 1] == '>') return {Tok::DictClose, i, i + 2};
    return {Tok::Bad, i, i};
  }
  if (c == '[') return {Tok::ArrayOpen, i, i + 1};
  if (c == ']') return {Tok::ArrayClose, i, i + 1};
  if (c == '/') return {Tok::Name, i, regular_end(i + 1)};
  if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.')
    return {Tok::Number, i, regular_end(i + 1)};
  if (std::isalpha(static_cast<unsigned char>(c))) return {Tok::Keyword, i, regular_end(i + 1)};
  return {Tok::Bad, i, i};
}

std::optional<long long> to_integer(std::string_view text) {
  long long value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  return value;
}

// ---- One object's value as a token list, with its indirect references located. ----

struct Reference {
  size_t begin = 0, end = 0;  // range of "N G R" within the value's text
  int number = 0;
};

struct Value {
  std::string_view text;            // the whole value
  std::vector<Reference> refs;      // in order
  std::optional<Reference> length;  // the top-level /Length of a stream dictionary, if indirect
  std::optional<size_t> length_begin, length_end;  // the /Length key and its value, to drop
};

/// Scans one complete object value starting at `i`; nullopt if malformed.
std::optional<Value> scan_value(std::string_view s, size_t i, size_t& end) {
  Value v;
  int depth = 0;
  std::vector<Token> recent;  // last tokens, to spot "N G R"
  size_t start = skip_space(s, i);
  bool pending_length = false;  // just saw /Length at depth 1
  for (size_t pos = start;;) {
    Token t = next_token(s, pos);
    if (t.kind == Tok::Bad || t.kind == Tok::End) return std::nullopt;
    pos = t.end;
    if (t.kind == Tok::DictOpen || t.kind == Tok::ArrayOpen) ++depth;
    if (t.kind == Tok::DictClose || t.kind == Tok::ArrayClose) --depth;
    if (t.kind == Tok::Keyword && s.substr(t.begin, t.end - t.begin) == "R" && recent.size() >= 2 &&
        recent[recent.size() - 1].kind == Tok::Number && recent[recent.size() - 2].kind == Tok::Number) {
      const Token& num = recent[recent.size() - 2];
      auto n = to_integer(s.substr(num.begin, num.end - num.begin));
      if (!n) return std::nullopt;
      Reference r{num.begin, t.end, static_cast<int>(*n)};
      if (pending_length) {
        v.length = r;
        v.length_end = t.end;
      } else {
        v.refs.push_back(r);
      }
      pending_length = false;
    } else if (pending_length && t.kind == Tok::Number && recent.back().kind == Tok::Name) {
      v.length_end = t.end;  // a direct length; an indirect one ends later, at its R
    } else if (t.kind != Tok::Number) {
      pending_length = false;
    }
    if (depth == 1 && t.kind == Tok::Name && s.substr(t.begin, t.end - t.begin) == "/Length") {
      pending_length = true;
      v.length_begin = t.begin;
    }
    recent.push_back(t);
    if (depth == 0) {
      end = pos;
      v.text = s.substr(start, pos - start);
      // From here on, positions are relative to the value's own text.
      for (Reference& r : v.refs) r.begin -= start, r.end -= start;
      if (v.length) v.length->begin -= start, v.length->end -= start;
      if (v.length_begin) *v.length_begin -= start;
      if (v.length_end) *v.length_end -= start;
      return v;
    }
  }
}

// ---- The input file. ----

struct Object {
  Value value;
  std::string_view stream;  // raw (still compressed) stream data; empty data is possible
  bool is_stream = false;
};

struct Parsed {
  std::map<int, Object> objects;
  int root = 0, info = 0;
};

/// Offsets of the objects listed in the classic xref table, and the trailer's Root/Info.
bool read_xref(std::string_view s, std::map<int, size_t>& offsets, int& root, int& info) {
  size_t sx = s.rfind("startxref");
  if (sx == std::string_view::npos) return false;
  Token t = next_token(s, sx + 9);
  auto xref_at = to_integer(s.substr(t.begin, t.end - t.begin));
  if (!xref_at || *xref_at < 0 || static_cast<size_t>(*xref_at) >= s.size()) return false;
  size_t pos = static_cast<size_t>(*xref_at);
  if (s.substr(pos, 4) != "xref") return false;
  pos += 4;
  for (;;) {
    Token a = next_token(s, pos);
    if (a.kind == Tok::Keyword) break;  // "trailer"
    Token b = next_token(s, a.end);
    auto first = to_integer(s.substr(a.begin, a.end - a.begin));
    auto count = to_integer(s.substr(b.begin, b.end - b.begin));
    if (!first || !count) return false;
    pos = b.end;
    for (long long k = 0; k < *count; ++k) {
      Token off = next_token(s, pos), gen = next_token(s, off.end), kind = next_token(s, gen.end);
      pos = kind.end;
      if (s.substr(kind.begin, kind.end - kind.begin) != "n") continue;
      auto o = to_integer(s.substr(off.begin, off.end - off.begin));
      if (!o) return false;
      offsets[static_cast<int>(*first + k)] = static_cast<size_t>(*o);
    }
  }
  size_t trailer = s.find("trailer", pos);
  if (trailer == std::string_view::npos) return false;
  size_t end = 0;
  auto dict = scan_value(s, trailer + 7, end);
  if (!dict) return false;
  for (const Reference& r : dict->refs) {
    size_t key = dict->text.rfind('/', r.begin);
    if (key == std::string_view::npos) continue;
    std::string_view name = dict->text.substr(key, 5);
    if (name == "/Root") root = r.number;
    if (name == "/Info") info = r.number;
  }
  return root != 0;
}

std::optional<Object> read_object(std::string_view s, size_t offset, const std::map<int, size_t>& offsets) {
  Token num = next_token(s, offset), gen = next_token(s, num.end), obj = next_token(s, gen.end);
  if (s.substr(obj.begin, obj.end - obj.begin) != "obj") return std::nullopt;
  Object o;
  size_t end = 0;
  auto value = scan_value(s, obj.end, end);
  if (!value) return std::nullopt;
  o.value = *value;
  Token after = next_token(s, end);
  if (s.substr(after.begin, after.end - after.begin) != "stream") return o;
  o.is_stream = true;
  size_t data = after.end;
  if (data < s.size() && s[data] == '\r') ++data;
  if (data < s.size() && s[data] == '\n') ++data;
  std::optional<long long> length;
  if (o.value.length) {  // indirect: the integer lives in another object
    auto it = offsets.find(o.value.length->number);
    if (it == offsets.end()) return std::nullopt;
    Token n = next_token(s, it->second), g = next_token(s, n.end), kw = next_token(s, g.end), v = next_token(s, kw.end);
    length = to_integer(s.substr(v.begin, v.end - v.begin));
  } else if (o.value.length_begin && o.value.length_end) {
    std::string_view text = o.value.text;
    Token v = next_token(text, *o.value.length_begin + 7);
    length = to_integer(text.substr(v.begin, v.end - v.begin));
  }
  if (!length || *length < 0 || data + static_cast<size_t>(*length) > s.size()) return std::nullopt;
  o.stream = s.substr(data, static_cast<size_t>(*length));
  return o;
}

std::optional<Parsed> parse(std::string_view s) {
  Parsed p;
  std::map<int, size_t> offsets;
  if (!read_xref(s, offsets, p.root, p.info)) return std::nullopt;
  for (const auto& [number, offset] : offsets) {
    auto o = read_object(s, offset, offsets);
    if (!o) return std::nullopt;
    p.objects.emplace(number, std::move(*o));
  }
  return p;
}

// ---- Output. ----

/// Objects reachable from the catalog and the info dictionary, in discovery order.
std::vector<int> reachable(const Parsed& p) {
  std::vector<int> order;
  std::map<int, bool> seen;
  std::vector<int> todo{p.root};
  if (p.info) todo.push_back(p.info);
  for (size_t i = 0; i < todo.size(); ++i) {
    int n = todo[i];
    if (seen[n] || !p.objects.count(n)) continue;
    seen[n] = true;
    order.push_back(n);
    for (const Reference& r : p.objects.at(n).value.refs) todo.push_back(r.number);
  }
  return order;
}

/// The value with references renumbered and, for a stream, a direct /Length.
std::string rewrite(const Object& o, const std::map<int, int>& renumber) {
  const Value& v = o.value;
  struct Edit {
    size_t begin, end;
    std::string text;
  };
  std::vector<Edit> edits;
  for (const Reference& r : v.refs) edits.push_back({r.begin, r.end, std::to_string(renumber.at(r.number)) + " 0 R"});
  if (o.is_stream && v.length_begin && v.length_end)
    edits.push_back({*v.length_begin, *v.length_end, "/Length " + std::to_string(o.stream.size())});
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
  std::string out;
  size_t copied = 0;
  for (const Edit& e : edits) {
    out.append(v.text.substr(copied, e.begin - copied));
    out += e.text;
    copied = e.end;
  }
  out.append(v.text.substr(copied));
  return out;
}

// The best compression for the streams of a CV (tens of kilobytes, where it saves a few
// hundred bytes at no cost worth counting); zlib's default for a stream of megabytes, which
// only runaway content makes and where level 9's long searches cost a tenth of the build.
int compression_level(std::size_t bytes) { return bytes <= (256u << 10) ? 9 : Z_DEFAULT_COMPRESSION; }

std::optional<std::string> deflate(std::string_view data) {
  uLongf size = compressBound(static_cast<uLong>(data.size()));
  std::string out(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(data.data()),
                static_cast<uLong>(data.size()), compression_level(data.size())) != Z_OK)
    return std::nullopt;
  out.resize(size);
  return out;
}

void put_be(std::string& out, uint64_t value, int bytes) {
  for (int k = bytes - 1; k >= 0; --k) out += static_cast<char>((value >> (8 * k)) & 0xFF);
}

}  // namespace

std::optional<std::string> compact_pdf(std::string_view pdf) {
  std::optional<Parsed> parsed = parse(pdf);
  if (!parsed) return std::nullopt;
  const std::vector<int> order = reachable(*parsed);
  std::map<int, int> renumber;
  for (size_t i = 0; i < order.size(); ++i) renumber[order[i]] = static_cast<int>(i + 1);
  for (int n : order)
    for (const Reference& r : parsed->objects.at(n).value.refs)
      if (!renumber.count(r.number)) return std::nullopt;  // a reference to an object that isn't there

  const int object_stream = static_cast<int>(order.size()) + 1;
  const int xref_stream = object_stream + 1;
  std::string out = "%PDF-1.5\n%\xE2\xE3\xCF\xD3\n";
  std::vector<uint64_t> offset(static_cast<size_t>(xref_stream) + 1, 0);
  std::vector<int> index_in_stream(static_cast<size_t>(xref_stream) + 1, -1);
  std::string header, body;
  int packed = 0;
  for (int old : order) {
    const Object& o = parsed->objects.at(old);
    int n = renumber.at(old);
    std::string value = rewrite(o, renumber);
    if (o.is_stream) {
      offset[static_cast<size_t>(n)] = out.size();
      out += std::to_string(n) + " 0 obj\n" + value + "\nstream\n";
      out.append(o.stream);
      out += "\nendstream\nendobj\n";
    } else {
      header += std::to_string(n) + ' ' + std::to_string(body.size()) + ' ';
      body += value + '\n';
      index_in_stream[static_cast<size_t>(n)] = packed++;
    }
  }
  auto packed_data = deflate(header + body);
  if (!packed_data) return std::nullopt;
  offset[static_cast<size_t>(object_stream)] = out.size();
  out += std::to_string(object_stream) + " 0 obj\n<</Type/ObjStm/N " + std::to_string(packed) + "/First " +
         std::to_string(header.size()) + "/Filter/FlateDecode/Length " + std::to_string(packed_data->size()) +
         ">>\nstream\n" + *packed_data + "\nendstream\nendobj\n";

  // Cross-reference stream: type (1 byte), offset or object stream (4), generation or index (2).
  offset[static_cast<size_t>(xref_stream)] = out.size();
  std::string entries;
  put_be(entries, 0, 1), put_be(entries, 0, 4), put_be(entries, 0xFFFF, 2);
  for (int n = 1; n <= xref_stream; ++n) {
    int idx = index_in_stream[static_cast<size_t>(n)];
    if (idx >= 0) {
      put_be(entries, 2, 1), put_be(entries, static_cast<uint64_t>(object_stream), 4);
      put_be(entries, static_cast<uint64_t>(idx), 2);
    } else {
      put_be(entries, 1, 1), put_be(entries, offset[static_cast<size_t>(n)], 4), put_be(entries, 0, 2);
    }
  }
  auto xref_data = deflate(entries);
  if (!xref_data) return std::nullopt;
  std::string trailer = "/Root " + std::to_string(renumber.at(parsed->root)) + " 0 R";
  if (parsed->info && renumber.count(parsed->info)) trailer += "/Info " + std::to_string(renumber.at(parsed->info)) + " 0 R";
  out += std::to_string(xref_stream) + " 0 obj\n<</Type/XRef/Size " + std::to_string(xref_stream + 1) +
         "/W[1 4 2]" + trailer + "/Filter/FlateDecode/Length " + std::to_string(xref_data->size()) +
         ">>\nstream\n" + *xref_data + "\nendstream\nendobj\nstartxref\n" +
         std::to_string(offset[static_cast<size_t>(xref_stream)]) + "\n%%EOF\n";
  return out;
}

}  // namespace hanji::pdf
