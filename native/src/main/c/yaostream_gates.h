/* How each gate op (core's GateOp, 0..18) reads its inputs, for the C walks (free-XOR and prf-only): the kernel's one
 * table of it, as GateOp.freeForm and GateOp.andForm give it (GateTableTest compares the two through
 * NativeBindings.gateForms). */
#ifndef YAOSTREAM_GATES_H
#define YAOSTREAM_GATES_H

#include <stdint.h>

/* Per op (0..18): how a gate reads its inputs. Free gates: FREE_LEFT | FREE_RIGHT | FREE_NOT as in GateOp.freeForm
 * (neither input: a constant); AND-type gates: IS_AND | GateOp.andForm (alpha | beta << 1 | gamma << 2). */
enum { FREE_LEFT = 1, FREE_RIGHT = 2, FREE_NOT = 4, IS_AND = 8 };
enum { OP_XOR = 6 };
#define GATE_FORMS(X)                                                  \
    X(0, 0)                                  /* 0: constant 0 */       \
    X(1, IS_AND | 0)                         /* 1: AND */              \
    X(2, IS_AND | 2)                         /* 2: l AND NOT r */      \
    X(3, FREE_LEFT)                          /* 3: l */                \
    X(4, IS_AND | 1)                         /* 4: NOT l AND r */      \
    X(5, FREE_RIGHT)                         /* 5: r */                \
    X(6, FREE_LEFT | FREE_RIGHT)             /* 6: XOR */              \
    X(7, IS_AND | 7)                         /* 7: OR */               \
    X(8, IS_AND | 3)                         /* 8: NOR */              \
    X(9, FREE_LEFT | FREE_RIGHT | FREE_NOT)  /* 9: XNOR */             \
    X(10, FREE_RIGHT | FREE_NOT)             /* 10: NOT r */           \
    X(11, IS_AND | 5)                        /* 11: l OR NOT r */      \
    X(12, FREE_LEFT | FREE_NOT)              /* 12: NOT l */           \
    X(13, IS_AND | 6)                        /* 13: NOT l OR r */      \
    X(14, IS_AND | 4)                        /* 14: NAND */            \
    X(15, FREE_NOT)                          /* 15: constant 1 */      \
    X(16, FREE_LEFT | FREE_NOT)              /* 16: INV */             \
    X(17, 0)                                 /* 17: ZERO */            \
    X(18, FREE_NOT)                          /* 18: ONE */

#define FORM_ENTRY(op, form) [op] = (form),
static const uint8_t FORM[19] = {GATE_FORMS(FORM_ENTRY)};

#endif
