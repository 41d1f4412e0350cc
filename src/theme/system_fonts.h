// The fonts installed on the machine, as fontconfig knows them, for a layout that names a font
// by its family ("DejaVu Serif") rather than by its file; the engine also asks it which
// families a RenderCV design may use. The only file that calls fontconfig.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

typedef struct _FcConfig FcConfig;  // fontconfig's own declaration, repeated to keep its header here

namespace hanji::theme {

/// A face wanted for one slot of a layout: a family, and the slot's weight and slant.
struct FontQuery {
  std::string family;
  bool bold = false;
  bool italic = false;
};

/// One installed face, as fontconfig describes it.
struct InstalledFace {
  std::string file;
  int index = 0;            // the face within its file: a collection's face, or a variable font's instance
  std::string family;       // the family name the query matched (a face may have several)
  std::string style;        // "Bold Italic", ...
  std::string format;       // "TrueType", "CFF", ...
  bool bold = false;        // semibold or heavier
  bool italic = false;      // italic or oblique
};

/// One installed family, with whether hanji can embed any of its faces (a TrueType face
/// alone in its file: no collection, no CFF outlines).
struct InstalledFamily {
  std::string name;
  bool embeddable = false;
};

/// The machine's fonts through one fontconfig configuration, loaded on first use (a layout
/// that names only files never loads it) and released with this object. One machine and one
/// configuration give the same face for the same query.
class SystemFonts {
 public:
  SystemFonts();
  ~SystemFonts();
  SystemFonts(const SystemFonts&) = delete;
  SystemFonts& operator=(const SystemFonts&) = delete;

  /// The face fontconfig chooses for the query, only when its family is the one asked for
  /// (ASCII case and spaces ignored, as fontconfig compares families): fontconfig always
  /// answers with some font, and a stand-in is not what the layout named.
  std::optional<InstalledFace> find(const FontQuery& query);
  /// The same family's best face among its TrueType ones, when `find` gave one hanji cannot
  /// embed (a family installed both as .otf and .ttf).
  std::optional<InstalledFace> find_truetype(const FontQuery& query);
  /// Whether `family` is installed: nullopt when not; else whether hanji can embed its
  /// regular face (TrueType, one face per file).
  std::optional<bool> installed(const std::string& family);
  /// Every installed family (all the names each goes by), sorted, each once.
  std::vector<InstalledFamily> families();

 private:
  struct ConfigRelease {
    void operator()(FcConfig* config) const;
  };
  FcConfig* config();
  std::optional<InstalledFace> match(const FontQuery& query, bool truetype_only);
  static void describe_style(FcConfig* fc, InstalledFace& face);

  std::unique_ptr<FcConfig, ConfigRelease> config_;
  bool tried_ = false;  // loading failed once: not tried again
};

}  // namespace hanji::theme
