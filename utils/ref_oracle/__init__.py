# ref_oracle - the independent oracle behind utils/ref-oracle.py
#
# mlirtext reads the case files, inputs draws arguments, numerics holds exact
# values and rounding, ops_* implement docs/dialects.md §2.2 op by op, interp
# runs a function, contract reads the tolerance file, selfcheck tests the
# rounding. Nothing here imports or calls lib/Reference.
