; HV-IRQ on line 100 at dot 200 (see irq_body.inc).
IRQ_MODE = $30
.include "irq_body.inc"
