// fmt's compiled part (what libfmt.so holds), built into hanji instead of loaded at start:
// a process loading libfmt.so must load the shared C++ runtime as well, and resolving both
// libraries' symbols cost every `hanji build` about two million instructions. The header
// format-inl.h defines fmt's non-template functions; the templates that fmt's headers
// declare without defining are instantiated here for char, the only character type hanji
// formats.
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {

template auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;
template locale_ref::locale_ref(const std::locale& loc);
template auto locale_ref::get<std::locale>() const -> std::locale;
template auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl(locale_ref) -> char;
template void buffer<char>::append(const char*, const char*);
template void vformat_to(buffer<char>&, string_view, basic_format_args<FMT_BUFFER_CONTEXT(char)>, locale_ref);

}  // namespace detail
FMT_END_NAMESPACE
