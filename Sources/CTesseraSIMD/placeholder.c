#include "CTesseraSIMD.h"
