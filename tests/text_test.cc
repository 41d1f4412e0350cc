// Tests for the text module (to be written with the module).
#include <gtest/gtest.h>
