// Which spaces stretch and shrink, and by how much (private to the text module). One place, so
// line breaking (which needs the totals) and justification (which hands the slack out) agree.
#pragma once

#include "text/char_class.h"
#include "text/paragraph.h"

namespace hanji::text::detail {

/// Inter-word spaces stretch by half and shrink by a third of their width (TeX's fonts, and
/// luatexko's hangulspaceskip for the Korean font's space).
constexpr double kSpaceStretch = 1.0 / 2;
constexpr double kSpaceShrink = 1.0 / 3;
/// A justified line whose spaces are wider than this (their natural width plus all their
/// stretch) is loose: a list item with such a line is set ragged (text.cc).
constexpr double kLooseSpaceScale = 1 + kSpaceStretch;
/// A justified Korean line that its spaces cannot fill may open each gap between two Hangul
/// syllables by at most this much (em), never next to punctuation or brackets (KLREQ). Korean
/// broken between words is justified at its word spaces, as KLREQ's line adjustment does; a
/// syllable gap takes no more than the eye does not see as letter-spacing: at 0.08 em (0.75 pt
/// at 9.4 pt) every syllable of a serif line stood visibly apart; at 0.03 em a paragraph's
/// line that a long eojeol left short could not be filled (word spaces past twice their width). Far under the gap text
/// extractors read as a word space (poppler and pdfminer: 0.1 em, pdf.js 0.102 em).
constexpr double kHangulGapStretchEm = 0.04;
/// The widest a justified line opens a word space, in ems of its font; a line its spaces
/// cannot fill within that stays short (underfull), as a list item's does. poppler pulls a word
/// into the block of the words before it only within 0.7 em (minColSpacing1): past it, a loose
/// line in a narrow column came apart into one-word blocks, read one word a line.
constexpr double kMaxJustifiedSpaceEm = 0.6;

/// A space a line may break at (U+0020 and friends). A space with a combining mark on it
/// (" \u20D4") is no space but the mark standing alone, which UAX #14 (LB10) sets as a
/// letter: dropped at a line end it would be lost from the text. Inline (as the next): line
/// breaking asks it of every cluster, several times.
inline bool is_space_cluster(const SourceText& text, const Cluster& cluster) {
  if (!cluster.drawn()) return false;
  for (size_t k = cluster.char_begin; k < cluster.char_end; ++k)
    if (!is_breakable_space(text.chars[k])) return false;
  return true;
}
/// Any space that stretches and shrinks in justified text (breakable or no-break).
inline bool is_stretchable_space(const SourceText& text, const Cluster& cluster) {
  return cluster.drawn() && is_space(text.chars[cluster.char_begin]);
}
/// The stretch (pt) of the gap before cluster `c`, 0 unless both sides are Hangul/Hanja letters.
double hangul_gap_stretch(const SourceText& text, const ShapedText& shaped, size_t c);

}  // namespace hanji::text::detail
