// What yaml-cpp reads from a text, as a string to compare: its parser's events, each with
// its place, or the error and where it is. Events, not a tree: a tree with an alias inside
// itself never ends. Shared by the config tests and the YAML fuzz target, which check that
// what hanji gives yaml-cpp in place of a file reads as the file does.
#pragma once

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include <sstream>
#include <string>

namespace hanji::testing {

class YamlEventRecorder : public YAML::EventHandler {
 public:
  std::string events;

 private:
  void add(const YAML::Mark& mark, const std::string& what) {
    events += std::to_string(mark.line) + ":" + std::to_string(mark.column) + " " + what + "\n";
  }
  void OnDocumentStart(const YAML::Mark& mark) override { add(mark, "document"); }
  void OnDocumentEnd() override { events += "end document\n"; }
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { add(mark, "null &" + std::to_string(anchor)); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override { add(mark, "*" + std::to_string(anchor)); }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor, const std::string& value) override {
    add(mark, "scalar " + tag + " &" + std::to_string(anchor) + " [" + value + "]");
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    add(mark, "sequence " + tag + " &" + std::to_string(anchor));
  }
  void OnSequenceEnd() override { events += "end sequence\n"; }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    add(mark, "map " + tag + " &" + std::to_string(anchor));
  }
  void OnMapEnd() override { events += "end map\n"; }
};

inline std::string yaml_events(const std::string& text) {
  std::istringstream stream(text);
  YamlEventRecorder recorder;
  try {
    YAML::Parser parser(stream);
    // hanji reads one document and looks for a second (yaml-cpp may report endless empty ones).
    for (int documents = 0; documents < 2 && parser.HandleNextDocument(recorder); ++documents) {
    }
    return recorder.events;
  } catch (const YAML::Exception& e) {
    return recorder.events + "error " + std::to_string(e.mark.line) + ":" + std::to_string(e.mark.column) + " " + e.msg;
  }
}

}  // namespace hanji::testing
