ELFgarbage ÿþ not mlir {{{
