// Tests for the cli module (to be written with the module).
#include <gtest/gtest.h>
