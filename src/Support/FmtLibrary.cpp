//===- FmtLibrary.cpp - fmt's compiled part, built from its headers -------===//
//
// Debian's libfmt-dev ships fmt's headers and libfmt.so but no static
// archive, and the machines that run what we carry (the runtime, the
// self-contained gluonc) need not have libfmt.so. Header-only fmt
// (FMT_HEADER_ONLY) would compile fmt's implementation into every file that
// formats, several times the compile time of the plain headers
// (bench/RESULTS.md, "Figures moved out of source comments"). So this one
// file compiles format-inl.h, which defines fmt's non-template functions,
// and instantiates the templates that format.h declares without defining;
// every other file includes the plain headers and links this object
// (GluoncSupport).
//
//===----------------------------------------------------------------------===//

#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {
template FMT_API locale_ref::locale_ref(const std::locale &);
template FMT_API auto locale_ref::get<std::locale>() const -> std::locale;
template FMT_API auto thousands_sep_impl(locale_ref)
    -> thousands_sep_result<char>;
template FMT_API auto decimal_point_impl(locale_ref) -> char;
template FMT_API void vformat_to(buffer<char> &, string_view,
                                 basic_format_args<FMT_BUFFER_CONTEXT(char)>,
                                 locale_ref);
} // namespace detail
FMT_END_NAMESPACE
