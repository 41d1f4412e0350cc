// Line-break opportunities (private to the text module): UAX #14 from libunibreak 1.1 with
// language "ko", then the Korean tailoring — KLREQ
// line-head and line-end prohibitions, word-unit (eojeol) breaking, Latin tokens kept whole
// (C++, Node.js, v0.9.0), date ranges kept on one line — and the costs of emergency breaks
// inside words that cannot fit a line at all.
#pragma once

#include <vector>

#include "theme/theme.h"
#include "text/paragraph.h"

namespace hanji::text::detail {

/// The position before one char.
struct Boundary {
  bool allowed = false;  // a line may end here
  bool forced = false;   // a line must end here (after a newline)
  int penalty = 0;       // cost of ending a line here, when allowed
  int emergency = 0;     // cost of ending a line here only because the word around it cannot fit
  bool awkward = false;  // such an emergency break would break a KLREQ rule: only if nothing else fits
  /// An emergency break between an address's parts (before "@" or ".", after "-"): only inside a
  /// stretch between slashes that is itself wider than the line; an awkward one (inside a word
  /// of the address) only inside a stretch between such parts still wider than the line.
  bool address_part = false;
  bool hyphen = false;   // a hyphenation point of an English word (hyphenate.cc): a line may end
                         // here with a hyphen drawn after the first part
  /// After the dash of a date range: a line may end here (at `penalty`) only when the
  /// unbreakable stretch around it, the whole range, is wider than the line.
  bool range = false;
  /// Inside a short bracketed group ("(성남시 / 분당구)", "(Seoul / Pangyo)"): a line may end
  /// here as after a range's dash, only when the group is wider than the line; unlike a
  /// range, the group is one piece for the narrowest measure its paragraph can be set in.
  bool in_group = false;
  /// Inside a group of at most kNameGroupChars ("(VDA 6.3)", "(now NVIDIA)"): one piece even
  /// for the least a table column needs (Typesetter::widest_unbreakable, GroupBreaks::Counted).
  bool in_name_group = false;
  /// After a compound's hyphen or slash before a letter ("Long-|Haul", "A350-900/|A330-300"),
  /// not in an address: an emergency break, and for the least a table column needs
  /// (GroupBreaks::Counted) an end of its piece, so a column is not as wide as a whole compound.
  bool compound = false;
  /// A hyphenation point of a word that may end a line only in an emergency, where the word is
  /// wider than the line (any word of Latin letters, capitalised too, whether or not the
  /// layout hyphenates): a line ending here draws a hyphen. Cheaper than a break between
  /// letters ("Ziekenhuis-" / "apotheker", not "Ziekenhuisapoth" / "eker").
  bool hyphen_emergency = false;
  /// Between two letters of a Latin word (not after a compound's hyphen): an emergency break
  /// only inside a part that neither the compound's hyphens nor its hyphenation points leave
  /// narrow enough ("Pkw-" / "Fahrwerktechnik" where that fits, never "Pkw-Fahrw" / "erktechnik").
  bool between_letters = false;
};

/// Breaking inside a word (after a hyphen or slash, or between syllables in character mode)
/// costs a little, so spaces are preferred (xetexko's \XeTeXlinebreakpenalty, TeX's
/// \exhyphenpenalty).
constexpr int kIntraWordPenalty = 50;
/// Ending a line with an inserted hyphen (TeX's \hyphenpenalty).
constexpr int kHyphenPenalty = 50;
/// Ending a line at a hyphenation point of a word wider than the line: dearer than after a
/// compound's hyphen or an address's slash (50, 100), cheaper than between letters (200, 1000).
constexpr int kHyphenEmergency = 150;
/// Ending a line after the dash of a date range ("Aug 2019 –" / "Aug 2021"): only where the
/// range cannot fit on one line (a narrow date column or table cell), never inside one date.
constexpr int kDateRangePenalty = 5000;

/// A bracketed group of at most this many characters, brackets included, stays on one line
/// wherever it fits: a place or a note in brackets is one thing, and its spaces are no place
/// to break a line ("(성남시 /" over "분당구)").
constexpr size_t kShortGroupChars = 24;
/// A group of at most this many characters is a name or a short note ("(VDA 6.3)", "(now
/// NVIDIA)", "(Leeds, UK)", "(경기 안산 반월공단지점)"), which a table column is made wide enough to hold whole; a longer
/// one ("(Juba, South Sudan)", "(preceptorship rotation)") stays whole where it fits, but a
/// column wraps it rather than take from the running text beside it.
constexpr size_t kNameGroupChars = 14;
/// Ending a line inside such a group, where it is wider than the line.
constexpr int kGroupBreakPenalty = 3000;

/// Whether chars [begin, end), one token, read as an address (a URL, an e-mail address,
/// "example.com/path"): its words are never hyphenated, even in an emergency.
bool looks_like_address(const std::u32string& chars, size_t begin, size_t end);

/// boundaries[k] describes the position before char k, for 0 <= k <= text.size().
std::vector<Boundary> find_breaks(const SourceText& text, theme::KoreanBreak mode);

}  // namespace hanji::text::detail
