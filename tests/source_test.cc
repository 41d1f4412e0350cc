// Tests for the source module (to be written with the module).
#include <gtest/gtest.h>
