// Tests for the e2e module (to be written with the module).
#include <gtest/gtest.h>
