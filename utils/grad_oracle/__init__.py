# grad_oracle: the pieces of utils/grad-oracle.py (a PyTorch model of
# tc_tensor programs, and the harness's contract). See grad-oracle.py.
