// Tests for the compose module (to be written with the module).
#include <gtest/gtest.h>
