#ifndef CTESSERA_PNG_H
#define CTESSERA_PNG_H
#include <stdint.h>
#include <stddef.h>
#endif
