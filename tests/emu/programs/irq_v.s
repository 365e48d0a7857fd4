; V-IRQ on line 100 (see irq_body.inc).
IRQ_MODE = $20
.include "irq_body.inc"
