#include "CTesseraPNG.h"
