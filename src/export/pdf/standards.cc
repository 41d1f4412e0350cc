#include "export/pdf/standards.h"

#include <hpdf_utils.h>

#include <chrono>
#include <cstdio>
#include <string>

#include "export/pdf/haru_objects.h"

namespace hanji::pdf {
namespace {

std::string xml_escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string iso_date(long long epoch_seconds) {
  using namespace std::chrono;
  const sys_seconds time{seconds{epoch_seconds}};
  const sys_days day = floor<days>(time);
  const year_month_day date{day};
  const hh_mm_ss clock{time - day};
  char text[32];
  std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02dZ", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                static_cast<int>(clock.hours().count()), static_cast<int>(clock.minutes().count()),
                static_cast<int>(clock.seconds().count()));
  return text;
}

const char* standard_title(doc::PdfStandard standard) {
  switch (standard) {
    case doc::PdfStandard::Ua1: return "PDF/UA-1";
    case doc::PdfStandard::A2b: return "PDF/A-2b";
    case doc::PdfStandard::A2a: return "PDF/A-2a";
    case doc::PdfStandard::None: break;
  }
  return "";
}

bool needs_tags(doc::PdfStandard standard) {
  return standard == doc::PdfStandard::Ua1 || standard == doc::PdfStandard::A2a;
}

}  // namespace

bool is_archival(doc::PdfStandard standard) {
  return standard == doc::PdfStandard::A2b || standard == doc::PdfStandard::A2a;
}

std::string xmp_packet(doc::PdfStandard standard, const InfoValues& info, const std::string& language) {
  std::string x = "<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
                  "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
                  "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
                  "<rdf:Description rdf:about=\"\"\n"
                  " xmlns:dc=\"http://purl.org/dc/elements/1.1/\"\n"
                  " xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\"\n"
                  " xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"";
  if (standard == doc::PdfStandard::Ua1) x += "\n xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\"";
  if (is_archival(standard)) x += "\n xmlns:pdfaid=\"http://www.aiim.org/pdfa/ns/id/\"";
  x += ">\n";
  if (!info.title.empty())
    x += "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">" + xml_escaped(info.title) + "</rdf:li></rdf:Alt></dc:title>\n";
  if (!info.author.empty())
    x += "<dc:creator><rdf:Seq><rdf:li>" + xml_escaped(info.author) + "</rdf:li></rdf:Seq></dc:creator>\n";
  if (!info.subject.empty())
    x += "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">" + xml_escaped(info.subject) +
         "</rdf:li></rdf:Alt></dc:description>\n";
  if (!language.empty()) x += "<dc:language><rdf:Bag><rdf:li>" + xml_escaped(language) + "</rdf:li></rdf:Bag></dc:language>\n";
  if (!info.keywords.empty()) x += "<pdf:Keywords>" + xml_escaped(info.keywords) + "</pdf:Keywords>\n";
  if (!info.producer.empty()) x += "<pdf:Producer>" + xml_escaped(info.producer) + "</pdf:Producer>\n";
  if (!info.creator.empty()) x += "<xmp:CreatorTool>" + xml_escaped(info.creator) + "</xmp:CreatorTool>\n";
  if (info.created) {
    const std::string date = iso_date(*info.created);
    x += "<xmp:CreateDate>" + date + "</xmp:CreateDate>\n<xmp:ModifyDate>" + date + "</xmp:ModifyDate>\n";
  }
  if (standard == doc::PdfStandard::Ua1) x += "<pdfuaid:part>1</pdfuaid:part>\n";
  if (is_archival(standard)) {
    x += "<pdfaid:part>2</pdfaid:part>\n<pdfaid:conformance>";
    x += standard == doc::PdfStandard::A2a ? "A" : "B";
    x += "</pdfaid:conformance>\n";
  }
  x += "</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>";
  return x;
}

bool check_standard(const doc::Document& doc, const doc::PdfOutput& output, bool tagged, Diagnostics& diags) {
  const doc::PdfStandard standard = output.standard;
  if (standard == doc::PdfStandard::None) return true;
  const std::string name = standard_title(standard);
  const Span& where = output.standard_span;
  if (needs_tags(standard) && !tagged) {
    diags.error(where, name + " needs a tagged PDF, and this one would have no structure tree",
                {"drop --untagged or the layout's pdf.tagged: false", "or ask for a-2b, which needs no tags"});
    return false;
  }
  // A glyph the fonts lack is drawn as the empty box of glyph 0, which both standards forbid.
  for (const doc::Page& page : doc.pages)
    for (const doc::PlacedRun& placed : page.runs)
      for (const doc::Glyph& glyph : placed.run.glyphs)
        if (glyph.id == 0) {
          diags.error(placed.run.span,
                      name + " forbids drawing a character no font has: '" + excerpt(placed.run.text) +
                          "' holds one",
                      {"add a font that has it in the layout's fonts.fallback, or change the text"});
          return false;
        }
  return true;
}

bool add_standard_parts(HPDF_Doc pdf, const doc::Document& doc, doc::PdfStandard standard,
                        std::optional<long long> creation_time) {
  if (standard == doc::PdfStandard::None) return true;
  auto info = [&](HPDF_InfoType type) {
    const char* value = HPDF_GetInfoAttr(pdf, type);
    return std::string(value ? value : "");
  };
  const InfoValues values{info(HPDF_INFO_TITLE),   info(HPDF_INFO_AUTHOR),  info(HPDF_INFO_SUBJECT),
                          info(HPDF_INFO_KEYWORDS), info(HPDF_INFO_CREATOR), info(HPDF_INFO_PRODUCER),
                          creation_time};
  // The metadata stays uncompressed, as PDF/A asks, so that any tool finds it.
  HPDF_Dict metadata = new_stream(pdf, xmp_packet(standard, values, doc.meta.language));
  if (!metadata) return false;
  metadata->filter = HPDF_STREAM_FILTER_NONE;
  HPDF_Dict_AddName(metadata, "Type", "Metadata");
  HPDF_Dict_AddName(metadata, "Subtype", "XML");
  HPDF_Dict_Add(pdf->catalog, "Metadata", metadata);
  if (!is_archival(standard)) return HPDF_GetError(pdf) == HPDF_OK;

  HPDF_Dict profile = new_stream(pdf, srgb_profile());
  if (!profile) return false;
  HPDF_Dict_AddNumber(profile, "N", 3);
  HPDF_Dict intent = HPDF_Dict_New(pdf->mmgr);
  HPDF_Dict_AddName(intent, "Type", "OutputIntent");
  HPDF_Dict_AddName(intent, "S", "GTS_PDFA1");
  HPDF_Dict_Add(intent, "OutputConditionIdentifier", HPDF_String_New(pdf->mmgr, "sRGB IEC61966-2.1", nullptr));
  HPDF_Dict_Add(intent, "Info", HPDF_String_New(pdf->mmgr, "sRGB IEC61966-2.1", nullptr));
  HPDF_Dict_Add(intent, "DestOutputProfile", profile);
  HPDF_Array intents = HPDF_Array_New(pdf->mmgr);
  HPDF_Array_Add(intents, intent);
  HPDF_Dict_Add(pdf->catalog, "OutputIntents", intents);
  return HPDF_GetError(pdf) == HPDF_OK;
}

}  // namespace hanji::pdf
