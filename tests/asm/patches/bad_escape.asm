incsrc "../../../README.md"
