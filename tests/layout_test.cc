// Tests for the layout module (to be written with the module).
#include <gtest/gtest.h>
