// Which addresses become clickable links. A CV's reader clicks its links expecting a web page,
// an email or a call; an address of any other scheme runs code in the viewer (javascript:,
// vbscript:, data:), opens a local file or a network share (file:, smb:) or starts another
// program (ftp:, ...). Such an address stays on the page as plain text. Every place a link is
// made asks here, and the PDF writer asks again before it writes one.
#pragma once

#include <string>
#include <string_view>

namespace hanji {

/// The scheme of `address` in lower case ("https", "javascript"), or "" when it has none: as
/// RFC 3986 spells one, a letter, then letters, digits, '+', '-' or '.', before the first ':'.
/// A host and port ("localhost:3000", "example.com:8080/cv") is not a scheme.
std::string uri_scheme(std::string_view address);

/// http, https, mailto and tel: the schemes hanji makes links to.
bool is_linkable_scheme(std::string_view scheme);

/// True for an address a link may open: a linkable scheme and no control characters.
bool is_linkable_uri(std::string_view uri);

/// What becomes of an address written in a CV.
struct LinkTarget {
  std::string uri;      // what a click opens; "" when the address stays plain text
  std::string problem;  // why it stays plain text ("" when it is linked, or was empty)
  std::string hint;     // what to write instead
};

/// `written` (trimmed of spaces) with a linkable scheme as it is, its scheme in lower case; a
/// bare host name with https:// in front ("example.com/jane"); anything else no link, and why.
LinkTarget link_target(std::string_view written);

/// An address as a CV shows it: a web address without http:// or https:// and trailing
/// slashes ("jane.dev/blog", as RenderCV shows it); any other as written, since it is shown
/// without a link.
std::string shown_address(std::string_view address);

/// `uri` in 7-bit ASCII: bytes beyond it, controls and spaces percent-encoded, the way browsers
/// send a Korean path (a PDF's URI actions must be ASCII; the SVG's links are written the same).
std::string ascii_uri(std::string_view uri);

/// What a written file (PDF, SVG, Markdown) links `uri` to: its ASCII form (ascii_uri) when
/// that is linkable (is_linkable_uri), else "": the one rule every exporter follows.
std::string clickable_uri(std::string_view uri);

/// True for an address without a scheme that starts with a host name ("example.com/jane",
/// "www.example.com:8080"), which https:// in front makes a web address.
bool looks_like_host(std::string_view address);

}  // namespace hanji
