#include <stdio.h>
int main(void) { puts("z3ed: under construction"); return 0; }
