// Phone numbers in RenderCV's forms (header.phone_format; RenderCV's
// design.header.connections.phone_number_format), through hanji-phone.so: the forms, the home
// country a number without +CC is read in, an invalid number's warning and place, the link.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "engine/engine.h"
#include "repo_data.h"

namespace hanji::engine {
namespace {

namespace fs = std::filesystem;
using test::dump;
using test::repo_dirs;

struct Built {
  std::optional<Rendered> rendered;
  Diagnostics diags;
  std::string phone() const { return contact(model::Contact::Kind::Phone).text.value; }
  std::string link() const { return contact(model::Contact::Kind::Phone).url; }
  model::Contact contact(model::Contact::Kind kind) const {
    if (rendered)
      for (const model::Contact& c : rendered->file.cv.contacts)
        if (c.kind == kind) return c;
    ADD_FAILURE() << "no such contact\n" << dump(diags);
    return {};
  }
};

Built build(const std::string& yaml) {
  const fs::path dir = fs::temp_directory_path() / "hanji_phone_test";
  fs::create_directories(dir);
  std::ofstream(dir / "cv.yaml") << yaml;
  Engine engine(repo_dirs(), Builds::One);
  Built built;
  built.rendered = engine.render_file((dir / "cv.yaml").string(), Request{}, built.diags);
  return built;
}

std::string hanji_cv(const std::string& phone, const std::string& format, const std::string& location = "") {
  return "cv:\n  name: Jane Doe\n" + (location.empty() ? "" : "  location: " + location + "\n") + "  phone: \"" +
         phone + "\"\n" + (format.empty() ? "" : "layout:\n  header:\n    phone_format: " + format + "\n");
}

TEST(PhoneFormat, HanjisLayoutsShowTheNumberAsWritten) {
  Built built = build(hanji_cv("+14155550100", ""));
  ASSERT_TRUE(built.rendered) << dump(built.diags);
  EXPECT_EQ(built.phone(), "+14155550100");
  EXPECT_EQ(built.link(), "tel:+14155550100");
}

TEST(PhoneFormat, TheThreeFormsOfRenderCV) {
  EXPECT_EQ(build(hanji_cv("+14155550100", "national")).phone(), "(415) 555-0100");
  EXPECT_EQ(build(hanji_cv("+14155550100", "international")).phone(), "+1 415-555-0100");
  EXPECT_EQ(build(hanji_cv("+1 (415) 555-0100", "e164")).phone(), "+14155550100");
  EXPECT_EQ(build(hanji_cv("+82 10-1234-5678", "national")).phone(), "010-1234-5678");
}

// A number written without +CC is read as one of the country the location names last (in
// English or in the CV's language), else of the CV's language's country; its link dials +CC.
TEST(PhoneFormat, ANumberWithoutCountryCodeIsReadInTheCvsCountry) {
  Built seoul = build(hanji_cv("010-1234-5678", "international", "Seoul, South Korea"));
  EXPECT_EQ(seoul.phone(), "+82 10-1234-5678") << dump(seoul.diags);
  EXPECT_EQ(seoul.link(), "tel:+821012345678");
  EXPECT_EQ(build(hanji_cv("030 1234567", "international", "Berlin, Germany")).phone(), "+49 30 1234567");
  Built korean = build("locale:\n  language: ko\n" + hanji_cv("010-1234-5678", "international", "서울 마포구"));
  EXPECT_EQ(korean.phone(), "+82 10-1234-5678") << dump(korean.diags);
}

TEST(PhoneFormat, AnInvalidNumberIsAWarningAtItsPlaceAndShownAsWritten) {
  Built built = build(hanji_cv("+1 555", "national"));
  ASSERT_TRUE(built.rendered) << dump(built.diags);
  EXPECT_EQ(built.phone(), "+1 555");
  ASSERT_EQ(built.diags.all().size(), 1u) << dump(built.diags);
  const Diagnostic& warning = built.diags.all().front();
  EXPECT_EQ(warning.severity, Severity::Warning);
  EXPECT_NE(warning.message.find("'+1 555' is not a valid phone number"), std::string::npos) << warning.message;
  EXPECT_EQ(warning.span.line, 3);
  EXPECT_EQ(warning.span.col, 11);  // inside the quotes
  // Without a country code and without a country to read it in, a national number is no number.
  Built nowhere = build(hanji_cv("010-1234-5678", "national"));
  EXPECT_EQ(nowhere.phone(), "010-1234-5678");
  EXPECT_EQ(nowhere.diags.all().size(), 1u) << dump(nowhere.diags);
}

// A RenderCV file (one with design:) gets RenderCV's default, the national form, and its
// phone_number_format key, E164 in RenderCV's capitals.
TEST(PhoneFormat, RenderCVsDesignKeyAndDefault) {
  const std::string cv = "cv:\n  name: Jane Doe\n  phone: \"+14155550100\"\n";
  EXPECT_EQ(build(cv + "design:\n  theme: classic\n").phone(), "(415) 555-0100");
  Built e164 = build(cv + "design:\n  theme: classic\n  header:\n    connections:\n      phone_number_format: E164\n");
  EXPECT_EQ(e164.phone(), "+14155550100") << dump(e164.diags);
  EXPECT_TRUE(e164.diags.all().empty()) << dump(e164.diags);
  Built international =
      build(cv + "design:\n  header:\n    connections:\n      phone_number_format: international\n");
  EXPECT_EQ(international.phone(), "+1 415-555-0100");
  Built wrong = build(cv + "design:\n  header:\n    connections:\n      phone_number_format: local\n");
  EXPECT_EQ(wrong.diags.warning_count(), 1) << dump(wrong.diags);
}

// The JSON Resume reader hands its phone to the same contacts: a layout's form applies.
TEST(PhoneFormat, AJsonResumesPhone) {
  const fs::path dir = fs::temp_directory_path() / "hanji_phone_test";
  fs::create_directories(dir);
  std::ofstream(dir / "resume.json") << R"({"basics": {"name": "Jane Doe", "phone": "+1 415 555 0100"}})";
  Engine engine(repo_dirs(), Builds::One);
  Request request;
  request.read.overrides.push_back({"layout.header.phone_format", "international", "--set layout.header.phone_format"});
  Diagnostics diags;
  std::optional<Rendered> rendered = engine.render_file((dir / "resume.json").string(), request, diags);
  ASSERT_TRUE(rendered) << dump(diags);
  bool found = false;
  for (const model::Contact& c : rendered->file.cv.contacts)
    if (c.kind == model::Contact::Kind::Phone) {
      EXPECT_EQ(c.text.value, "+1 415-555-0100");
      found = true;
    }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace hanji::engine
