#include <stdio.h>
int main(int argc, char **argv) { (void)argc; FILE *f = fopen(argv[1], "wb"); if (f) fclose(f); return 0; }
