// Tests for the pdf module (to be written with the module).
#include <gtest/gtest.h>
