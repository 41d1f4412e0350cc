#include "export/pdf/serializer.h"
#include "export/pdf/write_memo.h"

#include <hpdf_utils.h>
#include <libdeflate.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <memory>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/core.h"
#include "export/pdf/tounicode.h"

namespace hanji::pdf {

namespace {

// ---- Output syntax: tokens separated only where two would otherwise run together. ----

bool is_regular(char c) {
  switch (c) {
    case ' ': case '\n': case '\r': case '\t': case '\f': case '\0':
    case '(': case ')': case '<': case '>': case '[': case ']': case '{': case '}': case '/': case '%':
      return false;
    default:
      return true;
  }
}

void append_token(std::string& out, std::string_view token) {
  if (!out.empty() && !token.empty() && is_regular(out.back()) && is_regular(token.front())) out += ' ';
  out += token;
}

void append_integer(std::string& out, long long value) {
  char digits[24];
  append_token(out, std::string_view(digits, static_cast<std::size_t>(
                                                 std::to_chars(digits, digits + sizeof digits, value).ptr - digits)));
}

// Every string hanji gives libharu is UTF-8 text (info, outline titles, with or without
// libharu's UTF-8 encoder) or plain ASCII (URIs, the language tag, dates). Printable ASCII
// reads the same in PDFDocEncoding, so it goes in as a literal; anything else as UTF-16BE
// with its byte order mark, which is what libharu's encoder wrote for all of it.
void append_string(std::string& out, std::string_view text) {
  const bool printable = std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c <= 0x7E; });
  if (printable) {
    out += '(';
    // Runs without a character to escape go in whole (an address, a language tag).
    for (std::size_t at = 0; at < text.size();) {
      std::size_t special = at;
      while (special < text.size() && text[special] != '(' && text[special] != ')' && text[special] != '\\') ++special;
      out.append(text.data() + at, special - at);
      if (special == text.size()) break;
      out += '\\';
      out += text[special];
      at = special + 1;
    }
    out += ')';
    return;
  }
  std::u32string characters;
  for (std::size_t at = 0; at < text.size();) characters += utf8_next(text, at);
  out += "<FEFF";
  out += utf16be_hex(characters);
  out += '>';
}

}  // namespace

int ExtraObjects::add() {
  objects_.emplace_back();
  return static_cast<int>(objects_.size()) - 1;
}

// Each piece is written as the direct writer writes any token: the text of an object starts
// a line of the object stream, so it starts as it would there, with no space before it.
void ExtraObjects::syntax(int index, std::string_view text) {
  append_token(objects_[static_cast<std::size_t>(index)].text, text);
}

void ExtraObjects::integer(int index, long long value) {
  append_integer(objects_[static_cast<std::size_t>(index)].text, value);
}

void ExtraObjects::real(int index, float value) {
  char digits[32];
  char* end = HPDF_FToA(digits, value, digits + sizeof digits - 1);
  append_token(objects_[static_cast<std::size_t>(index)].text,
               std::string_view(digits, static_cast<std::size_t>(end - digits)));
}

void ExtraObjects::string(int index, std::string_view text) {
  append_string(objects_[static_cast<std::size_t>(index)].text, text);
}

void ExtraObjects::reference(int index, const void* object) { add_reference(index, object, 0); }

void ExtraObjects::reference_extra(int index, int other) { add_reference(index, nullptr, other); }

// The number is a token of digits: it needs the space before it that any integer would.
void ExtraObjects::add_reference(int index, const void* object, int other) {
  Object& into = objects_[static_cast<std::size_t>(index)];
  if (!into.text.empty() && is_regular(into.text.back())) into.text += ' ';
  const auto added = static_cast<int>(references_.size());
  references_.push_back({into.text.size(), object, other, -1});
  into.text += " 0 R";
  if (into.last_reference >= 0)
    references_[static_cast<std::size_t>(into.last_reference)].next = added;
  else
    into.first_reference = added;
  into.last_reference = added;
}

void ExtraObjects::link_from(const void* dict, std::string key, int other) {
  links_.push_back({dict, std::move(key), other, {}, false});
}

void ExtraObjects::link_array_from(const void* dict, std::string key, std::vector<int> others) {
  links_.push_back({dict, std::move(key), 0, std::move(others), true});
}

namespace {

// libharu's own number printing (at most five decimals, no trailing zeros), so that every
// coordinate reads exactly as before.
void append_real(std::string& out, HPDF_REAL value) {
  char digits[32];
  char* end = HPDF_FToA(digits, value, digits + sizeof digits - 1);
  append_token(out, std::string_view(digits, static_cast<std::size_t>(end - digits)));
}

// What a name cannot hold as it is (whitespace, delimiters, '#', anything beyond printable
// ASCII), written as #XX.
bool name_needs_escape(unsigned char c) {
  switch (c) {
    case '\\': case '%': case '#': case '/': case '(': case ')': case '<': case '>': case '[': case ']': case '{':
    case '}':
      return true;
    default:
      return c < 0x21 || c > 0x7E;
  }
}

// Straight into `out`, the plain stretches of the name in one piece each: every dictionary
// key is a name. A name starts with a delimiter, so it never needs a space before it.
void append_name(std::string& out, std::string_view name) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  out += '/';
  std::size_t plain = 0;  // where the bytes not yet written start
  for (std::size_t i = 0; i < name.size(); ++i) {
    const auto byte = static_cast<unsigned char>(name[i]);
    if (!name_needs_escape(byte)) continue;
    const char escaped[3] = {'#', kHex[byte >> 4], kHex[byte & 0xF]};
    out.append(name, plain, i - plain).append(escaped, sizeof escaped);
    plain = i + 1;
  }
  out.append(name, plain);
}

void append_hex(std::string& out, const HPDF_BYTE* data, std::size_t length) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  out += '<';
  for (std::size_t i = 0; i < length; ++i) {
    out += kHex[data[i] >> 4];
    out += kHex[data[i] & 0xF];
  }
  out += '>';
}

// ---- libharu's objects. ----

const HPDF_Obj_Header& header_of(const void* object) { return *static_cast<const HPDF_Obj_Header*>(object); }
HPDF_UINT16 class_of(const void* object) { return header_of(object).obj_class & HPDF_OCLASS_ANY; }
bool hidden(const void* object) { return (header_of(object).obj_id & HPDF_OTYPE_HIDDEN) != 0; }

// The object a value stands for: the target of a reference, or the value itself.
void* target_of(void* value) {
  return class_of(value) == HPDF_OCLASS_PROXY ? static_cast<HPDF_Proxy>(value)->obj : value;
}

template <typename Visit>
void for_each_item(HPDF_List list, Visit visit) {
  for (HPDF_UINT i = 0; i < list->count; ++i) visit(HPDF_List_ItemAt(list, i));
}

// The entries a stream's dictionary gets from its stream, not from its element list.
bool stream_key(HPDF_Dict dict, std::string_view key) { return dict->stream && (key == "Length" || key == "Filter"); }

// The bytes of a libharu memory stream, buffer by buffer, without copying them.
template <typename Visit>
bool for_each_buffer(HPDF_Stream stream, Visit visit) {
  if (stream->type != HPDF_STREAM_MEMORY) return false;
  auto* attr = static_cast<HPDF_MemStreamAttr>(stream->attr);
  std::size_t left = stream->size;
  for (HPDF_UINT i = 0; i < attr->buf->count && left > 0; ++i) {
    const std::size_t length = std::min<std::size_t>(left, attr->buf_siz);
    visit(static_cast<const HPDF_BYTE*>(HPDF_List_ItemAt(attr->buf, i)), length);
    left -= length;
  }
  return left == 0;
}

// Flate streams (the zlib format) made with libdeflate, counted: every byte that is compressed
// is compressed here, once. libdeflate compresses a whole buffer at once, in about 60% of
// zlib's instructions at the same level and a little smaller, which a CV's streams (tens of
// kilobytes: page contents, font programs) suit.
class Deflater {
 public:
  explicit Deflater(WriteWork& work) : work_(work) {}

  // `pieces(take)` calls take(data, length) for each piece of the `total` bytes in order and
  // returns whether it could.
  template <typename Pieces>
  std::optional<std::string> deflate(std::size_t total, int level, Pieces pieces) {
    std::string data;
    data.reserve(total);
    const bool whole = pieces([&](const HPDF_BYTE* bytes, std::size_t length) {
      data.append(reinterpret_cast<const char*>(bytes), length);
    });
    if (!whole || data.size() != total) return std::nullopt;
    return deflate(std::string_view(data), level);
  }

  std::optional<std::string> deflate(std::string_view data, int level) {
    libdeflate_compressor* compressor = compressor_for(level == Z_DEFAULT_COMPRESSION ? 6 : level);
    if (!compressor) return std::nullopt;
    std::string out(libdeflate_zlib_compress_bound(compressor, data.size()), '\0');
    const std::size_t size = libdeflate_zlib_compress(compressor, data.data(), data.size(), out.data(), out.size());
    if (size == 0) return std::nullopt;
    out.resize(size);
    ++work_.streams_compressed;
    work_.bytes_compressed += data.size();
    return out;
  }

 private:
  struct FreeCompressor {
    void operator()(libdeflate_compressor* compressor) const { libdeflate_free_compressor(compressor); }
  };

  // One compressor per level for the whole file (each holds a few hundred kilobytes of tables).
  libdeflate_compressor* compressor_for(int level) {
    std::unique_ptr<libdeflate_compressor, FreeCompressor>& slot = compressors_[static_cast<std::size_t>(level)];
    if (!slot) slot.reset(libdeflate_alloc_compressor(level));
    return slot.get();
  }

  WriteWork& work_;
  std::array<std::unique_ptr<libdeflate_compressor, FreeCompressor>, 13> compressors_;
};

// A file identifier: 128 bits of two FNV-1a hashes of the file's bytes, in hex. Not a
// cryptographic hash; an identifier only needs to tell files apart.
std::string file_id(std::string_view bytes) {
  uint64_t a = 0xcbf29ce484222325ULL, b = 0x84222325cbf29ce4ULL;
  for (char c : bytes) {
    a = (a ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    b = (b ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL + 1;
  }
  char hex[33];
  std::snprintf(hex, sizeof hex, "%016llX%016llX", static_cast<unsigned long long>(a), static_cast<unsigned long long>(b));
  return hex;
}

// How many bytes `value` takes, big-endian, at least one.
int bytes_for(uint64_t value) {
  int bytes = 1;
  while (bytes < 8 && (value >> (8 * bytes)) != 0) ++bytes;
  return bytes;
}

void put_be(std::string& out, uint64_t value, int bytes) {
  for (int k = bytes - 1; k >= 0; --k) out += static_cast<char>((value >> (8 * k)) & 0xFF);
}

// An object stream's index entry: the object's number and where it starts in the stream's
// body, each followed by a space.
void index_entry(std::string& header, int number, std::size_t offset) {
  char digits[24];
  header.append(digits, std::to_chars(digits, digits + sizeof digits, number).ptr) += ' ';
  header.append(digits, std::to_chars(digits, digits + sizeof digits, offset).ptr) += ' ';
}

class Serializer {
 public:
  Serializer(HPDF_Doc doc, WriteWork& work, const WriteMemo* memo, bool with_id, const ExtraObjects& extra)
      : doc_(doc), deflater_(work), memo_(memo), with_id_(with_id), extra_(extra) {}

  std::optional<std::string> write() {
    if (doc_->encrypt_on || !run_before_write() || !number_objects()) return std::nullopt;
    const int extras = static_cast<int>(extra_.objects().size());
    const int object_stream = static_cast<int>(order_.size()) + extras + 1;
    const int xref_stream = object_stream + 1;
    // Cross-reference streams are PDF 1.5; libharu's versions count from 1.2.
    const int minor = std::max(5, 2 + static_cast<int>(doc_->pdf_version - HPDF_VER_12));
    std::string out = "%PDF-1." + std::to_string(minor) + "\n%\xE2\xE3\xCF\xD3\n";
    std::vector<uint64_t> offset(static_cast<std::size_t>(xref_stream) + 1, 0);
    std::vector<int> index_in_stream(static_cast<std::size_t>(xref_stream) + 1, -1);
    std::string header, body;
    int packed = 0;
    for (std::size_t i = 0; i < order_.size(); ++i) {
      void* object = order_[i];
      const int number = static_cast<int>(i) + 1;
      auto* dict = class_of(object) == HPDF_OCLASS_DICT ? static_cast<HPDF_Dict>(object) : nullptr;
      if (dict && dict->stream) {
        offset[static_cast<std::size_t>(number)] = out.size();
        if (!write_stream_object(out, number, dict)) return std::nullopt;
        continue;
      }
      index_entry(header, number, body.size());
      if (!write_value(body, object)) return std::nullopt;
      body += '\n';
      index_in_stream[static_cast<std::size_t>(number)] = packed++;
    }
    for (int e = 0; e < extras; ++e) {
      const int number = extra_number(e);
      index_entry(header, number, body.size());
      if (!write_extra(body, extra_.objects()[static_cast<std::size_t>(e)])) return std::nullopt;
      body += '\n';
      index_in_stream[static_cast<std::size_t>(number)] = packed++;
    }
    const std::string packed_text = header + body;
    // The default level: a tagged CV's structure is hundreds of alike small objects, on which
    // level 9's long match searches cost a tenth of the build to save half a percent.
    std::optional<std::string> packed_data = deflate_stream(packed_text);
    if (!packed_data) return std::nullopt;
    offset[static_cast<std::size_t>(object_stream)] = out.size();
    out += std::to_string(object_stream) + " 0 obj\n<</Type/ObjStm/N " + std::to_string(packed) + "/First " +
           std::to_string(header.size()) + "/Filter/FlateDecode/Length " + std::to_string(packed_data->size()) +
           ">>\nstream\n" + *packed_data + "\nendstream\nendobj\n";

    // Cross-reference stream: type (1 byte), offset or object stream, generation or index,
    // each field as wide as its largest value needs (a CV's offsets fit in two or three bytes).
    offset[static_cast<std::size_t>(xref_stream)] = out.size();
    const int offset_width = bytes_for(std::max<uint64_t>(out.size(), static_cast<uint64_t>(object_stream)));
    const int index_width = bytes_for(std::max<uint64_t>(0xFFFF, static_cast<uint64_t>(packed)));
    std::string entries;
    put_be(entries, 0, 1), put_be(entries, 0, offset_width), put_be(entries, 0xFFFF, index_width);
    for (int n = 1; n <= xref_stream; ++n) {
      const int index = index_in_stream[static_cast<std::size_t>(n)];
      if (index >= 0) {
        put_be(entries, 2, 1), put_be(entries, static_cast<uint64_t>(object_stream), offset_width);
        put_be(entries, static_cast<uint64_t>(index), index_width);
      } else {
        put_be(entries, 1, 1), put_be(entries, offset[static_cast<std::size_t>(n)], offset_width);
        put_be(entries, 0, index_width);
      }
    }
    // Each row as its difference from the row above (the PNG "Up" predictor): rows of objects
    // in the object stream then differ only in their index, by one, which deflate packs into
    // almost nothing.
    const std::size_t row = static_cast<std::size_t>(1 + offset_width + index_width);
    std::string predicted;
    predicted.reserve(entries.size() + entries.size() / row);
    for (std::size_t at = 0; at < entries.size(); at += row) {
      predicted += '\x02';
      for (std::size_t k = 0; k < row; ++k)
        predicted += static_cast<char>(entries[at + k] - (at >= row ? entries[at + k - row] : 0));
    }
    std::optional<std::string> xref_data = deflate_stream(predicted);
    if (!xref_data) return std::nullopt;
    std::string trailer = "/Root " + std::to_string(numbers_.at(doc_->catalog)) + " 0 R";
    if (doc_->info) trailer += "/Info " + std::to_string(numbers_.at(doc_->info)) + " 0 R";
    if (with_id_) {  // the same bytes, the same identifier: a hash of everything before it
      const std::string id = file_id(out);
      trailer += "/ID[<" + id + "><" + id + ">]";
    }
    out += std::to_string(xref_stream) + " 0 obj\n<</Type/XRef/Size " + std::to_string(xref_stream + 1) +
           "/W[1 " + std::to_string(offset_width) + ' ' + std::to_string(index_width) + ']' + trailer +
           "/Filter/FlateDecode/DecodeParms<</Predictor 12/Columns " + std::to_string(row) + ">>/Length " + std::to_string(xref_data->size()) +
           ">>\nstream\n" + *xref_data + "\nendstream\nendobj\nstartxref\n" +
           std::to_string(offset[static_cast<std::size_t>(xref_stream)]) + "\n%%EOF\n";
    return out;
  }

 private:
  // The hooks libharu runs on its objects as it saves them (the pages' and outlines' counts,
  // closing a page's open text object), run once each before anything is numbered, since
  // they may add entries. The list may grow while it is walked.
  bool run_before_write() {
    HPDF_List entries = doc_->xref->entries;
    for (HPDF_UINT i = 0; i < entries->count; ++i) {
      void* object = static_cast<HPDF_XrefEntry>(HPDF_List_ItemAt(entries, i))->obj;
      if (!object || class_of(object) != HPDF_OCLASS_DICT) continue;
      auto dict = static_cast<HPDF_Dict>(object);
      if (dict->before_write_fn && dict->before_write_fn(dict) != HPDF_OK) return false;
      dict->before_write_fn = nullptr;
    }
    return HPDF_GetError(doc_) == HPDF_OK;
  }

  // Numbers the objects reachable from the catalog, then from the info dictionary, breadth
  // first in the order their references are written: the same input, the same numbers.
  bool number_objects() {
    std::vector<void*> todo{doc_->catalog};
    if (doc_->info) todo.push_back(doc_->info);
    for (std::size_t i = 0; i < todo.size(); ++i) {
      void* object = todo[i];
      if (!numbers_.emplace(object, static_cast<int>(order_.size()) + 1).second) continue;
      order_.push_back(object);
      if (!collect_references(object, todo)) return false;
    }
    return true;
  }

  // The indirect objects `value` refers to, in writing order; false for what this writer
  // cannot write.
  bool collect_references(void* value, std::vector<void*>& out) {
    switch (class_of(value)) {
      case HPDF_OCLASS_PROXY:
        out.push_back(target_of(value));
        return true;
      case HPDF_OCLASS_ARRAY: {
        bool ok = true;
        for_each_item(static_cast<HPDF_Array>(value)->list, [&](void* item) {
          if (!hidden(item)) ok = ok && collect_references(item, out);
        });
        return ok;
      }
      case HPDF_OCLASS_DICT: {
        auto dict = static_cast<HPDF_Dict>(value);
        // A dictionary with its own writing hook (libharu's simple fonts) or filter
        // parameters is written by libharu only.
        if (dict->write_fn || dict->filterParams) return false;
        bool ok = true;
        for_each_item(dict->list, [&](void* item) {
          auto element = static_cast<HPDF_DictElement>(item);
          if (element->value && !hidden(element->value) && !stream_key(dict, element->key))
            ok = ok && collect_references(element->value, out);
        });
        return ok;
      }
      default:
        return true;
    }
  }

  bool write_value(std::string& out, void* value) {
    switch (class_of(value)) {
      case HPDF_OCLASS_PROXY: {
        auto found = numbers_.find(target_of(value));
        if (found == numbers_.end()) return false;
        append_integer(out, found->second);
        out += " 0 R";
        return true;
      }
      case HPDF_OCLASS_NULL:
        append_token(out, "null");
        return true;
      case HPDF_OCLASS_BOOLEAN:
        append_token(out, static_cast<HPDF_Boolean>(value)->value ? "true" : "false");
        return true;
      case HPDF_OCLASS_NUMBER:
        append_integer(out, static_cast<HPDF_Number>(value)->value);
        return true;
      case HPDF_OCLASS_REAL:
        append_real(out, static_cast<HPDF_Real>(value)->value);
        return true;
      case HPDF_OCLASS_NAME:
        append_name(out, static_cast<HPDF_Name>(value)->value);
        return true;
      case HPDF_OCLASS_STRING: {
        auto string = static_cast<HPDF_String>(value);
        append_string(out, std::string_view(reinterpret_cast<const char*>(string->value), string->len));
        return true;
      }
      case HPDF_OCLASS_BINARY: {
        auto binary = static_cast<HPDF_Binary>(value);
        append_hex(out, binary->value, binary->len);
        return true;
      }
      case HPDF_OCLASS_ARRAY: {
        bool ok = true;
        out += '[';
        for_each_item(static_cast<HPDF_Array>(value)->list, [&](void* item) {
          if (!hidden(item)) ok = ok && write_value(out, item);
        });
        out += ']';
        return ok;
      }
      case HPDF_OCLASS_DICT:
        return write_dict(out, static_cast<HPDF_Dict>(value), "");
      default:
        return false;
    }
  }

  // `extra` holds entries written after the dictionary's own (a stream's /Filter and /Length).
  bool write_dict(std::string& out, HPDF_Dict dict, std::string_view extra) {
    bool ok = true;
    out += "<<";
    for_each_item(dict->list, [&](void* item) {
      auto element = static_cast<HPDF_DictElement>(item);
      if (!element->value) ok = false;
      if (!ok || hidden(element->value) || stream_key(dict, element->key)) return;
      append_name(out, element->key);
      ok = write_value(out, element->value);
    });
    for (const ExtraObjects::Link& link : extra_.links()) {
      if (link.dict != dict) continue;
      append_name(out, link.key);
      if (!link.is_array) {
        append_integer(out, extra_number(link.other));
        out += " 0 R";
        continue;
      }
      out += '[';
      for (std::size_t k = 0; k < link.array.size(); ++k) {
        if (k > 0) out += ' ';
        append_integer(out, extra_number(link.array[k]));
        out += " 0 R";
      }
      out += ']';
    }
    out += extra;
    out += ">>";
    return ok;
  }

  // Extra objects come after libharu's, in the order they were made.
  int extra_number(int index) const { return static_cast<int>(order_.size()) + 1 + index; }

  // The object's text with the numbers of the objects it refers to put in.
  bool write_extra(std::string& out, const ExtraObjects::Object& object) {
    const std::vector<ExtraObjects::Reference>& references = extra_.references();
    std::size_t copied = 0;
    for (int r = object.first_reference; r >= 0; r = references[static_cast<std::size_t>(r)].next) {
      const ExtraObjects::Reference& reference = references[static_cast<std::size_t>(r)];
      int number = 0;
      if (reference.object) {
        auto found = numbers_.find(const_cast<void*>(reference.object));
        if (found == numbers_.end()) return false;  // an object no libharu path reaches
        number = found->second;
      } else {
        number = extra_number(reference.other);
      }
      out.append(object.text, copied, reference.at - copied);
      char digits[16];
      out.append(digits, std::to_chars(digits, digits + sizeof digits, number).ptr);
      copied = reference.at;
    }
    out.append(object.text, copied);
    return true;
  }

  // A stream as libharu would write it (its filter flags say how), but deflated here, once,
  // with a direct /Length.
  // A stream compressed at the default level; with a memo, not again when a document before
  // had it (a font program, a page that did not change, the object and cross-reference
  // streams of a rebuild that changed no object).
  std::optional<std::string> deflate_stream(const std::string& plain) {
    if (!memo_ || !memo_->streams) return deflater_.deflate(plain, Z_DEFAULT_COMPRESSION);
    return deflate_kept(*memo_, plain, Z_DEFAULT_COMPRESSION,
                        [&] { return deflater_.deflate(plain, Z_DEFAULT_COMPRESSION); });
  }

  bool write_stream_object(std::string& out, int number, HPDF_Dict dict) {
    const HPDF_UINT known = HPDF_STREAM_FILTER_FLATE_DECODE | HPDF_STREAM_FILTER_DCT_DECODE;
    if ((dict->filter & ~known) != 0) return false;
    std::string filters;
    if (dict->filter & HPDF_STREAM_FILTER_FLATE_DECODE) filters += "/FlateDecode";
    if (dict->filter & HPDF_STREAM_FILTER_DCT_DECODE) filters += "/DCTDecode";
    std::optional<std::string> data;
    if ((dict->filter & HPDF_STREAM_FILTER_FLATE_DECODE) && memo_ && memo_->streams) {
      // A stream written before (a font program, a ToUnicode map, a page that did not
      // change) is not compressed again.
      std::string plain;
      plain.reserve(dict->stream->size);
      if (!for_each_buffer(dict->stream, [&](const HPDF_BYTE* bytes, std::size_t length) {
            plain.append(reinterpret_cast<const char*>(bytes), length);
          }))
        return false;
      data = deflate_stream(plain);
    } else if (dict->filter & HPDF_STREAM_FILTER_FLATE_DECODE) {
      data = deflater_.deflate(dict->stream->size, Z_DEFAULT_COMPRESSION,
                               [&](auto take) { return for_each_buffer(dict->stream, take); });
    } else {
      data.emplace();
      data->reserve(dict->stream->size);
      if (!for_each_buffer(dict->stream, [&](const HPDF_BYTE* bytes, std::size_t length) {
            data->append(reinterpret_cast<const char*>(bytes), length);
          }))
        return false;
    }
    if (!data) return false;
    std::string extra;
    if (!filters.empty()) extra += "/Filter" + (filters.find('/', 1) == std::string::npos ? filters : "[" + filters + "]");
    extra += "/Length " + std::to_string(data->size());
    out += std::to_string(number) + " 0 obj\n";
    if (!write_dict(out, dict, extra)) return false;
    out += "\nstream\n";
    out += *data;
    out += "\nendstream\nendobj\n";
    return true;
  }

  HPDF_Doc doc_;
  Deflater deflater_;
  const WriteMemo* memo_;  // streams compressed for documents before, or null
  bool with_id_;     // the trailer gets an /ID
  const ExtraObjects& extra_;  // objects written beside libharu's
  std::unordered_map<void*, int> numbers_;  // object -> its number in the file
  std::vector<void*> order_;                // by number - 1
};

}  // namespace

std::optional<std::string> serialize_pdf(HPDF_Doc doc, const ExtraObjects& extra, bool with_id, WriteWork& work,
                                         const WriteMemo* memo) {
  if (HPDF_GetError(doc) != HPDF_OK) return std::nullopt;
  return Serializer(doc, work, memo, with_id, extra).write();
}

}  // namespace hanji::pdf
