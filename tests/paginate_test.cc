// Tests for the paginate module (to be written with the module).
#include <gtest/gtest.h>
